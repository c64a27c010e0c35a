"""Combat: declaring attackers and blockers, and dealing combat damage (MG 4)."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from itertools import islice
from typing import TYPE_CHECKING

from rulekeeper.engine.seats import PLAYING
from rulekeeper.mtg.actions import AssignDamage, Player
from rulekeeper.mtg.state import CardState

if TYPE_CHECKING:
    from rulekeeper.mtg.game import MagicGame


def declare_attacker(game: MagicGame, card_id: int, attacked: int | None = None) -> None:
    """Make a creature attack the defending player, or in a free-for-all the opponent named
    (MG R8); it taps unless it has vigilance.

    The attacked player is fixed now, in every format, and the creature keeps attacking that
    player until combat ends, even if they leave the game (MG R6, MG R8).

    :enforces: MG 4.1, MG R6, MG R8
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


def next_defending_player(game: MagicGame, *, after: int) -> int | None:
    """The next player in turn order after ``after`` (and before the active player) whom a
    creature attacks, who declares blockers next; ``None`` when every one of them has.

    :enforces: MG R8
    """
    attacked = {attacked_player(c) for c in game.table.creatures(game.active) if c.attacking}
    count, player = len(game.table.players), after
    while (player := (player + 1) % count) != game.active:
        if player in attacked and game.table.players[player].status == PLAYING:
            return player
    return None


def declare_blocker(game: MagicGame, blocker_id: int, attacker_id: int) -> None:
    """Make ``blocker_id`` block ``attacker_id``; blockers are remembered in declaration order.

    :enforces: MG 4.2
    """
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


def has_first_strike_step(game: MagicGame) -> bool:
    """True if a creature in combat has first strike or double strike.

    :enforces: MG 4.4
    """
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


def _outcomes(
    power: int, lethal: list[int], trample: bool
) -> Iterator[tuple[tuple[int, ...], int]]:
    """Every distinct division of ``power`` damage among blockers needing ``lethal`` damage
    each, as (shares in blocking order, damage to the player), the former default first: each
    blocker in turn its lethal damage, the rest to the last or, with trample, to the player.

    Damage beyond lethal changes nothing for a blocker, so each outcome is written once, that
    damage on the last blocker assigned lethal damage (MG R4). A creature with trample deals
    the player damage only once every blocker is assigned lethal damage (CR 702.19b).

    >>> list(_outcomes(3, [2, 2], trample=False))
    [((2, 1), 0), ((3, 0), 0), ((1, 2), 0), ((0, 3), 0)]
    >>> list(_outcomes(3, [2], trample=True))
    [((2,), 1), ((3,), 0)]
    """
    count = len(lethal)
    shares = [0] * count

    def divide(index: int, left: int) -> Iterator[tuple[tuple[int, ...], int]]:
        if index < count:
            for share in range(min(lethal[index], left), -1, -1):
                shares[index] = share
                yield from divide(index + 1, left - share)
            return
        if not left:
            yield tuple(shares), 0
            return
        lethal_at = [i for i in range(count) if shares[i] == lethal[i]]
        # With trample and every blocker assigned lethal damage (or none left blocking), the
        # rest may go to the player; what the player is not dealt goes beyond lethal.
        to_player = range(1)
        if trample and len(lethal_at) == count:
            to_player = range(left, -1 if lethal_at else left - 1, -1)
        elif not lethal_at:
            return  # damage left over, and no blocker it could go to beyond lethal
        for player in to_player:
            written = list(shares)
            if left > player:
                written[lethal_at[-1]] += left - player
            yield tuple(written), player

    yield from divide(0, power)


def _division_facts(attacker: CardState, blockers: list[CardState]) -> tuple[int, list[int], bool]:
    power = attacker.definition.power or 0
    trample = attacker.definition.has_keyword("Trample")
    return power, [lethal_damage(b, attacker) for b in blockers], trample


def _divides_now(attacker: CardState, first_strike: bool) -> bool:
    """Whether a blocked attacker assigns combat damage in this step."""
    power = attacker.definition.power or 0
    return attacker.blocked and power > 0 and _deals_damage_now(attacker, first_strike)


def divisions(game: MagicGame, attacker: CardState) -> list[AssignDamage]:
    """The divisions of ``attacker``'s combat damage its controller may choose, the default
    first (MG 4.5, MG R4)."""
    blockers = _blockers_of(game, attacker.id)
    power, lethal, trample = _division_facts(attacker, blockers)
    return [
        AssignDamage(attacker.id, shares, player)
        for shares, player in _outcomes(power, lethal, trample)
    ]


def to_divide(game: MagicGame, *, first_strike: bool) -> CardState | None:
    """The first attacker, in battlefield order, whose damage in this step its controller
    has yet to divide and may divide in more than one way (MG R4); ``None`` if none.

    :enforces: MG 4.5, MG R4
    """
    for attacker in game.table.creatures(game.active):
        if not attacker.attacking or attacker.assigned != -1:
            continue
        if not _divides_now(attacker, first_strike):
            continue
        blockers = _blockers_of(game, attacker.id)
        if len(list(islice(_outcomes(*_division_facts(attacker, blockers)), 2))) > 1:
            return attacker
    return None


def division_text(game: MagicGame, action: AssignDamage, name: Callable[[int], str]) -> str:
    """A division in words, each card named by ``name``: ``assigns Craw Wurm's 6 damage: 3
    to Hill Giant, 3 to Grizzly Bears``; blockers given nothing are left out."""
    attacker = game.table.cards[action.attacker]
    blockers = _blockers_of(game, action.attacker)
    parts = [
        f"{share} to {name(b.id)}"
        for b, share in zip(blockers, action.shares, strict=False)
        if share
    ]
    if action.player:
        parts.append(f"{action.player} to {game.name_of(attacked_player(attacker))}")
    total = sum(action.shares) + action.player
    return f"assigns {name(attacker.id)}'s {total} damage: {', '.join(parts)}"


def why_not_divide(game: MagicGame, player: int, action: AssignDamage) -> tuple[str, str] | None:
    """A division is the active player's, for the attacker whose damage is to be divided now,
    and one of the divisions of its damage (MG R4).

    :enforces: MG 4.5, MG R4
    """
    if game.decision != "damage" or player != game.active:
        return ("MG R4", "combat damage is divided by the attacking player in a damage step")
    attacker = to_divide(game, first_strike=game.step == "first_strike_damage")
    if attacker is None or attacker.id != action.attacker:
        named = "" if attacker is None else f": divide {attacker.name}'s first"
        return ("MG R4", f"that attacker's damage is not divided now{named}")
    if action not in divisions(game, attacker):
        return (
            "MG R4",
            f"{attacker.name}'s {attacker.definition.power} damage cannot be divided that way",
        )
    return None


def assign(game: MagicGame, action: AssignDamage) -> None:
    """Keep the chosen division until the step's damage is dealt, all at once (MG R4)."""
    attacker = game.table.cards[action.attacker]
    for blocker, share in zip(_blockers_of(game, attacker.id), action.shares, strict=True):
        blocker.assigned = share
    attacker.assigned = action.player
    game.record(
        "MG R4",
        f"{game.name_of(game.active)} "
        f"{division_text(game, action, lambda card: game.table.cards[card].name)}",
    )


def deal_damage(game: MagicGame, *, first_strike: bool) -> None:
    """Deal the combat damage of one damage step, all at once.

    A blocked attacker deals its damage as its controller divided it (MG R4), or, where there
    was nothing to choose, in the one way it can.

    :enforces: MG 4.4, MG 4.5, MG 4.6, MG R4
    """
    to_creatures: list[tuple[CardState, CardState, int]] = []
    to_player: list[tuple[CardState, int]] = []
    for attacker in [c for c in game.table.creatures(game.active) if c.attacking]:
        power = attacker.definition.power or 0
        if not _deals_damage_now(attacker, first_strike) or power <= 0:
            continue
        if not attacker.blocked:
            to_player.append((attacker, power))
            continue
        blockers = _blockers_of(game, attacker.id)
        if attacker.assigned != -1:
            shares, player = tuple(b.assigned for b in blockers), attacker.assigned
        else:
            # Nothing to choose: the one division there is (none when no blocker is left).
            chosen = next(_outcomes(*_division_facts(attacker, blockers)), None)
            shares, player = chosen if chosen is not None else ((), 0)
        for blocker, share in zip(blockers, shares, strict=False):
            if share:
                to_creatures.append((attacker, blocker, share))
        if player:
            to_player.append((attacker, player))
    for creature in game.table.creatures():
        creature.assigned = -1
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
        if game.table.players[attacked].status == PLAYING:
            game.damage_player(source, attacked, amount, "MG 4.4")


def end_combat(game: MagicGame) -> None:
    """Remove every creature from combat at the end of the end of combat step."""
    for creature in game.table.creatures():
        if creature.attacking:
            creature.target = None
        creature.attacking = creature.blocked = False
        creature.blocking, creature.blocking_order = -1, 0
