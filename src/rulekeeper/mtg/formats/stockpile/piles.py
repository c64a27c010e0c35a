"""The junkpile, the landpile and the stockpiles: setting them up and acquiring from them
(SD 2, SD 5, SD 6).

The format's bookkeeping is the game's
:class:`~rulekeeper.mtg.formats.stockpile.state.StockpileState` (``game.variant.state``), saved
with the game: the turn of the last acquisition, whether the final round has begun, and the
damage each player had taken at the end of the last turn.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, Final, TypeVar

from rulekeeper.engine.events import indefinite
from rulekeeper.engine.game import Outcome, Violation
from rulekeeper.errors import InputError
from rulekeeper.mtg.formats.stockpile import (
    BASIC_LANDS,
    CUBE_MINIMUM,
    EMPTY_STOCKPILES_TO_END,
    JUNK,
    JUNK_RETURN_PRICE,
    JUNKPILE,
    JUNKPILE_SIZE,
    LAND_PRICE,
    LANDPILE,
    LANDS_PER_TYPE_PER_PLAYER,
    MINIMUM_PRICE,
    STARTING_JUNK,
    STARTING_LANDS,
    STOCKPILE_SIZE,
    STOCKPILE_ZONES,
    STOCKPILES,
    stockpile,
)
from rulekeeper.mtg.formats.stockpile.junk import is_junk
from rulekeeper.mtg.formats.stockpile.state import StockpileState
from rulekeeper.mtg.mana import ManaCost
from rulekeeper.mtg.state import UNOWNED
from rulekeeper.mtg.timing import is_sorcery_speed

if TYPE_CHECKING:
    from rulekeeper.mtg.game import MagicGame

T = TypeVar("T")

# Setting up.


def build_piles(game: MagicGame, cube: Sequence[str]) -> None:
    """Set up the game in the order of SD R1: the junkpile, six stockpiles of 25 random cube
    cards, the landpile, then each player's starting deck of three Junk and seven random lands.

    Pile cards are nobody's; a starting deck's cards are its player's (SD R2). The landpile
    is dealt from in its shuffled order, face down, before anyone may see it (SD R3).

    :raises InputError: if the cube holds fewer than 150 cards (SD 1.3).

    :enforces: SD 1.3, SD 2.1, SD 2.2, SD 2.3, SD 2.4, SD R1, SD R2, SD R3
    """
    if len(cube) < CUBE_MINIMUM:
        raise InputError(
            f"a Stockpile Draft cube needs at least {CUBE_MINIMUM} cards, not {len(cube)} (SD 1.3)"
        )
    table, chance = game.table, game.chance
    for _ in range(JUNKPILE_SIZE):
        table.create(JUNK, UNOWNED, JUNKPILE)
    chosen = list(cube)
    chance.shuffle(chosen, kind="cube")
    for number in range(STOCKPILES):
        for name in chosen[number * STOCKPILE_SIZE : (number + 1) * STOCKPILE_SIZE]:
            table.create(name, UNOWNED, stockpile(number + 1))
    players = len(table.players)
    for name in BASIC_LANDS:
        for _ in range(LANDS_PER_TYPE_PER_PLAYER * players):
            table.create(name, UNOWNED, LANDPILE)
    chance.shuffle(table.zones[LANDPILE], kind="landpile")
    game.record(
        "SD R1",
        f"the junkpile holds {JUNKPILE_SIZE} Junk cards, six stockpiles hold "
        f"{STOCKPILE_SIZE} random cube cards each, and the landpile "
        f"{len(table.zones[LANDPILE])} basic lands",
    )
    for player in range(players):
        library = f"library:{player}"
        for pile, count in ((JUNKPILE, STARTING_JUNK), (LANDPILE, STARTING_LANDS)):
            for _ in range(count):
                card_id = table.zones[pile][-1]
                table.move(card_id, library)
                table.claim(card_id, player)
        game.record(
            "SD 2.4",
            f"{game.name_of(player)} takes {STARTING_JUNK} Junk and {STARTING_LANDS} lands, "
            "unseen, as their starting deck",
        )


# What is on offer.


def face_up_card(game: MagicGame, number: int) -> int | None:
    """The face-up top card of stockpile ``number``, or ``None`` if it is empty (SD 5.5).

    :enforces: SD 5.4
    """
    # The zone's name from the names made once (STOCKPILE_ZONES): every acquisition judged at
    # every priority in a main phase asks this.
    zone = STOCKPILE_ZONES[number - 1] if 1 <= number <= STOCKPILES else stockpile(number)
    cards = game.table.zones[zone]
    return cards[-1] if cards else None


def price(game: MagicGame, card_id: int) -> int:
    """What a stockpile card costs: its mana value in generic mana, and at least {1}.

    :enforces: SD 6.2
    """
    return max(MINIMUM_PRICE, game.table.cards[card_id].definition.mana_cost.mana_value)


def why_not_acquire_now(game: MagicGame, player: int) -> Violation | None:
    """The active player may acquire in their main phase with the stack empty, as many cards
    as they can pay for.

    :enforces: SD 6.1
    """
    if game.decision != "priority" or not is_sorcery_speed(game, player):
        return ("SD 6.1", "cards are acquired only in your main phase with the stack empty")
    return None


# The generic costs of the usual prices, made once: every acquisition judged at every priority
# in a main phase asks whether its price can be paid.
_GENERIC_COSTS: Final = tuple(ManaCost(generic=amount) for amount in range(17))


def generic_cost(amount: int) -> ManaCost:
    """A cost of ``amount`` generic mana, as a price is paid (SD 6.2).

    >>> generic_cost(3) == ManaCost(generic=3) and generic_cost(40) == ManaCost(generic=40)
    True
    """
    if 0 <= amount < len(_GENERIC_COSTS):
        return _GENERIC_COSTS[amount]
    return ManaCost(generic=amount)


def _why_not_pay(game: MagicGame, player: int, amount: int, rule: str) -> Violation | None:
    if not game.can_pay(player, generic_cost(amount)):
        return (rule, f"your untapped lands cannot pay {{{amount}}}")
    return None


def _pay(game: MagicGame, player: int, amount: int) -> None:
    for land in game.lands_paying(player, generic_cost(amount)) or []:
        game.table.cards[land].tapped = True


def why_not_acquire(game: MagicGame, player: int, number: int) -> Violation | None:
    """A stockpile card can be acquired if it is on offer and its price can be paid.

    :enforces: SD 5.5, SD 6.2
    """
    violation = why_not_acquire_now(game, player)
    if violation is not None:
        return violation
    if not 1 <= number <= STOCKPILES:
        return ("SD 5.4", f"there is no stockpile {number}; they are numbered 1 to {STOCKPILES}")
    card_id = face_up_card(game, number)
    if card_id is None:
        return ("SD 5.5", f"stockpile {number} is empty")
    return _why_not_pay(game, player, price(game, card_id), "SD 6.2")


def acquire(game: MagicGame, player: int, number: int) -> None:
    """Pay for the top card of a stockpile and put it into the acquirer's graveyard; they own
    it now. The next card of the pile is turned face up.

    :enforces: SD 5.4, SD 6.3, SD R2
    """
    card_id = face_up_card(game, number)
    assert card_id is not None  # checked by why_not_acquire
    cost = price(game, card_id)
    what = f"{game.table.cards[card_id].name} from stockpile {number}"
    _take(game, player, card_id, cost, "SD 6.3", what)
    revealed = face_up_card(game, number)
    if revealed is not None:
        game.record(
            "SD 5.4",
            f"{game.table.cards[revealed].name} is turned face up on stockpile {number}",
        )
    else:
        game.record("SD 5.5", f"stockpile {number} is empty")
        begin_final_round(game)


def _take(game: MagicGame, player: int, card_id: int, cost: int, rule: str, what: str) -> None:
    """The acquisition itself, from a stockpile or the landpile alike: the player pays, the
    card goes into their graveyard and is theirs now, and it is the turn's acquisition."""
    _pay(game, player, cost)
    game.table.move(card_id, f"graveyard:{player}")
    game.table.claim(card_id, player)
    state: StockpileState = game.variant.state
    state.acquired = game.turn
    game.record(
        rule, f"{game.name_of(player)} pays {{{cost}}} and acquires {what} into their graveyard"
    )


def why_not_acquire_land(game: MagicGame, player: int, name: str) -> Violation | None:
    """A basic land of a type the landpile still holds, for {2}, as the turn's acquisition.

    :enforces: SD 5.3a
    """
    violation = why_not_acquire_now(game, player)
    if violation is not None:
        return violation
    if not any(game.table.cards[c].name == name for c in game.table.zones[LANDPILE]):
        return ("SD 5.3a", f"the landpile holds no {name}")
    return _why_not_pay(game, player, LAND_PRICE, "SD 5.3a")


def acquire_land(game: MagicGame, player: int, name: str) -> None:
    """Pay {2} and put a basic land of the type named from the landpile into the acquirer's
    graveyard; they own it now.

    :enforces: SD 5.3a, SD 5.3b, SD 6.3
    """
    card_id = next(
        c for c in reversed(game.table.zones[LANDPILE]) if game.table.cards[c].name == name
    )
    _take(game, player, card_id, LAND_PRICE, "SD 5.3a", f"{indefinite(name)} from the landpile")
    if not game.table.zones[LANDPILE]:
        game.record("SD 5.3b", "the landpile is empty")
        begin_final_round(game)


def landpile_contents(game: MagicGame, lands: Iterable[int] | None = None) -> dict[str, int]:
    """How many lands of each basic type the face-up landpile holds (SD 5.3): of ``lands``
    where given (the landpile's cards as a player sees them), else of the whole pile."""
    # One pass over the pile, not one per type: the legal actions ask this at every priority
    # in a main phase, and the pile holds ten lands a player.
    counts = dict.fromkeys(BASIC_LANDS, 0)
    cards = game.table.cards
    for card_id in game.table.zones[LANDPILE] if lands is None else lands:
        name = cards[card_id].name
        if name in counts:
            counts[name] += 1
    return counts


# BASIC_LANDS as a set, for landpile_types (speed guide, "Patterns in the hot code").
_BASIC_LAND_NAMES: Final = frozenset(BASIC_LANDS)


def landpile_types(game: MagicGame) -> list[str]:
    """The basic land types the face-up landpile holds at least one of, in the order of
    ``BASIC_LANDS``: the lands a player may acquire
    (SD 5.3), as :func:`landpile_contents` counts them above zero."""
    # Asked at every priority in a main phase. The pile is spread evenly over the types, so
    # every type turns up within its first few cards and the rest need not be read.
    found: set[str] = set()
    cards = game.table.cards
    for card_id in game.table.zones[LANDPILE]:
        name = cards[card_id].name
        if name not in found and name in _BASIC_LAND_NAMES:
            found.add(name)
            if len(found) == len(BASIC_LANDS):
                break
    return [name for name in BASIC_LANDS if name in found]


# Junk back to the junkpile.


def why_not_return_junk(game: MagicGame, player: int, card_id: int) -> Violation | None:
    """A Junk card from your hand, in your main phase with the stack empty, for {1}.

    :enforces: SD 5.2
    """
    if game.decision != "priority" or not is_sorcery_speed(game, player):
        return ("SD 5.2", "Junk is returned only in your main phase with the stack empty")
    if game.table.where.get(card_id) != game.table.hand_zones[player] or not is_junk(game, card_id):
        return ("SD 5.2", "only a Junk card from your own hand can be returned")
    return _why_not_pay(game, player, JUNK_RETURN_PRICE, "SD 5.2")


def return_junk(game: MagicGame, player: int, card_id: int) -> None:
    """Pay {1} and put a Junk card from the hand onto the junkpile; it is nobody's again.

    :enforces: SD 5.2, SD R2
    """
    _pay(game, player, JUNK_RETURN_PRICE)
    game.table.move(card_id, JUNKPILE)
    game.table.release(card_id)
    game.record(
        "SD 5.2",
        f"{game.name_of(player)} pays {{{JUNK_RETURN_PRICE}}} and returns a Junk card to "
        "the junkpile",
    )


# The deck-building cycle.


def draw_with_reshuffle(game: MagicGame, player: int) -> None:
    """Draw a card; an empty library is first replaced by the shuffled graveyard, and with
    both empty the draw does nothing (and the player does not lose).

    :enforces: SD 6.4
    """
    zones = game.table.zones
    library, graveyard = f"library:{player}", f"graveyard:{player}"
    if not zones[library]:
        if not zones[graveyard]:
            game.record(
                "SD 6.4",
                f"{game.name_of(player)} has no library and no graveyard and draws nothing",
            )
            return
        for card_id in list(zones[graveyard]):
            game.table.move(card_id, library)
        game.chance.shuffle(zones[library], kind="reshuffle")
        game.record(
            "SD 6.4",
            f"{game.name_of(player)} shuffles their graveyard ({len(zones[library])} cards) "
            "into a new library",
        )
    game.draw_from_library(player)


# Junk for the hurt.


def junk_for_damage(game: MagicGame) -> None:
    """At the end of each turn, every player still in the game who was dealt damage during
    it takes a Junk card from the junkpile into their graveyard, and owns it (SD 6.6); with
    the junkpile empty, nothing happens. They take it in turn order from the active player
    (Magic's APNAP order), so that when the junkpile holds fewer cards than there are hurt
    players, the first served are the active player and those after them, not the lowest
    seats. ``damage_seen`` keeps each player's damage taken at the end of the last turn.

    :enforces: SD 6.6, SD R2
    """
    state: StockpileState = game.variant.state
    zones, seen = game.table.zones, state.damage_seen
    players = game.table.players
    seen.extend([0] * (len(players) - len(seen)))
    for player in in_turn_order(players, game.active):
        if player.damage_taken > seen[player.index] and not player.lost:
            if zones[JUNKPILE]:
                card_id = zones[JUNKPILE][-1]
                game.table.move(card_id, f"graveyard:{player.index}")
                game.table.claim(card_id, player.index)
                game.record(
                    "SD 6.6",
                    f"{player.name} was dealt damage this turn and takes a Junk card "
                    "into their graveyard",
                )
            else:
                game.record("SD 6.6", f"{player.name} was dealt damage, but the junkpile is empty")
        seen[player.index] = player.damage_taken


def in_turn_order(players: Sequence[T], active: int) -> list[T]:
    """Every seat's entry of ``players`` in turn order from the seat ``active``: the active
    player first, then each seat after it, wrapping round (SD 6.6).

    >>> from rulekeeper.mtg.formats.stockpile.piles import in_turn_order
    >>> in_turn_order(["Ann", "Ben", "Cat", "Dan"], 2)
    ['Cat', 'Dan', 'Ann', 'Ben']

    :enforces: SD 6.6
    """
    return [*players[active:], *players[:active]]


# The end of the game.


def empty_stockpiles(game: MagicGame) -> int:
    """How many stockpiles have run out."""
    return sum(not game.table.zones[zone] for zone in STOCKPILE_ZONES)


def is_end_reached(game: MagicGame) -> bool:
    """Whether the landpile is empty or three stockpiles are: the end of SD 6.5.

    :enforces: SD 5.3b, SD 6.5
    """
    if not game.table.zones[LANDPILE]:
        return True
    return empty_stockpiles(game) >= EMPTY_STOCKPILES_TO_END


def begin_final_round(game: MagicGame) -> None:
    """Once the landpile or a third stockpile runs out, the current round is the game's
    last.

    :enforces: SD 6.5
    """
    state: StockpileState = game.variant.state
    if state.final_round or not is_end_reached(game):
        return
    state.final_round = True
    if game.table.zones[LANDPILE]:
        cause = f"{EMPTY_STOCKPILES_TO_END} stockpiles are empty"
    else:
        cause = "the landpile is empty"
    game.record("SD 6.5", f"{cause}: this round is the last")


def is_last_turn_of_round(game: MagicGame) -> bool:
    """True if the turn ending now is the last of its round: the next player in turn order
    begins a new round (the first player, or the next seat after them still in the game).

    :enforces: SD 6.5
    """
    count, first = len(game.table.players), game.first_player
    following = game.next_player(game.active)
    return (following - first) % count <= (game.active - first) % count


def junk_in_deck(game: MagicGame, player: int) -> int:
    """How many Junk cards ``player``'s deck holds: their library, hand and graveyard
    (SD R11).

    :enforces: SD 6.5, SD R11
    """
    zones, cards = game.table.zones, game.table.cards
    return sum(
        cards[c].definition.has_type("Junk")
        for kind in ("library", "hand", "graveyard")
        for c in zones[f"{kind}:{player}"]
    )


def end_by_stockpiles(game: MagicGame) -> None:
    """At the end of the final round the game ends: of the players still in the game with the
    highest life total, those with the fewest Junk cards in their deck win together.

    :enforces: SD 6.5
    """
    in_game = game.in_game()
    best = max(game.table.players[p].life for p in in_game)
    leaders = [p for p in in_game if game.table.players[p].life == best]
    least = min(junk_in_deck(game, p) for p in leaders)
    winners = tuple(p for p in leaders if junk_in_deck(game, p) == least)
    names = ", ".join(game.name_of(p) for p in winners)
    alone = len(winners) == 1
    reason = f"the final round is over; the most life is {best}"
    if len(leaders) > 1:
        reason += f", and the fewest Junk among them {least}"
    game.outcome = Outcome("win", winners, "SD 6.5", reason)
    game.record("SD 6.5", f"{names} {'wins' if alone else 'win together'}: {reason}")
