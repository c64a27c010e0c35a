"""Until-end-of-turn changes and who made them (RR 4.7.2b, RR R53, RR 10.5d).

A pump is kept twice: as a running total on the creature, which is what power and defense read,
and in the game's ledger with the player who made it, so that it can end early when that
player leaves the game (RR R68).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rulekeeper.riskres.state import CardState
from rulekeeper.rules import enforces

if TYPE_CHECKING:
    from rulekeeper.riskres.game import RiskGame


def pump(game: RiskGame, controller: int, creature: CardState, power: int, defense: int) -> None:
    """Give ``creature`` +power/+defense until end of turn, made by ``controller``."""
    creature.pump_power += power
    creature.pump_defense += defense
    game.pumps.append((controller, creature.id, power, defense))


def end_all(game: RiskGame) -> None:
    """End every until-end-of-turn change (cleanup, and the untap phase after it: RR R53)."""
    for permanent in game.table.permanents():
        permanent.pump_power = permanent.pump_defense = 0
    game.pumps.clear()


@enforces("RR 10.5d", "RR R68")
def end_effects_of(game: RiskGame, player: int) -> None:
    """End the until-end-of-turn changes ``player`` made; the static abilities of their
    permanents end as the permanents leave the battlefield (RR R68)."""
    for controller, card_id, power, defense in game.pumps:
        if controller == player:
            creature = game.table.cards[card_id]
            creature.pump_power -= power
            creature.pump_defense -= defense
    game.pumps = [entry for entry in game.pumps if entry[0] != player]
