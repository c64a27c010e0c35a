"""``rulekeeper deck check --format leveler FILE``: is a decklist legal in a format?

Prints ``FILE: legal (100 cards)`` and exits 0; or prints each problem on its own line, with
its rule ID, and exits 1; or, if the file cannot be used as a decklist, prints one line naming
the file and the line and exits 2. ``FILE`` may be ``-`` to read standard input.

>>> from rulekeeper.cli import main
>>> main(["deck", "check", "--format", "leveler", "no-such-deck.txt"])
2
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable, Mapping
from dataclasses import dataclass

from rulekeeper.cli import EXIT_BROKEN_RULES, EXIT_OK
from rulekeeper.mtg.banlist import BannedList, legacy_banned_list
from rulekeeper.mtg.carddb import CardIndex, card_index
from rulekeeper.mtg.decklist import MAX_BYTES, Decklist, decode_decklist, parse_decklist
from rulekeeper.mtg.decklist import read_decklist as read_decklist_file
from rulekeeper.mtg.formats.leveler import deck as leveler

STDIN = "-"


@dataclass(frozen=True)
class DeckRules:
    """A format whose decks can be checked: its sub-deck count, banned list and checks."""

    name: str
    sub_decks: int
    banned_list: Callable[[], BannedList]
    check: Callable[[Decklist, CardIndex, BannedList], list[leveler.Problem]]


DECK_FORMATS: Mapping[str, DeckRules] = {
    "leveler": DeckRules("Leveler", leveler.SUB_DECKS, legacy_banned_list, leveler.check_deck),
}
"""The formats that have deck rules, by the name ``--format`` takes."""


def register(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add the ``deck`` command and its ``check`` subcommand."""
    deck = commands.add_parser(
        "deck", help="check decklists", description="Check decklists against a format's rules."
    )
    actions = deck.add_subparsers(dest="deck_command", required=True, metavar="ACTION")
    check = actions.add_parser(
        "check",
        help="check that a decklist is legal in a format",
        description="Check that a decklist is legal in a format. Prints 'FILE: legal (N cards)' "
        "and exits 0, or prints each problem with its rule ID and exits 1; exits 2 if the file "
        "cannot be used as a decklist. FILE may be - to read standard input.",
    )
    check.add_argument(
        "--format",
        required=True,
        type=str.casefold,
        choices=sorted(DECK_FORMATS),
        help="the format whose deck rules apply",
    )
    check.add_argument("file", metavar="FILE", help="the decklist, or - for standard input")
    check.set_defaults(handler=check_deck_command)


def check_deck_command(args: argparse.Namespace) -> int:
    """Check the decklist ``args.file`` against ``args.format``; return the exit code.

    :raises InputError: if the decklist cannot be read or parsed (the CLI exits with 2).
    """
    rules = DECK_FORMATS[args.format]
    decklist = read_decklist(args.file, sub_decks=rules.sub_decks)
    problems = rules.check(decklist, card_index(), rules.banned_list())
    for problem in problems:
        print(f"{decklist.source}: {problem}")
    if problems:
        return EXIT_BROKEN_RULES
    print(f"{decklist.source}: legal ({decklist.size} cards)")
    return EXIT_OK


def read_decklist(file: str, *, sub_decks: int) -> Decklist:
    """Read a decklist from the path ``file``, or from standard input if it is ``-``.

    :raises InputError: if the decklist cannot be read or parsed.
    """
    if file != STDIN:
        return read_decklist_file(file, sub_decks=sub_decks)
    source = "<stdin>"
    stream = getattr(sys.stdin, "buffer", None)
    raw = stream.read(MAX_BYTES + 1) if stream is not None else sys.stdin.read().encode()
    return parse_decklist(decode_decklist(raw, source=source), source=source, sub_decks=sub_decks)
