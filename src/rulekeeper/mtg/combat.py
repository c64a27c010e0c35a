"""Combat: declaring attackers and blockers, and dealing combat damage (MG 4)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from rulekeeper.mtg.actions import Player
from rulekeeper.mtg.state import CardState
from rulekeeper.rules import enforces

if TYPE_CHECKING:
    from rulekeeper.mtg.game import MagicGame


@enforces("MG 4.1", "MG R6", "MG R8")
def declare_attacker(game: MagicGame, card_id: int, attacked: int | None = None) -> None:
    """Make a creature attack the defending player, or in a free-for-all the opponent named
    (MG R8); it taps unless it has vigilance.

    The attacked player is fixed now, in every format, and the creature keeps attacking that
    player until combat ends, even if they leave the game (MG R6, MG R8).
    """
    creature = game.table.cards[card_id]
    creature.attacking = True
    if attacked is None:
        attacked = game.defender
    # Kept where a spell keeps its target; combat's end clears it. Never worked out again
    # from turn order, which changes when a player leaves.
    creature.target = Player(attacked)
    if not creature.definition.has_keyword("Vigilance"):
        creature.tapped = True
    game.record("MG 4.1", f"{creature.name} attacks {game.name_of(attacked)}")


def attacked_player(creature: CardState) -> int:
    """The player an attacking creature attacks, fixed when it was declared (MG R6, MG R8)."""
    target = creature.target
    # Every attacker is given one as it is declared, and a restored game is checked for it.
    assert isinstance(target, Player), f"{creature.name} attacks no player"
    return target.index


@enforces("MG R8")
def next_defending_player(game: MagicGame, *, after: int) -> int | None:
    """The next player in turn order after ``after`` (and before the active player) whom a
    creature attacks, who declares blockers next; ``None`` when every one of them has."""
    attacked = {attacked_player(c) for c in game.table.creatures(game.active) if c.attacking}
    count, player = len(game.table.players), after
    while (player := (player + 1) % count) != game.active:
        if player in attacked and not game.table.players[player].lost:
            return player
    return None


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
    active = game.active
    for blocker in [
        c for c in game.table.creatures() if c.blocking != -1 and c.controller != active
    ]:
        power = blocker.definition.power or 0
        target = game.table.cards[blocker.blocking]
        if _deals_damage_now(blocker, first_strike) and power > 0 and target.attacking:
            to_creatures.append((blocker, target, power))
    for source, creature, amount in to_creatures:
        game.damage_creature(source, creature, amount, "MG 4.4")
    for source, amount in to_player:
        attacked = attacked_player(source)
        # MG R8: a creature attacking a player who has left the game deals them no damage.
        if not game.table.players[attacked].lost:
            game.damage_player(source, attacked, amount, "MG 4.4")


def end_combat(game: MagicGame) -> None:
    """Remove every creature from combat at the end of the end of combat step."""
    for creature in game.table.creatures():
        if creature.attacking:
            creature.target = None
        creature.attacking = creature.blocked = False
        creature.blocking, creature.blocking_order = -1, 0
