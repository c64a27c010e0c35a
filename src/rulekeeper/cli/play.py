"""``rulekeeper play`` and ``rulekeeper simulate``: bot games, one told in full or many counted."""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections import Counter
from collections.abc import Callable, Sequence

from tqdm import tqdm

from rulekeeper.engine.agents import Agent, play
from rulekeeper.engine.chance import check_seed
from rulekeeper.engine.game import Game
from rulekeeper.errors import InputError
from rulekeeper.games import FORMATS, GameFormat, game_format

MAX_GAMES = 1_000_000  # a sanity bound on -n; more is almost surely a typo


def register(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add the ``play`` and ``simulate`` subcommands."""
    choices = ", ".join(sorted(FORMATS))
    one = commands.add_parser(
        "play",
        help="play one bot game and print its log",
        description=f"Play one bot game and print a log that cites the rules. Formats: {choices}.",
    )
    many = commands.add_parser(
        "simulate",
        help="play many bot games and summarise them",
        description=f"Play many bot games with a progress bar and print "
        f"a summary. Formats: {choices}.",
    )
    for parser in (one, many):
        parser.add_argument("format", help="format key or rule prefix, e.g. leveler or LV")
        parser.add_argument("--seed", type=int, default=0, help="the first game's seed")
        parser.add_argument("--players", type=int, default=None, help="number of players")
        parser.add_argument(
            "--variant",
            default="",
            help="a variant of the format, e.g. rr's alliance, bounty or king "
            "(see rulekeeper rule RR 10.4)",
        )
        parser.add_argument(
            "--agents",
            default="heuristic",
            help="comma-separated agent per seat (random, heuristic); one name "
            "applies to every seat",
        )
        parser.add_argument(
            "--cube",
            metavar="FILE",
            default=None,
            help="a cube list to cut the game from (stockpile; see rulekeeper cube check)",
        )
    many.add_argument("-n", "--games", type=int, default=100, help="number of games")
    many.add_argument("--no-progress", action="store_true", help="hide the progress bar")
    one.set_defaults(handler=play_one)
    many.set_defaults(handler=simulate)


def _setup(args: argparse.Namespace) -> tuple[GameFormat, int]:
    entry = game_format(args.format)
    check_seed(args.seed)
    low, high = entry.players
    players = low if args.players is None else args.players
    if not low <= players <= high:
        allowed = str(low) if low == high else f"{low} to {high}"
        cited = f" ({entry.players_rule})" if entry.players_rule else ""
        raise InputError(f"{entry.name} is played by {allowed} players, not {players}{cited}")
    if args.variant and args.variant not in entry.variants:
        known = ", ".join(entry.variants) or "none"
        raise InputError(f"{entry.name} has no variant {args.variant!r}; its variants: {known}")
    return entry, players


def _starter(entry: GameFormat, args: argparse.Namespace, players: int) -> Callable[[int], Game]:
    """How to start the game of a seed: the format's own setup, or one cut from ``--cube``.

    :raises InputError: if the format is not played from a cube, or the cube is unusable.
    """
    if args.cube is None:
        return lambda seed: entry.new_game(seed, players, args.variant)
    from_cube = entry.new_game_from_cube
    if from_cube is None:
        raise InputError(f"{entry.name} is not played from a cube; --cube is for stockpile")
    from rulekeeper.mtg.cube import read_cube

    names = read_cube(args.cube).names
    return lambda seed: from_cube(seed, players, names)


def _agents(entry: GameFormat, spec: str, players: int, seed: int) -> list[Agent]:
    names = [n.strip() for n in spec.split(",") if n.strip()]
    if len(names) == 1:
        names *= players
    if len(names) != players:
        raise InputError(f"--agents names {len(names)} agents for {players} players")
    unknown = [n for n in names if n not in entry.agents]
    if unknown:
        raise InputError(
            f"unknown agent {unknown[0]!r}; choose from {', '.join(sorted(entry.agents))}"
        )
    return [entry.agents[name](seed * 101 + seat) for seat, name in enumerate(names)]


def play_one(args: argparse.Namespace) -> int:
    """Play one game and print its log and result."""
    entry, players = _setup(args)
    game = _starter(entry, args, players)(args.seed)
    outcome = play(game, _agents(entry, args.agents, players, args.seed))
    variant = f", variant {args.variant}" if args.variant else ""
    print(f"{entry.name}, seed {args.seed}, {players} players{variant}")
    print(game.log)
    print(f"result: {outcome.describe(game.player_names())}")
    return 0


def simulate(args: argparse.Namespace) -> int:
    """Play ``-n`` games from consecutive seeds and print a summary."""
    entry, players = _setup(args)
    if not 1 <= args.games <= MAX_GAMES:
        raise InputError(f"-n must be between 1 and {MAX_GAMES}, not {args.games}")
    check_seed(args.seed + args.games - 1)  # the last game's seed must fit too
    wins: Counter[tuple[int, ...]] = Counter()
    reasons: Counter[str] = Counter()
    losses: Counter[str] = Counter()
    turns: list[int] = []
    started = time.perf_counter()
    start = _starter(entry, args, players)
    seeds = range(args.seed, args.seed + args.games)
    for seed in tqdm(
        seeds, desc=entry.name, unit="game", disable=args.no_progress, file=sys.stderr
    ):
        game: Game = start(seed)
        outcome = play(game, _agents(entry, args.agents, players, seed))
        wins[outcome.winners] += 1
        names = game.player_names()
        reasons[outcome.reason_rule] += 1
        losses.update(outcome.causes)
        turns.append(getattr(game, "turn", 0))
    elapsed = time.perf_counter() - started
    variant = f", variant {args.variant}" if args.variant else ""
    print(f"{entry.name}: {args.games} games, {players} players{variant}, agents {args.agents}")
    # Single winners in seat order first, then shared wins, then draws.
    for winners, count in sorted(
        wins.items(), key=lambda item: (not item[0], len(item[0]), item[0])
    ):
        label = _result_label(winners, names)
        print(f"  {label}: {count} ({100 * count / args.games:.1f}%)")
    print(f"  mean turns: {statistics.fmean(turns):.1f}")
    print("  game ends by rule: " + _tally(reasons))
    if losses:
        print("  players lost by rule: " + _tally(losses))
    print(f"  speed: {args.games / elapsed:.1f} games per second")
    return 0


def _result_label(winners: Sequence[int], names: Sequence[str]) -> str:
    """How the summary counts one game: by the winner's name (as the log names them), by
    the winners together when they share the win (a Dominion tie on VP and turns, DM 6.3),
    or as a draw when nobody won."""
    if not winners:
        return "draw"
    if len(winners) == 1:
        return f"{names[winners[0]]} wins"
    return f"{', '.join(names[w] for w in winners)} share the win"


def _tally(counts: Counter[str]) -> str:
    """Rules and how often they were cited, most often first (ties in rule order)."""
    ordered = sorted(counts.items(), key=lambda item: (-item[1], item[0]))
    return ", ".join(f"{rule} x{count}" for rule, count in ordered)
