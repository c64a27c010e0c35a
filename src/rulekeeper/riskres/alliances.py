"""Alliance mode (RR 10.4.1, RR R58): forming alliances, sharing win conditions, betrayal.

An alliance is between two players and forms when both agree: one offers, the other offers back
(:class:`~rulekeeper.riskres.actions.OfferAlliance`). Allies stay opponents for every rule but
winning: a Win Condition either controls wins for both, and when every player left in the game
is allied with every other, they win together.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from rulekeeper.engine.game import Violation
    from rulekeeper.riskres.game import RiskGame


def _pair(first: int, second: int) -> tuple[int, int]:
    return (min(first, second), max(first, second))


def allies(game: RiskGame, player: int) -> list[int]:
    """The players allied with ``player``, in seat order."""
    pairs = game.variant.state.alliances
    return sorted(b if a == player else a for a, b in pairs if player in (a, b))


def all_allied(game: RiskGame, players: list[int]) -> bool:
    """True when every two of ``players`` are allies (with two or more players).

    :enforces: RR R58
    """
    pairs = game.variant.state.alliances
    if not pairs:
        return False
    return len(players) > 1 and all(_pair(a, b) in pairs for a in players for b in players if a < b)


def why_not_offer(game: RiskGame, player: int, other: int) -> Violation | None:
    """In Alliance mode (the only variant that asks this), an alliance may be offered or
    accepted only to another player still in the game who is not already an ally, has no offer
    of yours waiting and has not had one from you this turn (RR R58).

    :enforces: RR 10.4.1a, RR R58
    """
    state = game.variant.state
    if other == player or game.table.players[other].left:
        return ("RR R58", "ally with another player still in the game")
    if _pair(player, other) in state.alliances:
        return ("RR R58", f"you are already allied with {game.name_of(other)}")
    if (player, other) in state.offers:
        return ("RR R58", f"your offer to {game.name_of(other)} is still waiting")
    if (player, other) in state.offers_made:
        return ("RR R58", f"you have already offered {game.name_of(other)} an alliance this turn")
    return None


def offer(game: RiskGame, player: int, other: int) -> bool:
    """Offer an alliance, or accept ``other``'s offer: then the two are allies. No stack.

    :returns: whether an alliance was made, after which the caller settles the game: allies
        with no one else left win together (RR R58).
    """
    game.passes = 0
    state = game.variant.state
    state.offers_made.append((player, other))
    me, them = game.name_of(player), game.name_of(other)
    if (other, player) in state.offers:
        state.offers.remove((other, player))
        state.alliances.append(_pair(player, other))
        state.alliances.sort()
        game.record("RR 10.4.1a", f"{me} accepts {them}'s offer: they are allies")
        return True
    state.offers.append((player, other))
    game.record("RR R58", f"{me} offers {them} an alliance")
    return False


def why_not_break(game: RiskGame, player: int, other: int) -> Violation | None:
    """An ally may end the alliance (betray it) unless the game forbids betrayal.

    :enforces: RR 10.4.1c
    """
    if _pair(player, other) not in game.variant.state.alliances:
        return ("RR 10.4.1c", f"you are not allied with {game.name_of(other)}")
    if not game.betrayal:
        return ("RR 10.4.1c", "this game forbids betrayal: alliances last")
    return None


def break_alliance(game: RiskGame, player: int, other: int) -> None:
    """End the alliance of ``player`` and ``other``."""
    game.passes = 0
    game.variant.state.alliances.remove(_pair(player, other))
    game.record(
        "RR 10.4.1c", f"{game.name_of(player)} betrays {game.name_of(other)}: the alliance ends"
    )


def forget(game: RiskGame, player: int) -> None:
    """End every alliance and offer of a player who leaves the game."""
    state = game.variant.state
    state.alliances = [p for p in state.alliances if player not in p]
    state.offers = [p for p in state.offers if player not in p]
