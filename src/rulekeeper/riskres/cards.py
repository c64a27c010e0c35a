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

import json
from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import cache, cached_property
from importlib import resources
from typing import Any, Final

from rulekeeper.errors import InputError
from rulekeeper.rules import enforces

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
        # Asked at every state-based check, and not cached when the engine is compiled (a
        # compiled class keeps no per-object dictionary for cached_property), so the usual
        # card, with no static ability, is answered first.
        if not self.static:
            return False
        return any(self.static.get(kind, {}).get("defense", 0) < 0 for kind in ("aura", "anthem"))

    @cached_property
    def is_aura(self) -> bool:
        """True for an enchantment that attaches to a permanent (RR 3.1.3)."""
        return self.has_type("Enchantment") and "Aura" in self.subtype.split()


def _fail(name: str, problem: str) -> InputError:
    # No file here: parse_card checks data from anywhere, and parse_cards adds the file's name.
    return InputError(f"card {name!r}: {problem}")


def _int(raw: Mapping[str, Any], key: str, name: str, low: int, high: int) -> int:
    value = raw.get(key)
    if not isinstance(value, int) or isinstance(value, bool) or not low <= value <= high:
        raise _fail(name, f"{key} must be a whole number from {low} to {high}, not {value!r}")
    return value


def _effects(raw: Any, name: str) -> tuple[Mapping[str, Any], ...]:
    if not isinstance(raw, list) or not all(isinstance(e, dict) for e in raw):
        raise _fail(name, "effects must be a list of objects")
    for effect in raw:
        kind = effect.get("kind")
        if kind not in EFFECT_KINDS:
            raise _fail(name, f"unknown effect kind {kind!r}")
        if effect.get("players", "each_opponent") not in EACH:
            raise _fail(name, f"an effect's players are one of {', '.join(EACH)}")
        if effect.get("amount_of", "power") != "power":
            raise _fail(name, "an amount can be taken only from the source's power")
        if kind == "risk" and "choice" in effect:
            raise _fail(name, "only an activated ability offers a choice of risk levels")
        if kind == "risk":
            _risk(effect, name)
        if kind == "destroy_each" and not isinstance(effect.get("subtype"), str):
            raise _fail(name, "destroy_each names the creature type it destroys")
        if effect.get("until", "turn") not in DURATIONS or ("until" in effect and kind != "pump"):
            raise _fail(name, f"a pump lasts until the end of one of {', '.join(DURATIONS)}")
    return tuple(raw)


def _risk(raw: Any, name: str, *, choice: bool = False) -> Mapping[str, Any]:
    """Check a risk: a level (or, where ``choice`` is allowed, a choice of levels mapping each
    to its success effects, RR 7.1a) and the effects of each outcome."""
    if not isinstance(raw, dict):
        raise _fail(name, "a risk is an object")
    levels = raw.get("choice")
    if choice and levels is not None:
        if (
            not isinstance(levels, dict)
            or len(levels) < 2
            or any(level not in RISK_LEVELS for level in levels)
        ):
            raise _fail(name, f"a risk's choice maps two or more of {', '.join(RISK_LEVELS)}")
        for success in levels.values():
            _effects(success, name)
    elif raw.get("level") not in RISK_LEVELS:
        raise _fail(name, f"risk level must be one of {', '.join(RISK_LEVELS)}")
    for outcome in RISK_OUTCOMES:
        _effects(raw.get(outcome, []), name)
    return raw


def _abilities(raw: Any, name: str) -> list[Mapping[str, Any]]:
    """The abilities as listed, except that an ability taking a risk whose level its
    controller chooses becomes one ability per level: activating one declares its level
    (RR 7.1a, RR R69)."""
    if not isinstance(raw, list) or not all(isinstance(a, dict) for a in raw):
        raise _fail(name, "abilities must be a list of objects")
    found: list[Mapping[str, Any]] = []
    for ability in raw:
        effects = ability.get("effects", [])
        chosen = [e for e in effects if isinstance(e, dict) and "choice" in e]
        if not chosen:
            found.append(ability)
            continue
        if len(chosen) > 1 or len(effects) > 1:
            raise _fail(name, "an ability with a choice of risk levels does nothing else")
        risk = _risk(chosen[0], name, choice=True)
        for level in (level for level in RISK_LEVELS if level in risk["choice"]):
            declared = {k: v for k, v in risk.items() if k != "choice"}
            declared |= {"level": level, "declared": True, "success": risk["choice"][level]}
            found.append(ability | {"effects": [declared]})
    return found


def _static(raw: Any, name: str) -> dict[str, Any]:
    if not isinstance(raw, dict):
        raise _fail(name, "static must be an object")
    if "risk" in raw:
        risk = raw["risk"]
        if not isinstance(risk, dict) or not risk or any(k not in RISK_MODIFIERS for k in risk):
            raise _fail(name, f"static risk modifiers are some of {', '.join(RISK_MODIFIERS)}")
        for key in risk:
            _int(risk, key, name, 1, 20)
    return dict(raw)


def _target(raw: Any, name: str) -> str | None:
    if raw is not None and raw not in TARGET_KINDS:
        raise _fail(name, f"unknown target kind {raw!r}")
    return None if raw is None else str(raw)


def _keywords(raw: Any, name: str) -> tuple[tuple[str, ...], int]:
    if not isinstance(raw, list):
        raise _fail(name, "keywords must be a list")
    words, armor = [], 0
    for word in raw:
        base, _, amount = str(word).partition(" ")
        if base == "Armored" and amount.isdigit():  # RR 6.2.3: "Armored X"
            words.append(base)
            armor = int(amount)
        elif word in KEYWORDS and word != "Armored":
            words.append(str(word))
        else:
            raise _fail(name, f"unknown keyword {word!r}")
    return tuple(words), armor


@enforces("RR 1.3a", "RR 1.3b", "RR 1.3c", "RR 1.3d", "RR 1.3e", "RR 1.3f", "RR 1.2b", "RR R3")
def parse_card(raw: Mapping[str, Any]) -> CardDef:
    """Check one card's data and build its definition.

    A card has every characteristic of RR 1.3, a pitch value of 1 to 3 (RR 1.2b) and only the
    types of RR 3 (RR R3: there are no planeswalkers).

    :raises InputError: naming the card and what is wrong with it.
    """
    name = raw.get("name")
    if not isinstance(name, str) or not name:
        raise _fail(str(name), "a card needs a name")
    types = raw.get("types")
    if not isinstance(types, list) or not types or any(t not in TYPES for t in types):
        raise _fail(name, f"types must be a non-empty list from {', '.join(TYPES)}, not {types!r}")
    for key in ("subtype", "text"):
        if not isinstance(raw.get(key), str):
            raise _fail(name, f"{key} must be text")
    cost = _int(raw, "cost", name, 0, 20)
    pitch = _int(raw, "pitch", name, 1, 3)
    power = defense = None
    if "Creature" in types:
        power, defense = _int(raw, "power", name, 0, 20), _int(raw, "defense", name, 1, 20)
    elif "power" in raw or "defense" in raw:
        raise _fail(name, "only creatures have power and defense")
    keywords, armor = _keywords(raw.get("keywords", []), name)
    abilities = []
    for ability in _abilities(raw.get("abilities", []), name):
        if ability.get("speed", "instant") not in ("instant", "sorcery"):
            raise _fail(name, "an ability's speed is instant or sorcery")
        abilities.append(
            Ability(
                ep=_int(ability, "ep", name, 0, 20) if "ep" in ability else 0,
                intel=_int(ability, "intel", name, 0, 20) if "intel" in ability else 0,
                tap=bool(ability.get("tap", False)),
                speed=str(ability.get("speed", "instant")),
                target=_target(ability.get("target"), name),
                effects=_effects(ability.get("effects", []), name),
            )
        )
    triggers = []
    for trigger in raw.get("triggers", []):
        if trigger.get("when") not in TRIGGER_EVENTS or trigger.get("target") not in (
            None,
            "opponent",
        ):
            raise _fail(name, f"a trigger happens {TRIGGER_EVENTS} and targets only an opponent")
        if trigger["when"] == "dies" and "Creature" not in types:
            raise _fail(name, "only a creature has a 'when this dies' ability")
        triggers.append(
            Trigger(
                when=str(trigger["when"]),
                target=_target(trigger.get("target"), name),
                effects=_effects(trigger.get("effects", []), name),
            )
        )
    win = raw.get("win", {})
    if ("Win Condition" in types) != bool(win) or any(k not in WIN_KINDS for k in win):
        raise _fail(name, f"a win condition, and only one, states a requirement from {WIN_KINDS}")
    checks = raw.get("checks", [])
    if not isinstance(checks, list) or any(c not in WIN_CHECKS for c in checks):
        raise _fail(name, f"checks must be a list from {WIN_CHECKS}")
    if checks and not win:
        raise _fail(name, "only a win condition names when its requirement is checked")
    trap = raw.get("trap")
    if trap is not None and trap != {"when": "attacked"}:
        raise _fail(name, 'a trap trigger is {"when": "attacked"}')
    risk = raw.get("risk")
    if risk is not None:
        _risk(risk, name)
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
        legendary=bool(raw.get("legendary", False)),
        target=_target(raw.get("target"), name),
        effects=_effects(raw.get("effects", []), name),
        abilities=tuple(abilities),
        triggers=tuple(triggers),
        static=_static(raw.get("static", {}), name),
        win=dict(win),
        checks=tuple(checks),
        alternative_cost=_int(raw, "alternative_cost", name, 0, 20)
        if "alternative_cost" in raw
        else None,
        risk=risk,
        trap=raw.get("trap"),
        morph=_int(raw, "morph", name, 0, 20) if "morph" in raw else None,
    )


def parse_cards(text: str, *, source: str = "riskres/data/cards.json") -> dict[str, CardDef]:
    """Parse a card data file: a JSON object with ``source``, ``licence`` and ``cards``.

    ``source`` names the file in error messages.

    :raises InputError: if the file is not valid JSON, or a card is malformed or repeated.
    """
    try:
        data = json.loads(text)
    except json.JSONDecodeError as error:
        raise InputError(str(error), source=source, line=error.lineno) from None
    if not isinstance(data, dict) or not isinstance(data.get("cards"), list):
        raise InputError("expected an object with a list of cards", source=source)
    cards: dict[str, CardDef] = {}
    try:
        for raw in data["cards"]:
            if not isinstance(raw, dict):
                raise InputError("every card is an object")
            definition = parse_card(raw)
            if definition.name in cards:
                raise _fail(definition.name, "the name is used twice")
            cards[definition.name] = definition
    except InputError as error:
        raise InputError(error.message, source=source) from None
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
    wanted = _folded(written)
    return next((name for name in card_pool() if _folded(name) == wanted), None)


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
