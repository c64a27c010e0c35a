"""Saving and restoring a game of Dominion as JSON-ready data.

A saved game names its variant; it is restored with the variant class of the game class that
restores it. Anything malformed is refused with a :class:`~rulekeeper.errors.SerializationError`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, TypeVar

from rulekeeper.dominion.cards import CARDS
from rulekeeper.engine.chance import Chance
from rulekeeper.engine.events import EventLog
from rulekeeper.engine.game import Outcome
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
    """Rebuild a game saved by :func:`save`.

    :raises SerializationError: if ``data`` is not a saved game of this format and variant.
    """
    if not isinstance(data, dict) or data.get("format") != cls.format_key:
        raise SerializationError(f"not a saved {cls.format_key} game (DM 1.1)")
    if data.get("version") != VERSION:
        raise SerializationError(f"unknown save version {data.get('version')!r}")
    variant = cls.variant_type()
    if data.get("variant") != variant.key:
        raise SerializationError(f"saved variant {data.get('variant')!r} is not {variant.key}")
    try:
        game = cls(variant, Chance.from_json(data["chance"]), [str(n) for n in data["players"]])
        for name in _FIELDS:
            setattr(game, name, _copy(data[name]))
        game.log = EventLog.from_json(data["log"])
        if data["outcome"] is not None:
            result, winners, rule, reason, causes = data["outcome"]
            game.outcome = Outcome(result, tuple(winners), rule, reason, tuple(causes))
        _check(game)
    except (KeyError, TypeError, ValueError, AttributeError, IndexError) as error:
        raise SerializationError(f"bad saved dominion game: {error!r}") from None
    return game


_TYPES = {
    "cards": list, "table": dict, "piles": list, "landscapes": list, "turn": int,
    "turns_taken": list, "active": int, "phase": str, "actions": int, "buys": int, "coins": int,
    "steps": list, "projects": dict, "gained": list, "turn_flags": dict, "variant_state": dict,
}  # fmt: skip


def _check(game: DominionGame) -> None:
    """Semantic checks: every card known and in exactly one zone, the seats consistent."""
    for name, kind in _TYPES.items():
        if not isinstance(getattr(game, name), kind) or isinstance(getattr(game, name), bool):
            raise SerializationError(f"saved field {name!r} is not a {kind.__name__}")
    if any(not isinstance(ids, list) or any(type(i) is not int for i in ids)
           for ids in game.table.values()):  # fmt: skip
        raise SerializationError("a saved zone must be a list of card numbers")
    if any(not isinstance(step, dict) or "do" not in step or "player" not in step
           for step in game.steps):  # fmt: skip
        raise SerializationError("a saved effect step must name its kind and player")
    if any(not isinstance(names, list) or any(type(n) is not str for n in names)
           for names in game.gained):  # fmt: skip
        raise SerializationError("saved gains must be lists of card names")
    players = len(game.players)
    if not 2 <= players <= 6 or len(game.turns_taken) != players or len(game.gained) != players:
        raise SerializationError("a saved game needs 2 to 6 players (DM 1.1)")
    if any(name not in CARDS for name in game.cards):
        raise SerializationError("a saved game names an unknown card")
    placed = sorted(i for ids in game.table.values() for i in ids)
    if placed != list(range(len(game.cards))):
        raise SerializationError("every card must be in exactly one zone")
    if not 0 <= game.active < players or game.phase not in ("pregame", "action", "buy"):
        raise SerializationError("bad turn state in a saved game")
    for pile in game.piles:
        if f"pile:{pile}" not in game.table:
            raise SerializationError(f"saved game has no pile for {pile}")
