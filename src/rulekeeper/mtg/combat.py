"""Combat: declaring attackers and blockers, and dealing combat damage (MG 4)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from rulekeeper.mtg.state import CardState
from rulekeeper.rules import enforces

if TYPE_CHECKING:
    from rulekeeper.mtg.game import MagicGame


@enforces("MG 4.1")
def declare_attacker(game: MagicGame, card_id: int) -> None:
    """Make a creature attack the defending player; it taps unless it has vigilance."""
    creature = game.table.cards[card_id]
    creature.attacking = True
    if not creature.definition.has_keyword("Vigilance"):
        creature.tapped = True
    game.record("MG 4.1", f"{creature.name} attacks {game.name_of(game.defender)}")


@enforces("MG 4.2")
def declare_blocker(game: MagicGame, blocker_id: int, attacker_id: int) -> None:
    """Make ``blocker_id`` block ``attacker_id``; blockers are remembered in declaration order."""
    blocker, attacker = game.table.cards[blocker_id], game.table.cards[attacker_id]
    order = 1 + max((c.blocking_order for c in _blockers_of(game, attacker_id)), default=0)
    blocker.blocking, blocker.blocking_order = attacker_id, order
    attacker.blocked = True
    game.record("MG 4.2", f"{blocker.name} blocks {attacker.name}")


def _blockers_of(game: MagicGame, attacker_id: int) -> list[CardState]:
    blockers = [c for c in game.table.creatures() if c.blocking == attacker_id]
    return sorted(blockers, key=lambda c: c.blocking_order)


def _in_combat(game: MagicGame) -> list[CardState]:
    return [c for c in game.table.creatures() if c.attacking or c.blocking != -1]


@enforces("MG 4.4")
def has_first_strike_step(game: MagicGame) -> bool:
    """True if a creature in combat has first strike or double strike."""
    return any(
        c.definition.has_keyword("First strike") or c.definition.has_keyword("Double strike")
        for c in _in_combat(game)
    )


def _deals_damage_now(creature: CardState, first_strike: bool) -> bool:
    definition = creature.definition
    if definition.has_keyword("Double strike"):
        return True
    return definition.has_keyword("First strike") == first_strike


def lethal_damage(creature: CardState, source: CardState) -> int:
    """Damage still needed to destroy ``creature``; 1 from a deathtouch source (MG 4.5)."""
    toughness = creature.definition.toughness or 0
    needed = max(0, toughness - creature.damage)
    if source.definition.has_keyword("Deathtouch"):
        return min(needed, 1)
    return needed


@enforces("MG 4.4", "MG 4.5", "MG 4.6", "MG R4")
def deal_damage(game: MagicGame, *, first_strike: bool) -> None:
    """Deal the combat damage of one damage step, all at once.

    A blocked attacker assigns lethal damage to each blocker in the order they were declared
    before the next (MG R4), the rest to the last one, or to the player if it has trample.
    """
    to_creatures: list[tuple[CardState, CardState, int]] = []
    to_player: list[tuple[CardState, int]] = []
    for attacker in [c for c in game.table.creatures(game.active) if c.attacking]:
        power = attacker.definition.power or 0
        if not _deals_damage_now(attacker, first_strike) or power <= 0:
            continue
        blockers = _blockers_of(game, attacker.id)
        if not attacker.blocked:
            to_player.append((attacker, power))
            continue
        remaining = power
        for index, blocker in enumerate(blockers):
            last = index == len(blockers) - 1
            trample = attacker.definition.has_keyword("Trample")
            share = (
                remaining
                if last and not trample
                else min(remaining, lethal_damage(blocker, attacker))
            )
            if share:
                to_creatures.append((attacker, blocker, share))
                remaining -= share
        if remaining and attacker.definition.has_keyword("Trample"):
            to_player.append((attacker, remaining))
    for blocker in [c for c in game.table.creatures(game.defender) if c.blocking != -1]:
        power = blocker.definition.power or 0
        target = game.table.cards[blocker.blocking]
        if _deals_damage_now(blocker, first_strike) and power > 0 and target.attacking:
            to_creatures.append((blocker, target, power))
    for source, creature, amount in to_creatures:
        game.damage_creature(source, creature, amount, "MG 4.4")
    for source, amount in to_player:
        game.damage_player(source, game.defender, amount, "MG 4.4")


def end_combat(game: MagicGame) -> None:
    """Remove every creature from combat at the end of the end of combat step."""
    for creature in game.table.creatures():
        creature.attacking = creature.blocked = False
        creature.blocking, creature.blocking_order = -1, 0
