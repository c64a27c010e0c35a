"""Every action that might be legal now, for the deciding player, in a deterministic order.

The game keeps those that pass their ``why_not_*`` predicate (see
:mod:`~rulekeeper.riskres.timing`); this module only proposes.
"""

from __future__ import annotations

from functools import cache
from typing import TYPE_CHECKING

from rulekeeper.engine.game import Action
from rulekeeper.riskres import MAX_TRAPS, combat
from rulekeeper.riskres import actions as act
from rulekeeper.riskres.actions import Target
from rulekeeper.riskres.costs import ability_cost, spell_cost
from rulekeeper.riskres.state import zone_name
from rulekeeper.riskres.timing import is_sorcery_speed
from rulekeeper.riskres.traps import CHALLENGE_COST, TRAP_COST

if TYPE_CHECKING:
    from rulekeeper.riskres.game import RiskGame


# Actions are values and a card's ID means the same card in every game, so the proposals made
# most often, one or two for each card in hand, are made once per ID rather than at every
# decision: building a frozen dataclass is slow, and slower still in the compiled engine.
_pitch = cache(act.Pitch)
_set_trap = cache(act.SetTrap)
_challenge = cache(act.Challenge)


def _targets(game: RiskGame, kind: str | None) -> list[Target | None]:
    if kind is None:
        return [None]
    if kind in ("player", "opponent"):
        return [act.Player(i) for i in game.in_game()]
    return [c.id for c in game.table.permanents()]


def only_pass(game: RiskGame) -> bool:
    """True when the player with priority certainly has nothing to do but pass: no card in
    hand, no permanent with an ability or face down, no trap to challenge and no alliance to
    make. It is the cheap question the engine asks before building the whole list; when it
    is True, :func:`candidates` proposes nothing but the pass, because every proposal it
    makes needs one of those things (a test plays games to hold the two to this)."""
    player, table = game.priority, game.table
    if (
        game.decision != "priority"
        or table.zones[zone_name("hand", player)]
        or game.variant == "alliance"
    ):
        return False
    if any(c.face_down or c.printed.abilities for c in table.permanents(player)):
        return False
    if table.players[player].ep < CHALLENGE_COST:
        return True
    return not any(table.zones[zone_name("traps", other)] for other in game.opponents(player))


def candidates(game: RiskGame) -> list[Action]:
    """The actions to consider for the deciding player: a superset of the legal ones."""
    player, table = game.priority, game.table
    if game.decision == "mulligan":
        return [act.Keep(), act.Mulligan()]
    if game.decision == "scry":
        return [act.Scry(False), act.Scry(True)]
    if game.decision == "legend":
        name = game.legend_choices[0][1]
        return [act.KeepLegend(c.id) for c in table.permanents(player) if c.name == name]
    if game.decision == "attackers":
        targets: list[Target] = []
        for opponent in game.opponents(player):
            targets += [act.Player(opponent), *(c.id for c in table.creatures(opponent))]
        found: list[Action] = [
            act.Attack(c.id, t) for c in table.creatures(player) for t in targets
        ]
        return [*found, act.EndAttacks()]
    if game.decision == "blockers":
        found = [act.Block(b.id, a) for b in table.creatures(player) for a in game.attacks]
        return [*found, act.EndBlocks()]
    if game.decision == "discard":
        return [act.Discard(c) for c in table.zones[zone_name("hand", player)]]
    if game.decision == "triggers":
        return [act.StackTrigger(s, i) for p, s, i in game.pending_triggers if p == player]
    if game.decision == "order":
        attacker = combat.next_to_order(game)
        return [act.OrderBlocker(attacker, b) for b in combat.unordered(game, attacker)]
    # The engine asks only_pass() first and builds this list only if it is False, so the
    # list does not ask again.
    found = [act.Pass()]
    hand = table.zones[zone_name("hand", player)]
    found += [_pitch(c) for c in hand]
    ep = table.players[player].ep
    # Proposals only: each is judged by its why_not_* predicate. A spell's cost does not
    # depend on its target, so one that cannot be paid skips the loop over targets, and so
    # does one that needs sorcery speed outside it.
    sorcery = is_sorcery_speed(game, player)
    for card_id in hand:
        definition = table.cards[card_id].definition
        if definition.has_type("Landmark"):
            found.append(act.PlayLandmark(card_id))
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
            found.append(act.Cast(card_id, target))
            if definition.alternative_cost is not None:
                found.append(act.Cast(card_id, target, alternative=True))
    if ep >= TRAP_COST and len(table.zones[zone_name("traps", player)]) < MAX_TRAPS:
        found += [_set_trap(c) for c in hand]
    found += [act.CastFaceDown(c) for c in hand if table.cards[c].printed.morph is not None]
    mine = table.permanents(player)
    found += [act.TurnFaceUp(c.id) for c in mine if c.face_down]
    if ep >= CHALLENGE_COST:
        for other in game.opponents(player):
            found += [_challenge(t) for t in table.zones[zone_name("traps", other)]]
    me = table.players[player]
    for permanent in mine:
        for index, ability in enumerate(permanent.definition.abilities):
            # As for spells: an ability whose costs cannot be paid needs no targets looked at.
            ep_cost, intel_cost = ability_cost(ability, me.intel_used)
            if ep_cost > ep or intel_cost > me.intel or (ability.tap and permanent.tapped):
                continue
            found += [act.Activate(permanent.id, index, t) for t in _targets(game, ability.target)]
    if game.variant == "alliance":
        for other in game.opponents(player):
            found += [act.OfferAlliance(other), act.BreakAlliance(other)]
    return found
