"""The shoe, the packs and drafting: what Vortex does instead of drawing (VX 3, VX 5, VX 6).

The format's bookkeeping is the game's
:class:`~rulekeeper.mtg.formats.vortex.state.VortexState` (``game.variant.state``), saved with
the game: the drafts and pass steps waiting, and the pack mulligan's small pack.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rulekeeper.mtg.formats.vortex import (
    FAILED_PICK_LIFE,
    MULLIGAN_BASICS,
    MULLIGAN_PACK_SIZE,
    PACK_SIZE,
    PASSED_PACK,
    SHOE,
    pack,
)
from rulekeeper.mtg.formats.vortex.state import VortexState
from rulekeeper.mtg.state import UNOWNED

if TYPE_CHECKING:
    from rulekeeper.mtg.game import MagicGame


def queue_draft(game: MagicGame, player: int) -> None:
    """Replace one draw by one draft, made before anyone next gets priority.

    :enforces: VX 5.1, VX R4
    """
    state: VortexState = game.variant.state
    state.drafts.append(player)


def pack_target(game: MagicGame, player: int) -> int:
    """How full ``player``'s pack is refilled: seven, or five after a pack mulligan.

    :enforces: VX 7.2
    """
    state: VortexState = game.variant.state
    if state.small_pack == (player, game.turn):
        return MULLIGAN_PACK_SIZE
    return PACK_SIZE


def replenish(game: MagicGame, player: int) -> None:
    """Refill ``player``'s pack from the top of the shoe up to its size; an empty shoe does
    nothing.

    :enforces: VX 5.2
    """
    cards, shoe = game.table.zones[pack(player)], game.table.zones[SHOE]
    added = 0
    while len(cards) < pack_target(game, player) and shoe:
        game.table.move(shoe[-1], pack(player))
        added += 1
    if added:
        game.record(
            "VX 5.2",
            f"{game.name_of(player)} replenishes their pack with {added} "
            f"card{'s' if added != 1 else ''} from the shoe",
        )


def pick(game: MagicGame, player: int, card_id: int) -> None:
    """Take a card from the pack into the hand; the picker owns it from now on.

    :enforces: VX 5.3
    """
    game.table.move(card_id, f"hand:{player}")
    game.table.claim(card_id, player)
    game.record("VX 5.3", f"{game.name_of(player)} picks a card")


def fail_pick(game: MagicGame, player: int) -> None:
    """A pick from an empty pack: everything on the stack is countered, the turn ends at once
    and the player who could not pick loses 1 life.

    :enforces: VX 5.4, VX R8
    """
    for card_id in list(reversed(game.table.zones["stack"])):
        game.table.move(card_id, f"graveyard:{game.table.cards[card_id].owner}")
        game.record("VX 5.4", f"{game.table.cards[card_id].name} is countered")
    game.table.players[player].life -= FAILED_PICK_LIFE
    game.record(
        "VX 5.4",
        f"{game.name_of(player)} has an empty pack to pick from, loses "
        f"{FAILED_PICK_LIFE} life, and the turn ends",
    )
    state: VortexState = game.variant.state
    state.drafts = []
    game.resume = ["end_turn", 0]


def is_pass_due(game: MagicGame, player: int) -> bool:
    """A player's pass step waits for the state-based check after their cleanup.

    :enforces: VX 6.1
    """
    # Read into a local of its class, the format's state being typed Any on the base (speed
    # guide, "Patterns in the hot code"): every state-based check asks this for every player.
    state: VortexState = game.variant.state
    return player in state.pass_due


def pass_pack(game: MagicGame, player: int) -> None:
    """Swap ``player``'s pack with the passed pack; the player now holds the other pack.

    :enforces: VX 3.7, VX 6.1
    """
    game.table.swap_zones(pack(player), PASSED_PACK)
    state: VortexState = game.variant.state
    state.pass_due.remove(player)


def is_pack_overfull(game: MagicGame, player: int) -> bool:
    """A pack over seven cards makes its owner discard one of them at random.

    :enforces: VX 3.9
    """
    return len(game.table.zones[pack(player)]) > PACK_SIZE


def discard_at_random(game: MagicGame, player: int) -> None:
    """Discard a random card of ``player``'s pack, chosen by the game's chance (VX R2).

    :enforces: VX 3.9, VX R2
    """
    cards = game.table.zones[pack(player)]
    card_id = cards[game.chance.pick(len(cards), kind="pack discard")]
    game.table.claim(card_id, player)
    game.table.move(card_id, f"graveyard:{player}")


def can_exile_pack(game: MagicGame, player: int) -> bool:
    """In their upkeep, a player whose pack holds five or more basic lands may exile it.

    :enforces: VX 7.1
    """
    # The step first: the engine asks this whenever a player would receive priority, and
    # counting the pack is needed only in that player's upkeep.
    if game.step != "upkeep" or game.active != player:
        return False
    basics = sum(
        game.table.cards[c].definition.is_basic_land for c in game.table.zones[pack(player)]
    )
    return basics >= MULLIGAN_BASICS


def exile_pack(game: MagicGame, player: int) -> None:
    """Reveal and exile the pack; until end of turn it refills to five, not seven.

    :enforces: VX 7.1, VX 7.2
    """
    names = ", ".join(game.table.cards[c].name for c in game.table.zones[pack(player)])
    for card_id in list(game.table.zones[pack(player)]):
        game.table.move(card_id, "exile")
    state: VortexState = game.variant.state
    state.small_pack = (player, game.turn)
    game.record("VX 7.1", f"{game.name_of(player)} reveals their pack ({names}) and exiles it")


def return_pack_to_shoe(game: MagicGame, player: int) -> None:
    """When a player leaves, their pack goes to the bottom of the shoe in a random order.

    :enforces: VX R3
    """
    cards = list(game.table.zones[pack(player)])
    game.chance.shuffle(cards, kind="leaving pack")
    for card_id in cards:
        if game.table.cards[card_id].owner == UNOWNED:
            game.table.move(card_id, SHOE, bottom=True)
    state: VortexState = game.variant.state
    state.drafts = [p for p in state.drafts if p != player]
    state.pass_due = [p for p in state.pass_due if p != player]
