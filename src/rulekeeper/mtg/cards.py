"""The cards the compact Magic model can play, loaded from ``data/pool.json`` and validated.

Names, costs, types and combat numbers are real card data, read from the card index
(:mod:`rulekeeper.mtg.carddb`; see ``data/SOURCES.md``); each spell's ``effects`` is this
project's encoding of what the card does, carried out by :mod:`rulekeeper.mtg.effects`. The
pool holds no oracle text: :attr:`CardDef.description` says what a card does in the project's
own words, and :attr:`CardDef.reference_url` links to the card's reference page.

>>> from rulekeeper.mtg.cards import card
>>> card("Serra Angel")  # doctest: +NORMALIZE_WHITESPACE
CardDef(name='Serra Angel', cost='{3}{W}{W}', types=('Creature',), power=4, toughness=4,
        keywords=('Flying', 'Vigilance'))
>>> card("lightning bolt").target
'any'
>>> card("Lightning Helix").description
'3 damage to any target; you gain 3 life.'
>>> card("Lightning Helix").reference_url
'https://scryfall.com/search?q=%21%22Lightning+Helix%22'
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import cache
from importlib import resources
from typing import Final

from rulekeeper.errors import InputError
from rulekeeper.jsondata import Where, parse_json, show
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
PERMANENT_TYPES: Final = frozenset(
    {"Artifact", "Battle", "Creature", "Enchantment", "Land", "Planeswalker"}
)
"""Magic's permanent card types: a card of none of them (an instant, a sorcery, Stockpile
Draft's Junk: SD 4.4) is never a permanent."""
REFERENCE_SEARCH = "https://scryfall.com/search?q="
"""Where a card's reference page is found: Scryfall's search for its exact name."""

# How the project words each target kind and recipient when it describes an effect.
_TARGET_WORDS = {
    "any": "any target",
    "creature": "target creature",
    "player": "target player",
    "opponent": "target opponent",
}


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

    mana_cost: ManaCost = field(init=False, repr=False, compare=False)
    """The parsed mana cost."""
    is_creature: bool = field(init=False, repr=False, compare=False)
    """True for a creature card."""
    is_land: bool = field(init=False, repr=False, compare=False)
    """True for a land card."""
    is_instant: bool = field(init=False, repr=False, compare=False)
    """True for an instant card, the one kind of spell cast at any time (MG 3.4)."""

    def __post_init__(self) -> None:
        # Worked out once, when the card is defined, as the engine asks for these all the time:
        # not cached properties (speed guide). A frozen object is set up this way.
        object.__setattr__(self, "mana_cost", ManaCost.parse(self.cost))
        object.__setattr__(self, "is_creature", "Creature" in self.types)
        object.__setattr__(self, "is_land", "Land" in self.types)
        object.__setattr__(self, "is_instant", "Instant" in self.types)

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
        """True if the card is of a permanent type (:data:`PERMANENT_TYPES`), and so stays on
        the battlefield when it resolves; a Junk card is not (SD 4.4)."""
        return any(t in PERMANENT_TYPES for t in self.types)

    @property
    def description(self) -> str:
        """What the card does, in this project's words, built from its encoding: a land's
        mana, a creature's keywords, a spell's effects in order."""
        if self.produces:
            return f"Tap: add one {self.produces} mana."
        if not self.effects:
            return ", ".join(self.keywords)
        target = _TARGET_WORDS.get(self.target or "", "")
        said = "; ".join(_describe(effect, target) for effect in self.effects)
        return f"{said[0].upper()}{said[1:]}."

    @property
    def reference_url(self) -> str:
        """The card's reference page (with its printed text): a search for its exact name."""
        # Imported here: only the site's card pages ask, and in a reader's browser, where the
        # engine's start compiles every module it imports from its source, urllib.parse (which
        # imports ipaddress) would be 8% of the engine's import.
        import urllib.parse

        return REFERENCE_SEARCH + urllib.parse.quote_plus(f'!"{self.name}"')


def _describe(effect: Effect, target: str) -> str:
    """One effect in the project's words, e.g. ``3 damage to any target``."""
    amount = effect.amount
    if effect.kind in ("damage", "destroy"):
        recipient = {"you": "you", "target": target}.get(effect.who, "its controller")
        if effect.kind == "destroy":
            return f"destroy {recipient}"
        return f"{amount} damage to {recipient}"
    you = effect.who == "you"
    subject = "you" if you else target if effect.who == "target" else "its controller"
    cards = "a card" if amount == 1 else f"{amount} cards"
    verbs = {
        "gain": (f"gain {amount} life", f"gains {amount} life"),
        "lose": (f"lose {amount} life", f"loses {amount} life"),
        "draw": (f"draw {cards}", f"draws {cards}"),
        "mill": (f"mill {cards}", f"mills {cards}"),
        "mill_half": ("mill half your library", "mills half their library, rounded down"),
    }[effect.kind]
    return f"{subject} {verbs[0] if you else verbs[1]}"


CARD_FIELDS: Final[Mapping[str, type]] = {
    "name": str,
    "cost": str,
    "supertypes": list,
    "types": list,
    "subtypes": list,
    "produces": str,
    "power": int,
    "toughness": int,
    "keywords": list,
    "effects": list,
    "target": str,
}
"""The fields a card of the pool may have, and the JSON type of each; anything else (oracle
text) is refused."""

EFFECT_FIELDS: Final[Mapping[str, type]] = {"kind": str, "who": str, "amount": int}
"""The fields of an effect, and the JSON type of each; ``kind`` and ``who`` are required."""

_LIMIT = 99  # No card the model plays has a number larger than this.


def parse_card(raw: object, *, source: str = "", number: int = 0) -> CardDef:
    """Check one card of the pool (entry ``number`` of the file ``source``) and build it.

    :raises InputError: naming the file, the card and the field that is wrong.
    """
    if type(raw) is not dict:
        raise InputError(f"card {number} must be an object, not {show(raw)}", source=source)
    name = raw.get("name")
    if type(name) is not str or not name.strip():
        raise InputError(f"card {number} has no name", source=source)
    at = Where(source, f"card {name!r}")
    at.only(raw, CARD_FIELDS)
    for key, kind in CARD_FIELDS.items():
        at.optional(raw, key, kind, None)
    lists = {key: tuple(at.items(raw, key, str)) for key in ("types", "supertypes", "subtypes")}
    keywords = tuple(at.items(raw, "keywords", str))
    effects = []
    for index, effect in enumerate(at.items(raw, "effects", dict)):
        place = at / "effects" / index
        place.only(effect, EFFECT_FIELDS)
        amount = place.optional(effect, "amount", int, 0)
        if not 0 <= amount <= _LIMIT:
            raise (place / "amount").field_error(f"must be from 0 to {_LIMIT}, not {amount}")
        effects.append(
            Effect(place.required(effect, "kind", str), place.required(effect, "who", str), amount)
        )
    for key in ("power", "toughness"):
        if key in raw and not 0 <= raw[key] <= _LIMIT:
            raise (at / key).field_error(f"must be from 0 to {_LIMIT}, not {raw[key]}")
    if "types" not in raw:
        raise (at / "types").field_error("is missing")
    try:
        # Parsed here, so that a bad cost fails at load time and names the field, not in the
        # middle of a game (a CardDef parses its cost again when it is made).
        mana_value = ManaCost.parse(raw.get("cost", "")).mana_value
        if mana_value > _LIMIT:
            raise ValueError(f"a cost of {mana_value} is absurd")
    except ValueError as error:
        raise (at / "cost").error(str(error)) from None
    definition = CardDef(
        name=name,
        cost=raw.get("cost", ""),
        types=lists["types"],
        power=raw.get("power"),
        toughness=raw.get("toughness"),
        keywords=keywords,
        supertypes=lists["supertypes"],
        subtypes=lists["subtypes"],
        produces=raw.get("produces", ""),
        target=raw.get("target"),
        effects=tuple(effects),
    )
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
        raise at.error("; ".join(problems))
    return definition


POOL_FILE: Final = "rulekeeper/mtg/data/pool.json"
"""Where the pool ships, as error messages name it."""


def parse_pool(text: str | bytes, *, source: str = POOL_FILE) -> dict[str, CardDef]:
    """Parse a card pool file: a JSON object with ``about`` and a list of ``cards``.

    :raises InputError: naming the file (and the card and field, where there is one) if the
        file is not valid JSON or a card is malformed or listed twice.
    """
    data = parse_json(text, source=source, what="the card pool")
    if type(data) is not dict or type(data.get("cards")) is not list:
        raise InputError("the card pool must be an object with a list of cards", source=source)
    pool: dict[str, CardDef] = {}
    for number, entry in enumerate(data["cards"], 1):
        definition = parse_card(entry, source=source, number=number)
        if definition.name in pool:
            raise InputError(f"card {definition.name!r} is listed twice", source=source)
        pool[definition.name] = definition
    return pool


@cache
def card_pool() -> dict[str, CardDef]:
    """Every card the model implements, keyed by name.

    :raises InputError: if the data file is malformed.
    """
    return parse_pool((resources.files("rulekeeper.mtg") / "data" / "pool.json").read_bytes())


@cache
def _by_folded_name() -> dict[str, CardDef]:
    return {name.casefold(): definition for name, definition in card_pool().items()}


def card(name: str) -> CardDef:
    """Return the card called ``name`` (case-insensitive): only a card of the pool can be put
    into a game (MG 6.6).

    :raises InputError: if the model does not implement such a card.

    :enforces: MG 6.6
    """
    try:
        return _by_folded_name()[name.casefold().replace("\u2019", "'")]
    except KeyError:
        raise InputError(f"the engine does not implement a card named {name!r} (MG 6.6)") from None
