"""The opening hand: four draft-and-pass turns each, then three basic lands (VX 4).

The game's :class:`~rulekeeper.mtg.formats.vortex.state.VortexState` says which phase the
opening is in (its ``phase``), whose opening turns are still to come (``opening``) and how many
basic lands each player may still take (``basics``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rulekeeper.engine.events import indefinite
from rulekeeper.mtg.formats.vortex import (
    BASIC_LANDS,
    FAILED_PICK_LIFE,
    OPENING_BASICS,
    OPENING_TURNS,
    outside,
)
from rulekeeper.mtg.formats.vortex.state import VortexState

if TYPE_CHECKING:
    from rulekeeper.mtg.game import MagicGame


def plan_opening_turns(game: MagicGame) -> None:
    """Four rounds of opening turns, each round in turn order from the first player.

    :enforces: VX 4.1, VX R7
    """
    count = len(game.table.players)
    order = [(game.first_player + seat) % count for seat in range(count)]
    state: VortexState = game.variant.state
    state.opening = [p for _ in range(OPENING_TURNS) for p in order]
    state.basics = [OPENING_BASICS] * count
    state.phase = "opening"


def take_basic(game: MagicGame, player: int, name: str) -> None:
    """Add one basic land of the player's choice from outside the game to their hand.

    :enforces: VX 4.2, VX R1
    """
    card_id = next(c for c in game.table.zones[outside(player)] if game.table.cards[c].name == name)
    game.table.move(card_id, f"hand:{player}")
    state: VortexState = game.variant.state
    assert state.basics is not None  # dealt with the opening turns, before any is taken
    state.basics[player] -= 1
    game.record("VX 4.2", f"{game.name_of(player)} adds {indefinite(name)} from outside the game")


def basics_available(game: MagicGame, player: int) -> list[str]:
    """The basic land names ``player`` may still take from outside the game."""
    names = {game.table.cards[c].name for c in game.table.zones[outside(player)]}
    return [n for n in BASIC_LANDS if n in names]


def next_basics_chooser(game: MagicGame) -> int | None:
    """The next player, in turn order, still to add basic lands; ``None`` when all have.

    There is no mulligan in Vortex (a mulligan "does nothing", VX 4.3), so once every hand
    holds seven cards, normal play begins (VX 4.4).

    :enforces: VX 4.3, VX 4.4
    """
    count, state = len(game.table.players), game.variant.state
    basics: list[int] = state.basics or [0] * count  # none to take if none were dealt
    for seat in range(count):
        player = (game.first_player + seat) % count
        if basics[player] > 0 and not game.table.players[player].lost:
            return player
    return None


def fail_opening_pick(game: MagicGame, player: int) -> None:
    """An opening turn with an empty pack to pick from: the player loses 1 life, as in
    VX 5.4, and the opening turn ends with its pass step (there is no stack to counter).

    :enforces: VX R9
    """
    game.table.players[player].life -= FAILED_PICK_LIFE
    game.record(
        "VX R9",
        f"{game.name_of(player)} has an empty pack in an opening turn and "
        f"loses {FAILED_PICK_LIFE} life",
    )
    state: VortexState = game.variant.state
    state.pass_due.append(player)
    game.check_state_based_actions()  # the pass step, before the next opening turn
