"""Games per second for every registered format: ``python -m rulekeeper.bench``.

Run through ``nox -s bench``, which also times the docs build. Each format plays random
against random from consecutive seeds for a fixed wall-clock budget on one core; the figure is
complete games divided by elapsed time. It is a measurement, not a test: nothing fails on a
slow machine.

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

from rulekeeper.engine.agents import RandomAgent, play
from rulekeeper.games import FORMATS, GameFormat


def engine_build() -> str:
    """Which build of the Risk & Resource engine is imported: ``"interpreted"`` when it runs
    from its Python source, ``"compiled with mypyc"`` when from extension modules.

    >>> engine_build() in ("interpreted", "compiled with mypyc")
    True
    """
    from rulekeeper.riskres import game

    return "interpreted" if game.__file__.endswith(".py") else "compiled with mypyc"


def games_per_second(entry: GameFormat, seconds: float, players: int) -> tuple[int, float]:
    """Play random games of ``entry`` for about ``seconds``; return (games, games per second)."""
    games, seed = 0, 0
    started = time.perf_counter()
    while (elapsed := time.perf_counter() - started) < seconds or games == 0:
        game = entry.new_game(seed, players)
        play(game, [RandomAgent(seed * 7 + seat) for seat in range(players)])
        games, seed = games + 1, seed + 1
    return games, games / elapsed


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
    """Print games per second (or, with ``--fingerprint``, game hashes) for each format and
    player count."""
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
    args = parser.parse_args(argv)
    if args.games < 1:
        parser.error("--games must be at least 1")
    if not args.fingerprint:
        print(f"engine: {engine_build()}", flush=True)
    for entry in FORMATS.values():
        low, high = entry.players
        for players in range(low, high + 1):
            if args.fingerprint:
                digest = fingerprint(entry, args.games, players)
                print(f"{entry.name}, {players} players: {digest}", flush=True)
                continue
            games, rate = games_per_second(entry, args.seconds, players)
            print(
                f"{entry.name}: {rate:.1f} games/s ({games} random-vs-random games, "
                f"{players} players)",
                flush=True,
            )
    return 0


if __name__ == "__main__":  # pragma: no cover
    raise SystemExit(main())
