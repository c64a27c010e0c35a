"""Dividing a blocked attacker's combat damage (RR 6.3, RR R39): who may receive it, every
division the rule allows, and the one a player who does not choose makes.

An attacker's recipients are its blockers still on the battlefield, in its damage order (or
the creature it attacks, if nothing blocked it), then, with Piercing, the defending player
(RR R12). The attacking player divides its damage among them as they choose, in each damage
step in which it deals damage, so long as each recipient is given lethal damage before the
next is given any (RR 6.3b); lethal is counted as the step begins (RR 6.3c, RR 6.3d). The
player is asked only when the rule leaves more than one division.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

from rulekeeper.engine.game import Violation
from rulekeeper.riskres.actions import Player, Target
from rulekeeper.riskres.keywords import has_keyword, is_fast, is_slow, lethal_damage, power
from rulekeeper.riskres.state import CardState

if TYPE_CHECKING:
    from rulekeeper.riskres.game import RiskGame

Shares = tuple[tuple[Target, int], ...]
"""A division of one attacker's damage: each recipient and the damage it is given, in the
attacker's damage order, recipients given nothing left out."""


def _on_battlefield(creature: CardState) -> bool:
    return creature.zone.startswith("battlefield")


def recipients(game: RiskGame, attacker: CardState) -> list[Target]:
    """Who ``attacker`` may deal its combat damage to, in the order it must be assigned: its
    blockers on the battlefield in damage order (RR R39), or the creature it attacks if it was
    not blocked, then the defending player if it has Piercing (RR R12). An attacker aimed at a
    player and not blocked has that player alone.

    :enforces: RR 6.2.4b, RR R12, RR R39
    """
    table = game.table
    target = game.attacks[attacker.id]
    found: list[Target] = []
    if attacker.id in game.blocked:
        order = game.damage_order.get(attacker.id) or [
            b for b, a in game.blocks.items() if a == attacker.id
        ]
        found += [b for b in order if _on_battlefield(table.cards[b])]
    elif isinstance(target, Player):
        return [target]
    elif _on_battlefield(table.cards[target]):
        found.append(target)
    if has_keyword(table, attacker, "Piercing"):
        found.append(Player(game.defending_player(target)))
    return found


def _lethal(game: RiskGame, attacker: CardState, targets: list[Target]) -> list[int]:
    # What each recipient needs before the next may be given any: lethal damage for a
    # creature (RR 6.3c, RR 6.3d); a player, always last, needs nothing.
    deadly = has_keyword(game.table, attacker, "Deadly")
    return [
        0 if isinstance(t, Player) else lethal_damage(game.table, game.table.cards[t], deadly)
        for t in targets
    ]


def _amounts(lethal: list[int], amount: int, index: int) -> Iterator[list[int]]:
    # Every way to give ``amount`` to the recipients from ``index`` on, each given lethal
    # damage before the next is given any (RR 6.3b); the last takes what is left.
    if index == len(lethal) - 1:
        yield [amount]
        return
    rest = len(lethal) - index - 1
    for given in range(amount, -1, -1):
        if given >= lethal[index]:
            for after in _amounts(lethal, amount - given, index + 1):
                yield [given, *after]
        elif given == amount:
            yield [given] + [0] * rest


def _shares(targets: list[Target], amounts: list[int]) -> Shares:
    return tuple((t, a) for t, a in zip(targets, amounts, strict=True) if a)


def divisions(game: RiskGame, attacker: CardState) -> list[Shares]:
    """Every division of ``attacker``'s damage the rule allows (RR 6.3b), the default first
    (see :func:`default_division`), the others giving more to earlier recipients first.

    :enforces: RR 6.3a, RR 6.3b, RR R39
    """
    targets = recipients(game, attacker)
    amount = power(game.table, attacker)
    if not targets or amount <= 0:
        return [()]
    default = default_division(game, attacker)
    found = [default]
    for amounts in _amounts(_lethal(game, attacker, targets), amount, 0):
        shares = _shares(targets, amounts)
        if shares != default:
            found.append(shares)
    return found


def default_division(game: RiskGame, attacker: CardState) -> Shares:
    """The division made for a player who does not choose: each recipient in order is given
    lethal damage and the last all that is left, so that a Piercing attacker's excess goes to
    the defending player (RR R12).

    :enforces: RR R39, RR R12
    """
    targets = recipients(game, attacker)
    amount = max(power(game.table, attacker), 0)
    amounts: list[int] = []
    for index, need in enumerate(_lethal(game, attacker, targets)):
        given = amount if index == len(targets) - 1 else min(amount, need)
        amounts.append(given)
        amount -= given
    return _shares(targets, amounts)


def has_choice(game: RiskGame, attacker: CardState) -> bool:
    """Whether the rule leaves ``attacker``'s controller more than one division (RR 6.3a)."""
    targets = recipients(game, attacker)
    if len(targets) < 2:
        return False
    amounts = _amounts(_lethal(game, attacker, targets), power(game.table, attacker), 0)
    return next(amounts, None) is not None and next(amounts, None) is not None


def dealers(game: RiskGame, step: str) -> list[CardState]:
    """The creatures in combat that deal damage in ``step``: the Fast ones in the first damage
    step, the Slow ones in the second (RR 6.2.1), attackers first."""
    table = game.table
    in_combat = [table.cards[i] for i in (*game.attacks, *game.blocks)]
    speed = is_fast if step == "first_damage" else is_slow
    return [c for c in in_combat if _on_battlefield(c) and speed(table, c)]


def next_to_divide(game: RiskGame, dealing: list[CardState]) -> int:
    """The first attacker among ``dealing`` whose controller has a division to choose and has
    not chosen it this step (-1 if none)."""
    for dealer in dealing:
        if (
            dealer.id in game.attacks
            and dealer.id not in game.damage_division
            and has_choice(game, dealer)
        ):
            return dealer.id
    return -1


def dividing(game: RiskGame) -> int:
    """The attacker whose damage the attacking player is asked to divide now (-1 if none)."""
    if game.decision != "damage":
        return -1
    return next_to_divide(game, dealers(game, game.step))


def why_not_divide(game: RiskGame, attacker: int, shares: Shares) -> Violation | None:
    """A division is made for the attacker whose turn it is to divide, and is one the rule
    allows: all its damage, each recipient given lethal before the next (RR 6.3b).

    :enforces: RR 6.3a, RR 6.3b
    """
    if attacker != dividing(game):
        return ("RR 6.3a", "divide the damage of the attacker whose division is asked for")
    creature = game.table.cards[attacker]
    if shares not in divisions(game, creature):
        return (
            "RR 6.3b",
            f"{creature.name} gives each blocker lethal damage, in its damage order, before "
            f"the next is given any, and divides all its {power(game.table, creature)} damage",
        )
    return None


def describe(game: RiskGame, shares: Shares) -> str:
    """A division in words: ``"3 to Plated Tortoise, 1 to Bob"``, or ``"nothing"``."""
    return ", ".join(f"{a} to {game.describe_target(t)}" for t, a in shares) or "nothing"
