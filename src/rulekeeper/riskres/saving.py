"""Saving and restoring a game of Risk & Resource as JSON-ready data, RNG included.

>>> from rulekeeper.riskres.scenario import Scenario
>>> from rulekeeper.riskres.saving import dump, load
>>> game = Scenario().player(0, hand=["Sparkshot"]).player(1, hand=["Brace"]).build()
>>> load(dump(game)).dumps() == game.dumps()
True
"""

from __future__ import annotations

from dataclasses import fields
from typing import Any

from rulekeeper.engine.chance import Chance
from rulekeeper.engine.events import EventLog
from rulekeeper.engine.game import Outcome
from rulekeeper.errors import InputError, SerializationError
from rulekeeper.riskres import PLAYERS
from rulekeeper.riskres.actions import Player, Target
from rulekeeper.riskres.game import RiskGame
from rulekeeper.riskres.state import CardState, PlayerState


def dump(game: RiskGame) -> dict[str, Any]:
    """The whole state, RNG included, as JSON-ready data."""
    return {
        "format": "rr",
        "chance": game.chance.to_json(),
        "log": game.log.to_json(),
        "outcome": None if game.outcome is None else _outcome_json(game.outcome),
        "options": [
            game.mulligan_rule,
            game.simultaneous,
            game.turn_limit,
            game.variant,
            game.betrayal,
        ],
        "variant": {
            "king": game.king,
            "alliances": [list(p) for p in game.alliances],
            "offers": [list(p) for p in game.alliance_offers],
            "offers_made": [list(p) for p in game.offers_made],
        },
        "pumps": [list(p) for p in game.pumps],
        "players": [_player_json(p) for p in game.table.players],
        "cards": [c.to_json() for c in game.table.cards],
        "zones": {k: list(v) for k, v in game.table.zones.items()},
        "turn": [game.turn, game.active, game.first_player, game.step, game.decision],
        "turn_order": [game.regular, list(game.extra_turns)],
        "priority": [game.priority, game.passes],
        "stack": [dict(item, target=_target_json(item["target"])) for item in game.stack],
        "attacks": [[a, _target_json(t)] for a, t in game.attacks.items()],
        "blocks": [[b, a] for b, a in game.blocks.items()],
        "blocked": list(game.blocked),
        "damage_order": [[a, list(b)] for a, b in game.damage_order.items()],
        "pressure": list(game.pressure),
        "legend_choices": [list(c) for c in game.legend_choices],
        "scry_pending": list(game.scry_pending),
        "triggers": [list(t) for t in game.pending_triggers] + [[game.resume]],
    }


def load(data: dict[str, Any]) -> RiskGame:
    """Restore a state saved by :func:`dump`.

    :raises SerializationError: if the data is not a saved Risk & Resource game.
    """
    if data.get("format") != "rr":
        raise SerializationError("not a saved Risk & Resource game")
    try:
        rule, simultaneous, limit, variant, betrayal = data["options"]
        players = [PlayerState(**p) for p in data["players"]]
        low, high = PLAYERS
        if not low <= len(players) <= high:
            raise ValueError(f"it has {len(players)} players, not {low} to {high} (RR R63)")
        game = RiskGame(
            Chance.from_json(data["chance"]),
            [p.name for p in players],
            mulligan_rule=rule,
            simultaneous=simultaneous,
            turn_limit=limit,
            variant=variant,
            betrayal=betrayal,
        )
        game.table.players = players
        game.log = EventLog.from_json(data["log"])
        if data["outcome"] is not None:
            # Games saved before outcomes recorded their causes have four fields.
            result, winners, reason_rule, reason, *causes = data["outcome"]
            causes_of = tuple(causes[0]) if causes else ()
            game.outcome = Outcome(result, tuple(winners), reason_rule, reason, causes_of)
        game.table.cards = [CardState.from_json(c) for c in data["cards"]]
        game.table.zones = {k: list(v) for k, v in data["zones"].items()}
        game.turn, game.active, game.first_player, game.step, game.decision = data["turn"]
        game.priority, game.passes = data["priority"]
        game.regular, extra = data["turn_order"]
        game.extra_turns = [int(p) for p in extra]
        game.stack = [dict(i, target=_target(i["target"])) for i in data["stack"]]
        game.attacks = {int(a): _attack_target(t) for a, t in data["attacks"]}
        game.blocks = {int(b): int(a) for b, a in data["blocks"]}
        game.blocked = list(data["blocked"])
        game.damage_order = {int(a): [int(b) for b in bs] for a, bs in data["damage_order"]}
        game.pressure = list(data["pressure"])
        game.legend_choices = [(int(p), str(n)) for p, n in data["legend_choices"]]
        game.scry_pending = [int(p) for p in data["scry_pending"]]
        *waiting, (game.resume,) = data["triggers"]
        game.pending_triggers = [(int(p), int(s), int(i)) for p, s, i in waiting]
        game.king = data["variant"]["king"]
        game.alliances = [(int(a), int(b)) for a, b in data["variant"]["alliances"]]
        game.alliance_offers = [(int(a), int(b)) for a, b in data["variant"]["offers"]]
        game.offers_made = [(int(a), int(b)) for a, b in data["variant"]["offers_made"]]
        # Pumps saved before they could last until end of combat have no duration: a turn.
        game.pumps = [
            (int(p), int(c), int(w), int(d), str(u[0]) if u else "turn")
            for p, c, w, d, *u in data["pumps"]
        ]
    except (KeyError, TypeError, ValueError, InputError) as error:
        raise SerializationError(f"bad saved game: {error}") from None
    return game


def _target_json(target: Target | None) -> Any:
    return {"player": target.index} if isinstance(target, Player) else target


def _target(data: Any) -> Target | None:
    return Player(int(data["player"])) if isinstance(data, dict) else data


def _attack_target(data: Any) -> Target:
    target = _target(data)
    if target is None:
        raise ValueError("an attacker needs a target")
    return target


def _outcome_json(outcome: Outcome) -> list[Any]:
    return [
        outcome.result,
        list(outcome.winners),
        outcome.reason_rule,
        outcome.reason,
        list(outcome.causes),
    ]


def _player_json(player: PlayerState) -> dict[str, Any]:
    # Field by field, not vars(): a dataclass compiled with mypyc has no __dict__.
    data = {f.name: getattr(player, f.name) for f in fields(player)}
    data["extra"] = dict(player.extra)
    return data
