"""The ``rulekeeper`` command.

Exit codes (documented on the site's command-line page):

====  ==========================================================================
0     success
1     the input breaks the rules (each problem on its own line, with its rule ID)
2     unusable input, output or usage (a clear message, never a traceback)
130   interrupted by Ctrl-C (SIGINT)
====  ==========================================================================
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable, Sequence
from typing import Protocol, TextIO, TypeAlias, cast

from rulekeeper.cli.streams import (
    GuardedStderr,
    complain,
    discard,
    escape_what_cannot_be_encoded,
)
from rulekeeper.errors import RulekeeperError

EXIT_OK = 0
EXIT_BROKEN_RULES = 1
EXIT_UNUSABLE = 2
EXIT_INTERRUPTED = 130
"""Ctrl-C: 128 and the number of SIGINT, as shells report a command that a signal stopped."""

Command = Callable[[argparse.Namespace], int]
# A string: argparse's private generic cannot be subscripted at run time on Python 3.11.
Subcommands: TypeAlias = "argparse._SubParsersAction[argparse.ArgumentParser]"
"""What each command module's ``register`` receives."""


class _Writable(Protocol):
    """Anything argparse prints to: a stream with ``write``."""

    def write(self, text: str, /) -> object: ...


class _Parser(argparse.ArgumentParser):
    """argparse exits with 2 on usage errors already; keep its message short and plain."""

    def error(self, message: str) -> None:  # type: ignore[override]
        self.print_usage(sys.stderr)
        self.exit(EXIT_UNUSABLE, f"rulekeeper: error: {message}\n")

    def _print_message(self, message: str, file: _Writable | None = None) -> None:
        # argparse ignores a failed write; on standard output (--help) let it fail, so that
        # main reports the lost output instead of exiting 0 having written nothing.
        if message and file is not None and file is sys.stdout:
            file.write(message)
        else:
            super()._print_message(message, file)


def build_parser() -> argparse.ArgumentParser:
    """Return the argument parser with every subcommand registered."""
    from rulekeeper.cli import cube, deal, deck, play, replay, rules

    parser = _Parser(prog="rulekeeper", description=__doc__.splitlines()[0])
    commands = cast(
        Subcommands,
        parser.add_subparsers(
            dest="command", required=True, metavar="COMMAND", parser_class=_Parser
        ),
    )
    rules.register(commands)
    deck.register(commands)
    cube.register(commands)
    play.register(commands)
    replay.register(commands)
    deal.register(commands)

    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line and return its exit code.

    Whatever happens to the standard streams, the command ends with its documented exit code
    and at most a one-line message on standard error, never a traceback: characters the
    output's encoding cannot show are written as backslash escapes, and a closed or full
    standard output, or a reader that goes away (a broken pipe), is reported as unusable
    output (exit code 2). A closed or full standard error costs nothing but its own messages
    and the progress bar (:class:`~rulekeeper.cli.streams.GuardedStderr`). Ctrl-C stops the
    command quietly with exit code 130 (:data:`EXIT_INTERRUPTED`).
    """
    for stream in (sys.stdout, sys.stderr):
        escape_what_cannot_be_encoded(stream)
    stderr = sys.stderr
    sys.stderr = cast(TextIO, GuardedStderr(stderr))
    try:
        return _main(argv)
    finally:
        sys.stderr = stderr


def _main(argv: Sequence[str] | None) -> int:
    if sys.stdout is None:  # started with standard output closed (>&-): print writes nowhere
        complain("standard output is closed, so nothing could be written")
        return EXIT_UNUSABLE
    try:
        try:
            status = _run(build_parser().parse_args(argv))
        except SystemExit:  # argparse's usage errors and --help; their output must get out too
            sys.stdout.flush()
            raise
        sys.stdout.flush()
    except KeyboardInterrupt:
        complain("interrupted")
        return EXIT_INTERRUPTED
    except OSError as error:
        # Only writes to standard output can fail here: each command turns a failed read into
        # an InputError, and standard error is guarded.
        discard(sys.stdout)
        if isinstance(error, BrokenPipeError):
            complain("standard output was closed before everything was written (broken pipe)")
        else:
            complain(f"cannot write to standard output: {error.strerror or error}")
        return EXIT_UNUSABLE
    return status


def _run(args: argparse.Namespace) -> int:
    """Run the chosen command; an error of the project's family becomes exit code 2."""
    handler: Command = args.handler
    try:
        return handler(args)
    except RulekeeperError as error:
        complain(str(error))
        return EXIT_UNUSABLE


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
