"""Games and actions per second for every registered format: ``python -m rulekeeper.bench``.

Run through ``nox -s bench``, which also times the docs build. Each format and table size plays
random against random from consecutive seeds for a fixed wall-clock budget on one core. Two
figures come of it: complete games, and actions applied, each divided by the processor time
the process used (on a machine shared with other work, wall-clock time would count theirs).
Games per second compares a format with itself; actions per second compares formats whose
games differ in length (a four-player Stockpile Draft game takes several times the actions of
a two-player Leveler game). It is a measurement, not a test: nothing fails on a slow machine.

The first line says which build of the engine is measured: the plain Python source, or the
optional build compiled with mypyc (see "A compiled engine" in the contributor guide).

``python -m rulekeeper.bench --fingerprint`` prints instead one hash per format and table size
over the logs and final states of a fixed set of seeded games. A change meant only to make the
engine faster must leave every hash as it was (see the contributor guide).
"""

from __future__ import annotations

import argparse
import hashlib
import time
from collections.abc import Sequence
from dataclasses import dataclass

from rulekeeper.engine.agents import RandomAgent, play
from rulekeeper.engine.game import Action, Game
from rulekeeper.games import FORMATS, GameFormat


def engine_build() -> str:
    """Which build of the Risk & Resource engine is imported: ``"interpreted"`` when it runs
    from its Python source, ``"compiled with mypyc"`` when from extension modules.

    >>> engine_build() in ("interpreted", "compiled with mypyc")
    True
    """
    from rulekeeper.riskres import game

    return "interpreted" if game.__file__.endswith(".py") else "compiled with mypyc"


@dataclass(frozen=True)
class Measurement:
    """What one timed run played: whole games, the actions applied in them, and the processor
    time they took."""

    games: int
    actions: int
    seconds: float

    @property
    def games_per_second(self) -> float:
        """Complete games per second of processor time."""
        return self.games / self.seconds

    @property
    def actions_per_second(self) -> float:
        """Actions applied per second of processor time, every player's alike."""
        return self.actions / self.seconds

    def __str__(self) -> str:
        return (
            f"{self.games_per_second:.1f} games/s, {self.actions_per_second:,.0f} actions/s "
            f"({self.games} random-vs-random games, {self.actions / self.games:,.0f} actions "
            "a game)"
        )


def measure(entry: GameFormat, seconds: float, players: int) -> Measurement:
    """Play random games of ``entry`` for about ``seconds`` (at least one game, after one that
    is not counted) and count the games and the actions applied in them."""
    games, actions, seed = 0, 0, 0

    def count(_game: Game, _action: Action) -> None:
        nonlocal actions
        actions += 1

    # One untimed game first: loading data and importing modules happen once per process and
    # would otherwise be counted against whichever table is measured first.
    warm_up = entry.new_game(0, players)
    play(warm_up, [RandomAgent(seat) for seat in range(players)])
    # The budget is wall-clock time; the rates divide by the processor time this process used,
    # so that other work on a shared machine does not count against the engine.
    started, cpu_started = time.perf_counter(), time.process_time()
    while time.perf_counter() - started < seconds or games == 0:
        game = entry.new_game(seed, players)
        play(game, [RandomAgent(seed * 7 + seat) for seat in range(players)], on_action=count)
        games, seed = games + 1, seed + 1
    # A floor keeps a game too quick for the clock's resolution from dividing by zero.
    return Measurement(games, actions, max(time.process_time() - cpu_started, 1e-9))


def fingerprint(entry: GameFormat, games: int, players: int) -> str:
    """A SHA-256 over the logs and final saved states of ``games`` random games of ``entry``
    from seeds 0, 1, 2 and so on: equal hashes mean the engine played every game the same.

    >>> from rulekeeper.games import FORMATS
    >>> fingerprint(FORMATS["leveler"], 2, 2) == fingerprint(FORMATS["leveler"], 2, 2)
    True
    """
    digest = hashlib.sha256()
    for seed in range(games):
        game = entry.new_game(seed, players)
        play(game, [RandomAgent(seed * 7 + seat) for seat in range(players)])
        digest.update(str(game.log).encode())
        digest.update(game.dumps().encode())
    return digest.hexdigest()


def main(argv: Sequence[str] | None = None) -> int:
    """Print games and actions per second (or, with ``--fingerprint``, game hashes) for each
    format and player count."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--seconds", type=float, default=5.0, help="time budget per measurement")
    parser.add_argument(
        "--fingerprint",
        action="store_true",
        help="print a hash of seeded games per format instead of timing them",
    )
    parser.add_argument(
        "--games", type=int, default=50, help="games per hash with --fingerprint (default 50)"
    )
    parser.add_argument(
        "--format",
        action="append",
        choices=sorted(FORMATS),
        help="measure only this format (may be repeated; default every format)",
    )
    args = parser.parse_args(argv)
    if args.games < 1:
        parser.error("--games must be at least 1")
    if not args.fingerprint:
        print(f"engine: {engine_build()}", flush=True)
    for entry in FORMATS.values():
        if args.format and entry.key not in args.format:
            continue
        low, high = entry.players
        for players in range(low, high + 1):
            if args.fingerprint:
                digest = fingerprint(entry, args.games, players)
                print(f"{entry.name}, {players} players: {digest}", flush=True)
                continue
            print(f"{entry.name}, {players} players: {measure(entry, args.seconds, players)}")
    return 0


if __name__ == "__main__":  # pragma: no cover
    raise SystemExit(main())
