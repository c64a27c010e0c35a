"""The numeric facts every Risk & Resource position keeps, for the conformance suite."""

from __future__ import annotations

from typing import TYPE_CHECKING

from rulekeeper.riskres import MAX_TRAPS, division
from rulekeeper.riskres.state import zone_name

if TYPE_CHECKING:
    from rulekeeper.riskres.game import RiskGame


def risk_invariants(game: RiskGame) -> list[str]:
    """Numeric facts of every position: EP and Intel never negative (RR 1.1d), at most two
    traps (RR 2.7b), nothing tapped or damaged off the battlefield, stack and zone agree,
    nothing left behind by a player who has left the game (RR 10.5), the permanents the
    table keeps are the battlefield's, and a division of combat damage waiting for the step's
    damage one the rule allows (RR 6.3b); then the variant's own."""
    problems = game.table.kept_index_problems()
    problems += [f"{p.name} has {p.ep} EP" for p in game.table.players if p.ep < 0]
    problems += [f"{p.name} has {p.intel} Intel" for p in game.table.players if p.intel < 0]
    problems += [
        f"player {i} has {len(game.table.zones[zone_name('traps', i)])} traps"
        for i in range(len(game.table.players))
        if len(game.table.zones[zone_name("traps", i)]) > MAX_TRAPS
    ]
    problems += [
        f"{c.name} is tapped or damaged off the battlefield"
        for c in game.table.cards
        if (c.tapped or c.damage) and not c.zone.startswith("battlefield")
    ]
    problems += [
        f"{c.name} is in zone {c.zone} but listed elsewhere"
        for c in game.table.cards
        if c.id not in game.table.zones[c.zone]
    ]
    problems += [
        f"card {c.id} is face down in {c.zone}"
        for c in game.table.cards
        if c.face_down and not (c.zone == "stack" or c.zone.startswith("battlefield"))
    ]
    for seat in (p for p in game.table.players if p.left):
        kept = [
            zone
            for zone in (zone_name("battlefield", seat.index), zone_name("traps", seat.index))
            if game.table.zones[zone]
        ]
        kept += ["the stack"] * any(item["controller"] == seat.index for item in game.stack)
        problems += [f"{seat.name} has left the game but still has cards in {z}" for z in kept]
        if game.outcome is None and game.priority == seat.index:
            problems.append(f"{seat.name} has left the game but is asked to decide")
    if game.damage_division and game.decision != "damage":
        problems.append("damage is divided for a damage step that is not waiting for it")
    for attacker, shares in game.damage_division.items():
        creature = game.table.cards[attacker]
        if attacker not in game.attacks or shares not in division.divisions(game, creature):
            problems.append(f"{creature.name}'s damage is divided as RR 6.3b does not allow")
    spells = [item["card"] for item in game.stack if item["card"] is not None]
    if spells != game.table.zones["stack"]:
        problems.append("the stack's spells and the stack zone disagree")
    return problems + game.variant.invariants(game)
