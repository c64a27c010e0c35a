"""``rulekeeper deck check --format FORMAT FILE``: is a decklist legal in a format?

Prints ``FILE: legal (100 cards)`` and exits 0; or prints each problem on its own line, with
its rule ID, and exits 1; or, if the file cannot be used as a decklist, prints one line naming
the file and the line and exits 2. ``FILE`` may be ``-`` to read standard input. The formats
with deck rules are Leveler (``leveler``) and Risk & Resource (``rr``, RR R8).

>>> from rulekeeper.cli import main
>>> main(["deck", "check", "--format", "leveler", "no-such-deck.txt"])
2
"""

from __future__ import annotations

import argparse
import sys
from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass

from rulekeeper.cli import EXIT_BROKEN_RULES, EXIT_OK
from rulekeeper.decklist import MAX_BYTES, Decklist, decode_decklist, parse_decklist
from rulekeeper.decklist import read_decklist as read_decklist_file
from rulekeeper.errors import InputError
from rulekeeper.mtg.banlist import legacy_banned_list
from rulekeeper.mtg.carddb import card_index
from rulekeeper.mtg.formats.leveler import deck as leveler
from rulekeeper.riskres import decks as riskres_decks
from rulekeeper.riskres.cards import card_named

STDIN = "-"


@dataclass(frozen=True)
class DeckRules:
    """A format whose decks can be checked: how many sub-decks a list has, and the check,
    which returns the problems to print, one a line."""

    name: str
    sub_decks: int
    check: Callable[[Decklist], Sequence[object]]


def check_leveler(decklist: Decklist) -> Sequence[object]:
    """Check a Leveler deck against the card index and the Legacy banned list."""
    return leveler.check_deck(decklist, card_index(), legacy_banned_list())


def check_risk_and_resource(decklist: Decklist) -> Sequence[object]:
    """Check a Risk & Resource deck (RR R8). Names are matched whatever their case, and a deck
    has no sideboard."""
    problems: list[str] = []
    if decklist.sideboard is not None:
        problems.append(
            f"line {decklist.sideboard.line}: a Risk & Resource deck has no sideboard (RR R8)"
        )
    # Counted, not listed copy by copy: memory follows the number of lines, not the quantities.
    counts: Counter[str] = Counter()
    lines: dict[str, int] = {}
    for entry in decklist.entries():
        name = card_named(entry.name) or entry.name
        counts[name] += entry.quantity
        lines.setdefault(name, entry.line)
    return problems + riskres_decks.check_counts(counts, lines=lines)


DECK_FORMATS: Mapping[str, DeckRules] = {
    "leveler": DeckRules("Leveler", leveler.SUB_DECKS, check_leveler),
    "rr": DeckRules("Risk & Resource", 1, check_risk_and_resource),
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
    return report(decklist, rules.check(decklist), verdict="legal")


def report(listing: Decklist, problems: Sequence[object], *, verdict: str) -> int:
    """Print each problem on its own line after the list's name, or, if there are none, the
    list's ``verdict`` and size; return the exit code (1 with problems, else 0). ``deck
    check`` and ``cube check`` report alike through it."""
    for problem in problems:
        print(f"{listing.source}: {problem}")
    if problems:
        return EXIT_BROKEN_RULES
    print(f"{listing.source}: {verdict} ({listing.size} cards)")
    return EXIT_OK


def read_decklist(file: str, *, sub_decks: int, names_alone: bool = False) -> Decklist:
    """Read a decklist from the path ``file``, or from standard input if it is ``-``
    (``sub_decks`` and ``names_alone`` as :func:`~rulekeeper.decklist.parse_decklist` takes
    them).

    :raises InputError: if the decklist cannot be read or parsed, or standard input is closed.
    """
    if file != STDIN:
        return read_decklist_file(file, sub_decks=sub_decks, names_alone=names_alone)
    source = "<stdin>"
    if sys.stdin is None:  # started with standard input closed (<&-)
        raise InputError("standard input is closed", source=source)
    stream = getattr(sys.stdin, "buffer", None)
    try:
        raw = stream.read(MAX_BYTES + 1) if stream is not None else sys.stdin.read().encode()
    except OSError as error:
        raise InputError(
            f"cannot read standard input: {error.strerror or error}", source=source
        ) from None
    text = decode_decklist(raw, source=source)
    return parse_decklist(text, source=source, sub_decks=sub_decks, names_alone=names_alone)
