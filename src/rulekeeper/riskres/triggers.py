"""Triggered abilities (RR R51): they wait until a player would next receive priority, then go
on the stack, the active player's first and then each other player's in turn order; a player
with several chooses their order.

The starter cards trigger at the beginning of combat and of the end step on their
controller's turn (RR 4.5.1a, RR 4.7.1a), when their creature attacks (RR 4.5.2d) or blocks
(RR 4.5.3d), when their controller discards a card in the cleanup step (RR 4.7.2d, RR R52),
when their creature dies (RR 13.5c, see :func:`dies`), and when a permanent enters the
battlefield (see :func:`~rulekeeper.riskres.effects.enter_battlefield`).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Final

from rulekeeper.riskres.actions import Player
from rulekeeper.riskres.state import CardState

if TYPE_CHECKING:
    from rulekeeper.engine.game import Violation
    from rulekeeper.riskres.game import RiskGame

TRIGGER_BASE: Final = -3  # the stack's ability index of a card's trigger i is TRIGGER_BASE - i


def fire(game: RiskGame, event: str, sources: Sequence[CardState]) -> None:
    """Note every ability of ``sources`` that triggers on ``event``; it waits for priority.

    :enforces: RR 4.5.1a, RR 4.5.2d, RR 4.5.3d, RR 4.7.1a
    """
    for source in sources:
        for index, trigger in enumerate(source.definition.triggers):
            if trigger.when == event:
                game.pending_triggers.append((source.controller, source.id, index))
                game.record("RR R51", f"{source.name}'s ability triggers")


def dies(game: RiskGame, card: CardState, controller: int) -> None:
    """``card`` has just died (gone from the battlefield to a graveyard) under ``controller``:
    note its "when this dies" abilities. They are the actual card's, even if it was face
    down and so had no abilities on the battlefield (RR 13.5c, RR R75).

    :enforces: RR 13.5c, RR R75
    """
    for index, trigger in enumerate(card.printed.triggers):
        if trigger.when == "dies":
            game.pending_triggers.append((controller, card.id, index))
            game.record("RR 13.5c", f"{card.printed.name}'s ability triggers as it dies")


def stack_pending(game: RiskGame) -> bool:
    """Put waiting triggers on the stack, the active player's first. Return True if a player
    holding several must first choose their order (the game then waits for that choice).

    :enforces: RR R51
    """
    seats = len(game.table.players)
    for offset in range(seats):
        player = (game.active + offset) % seats
        mine = [t for t in game.pending_triggers if t[0] == player]
        if len(mine) > 1:
            game.decision, game.priority = "triggers", player
            return True
        if mine:
            put_on_stack(game, *mine[0])
    return False


def why_not_stack(game: RiskGame, player: int, source: int, index: int) -> Violation | None:
    """Only a waiting trigger of the choosing player may go on the stack next (RR R51)."""
    if (player, source, index) not in game.pending_triggers:
        return ("RR R51", "choose one of your own triggered abilities that is waiting")
    return None


def put_on_stack(game: RiskGame, player: int, source: int, index: int) -> None:
    """Move one waiting trigger onto the stack, aimed at the next opponent in turn order if
    it targets one (RR R47)."""
    game.pending_triggers.remove((player, source, index))
    state = game.table.cards[source]
    trigger = state.definition.triggers[index]
    opponents = game.opponents(player)
    target = Player(opponents[0]) if trigger.target == "opponent" and opponents else None
    game.stack.append(
        {
            "card": None,
            "source": source,
            "controller": player,
            "ability": TRIGGER_BASE - index,
            "target": target,
        }
    )
    game.record("RR R51", f"{state.name}'s triggered ability goes on the stack")
