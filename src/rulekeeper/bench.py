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

It then plays Big Money against Big Money with Smithy (two players, a kingdom with Smithy) on
rulekeeper's Dominion engine and, when it is installed (the bench dependency group pins it), on
pyminion 0.4.0, an engine nobody here wrote: games per second, mean turns and the win split
side by side, the ratio of games per second, and whether the two engines agree
(:func:`compare`). The two engines take turns in blocks of games (:func:`interleave`: 100 of
one, then 100 of the other, the order swapped from one pair of blocks to the next), and each
block is timed by the processor time it used, so that both engines see the same conditions on
a shared machine and other work does not count against either. Each engine plays the same
games as in one long run (rulekeeper's from seeds 0, 1, 2 and so on; pyminion's from the global
random module seeded with 0, its state carried from one block to the next), so the win split
does not depend on the blocks. Besides the ratio of the totals, the report gives the median and
the range of the ratios of the pairs of blocks, which shows how steady the measurement was.

``python -m rulekeeper.bench --fingerprint`` prints instead one hash per format and table size
over the logs and final states of a fixed set of seeded games. A change meant only to make the
engine faster must leave every hash as it was (see the contributor guide).
"""

from __future__ import annotations

import argparse
import hashlib
import math
import statistics
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from rulekeeper.engine.agents import RandomAgent, play
from rulekeeper.engine.game import Action, Game
from rulekeeper.gamediff import play_games
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
    for game in play_games(entry, games, players):
        digest.update(game.log.encode())
        digest.update(game.save.encode())
    return digest.hexdigest()


@dataclass
class Tally:
    """Big Money (first bot) against Big Money with Smithy (second bot) over many games."""

    engine: str
    games: int = 0
    seconds: float = 0.0
    """The processor time the games took (only theirs: each engine's blocks are timed apart)."""
    wins: list[int] = field(default_factory=lambda: [0, 0, 0])
    """Games won by the first bot, by the second, and tied."""
    turns: list[int] = field(default_factory=list)
    """Each game's length: the turns the (first) winner took, as pyminion counts it."""

    def add(self, winners: Sequence[int], turns: int) -> None:
        """Count one game: the winning bots (0 first, 1 second) and its length in turns."""
        self.games += 1
        self.wins[2 if len(winners) > 1 else winners[0]] += 1
        self.turns.append(turns)

    @property
    def rate(self) -> float:
        """Games per second of processor time."""
        return self.games / self.seconds if self.seconds else 0.0

    @property
    def mean_turns(self) -> float:
        """The mean game length in turns."""
        return sum(self.turns) / len(self.turns)

    def line(self) -> str:
        """The tally as one line of the bench's report."""
        split = "/".join(f"{100 * w / self.games:.1f}%" for w in self.wins)
        return (
            f"{self.engine}: {self.rate:.1f} games/s, mean turns {self.mean_turns:.2f}, "
            f"Big Money / Big Money with Smithy / ties {split} ({self.games} games)"
        )


Engine = Callable[[int, Tally], None]
"""One engine's side of the match: ``engine(games, tally)`` plays its next ``games`` games (the
games follow on from the last call's), adds them to ``tally`` and the processor time they took
to ``tally.seconds``."""


def rulekeeper_engine(first_seed: int = 0) -> Engine:
    """The match on rulekeeper's Dominion engine: two-player games of Big Money (seat order
    decided by each game's seed, DM 1.3) against Big Money with Smithy on the kingdom
    ``first-game``, which has Smithy, from seed ``first_seed`` on."""
    from rulekeeper.dominion import KINGDOMS
    from rulekeeper.dominion.agents import BigMoney, BigMoneySmithy
    from rulekeeper.dominion.game import DominionGame

    kingdom, _ = KINGDOMS["first-game"]
    # One game neither counted nor timed: what is loaded on first use is loaded now.
    play(DominionGame.new(kingdom, seed=first_seed, players=2), [BigMoney(), BigMoneySmithy()])
    next_seed = first_seed

    def play_games(games: int, tally: Tally) -> None:
        nonlocal next_seed
        started = time.process_time()
        for seed in range(next_seed, next_seed + games):
            game = DominionGame.new(kingdom, seed=seed, players=2)
            outcome = play(game, [BigMoney(), BigMoneySmithy()])
            tally.add(outcome.winners, game.turns_taken[outcome.winners[0]])
        tally.seconds += time.process_time() - started
        next_seed += games

    return play_games


def rulekeeper_versus(games: int, first_seed: int = 0) -> Tally:
    """Play ``games`` games of the match on rulekeeper's engine (see :func:`rulekeeper_engine`)
    in one go."""
    tally = Tally("rulekeeper")
    rulekeeper_engine(first_seed)(games, tally)
    return tally


def pyminion_engine(seed: int = 0) -> Engine | None:  # pragma: no cover - bench only
    """The same match on pyminion 0.4.0 (its ``BigMoney`` and ``BigMoneySmithy`` bots, the
    Base set with Smithy), or ``None`` if pyminion is not installed. pyminion draws from the
    global random module: it is seeded with ``seed`` once, and its state is put back before
    each call and kept after it, so the games are those of one long run whatever runs between
    the calls."""
    try:
        import logging
        import random

        from pyminion.bots.examples import BigMoney, BigMoneySmithy
        from pyminion.expansions.base import base_set, smithy
        from pyminion.game import Game as PyminionGame
    except ImportError:
        return None

    def one_game() -> tuple[list[int], int]:
        bots = [BigMoney(), BigMoneySmithy()]
        game = PyminionGame(
            players=list(bots), expansions=[base_set], kingdom_cards=[smithy], log_stdout=False
        )
        result = game.play()
        return [bots.index(w) for w in result.winners], result.turns

    logging.disable(logging.INFO)  # pyminion logs every step through the root logger
    one_game()  # neither counted nor timed, and played before the seeding: no game changes
    logging.disable(logging.NOTSET)
    random.seed(seed)
    state = random.getstate()

    def play_games(games: int, tally: Tally) -> None:
        nonlocal state
        logging.disable(logging.INFO)
        random.setstate(state)
        started = time.process_time()
        for _ in range(games):
            winners, turns = one_game()
            tally.add(winners, turns)
        tally.seconds += time.process_time() - started
        state = random.getstate()
        logging.disable(logging.NOTSET)

    return play_games


def pyminion_versus(games: int, seed: int = 0) -> Tally | None:  # pragma: no cover - bench only
    """Play ``games`` games of the match on pyminion 0.4.0 in one go (see
    :func:`pyminion_engine`), or ``None`` if pyminion is not installed."""
    engine = pyminion_engine(seed)
    if engine is None:
        return None
    tally = Tally("pyminion 0.4.0")
    engine(games, tally)
    return tally


VERSUS_BLOCK = 100
"""Games of one engine in a row in the side-by-side, before the other plays as many."""


def interleave(
    games: int, ours: Engine, theirs: Engine, tallies: tuple[Tally, Tally], block: int
) -> list[float]:
    """Play ``games`` games on each engine in alternating blocks of ``block`` (the last may be
    shorter), adding them to ``tallies`` (ours, theirs): ours first in the first pair of blocks,
    theirs first in the next, and so on, so that a change in the machine's speed falls on both
    alike. Returns, for each pair of blocks, the ratio of our games per second to theirs."""
    mine, their_tally = tallies
    ratios = []
    for pair, start in enumerate(range(0, games, block)):
        count = min(block, games - start)
        before = (mine.seconds, their_tally.seconds)
        sides = [(ours, mine), (theirs, their_tally)]
        if pair % 2:
            sides.reverse()
        for engine, tally in sides:
            engine(count, tally)
        our_time, their_time = mine.seconds - before[0], their_tally.seconds - before[1]
        if our_time > 0 and their_time > 0:  # a block too quick for the clock has no ratio
            ratios.append(their_time / our_time)  # the same games each: the ratio of rates
    return ratios


def _normal_p(z: float) -> float:
    """Two-sided p-value of a standard normal statistic."""
    return math.erfc(abs(z) / math.sqrt(2))


def compare(ours: Tally, theirs: Tally) -> list[str]:
    """Do two engines play the same match alike? One line per test, each with its p-value.

    A two-proportion z-test for each share of the win split (first bot wins, second bot wins,
    ties) and Welch's t-test (normal approximation, fine for thousands of games) on the mean
    turns. With four tests at the 1% level, a line marked DIFFERENT points at a rules bug on
    one side; a p-value above 0.01 means the difference is within sampling noise.
    """
    lines = []
    labels = ("Big Money wins", "Big Money with Smithy wins", "ties")
    for index, label in enumerate(labels):
        p1, p2 = ours.wins[index] / ours.games, theirs.wins[index] / theirs.games
        pooled = (ours.wins[index] + theirs.wins[index]) / (ours.games + theirs.games)
        spread = math.sqrt(pooled * (1 - pooled) * (1 / ours.games + 1 / theirs.games))
        z = (p1 - p2) / spread if spread else 0.0
        lines.append(_verdict(f"{label}: {100 * p1:.1f}% vs {100 * p2:.1f}%", z))
    v1, v2 = _variance(ours.turns), _variance(theirs.turns)
    spread = math.sqrt(v1 / ours.games + v2 / theirs.games)
    t = (ours.mean_turns - theirs.mean_turns) / spread if spread else 0.0
    lines.append(_verdict(f"mean turns: {ours.mean_turns:.2f} vs {theirs.mean_turns:.2f}", t))
    return lines


def _variance(values: Sequence[int]) -> float:
    mean = sum(values) / len(values)
    return sum((v - mean) ** 2 for v in values) / max(1, len(values) - 1)


def _verdict(text: str, statistic: float) -> str:
    p = _normal_p(statistic)
    return f"  {text}: p = {p:.3f}, {'agree' if p > 0.01 else 'DIFFERENT'}"


def versus(
    games: int,
    say: Callable[[str], None] = print,
    *,
    block: int = VERSUS_BLOCK,
    opponent: Engine | None = None,
) -> None:
    """Run the side-by-side measurement and report it through ``say``: ``games`` games on each
    engine, in alternating blocks (:func:`interleave`). ``opponent`` stands in for pyminion
    (which is used when it is ``None`` and installed)."""
    say(
        "Big Money vs Big Money with Smithy, 2 players, a kingdom with Smithy "
        f"({games} games each, in alternating blocks of {block}, per second of processor time):"
    )
    ours = Tally("rulekeeper")
    theirs_engine = opponent if opponent is not None else pyminion_engine()
    if theirs_engine is None:
        rulekeeper_engine()(games, ours)
        say("  " + ours.line())
        say("  pyminion is not installed (nox -s bench installs it): no comparison")
        return
    theirs = Tally("pyminion 0.4.0" if opponent is None else "the opponent")
    ratios = interleave(games, rulekeeper_engine(), theirs_engine, (ours, theirs), block)
    say("  " + ours.line())
    say("  " + theirs.line())
    ratio = ours.rate / theirs.rate if theirs.rate else 0.0
    spread = ""
    if ratios:
        ratios.sort()
        spread = (
            f" (pairs of blocks: median {statistics.median(ratios):.2f}, "
            f"{ratios[0]:.2f} to {ratios[-1]:.2f})"
        )
    say(f"  rulekeeper / {theirs.engine} games per second: {ratio:.2f}{spread}")
    for line in compare(ours, theirs):
        say(line)


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
    parser.add_argument(
        "--versus",
        type=int,
        default=2000,
        help="games each engine plays in the Dominion side-by-side (0 skips it; default 2000)",
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
    if not args.fingerprint and args.versus > 0 and (not args.format or "dominion" in args.format):
        versus(args.versus, lambda line: print(line, flush=True))
    return 0


if __name__ == "__main__":  # pragma: no cover
    raise SystemExit(main())
