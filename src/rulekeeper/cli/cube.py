"""``rulekeeper cube check FILE``: can a cube list be played as a Stockpile Draft cube?

A cube list is a decklist of one deck, a card a line as its name alone (as cube sites export
it) or as ``1 Card Name``, with ``#`` comments. Prints
``FILE: usable (N cards)`` and exits 0; or prints each problem on its own line, with its line
number and rule ID, and exits 1; or, if the file cannot be read as a decklist, prints one line
naming the file and the line and exits 2. ``FILE`` may be ``-`` to read standard input. The
checks are :func:`rulekeeper.mtg.cube.check_cube`'s.

>>> from rulekeeper.cli import main
>>> main(["cube", "check", "no-such-cube.txt"])
2
"""

from __future__ import annotations

import argparse

from rulekeeper.cli import Subcommands
from rulekeeper.cli.deck import read_decklist, report
from rulekeeper.mtg.cube import check_cube


def register(commands: Subcommands) -> None:
    """Add the ``cube`` command and its ``check`` subcommand."""
    cube = commands.add_parser(
        "cube", help="check cube lists", description="Check cube lists for Stockpile Draft."
    )
    actions = cube.add_subparsers(dest="cube_command", required=True, metavar="ACTION")
    check = actions.add_parser(
        "check",
        help="check that a cube list can be played as a Stockpile Draft cube",
        description="Check a cube list (a card a line, as 'Card Name' or '1 Card Name'): "
        "at least 150 different "
        "cards, each once, all real Magic cards that the engine plays. Prints 'FILE: usable "
        "(N cards)' and exits 0, or prints each problem with its line and rule ID and exits 1; "
        "exits 2 if the file cannot be read as a list. FILE may be - to read standard input.",
    )
    check.add_argument("file", metavar="FILE", help="the cube list, or - for standard input")
    check.set_defaults(handler=check_cube_command)


def check_cube_command(args: argparse.Namespace) -> int:
    """Check the cube list ``args.file``; return the exit code.

    :raises InputError: if the list cannot be read or parsed (the CLI exits with 2).
    """
    cube = read_decklist(args.file, sub_decks=1, names_alone=True)
    return report(cube, check_cube(cube), verdict="usable")
