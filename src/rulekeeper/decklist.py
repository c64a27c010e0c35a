"""Plain-text decklists, split into numbered sub-decks.

A decklist is UTF-8 text. Each card line is ``N Card Name`` or ``Nx Card Name``; a heading
``Sub-deck 1`` (any case, with or without a trailing colon) starts a sub-deck; a heading
``Sideboard`` starts a sideboard, which the format's rules may then forbid. Blank lines and
comment lines starting with ``#`` or ``//`` are ignored. A format with a single deck needs no
heading: with ``sub_decks=1``, cards before any heading belong to the deck. A list that may
give names alone (``names_alone=True``, as cube lists do) also takes a card line that is just
the card's name, one copy.

A decklist comes from a user, so it is parsed, never evaluated, and every mistake becomes an
:class:`~rulekeeper.errors.InputError` naming the file and the line.

>>> from rulekeeper.decklist import parse_decklist
>>> deck = parse_decklist('''
... # Burn, with room to grow
... Sub-deck 1:
... 4 Lightning Bolt
... 46x Mountain
... Sub-deck 2
... 30 Mountain
... SUB-DECK 3
... 20 Mountain
... ''', source="burn.txt")
>>> [sub.size for sub in deck.sub_decks]
[50, 30, 20]
>>> deck.sub_decks[0].entries[0]
DeckEntry(quantity=4, name='Lightning Bolt', line=4)
>>> parse_decklist("Sub-deck 1\\n0 Island\\n", source="bad.txt")
Traceback (most recent call last):
...
rulekeeper.errors.InputError: bad.txt:2: quantity 0: a line must hold at least one card
"""

from __future__ import annotations

import os
import re
import stat
from collections.abc import Iterator
from dataclasses import dataclass

from rulekeeper.errors import InputError
from rulekeeper.rules import RuleId

MAX_QUANTITY = 1000
"""The most copies one line may ask for. No deck of any format comes near it; a larger number
is a typo (or a hostile file), and refusing it keeps every later count small."""

MAX_BYTES = 1_000_000
"""The largest decklist file read. A 100-card list is a few kilobytes."""

MAX_LINE = 500
"""The longest line accepted, in characters. The longest card names are under 150."""

SIDEBOARD = 0
"""The ``number`` of the sideboard section."""

# Opening a FIFO for reading waits for a writer unless told not to; the flag is POSIX only, and
# elsewhere there are no FIFOs to open. O_NOCTTY: a terminal given as a file must not become
# the command's controlling terminal.
_DO_NOT_WAIT = getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0)
_HEADING = re.compile(r"^sub-?\s*deck\s*#?\s*(?P<number>[0-9]+)\s*:?$", re.IGNORECASE)
_SIDEBOARD = re.compile(r"^side-?\s*board\s*:?$", re.IGNORECASE)
_QUANTITY = re.compile(r"^(?P<digits>[0-9]+)[xX]?$")
_NUMBERISH = re.compile(r"^[-+]?[0-9]*[.,]?[0-9]+(?:[eE][-+]?[0-9]+)?[xX]?$")


@dataclass(frozen=True)
class Problem:
    """One way a deck or a cube list breaks a rule: the rule's ID, a lowercase message, and
    the line (or 0). Every format's list checks report these, and the command line prints one
    a line."""

    rule: RuleId
    message: str
    line: int = 0

    def __str__(self) -> str:
        where = f"line {self.line}: " if self.line else ""
        return f"{where}{self.message} ({self.rule})"


@dataclass(frozen=True)
class DeckEntry:
    """One card line: ``quantity`` copies of the card called ``name``, on line ``line``."""

    quantity: int
    name: str
    line: int


@dataclass(frozen=True)
class Section:
    """A sub-deck (numbered from 1) or the sideboard (number :data:`SIDEBOARD`)."""

    number: int
    line: int
    entries: tuple[DeckEntry, ...] = ()

    @property
    def size(self) -> int:
        """The number of cards in the section."""
        return sum(entry.quantity for entry in self.entries)

    @property
    def label(self) -> str:
        """``"sub-deck 2"`` or ``"the sideboard"``, for messages."""
        return "the sideboard" if self.number == SIDEBOARD else f"sub-deck {self.number}"


@dataclass(frozen=True)
class Decklist:
    """A parsed decklist: its sub-decks in order, and its sideboard if it has one."""

    source: str
    sub_decks: tuple[Section, ...]
    sideboard: Section | None = None

    @property
    def size(self) -> int:
        """The number of cards in the sub-decks (the sideboard is not part of the deck)."""
        return sum(sub.size for sub in self.sub_decks)

    def entries(self) -> Iterator[DeckEntry]:
        """Every card line of the sub-decks, in sub-deck order."""
        for sub in self.sub_decks:
            yield from sub.entries


def parse_decklist(
    text: str, *, source: str = "<decklist>", sub_decks: int = 3, names_alone: bool = False
) -> Decklist:
    """Parse decklist text holding the sub-decks ``1`` to ``sub_decks``, each exactly once
    (a single deck, ``sub_decks=1``, may leave out its heading).

    With ``names_alone``, a card line may also be a card's name with no count, for one copy:
    the form cube sites export. A line that starts with a number is still read as a count (a
    card whose name starts with one, such as ``+2 Mace``, is written ``1 +2 Mace``), so that
    both forms can be mixed in one list and a mistyped count is not taken for a name.

    :raises InputError: for a line that is neither a heading, a comment nor ``N card name``
        (nor a name alone, where names alone are allowed); a
        quantity that is not a whole number from 1 to :data:`MAX_QUANTITY`; a card before the
        first heading; a sub-deck that is missing, repeated or out of range; or no cards at all.
    """
    sections: dict[int, tuple[int, list[DeckEntry]]] = {}
    current: list[DeckEntry] | None = None
    for number, raw in enumerate(text.splitlines(), 1):
        line = raw.strip()
        if not line or line.startswith(("#", "//")):
            continue
        if len(line) > MAX_LINE:
            raise InputError(
                f"the line is longer than {MAX_LINE} characters", source=source, line=number
            )
        heading = _heading(line, sub_decks, source, number)
        if heading is not None:
            if heading in sections:
                first = sections[heading][0]
                raise InputError(
                    f"{_label(heading)} appears twice (first on line {first})",
                    source=source,
                    line=number,
                )
            current = []
            sections[heading] = (number, current)
            continue
        entry = _card_line(line, source, number, names_alone=names_alone)
        if current is None and sub_decks == 1:
            current = []
            sections[1] = (number, current)
        if current is None:
            raise InputError(
                f"{entry.name!r} comes before the first 'Sub-deck 1' heading",
                source=source,
                line=number,
            )
        current.append(entry)
    if not any(entries for _, entries in sections.values()):
        raise InputError("the decklist has no cards", source=source)
    for wanted in range(1, sub_decks + 1):
        if wanted not in sections:
            raise InputError(
                f"{_label(wanted)} is missing (no 'Sub-deck {wanted}' heading)", source=source
            )
    found = [Section(n, line, tuple(entries)) for n, (line, entries) in sorted(sections.items())]
    sideboard = next((s for s in found if s.number == SIDEBOARD), None)
    return Decklist(source, tuple(s for s in found if s.number != SIDEBOARD), sideboard)


def read_decklist(
    path: str | os.PathLike[str], *, sub_decks: int = 3, names_alone: bool = False
) -> Decklist:
    """Read and parse the decklist file at ``path`` (``sub_decks`` and ``names_alone`` as
    :func:`parse_decklist` takes them).

    :raises InputError: if the file is missing, unreadable, not a regular file (a directory,
        a FIFO, a device), too large, binary, not UTF-8 or empty, or if its text is not a
        valid decklist (see :func:`parse_decklist`).
    """
    where = os.fspath(path)
    raw = read_list_file(where)
    text = decode_decklist(raw, source=where)
    return parse_decklist(text, source=where, sub_decks=sub_decks, names_alone=names_alone)


def read_list_file(path: str) -> bytes:
    """Return the bytes of the list file at ``path`` (at most :data:`MAX_BYTES` and one more,
    so that :func:`decode_decklist` can tell a file that is too large).

    Only a regular file is read. The file is opened without waiting and looked at before
    anything is read: opening a named pipe (FIFO) for reading would otherwise wait forever for
    a writer, and a device may never end. Decklists and cube lists are read through here.

    :raises InputError: if the file is missing, unreadable, a directory or anything else that
        is not a regular file.
    """
    try:
        descriptor = os.open(path, os.O_RDONLY | _DO_NOT_WAIT)
    except FileNotFoundError:
        raise InputError("no such file", source=path) from None
    except PermissionError:
        raise InputError("permission denied", source=path) from None
    except OSError as error:
        raise InputError(f"cannot read the file: {error.strerror or error}", source=path) from None
    mode = os.fstat(descriptor).st_mode
    if not stat.S_ISREG(mode):
        os.close(descriptor)
        if stat.S_ISDIR(mode):
            raise InputError("is a directory, not a decklist file", source=path)
        raise InputError(
            f"is {_kind_of_file(mode)}, not a regular file; give a decklist file, "
            "or - to read standard input",
            source=path,
        )
    # A regular file is read whole whatever the no-wait flag says.
    with open(descriptor, "rb") as handle:
        try:
            return handle.read(MAX_BYTES + 1)
        except OSError as error:
            raise InputError(
                f"cannot read the file: {error.strerror or error}", source=path
            ) from None


def _kind_of_file(mode: int) -> str:
    """What a file that is not a regular file is, for a message."""
    if stat.S_ISFIFO(mode):
        return "a named pipe (FIFO)"
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "a device"
    if stat.S_ISSOCK(mode):
        return "a socket"
    return "a special file"


def decode_decklist(raw: bytes, *, source: str) -> str:
    """Return the text of a decklist file's bytes.

    :raises InputError: if the bytes are too many, binary (hold a NUL byte), not UTF-8, or
        empty.
    """
    if len(raw) > MAX_BYTES:
        raise InputError(
            f"the file is larger than {MAX_BYTES:,} bytes; a decklist is a few kilobytes",
            source=source,
        )
    if not raw.strip():
        raise InputError("the file is empty", source=source)
    if b"\x00" in raw:
        raise InputError("this is a binary file, not a text decklist", source=source)
    try:
        return raw.decode("utf-8-sig")
    except UnicodeDecodeError as error:
        line = raw[: error.start].count(b"\n") + 1
        raise InputError(
            f"the file is not UTF-8 text (byte 0x{raw[error.start]:02x})", source=source, line=line
        ) from None


def _label(number: int) -> str:
    return "the sideboard" if number == SIDEBOARD else f"sub-deck {number}"


def _heading(line: str, sub_decks: int, source: str, number: int) -> int | None:
    """Return the section a heading line starts, or ``None`` if the line is no heading."""
    if _SIDEBOARD.match(line):
        return SIDEBOARD
    match = _HEADING.match(line)
    if match is None:
        return None
    wanted = int(match["number"])
    if sub_decks == 1 and wanted != 1:
        raise InputError(
            "this format's deck is a single deck, with no sub-decks", source=source, line=number
        )
    if not 1 <= wanted <= sub_decks:
        raise InputError(
            f"there is no sub-deck {wanted}; the sub-decks are numbered 1 to {sub_decks}",
            source=source,
            line=number,
        )
    return wanted


def _card_line(line: str, source: str, number: int, *, names_alone: bool) -> DeckEntry:
    """Parse ``N Card Name`` or ``Nx Card Name``, or, with ``names_alone``, ``Card Name``."""
    token, *rest = line.split(maxsplit=1)
    name = " ".join(rest[0].split()) if rest else ""
    match = _QUANTITY.match(token)
    # Where names may stand alone, a count that cannot be one may be the start of a name.
    name_hint = f"; if that is a card's name, write {'1 ' + line!r}" if names_alone else ""
    if match is None:
        if _NUMBERISH.match(token):
            raise InputError(
                f"quantity {token!r} is not a whole number from 1 to {MAX_QUANTITY}{name_hint}",
                source=source,
                line=number,
            )
        if names_alone:
            return DeckEntry(1, " ".join(line.split()), number)
        raise InputError(
            f"expected 'N card name' (e.g. '1 Lightning Bolt'), not {line!r}",
            source=source,
            line=number,
        )
    quantity = int(match["digits"])
    if quantity == 0:
        raise InputError(
            "quantity 0: a line must hold at least one card", source=source, line=number
        )
    if quantity > MAX_QUANTITY:
        raise InputError(
            f"quantity {quantity} is absurd; a line may hold at most {MAX_QUANTITY} cards"
            + name_hint,
            source=source,
            line=number,
        )
    if not name:
        raise InputError(
            f"quantity {quantity} has no card name after it", source=source, line=number
        )
    return DeckEntry(quantity, name, number)
