"""What spells and abilities do when they resolve, and permanents entering the battlefield.

A card's effects are data (``effects`` in ``data/cards.json``); this module gives each kind its
meaning. A spell whose target is gone when it resolves does nothing.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any, Final

from rulekeeper.riskres import continuous, morph, outcome, traps
from rulekeeper.riskres.actions import Player, Target
from rulekeeper.riskres.combat import cards, damage_creature, exile_top
from rulekeeper.riskres.destruction import destroy
from rulekeeper.riskres.risk import take_risk
from rulekeeper.riskres.state import CardState, zone_name
from rulekeeper.riskres.timing import why_not_target

if TYPE_CHECKING:
    from rulekeeper.riskres.game import RiskGame

ENTER: Final = -2  # the ability index of a permanent's "when it enters" ability on the stack

CREATURE_EFFECTS: Final = ("damage", "destroy", "pump", "counters", "tap", "bounce")
"""The effects that happen to one creature or permanent: the target, or the source itself."""


def enter_battlefield(
    game: RiskGame, state: CardState, controller: int, target: Target | None
) -> None:
    """A permanent spell resolves: it enters untapped (RR 2.3b); an Aura attaches to its
    target (RR 3.1.3b); a creature's enter effect happens.

    :enforces: RR 2.3b, RR 3.1.3b, RR R51, RR 3.1.2a, RR 3.1.3a, RR R31, RR 13.2b
    """
    definition = state.definition
    if (
        definition.is_aura
        and why_not_target(game, controller, definition.target, target) is not None
    ):
        game.table.move(state.id, zone_name("graveyard", state.owner))
        game.record("RR 11.1f", f"{state.name} has nothing to enchant and goes to the graveyard")
        return
    game.table.move(state.id, zone_name("battlefield", controller))
    state.controller, state.arrived_turn = controller, game.turn
    if state.face_down:
        state.tapped = True  # RR R31, RR 13.2b: a face-down permanent enters tapped
    if definition.is_aura:
        state.attached_to = target if isinstance(target, int) else None
        game.record("RR 3.1.3b", f"{state.name} enters attached to {game.describe_target(target)}")
        return
    game.record("RR 2.3b", f"{state.name} enters the battlefield")
    if definition.risk is not None or definition.effects:
        # RR R51: the enter ability triggers and goes on the stack before anyone has priority.
        game.stack.append(
            {
                "card": None,
                "source": state.id,
                "controller": controller,
                "ability": ENTER,
                "target": target,
            }
        )
        game.record("RR R51", f"{state.name}'s enter ability triggers")


def resolve(
    game: RiskGame,
    source: CardState,
    controller: int,
    kind: str | None,
    target: Target | None,
    effects: Sequence[Mapping[str, Any]],
) -> None:
    """Carry out ``effects`` (or the source's risk) for ``controller`` aimed at ``target``."""
    if why_not_target(game, controller, kind, target) is not None:
        game.record("RR 5.2a", f"{source.name} has lost its target and does nothing")
        return
    if source.definition.risk is not None and not effects:
        effects = take_risk(game, source, controller, source.definition.risk)
    for effect in effects:
        if game.outcome is not None:  # RR 9.4c: a win checked mid-way ends the game there
            return
        apply_effect(game, source, controller, target, effect, 1)


def each_opponent(game: RiskGame, controller: int) -> list[int]:
    """The players an effect on "each opponent" affects: every other player still in the
    game, in turn order starting after ``controller`` (RR 10.2a).

    :enforces: RR 10.2a
    """
    return game.opponents(controller)


def each_player(game: RiskGame, controller: int) -> list[int]:
    """The players a global effect on "each player" affects: every player still in the game,
    its controller included and first, then the others in turn order (RR 10.2c).

    :enforces: RR 10.2c
    """
    return [controller, *game.opponents(controller)]


def grant_extra_turn(game: RiskGame, controller: int) -> None:
    """``controller`` takes an extra turn after this one (see
    :func:`~rulekeeper.riskres.turn.next_turn`)."""
    game.extra_turns.append(controller)
    game.record("RR 10.1c", f"{game.name_of(controller)} will take an extra turn after this one")


def _players(
    game: RiskGame, controller: int, target: Target | None, effect: Mapping[str, Any]
) -> list[int]:
    """Whom a player effect applies to: each opponent or each player, the player it names (an
    opponent's benefit, RR 7.2e), or else its controller; but cards are exiled from the top
    of the target player's library only."""
    match effect.get("players"):
        case "each_opponent":
            return each_opponent(game, controller)
        case "each_player":
            return each_player(game, controller)
    if effect["kind"] == "mill":
        return [target.index] if isinstance(target, Player) else []
    return [int(effect.get("player", controller))]


def _amount(source: CardState, effect: Mapping[str, Any]) -> int:
    """How much: the effect's own number, or the source's power (its actual card's, once it
    has died, RR 13.5c); doubled by a critical success (RR 7.2a)."""
    if effect.get("amount_of") == "power":
        amount = source.definition.power or 0
    else:
        amount = int(effect.get("amount", 0))
    return amount * (2 if effect.get("double") else 1)


def apply_effect(
    game: RiskGame,
    source: CardState,
    controller: int,
    target: Target | None,
    effect: Mapping[str, Any],
    times: int,
) -> None:
    """Carry out one effect.

    :enforces: RR 1.4a, RR 9.2c, RR 2.5a
    """
    del times  # reserved for repeated effects; every current effect happens once
    kind = effect["kind"]
    if kind in ("ep", "intel", "draw", "scry", "mill"):
        for who in _players(game, controller, target, effect):
            _player_effect(game, kind, who, _amount(source, effect))
        return
    creature = game.table.cards[target] if isinstance(target, int) else None
    if effect.get("self"):
        creature = source if source.zone.startswith("battlefield") else None
    if creature is not None and kind in CREATURE_EFFECTS:
        _creature_effect(game, source, controller, creature, effect)
        return
    opponent = target.index if isinstance(target, Player) else None
    match kind:
        case "risk":
            for outcome in take_risk(game, source, controller, effect):
                apply_effect(game, source, controller, target, outcome, 1)
        case "damage_attackers":
            for attacker in [game.table.cards[a] for a in game.attacks]:
                if attacker.zone.startswith("battlefield"):
                    damage_creature(game, source, attacker, _amount(source, effect), "RR 3.1.1a")
        case "destroy_each":
            destroy_each(game, source, str(effect["subtype"]))
        case "sweep":
            traps.sweep(game, source)
        case "steal_trap" if opponent is not None:
            traps.steal(game, controller, opponent)
        case "copy_trap" if opponent is not None:
            traps.copy_trap(game, source, controller, opponent)
        case "copy_face_down" if creature is not None:
            morph.copy_face_down(game, source, creature)
        case "extra_turn":
            grant_extra_turn(game, controller)
        case "win_if":
            effect_win(game, controller, effect)
        case "lose_if_library":
            for seat in game.table.players:
                if len(game.table.zones[zone_name("library", seat.index)]) <= int(
                    effect["at_most"]
                ):
                    game.mark_lost(seat.index, "RR 9.2c")
                    game.record("RR 9.2c", f"{source.name}: {seat.name} loses the game")


def _player_effect(game: RiskGame, kind: str, who: int, amount: int) -> None:
    me = game.table.players[who]
    if kind == "ep":
        me.ep += amount
        game.record("", f"{me.name} gains {amount} EP (EP {me.ep})")
        outcome.check_named_time(game, who, "gain_ep")
    elif kind == "intel":
        me.intel += amount
        game.record("RR 1.4a", f"{me.name} gains {amount} Intel (Intel {me.intel})")
    elif kind == "draw":
        # From an empty library a draw takes nothing (RR R50), so only real draws are told.
        drawn = sum(game.draw(who, "") for _ in range(amount))
        if drawn:
            game.record("", f"{me.name} draws {cards(drawn)}")
    elif kind == "scry":
        game.scry_pending.append(who)
    elif kind == "mill":
        exiled = exile_top(game, who, amount)
        game.record("RR 2.5a", f"{me.name} exiles {cards(exiled)} from the top of their library")


def _creature_effect(
    game: RiskGame,
    source: CardState,
    controller: int,
    creature: CardState,
    effect: Mapping[str, Any],
) -> None:
    kind, amount = effect["kind"], _amount(source, effect)
    if kind == "damage":
        damage_creature(game, source, creature, amount, "RR 3.1.1a")
    elif kind == "destroy":
        destroy(game, creature, "RR 2.3c", f"{source.name} destroys {creature.name}")
    elif kind == "pump":
        until = str(effect.get("until", "turn"))
        power, defense = int(effect["power"]), int(effect["defense"])
        continuous.pump(game, controller, creature, power, defense, until)
        game.record("", f"{creature.name} gets +{power}/+{defense} until end of {until}")
    elif kind == "counters":
        if effect["counter"] == "+1/+1":
            creature.plus += amount
        else:
            creature.minus += amount
        game.record("", f"{creature.name} gets {amount} {effect['counter']} counters")
    elif kind == "tap":
        creature.tapped = True
        game.record("", f"{source.name} taps {creature.name}")
    elif kind == "bounce":
        game.table.move(creature.id, zone_name("hand", creature.owner))
        game.record("RR 2.3c", f"{creature.name} returns to its owner's hand")


def destroy_each(game: RiskGame, source: CardState, creature_type: str) -> None:
    """Destroy each creature of ``creature_type``; a face-down creature has no creature type,
    so it is spared, whatever it really is (RR 13.3b).

    :enforces: RR 13.3b
    """
    doomed = [c for c in game.table.creatures() if morph.has_creature_type(c, creature_type)]
    if not doomed:
        game.record("RR 13.3b", f"{source.name} finds no {creature_type} to destroy")
    for creature in doomed:
        destroy(game, creature, "RR 2.3c", f"{source.name} destroys {creature.name}")


def effect_win(game: RiskGame, player: int, effect: Mapping[str, Any]) -> None:
    """An effect that says its controller wins, if its condition holds (RR 9.1c).

    :enforces: RR 9.1c
    """
    artifacts = sum(1 for c in game.table.permanents(player) if c.definition.has_type("Artifact"))
    if artifacts >= int(effect["artifacts"]):
        game.table.players[player].won = "RR 9.1c"
        game.record("RR 9.1c", f"{game.name_of(player)} controls {artifacts} artifacts and wins")
