"""``rulekeeper play`` and ``rulekeeper simulate``: bot games, one told in full or many counted."""

from __future__ import annotations

import argparse
import multiprocessing
import os
import signal
import statistics
import sys
import time
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import partial
from pathlib import Path
from typing import Any

from tqdm import tqdm

from rulekeeper.cli.human import Human, Quit, Terminal
from rulekeeper.cli.rounds import RoundCounter
from rulekeeper.cli.streams import stderr_usable
from rulekeeper.engine.agents import Agent, play
from rulekeeper.engine.chance import check_seed
from rulekeeper.engine.game import Action, Game, player_names
from rulekeeper.errors import InputError
from rulekeeper.games import FORMATS, GameFormat, game_format
from rulekeeper.notation import describe
from rulekeeper.records import Record

MAX_GAMES = 1_000_000  # a sanity bound on -n; more is almost surely a typo
MAX_JOBS = 1024  # a sanity bound on --jobs


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
            help="a variant of the format's rules, e.g. rr's alliance, bounty or king "
            "(see rulekeeper rule RR 10.4) or dominion-draft's private",
        )
        parser.add_argument(
            "--kingdom",
            default="",
            help="a named kingdom to lay out, e.g. dominion's first-game or interaction "
            "(by default the seed picks one)",
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
    one.add_argument(
        "--record",
        metavar="FILE",
        default=None,
        help="write the game's record to FILE (see rulekeeper replay)",
    )
    one.add_argument(
        "--human",
        metavar="SEAT",
        type=int,
        action="append",
        default=[],
        help="a person plays seat SEAT (1 for Player 1) at the terminal; repeatable",
    )
    many.add_argument("-n", "--games", type=int, default=100, help="number of games")
    many.add_argument("--no-progress", action="store_true", help="hide the progress bar")
    many.add_argument(
        "--jobs",
        type=int,
        default=None,
        help="processes to play the games on (default: one per core); the results are the "
        "same for any number",
    )
    one.set_defaults(handler=play_one)
    many.set_defaults(handler=simulate)


def _setup(args: argparse.Namespace) -> tuple[GameFormat, int]:
    entry = game_format(args.format)
    check_seed(args.seed)
    players = entry.players[0] if args.players is None else args.players
    entry.check_players(players)
    if args.variant in entry.kingdoms and args.variant not in entry.variants and not args.kingdom:
        # The spelling of release 0.1.0, when --variant also named a Dominion kingdom.
        print(
            f"rulekeeper: --variant {args.variant} is deprecated: a named kingdom is chosen "
            f"with --kingdom {args.variant}",
            file=sys.stderr,
        )
        args.kingdom, args.variant = args.variant, ""
    entry.check_choices(args.variant, args.kingdom)
    return entry, players


def _choices(args: argparse.Namespace) -> str:
    """The variant and the named kingdom asked for, as the heading of a game or a summary
    names them (``""`` for neither)."""
    chosen = [
        f"{what} {value}"
        for what, value in (("variant", args.variant), ("kingdom", args.kingdom))
        if value
    ]
    return "".join(f", {choice}" for choice in chosen)


def _starter(entry: GameFormat, args: argparse.Namespace, players: int) -> Callable[[int], Game]:
    """How to start the game of a seed: the format's own setup, or one cut from ``--cube``.

    :raises InputError: if the format is not played from a cube, or the cube is unusable.
    """
    if args.cube is None:
        return lambda seed: entry.new_game(seed, players, args.variant, args.kingdom)
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
    """Play one game and print its log and result; with ``--record``, write its record; with
    ``--human``, a person plays those seats at the terminal."""
    entry, players = _setup(args)
    for seat in args.human:
        if not 1 <= seat <= players:
            raise InputError(f"--human {seat}: the seats are 1 to {players}")
    game = _starter(entry, args, players)(args.seed)
    agents = _agents(entry, args.agents, players, args.seed)
    terminal = Terminal(game, sys.stdin, sys.stdout, [seat - 1 for seat in args.human])
    for seat in args.human:
        agents[seat - 1] = Human(terminal, seat - 1)
    record = Record(
        entry.key, players=players, seed=args.seed, variant=args.variant, kingdom=args.kingdom
    )
    if args.cube is not None:
        from rulekeeper.mtg.cube import read_cube

        record.cube = read_cube(args.cube).names

    def note(game: Game, action: Action) -> None:
        record.moves.append(describe(game, action))

    print(f"{entry.name}, seed {args.seed}, {players} players{_choices(args)}")
    try:
        outcome = play(game, agents, on_action=note)
    except Quit as stop:
        print("the game is stopped")
        if stop.record or args.record:
            record.result = "unfinished"
            _write_record(stop.record or args.record, record)
        return 0
    # Where a person plays, the log has been shown as it happened: what is left is the end.
    print(terminal.news())
    result = outcome.describe(player_names(game))
    print(f"result: {result}")
    if args.record:
        record.result = result
        _write_record(args.record, record)
    return 0


def _write_record(path: str, record: Record) -> None:
    """Write ``record`` to ``path``.

    :raises InputError: if the file cannot be written (exit code 2).
    """
    try:
        Path(path).write_text(record.text(), encoding="utf-8")
    except OSError as error:
        raise InputError(
            f"cannot write the record: {error.strerror or error}", source=path
        ) from None


@dataclass(frozen=True)
class GameSummary:
    """What ``simulate`` keeps of one game: small, so that a worker process sends it back
    cheaply."""

    winners: tuple[int, ...]
    ending: str
    """The rule that ended the game."""
    causes: tuple[str, ...]
    """The rules by which players lost."""
    turns: int
    rounds: int
    names: tuple[str, ...]


@dataclass(frozen=True)
class SimulationSpec:
    """Everything a worker needs to play the games of a seed: plain data, so that it pickles."""

    format_key: str
    players: int
    variant: str
    kingdom: str
    agents: str
    cube: tuple[str, ...] | None


# Set once in each worker process by _start_worker (and in this one when it plays alone): the
# game starter is built once per process, not once per game.
_WORKER: dict[str, Any] = {}


def _start_worker(spec: SimulationSpec) -> None:
    entry = game_format(spec.format_key)
    if spec.cube is None:
        _WORKER["start"] = partial(_new_game, entry, spec.players, spec.variant, spec.kingdom)
    else:
        from_cube = entry.new_game_from_cube
        assert from_cube is not None  # checked by _starter before any worker starts
        _WORKER["start"] = partial(_game_from_cube, from_cube, spec.players, spec.cube)
    _WORKER["spec"], _WORKER["entry"] = spec, entry


def _new_game(entry: GameFormat, players: int, variant: str, kingdom: str, seed: int) -> Game:
    return entry.new_game(seed, players, variant, kingdom)


def _game_from_cube(
    from_cube: Callable[[int, int, Sequence[str]], Game],
    players: int,
    cube: Sequence[str],
    seed: int,
) -> Game:
    return from_cube(seed, players, cube)


def play_seed(seed: int) -> GameSummary:
    """Play the game of ``seed`` as the worker's spec says and summarise it."""
    spec: SimulationSpec = _WORKER["spec"]
    game: Game = _WORKER["start"](seed)
    counter = RoundCounter()
    outcome = play(
        game, _agents(_WORKER["entry"], spec.agents, spec.players, seed), on_action=counter
    )
    return GameSummary(
        winners=tuple(outcome.winners),
        ending=outcome.reason_rule,
        causes=tuple(outcome.causes),
        turns=int(getattr(game, "turn", 0)),
        rounds=counter.rounds,
        names=tuple(player_names(game)),
    )


def play_games(
    spec: SimulationSpec, seeds: Sequence[int], *, jobs: int, progress: bool = False
) -> list[GameSummary]:
    """Play the game of every seed, on ``jobs`` processes (1: in this one), and return their
    summaries in seed order: the same whatever the number of processes."""
    bar = partial(
        tqdm,
        total=len(seeds),
        desc=spec.format_key,
        unit="game",
        disable=not progress,
        file=sys.stderr,
    )
    if jobs <= 1 or len(seeds) <= 1:
        _start_worker(spec)
        return list(bar(map(play_seed, seeds)))
    # Games in chunks, so that a process is not handed one tiny game at a time; map keeps the
    # seed order.
    chunk = max(1, min(16, len(seeds) // (jobs * 4)))
    # Ctrl-C is the parent's to handle: the workers ignore it, and leaving the block (on
    # Ctrl-C too) terminates them, so that none is left playing, or holding the command's
    # output open, after the command has ended.
    with multiprocessing.Pool(jobs, initializer=_start_pool_worker, initargs=(spec,)) as pool:
        return list(bar(pool.imap(play_seed, seeds, chunksize=chunk)))


def _start_pool_worker(spec: SimulationSpec) -> None:
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    _start_worker(spec)


def simulate(args: argparse.Namespace) -> int:
    """Play ``-n`` games from consecutive seeds, on every core, and print a summary."""
    entry, players = _setup(args)
    if not 1 <= args.games <= MAX_GAMES:
        raise InputError(f"-n must be between 1 and {MAX_GAMES}, not {args.games}")
    check_seed(args.seed + args.games - 1)  # the last game's seed must fit too
    jobs = (os.cpu_count() or 1) if args.jobs is None else args.jobs
    if not 1 <= jobs <= MAX_JOBS:
        raise InputError(f"--jobs must be between 1 and {MAX_JOBS}, not {jobs}")
    _starter(entry, args, players)  # refuses a bad --cube before any process starts
    _agents(entry, args.agents, players, args.seed)  # and bad --agents
    cube = None
    if args.cube is not None:
        from rulekeeper.mtg.cube import read_cube

        cube = tuple(read_cube(args.cube).names)
    spec = SimulationSpec(entry.key, players, args.variant, args.kingdom, args.agents, cube)
    started = time.perf_counter()
    seeds = range(args.seed, args.seed + args.games)
    # No bar where standard error is closed or full: it would be drawn for nobody.
    shown = not args.no_progress and stderr_usable()
    games = play_games(spec, seeds, jobs=jobs, progress=shown)
    elapsed = time.perf_counter() - started
    print(summarise(entry, args, players, games))
    processes = "1 process" if jobs == 1 else f"{jobs} processes"
    print(f"  speed: {args.games / elapsed:.1f} games per second on {processes}")
    return 0


def summarise(
    entry: GameFormat, args: argparse.Namespace, players: int, games: Sequence[GameSummary]
) -> str:
    """The summary ``simulate`` prints (but its speed): the winners, how the games ended, their
    mean length and why players lost."""
    wins = Counter(g.winners for g in games)
    names = games[-1].names
    lines = [
        f"{entry.name}: {len(games)} games, {players} players{_choices(args)}, agents {args.agents}"
    ]
    # Single winners in seat order first, then shared wins, then draws.
    for winners, count in sorted(
        wins.items(), key=lambda item: (not item[0], len(item[0]), item[0])
    ):
        label = _result_label(winners, names)
        lines.append(f"  {label}: {count} ({100 * count / len(games):.1f}%)")
    lines.append(f"  mean turns: {statistics.fmean(g.turns for g in games):.1f}")
    lines.append(f"  mean rounds: {statistics.fmean(g.rounds for g in games):.1f}")
    lines.append("  how the games ended:")
    titles = _rule_titles()
    for rule, count in sorted(
        Counter(g.ending for g in games).items(), key=lambda item: (-item[1], item[0])
    ):
        title = f" {titles[rule]}" if rule in titles else ""
        lines.append(f"    {rule}{title}: {count} games ({100 * count / len(games):.1f}%)")
    losses = Counter(cause for g in games for cause in g.causes)
    if losses:
        lines.append("  players lost by rule: " + _tally(losses))
    return "\n".join(lines)


def _rule_titles() -> dict[str, str]:
    """The title of every rule, as the rulebook gives it, or none if the rules text is not
    installed."""
    try:
        from rulekeeper.rulebook import load_rulebook

        return {rule_id: f"({rule.title})" for rule_id, rule in load_rulebook().items()}
    except (OSError, ValueError):
        return {}


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
