"""Who sees which of a player's cards (DM 1.6, DM R6, DM R7): the one answer a player's view
and a position written for a player both take.

>>> from rulekeeper.dominion.scenario import scenario
>>> game = scenario(hands={0: ["Village", "Copper", "Copper", "Estate", "Estate"]})
>>> sight(game, "hand", 0, 0), sight(game, "hand", 0, 1), sight(game, "deck", 0, 0)
('cards', 'count', 'count')
>>> sight(game, "discard", 0, 0), sight(game, "play", 0, 1), sight(game, "discard", 0, None)
('top', 'cards', 'cards')
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

if TYPE_CHECKING:
    from rulekeeper.dominion.game import DominionGame

CARDS: Final = "cards"
"""The viewer sees the zone's cards."""
COUNT: Final = "count"
"""The viewer sees how many cards the zone holds, not which."""
TOP: Final = "top"
"""The viewer sees how many cards the zone holds and its top card."""

_PRIVATE_ASIDE: Final = frozenset({"sentry", "pass", "deliver"})
"""The steps that keep cards set aside from the other players: Sentry's look (DM 4.10) and
Masquerade's pass (DM 4.9). Every other card set aside is public (DM R7)."""


def aside_is_public(game: DominionGame, player: int) -> bool:
    """Whether everyone sees the cards ``player`` has set aside (DM R7): they do unless a
    card that looks at them or passes them is still resolving.

    :enforces: DM R7
    """
    for step in game.steps:
        if step["do"] in _PRIVATE_ASIDE and (
            step["do"] == "deliver" or step.get("player") == player
        ):
            return False
    return True


def sight(game: DominionGame, kind: str, owner: int, viewer: int | None) -> str:
    """What ``viewer`` sees of ``owner``'s zone ``kind`` (``hand``, ``deck``, ``discard``,
    ``play`` or ``aside``): :data:`CARDS`, :data:`COUNT` or :data:`TOP`. ``None`` is the
    referee, who sees every card.

    Nobody sees into a deck, and only the top card of a discard pile, even their own
    (DM 1.6); every count is public (DM R6); a hand is its owner's; cards in play are
    everyone's, and set-aside cards are too unless a card keeps them to their player (DM R7).

    :enforces: DM 1.6, DM R6, DM R7
    """
    if viewer is None or kind == "play":
        return CARDS
    if kind == "deck":
        return COUNT
    if kind == "discard":
        return TOP
    if owner == viewer or (kind == "aside" and aside_is_public(game, owner)):
        return CARDS
    return COUNT


def seen(game: DominionGame, kind: str, owner: int, viewer: int | None) -> list[int] | None:
    """The cards of ``owner``'s zone ``kind`` that ``viewer`` sees, as :func:`sight` says:
    every card, bottom first (:data:`CARDS`); the top card alone, where there is one
    (:data:`TOP`); or ``None`` when the viewer sees only how many (:data:`COUNT`). A player's
    view and a position written for a player take every zone through this.

    >>> from rulekeeper.dominion.scenario import scenario
    >>> game = scenario(hands={0: ["Village", "Copper"]})
    >>> game.table.zones["discard:0"][:] = [game.table.zones["hand:0"].pop()]
    >>> seen(game, "hand", 0, 1), seen(game, "discard", 0, 1) == game.table.zones["discard:0"]
    (None, True)
    """
    ids = game.table.zones[f"{kind}:{owner}"]
    shown = sight(game, kind, owner, viewer)
    if shown == CARDS:
        return list(ids)
    if shown == TOP:
        return list(ids[-1:])
    return None


__all__ = ["CARDS", "COUNT", "TOP", "aside_is_public", "seen", "sight"]
