"""The cards the compact Dominion model plays, loaded and validated from ``data/cards.json``.

>>> from rulekeeper.dominion.cards import CARDS, kingdom_cards
>>> smithy = CARDS["Smithy"]
>>> smithy.cost, smithy.types, smithy.set, smithy.edition, smithy.pile
(4, ('Action',), 'Dominion', 2, 10)
>>> CARDS["Gardens"].pile
'victory'
>>> len(kingdom_cards())
36
"""

from __future__ import annotations

import json
import sys
from collections.abc import Mapping
from dataclasses import dataclass, field
from importlib import resources
from typing import Final

from rulekeeper.errors import InputError

KINDS: Final = ("base", "kingdom", "landscape")
"""Base cards are in every game; kingdom cards are picked per game; landscapes lie beside."""

TYPES: Final = frozenset(
    {"Action", "Treasure", "Victory", "Curse", "Attack", "Reaction"}
    | {"Event", "Landmark", "Project", "Way"}
)
"""Card types the model knows (DM 3.1, DM 5.1)."""

LANDSCAPE_TYPES: Final = ("Event", "Landmark", "Project", "Way")
"""The four kinds of landscape (DM 5.1)."""

PILE_RULES: Final = frozenset({"copper", "victory", "province", "curse"})
"""Pile sizes that depend on the number of players, named after the rule that sets them."""

_FIELDS: Final[dict[str, type | tuple[type, ...]]] = {
    "name": str,
    "kind": str,
    "types": list,
    "cost": int,
    "set": str,
    "edition": int,
    "pile": (int, str),
    "summary": str,
    "wiki": str,
}
_REQUIRED: Final = frozenset({"name", "kind", "types", "set", "summary", "wiki"})
WIKI: Final = "https://wiki.dominionstrategy.com/index.php/"


@dataclass(frozen=True)
class CardDef:
    """One card's facts: what it costs, its types, where it comes from and how big its pile is."""

    name: str
    kind: str
    types: tuple[str, ...]
    cost: int | None
    set: str
    edition: int | None
    pile: int | str = 10
    summary: str = field(default="", repr=False, compare=False)
    wiki: str = field(default="", repr=False, compare=False)

    def has_type(self, card_type: str) -> bool:
        """True if the card has ``card_type`` among its types."""
        return card_type in self.types

    @property
    def landscape_type(self) -> str:
        """Event, Landmark, Project or Way for a landscape; ``""`` for a card."""
        if self.kind != "landscape":  # the common case, asked at every buy, answered first
            return ""
        return next((t for t in self.types if t in LANDSCAPE_TYPES), "")


def parse_card(entry: object, where: str) -> CardDef:
    """Check one entry of the data file and return it as a :class:`CardDef`: among other
    things, every type must be one the rules know (DM 3.1).

    :raises InputError: naming the entry and the field that is wrong.

    :enforces: DM 3.1
    """
    if not isinstance(entry, dict):
        raise InputError(f"{where}: a card must be a JSON object")
    unknown = sorted(set(entry) - set(_FIELDS))
    missing = sorted(_REQUIRED - set(entry))
    if unknown or missing:
        raise InputError(f"{where}: unknown fields {unknown}, missing fields {missing}")
    for key, value in entry.items():
        if not isinstance(value, _FIELDS[key]) or isinstance(value, bool):
            raise InputError(f"{where}: field {key!r} has the wrong type: {value!r}")
    # Interned, as names written in the code are (speed guide, "Patterns in the hot code").
    name: str = sys.intern(entry["name"])
    types = tuple(sys.intern(t) for t in entry["types"])
    if entry["kind"] not in KINDS:
        raise InputError(f"{where}: {name}: unknown kind {entry['kind']!r}")
    if not types or any(t not in TYPES for t in types):
        raise InputError(f"{where}: {name}: unknown types {list(types)}")
    pile = entry.get("pile", 10)
    if (isinstance(pile, str) and pile not in PILE_RULES) or (isinstance(pile, int) and pile < 1):
        raise InputError(f"{where}: {name}: bad pile size {pile!r}")
    if entry["wiki"] != WIKI + name.replace(" ", "_"):
        raise InputError(f"{where}: {name}: the wiki link must be its Dominion Strategy page")
    if (entry["kind"] == "landscape") != any(t in LANDSCAPE_TYPES for t in types):
        raise InputError(f"{where}: {name}: only landscapes have a landscape type")
    return CardDef(
        name=name,
        kind=entry["kind"],
        types=types,
        cost=entry.get("cost"),
        set=entry["set"],
        edition=entry.get("edition"),
        pile=pile,
        summary=entry["summary"],
        wiki=entry["wiki"],
    )


def load_cards(text: str, where: str = "cards.json") -> dict[str, CardDef]:
    """Parse and validate the card data, keyed by name.

    :raises InputError: if the text is not valid card data.
    """
    try:
        entries = json.loads(text)
    except json.JSONDecodeError as error:
        raise InputError(f"{where}: not JSON: {error}") from None
    if not isinstance(entries, list):
        raise InputError(f"{where}: expected a list of cards")
    cards: dict[str, CardDef] = {}
    for number, entry in enumerate(entries, 1):
        card = parse_card(entry, f"{where} card {number}")
        if card.name in cards:
            raise InputError(f"{where} card {number}: duplicate name {card.name!r}")
        cards[card.name] = card
    return cards


def _packaged_cards() -> dict[str, CardDef]:
    text = (resources.files("rulekeeper.dominion") / "data" / "cards.json").read_text("utf-8")
    return load_cards(text)


CARD_DICT: Final[dict[str, CardDef]] = _packaged_cards()
"""The very object :data:`CARDS` is, typed as the dict it is for the hot code (speed guide).
Never change it."""
CARDS: Final[Mapping[str, CardDef]] = CARD_DICT
"""Every card by name, in the order of the data file."""


def card(name: str) -> CardDef:
    """The card called ``name``.

    :raises InputError: if the model has no such card.
    """
    try:
        return CARDS[name]
    except KeyError:
        raise InputError(f"unknown Dominion card {name!r} (DM 1.4)") from None


def kingdom_cards() -> list[str]:
    """The names of every kingdom card, in data order."""
    return [c.name for c in CARDS.values() if c.kind == "kingdom"]


def landscapes() -> list[str]:
    """The names of every landscape, in data order."""
    return [c.name for c in CARDS.values() if c.kind == "landscape"]


def base_cards() -> list[str]:
    """The names of the base cards, in data order."""
    return [c.name for c in CARDS.values() if c.kind == "base"]


__all__ = ["CARDS", "CardDef", "card", "kingdom_cards", "landscapes", "load_cards"]
