"""What one call that judges many candidate actions has found out, kept for that call only.

Listing the legal actions judges every candidate against one and the same state: each card in
hand asks whether its cost can be paid (from one count of the untapped lands), a targeted spell
is judged once for every target, and Stockpile Draft's acquisitions ask about the same few
prices. A :class:`Judgement` keeps the answers while that one call runs. The game's list of
legal actions and its search for the only legal action (what
:meth:`~rulekeeper.engine.game.Game.legal_actions` reads) open one and drop it before they
return, and nothing changes the state in between, so no answer can go stale: an action applied
later, or a state edited directly between two calls, is always judged afresh (see "Making the
engine faster" in the contributor guide).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from rulekeeper.engine.game import Violation


class Judgement:
    """Answers found while judging the candidates of one call, by the question's arguments."""

    # A plain class, not a dataclass: one is made for every call
    # (speed guide, "Patterns in the hot code").
    def __init__(self, player: int) -> None:
        self.player = player
        """The player whose actions are judged: the one who decides."""
        self.untapped_mana: dict[int, tuple[str, int]] = {}
        """The colours each player's untapped lands make and how many there are (what says
        whether a cost can be paid, MG R2; see
        :meth:`~rulekeeper.mtg.game.MagicGame.untapped_mana`)."""
        self.casting: dict[int, Violation | None] = {}
        """Why :attr:`player` cannot cast a card whatever its target, by card ID."""
