"""``rulekeeper replay FILE``: play a game record against the rules, printing the log.

Exit codes: 0 the record replays; 1 a move is illegal or the record does not parse (the line,
the move and the rule on standard error); 2 the file cannot be read.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from rulekeeper.engine.game import player_names
from rulekeeper.errors import InputError
from rulekeeper.records import Record, ReplayError, replay


def register(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add the ``replay`` subcommand."""
    parser = commands.add_parser(
        "replay",
        help="replay a game record against the rules and print its log",
        description="Replay a game record (rulekeeper play --record) against the rules and "
        "print its log. Exit codes: 0 it replays, 1 a move breaks the rules or the record "
        "does not parse, 2 the file cannot be read.",
    )
    parser.add_argument("file", help="the record")
    parser.set_defaults(handler=replay_file)


def read_text(path: str) -> str:
    """The text of the file at ``path``.

    :raises InputError: if it cannot be read as UTF-8 text (exit code 2).
    """
    try:
        return Path(path).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as error:
        reason = getattr(error, "strerror", None) or str(error)
        raise InputError(f"cannot read the record: {reason}", source=path) from None


def replay_file(args: argparse.Namespace) -> int:
    """Replay the record and print the log and the result, or the first problem."""
    text = read_text(args.file)
    try:
        record = Record.parse(text, source=args.file)
        game = replay(record, source=args.file)
    except ReplayError as error:
        print(error.game.log)  # the game up to the move refused
        print(f"rulekeeper: {error}", file=sys.stderr)
        return 1
    except InputError as error:
        where = error if error.source else InputError(error.message, source=args.file)
        print(f"rulekeeper: {where}", file=sys.stderr)
        return 1
    print(game.log)
    outcome = game.outcome
    result = outcome.describe(player_names(game)) if outcome else "unfinished"
    print(f"result: {result}")
    return 0
