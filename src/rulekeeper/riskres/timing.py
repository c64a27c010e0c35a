"""Why an action may or may not be taken now: one ``why_not_*`` predicate per kind of action.

Each returns ``None`` when the action is legal and a
:data:`~rulekeeper.engine.game.Violation` (the rule and a one-line reason) when it is not. The
game builds its legal actions *and* its errors from these same functions, so the two cannot
disagree.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from rulekeeper.engine.game import Violation
from rulekeeper.riskres.actions import Player, Target
from rulekeeper.riskres.costs import ability_cost, spell_cost
from rulekeeper.riskres.keywords import has_keyword
from rulekeeper.riskres.state import zone_name

if TYPE_CHECKING:
    from rulekeeper.riskres.game import RiskGame

MAIN_STEPS: Final = ("main1", "main2")


def is_sorcery_speed(game: RiskGame, player: int) -> bool:
    """True when ``player`` may act at sorcery speed: their main phase, stack empty (RR 5.3a).

    :enforces: RR 5.3a, RR 3.2.2a, RR 4.4a, RR 4.6a
    """
    return game.active == player and game.step in MAIN_STEPS and not game.stack


def why_not_target(
    game: RiskGame, player: int, kind: str | None, target: Target | None
) -> Violation | None:
    """A spell or ability that targets needs a legal target of its kind; others take none.

    Only permanents on the battlefield and players can be targeted: no starter card reaches
    into exile (RR 2.5b), or into any other zone.

    :enforces: RR 2.5b, RR 10.2b
    """
    if kind is None:
        return None if target is None else ("RR 5.2a", "this has no target")
    if isinstance(target, Player):
        if not 0 <= target.index < len(game.table.players):
            return ("RR 5.2a", "there is no such player")
        if game.table.players[target.index].left:
            return ("RR R54", f"{game.name_of(target.index)} has left the game")
        if kind == "player" or (kind == "opponent" and target.index != player):
            return None
        return (
            "RR 5.2a",
            f"the target must be {'an opponent' if kind == 'opponent' else 'a ' + kind}",
        )
    if target is None or not 0 <= target < len(game.table.cards):
        return ("RR 5.2a", f"choose a {kind} as the target")
    permanent = game.table.cards[target]
    if not permanent.zone.startswith("battlefield"):
        return ("RR 5.2a", f"{permanent.name} is not on the battlefield")
    if kind != "permanent" and not permanent.definition.has_type(kind.capitalize()):
        return ("RR 5.2a", f"{permanent.name} is not a {kind}")
    return None


def why_not_pitch(game: RiskGame, player: int, card_id: int) -> Violation | None:
    """Any card in hand may be pitched whenever its owner has priority (RR 1.2a, RR R10).

    :enforces: RR 1.2a, RR 1.2d, RR R10, RR 4.3b, RR R40
    """
    if game.table.cards[card_id].zone != zone_name("hand", player):
        return ("RR 1.2a", "a card is pitched from your own hand")
    return None


def why_not_play_landmark(game: RiskGame, player: int, card_id: int) -> Violation | None:
    """A landmark is put onto the battlefield at sorcery speed for its cost, one per player.

    :enforces: RR R2, RR 3.1.4b
    """
    state = game.table.cards[card_id]
    if state.zone != zone_name("hand", player):
        return ("RR R2", "a landmark is played from your own hand")
    if not state.definition.has_type("Landmark"):
        return ("RR R2", f"{state.name} is not a landmark")
    if not is_sorcery_speed(game, player):
        return ("RR R2", "a landmark is played only in your main phase with the stack empty")
    if any(c.definition.has_type("Landmark") for c in game.table.permanents(player)):
        return ("RR 3.1.4b", "you already control a landmark")
    if state.definition.cost > game.table.players[player].ep:
        return (
            "RR 1.1d",
            f"{state.name} costs {state.definition.cost} EP and you have "
            f"{game.table.players[player].ep}",
        )
    return None


def why_not_cast(
    game: RiskGame, player: int, card_id: int, target: Target | None, alternative: bool
) -> Violation | None:
    """A spell is cast from hand at its speed, with a legal target, for EP you have.

    :enforces: RR 3.2.1a, RR 5.3b, RR 1.1d, RR 4.4c, RR 1.1a
    """
    state = game.table.cards[card_id]
    definition = state.definition
    if state.zone != zone_name("hand", player):
        return ("RR 5.1c", "a spell is cast from your own hand")
    if definition.has_type("Landmark"):
        return ("RR R2", "a landmark is played as a special action, not cast")
    if not definition.has_type("Instant") and not is_sorcery_speed(game, player):
        return (
            "RR 5.3a",
            f"{definition.name} can be cast only in your main phase with the stack empty",
        )
    if alternative and definition.alternative_cost is None:
        return ("RR 1.6e", f"{definition.name} has no alternative cost")
    violation = why_not_target(game, player, definition.target, target)
    if violation is not None:
        return violation
    cost = spell_cost(game.table, player, definition, card_id, alternative=alternative)
    if cost > game.table.players[player].ep:
        return (
            "RR 1.1d",
            f"{definition.name} costs {cost} EP and you have {game.table.players[player].ep}",
        )
    return None


def why_not_activate(
    game: RiskGame, player: int, card_id: int, index: int, target: Target | None
) -> Violation | None:
    """An ability of your permanent, at its speed, with its costs (EP, Intel, tap) payable:
    an escalated Intel ability needs its Intel tokens and all its EP, surcharge included
    (RR R79).

    :enforces: RR 1.4c, RR 1.4f, RR 1.4g, RR 4.4b, RR R60, RR R79
    """
    state = game.table.cards[card_id]
    if state.zone != zone_name("battlefield", player):
        return ("RR 5.1c", "you activate abilities of permanents you control")
    if not 0 <= index < len(state.definition.abilities):
        return ("RR 5.1c", f"{state.name} has no such ability")
    ability = state.definition.abilities[index]
    if ability.speed == "sorcery" and not is_sorcery_speed(game, player):
        return ("RR 5.3a", "this ability is activated only at sorcery speed")
    if ability.tap and state.tapped:
        return ("RR 5.1c", f"{state.name} is tapped")
    violation = why_not_target(game, player, ability.target, target)
    if violation is not None:
        return violation
    me = game.table.players[player]
    ep, intel = ability_cost(ability, me.intel_used)
    if intel > me.intel:
        return ("RR 1.4c", f"the ability costs {intel} Intel and you have {me.intel}")
    if ep > me.ep and ep > ability.ep:
        return (
            "RR R79",
            f"with escalation the ability costs {intel} Intel and {ep} EP; you have {me.ep} EP",
        )
    if ep > me.ep:
        return ("RR 1.1d", f"the ability costs {ep} EP and you have {me.ep}")
    return None


def why_not_attack(game: RiskGame, player: int, attacker: int, target: Target) -> Violation | None:
    """An untapped creature that has been under your control since the turn began (or has
    haste) attacks once a turn, at an opponent still in the game or at one of their creatures
    (RR 10.3a); each attacker chooses for itself, so attacks may be split (RR 10.3b).

    :enforces: RR 6.1a, RR 6.1b, RR 6.1d, RR 4.5.2c, RR 3.1.1b, RR R37, RR R38, RR 10.3a, RR 10.3b
    """
    table = game.table
    creature = table.cards[attacker]
    if creature.zone != zone_name("battlefield", player) or not creature.definition.has_type(
        "Creature"
    ):
        return ("RR 4.5.2a", "only your creatures attack")
    if attacker in game.attacks:
        return ("RR 6.1d", f"{creature.name} is already attacking")
    if creature.attacked_turn == game.turn:
        return ("RR 6.1d", f"{creature.name} has already attacked this turn")
    if creature.tapped:
        return ("RR 6.1a", f"{creature.name} is tapped")
    if creature.arrived_turn == game.turn and not has_keyword(table, creature, "Haste"):
        return ("RR 6.1b", f"{creature.name} came under your control this turn")
    opponents = game.opponents(player)
    if isinstance(target, Player):
        if target.index not in opponents:
            return ("RR 4.5.2c", "an attacker targets an opponent or their creature")
        return None
    if not 0 <= target < len(table.cards) or not any(
        table.cards[target].zone == zone_name("battlefield", o) for o in opponents
    ):
        return ("RR 4.5.2c", "an attacker targets an opponent or their creature")
    if not table.cards[target].definition.has_type("Creature"):
        return ("RR 4.5.2c", f"{table.cards[target].name} is not a creature")
    return None


def why_not_block(game: RiskGame, player: int, blocker: int, attacker: int) -> Violation | None:
    """An untapped creature of a defending player blocks one attacker it is able to block,
    among those attacking that player or their creatures (RR 10.3c), if the blocks can still
    be finished as Menace and Guardian require (RR 6.2.2c, RR R78).

    :enforces: RR 6.1a, RR 6.1c, RR 4.5.3b, RR 6.2.2a, RR 6.2.2b, RR 6.2.3b, RR 3.1.1b, RR R38,
        RR 10.3c, RR 6.2.3a, RR R78
    """
    table = game.table
    creature = table.cards[blocker]
    if creature.zone != zone_name("battlefield", player) or not creature.definition.has_type(
        "Creature"
    ):
        return ("RR 4.5.3a", "only your creatures block")
    if attacker not in game.attacks:
        return ("RR 4.5.3a", "a blocker blocks an attacking creature")
    if game.defending_player(game.attacks[attacker]) != player:
        return ("RR 10.3c", "you block only attackers aimed at you or your creatures")
    if blocker in game.blocks:
        return ("RR 4.5.3b", f"{creature.name} already blocks")
    if creature.tapped:
        return ("RR 6.1a", f"{creature.name} is tapped")
    attacking = table.cards[attacker]
    if has_keyword(table, attacking, "Unblockable"):
        return ("RR 6.2.2b", f"{attacking.name} cannot be blocked")
    if has_keyword(table, attacking, "Evasive") and not (
        has_keyword(table, creature, "Evasive") or has_keyword(table, creature, "Reach")
    ):
        return ("RR 6.2.2a", f"{attacking.name} can be blocked only by Evasive or Reach creatures")
    violation = _why_not_menace(game, player, blocker, attacker)
    if violation is None:
        violation = _why_not_guardian(game, player, blocker, attacker)
    return violation


def _blockers_of(game: RiskGame, attacker: int) -> int:
    return sum(1 for a in game.blocks.values() if a == attacker)


def _why_not_menace(game: RiskGame, player: int, blocker: int, attacker: int) -> Violation | None:
    # Blocks cannot be taken back, so a Menace block must be completable: a first blocker
    # needs a second able creature, and a half-finished Menace block is finished first.
    table = game.table
    for other, aim in game.attacks.items():
        menace = has_keyword(table, table.cards[other], "Menace")
        mine = game.defending_player(aim) == player
        if other != attacker and mine and menace and _blockers_of(game, other) == 1:
            name = table.cards[other].name
            return ("RR 6.2.2c", f"{name} has Menace: block it with a second creature first")
    attacking = table.cards[attacker]
    if has_keyword(table, attacking, "Menace") and _blockers_of(game, attacker) == 0:
        spare = [
            c
            for c in table.creatures(player)
            if c.id != blocker and c.id not in game.blocks and not c.tapped
        ]
        if not any(_can_block(game, c.id, attacker) for c in spare):
            return ("RR 6.2.2c", f"{attacking.name} has Menace: it needs two or more blockers")
    return None


def _can_block(game: RiskGame, blocker: int, attacker: int) -> bool:
    # The restrictions on which creature may block which attacker, without the state of the
    # declaration (RR 6.2.2a, RR 6.2.2b).
    table = game.table
    attacking, creature = table.cards[attacker], table.cards[blocker]
    if has_keyword(table, attacking, "Unblockable"):
        return False
    if has_keyword(table, attacking, "Evasive"):
        return has_keyword(table, creature, "Evasive") or has_keyword(table, creature, "Reach")
    return True


def _why_not_guardian(game: RiskGame, player: int, blocker: int, attacker: int) -> Violation | None:
    # Blocks cannot be taken back, so a block that leaves fewer Guardian attackers blockable
    # than the best declaration would block is refused at once (RR R78).
    table = game.table
    if not any(has_keyword(table, table.cards[a], "Guardian") for a in _attacking(game, player)):
        return None
    declared = _declared(game, player)
    declared[blocker] = attacker
    if most_guardians_blocked(game, player, declared) >= most_guardians_blocked(game, player):
        return None
    # Name the Guardian attacker left unblocked, one this creature could block if there is one.
    left = [
        g
        for g in _attacking(game, player)
        if g != attacker
        and has_keyword(table, table.cards[g], "Guardian")
        and _blockers_of(game, g) == 0
    ]
    named = [g for g in left if _can_block(game, blocker, g)] or left or [attacker]
    name, creature = table.cards[named[0]].name, table.cards[blocker].name
    return ("RR 6.2.3a", f"{name} has Guardian: {creature} is needed to block it")


def _attacking(game: RiskGame, player: int) -> list[int]:
    # The attackers ``player`` defends against (RR 10.3c).
    return [a for a, aim in game.attacks.items() if game.defending_player(aim) == player]


def _declared(game: RiskGame, player: int) -> dict[int, int]:
    # The blocks ``player`` has declared so far, blocker to attacker.
    return {b: a for b, a in game.blocks.items() if game.table.cards[b].controller == player}


def _blockers_needed(game: RiskGame, attacker: int) -> int:
    return 2 if has_keyword(game.table, game.table.cards[attacker], "Menace") else 1


def most_guardians_blocked(
    game: RiskGame, player: int, declared: dict[int, int] | None = None
) -> int:
    """The most Guardian attackers aimed at ``player`` that a complete declaration of blockers
    can block, keeping the blocks in ``declared`` (blocker to attacker), or choosing every
    block afresh if it is ``None`` (RR R78); -1 if no complete declaration keeps them.

    A complete declaration obeys every restriction on blocking, gives each Menace attacker no
    blocker or two or more (RR 6.2.2c), and uses each untapped creature at most once. A
    creature may block only one attacker (RR 4.5.3b), so blocking one Guardian attacker can
    leave another unblockable: the rule asks for as many as can be blocked together.

    :enforces: RR 6.2.3a, RR R78
    """
    table = game.table
    declared = declared or {}
    counts: dict[int, int] = {}
    for attacker in declared.values():
        counts[attacker] = counts.get(attacker, 0) + 1
    blocked = 0
    # What the declaration still needs: (attacker, blockers to add, must it, Guardians won).
    needs: list[tuple[int, int, bool, int]] = []
    for attacker in _attacking(game, player):
        guardian = has_keyword(table, table.cards[attacker], "Guardian")
        count, wanted = counts.get(attacker, 0), _blockers_needed(game, attacker)
        if count >= wanted:
            blocked += int(guardian)
        elif count > 0:
            needs.append((attacker, wanted - count, True, int(guardian)))  # a Menace block
        elif guardian:
            needs.append((attacker, wanted, False, 1))
    if not needs:
        return blocked
    # Creatures able to meet the same needs are interchangeable: group them by which needs
    # (one bit each) they can meet, and count each group.
    groups: dict[int, int] = {}
    for creature in table.creatures(player):
        if creature.tapped or creature.id in declared:
            continue
        mask = sum(
            1 << index
            for index, (attacker, _, _, _) in enumerate(needs)
            if _can_block(game, creature.id, attacker)
        )
        groups[mask] = groups.get(mask, 0) + 1
    best = _most_won(needs, 0, tuple(sorted(groups.items())))
    return blocked + best if best >= 0 else -1


def _most_won(
    needs: list[tuple[int, int, bool, int]], index: int, pool: tuple[tuple[int, int], ...]
) -> int:
    # The most Guardians the needs from ``index`` on can win with the creatures in ``pool``
    # (groups of (mask, count)); -1 if a need that must be met cannot be.
    if index == len(needs):
        return 0
    _, wanted, must, won = needs[index]
    best = -1 if must else _most_won(needs, index + 1, pool)
    for rest in _takings(pool, 1 << index, wanted, 0):
        after = _most_won(needs, index + 1, rest)
        if after >= 0:
            best = max(best, won + after)
    return best


def _takings(
    pool: tuple[tuple[int, int], ...], bit: int, wanted: int, start: int
) -> list[tuple[tuple[int, int], ...]]:
    # Every pool left after taking ``wanted`` creatures whose mask has ``bit``, each choice of
    # how many from which group once (groups are taken in order from ``start``).
    if wanted == 0:
        return [pool]
    found: list[tuple[tuple[int, int], ...]] = []
    for position in range(start, len(pool)):
        mask, count = pool[position]
        if mask & bit and count:
            smaller = (*pool[:position], (mask, count - 1), *pool[position + 1 :])
            found += _takings(smaller, bit, wanted - 1, position)
    return found


def why_not_end_blocks(game: RiskGame, player: int) -> Violation | None:
    """Blocks are complete only if every Menace attacker blocked has 2+ blockers and as many
    Guardian attackers are blocked as any declaration could block (RR R78).

    :enforces: RR 6.2.2c, RR 6.2.3a, RR R36, RR R78
    """
    table = game.table
    untapped = [b.id for b in table.creatures(player) if not b.tapped]
    blocked = 0
    unblocked: list[int] = []  # Guardian attackers that some creature could block
    for attacker in _attacking(game, player):
        creature = table.cards[attacker]
        count = _blockers_of(game, attacker)
        if count == 1 and has_keyword(table, creature, "Menace"):
            return ("RR 6.2.2c", f"{creature.name} has Menace: block it with two or more creatures")
        if not has_keyword(table, creature, "Guardian"):
            continue
        if count > 0:
            blocked += 1
        elif any(_can_block(game, b, attacker) for b in untapped):
            unblocked.append(attacker)
    if unblocked and blocked < most_guardians_blocked(game, player):
        name = table.cards[unblocked[0]].name
        return ("RR 6.2.3a", f"{name} has Guardian: it must be blocked if able")
    return None
