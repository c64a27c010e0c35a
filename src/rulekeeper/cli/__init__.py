"""The ``rulekeeper`` command.

Exit codes (documented on the site's command-line page):

====  ==========================================================================
0     success
1     the input breaks the rules (each problem on its own line, with its rule ID)
2     unusable input or usage (a clear message, never a traceback)
====  ==========================================================================
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Callable, Sequence
from typing import TypeAlias, cast

from rulekeeper.errors import RulekeeperError

EXIT_OK = 0
EXIT_BROKEN_RULES = 1
EXIT_UNUSABLE = 2

Command = Callable[[argparse.Namespace], int]
# A string: argparse's private generic cannot be subscripted at run time on Python 3.11.
Subcommands: TypeAlias = "argparse._SubParsersAction[argparse.ArgumentParser]"
"""What each command module's ``register`` receives."""


class _Parser(argparse.ArgumentParser):
    """argparse exits with 2 on usage errors already; keep its message short and plain."""

    def error(self, message: str) -> None:  # type: ignore[override]
        self.print_usage(sys.stderr)
        self.exit(EXIT_UNUSABLE, f"rulekeeper: error: {message}\n")


def build_parser() -> argparse.ArgumentParser:
    """Return the argument parser with every subcommand registered."""
    from rulekeeper.cli import deal, deck, play, rules

    parser = _Parser(prog="rulekeeper", description=__doc__.splitlines()[0])
    commands = cast(
        Subcommands,
        parser.add_subparsers(
            dest="command", required=True, metavar="COMMAND", parser_class=_Parser
        ),
    )
    rules.register(commands)
    deck.register(commands)
    play.register(commands)
    deal.register(commands)

    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line and return its exit code."""
    parser = build_parser()
    args = parser.parse_args(argv)
    handler: Command = args.handler
    try:
        return handler(args)
    except RulekeeperError as error:
        print(f"rulekeeper: {error}", file=sys.stderr)
        return EXIT_UNUSABLE
    except KeyboardInterrupt:
        print("rulekeeper: interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:
        # The reader went away (e.g. piped into head): stop quietly, as Unix tools do.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return EXIT_OK


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
