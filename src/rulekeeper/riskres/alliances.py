"""Alliance mode (RR 10.4.1, RR R58): forming alliances, sharing win conditions, betrayal.

An alliance is between two players and forms when both agree: one offers, the other offers back
(:class:`~rulekeeper.riskres.actions.OfferAlliance`). Allies stay opponents for every rule but
winning: a Win Condition either controls wins for both, and when every player left in the game
is allied with every other, they win together.

The :class:`Alliance` variant keeps the alliances, the offers and whether betrayal is allowed
on itself, and answers the hooks of :class:`~rulekeeper.riskres.hooks.RiskVariant` that the
core asks about them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from rulekeeper.engine.game import Action
from rulekeeper.riskres import actions as act
from rulekeeper.riskres.hooks import Pair, RiskVariant

if TYPE_CHECKING:
    from rulekeeper.engine.game import Violation
    from rulekeeper.riskres.game import RiskGame


def _pair(first: int, second: int) -> Pair:
    return (min(first, second), max(first, second))


class Alliance(RiskVariant):
    """Alliance mode (RR 10.4.1): players may ally, and allies share their win conditions.

    ``betrayal=False`` sets the game up so that alliances last (RR 10.4.1c, RR R66).
    """

    def __init__(self, *, betrayal: bool = True) -> None:
        self.betrayal = betrayal
        """Whether an ally may end the alliance (RR 10.4.1c)."""
        self.alliances: list[Pair] = []
        """The allied pairs, lower seat first, in order."""
        self.offers: list[Pair] = []
        """The offers (from, to) awaiting an answer."""
        self.offers_made: list[Pair] = []
        """The offers (from, to) made this turn (RR R58)."""

    @property
    def option(self) -> str:
        return "alliance"

    @property
    def allows_betrayal(self) -> bool:
        return self.betrayal

    def has_actions(self, game: RiskGame, player: int) -> bool:
        return True

    def priority_actions(self, game: RiskGame, player: int) -> list[Action]:
        found: list[Action] = []
        for other in game.opponents(player):
            found += (act.OfferAlliance(other), act.BreakAlliance(other))
        return found

    def why_not_offer(self, game: RiskGame, player: int, other: int) -> Violation | None:
        """An alliance may be offered or accepted only to another player still in the game who
        is not already an ally, has no offer of yours waiting and has not had one from you
        this turn (RR R58).

        :enforces: RR 10.4.1a, RR R58
        """
        if other == player or game.table.players[other].left:
            return ("RR R58", "ally with another player still in the game")
        if _pair(player, other) in self.alliances:
            return ("RR R58", f"you are already allied with {game.name_of(other)}")
        if (player, other) in self.offers:
            return ("RR R58", f"your offer to {game.name_of(other)} is still waiting")
        if (player, other) in self.offers_made:
            return (
                "RR R58",
                f"you have already offered {game.name_of(other)} an alliance this turn",
            )
        return None

    def offer_alliance(self, game: RiskGame, player: int, other: int) -> bool:
        """Offer an alliance, or accept ``other``'s offer: then the two are allies. No stack.

        :returns: whether an alliance was made, after which the caller settles the game: allies
            with no one else left win together (RR R58).
        """
        game.passes = 0
        self.offers_made.append((player, other))
        me, them = game.name_of(player), game.name_of(other)
        if (other, player) in self.offers:
            self.offers.remove((other, player))
            self.alliances.append(_pair(player, other))
            self.alliances.sort()
            game.record("RR 10.4.1a", f"{me} accepts {them}'s offer: they are allies")
            return True
        self.offers.append((player, other))
        game.record("RR R58", f"{me} offers {them} an alliance")
        return False

    def why_not_break(self, game: RiskGame, player: int, other: int) -> Violation | None:
        """An ally may end the alliance (betray it) unless the game forbids betrayal.

        :enforces: RR 10.4.1c
        """
        if _pair(player, other) not in self.alliances:
            return ("RR 10.4.1c", f"you are not allied with {game.name_of(other)}")
        if not self.betrayal:
            return ("RR 10.4.1c", "this game forbids betrayal: alliances last")
        return None

    def break_alliance(self, game: RiskGame, player: int, other: int) -> None:
        """End the alliance of ``player`` and ``other``."""
        game.passes = 0
        self.alliances.remove(_pair(player, other))
        game.record(
            "RR 10.4.1c", f"{game.name_of(player)} betrays {game.name_of(other)}: the alliance ends"
        )

    def has_alliances(self) -> bool:
        return bool(self.alliances)

    def allies(self, player: int) -> list[int]:
        return sorted(b if a == player else a for a, b in self.alliances if player in (a, b))

    def all_allied(self, players: list[int]) -> bool:
        """True when every two of ``players`` are allies (with two or more players).

        :enforces: RR R58
        """
        pairs = self.alliances
        if not pairs:
            return False
        return len(players) > 1 and all(
            _pair(a, b) in pairs for a in players for b in players if a < b
        )

    def begin_turn(self, game: RiskGame, player: int) -> None:
        # RR R58: each player may offer each other player an alliance once a turn.
        self.offers_made.clear()

    def on_player_left(self, game: RiskGame, player: int) -> None:
        """End every alliance and offer of a player who leaves the game."""
        self.alliances = [p for p in self.alliances if player not in p]
        self.offers = [p for p in self.offers if player not in p]

    def adjust_view(self, game: RiskGame, player: int, view: dict[str, Any]) -> None:
        super().adjust_view(game, player, view)
        view["alliances"] = [list(p) for p in self.alliances]
        view["alliance_offers"] = [list(p) for p in self.offers]

    def save_state(self) -> dict[str, Any]:
        return {
            **super().save_state(),
            "alliances": [list(p) for p in self.alliances],
            "offers": [list(p) for p in self.offers],
            "offers_made": [list(p) for p in self.offers_made],
        }

    def restore_state(self, saved: dict[str, Any]) -> None:
        self._refuse_unkept(saved, "alliances", "offers", "offers_made")
        self.alliances = [(a, b) for a, b in saved["alliances"]]
        self.offers = [(a, b) for a, b in saved["offers"]]
        self.offers_made = [(a, b) for a, b in saved["offers_made"]]
