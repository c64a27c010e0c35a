"""A permanent's characteristics now: power, defense and keywords with every effect applied.

Counters, until-end-of-turn changes, Auras (RR 3.1.3) and global effects of enchantments and
landmarks (RR 3.1.4) all count. Defense itself never changes with damage (RR R4): damage is
marked beside it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rulekeeper.riskres.state import CardState

if TYPE_CHECKING:
    from rulekeeper.riskres.state import Table


def _modifiers(table: Table, creature: CardState) -> tuple[int, int, set[str]]:
    power = defense = 0
    words: set[str] = set()
    for permanent in table.permanents():
        static = permanent.definition.static
        if not static:
            continue
        aura = static.get("aura")
        if aura is not None and permanent.attached_to == creature.id:
            power += aura["power"]
            defense += aura["defense"]
            words.update(aura["keywords"])
        anthem = static.get("anthem")
        if anthem is not None and (
            anthem["whose"] == "all" or permanent.controller == creature.controller
        ):
            power += anthem["power"]
            defense += anthem["defense"]
    return power, defense, words


def power(table: Table, creature: CardState) -> int:
    """The creature's power now (never below 0 for dealing damage).

    :enforces: RR 3.1.1a, RR R32
    """
    base = creature.definition.power or 0
    extra = creature.plus - creature.minus + creature.pump_power
    return base + extra + _modifiers(table, creature)[0]


def defense(table: Table, creature: CardState) -> int:
    """The creature's defense now: printed, counters, pumps, Auras and global effects.

    :enforces: RR 3.1.1a, RR R32
    """
    base = creature.definition.defense or 0
    extra = creature.plus - creature.minus + creature.pump_defense
    return base + extra + _modifiers(table, creature)[1]


def has_keyword(table: Table, creature: CardState, keyword: str) -> bool:
    """True if the creature has ``keyword``, printed or granted by an Aura."""
    if creature.definition.has_keyword(keyword):
        return True
    return keyword in _modifiers(table, creature)[2]


def is_fast(table: Table, creature: CardState) -> bool:
    """True if the creature deals damage in the first damage step (RR 6.2.1a, RR 6.2.4c).

    :enforces: RR 6.2.1a, RR 6.2.4c, RR R24, RR R25
    """
    return has_keyword(table, creature, "Fast") or has_keyword(table, creature, "Double Strike")


def is_slow(table: Table, creature: CardState) -> bool:
    """True if the creature deals damage in the second damage step (RR 6.2.1b, RR 6.2.4c).

    :enforces: RR 6.2.1b, RR 6.2.4c, RR R24, RR R25
    """
    return not has_keyword(table, creature, "Fast") or has_keyword(table, creature, "Double Strike")


def lethal_damage(table: Table, creature: CardState, deadly: bool) -> int:
    """Damage that is lethal now: defense minus marked damage, or 1 from Deadly (RR 6.3)."""
    if deadly:
        return 1
    return max(defense(table, creature) - creature.damage, 0)
