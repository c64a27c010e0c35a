"""What one player may see of a Magic game (MG 1.2)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from rulekeeper.mtg.state import CardState
from rulekeeper.rules import enforces

if TYPE_CHECKING:
    from rulekeeper.mtg.game import MagicGame


def public(card: CardState) -> dict[str, Any]:
    """What everyone sees of a card on the battlefield or the stack."""
    return {
        "id": card.id,
        "name": card.name,
        "controller": card.controller,
        "tapped": card.tapped,
        "damage": card.damage,
        "attacking": card.attacking,
        "blocking": card.blocking,
    }


@enforces("MG 1.2")
def player_view(game: MagicGame, player: int) -> dict[str, Any]:
    """What ``player`` may see: their own hand; only counts of the other hidden zones.

    Agents decide from this, never from the game itself; the format adds what it shows of
    zones of its own.
    """
    table = game.table
    return {
        "you": player,
        "turn": game.turn,
        "step": game.step,
        "active": game.active,
        "decision": game.decision,
        "priority": game.priority,
        "players": [
            {
                "index": p.index,
                "name": p.name,
                "life": p.life,
                "damage_taken": p.damage_taken,
                "hand": len(table.zones[f"hand:{p.index}"]),
                "library": len(table.zones[f"library:{p.index}"]),
                "graveyard": table.names(f"graveyard:{p.index}"),
            }
            for p in table.players
        ],
        "hand": [(i, table.cards[i].name) for i in table.zones[f"hand:{player}"]],
        "battlefield": [public(c) for c in table.permanents()],
        "stack": [public(table.cards[i]) for i in table.zones["stack"]],
        "exile": table.names("exile"),
        **game.variant.view_extras(game, player),
    }
