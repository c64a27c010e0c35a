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

>>> from rulekeeper.dominion.agents import BigMoney
>>> from rulekeeper.dominion.actions import Buy, EndPhase
>>> BigMoney().choose({"coins": 7, "phase": "buy", "choice": None},
...                   [Buy("Silver"), Buy("Gold"), EndPhase()])
Buy(card='Gold')
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, ClassVar

from rulekeeper.dominion.actions import Buy, Choose, Play
from rulekeeper.engine.game import Action


class BigMoney:
    """Money and Provinces only (pyminion 0.4.0's ``BigMoney``)."""

    needs_view: ClassVar[bool] = True

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
        """Play Treasures, then buy by priority; answer card choices with the first option."""
        if view["choice"] is not None or isinstance(actions[0], Choose):
            return actions[0]
        if view["phase"] == "action":
            return self.action(actions) or actions[-1]  # EndPhase comes last
        for name in self.wants(view["coins"]):
            for action in actions:
                if isinstance(action, Buy) and action.card == name:
                    return action
        return actions[-1]  # EndPhase


class BigMoneySmithy(BigMoney):
    """Big Money that plays Smithy and buys one with exactly $4 (pyminion's ``BigMoneySmithy``)."""

    def wants(self, coins: int) -> list[str]:
        """As Big Money, with a Smithy at exactly $4 before the Silver."""
        found = super().wants(coins)
        if coins == 4:
            found.insert(0, "Smithy")
        return found

    def action(self, actions: Sequence[Action]) -> Action | None:
        """Play a Smithy if one is in hand."""
        return next((a for a in actions if isinstance(a, Play) and a.card == "Smithy"), None)
