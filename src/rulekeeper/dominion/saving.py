"""Saving and restoring a game of Dominion as JSON-ready data.

A saved game names its variant; it is restored with the variant class of the game class that
restores it. Anything malformed is refused with a :class:`~rulekeeper.errors.SerializationError`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, TypeVar

from rulekeeper.dominion.cards import CARDS
from rulekeeper.dominion.zones import PLAYER_ZONES
from rulekeeper.engine.chance import Chance
from rulekeeper.engine.events import EventLog
from rulekeeper.engine.game import Outcome
from rulekeeper.engine.saves import (
    check_card_zones,
    check_index,
    check_invariants,
    check_structure,
    format_path,
    guard,
    load_schema,
    refuse,
)
from rulekeeper.errors import SerializationError

if TYPE_CHECKING:
    from rulekeeper.dominion.game import DominionGame


G = TypeVar("G", bound="DominionGame")
VERSION = 1

_FIELDS = (
    "players",
    "cards",
    "table",
    "piles",
    "landscapes",
    "turn",
    "turns_taken",
    "active",
    "phase",
    "actions",
    "buys",
    "coins",
    "steps",
    "projects",
    "gained",
    "turn_flags",
    "variant_state",
)


def save(game: DominionGame) -> dict[str, Any]:
    """The whole state, RNG and log included."""
    data: dict[str, Any] = {"format": game.format_key, "version": VERSION}
    data["variant"] = game.variant.key
    for name in _FIELDS:
        data[name] = getattr(game, name)
    data = _copy(data)
    data["chance"] = game.chance.to_json()
    data["log"] = game.log.to_json()
    o = game.outcome
    data["outcome"] = (
        None if o is None else [o.result, list(o.winners), o.reason_rule, o.reason, list(o.causes)]
    )
    return data


def _copy(value: Any) -> Any:
    if isinstance(value, dict):
        return {k: _copy(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [_copy(v) for v in value]
    return value


def restore(cls: type[G], data: dict[str, Any]) -> G:
    """Rebuild a game saved by :func:`save`: the kernel's structure check against
    ``data/save.schema.json`` (:mod:`rulekeeper.engine.saves`), then the game's meaning.

    :raises SerializationError: if ``data`` is not a saved game of this format and variant.
    """
    if not isinstance(data, dict) or data.get("format") != cls.format_key:
        raise SerializationError(f"not a saved {cls.format_key} game")
    check_structure(data, load_schema("rulekeeper.dominion", "data/save.schema.json"))
    variant = cls.variant_type()
    if data["variant"] != variant.key:
        raise refuse("variant", f"{data['variant']!r} is not {variant.key}")

    def build() -> G:
        game = cls(variant, Chance.from_json(data["chance"]), list(data["players"]))
        for name in _FIELDS:
            setattr(game, name, _copy(data[name]))
        game.steps = [_upgrade_step(step) for step in game.steps]
        game.log = EventLog.from_json(data["log"])
        if data["outcome"] is not None:
            result, winners, rule, reason, *causes = data["outcome"]
            game.outcome = Outcome(result, tuple(winners), rule, reason, tuple(*causes))
        return game

    game = guard(build)
    _check(game)
    check_invariants(game, _invariants)
    return game


def _invariants(game: DominionGame) -> list[str]:
    from rulekeeper.dominion.invariants import dominion_invariants

    return dominion_invariants(game)


def _check(game: DominionGame) -> None:
    """Semantic checks: every card known and in exactly one zone, the seats consistent."""
    players = len(game.players)
    if len(game.turns_taken) != players or len(game.gained) != players:
        raise refuse("turns_taken", f"does not have one entry for each of {players} players")
    check_index(game.active, players, "active", rule="DM 1.1")
    for index, name in enumerate(game.cards):
        if name not in CARDS:
            raise refuse(format_path(["cards", index]), f"{name!r} is not a Dominion card")
    for zone in game.table:
        seat = zone.split(":")[1] if zone.split(":")[0] in PLAYER_ZONES else ""
        if seat and int(seat) >= players:
            raise refuse(format_path(["table", zone]), f"no player {seat} (DM 1.1)")
    for kind in ("trash", *(f"{k}:{p}" for k in PLAYER_ZONES for p in range(players))):
        if kind not in game.table:
            raise refuse("table", f"the zone {kind} is missing (DM 1.6)")
    check_card_zones(len(game.cards), game.table, rule="DM 1.6")
    for pile in game.piles:
        if pile not in CARDS or f"pile:{pile}" not in game.table:
            raise refuse("piles", f"no pile for {pile!r}")
    for step in game.steps:
        check_index(step["player"], players, "steps", rule="DM 3.3")
    _check_looked_at(game)


# The cards a card looks at (DM 4.10), kept in its pending step: checked here, on their own.


def _upgrade_step(step: dict[str, Any]) -> dict[str, Any]:
    """A Sentry step as saves before DM R4 let the order be chosen wrote it (one ``choose``
    step per card, its ID as ``target``), as the ``sentry`` step it is now, for that card."""
    if step.get("do") == "choose" and step.get("card") == "Sentry" and "target" in step:
        player, target = step["player"], step["target"]
        return {"do": "sentry", "player": player, "card": "Sentry", "looking": [target], "kept": []}
    return step


def _check_looked_at(game: DominionGame) -> None:
    """Every card a pending Sentry step looks at or keeps is set aside by that step's player,
    and is looked at by no other step (DM 4.10)."""
    seen: set[int] = set()
    for index, step in enumerate(game.steps):
        if step["do"] != "sentry":
            continue
        path = format_path(["steps", index])
        if not isinstance(step.get("looking"), list) or not isinstance(step.get("kept"), list):
            raise refuse(path, "a Sentry step needs the lists looking and kept (DM 4.10)")
        looked = step["looking"] + step["kept"]
        aside = game.table[f"aside:{step['player']}"]
        if not 1 <= len(looked) <= 2 or any(card not in aside or card in seen for card in looked):
            raise refuse(path, "its cards are not two or fewer of its player's set aside (DM 4.10)")
        seen.update(looked)
