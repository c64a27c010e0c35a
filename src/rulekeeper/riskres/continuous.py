"""Until-end-of-turn and until-end-of-combat changes, and who made them (RR 4.5.6a,
RR 4.7.2b, RR R53, RR 10.5d).

A pump is kept twice: as a running total on the creature, which is what power and defense read,
and in the game's ledger with the player who made it and how long it lasts, so that it can end
with combat (RR 4.5.6a) or early when that player leaves the game (RR R68).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from rulekeeper.riskres.state import CardState

if TYPE_CHECKING:
    from rulekeeper.riskres.game import RiskGame


def pump(
    game: RiskGame,
    controller: int,
    creature: CardState,
    power: int,
    defense: int,
    until: str = "turn",
) -> None:
    """Give ``creature`` +power/+defense until the end of the turn or of combat (``until``),
    made by ``controller``."""
    creature.pump_power += power
    creature.pump_defense += defense
    game.pumps.append((controller, creature.id, power, defense, until))


def end_all(game: RiskGame) -> None:
    """End every until-end-of-turn change (cleanup, and the untap phase after it: RR R53)."""
    for permanent in game.table.permanents():
        permanent.pump_power = permanent.pump_defense = 0
    game.pumps.clear()


def end_combat_effects(game: RiskGame) -> None:
    """End every change that lasts until end of combat (RR 4.5.6a).

    :enforces: RR 4.5.6a
    """
    for _, card_id, power, defense, until in game.pumps:
        if until == "combat":
            name = game.table.cards[card_id].name
            game.record("RR 4.5.6a", f"{name}'s +{power}/+{defense} until end of combat ends")
    _end(game, lambda controller, until: until == "combat")


def end_effects_of(game: RiskGame, player: int) -> None:
    """End the until-end-of-turn and until-end-of-combat changes ``player`` made; the static
    abilities of their permanents end as the permanents leave the battlefield (RR R68).

    :enforces: RR 10.5d, RR R68
    """
    _end(game, lambda controller, until: controller == player)


def _end(game: RiskGame, ends: Callable[[int, str], bool]) -> None:
    """Undo the pumps for which ``ends(controller, until)`` is true and drop them."""
    kept = []
    for entry in game.pumps:
        controller, card_id, power, defense, until = entry
        if ends(controller, until):
            creature = game.table.cards[card_id]
            creature.pump_power -= power
            creature.pump_defense -= defense
        else:
            kept.append(entry)
    game.pumps = kept
