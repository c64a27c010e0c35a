"""``rulekeeper replay FILE``: play a game record against the rules, printing the log.

Exit codes: 0 the record replays to the result its header gives (or gives none); 1 a move is
illegal or names no move (the line, the move and the rule on standard error), or the moves
replay to another result than the header's ``Result`` (a record cut short or edited); 2 the
record is unusable: the file cannot be read (not a regular file, too large, not UTF-8) or its
header sets up no game (the header's line on standard error).
"""

from __future__ import annotations

import argparse
import stat
import sys
from pathlib import Path

from rulekeeper.engine.game import player_names
from rulekeeper.errors import InputError
from rulekeeper.records import Record, ReplayError, replay

MAX_RECORD_BYTES = 64 * 1024 * 1024
"""The largest record read. A long game's record is well under a megabyte; reading stops here
rather than wait on a file that never ends."""


def register(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add the ``replay`` subcommand."""
    parser = commands.add_parser(
        "replay",
        help="replay a game record against the rules and print its log",
        description="Replay a game record (rulekeeper play --record) against the rules and "
        "print its log. Exit codes: 0 it replays to the result its header gives, 1 a move "
        "breaks the rules or names no move, or the moves replay to another result than the "
        "header's, 2 the record is unusable (the file cannot be read, or its header sets up "
        "no game: the line is named).",
    )
    parser.add_argument("file", help="the record")
    parser.set_defaults(handler=replay_file)


def read_text(path: str) -> str:
    """The text of the regular file at ``path``, at most :data:`MAX_RECORD_BYTES` long.

    A FIFO, a device or a directory is refused before it is opened for reading: a FIFO with
    no writer would wait forever.

    :raises ~rulekeeper.errors.InputError: if it cannot be read as UTF-8 text (exit code 2).
    """
    try:
        if not stat.S_ISREG(Path(path).stat().st_mode):
            raise InputError("cannot read the record: not a regular file", source=path)
        with Path(path).open("rb") as handle:
            data = handle.read(MAX_RECORD_BYTES + 1)
        if len(data) > MAX_RECORD_BYTES:
            raise InputError(
                f"cannot read the record: larger than {MAX_RECORD_BYTES} bytes", source=path
            )
        return data.decode("utf-8")
    except (OSError, UnicodeDecodeError) as error:
        reason = getattr(error, "strerror", None) or str(error)
        raise InputError(f"cannot read the record: {reason}", source=path) from None


def replay_file(args: argparse.Namespace) -> int:
    """Replay the record and print the log and the result, or the first problem.

    An unusable record (its file or its header) raises
    :class:`~rulekeeper.errors.InputError`, which the
    command line turns into exit code 2.
    """
    text = read_text(args.file)
    record = Record.parse(text, source=args.file)
    try:
        game = replay(record, source=args.file)
    except ReplayError as error:
        print(error.game.log)  # the game up to the move refused
        print(f"rulekeeper: {error}", file=sys.stderr)
        return 1
    print(game.log)
    outcome = game.outcome
    result = outcome.describe(player_names(game)) if outcome else "unfinished"
    print(f"result: {result}")
    disagreement = record.check_result(game)
    if disagreement:
        print(f"rulekeeper: {disagreement}", file=sys.stderr)
        return 1
    return 0
