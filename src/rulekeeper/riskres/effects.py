"""What spells and abilities do when they resolve, and permanents entering the battlefield.

A card's effects are data (``effects`` in ``data/cards.json``); this module gives each kind its
meaning. A spell whose target is gone when it resolves does nothing.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from rulekeeper.riskres import continuous, outcome
from rulekeeper.riskres.actions import Player, Target
from rulekeeper.riskres.cards import RISK_LEVELS
from rulekeeper.riskres.combat import cards, damage_creature, exile_top
from rulekeeper.riskres.state import CardState
from rulekeeper.riskres.timing import why_not_target
from rulekeeper.rules import enforces

if TYPE_CHECKING:
    from rulekeeper.riskres.game import RiskGame

ENTER = -2  # the ability index of a permanent's "when it enters" ability on the stack


@enforces("RR 2.3b", "RR 3.1.3b", "RR R51", "RR 3.1.2a", "RR 3.1.3a", "RR R31", "RR 13.2b")
def enter_battlefield(
    game: RiskGame, state: CardState, controller: int, target: Target | None
) -> None:
    """A permanent spell resolves: it enters untapped (RR 2.3b); an Aura attaches to its
    target (RR 3.1.3b); a creature's enter effect happens."""
    definition = state.definition
    if (
        definition.is_aura
        and why_not_target(game, controller, definition.target, target) is not None
    ):
        game.table.move(state.id, f"graveyard:{state.owner}")
        game.record("RR 11.1f", f"{state.name} has nothing to enchant and goes to the graveyard")
        return
    game.table.move(state.id, f"battlefield:{controller}")
    state.controller, state.arrived_turn = controller, game.turn
    if state.face_down:
        state.tapped = True  # RR R31, RR 13.2b: a face-down permanent enters tapped
    if definition.is_aura:
        state.attached_to = target if isinstance(target, int) else None
        game.record("RR 3.1.3b", f"{state.name} enters attached to {game.describe(target)}")
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
        effects = take_risk(game, source, controller)
    for effect in effects:
        if game.outcome is not None:  # RR 9.4c: a win checked mid-way ends the game there
            return
        apply_effect(game, source, controller, target, effect, 1)


@enforces(
    "RR 7.1b",
    "RR 7.1c",
    "RR 7.2a",
    "RR 7.2b",
    "RR 7.2c",
    "RR 7.2d",
    "RR 7.2e",
    "RR 7.2f",
    "RR 7.2g",
    "RR 7.2h",
    "RR R46",
)
def take_risk(game: RiskGame, source: CardState, controller: int) -> list[Mapping[str, Any]]:
    """Roll a d20 against the card's risk level and return the effects that follow.

    A natural 20 is a critical success and doubles the effect; a natural 1 is a critical
    failure: the normal effect does not happen and the opponent gets the card's benefit for
    them, if any (RR 7.2a, 7.2e to 7.2h). Otherwise meeting the threshold of RR 7.1c is a
    success, falling 1 or 2 short a near miss with the partial effect, and falling 3 or more
    short a failure (RR 7.2b to 7.2d, RR R46).
    """
    risk = source.definition.risk or {}
    level = risk["level"]
    threshold = RISK_LEVELS[level]
    roll = game.chance.roll(20, kind="d20")
    effects: list[Mapping[str, Any]]
    if roll == 20:
        verdict, rule, effects = (
            "a critical success",
            "RR 7.2a",
            [dict(e, double=True) for e in risk["success"]],
        )
    elif roll == 1:
        opponent = (controller + 1) % len(game.table.players)
        verdict, rule = "a critical failure", "RR 7.2e"
        effects = [dict(e, player=opponent) for e in risk.get("critical_failure", [])]
    elif roll >= threshold:
        verdict, rule, effects = "a success", "RR 7.2b", list(risk["success"])
    elif threshold - roll <= 2:
        verdict, rule, effects = "a near miss", "RR 7.2c", list(risk.get("partial", []))
    else:
        verdict, rule, effects = "a failure", "RR 7.2d", []
    game.record(
        rule, f"{source.name} takes a {level} risk ({threshold}+) and rolls {roll}: {verdict}"
    )
    return effects


@enforces("RR 1.4a", "RR 9.2c", "RR 2.5a")
def apply_effect(
    game: RiskGame,
    source: CardState,
    controller: int,
    target: Target | None,
    effect: Mapping[str, Any],
    times: int,
) -> None:
    """Carry out one effect."""
    del times  # reserved for repeated effects; every current effect happens once
    table = game.table
    kind = effect["kind"]
    amount = int(effect.get("amount", 0)) * (2 if effect.get("double") else 1)
    who = int(effect.get("player", controller))
    me = table.players[who]
    creature = table.cards[target] if isinstance(target, int) else None
    if effect.get("self"):
        creature = source if source.zone.startswith("battlefield") else None
    if kind == "ep":
        me.ep += amount
        game.record("", f"{me.name} gains {amount} EP (EP {me.ep})")
        outcome.check_named_time(game, who, "gain_ep")
    elif kind == "intel":
        me.intel += amount
        game.record("RR 1.4a", f"{me.name} gains {amount} Intel (Intel {me.intel})")
    elif kind == "draw":
        for _ in range(amount):
            game.draw(who, "")
        game.record("", f"{me.name} draws {amount}")
    elif kind == "scry":
        game.scry_pending.append(who)
    elif kind == "mill" and isinstance(target, Player):
        exiled = exile_top(game, target.index, amount)
        game.record(
            "RR 2.5a",
            f"{game.name_of(target.index)} exiles {cards(exiled)} from the top of their library",
        )
    elif kind == "damage_attackers":
        for attacker in [table.cards[a] for a in game.attacks]:
            if attacker.zone.startswith("battlefield"):
                damage_creature(game, source, attacker, amount, "RR 3.1.1a")
    elif kind == "damage" and creature is not None:
        damage_creature(game, source, creature, amount, "RR 3.1.1a")
    elif kind == "destroy" and creature is not None:
        destroy(game, creature, "RR 2.3c", f"{source.name} destroys {creature.name}")
    elif kind == "pump" and creature is not None:
        continuous.pump(game, controller, creature, int(effect["power"]), int(effect["defense"]))
        game.record(
            "RR 4.1b",
            f"{creature.name} gets +{effect['power']}/+{effect['defense']} until end of turn",
        )
    elif kind == "counters" and creature is not None:
        if effect["counter"] == "+1/+1":
            creature.plus += amount
        else:
            creature.minus += amount
        game.record("", f"{creature.name} gets {amount} {effect['counter']} counters")
    elif kind == "tap" and creature is not None:
        creature.tapped = True
        game.record("", f"{source.name} taps {creature.name}")
    elif kind == "bounce" and creature is not None:
        game.table.move(creature.id, f"hand:{creature.owner}")
        game.record("RR 2.3c", f"{creature.name} returns to its owner's hand")
    elif kind == "win_if":
        effect_win(game, who, effect)
    elif kind == "lose_if_library":
        for seat in table.players:
            if len(table.zones[f"library:{seat.index}"]) <= int(effect["at_most"]):
                seat.lost = seat.lost or "RR 9.2c"
                game.record("RR 9.2c", f"{source.name}: {seat.name} loses the game")


@enforces("RR 9.1c")
def effect_win(game: RiskGame, player: int, effect: Mapping[str, Any]) -> None:
    """An effect that says its controller wins, if its condition holds (RR 9.1c)."""
    artifacts = sum(1 for c in game.table.permanents(player) if c.definition.has_type("Artifact"))
    if artifacts >= int(effect["artifacts"]):
        game.table.players[player].won = "RR 9.1c"
        game.record("RR 9.1c", f"{game.name_of(player)} controls {artifacts} artifacts and wins")


@enforces("RR 2.3c", "RR 2.4a", "RR 2.4b", "RR 3.1.5c", "RR 13.5a", "RR 13.5b", "RR 13.3c")
def destroy(game: RiskGame, permanent: CardState, rule: str, text: str) -> None:
    """Put a permanent into its owner's graveyard, on top (RR 2.4b keeps the order)."""
    hidden = permanent.face_down
    game.table.move(permanent.id, f"graveyard:{permanent.owner}")
    # RR 13.5a: a face-down permanent is revealed as it goes, and arrives face up.
    game.record(rule, text + (f" (it was {permanent.name})" if hidden else ""))
