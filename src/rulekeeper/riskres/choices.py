"""Every action that might be legal now, for the deciding player, in a deterministic order.

The game keeps those that pass their ``why_not_*`` predicate (see
:mod:`~rulekeeper.riskres.timing`); this module only proposes.
"""

from __future__ import annotations

from collections.abc import Iterator
from functools import cache
from typing import TYPE_CHECKING

from rulekeeper.engine.game import Action
from rulekeeper.riskres import MAX_TRAPS, combat, division
from rulekeeper.riskres import actions as act
from rulekeeper.riskres.actions import Target
from rulekeeper.riskres.costs import ability_cost, spell_cost
from rulekeeper.riskres.state import zone_name
from rulekeeper.riskres.timing import is_sorcery_speed
from rulekeeper.riskres.traps import CHALLENGE_COST, TRAP_COST

if TYPE_CHECKING:
    from rulekeeper.riskres.game import RiskGame


# Actions are values and a card's ID means the same card in every game, so the proposals made
# most often, one or two for each card in hand, are made once per ID
# (speed guide, "Patterns in the hot code").
_pitch = cache(act.Pitch)
_set_trap = cache(act.SetTrap)
_challenge = cache(act.Challenge)


def _targets(game: RiskGame, kind: str | None) -> list[Target | None]:
    if kind is None:
        return [None]
    if kind in ("player", "opponent"):
        return [act.Player(i) for i in game.in_game()]
    return [c.id for c in game.table.permanents()]


def can_only_pass(game: RiskGame) -> bool:
    """True when the player with priority certainly has nothing to do but pass: no card in
    hand, no permanent with an ability or face down, no trap to challenge and no alliance to
    make. It is the cheap question the engine asks before building the whole list; when it
    is True, :func:`candidates` proposes nothing but the pass, because every proposal it
    makes needs one of those things (a test plays games to hold the two to this)."""
    player, table = game.priority, game.table
    if (
        game.decision != "priority"
        or table.zones[zone_name("hand", player)]
        or game.variant.has_actions(game, player)
    ):
        return False
    if any(c.face_down or c.printed.abilities for c in table.permanents(player)):
        return False
    if table.players[player].ep < CHALLENGE_COST:
        return True
    return not any(table.zones[zone_name("traps", other)] for other in game.opponents(player))


def candidates(game: RiskGame) -> Iterator[Action]:
    """The actions to consider for the deciding player, a superset of the legal ones, proposed
    one at a time: the engine often needs only the first two legal ones (to learn that the
    player has a choice), and then the rest are never made."""
    player, table = game.priority, game.table
    if game.decision == "mulligan":
        yield from (act.Keep(), act.Mulligan())
        return
    if game.decision == "scry":
        yield from (act.Scry(False), act.Scry(True))
        return
    if game.decision == "legend":
        name = game.legend_choices[0][1]
        yield from (act.KeepLegend(c.id) for c in table.permanents(player) if c.name == name)
        return
    if game.decision == "attackers":
        targets: list[Target] = []
        for opponent in game.opponents(player):
            targets += [act.Player(opponent), *(c.id for c in table.creatures(opponent))]
        yield from (act.Attack(c.id, t) for c in table.creatures(player) for t in targets)
        yield act.EndAttacks()
        return
    if game.decision == "blockers":
        yield from (act.Block(b.id, a) for b in table.creatures(player) for a in game.attacks)
        yield act.EndBlocks()
        return
    if game.decision == "discard":
        yield from (act.Discard(c) for c in table.zones[zone_name("hand", player)])
        return
    if game.decision == "triggers":
        yield from (act.StackTrigger(s, i) for p, s, i in game.pending_triggers if p == player)
        return
    if game.decision == "damage":
        attacker = division.dividing(game)
        if attacker >= 0:
            shares = division.divisions(game, table.cards[attacker])
            yield from (act.DivideDamage(attacker, s) for s in shares)
        return
    if game.decision == "order":
        attacker = combat.next_to_order(game)
        yield from (act.OrderBlocker(attacker, b) for b in combat.unordered(game, attacker))
        return
    # The engine asks can_only_pass() first and proposes these only if it is False, so they do
    # not ask again.
    yield act.Pass()
    hand = table.zones[zone_name("hand", player)]
    yield from (_pitch(c) for c in hand)
    ep = table.players[player].ep
    # Proposals only: each is judged by its why_not_* predicate. A spell's cost does not
    # depend on its target, so one that cannot be paid skips the loop over targets, and so
    # does one that needs sorcery speed outside it.
    sorcery = is_sorcery_speed(game, player)
    for card_id in hand:
        definition = table.cards[card_id].definition
        if definition.has_type("Landmark"):
            yield act.PlayLandmark(card_id)
            continue
        if not (sorcery or definition.has_type("Instant")):
            continue
        cheapest = spell_cost(table, player, definition, card_id)
        if definition.alternative_cost is not None:
            cheapest = min(
                cheapest, spell_cost(table, player, definition, card_id, alternative=True)
            )
        if cheapest > ep:
            continue
        for target in _targets(game, definition.target):
            yield act.Cast(card_id, target)
            if definition.alternative_cost is not None:
                yield act.Cast(card_id, target, alternative=True)
    if ep >= TRAP_COST and len(table.zones[zone_name("traps", player)]) < MAX_TRAPS:
        yield from (_set_trap(c) for c in hand)
    yield from (act.CastFaceDown(c) for c in hand if table.cards[c].printed.morph is not None)
    mine = table.permanents(player)
    yield from (act.TurnFaceUp(c.id) for c in mine if c.face_down)
    if ep >= CHALLENGE_COST:
        for other in game.opponents(player):
            # By its controller and place, never its card (RR R82).
            count = len(table.zones[zone_name("traps", other)])
            yield from (_challenge(other, i) for i in range(count))
    me = table.players[player]
    for permanent in mine:
        for index, ability in enumerate(permanent.definition.abilities):
            # As for spells: an ability whose costs cannot be paid needs no targets looked at.
            ep_cost, intel_cost = ability_cost(ability, me.intel_used)
            if ep_cost > ep or intel_cost > me.intel or (ability.tap and permanent.tapped):
                continue
            for target in _targets(game, ability.target):
                yield act.Activate(permanent.id, index, target)
    yield from game.variant.priority_actions(game, player)
