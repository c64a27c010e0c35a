"""Victory points and the winner (DM 6.2, DM 6.3).

>>> from rulekeeper.dominion.scoring import card_points
>>> card_points(["Province", "Duchy", "Estate", "Curse"] + ["Copper"] * 6)
9
>>> card_points(["Gardens"] + ["Copper"] * 19)
2
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Final

from rulekeeper.engine.game import Outcome
from rulekeeper.rules import RuleId

if TYPE_CHECKING:
    from rulekeeper.dominion.game import DominionGame

POINTS: Final = {"Estate": 1, "Duchy": 3, "Province": 6, "Curse": -1, "Nobles": 2}  # DM 6.2


def card_points(cards: Sequence[str]) -> int:
    """The Victory points of a collection of cards (DM 6.2): each card's own value, Gardens
    one per ten cards (rounded down), Duke one per Duchy.

    :enforces: DM 6.2
    """
    total = gardens = dukes = duchies = 0
    for name in cards:  # one pass over the cards
        total += POINTS.get(name, 0)
        if name == "Gardens":
            gardens += 1
        elif name == "Duke":
            dukes += 1
        elif name == "Duchy":
            duchies += 1
    if gardens:
        total += gardens * (len(cards) // 10)
    if dukes:
        total += dukes * duchies
    return total


def landmark_points(landmarks: Sequence[str], cards: Sequence[str]) -> int:
    """What the Landmarks in use add or take away at the end (DM 5.3).

    :enforces: DM 5.3
    """
    total = 0
    if "Bandit Fort" in landmarks:
        total -= 2 * (cards.count("Silver") + cards.count("Gold"))
    if "Fountain" in landmarks and cards.count("Copper") >= 10:
        total += 15
    return total


def points(game: DominionGame, player: int) -> int:
    """``player``'s Victory points now, counting every card they have (DM 6.2)."""
    cards = game.all_cards_of(player)
    return card_points(cards) + landmark_points(game.variant.landscapes_of(game, player), cards)


def outcome(game: DominionGame, rule: RuleId, reason: str) -> Outcome:
    """The most points wins; among the tied, fewer turns wins; tied on turns too, they share
    the win (DM 6.3). A win shared by everybody is a draw.

    :enforces: DM 6.3
    """
    scores = [points(game, p) for p in range(len(game.table.players))]
    best = max(scores)
    tied = [p for p, s in enumerate(scores) if s == best]
    fewest = min(game.turns_taken[p] for p in tied)
    winners = tuple(p for p in tied if game.turns_taken[p] == fewest)
    summary = ", ".join(f"{game.name_of(p)} {s} VP" for p, s in enumerate(scores))
    result = "draw" if len(winners) == len(scores) else "win"
    # No causes: in Dominion nobody loses by a rule (that field is for players knocked out, as
    # in Risk & Resource); the game ends by ``rule`` and the points decide among everyone.
    return Outcome(result, winners, rule, f"{reason}; {summary}")
