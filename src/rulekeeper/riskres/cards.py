"""The Risk & Resource card set: definitions loaded from ``data/cards.json`` and validated.

Every card has the characteristics of RR 1.3: a name, a cost in EP, a type and subtype, a text
box, a pitch value of 1 to 3, and (creatures only) power and defense. The file is user-editable
data, so it is checked on load and a bad entry is an :class:`~rulekeeper.errors.InputError`
naming the card, never a traceback.

>>> from rulekeeper.riskres.cards import card
>>> scout = card("Ember Scout")
>>> scout.cost, scout.pitch, scout.power, scout.defense, scout.keywords
(1, 1, 2, 1, ('Fast',))
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import cache, cached_property
from importlib import resources
from typing import Any, Final

from rulekeeper.errors import InputError
from rulekeeper.jsondata import Where, parse_json, show

TYPES: Final = (
    "Creature",
    "Artifact",
    "Enchantment",
    "Landmark",
    "Win Condition",
    "Instant",
    "Sorcery",
)
"""The card types of RR 3; anything else (a planeswalker, say) is rejected (RR R3)."""

PERMANENT_TYPES: Final = TYPES[:5]  # RR 3.1
KEYWORDS: Final = (
    "Fast",
    "Slow",
    "Evasive",
    "Unblockable",
    "Menace",
    "Guardian",
    "Reach",
    "Armored",
    "Deadly",
    "Piercing",
    "Double Strike",
    "Haste",
    "Vigilance",
    "Assembly Line",
)
"""The keywords of RR 6.2 plus haste and vigilance (RR 6.1, 4.5.2) and Assembly Line (RR 1.5)."""

EFFECT_KINDS: Final = (
    "damage",
    "destroy",
    "draw",
    "ep",
    "intel",
    "mill",
    "pump",
    "counters",
    "tap",
    "bounce",
    "scry",
    "win_if",
    "lose_if_library",
    "damage_attackers",
    "risk",
    "sweep",
    "steal_trap",
    "copy_trap",
    "destroy_each",
    "copy_face_down",
    "extra_turn",
)
"""What an effect can do; :mod:`~rulekeeper.riskres.effects` gives each kind its meaning."""

EACH: Final = ("each_opponent", "each_player")
"""Whom an effect with ``players`` applies to, instead of its controller or target: every
opponent, or every player starting with the controller (both in turn order)."""

DURATIONS: Final = ("turn", "combat")
"""How long a pump (``"until"``) lasts: to the end of the turn (the default, RR 4.7.2b) or of
combat (RR 4.5.6a)."""

RISK_OUTCOMES: Final = ("success", "partial", "critical_success", "critical_failure")
"""What a risk lists: the effects of a success, of a near miss, the card's own extra effects on
a natural 20 (RR 7.2i) and its benefit for an opponent on a natural 1 (RR 7.2e)."""

RISK_MODIFIERS: Final = ("bonus", "easier", "reroll")
"""A permanent's ``static`` risk modifiers for its controller's risks: +X to the roll
(RR 7.3a), levels easier (RR 7.3b), and rerolls of a roll that is not a success (RR 7.3c)."""

TARGET_KINDS: Final = ("creature", "permanent", "artifact", "enchantment", "opponent", "player")
RISK_LEVELS: Final = {"low": 6, "medium": 11, "high": 16, "extreme": 19}  # RR 7.1 thresholds
WIN_KINDS: Final = ("artifacts", "creatures", "intel", "ep")
WIN_CHECKS: Final = ("gain_ep",)
"""The moments a Win Condition may name for checking its requirement, besides the usual ones
(RR 9.4c): ``gain_ep`` is "whenever you gain EP"."""


@dataclass(frozen=True)
class Ability:
    """An activated ability: its EP and Intel costs, whether it taps, its speed and effects."""

    ep: int = 0
    intel: int = 0
    tap: bool = False
    speed: str = "instant"
    target: str | None = None
    effects: tuple[Mapping[str, Any], ...] = ()

    @property
    def is_intel(self) -> bool:
        """True for an Intel ability (one with an Intel cost), whose cost escalates (RR 1.4)."""
        return self.intel > 0


TRIGGER_EVENTS: Final = ("beginning_of_combat", "attacks", "blocks", "end_step", "discard", "dies")
"""When a triggered ability triggers: at the beginning of combat or of the end step on its
controller's turn (RR 4.5.1a, RR 4.7.1a), when its creature attacks or blocks (RR 4.5.2d,
RR 4.5.3d), whenever its controller discards a card (in the cleanup step, RR 4.7.2d), or when
its creature dies (RR 13.5c)."""


@dataclass(frozen=True)
class Trigger:
    """A triggered ability: the event it waits for, and what it does."""

    when: str
    target: str | None = None
    effects: tuple[Mapping[str, Any], ...] = ()


@dataclass(frozen=True)
class CardDef:
    """A card's printed characteristics (RR 1.3)."""

    name: str
    types: tuple[str, ...]
    subtype: str
    cost: int
    pitch: int
    text: str
    power: int | None = None
    defense: int | None = None
    keywords: tuple[str, ...] = ()
    armor: int = 0
    legendary: bool = False
    target: str | None = None
    effects: tuple[Mapping[str, Any], ...] = ()
    abilities: tuple[Ability, ...] = ()
    triggers: tuple[Trigger, ...] = ()
    static: Mapping[str, Any] = field(default_factory=dict)
    win: Mapping[str, int] = field(default_factory=dict)
    checks: tuple[str, ...] = ()
    alternative_cost: int | None = None
    risk: Mapping[str, Any] | None = None
    trap: Mapping[str, Any] | None = None
    morph: int | None = None

    def has_type(self, kind: str) -> bool:
        """True if the card is of type ``kind``."""
        return kind in self.types

    def has_keyword(self, keyword: str) -> bool:
        """True if the card has ``keyword`` printed on it."""
        return keyword in self.keywords

    @cached_property
    def is_permanent(self) -> bool:
        """True for creatures, artifacts, enchantments, landmarks and win conditions (RR 3.1)."""
        return any(t in PERMANENT_TYPES for t in self.types)

    @cached_property
    def lowers_defense(self) -> bool:
        """True if a static ability of the card, an Aura's or a global one, lowers defense:
        the one way a creature can reach 0 defense with no counter or effect of its own
        (RR 11.1b)."""
        # The usual card, with no static ability, answered first (speed guide, "A compiled engine").
        if not self.static:
            return False
        return any(self.static.get(kind, {}).get("defense", 0) < 0 for kind in ("aura", "anthem"))

    @cached_property
    def is_aura(self) -> bool:
        """True for an enchantment that attaches to a permanent (RR 3.1.3)."""
        return self.has_type("Enchantment") and "Aura" in self.subtype.split()


CARD_FIELDS: Final = frozenset(
    {
        "name",
        "types",
        "subtype",
        "cost",
        "pitch",
        "text",
        "power",
        "defense",
        "keywords",
        "legendary",
        "target",
        "effects",
        "abilities",
        "triggers",
        "static",
        "win",
        "checks",
        "alternative_cost",
        "risk",
        "trap",
        "morph",
    }
)
"""The fields a card's data may have. Any other is refused: a misspelt field (``"keyword"``)
would otherwise be dropped without a word."""

EFFECT_FIELDS: Final[Mapping[str, type]] = {
    "kind": str,
    "amount": int,
    "amount_of": str,
    "players": str,
    "counter": str,
    "self": bool,
    "power": int,
    "defense": int,
    "until": str,
    "subtype": str,
    "artifacts": int,
    "at_most": int,
    # A risk taken as an effect (RR 7.1): its level, or a choice of levels, and its outcomes.
    "level": str,
    "choice": dict,
    "declared": bool,
    **dict.fromkeys(RISK_OUTCOMES, list),
}
"""The fields an effect may have, and the JSON type of each."""

_EFFECT_NEEDS: Final[Mapping[str, tuple[str, ...]]] = {
    "pump": ("power", "defense"),
    "counters": ("counter",),
    "win_if": ("artifacts",),
    "lose_if_library": ("at_most",),
}
"""The fields an effect of each kind cannot do without."""

COUNTERS: Final = ("+1/+1", "-1/-1")
ABILITY_FIELDS: Final = frozenset({"ep", "intel", "tap", "speed", "target", "effects"})
TRIGGER_FIELDS: Final = frozenset({"when", "target", "effects"})
WHOSE: Final = ("yours", "opponents", "all")
"""Whose permanents or spells a static ability affects."""

_STATIC_FIELDS: Final[Mapping[str, Mapping[str, type]]] = {
    "aura": {"power": int, "defense": int, "keywords": list},
    "anthem": {"power": int, "defense": int, "whose": str},
    "tax": {"amount": int, "whose": str},
    "discount": {"amount": int, "max": int, "types": list, "whose": str},
    "risk": dict.fromkeys(RISK_MODIFIERS, int),
}
"""The static abilities a permanent may have, and the JSON type of each of their fields."""


def _int(at: Where, raw: Mapping[str, Any], key: str, low: int, high: int) -> int:
    """The field ``key`` of the object ``raw`` at ``at``: a whole number from low to high."""
    value = raw.get(key)
    if type(value) is not int or not low <= value <= high:
        raise at.error(f"{key} must be a whole number from {low} to {high}, not {show(value)}")
    return value


def _effects(raw: Any, at: Where) -> tuple[Mapping[str, Any], ...]:
    """Check a list of effects; ``at`` is where the list is."""
    for index in range(len(at.expect(raw, list))):
        effect = at.item(raw, index, dict)
        place = at / index
        place.only(effect, EFFECT_FIELDS)
        for key, json_type in EFFECT_FIELDS.items():
            place.optional(effect, key, json_type, None)
        kind = effect.get("kind")
        if kind not in EFFECT_KINDS:
            raise place.error(f"unknown effect kind {show(kind)}")
        for needed in _EFFECT_NEEDS.get(kind, ()):
            place.required(effect, needed, EFFECT_FIELDS[needed])
        if effect.get("players", "each_opponent") not in EACH:
            raise place.error(f"an effect's players are one of {', '.join(EACH)}")
        if effect.get("amount_of", "power") != "power":
            raise place.error("an amount can be taken only from the source's power")
        if kind == "counters" and effect["counter"] not in COUNTERS:
            raise (place / "counter").field_error(f"must be one of {', '.join(COUNTERS)}")
        if kind == "risk" and "choice" in effect:
            raise place.error("only an activated ability offers a choice of risk levels")
        if kind == "risk":
            _risk(effect, place)
        if kind == "destroy_each" and "subtype" not in effect:
            raise place.error("destroy_each names the creature type it destroys")
        if effect.get("until", "turn") not in DURATIONS or ("until" in effect and kind != "pump"):
            raise place.error(f"a pump lasts until the end of one of {', '.join(DURATIONS)}")
    return tuple(raw)


def _risk(raw: Any, at: Where, *, choice: bool = False) -> Mapping[str, Any]:
    """Check a risk: a level (or, where ``choice`` is allowed, a choice of levels mapping each
    to its success effects, RR 7.1a) and the effects of each outcome."""
    if type(raw) is not dict:
        raise at.error("a risk is an object")
    levels = raw.get("choice")
    if choice and levels is not None:
        if (
            type(levels) is not dict
            or len(levels) < 2
            or any(level not in RISK_LEVELS for level in levels)
        ):
            raise at.error(f"a risk's choice maps two or more of {', '.join(RISK_LEVELS)}")
        for level, success in levels.items():
            _effects(success, at / "choice" / level)
    else:
        if type(raw.get("level")) is not str or raw["level"] not in RISK_LEVELS:
            raise at.error(f"risk level must be one of {', '.join(RISK_LEVELS)}")
        at.required(raw, "success", list)
    for outcome in RISK_OUTCOMES:
        _effects(raw.get(outcome, []), at / outcome)
    return raw


def _abilities(raw: Any, at: Where) -> list[Mapping[str, Any]]:
    """The abilities as listed, except that an ability taking a risk whose level its
    controller chooses becomes one ability per level: activating one declares its level
    (RR 7.1a, RR R69)."""
    found: list[Mapping[str, Any]] = []
    for index in range(len(at.expect(raw, list))):
        ability = at.item(raw, index, dict)
        place = at / index
        place.only(ability, ABILITY_FIELDS)
        effects = place.optional(ability, "effects", list, [])
        chosen = [e for e in effects if type(e) is dict and "choice" in e]
        if not chosen:
            _effects(effects, place / "effects")
            found.append(ability)
            continue
        if len(chosen) > 1 or len(effects) > 1:
            raise at.error("an ability with a choice of risk levels does nothing else")
        risk = _risk(chosen[0], place / "effects" / 0, choice=True)
        for level in (level for level in RISK_LEVELS if level in risk["choice"]):
            declared = {k: v for k, v in risk.items() if k != "choice"}
            declared |= {"level": level, "declared": True, "success": risk["choice"][level]}
            found.append(ability | {"effects": [declared]})
    return found


def _static(raw: Any, at: Where) -> dict[str, Any]:
    if type(raw) is not dict:
        raise at.error("static must be an object")
    at.only(raw, _STATIC_FIELDS)
    for kind, fields in _STATIC_FIELDS.items():
        if kind not in raw:
            continue
        place = at / kind
        value = raw[kind]
        if kind == "risk" and (
            type(value) is not dict or not value or any(k not in RISK_MODIFIERS for k in value)
        ):
            raise at.error(f"static risk modifiers are some of {', '.join(RISK_MODIFIERS)}")
        place.expect(value, dict)
        place.only(value, fields)
        for key, field_kind in fields.items():
            place.optional(value, key, field_kind, None)
        if value.get("whose", "all") not in WHOSE:
            raise (place / "whose").field_error(f"must be one of {', '.join(WHOSE)}")
        for word in place.items(value, "keywords", str):
            if word not in KEYWORDS:
                raise (place / "keywords").field_error(f"holds an unknown keyword {show(word)}")
        for card_type in place.items(value, "types", str):
            if card_type not in TYPES:
                raise (place / "types").field_error(f"holds an unknown card type {show(card_type)}")
        if kind == "risk":
            for key in value:
                _int(at, value, key, 1, 20)
    return dict(raw)


def _target(raw: Any, at: Where) -> str | None:
    if raw is not None and (type(raw) is not str or raw not in TARGET_KINDS):
        raise at.error(f"unknown target kind {show(raw)}")
    return None if raw is None else str(raw)


def _keywords(raw: Any, at: Where) -> tuple[tuple[str, ...], int]:
    words, armor = [], 0
    for index in range(len((at / "keywords").expect(raw, list))):
        word = at.item(raw, index, str, "keywords")
        base, _, amount = word.partition(" ")
        if base == "Armored" and amount.isdecimal() and len(amount) <= 2:  # RR 6.2.3: "Armored X"
            words.append(base)
            armor = int(amount)
        elif word in KEYWORDS and word != "Armored":
            words.append(word)
        else:
            raise at.error(f"unknown keyword {show(word)}")
    return tuple(words), armor


def _triggers(raw: Any, at: Where, types: list[str]) -> tuple[Trigger, ...]:
    """Check the triggered abilities; ``at`` is the card."""
    triggers = []
    for index in range(len((at / "triggers").expect(raw, list))):
        trigger = at.item(raw, index, dict, "triggers")
        place = at / "triggers" / index
        place.only(trigger, TRIGGER_FIELDS)
        when, target = trigger.get("when"), trigger.get("target")
        if type(when) is not str or when not in TRIGGER_EVENTS or target not in (None, "opponent"):
            raise place.error(f"a trigger happens {TRIGGER_EVENTS} and targets only an opponent")
        if when == "dies" and "Creature" not in types:
            raise place.error("only a creature has a 'when this dies' ability")
        triggers.append(
            Trigger(
                when=when,
                target=_target(target, place),
                effects=_effects(trigger.get("effects", []), place / "effects"),
            )
        )
    return tuple(triggers)


def parse_card(raw: Mapping[str, Any], *, source: str = "") -> CardDef:
    """Check one card's data and build its definition.

    A card has every characteristic of RR 1.3, a pitch value of 1 to 3 (RR 1.2b) and only the
    types of RR 3 (RR R3: there are no planeswalkers). ``source`` names the file it came from
    in error messages.

    :raises InputError: naming the file, the card and the field that is wrong.

    :enforces: RR 1.3a, RR 1.3b, RR 1.3c, RR 1.3d, RR 1.3e, RR 1.3f, RR 1.2b, RR R3, RR 11.1j
    """
    if type(raw) is not dict:
        raise InputError(f"a card must be an object, not {show(raw)}", source=source)
    name = raw.get("name")
    if type(name) is not str or not name:
        raise InputError(f"card {show(name)}: a card needs a name", source=source)
    at = Where(source, f"card {name!r}")
    at.only(raw, CARD_FIELDS)
    types = raw.get("types")
    if type(types) is not list or not types or any(type(t) is not str for t in types):
        raise at.error(f"types must be a non-empty list from {', '.join(TYPES)}, not {show(types)}")
    if any(t not in TYPES for t in types):
        listed = ", ".join(TYPES)
        raise at.error(f"types must be a non-empty list from {listed}, not {types!r} (RR R3)")
    for key in ("subtype", "text"):
        if type(raw.get(key)) is not str:
            raise at.error(f"{key} must be text")
    cost = _int(at, raw, "cost", 0, 20)
    pitch = _int(at, raw, "pitch", 1, 3)
    power = defense = None
    if "Creature" in types:
        power, defense = _int(at, raw, "power", 0, 20), _int(at, raw, "defense", 1, 20)
    elif "power" in raw or "defense" in raw:
        raise at.error("only creatures have power and defense")
    keywords, armor = _keywords(raw.get("keywords", []), at)
    abilities = []
    # An ability with a choice of risk levels becomes several, so they are told apart in
    # messages by what was written, not by a position in the expanded list.
    for ability in _abilities(raw.get("abilities", []), at / "abilities"):
        place = at / "abilities"
        if ability.get("speed", "instant") not in ("instant", "sorcery"):
            raise place.error("an ability's speed is instant or sorcery")
        abilities.append(
            Ability(
                ep=_int(place, ability, "ep", 0, 20) if "ep" in ability else 0,
                intel=_int(place, ability, "intel", 0, 20) if "intel" in ability else 0,
                tap=place.optional(ability, "tap", bool, False),
                speed=str(ability.get("speed", "instant")),
                target=_target(ability.get("target"), place),
                effects=_effects(ability.get("effects", []), place / "effects"),
            )
        )
    triggers = _triggers(raw.get("triggers", []), at, types)
    win = at.optional(raw, "win", dict, {})
    if ("Win Condition" in types) != bool(win) or any(k not in WIN_KINDS for k in win):
        raise at.error(f"a win condition, and only one, states a requirement from {WIN_KINDS}")
    for kind in win:
        _int(at / "win", win, kind, 1, 100)
    checks = raw.get("checks", [])
    if type(checks) is not list or any(type(c) is not str or c not in WIN_CHECKS for c in checks):
        raise at.error(f"checks must be a list from {WIN_CHECKS}")
    if checks and not win:
        raise at.error("only a win condition names when its requirement is checked")
    trap = raw.get("trap")
    if trap is not None and trap != {"when": "attacked"}:
        raise at.error('a trap trigger is {"when": "attacked"}')
    risk = raw.get("risk")
    if risk is not None:
        _risk(risk, at / "risk")
    return CardDef(
        name=name,
        types=tuple(types),
        subtype=raw["subtype"],
        cost=cost,
        pitch=pitch,
        text=raw["text"],
        power=power,
        defense=defense,
        keywords=keywords,
        armor=armor,
        legendary=at.optional(raw, "legendary", bool, False),
        target=_target(raw.get("target"), at),
        effects=_effects(raw.get("effects", []), at / "effects"),
        abilities=tuple(abilities),
        triggers=triggers,
        static=_static(raw.get("static", {}), at / "static"),
        win=dict(win),
        checks=tuple(checks),
        alternative_cost=_int(at, raw, "alternative_cost", 0, 20)
        if "alternative_cost" in raw
        else None,
        risk=risk,
        trap=trap,
        morph=_int(at, raw, "morph", 0, 20) if "morph" in raw else None,
    )


def parse_cards(
    text: str | bytes, *, source: str = "riskres/data/cards.json"
) -> dict[str, CardDef]:
    """Parse a card data file: a JSON object with ``source``, ``licence`` and ``cards``.

    ``source`` names the file in error messages.

    :raises InputError: naming the file (and the card and field, where there is one) if the
        file is not valid JSON, or a card is malformed or repeated.
    """
    data = parse_json(text, source=source, what="the card data")
    if type(data) is not dict or type(data.get("cards")) is not list:
        raise InputError("expected an object with a list of cards", source=source)
    cards: dict[str, CardDef] = {}
    for number, raw in enumerate(data["cards"], 1):
        if type(raw) is not dict:
            raise InputError(f"card {number} is not an object", source=source)
        definition = parse_card(raw, source=source)
        if definition.name in cards:
            raise Where(source, f"card {definition.name!r}").error("the name is used twice")
        cards[definition.name] = definition
    return cards


@cache
def card_pool() -> dict[str, CardDef]:
    """Every card of the starter set, by name."""
    text = resources.files("rulekeeper.riskres").joinpath("data/cards.json").read_text("utf-8")
    return parse_cards(text)


def card_named(written: str) -> str | None:
    """The name of the card a player wrote as ``written``, or ``None`` if there is none.

    Case and spacing do not matter, and a curly apostrophe matches a straight one.

    >>> from rulekeeper.riskres.cards import card_named
    >>> card_named("clockmakers\u2019  guild")
    "Clockmakers' Guild"
    """
    return _by_folded_name().get(_folded(written))


@cache
def _by_folded_name() -> dict[str, str]:
    return {_folded(name): name for name in card_pool()}


def _folded(name: str) -> str:
    return " ".join(name.replace("\u2019", "'").casefold().split())


def card(name: str) -> CardDef:
    """The definition of the card called ``name``.

    :raises InputError: if the starter set has no such card.
    """
    try:
        return card_pool()[name]
    except KeyError:
        raise InputError(f"no Risk & Resource card named {name!r}") from None
