"""Risk rolls (RR 7): the level, the d20, its modifiers, and the effects that follow.

A risk is data: a level (or a choice of levels, RR 7.1a), and the effects of a success, a near
miss, a natural 20 and a natural 1 (see :data:`~rulekeeper.riskres.cards.RISK_OUTCOMES`). The
permanents a player controls may modify that player's risks: +X to the roll (RR 7.3a), an
easier level (RR 7.3b) and rerolls (RR 7.3c).

>>> from rulekeeper.riskres.risk import easier_level
>>> easier_level("high", 1), easier_level("medium", 3)
('medium', 'low')
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Final

from rulekeeper.riskres.cards import RISK_LEVELS
from rulekeeper.riskres.state import CardState

if TYPE_CHECKING:
    from rulekeeper.riskres.game import RiskGame

DIE: Final = 20  # RR 7.1b: a risk rolls a twenty-sided die
NATURAL_SUCCESS: Final = 20  # RR 7.2a, RR 7.2f
NATURAL_FAILURE: Final = 1  # RR 7.2e, RR 7.2g
NEAR_MISS: Final = 2  # RR 7.2c: 1 or 2 short of the threshold


@dataclass(frozen=True)
class Modifiers:
    """The risk modifiers a player has: +X to the roll, levels easier, and rerolls."""

    bonus: int = 0
    easier: int = 0
    rerolls: int = 0


def modifiers(game: RiskGame, player: int) -> Modifiers:
    """The sum of the risk modifiers of the permanents ``player`` controls.

    A face-down permanent has no abilities (RR 13.1a), so it modifies nothing.
    """
    bonus = easier = rerolls = 0
    for permanent in game.table.permanents(player):
        risk = permanent.definition.static.get("risk")
        if risk:
            bonus += risk.get("bonus", 0)
            easier += risk.get("easier", 0)
            rerolls += risk.get("reroll", 0)
    return Modifiers(bonus, easier, rerolls)


def easier_level(level: str, reductions: int) -> str:
    """The level whose threshold a risk uses after ``reductions`` reductions: each one moves
    to the next easier level, and none goes below Low (RR 7.3b, RR R47).

    :enforces: RR 7.3b, RR R47
    """
    order = list(RISK_LEVELS)
    return order[max(order.index(level) - reductions, 0)]


def verdict(roll: int, bonus: int, threshold: int) -> tuple[str, str]:
    """The outcome of ``roll`` with ``bonus`` added, against ``threshold``: its rule and name.

    A natural 20 or natural 1 is judged on the die alone; anything else on the total
    (RR 7.2h, RR R46).

    :enforces: RR 7.3a, RR 7.2f, RR 7.2g, RR 7.2h, RR R46
    """
    total = roll + bonus
    if roll == NATURAL_SUCCESS:
        return "RR 7.2a", "a critical success"
    if roll == NATURAL_FAILURE:
        return "RR 7.2e", "a critical failure"
    if total >= threshold:
        return "RR 7.2b", "a success"
    if threshold - total <= NEAR_MISS:
        return "RR 7.2c", "a near miss"
    return "RR 7.2d", "a failure"


def _a(level: str) -> str:
    """A level with its article, for the log: "a high risk", "an extreme risk"."""
    return f"{'an' if level[0] in 'aeiou' else 'a'} {level} risk"


def is_success(rule: str) -> bool:
    """True for a verdict of success or critical success."""
    return rule in ("RR 7.2a", "RR 7.2b")


def take_risk(
    game: RiskGame, source: CardState, controller: int, risk: Mapping[str, Any]
) -> list[Mapping[str, Any]]:
    """Roll a d20 for ``risk``, taken by ``controller``, and return the effects that follow.

    A level its controller chose was declared as the ability was activated (RR 7.1a,
    RR R69). The controller's permanents may make the level easier (RR 7.3b), add to the roll
    (RR 7.3a) and reroll a roll that is not a success, once per reroll effect, the last roll
    counting (RR 7.3c, RR R47). Then:

    - a natural 20 doubles the success effects, and the card's own critical-success effects
      happen too, once (RR 7.2a, RR 7.2i, RR R70);
    - a natural 1 gives the card's benefit for an opponent, if any, to the next opponent in
      turn order (RR 7.2e, RR R47), and nothing else happens;
    - otherwise the total meets the threshold of RR 7.1c for a success, falls 1 or 2 short for
      a near miss with the partial effects, or 3 or more short for nothing (RR 7.2b to 7.2d).

    :enforces: RR 7.1a, RR 7.1b, RR 7.1c, RR 7.2a, RR 7.2b, RR 7.2c, RR 7.2d, RR 7.2e, RR 7.2i,
        RR 7.3c, RR R47, RR R69, RR R70
    """
    level = str(risk["level"])
    me = game.table.players[controller]
    if risk.get("declared"):
        game.record("RR 7.1a", f"{me.name} declared {_a(level)} for {source.name}")
    mods = modifiers(game, controller)
    used = easier_level(level, mods.easier)
    threshold = RISK_LEVELS[used]
    roll = game.chance.roll(DIE, kind="d20")
    for _ in range(mods.rerolls):
        if is_success(verdict(roll, mods.bonus, threshold)[0]):
            break
        again = game.chance.roll(DIE, kind="d20")
        game.record("RR 7.3c", f"{me.name} rerolls the risk die: {roll} becomes {again}")
        roll = again
    rule, outcome = verdict(roll, mods.bonus, threshold)
    effects: list[Mapping[str, Any]]
    if rule == "RR 7.2a":
        effects = [dict(e, double=True) for e in risk["success"]]
        effects += risk.get("critical_success", [])
    elif rule == "RR 7.2e":
        opponents = game.opponents(controller)
        benefit = risk.get("critical_failure", []) if opponents else []
        effects = [dict(e, player=opponents[0]) for e in benefit]
    elif rule == "RR 7.2b":
        effects = list(risk["success"])
    elif rule == "RR 7.2c":
        effects = list(risk.get("partial", []))
    else:
        effects = []
    taken = _a(level) + (f" eased to {used}" if used != level else "")
    rolled = f"{roll} + {mods.bonus} = {roll + mods.bonus}" if mods.bonus else str(roll)
    game.record(rule, f"{source.name} takes {taken} ({threshold}+) and rolls {rolled}: {outcome}")
    return effects
