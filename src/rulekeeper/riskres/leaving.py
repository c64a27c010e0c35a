"""Leaving the game (RR 10.5): a player who loses or concedes leaves, and play goes on
without them while two or more players are left (RR 10.1b, RR R54).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rulekeeper.riskres import continuous
from rulekeeper.riskres.state import zone_name

if TYPE_CHECKING:
    from rulekeeper.riskres.game import RiskGame


def leave_game(game: RiskGame, player: int) -> None:
    """Take ``player`` out of the game (the Magic model's
    :meth:`~rulekeeper.mtg.game.MagicGame.leave_game` does the same for its games).

    First the variant pays for the elimination
    (:meth:`~rulekeeper.riskres.hooks.RiskVariant.reward_elimination`). Then their spells
    and abilities leave the stack (RR 10.5b), their permanents and traps go to their owners' exile
    (RR 10.5a, RR 10.5c, RR R68), the changes they made end (RR 10.5d), their alliances end,
    and creatures attacking them leave combat (RR R65).

    :enforces: RR 10.1b, RR 10.5a, RR 10.5b, RR 10.5c, RR R54, RR R65, RR R68
    """
    table = game.table
    seat = table.players[player]
    game.variant.reward_elimination(game, player)
    game.mark_left(player)
    for attacker, target in list(game.attacks.items()):
        mine = table.cards[attacker].controller == player
        if mine or game.defending_player(target) == player:
            del game.attacks[attacker]
            if attacker in game.blocked:
                game.blocked.remove(attacker)
            game.damage_order.pop(attacker, None)
            game.damage_division.pop(attacker, None)
    game.blocks = {
        b: a
        for b, a in game.blocks.items()
        if a in game.attacks and table.cards[b].controller != player
    }
    name = seat.name
    game.record("RR 10.5a", f"{name} leaves the game")
    for item in [i for i in game.stack if i["controller"] == player]:
        game.stack.remove(item)
        source = table.cards[item["source"]]
        if item["card"] is None:
            game.record("RR 10.5b", f"{source.name}'s ability leaves the stack with {name}")
            continue
        source.face_down = False
        table.move(source.id, zone_name("exile", source.owner))
        game.record("RR 10.5b", f"{source.name} leaves the stack with {name} and is exiled")
    game.pending_triggers = [t for t in game.pending_triggers if t[0] != player]
    for permanent in list(table.permanents(player)):
        table.move(permanent.id, zone_name("exile", permanent.owner))
        game.record("RR 10.5a", f"{permanent.name} leaves the battlefield with {name}: exiled")
    for trap in list(table.zones[zone_name("traps", player)]):
        table.move(trap, zone_name("exile", table.cards[trap].owner))
        game.record("RR 10.5c", f"a trap leaves with {name}: exiled")
    if any(entry[0] == player for entry in game.pumps):
        game.record("RR 10.5d", f"the effects {name} made until end of turn end")
    continuous.end_effects_of(game, player)
    game.variant.on_player_left(game, player)
    game.pressure[player] = 0
    game.legend_choices = [c for c in game.legend_choices if c[0] != player]
    game.scry_pending = [p for p in game.scry_pending if p != player]
    game.passes = 0
