"""What one player may see of a Magic game (MG 1.2)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Final

from rulekeeper.mtg.state import CardState

if TYPE_CHECKING:
    from rulekeeper.mtg.game import MagicGame


CARDS: Final = "cards"
"""The viewer sees the zone's cards."""
COUNT: Final = "count"
"""The viewer sees how many cards the zone holds, not which."""
TOP: Final = "top"
"""The viewer sees how many cards the zone holds and its top card."""

_PUBLIC: Final = frozenset({"graveyard", "battlefield", "exile", "stack"})


def sight(game: MagicGame, kind: str, owner: int | None, viewer: int | None) -> str:
    """What ``viewer`` sees of the zone of ``kind`` that ``owner`` holds (``None`` for a zone
    that is no player's, such as a stockpile): :data:`CARDS`, :data:`COUNT` or :data:`TOP`.
    ``None`` is the referee, who sees every card. The view and a position written for a
    player both follow it.

    Graveyards, the battlefield, exile and the stack are public; nobody sees into a library
    or the cards waiting outside the game; a hand, and a zone of a player's own such as a
    Vortex pack, is its owner's; a zone that is no player's shows what the format says
    (``shown_zones``) and otherwise only its size.

    :enforces: MG 1.2
    """
    if viewer is None or kind in _PUBLIC:
        return CARDS
    if owner is None:
        return game.variant.shown_zones.get(kind, COUNT)
    if kind == "library" or kind.startswith("outside"):
        return COUNT
    return CARDS if owner == viewer else COUNT


def seen(game: MagicGame, zone: str, owner: int | None, viewer: int | None) -> list[int] | None:
    """The cards of ``zone`` (a table zone's name: ``hand:1``, ``exile``, ``pack:0``) that
    ``viewer`` sees, as :func:`sight` says for its kind and ``owner``: every card, bottom first
    (:data:`CARDS`); the top card alone (:data:`TOP`); or ``None`` when the viewer sees only how
    many (:data:`COUNT`). Every view of a Magic game, the formats' included, shows its zones
    through this."""
    ids = game.table.zones[zone]
    shown = sight(game, zone.partition(":")[0], owner, viewer)
    if shown == CARDS:
        return list(ids)
    if shown == TOP:
        return list(ids[-1:])
    return None


def own_cards(game: MagicGame, zone: str, player: int) -> list[tuple[int, str]]:
    """The cards of ``player``'s own ``zone`` that they see (:func:`seen`), as (ID, name)."""
    return [(i, game.table.cards[i].name) for i in seen(game, zone, player, player) or ()]


def shown_to(game: MagicGame, zone: str, owner: int | None, viewer: int) -> list[str] | int:
    """``owner``'s ``zone`` as ``viewer`` sees it (:func:`seen`): the names of its cards when
    they see every one, else how many it holds (every count is public)."""
    cards = seen(game, zone, owner, viewer)
    if cards is None or len(cards) < len(game.table.zones[zone]):
        return len(game.table.zones[zone])
    return [game.table.cards[i].name for i in cards]


def as_everyone_sees(game: MagicGame, zone: str, owner: int | None) -> list[str] | int:
    """``owner``'s ``zone`` as a player other than its owner sees it (:func:`shown_to`)."""
    players = len(game.table.players)
    return shown_to(game, zone, owner, 0 if owner is None else (owner + 1) % players)


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


def view(game: MagicGame, player: int) -> dict[str, Any]:
    """What ``player`` may see, every zone as :func:`sight` says (:func:`seen`): their own
    hand; of every player, what all may see (the cards of a graveyard, the size of a hand or
    library); the battlefield, the stack and exile, which are public.

    Agents decide from this, never from the game itself; the format adds what it shows of
    zones of its own (:meth:`~rulekeeper.engine.variants.Variant.adjust_view`).

    :enforces: MG 1.2
    """
    table = game.table

    def everyone(kind: str) -> list[dict[str, Any]]:
        return [public(table.cards[i]) for i in seen(game, kind, None, player) or ()]

    exile = seen(game, "exile", None, player) or ()
    shown: dict[str, Any] = {
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
                **{
                    kind: as_everyone_sees(game, f"{kind}:{p.index}", p.index)
                    for kind in ("hand", "library", "graveyard")
                },
            }
            for p in table.players
        ],
        "hand": own_cards(game, f"hand:{player}", player),
        "battlefield": everyone("battlefield"),
        "stack": everyone("stack"),
        "exile": [table.cards[i].name for i in exile],
    }
    game.variant.adjust_view(game, player, shown)
    return shown
