"""State-based actions (RR 11): checked before any player gets priority, performed at once.

Every applicable action is found first and then all are performed together (RR 11.3a,
RR R14); the check repeats until none applies (RR 11.2e). The legend rule needs a choice, so
it is asked of each affected controller, the active player first (RR 11.3b, RR 11.3c).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rulekeeper.engine.turns import AGAIN, ENDED, SETTLED, settle
from rulekeeper.riskres import EXILE_LOSS, outcome, traps
from rulekeeper.riskres.destruction import destroy
from rulekeeper.riskres.keywords import defense
from rulekeeper.riskres.state import CardState, PlayerState, zone_name
from rulekeeper.rules import RuleId

if TYPE_CHECKING:
    from rulekeeper.riskres.game import RiskGame


def is_destroyed_by_damage(game: RiskGame, creature: CardState) -> bool:
    """A creature with damage at least its defense, or any damage from a Deadly source, is
    destroyed (RR 11.1a, RR 6.2.4a).

    :enforces: RR 11.1a, RR 3.1.1d, RR 6.2.4a, RR R22
    """
    return creature.deadly_hit or (
        creature.damage > 0 and creature.damage >= defense(game.table, creature)
    )


def is_destroyed_by_zero_defense(game: RiskGame, creature: CardState) -> bool:
    """A creature with 0 or less defense is destroyed (RR 11.1b).

    :enforces: RR 11.1b
    """
    return defense(game.table, creature) <= 0


def is_illegal_aura(game: RiskGame, aura: CardState) -> bool:
    """An Aura attached to nothing, or to something that is no longer a creature on the
    battlefield, is destroyed (RR 11.1f).

    :enforces: RR 11.1f
    """
    if not aura.definition.is_aura:
        return False
    if aura.attached_to is None:
        return True
    host = game.table.cards[aura.attached_to]
    return not host.zone.startswith("battlefield") or not host.definition.has_type("Creature")


def is_exile_loss(game: RiskGame, player: int) -> bool:
    """A player with ten or more cards in exile loses (RR 11.1c).

    :enforces: RR 11.1c, RR 2.5c, RR 9.2b
    """
    return len(game.table.zones[zone_name("exile", player)]) >= EXILE_LOSS


def check(game: RiskGame) -> None:
    """Perform state-based actions until none applies, then settle the game if it is over.

    There are no planeswalkers (RR R3), so RR 11.1j never applies: the card loader
    (:func:`rulekeeper.riskres.cards.parse_card`) is what keeps it so.

    :enforces: RR 11.1d, RR 11.1g, RR 11.2b, RR 11.2c, RR 11.2d, RR 11.2e, RR 11.3a, RR 11.3d,
        RR R14, RR R3
    """
    if settle(_round, game) == ENDED:
        return
    table = game.table
    if any(p.definition.legendary for p in table.permanents()):
        ask_legend_rule(game)
    # RR R44: trap triggers are checked whenever state-based actions are.
    traps.check_triggers(game)


def _round(game: RiskGame) -> int:
    """One round: find every state-based action that applies, then perform them all at once
    (RR 11.3a); :data:`~rulekeeper.engine.turns.ENDED` if a player has won."""
    if game.outcome is not None:
        return SETTLED
    table = game.table
    doomed: list[tuple[CardState, RuleId, str]] = []
    permanents = table.permanents()
    # Only a static effect can lower defense below the card's own numbers; without one,
    # a creature whose printed defense and counters are positive is safe (a fast path).
    lowering = any(p.definition.lowers_defense for p in permanents)
    for permanent in permanents:
        definition = permanent.definition
        if definition.has_type("Creature"):
            own = (
                (definition.defense or 0)
                + permanent.plus
                - permanent.minus
                + permanent.pump_defense
            )
            if (lowering or own <= 0) and is_destroyed_by_zero_defense(game, permanent):
                doomed.append((permanent, "RR 11.1b", "has 0 or less defense"))
            elif is_destroyed_by_damage(game, permanent):
                doomed.append((permanent, "RR 11.1a", "has lethal damage"))
        elif is_illegal_aura(game, permanent):
            doomed.append((permanent, "RR 11.1f", "enchants nothing it may"))
    cancelled = [p for p in permanents if p.plus and p.minus]
    losers: list[tuple[PlayerState, RuleId]] = []
    for seat in table.players:
        if seat.lost:
            continue
        if is_exile_loss(game, seat.index):
            losers.append((seat, "RR 11.1c"))
        if seat.drew_from_empty:
            losers.append((seat, "RR 11.1d"))
    # RR 11.3a: everything found is performed at the same time. A destroyed creature
    # dies like any other, so its "when this dies" abilities trigger (RR 13.5c) and a
    # face-down one is revealed (RR 13.5a).
    for permanent, rule, why in doomed:
        if permanent.zone.startswith("battlefield"):
            destroy(game, permanent, rule, f"{permanent.name} {why} and is destroyed")
    for permanent in cancelled:
        both = min(permanent.plus, permanent.minus)
        permanent.plus -= both
        permanent.minus -= both
        game.record("RR 11.1g", f"{both} +1/+1 and -1/-1 counter pairs on {permanent.name} cancel")
    for seat, rule in losers:
        game.mark_lost(seat.index, rule)
        why = (
            "has ten or more cards in exile" if rule == "RR 11.1c" else "drew from an empty library"
        )
        game.record(rule, f"{seat.name} {why} and loses the game")
    decided = any(seat.lost or seat.won for seat in table.players)
    if (decided or any(p.definition.win for p in permanents)) and outcome.check_win_conditions(
        game, "RR 11.1e"
    ):
        return ENDED
    return AGAIN if doomed or cancelled or losers else SETTLED


def ask_legend_rule(game: RiskGame) -> None:
    """Find every controller with two legendary permanents of one name; the active player
    chooses first, then the others in turn order (RR 11.3b, RR 11.3c).

    :enforces: RR 11.1i, RR 11.3b, RR 11.3c
    """
    seats = len(game.table.players)
    choices: list[tuple[int, str]] = []
    for offset in range(seats):
        player = (game.active + offset) % seats
        names = [c.name for c in game.table.permanents(player) if c.definition.legendary]
        choices += [(player, n) for n in sorted(set(names)) if names.count(n) > 1]
    game.legend_choices = choices
    if choices:
        game.decision, game.priority = "legend", choices[0][0]


def keep_legend(game: RiskGame, player: int, kept: int) -> None:
    """Keep one legendary permanent; the others of its name that ``player`` controls are
    destroyed. Then state-based actions are checked again and play resumes.

    :enforces: RR R29
    """
    name = game.table.cards[kept].name
    for permanent in game.table.permanents(player):
        if permanent.name == name and permanent.id != kept:
            destroy(
                game,
                permanent,
                "RR 11.1i",
                f"{game.name_of(player)} keeps one {name}; another is destroyed",
            )
    game.legend_choices.pop(0)
    game.decision = "priority"
    # RR R29: a choice is an action, so the passes before it no longer count as in a row.
    game.passes = 0
    game.give_priority(game.active)
