"""The turn (RR 4) and the actions that spend resources: pitching, landmarks, spells, abilities.

Steps run in the order of :data:`STEPS`. Each step does its automatic work, then gives the
active player priority, asks for a declaration, or moves straight on where the rules give no
priority (untap, the second damage step, pressure and cleanup).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from rulekeeper.engine.game import Action
from rulekeeper.riskres import (
    DRAWS_PER_TURN,
    HAND_SIZE,
    RESOURCE_EP,
    combat,
    continuous,
    division,
    effects,
    mulligan,
    outcome,
    triggers,
)
from rulekeeper.riskres.actions import (
    Attack,
    Block,
    Discard,
    DivideDamage,
    EndAttacks,
    EndBlocks,
    OrderBlocker,
    Target,
)
from rulekeeper.riskres.costs import ability_cost, spell_cost
from rulekeeper.riskres.state import zone_name

if TYPE_CHECKING:
    from rulekeeper.riskres.game import RiskGame

STEPS: Final = (
    "untap",
    "draw",
    "resource",
    "main1",
    "beginning_of_combat",
    "declare_attackers",
    "declare_blockers",
    "first_damage",
    "second_damage",
    "pressure",
    "end_of_combat",
    "main2",
    "end",
    "cleanup",
)
"""The steps of a turn in order (RR 4.1 to 4.7)."""

PRIORITY_STEPS: Final = (
    "draw",
    "resource",
    "main1",
    "beginning_of_combat",
    "end_of_combat",
    "main2",
    "end",
)


def next_step(game: RiskGame) -> None:
    """Leave the current step (the stack is empty and every player has passed) and enter the
    next one.

    Win conditions are checked as each phase ends (RR 9.4b, RR R15). Players pass in the
    cleanup step only if something triggered during it (RR 4.7.2d); another cleanup step then
    follows (RR R52).

    :enforces: RR 5.2d, RR 9.4b, RR R15, RR 4.4d, RR R52
    """
    outcome.check_win_conditions(game, "RR 9.4b")
    if game.outcome is not None:
        return
    if game.step == "cleanup":
        game.record(
            "RR R52", "players received priority in the cleanup step: another cleanup step follows"
        )
        enter(game, "cleanup")
        return
    enter(game, STEPS[STEPS.index(game.step) + 1])


def end_turn(game: RiskGame) -> None:
    """End a turn whose cleanup step gave no one priority: check win conditions as the phase
    ends (RR 9.4b), then begin the next player's turn."""
    outcome.check_win_conditions(game, "RR 9.4b")
    if game.outcome is None:
        begin_turn(game, next_turn(game), game.turn + 1)


def next_turn(game: RiskGame) -> int:
    """Who takes the next turn: an extra turn first (RR 10.1c), else the next player clockwise
    still in the game (RR 10.1a, RR 10.1b).

    An extra turn is taken straight after the turn in which it was granted, and it does not
    move the order on: the regular turn after it goes to the player after the one whose
    regular turn came before it (RR R62).

    :enforces: RR 10.1a, RR 10.1b, RR 10.1c, RR R62
    """
    while game.extra_turns:
        player = game.extra_turns.pop(0)
        if not game.table.players[player].left:
            game.record("RR 10.1c", f"{game.name_of(player)} takes an extra turn")
            return player
    seats = len(game.table.players)
    following = game.next_player(game.regular)
    skipped = [
        game.name_of(p)
        for p in ((game.regular + step) % seats for step in range(1, seats))
        if (p - game.regular) % seats < (following - game.regular) % seats
    ]
    if skipped:
        gone = " and ".join(skipped)
        text = f"{gone} {'has' if len(skipped) == 1 else 'have'} left the game"
        game.record("RR 10.1b", f"{text}: the next turn is {game.name_of(following)}'s")
    game.regular = following
    return following


def begin_turn(game: RiskGame, player: int, number: int) -> None:
    """Start ``player``'s turn with the untap phase, in which no player gets priority.

    Only the active player's permanents untap (RR R5); until-end-of-turn effects end; marked
    damage and Armored prevention are cleared (RR R4, RR R19); Intel escalation starts again
    (RR 1.4e). EP and Intel tokens are kept (RR 1.1c, RR 1.4b).

    :enforces: RR 4.1a, RR 4.1b, RR 4.1c, RR 4.1d, RR R5, RR R4, RR R19, RR 1.4e, RR 1.1c, RR 1.4b,
        RR 3.1.1c, RR R53
    """
    game.active, game.turn, game.step = player, number, "untap"
    if number > game.turn_limit:
        outcome.draw_by_turn_limit(game)
        return
    game.record("", f"{game.name_of(player)} begins turn {number}")
    for permanent in game.table.permanents(player):
        permanent.tapped = False
    continuous.end_all(game)
    for permanent in game.table.permanents():
        permanent.damage = permanent.prevented = 0
        permanent.deadly_hit = False
    for seat in game.table.players:
        seat.intel_used = 0
    game.variant.begin_turn(game, player)
    enter(game, "draw")


def enter(game: RiskGame, step: str) -> None:
    """Enter ``step``: do what happens there by itself, then ask for the next decision.

    :enforces: RR 4.2a, RR 4.2b, RR 4.2c, RR 4.2d, RR 4.3a, RR 4.3d, RR R7, RR R23, RR 4.5.1b,
        RR 4.7.1b
    """
    game.step, game.passes = step, 0
    me = game.table.players[game.active]
    if step == "draw":
        if game.turn == 1 and game.active == game.first_player:
            game.record("RR R7", f"{me.name} goes first and skips the first draw phase")
            enter(game, "resource")
            return
        # RR 4.2b: the draw is not a spell or ability, so nothing can respond to it. It is
        # announced first, so that a draw from an empty library is logged after it.
        extra = game.variant.extra_draws(game, game.active)
        count = DRAWS_PER_TURN + extra
        besides = " (one more, for not being the King)" if extra else ""
        game.record(
            "RR 10.4.3c" if extra else "RR 4.2a",
            f"{me.name} draws {count} cards for the turn{besides}",
        )
        for _ in range(count):
            game.draw(game.active, "RR 4.2a")
    elif step == "resource":
        me.ep += RESOURCE_EP
        game.record("RR 4.3a", f"{me.name} gains {RESOURCE_EP} EP (EP {me.ep})")
        if outcome.check_named_time(game, game.active, "gain_ep"):
            return
    elif step == "declare_attackers":
        combat.begin_attacks(game)
        return
    elif step == "declare_blockers":
        combat.begin_blocks(game)
        return
    elif step in ("first_damage", "second_damage", "pressure"):
        combat.damage_step(game, step)
        return
    elif step == "end_of_combat":
        combat.end_combat(game)
    elif step == "cleanup":
        cleanup(game)
        return
    elif step in ("beginning_of_combat", "end"):
        event = "beginning_of_combat" if step != "end" else "end_step"
        triggers.fire(game, event, game.table.permanents(game.active))
    game.give_priority(game.active)


def cleanup(game: RiskGame) -> None:
    """Cleanup: the active player discards to ten (RR R18: the only time hand size is
    checked), until-end-of-turn effects end and damage is removed.

    No one gets priority unless something triggered during the step, a discard say
    (RR 4.7.2d); then players receive priority as usual, and once the stack is empty and all
    have passed another cleanup step follows (RR R52, see :func:`next_step`).

    :enforces: RR 4.7.2a, RR 4.7.2b, RR 4.7.2c, RR 4.7.2d, RR 2.2a, RR 2.2b, RR R18, RR 11.1h,
        RR R21, RR R52
    """
    me = game.table.players[game.active]
    if not me.left and len(game.table.zones[zone_name("hand", game.active)]) > HAND_SIZE:
        game.decision, game.priority = "discard", game.active
        return
    continuous.end_all(game)
    for permanent in game.table.permanents():
        permanent.damage = 0
        permanent.deadly_hit = False
    if game.pending_triggers:
        game.record("RR 4.7.2d", "something triggered in the cleanup step: players get priority")
        game.give_priority(game.active)
        return
    end_turn(game)


def perform_combat_or_cleanup(game: RiskGame, player: int, action: Action) -> None:
    """Carry out a declaration (attack, block) or a discard to hand size, which puts the card
    in its owner's graveyard (RR 2.4a).

    :enforces: RR 2.4a
    """
    match action:
        case Attack(attacker, target):
            combat.declare_attacker(game, attacker, target)
        case EndAttacks():
            combat.end_attacks(game)
        case Block(blocker, attacker):
            combat.declare_blocker(game, blocker, attacker)
        case EndBlocks():
            game.record("RR 4.5.3a", f"{game.name_of(player)} finishes declaring blockers")
            combat.begin_blocks(game, after=player)
        case OrderBlocker(attacker, blocker):
            combat.order_blocker(game, attacker, blocker)
        case DivideDamage(attacker, shares):
            combat.divide(game, attacker, shares)
        case Discard(card_id):
            # RR 2.4: a card goes to its owner's graveyard, even one taken in Bounty mode.
            game.table.move(card_id, zone_name("graveyard", game.table.cards[card_id].owner))
            name = game.table.cards[card_id].name
            game.record("RR 4.7.2a", f"{game.name_of(player)} discards {name} to hand size")
            triggers.fire(game, "discard", game.table.permanents(player))
            cleanup(game)


def pitch(game: RiskGame, player: int, card_id: int) -> None:
    """Pitch a card: gain its pitch value in EP and put it on the bottom of its owner's
    library, below the cards pitched before it (RR 1.2c). The stack is not used.

    :enforces: RR 1.2c, RR 4.3c, RR 5.3c, RR 1.1b, RR R40
    """
    state = game.table.cards[card_id]
    me = game.table.players[player]
    me.ep += state.definition.pitch
    game.table.move(card_id, zone_name("library", state.owner), bottom=True)
    game.passes = 0
    game.record(
        "RR 1.2a", f"{me.name} pitches {state.name} for {state.definition.pitch} EP (EP {me.ep})"
    )
    outcome.check_named_time(game, player, "gain_ep")


def play_landmark(game: RiskGame, player: int, card_id: int) -> None:
    """Put a landmark onto the battlefield, untapped, paying its cost; no stack (RR R2).

    :enforces: RR R2, RR 2.3b, RR 3.1.4a, RR 5.3c
    """
    state = game.table.cards[card_id]
    me = game.table.players[player]
    me.ep -= state.definition.cost
    game.table.move(card_id, zone_name("battlefield", player))
    state.arrived_turn = game.turn
    game.passes = 0
    game.record(
        "RR R2",
        f"{me.name} plays the landmark {state.name} for {state.definition.cost} EP (EP {me.ep})",
    )


def cast(
    game: RiskGame, player: int, card_id: int, target: Target | None, alternative: bool
) -> None:
    """Pay a spell's cost and put it on the stack; its caster receives priority
    again (RR R80).

    :enforces: RR 2.6a, RR 5.2a, RR 1.1a
    """
    state = game.table.cards[card_id]
    me = game.table.players[player]
    cost = spell_cost(game.table, player, state.definition, card_id, alternative=alternative)
    me.ep -= cost
    game.table.move(card_id, "stack")
    game.stack.append(
        {"card": card_id, "source": card_id, "controller": player, "ability": -1, "target": target}
    )
    game.passes = 0
    aimed = f" targeting {game.describe_target(target)}" if target is not None else ""
    how = " for its alternative cost" if alternative else ""
    game.record("RR 5.2a", f"{me.name} casts {state.name}{aimed}{how} for {cost} EP (EP {me.ep})")


def activate(game: RiskGame, player: int, card_id: int, index: int, target: Target | None) -> None:
    """Pay an ability's costs (Intel tokens leave without using the stack, RR 1.4h) and put
    the ability on the stack, where players may respond to it (RR 1.4i, RR 1.4j).

    :enforces: RR 1.4h, RR 1.4i, RR 1.4j, RR 1.5e, RR 2.6a, RR 5.2a
    """
    state = game.table.cards[card_id]
    me = game.table.players[player]
    ability = state.definition.abilities[index]
    ep, intel = ability_cost(ability, me.intel_used)
    me.ep -= ep
    me.intel -= intel
    if ability.is_intel:
        me.intel_used += 1
    if ability.tap:
        state.tapped = True
    game.stack.append(
        {"card": None, "source": card_id, "controller": player, "ability": index, "target": target}
    )
    game.passes = 0
    paid = f"{ep} EP" + (f" and {intel} Intel" if intel else "")
    game.record(
        "RR 1.4i" if intel else "RR 5.2a", f"{me.name} activates {state.name} paying {paid}"
    )


def resolve_top(game: RiskGame) -> None:
    """Resolve the top item of the stack (last in, first out).

    :enforces: RR 2.6b, RR 3.2.1b, RR 3.2.2b
    """
    item = game.stack.pop()
    source = game.table.cards[item["source"]]
    controller, target = item["controller"], item["target"]
    if item["card"] is None:
        game.record("RR 2.6b", f"{source.name}'s ability resolves")
        if item["ability"] == effects.ENTER:
            printed = source.definition
            effects.resolve(game, source, controller, printed.target, target, printed.effects)
            return
        if item["ability"] <= triggers.TRIGGER_BASE:
            trigger = source.definition.triggers[triggers.TRIGGER_BASE - item["ability"]]
            effects.resolve(game, source, controller, trigger.target, target, trigger.effects)
            return
        ability = source.definition.abilities[item["ability"]]
        effects.resolve(game, source, controller, ability.target, target, ability.effects)
        return
    definition = source.definition
    game.record("RR 2.6b", f"{source.name} resolves")
    if definition.is_permanent:
        effects.enter_battlefield(game, source, controller, target)
        return
    effects.resolve(game, source, controller, definition.target, target, definition.effects)
    if source.zone == "stack":
        game.table.move(source.id, zone_name("graveyard", source.owner))


def concede(game: RiskGame, player: int) -> None:
    """``player`` concedes: they lose at once; the stack is not used (RR R20).

    :enforces: RR R20, RR 9.2d
    """
    game.mark_lost(player, "RR 9.2d")
    game.record("RR 9.2d", f"{game.name_of(player)} concedes")
    outcome.settle(game)
    move_on(game, player)
    # A defender who leaves may take with them the attack whose damage was being divided.
    if game.outcome is None and game.decision == "damage" and division.dividing(game) < 0:
        combat.damage_step(game, game.step)


def move_on(game: RiskGame, player: int) -> None:
    """After ``player`` left outside the state-based actions (by conceding), carry on with the
    decision they were making, asking the next player instead (RR R64).

    :enforces: RR R64
    """
    if game.outcome is not None or game.priority != player:
        return
    match game.decision:
        case "mulligan" | "scry" if game.step == "setup":
            mulligan.advance(game)
        case "attackers":
            combat.end_attacks(game)
        case "blockers":
            combat.begin_blocks(game, after=player)
        case "order":
            combat.begin_ordering(game)
        case "damage":
            combat.damage_step(game, game.step)
        case "discard":
            cleanup(game)
        case "legend" if game.legend_choices:
            game.priority = game.legend_choices[0][0]
        case _:
            game.decision = "priority"
            game.give_priority(game.next_player(player))
