"""State-based actions (MG 5): checked whenever a player would receive priority."""

from __future__ import annotations

from functools import partial
from typing import TYPE_CHECKING

from rulekeeper.engine.game import Outcome
from rulekeeper.engine.seats import LOST, PLAYING
from rulekeeper.engine.turns import AGAIN, SETTLED, settle
from rulekeeper.mtg.hooks import StateBasedAction
from rulekeeper.mtg.state import PlayerState

if TYPE_CHECKING:
    from rulekeeper.mtg.game import MagicGame


def check(game: MagicGame) -> None:
    """Perform every state-based action that applies, all at once, until none applies.

    Each round first finds all that apply in the current state, then performs them; the
    format's own state-based actions join the same round, so they are simultaneous with the
    core ones. Afterwards the game ends if players have lost (MG 5.5).

    :raises RuntimeError: if state-based actions never settle (a bug, never a player's doing).

    :enforces: MG 5.1
    """
    settle(_round, game)
    decide_outcome(game)
    if game.outcome is None:
        for player in game.table.players:
            if player.status == LOST:
                player.leave()
                game.leave_game(player.index)


def _round(game: MagicGame) -> int:
    """One round: find every state-based action that applies, then perform them all."""
    found = core_state_based_actions(game)
    extra = game.variant.state_based_actions(game)
    if extra:
        found += extra
    elif not found:
        return SETTLED
    for action in found:
        game.record(action.rule, action.text)
        action.perform()
    return AGAIN


def core_state_based_actions(game: MagicGame) -> list[StateBasedAction]:
    """The state-based actions of the compact model that apply now."""
    found: list[StateBasedAction] = []
    for player in game.table.players:
        if player.status != PLAYING:
            continue
        if is_out_of_life(game, player.index):
            found.append(
                StateBasedAction(
                    "MG 5.2",
                    f"{player.name} has {player.life} life and loses",
                    partial(_lose, player),
                )
            )
        elif is_decked(game, player.index):
            found.append(
                StateBasedAction(
                    "MG 5.3",
                    f"{player.name} drew from an empty library and loses",
                    partial(_lose, player),
                )
            )
    for creature in game.table.creatures():
        if is_destroyed(game, creature.id):
            found.append(
                StateBasedAction(
                    "MG 5.4",
                    f"{creature.name} is put into its owner's graveyard",
                    partial(game.table.move, creature.id, f"graveyard:{creature.owner}"),
                )
            )
    return found


def _lose(player: PlayerState) -> None:
    player.lose()


def is_out_of_life(game: MagicGame, player: int) -> bool:
    """A player with 0 or less life loses the game.

    :enforces: MG 5.2
    """
    return game.table.players[player].life <= 0


def is_decked(game: MagicGame, player: int) -> bool:
    """A player who tried to draw from an empty library since the last check loses.

    :enforces: MG 5.3
    """
    return game.table.players[player].drew_from_empty


def is_destroyed(game: MagicGame, card_id: int) -> bool:
    """A creature with 0 or less toughness, lethal damage or deathtouch damage dies.

    :enforces: MG 5.4
    """
    creature = game.table.cards[card_id]
    toughness = creature.definition.toughness or 0
    return toughness <= 0 or creature.damage >= toughness or creature.deathtouched


def decide_outcome(game: MagicGame) -> None:
    """End the game when at most one player has not lost: a win, or a draw if none is left.

    :enforces: MG 5.5
    """
    if game.outcome is not None:
        return
    # Asked at every state-based check, and nearly always two players or more are in the
    # game: counted before any list is made.
    if game.more_in_game_than(1):
        return
    in_game = game.in_game()
    losers = [p for p in game.table.players if p.lost]
    rule = "MG 5.5"
    log = game.log
    for index in range(len(log) - 1, -1, -1):  # the latest loss, read back without a copy
        cause = log[index].rule
        if cause in ("MG 5.2", "MG 5.3"):
            rule = cause
            break
    if not in_game:
        game.outcome = Outcome("draw", (), "MG 5.5", "every player lost at the same time")
    else:
        names = ", ".join(p.name for p in losers)
        game.outcome = Outcome("win", (in_game[0],), rule, f"{names} lost")
    winner = f"{game.name_of(in_game[0])} wins" if in_game else "the game is a draw"
    game.record(game.outcome.reason_rule, f"{winner}: {game.outcome.reason}")
