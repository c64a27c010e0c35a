"""Saving a Magic game to JSON and restoring it exactly, RNG and log included."""

from __future__ import annotations

import json
from dataclasses import asdict
from typing import TYPE_CHECKING, Any, TypeVar

from rulekeeper.engine.chance import Chance
from rulekeeper.engine.events import EventLog
from rulekeeper.engine.game import Outcome
from rulekeeper.errors import SerializationError
from rulekeeper.mtg.state import CardState, PlayerState

if TYPE_CHECKING:
    from rulekeeper.mtg.game import MagicGame

G = TypeVar("G", bound="MagicGame")

_NUMBERS = ("turn", "active", "first_player", "priority", "passes")


def game_to_json(game: MagicGame) -> dict[str, Any]:
    """The whole game as JSON-ready data."""
    outcome = game.outcome
    return {
        "format": game.format.key,
        **{key: getattr(game, key) for key in _NUMBERS},
        "step": game.step,
        "decision": game.decision,
        "resume": list(game.resume),
        "format_state": game.format_state,
        "players": [asdict(p) for p in game.table.players],
        "cards": [c.to_json() for c in game.table.cards],
        "zones": game.zones(),
        "chance": game.chance.to_json(),
        "log": game.log.to_json(),
        "outcome": None
        if outcome is None
        else [outcome.result, list(outcome.winners), outcome.reason_rule, outcome.reason],
    }


def restore_game(cls: type[G], data: dict[str, Any]) -> G:
    """Rebuild a game of class ``cls`` from :func:`game_to_json` output.

    :raises SerializationError: if the data is not a saved game of a known Magic format.
    """
    from rulekeeper.games import magic_format

    try:
        fmt = magic_format(data["format"])
        game = cls(fmt, Chance.from_json(data["chance"]), [p["name"] for p in data["players"]])
        game.table.players = [PlayerState(**p) for p in data["players"]]
        game.table.cards = [CardState.from_json(c) for c in data["cards"]]
        game.table.zones = {k: [int(i) for i in v] for k, v in data["zones"].items()}
        game.table.where = {i: k for k, v in game.table.zones.items() for i in v}
        for key in _NUMBERS:
            setattr(game, key, int(data[key]))
        game.step, game.decision = str(data["step"]), str(data["decision"])
        game.resume = [str(data["resume"][0]), int(data["resume"][1])]
        # A deep copy through JSON, so the restored game shares nothing with ``data``.
        game.format_state = json.loads(json.dumps(data["format_state"]))
        game.log = EventLog.from_json(data["log"])
        if data["outcome"] is not None:
            result, winners, rule, reason = data["outcome"]
            game.outcome = Outcome(result, tuple(winners), rule, reason)
    except (KeyError, TypeError, ValueError) as error:
        raise SerializationError(f"not a saved Magic game: {error!r}") from None
    return game
