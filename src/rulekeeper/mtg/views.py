"""What one player may see of a Magic game (MG 1.2)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Final

from rulekeeper.mtg.state import CardState
from rulekeeper.rules import enforces

if TYPE_CHECKING:
    from rulekeeper.mtg.game import MagicGame


CARDS: Final = "cards"
"""The viewer sees the zone's cards."""
COUNT: Final = "count"
"""The viewer sees how many cards the zone holds, not which."""
TOP: Final = "top"
"""The viewer sees how many cards the zone holds and its top card."""

_PUBLIC: Final = frozenset({"graveyard", "battlefield", "exile", "stack"})


@enforces("MG 1.2")
def sight(game: MagicGame, kind: str, owner: int | None, viewer: int | None) -> str:
    """What ``viewer`` sees of the zone of ``kind`` that ``owner`` holds (``None`` for a zone
    that is no player's, such as a stockpile): :data:`CARDS`, :data:`COUNT` or :data:`TOP`.
    ``None`` is the referee, who sees every card. The view and a position written for a
    player both follow it.

    Graveyards, the battlefield, exile and the stack are public; nobody sees into a library
    or the cards waiting outside the game; a hand, and a zone of a player's own such as a
    Vortex pack, is its owner's; a zone that is no player's shows what the format says
    (``shown_zones``) and otherwise only its size.
    """
    if viewer is None or kind in _PUBLIC:
        return CARDS
    if owner is None:
        return game.variant.shown_zones.get(kind, COUNT)
    if kind == "library" or kind.startswith("outside"):
        return COUNT
    return CARDS if owner == viewer else COUNT


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
    """What ``player`` may see, as :func:`sight` says: their own hand; only counts of the
    other hidden zones.

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
