"""The cards the compact Magic model can play, loaded from ``data/pool.json`` and validated.

Names, costs, types and combat numbers are real card data (see ``data/SOURCES.md``); each
spell's ``effects`` is this project's encoding of its oracle text, carried out by
:mod:`rulekeeper.mtg.effects`.

>>> from rulekeeper.mtg.cards import card
>>> card("Serra Angel")  # doctest: +NORMALIZE_WHITESPACE
CardDef(name='Serra Angel', cost='{3}{W}{W}', types=('Creature',), power=4, toughness=4,
        keywords=('Flying', 'Vigilance'))
>>> card("lightning bolt").target
'any'
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from functools import cache, cached_property
from importlib import resources
from typing import Any

from rulekeeper.errors import InputError
from rulekeeper.mtg.mana import ManaCost

KEYWORDS = frozenset(
    {
        "Flying",
        "Reach",
        "Vigilance",
        "First strike",
        "Double strike",
        "Lifelink",
        "Deathtouch",
        "Haste",
        "Trample",
        "Defender",
        "Can't be blocked",
    }
)
"""The keyword abilities the compact model implements (MG 4)."""

TARGETS = frozenset({"any", "creature", "player", "opponent"})
EFFECT_KINDS = frozenset({"damage", "gain", "lose", "draw", "mill", "mill_half", "destroy"})
WHO = frozenset({"you", "target", "target_controller"})
COLORS = "WUBRGC"


@dataclass(frozen=True)
class Effect:
    """One instruction of a spell: ``kind`` (damage, gain, ...), ``amount`` and ``who``."""

    kind: str
    who: str
    amount: int = 0


@dataclass(frozen=True)
class CardDef:
    """A card's printed characteristics as the model uses them."""

    name: str
    cost: str = ""
    types: tuple[str, ...] = ()
    power: int | None = None
    toughness: int | None = None
    keywords: tuple[str, ...] = ()
    supertypes: tuple[str, ...] = field(default=(), repr=False)
    subtypes: tuple[str, ...] = field(default=(), repr=False)
    produces: str = field(default="", repr=False)
    target: str | None = field(default=None, repr=False)
    effects: tuple[Effect, ...] = field(default=(), repr=False)
    text: str = field(default="", repr=False)

    @cached_property
    def mana_cost(self) -> ManaCost:
        """The parsed mana cost."""
        return ManaCost.parse(self.cost)

    @cached_property
    def is_creature(self) -> bool:
        """True for a creature card."""
        return "Creature" in self.types

    def has_type(self, card_type: str) -> bool:
        """True if the card has ``card_type`` (``"Creature"``, ``"Land"``, ...)."""
        return card_type in self.types

    def has_keyword(self, keyword: str) -> bool:
        """True if the card has the keyword ability ``keyword``."""
        return keyword in self.keywords

    @property
    def is_basic_land(self) -> bool:
        """True for a card with the Basic supertype and the Land type."""
        return "Basic" in self.supertypes and "Land" in self.types

    @property
    def is_permanent(self) -> bool:
        """True if the card stays on the battlefield when it resolves."""
        return not ("Instant" in self.types or "Sorcery" in self.types)


def _card_from_json(raw: dict[str, Any], where: str) -> CardDef:
    name = raw.get("name")
    if not isinstance(name, str) or not name:
        raise InputError("a card has no name", source=where)
    try:
        effects = tuple(
            Effect(e["kind"], e["who"], int(e.get("amount", 0))) for e in raw.get("effects", [])
        )
        definition = CardDef(
            name=name,
            cost=str(raw.get("cost", "")),
            types=tuple(raw["types"]),
            power=raw.get("power"),
            toughness=raw.get("toughness"),
            keywords=tuple(raw.get("keywords", ())),
            supertypes=tuple(raw.get("supertypes", ())),
            subtypes=tuple(raw.get("subtypes", ())),
            produces=str(raw.get("produces", "")),
            target=raw.get("target"),
            effects=effects,
            text=str(raw.get("text", "")),
        )
        definition.mana_cost  # noqa: B018 - parse now so a bad cost fails at load time
    except (KeyError, TypeError, ValueError) as error:
        raise InputError(f"card {name!r} is malformed: {error}", source=where) from None
    problems = [f"unknown keyword {k!r}" for k in definition.keywords if k not in KEYWORDS]
    problems += [f"unknown effect {e.kind!r}" for e in effects if e.kind not in EFFECT_KINDS]
    problems += [f"unknown recipient {e.who!r}" for e in effects if e.who not in WHO]
    if definition.target is not None and definition.target not in TARGETS:
        problems.append(f"unknown target kind {definition.target!r}")
    if "Creature" in definition.types and (
        definition.power is None or definition.toughness is None
    ):
        problems.append("a creature needs power and toughness")
    if "Land" in definition.types and definition.produces not in tuple(COLORS):
        problems.append("a land must produce one colour of mana")
    if any(e.who.startswith("target") for e in effects) and definition.target is None:
        problems.append("an effect refers to a target but the card has none")
    if problems:
        raise InputError(f"card {name!r}: {'; '.join(problems)}", source=where)
    return definition


@cache
def card_pool() -> dict[str, CardDef]:
    """Every card the model implements, keyed by name.

    :raises InputError: if the data file is malformed.
    """
    where = "rulekeeper/mtg/data/pool.json"
    text = (resources.files("rulekeeper.mtg") / "data" / "pool.json").read_text("utf-8")
    try:
        raw = json.loads(text)
        entries = raw["cards"]
    except (json.JSONDecodeError, KeyError, TypeError) as error:
        raise InputError(f"card pool is not valid: {error}", source=where) from None
    pool: dict[str, CardDef] = {}
    for entry in entries:
        definition = _card_from_json(entry, where)
        if definition.name in pool:
            raise InputError(f"card {definition.name!r} is listed twice", source=where)
        pool[definition.name] = definition
    return pool


@cache
def _by_folded_name() -> dict[str, CardDef]:
    return {name.casefold(): definition for name, definition in card_pool().items()}


def card(name: str) -> CardDef:
    """Return the card called ``name`` (case-insensitive).

    :raises InputError: if the model does not implement such a card.
    """
    try:
        return _by_folded_name()[name.casefold().replace("\u2019", "'")]
    except KeyError:
        raise InputError(f"the engine does not implement a card named {name!r}") from None
