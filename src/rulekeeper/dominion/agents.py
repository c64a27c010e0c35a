"""Agents for plain Dominion: Big Money and Big Money with Smithy.

Their buying rules are those of pyminion 0.4.0's ``BigMoney`` and ``BigMoneySmithy`` bots,
so that the bench can compare the two engines game for game (see ``rulekeeper.bench``):

- Big Money buys a Province with $8 or more, else a Gold with $6 or more, else a Silver with
  $3 or more, and never plays an Action card.
- Big Money with Smithy plays a Smithy whenever it can, and buys like Big Money except that
  with exactly $4 it buys a Smithy.

Treasures are played by the engine (DM R5), as pyminion's bots play all of theirs. Both buy
one card per turn (the first card of their order whose pile is not empty) and answer every
choice a card asks of them with the first option offered, as pyminion's bots take the first
valid cards.

Like pyminion's bots, they decide from what they know (the phase, their coins) and by asking
whether the one move they want is allowed (``Buy(name) in actions``, ``Play("Smithy") in
actions``), without listing every legal action: the legal actions
:func:`~rulekeeper.engine.agents.play` hands them judge that one move, and are listed only for a
card's choice, which they answer from the list.

>>> from rulekeeper.dominion.agents import BigMoney
>>> from rulekeeper.dominion.actions import Buy, EndPhase
>>> BigMoney().choose({"coins": 7, "phase": "buy", "choice": None},
...                   [Buy("Silver"), Buy("Gold"), EndPhase()])
Buy(card='Gold')
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Final

from rulekeeper.dominion.actions import Buy, Choose, EndPhase, Play
from rulekeeper.engine.game import Action

_END: Final = EndPhase()
# The buys the bots consider, made once (actions are values: equal to any Buy of that card).
_BUY: Final[dict[str, Buy]] = {name: Buy(name) for name in ("Province", "Gold", "Silver", "Smithy")}
_SMITHY: Final = Play("Smithy")


class BigMoney:
    """Money and Provinces only (pyminion 0.4.0's ``BigMoney``)."""

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed

    def __repr__(self) -> str:
        return f"{type(self).__name__}()"

    def wants(self, coins: int) -> list[str]:
        """The cards it would buy with ``coins``, best first."""
        found = []
        if coins >= 8:
            found.append("Province")
        if coins >= 6:
            found.append("Gold")
        if coins >= 3:
            found.append("Silver")
        return found

    def action(self, actions: Sequence[Action]) -> Action | None:
        """The Action card it plays in the Action phase, if any."""
        return None

    def choose(self, view: dict[str, Any], actions: Sequence[Action]) -> Action:
        """Play an Action card if it plays any, then buy by priority; answer card choices
        with the first option."""
        # Read as Any (speed guide, "Patterns in the hot code").
        facts: Any = view
        phase: str = facts["phase"]
        choice = facts["choice"]
        if choice is None and phase == "buy":
            # Ending the Buy phase is always allowed when no choice is pending, and a buy is
            # judged by the game (as the list would have it) without listing the others.
            for name in self.wants(facts["coins"]):
                buy = _BUY.get(name) or Buy(name)
                if buy in actions:
                    return buy
            return _END
        if choice is None and phase == "action":
            return self.action(actions) or _END  # EndPhase is always allowed here
        # A choice, or a decision before the first turn (a variant's, where nothing can be
        # bought): from the list.
        if choice is not None or isinstance(actions[0], Choose):
            return actions[0]
        return actions[-1]


class BigMoneySmithy(BigMoney):
    """Big Money that plays Smithy and buys one with exactly $4 (pyminion's ``BigMoneySmithy``)."""

    def wants(self, coins: int) -> list[str]:
        """As Big Money, with a Smithy at exactly $4 before the Silver."""
        found = super().wants(coins)
        if coins == 4:
            found.insert(0, "Smithy")
        return found

    def action(self, actions: Sequence[Action]) -> Action | None:
        """Play a Smithy if one is in hand (if it is among the legal actions)."""
        return _SMITHY if _SMITHY in actions else None
