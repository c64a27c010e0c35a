"""The Legacy banned list: the cards banned by name and the categories banned wholesale.

Leveler bans every card banned in Legacy (LV 1.5), read as the Legacy list as of the date in
the data file, wholesale categories included (LV R4). The list ships as
``data/legacy_banned.json`` with its sources, the date it was checked and the date of the
latest change it records; it is validated when it is loaded.

>>> from rulekeeper.mtg.banlist import legacy_banned_list
>>> from rulekeeper.mtg.carddb import card_index
>>> banned = legacy_banned_list()
>>> banned
<BannedList list='Legacy' effective=2025-11-10 cards=70 categories=4>
>>> cards = card_index()
>>> banned.reason(cards.get("Black Lotus"))
'banned in Legacy'
>>> banned.reason(cards.get("Backup Plan"))
'banned in Legacy: cards with the Conspiracy card type'
>>> banned.reason(cards.get("Lightning Bolt")) is None
True
"""

from __future__ import annotations

import datetime as dt
import os
import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import cache
from importlib import resources
from typing import Any

from rulekeeper.errors import InputError
from rulekeeper.jsondata import parse_json, show
from rulekeeper.mtg.carddb import CardRecord, name_key

FORMAT = "rulekeeper-banned-list"
FORMAT_VERSION = 1
SHIPPED = "legacy_banned.json"
"""The file name of the Legacy banned list in ``rulekeeper/mtg/data``."""

_Fail = Callable[[str], InputError]
_CHANGE_DATE = re.compile(r"^\d{4}-\d{2}(-\d{2})?$")  # A change may be dated to the month only.


@dataclass(frozen=True)
class BanCategory:
    """A family of cards banned wholesale, such as "cards that refer to playing for ante".

    A card belongs to the category if its name is in ``cards``, if it has ``card_type`` among
    its types, or if it carries ``flag`` (see :class:`~rulekeeper.mtg.carddb.CardRecord`).
    """

    id: str
    description: str
    card_type: str = ""
    flag: str = ""
    cards: tuple[str, ...] = ()
    source: str = ""
    _keys: frozenset[str] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "_keys", frozenset(name_key(name) for name in self.cards))

    def has_member(self, card: CardRecord) -> bool:
        """Whether ``card`` belongs to this category."""
        return (
            (bool(self.card_type) and card.has_type(self.card_type))
            or (bool(self.flag) and card.has_flag(self.flag))
            or name_key(card.name) in self._keys
            or any(name_key(face) in self._keys for face in card.faces)
        )


@dataclass(frozen=True)
class Change:
    """One announcement's change to the list: cards (or categories) banned or unbanned."""

    date: str
    banned: tuple[str, ...] = ()
    unbanned: tuple[str, ...] = ()
    banned_categories: tuple[str, ...] = ()


class BannedList:
    """A format's banned list: cards banned by name plus categories banned wholesale."""

    def __init__(
        self,
        name: str,
        cards: Sequence[str],
        categories: Sequence[BanCategory] = (),
        *,
        effective: dt.date,
        checked: dt.date,
        changes: Sequence[Change] = (),
        sources: Sequence[Mapping[str, str]] = (),
        about: str = "",
    ) -> None:
        self.name = name
        self.cards = tuple(cards)
        self.categories = tuple(categories)
        self.effective = effective
        self.checked = checked
        self.changes = tuple(changes)
        self.sources = tuple(dict(source) for source in sources)
        self.about = about
        self._keys = frozenset(name_key(card) for card in self.cards)

    def __repr__(self) -> str:
        return (
            f"<BannedList list={self.name!r} effective={self.effective.isoformat()} "
            f"cards={len(self.cards)} categories={len(self.categories)}>"
        )

    def category_of(self, card: CardRecord) -> BanCategory | None:
        """Return the first wholesale category ``card`` falls in, or ``None``."""
        return next((c for c in self.categories if c.has_member(card)), None)

    def reason(self, card: CardRecord) -> str | None:
        """Say why ``card`` is banned (``"banned in Legacy"`` or the category), or ``None``."""
        if name_key(card.name) in self._keys or any(
            name_key(face) in self._keys for face in card.faces
        ):
            return f"banned in {self.name}"
        category = self.category_of(card)
        return None if category is None else f"banned in {self.name}: {category.description}"

    def is_banned(self, card: CardRecord) -> bool:
        """Whether ``card`` is banned by name or belongs to a banned category."""
        return self.reason(card) is not None

    def is_banned_name(self, name: str) -> bool:
        """Whether ``name`` is banned by name (for names the card index does not know)."""
        return name_key(name) in self._keys

    @classmethod
    def from_path(cls, path: str | os.PathLike[str]) -> BannedList:
        """Load and validate a banned-list file.

        :raises InputError: if the file is missing, unreadable or not a valid banned list.
        """
        where = os.fspath(path)
        try:
            with open(where, encoding="utf-8") as handle:
                text = handle.read()
        except (OSError, UnicodeDecodeError) as error:
            raise InputError(f"cannot read the banned list: {error}", source=where) from None
        return cls.from_json(text, source=where)

    @classmethod
    def from_json(cls, text: str, *, source: str = "") -> BannedList:
        """Parse and validate the text of a banned-list file.

        :raises InputError: if the text is not a valid banned list.
        """
        return _parse(parse_json(text, source=source, what="the banned list"), source)


def _parse(data: object, source: str) -> BannedList:
    """Validate decoded JSON and build the list from it."""

    def fail(message: str) -> InputError:
        return InputError(f"the banned list is not valid: {message}", source=source)

    if not isinstance(data, dict):
        raise fail("it is not a JSON object")
    if data.get("format") != FORMAT or data.get("format_version") != FORMAT_VERSION:
        raise fail(f"expected format {FORMAT!r} version {FORMAT_VERSION}")
    name = _string(data, "list", fail)
    effective = _date(data, "effective", fail)
    checked = _date(data, "checked", fail)
    if checked < effective:
        raise fail("it was checked before its own effective date")
    cards = _strings(data, "cards", fail)
    if len({name_key(card) for card in cards}) != len(cards):
        raise fail("a card is listed twice")
    categories = []
    for number, entry in enumerate(_list(data, "categories", fail), 1):
        if not isinstance(entry, dict):
            raise fail(f"category {number} is not a JSON object")
        category = BanCategory(
            id=_string(entry, "id", fail),
            description=_string(entry, "description", fail),
            card_type=_string(entry, "card_type", fail, required=False),
            flag=_string(entry, "flag", fail, required=False),
            cards=tuple(_strings(entry, "cards", fail, required=False)),
            source=_string(entry, "source", fail),
        )
        if not (category.card_type or category.flag or category.cards):
            raise fail(f"category {category.id!r} says neither which cards nor how to tell")
        categories.append(category)
    ids = [category.id for category in categories]
    if len(set(ids)) != len(ids):
        raise fail("two categories have the same id")
    changes = []
    for entry in _list(data, "changes", fail):
        date = entry.get("date") if isinstance(entry, dict) else None
        if not isinstance(date, str) or not _CHANGE_DATE.match(date):
            raise fail(f"a change has no date of the form YYYY-MM-DD or YYYY-MM: {show(entry)}")
        changes.append(
            Change(
                date=entry["date"],
                banned=tuple(_strings(entry, "banned", fail, required=False)),
                unbanned=tuple(_strings(entry, "unbanned", fail, required=False)),
                banned_categories=tuple(_strings(entry, "banned_categories", fail, required=False)),
            )
        )
    if changes and max(change.date for change in changes) != effective.isoformat():
        raise fail("'effective' is not the date of the latest change")
    sources = _list(data, "sources", fail)
    if not sources or not all(
        isinstance(s, dict) and isinstance(s.get("url"), str) for s in sources
    ):
        raise fail("'sources' must list at least one source with a 'url'")
    return BannedList(
        name,
        cards,
        categories,
        effective=effective,
        checked=checked,
        changes=changes,
        sources=sources,
        about=_string(data, "about", fail, required=False),
    )


def _list(data: Mapping[str, Any], key: str, fail: _Fail) -> list[Any]:
    value = data.get(key)
    if not isinstance(value, list):
        raise fail(f"{key!r} must be a list")
    return value


def _strings(data: Mapping[str, Any], key: str, fail: _Fail, *, required: bool = True) -> list[str]:
    if key not in data and not required:
        return []
    value = _list(data, key, fail)
    if not all(isinstance(item, str) and item.strip() for item in value):
        raise fail(f"{key!r} must be a list of names")
    return value


def _string(data: Mapping[str, Any], key: str, fail: _Fail, *, required: bool = True) -> str:
    value = data.get(key, None if required else "")
    if not isinstance(value, str) or (required and not value.strip()):
        raise fail(f"{key!r} must be a non-empty string")
    return value


def _date(data: Mapping[str, Any], key: str, fail: _Fail) -> dt.date:
    try:
        return dt.date.fromisoformat(_string(data, key, fail))
    except ValueError:
        raise fail(f"{key!r} must be a date of the form YYYY-MM-DD") from None


@cache
def legacy_banned_list(path: str | None = None) -> BannedList:
    """Return the Legacy banned list, loading and validating it on the first call only.

    With no ``path`` this is the list that ships with the package.

    :raises InputError: if the file is missing or not a valid banned list.
    """
    if path is not None:
        return BannedList.from_path(path)
    shipped = resources.files("rulekeeper.mtg") / "data" / SHIPPED
    where = f"rulekeeper/mtg/data/{SHIPPED}"
    try:
        text = shipped.read_text("utf-8")
    except (OSError, UnicodeDecodeError) as error:
        raise InputError(f"cannot read the banned list: {error}", source=where) from None
    return BannedList.from_json(text, source=where)
