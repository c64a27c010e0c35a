"""What a spell or ability costs: Assembly Line (RR 1.5), cost stacking (RR 1.6), Intel (RR 1.4).

>>> from rulekeeper.riskres.costs import stack_costs
>>> stack_costs(printed=5, increases=[1], reductions=[(4, 4), (1, 1)])
1
>>> stack_costs(printed=0, increases=[], reductions=[(1, 1)])
0
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from rulekeeper.riskres import ASSEMBLY_LINE_MAX, INTEL_SURCHARGE
from rulekeeper.riskres.cards import Ability, CardDef

if TYPE_CHECKING:
    from rulekeeper.riskres.state import Table


def stack_costs(
    printed: int, increases: Sequence[int], reductions: Sequence[tuple[int, int]]
) -> int:
    """Apply cost changes in the order of RR 1.6.

    First every increase (RR 1.6a), then every reduction (RR 1.6b), each limited by its own
    maximum given as ``(amount, maximum)`` (RR 1.6c); the result is at least 1 EP unless the
    printed cost is 0 (RR 1.6d, RR 1.5d).

    :enforces: RR 1.6a, RR 1.6b, RR 1.6c, RR 1.6d, RR 1.5d, RR R41
    """
    cost = printed + sum(increases)
    for amount, maximum in reductions:
        cost -= min(amount, maximum)
    floor = 0 if printed == 0 else 1
    return max(cost, floor)


def assembly_line(table: Table, player: int, definition: CardDef, card_id: int) -> int:
    """The Assembly Line reduction: 1 EP per other artifact ``player`` controls, at most 4.

    It applies only to casting an artifact spell with Assembly Line (RR 1.5a, RR 1.5e), never
    to abilities.

    :enforces: RR 1.5a, RR 1.5b, RR 1.5c, RR 1.5e
    """
    if not definition.has_keyword("Assembly Line") or not definition.has_type("Artifact"):
        return 0
    others = sum(
        1 for c in table.permanents(player) if c.definition.has_type("Artifact") and c.id != card_id
    )
    return min(others, ASSEMBLY_LINE_MAX)


def _changes(
    table: Table, player: int, definition: CardDef
) -> tuple[list[int], list[tuple[int, int]]]:
    """The cost increases and capped reductions that permanents apply to ``player``'s spell."""
    increases: list[int] = []
    reductions: list[tuple[int, int]] = []
    for permanent in table.permanents():
        static = permanent.definition.static
        mine = permanent.controller == player
        tax = static.get("tax")
        if tax is not None and (tax["whose"] == "all" or not mine):
            increases.append(tax["amount"])
        discount = static.get("discount")
        if (
            discount is not None
            and (discount["whose"] == "all" or mine)
            and any(definition.has_type(t) for t in discount["types"])
        ):
            reductions.append((discount["amount"], discount["max"]))
    return increases, reductions


def spell_cost(
    table: Table, player: int, definition: CardDef, card_id: int, *, alternative: bool = False
) -> int:
    """The EP ``player`` pays to cast ``definition`` now.

    An alternative cost replaces the printed cost entirely and takes no reductions (RR 1.6e);
    increases still apply, being part of the cost to pay.

    :enforces: RR 1.6e
    """
    increases, reductions = _changes(table, player, definition)
    if alternative and definition.alternative_cost is not None:
        return definition.alternative_cost + sum(increases)
    line = assembly_line(table, player, definition, card_id)
    if line:
        reductions.append((line, ASSEMBLY_LINE_MAX))
    return stack_costs(definition.cost, increases, reductions)


def intel_surcharge(used_this_turn: int) -> int:
    """The extra EP an Intel ability costs: +0 for the first this turn, +2, then +4 (RR 1.4).

    :enforces: RR 1.4d, RR 1.4e, RR R16
    """
    return INTEL_SURCHARGE[min(used_this_turn, len(INTEL_SURCHARGE) - 1)]


def ability_cost(ability: Ability, used_this_turn: int) -> tuple[int, int]:
    """The (EP, Intel tokens) an ability costs now; Assembly Line never applies (RR 1.5e).

    An escalated Intel ability costs its Intel tokens and its EP, with the surcharge added to
    the EP: it replaces neither (RR R79).
    """
    surcharge = intel_surcharge(used_this_turn) if ability.is_intel else 0
    return ability.ep + surcharge, ability.intel
