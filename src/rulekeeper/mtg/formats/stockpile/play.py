"""Stockpile Draft as a :class:`~rulekeeper.mtg.hooks.MagicFormat`: the hooks it overrides.

Setup builds the piles instead of taking decks (``setup``); Junk adds a card (``extra_cards``)
that cannot be cast (``why_not_cast``) and never reaches the stack or the battlefield
(``redirect``); acquiring and returning Junk are actions a player takes with priority
(``priority_actions``); drawing reshuffles the graveyard (``draw_one``); and the end of the
final round ends the game (``end_of_turn``).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from rulekeeper.engine.chance import Chance
from rulekeeper.engine.game import Action, Violation
from rulekeeper.errors import InputError
from rulekeeper.mtg.cards import CardDef
from rulekeeper.mtg.formats.stockpile import (
    FACTS,
    JUNK,
    JUNKPILE,
    LANDPILE,
    OPENING_HAND,
    STARTING_LIFE,
    STOCKPILE_ZONES,
    STOCKPILES,
    piles,
    saving,
)
from rulekeeper.mtg.formats.stockpile.actions import Acquire, AcquireLand, ReturnJunk
from rulekeeper.mtg.formats.stockpile.junk import (
    JUNK_CARD,
    is_junk,
    junk_destination,
    junk_out_of_place,
    why_not_cast_junk,
)
from rulekeeper.mtg.formats.stockpile.state import StockpileState
from rulekeeper.mtg.hooks import Deck, MagicFormat
from rulekeeper.mtg.state import UNOWNED
from rulekeeper.mtg.timing import is_sorcery_speed
from rulekeeper.mtg.views import seen, shown_to

if TYPE_CHECKING:
    from rulekeeper.mtg.game import MagicGame


class Stockpile(MagicFormat):
    """Stockpile Draft: no decks, six stockpiles to acquire from, Junk to get rid of; a
    free-for-all in which each attacker attacks an opponent of its controller's choice.

    :enforces: SD 1.1, SD R5, SD R6, SD R9
    """

    facts = FACTS
    starting_life = STARTING_LIFE
    opening_hand = OPENING_HAND  # SD 3.3: Dominion's five cards from a deck of ten
    attacks_any_opponent = True  # SD R5, MG R8
    # SD 5.4: a stockpile's top card is face up; SD 5.3: the landpile is face up.
    shown_zones = {"stockpile": "top", "landpile": "cards"}  # noqa: RUF012 - read only

    def __init__(self, cube: Sequence[str] | None = None) -> None:
        super().__init__()
        self._cube = None if cube is None else tuple(cube)
        self.state = StockpileState()  # no acquisition made yet, and not the final round

    def fresh(self) -> Stockpile:
        """This format for one new game, on the same cube."""
        return Stockpile(self._cube)

    @property
    def cube(self) -> tuple[str, ...]:
        """The names of the cube's cards: the one given, or the project's default cube."""
        if self._cube is None:
            # Loaded on first use: the format is created whenever the registry is imported.
            from rulekeeper.mtg.cube import default_cube

            self._cube = default_cube().names
        return self._cube

    def shared_zones(self) -> tuple[str, ...]:
        """The junkpile, the landpile and the six stockpiles belong to no one (SD 5)."""
        return (JUNKPILE, LANDPILE, *STOCKPILE_ZONES)

    def save_state(self) -> dict[str, Any]:
        """The bookkeeping as a save keeps it."""
        return saving.CODEC.dump(self.state)

    def restore_state(self, saved: dict[str, Any]) -> None:
        """Take up the bookkeeping a save kept."""
        saving.CODEC.load_into(self.state, saved)

    def variant_state_record(self) -> Any:
        """The declaration of a saved game's bookkeeping
        (:class:`~rulekeeper.mtg.formats.stockpile.save_records.StockpileRecord`)."""
        from rulekeeper.mtg.formats.stockpile.save_records import StockpileRecord

        return StockpileRecord

    def check_restored(self, game: MagicGame) -> None:
        """Check what a restored game's bookkeeping means (its structure is checked
        against :meth:`variant_state_record` first), with
        :func:`rulekeeper.mtg.formats.stockpile.saving.check_meaning`.

        :raises ~rulekeeper.errors.SerializationError: naming the field and the rule.
        """
        saving.check_meaning(game)

    def extra_cards(self) -> dict[str, CardDef]:
        """The Junk card (SD 4.1)."""
        return {JUNK: JUNK_CARD}

    def setup(self, game: MagicGame, decks: Sequence[Deck]) -> None:
        """Build the piles from the cube; players bring no decks (SD 1.2). The game has
        checked that two to eight play (SD 1.4).

        :raises InputError: if a deck is brought, or the cube is too small (SD 1.3).

        :enforces: SD 1.2
        """
        if any(name for deck in decks for section in deck for name in section):
            raise InputError("in Stockpile Draft players bring no decks (SD 1.2)")
        self.state = StockpileState()
        piles.build_piles(game, self.cube)

    def before_first_turn(self, game: MagicGame) -> None:
        """Every player has 20 life; once the first player is chosen at random, each draws
        seven cards, and no mulligan is offered.

        :enforces: SD 3.1, SD 3.2, SD 3.3
        """
        for player in game.table.players:
            player.life = STARTING_LIFE
        game.record(
            "SD 3.3",
            f"each player starts with {STARTING_LIFE} life and draws {self.opening_hand} "
            "cards; there are no mulligans",
        )
        super().before_first_turn(game)

    def draw_one(self, game: MagicGame, player: int) -> None:
        """Draw, reshuffling the graveyard into an empty library first (SD 6.4)."""
        piles.draw_with_reshuffle(game, player)

    # Junk.

    def why_not_cast(self, game: MagicGame, player: int, card_id: int) -> Violation | None:
        """Junk cannot be cast (SD 4.2)."""
        return why_not_cast_junk(game, card_id)

    def redirect(self, game: MagicGame, card_id: int, to: str) -> str:
        """Junk bound for the stack or the battlefield goes to the graveyard (SD 4.3, 4.4)."""
        return junk_destination(game, card_id, to)

    # Acquiring and returning Junk.

    def priority_actions(self, game: MagicGame, player: int) -> list[Action]:
        """Acquisitions and Junk returns ``player`` might make now."""
        if not is_sorcery_speed(game, player):
            return []
        found: list[Action] = [ReturnJunk(c) for c in game.table.hands[player] if is_junk(game, c)]
        found += [Acquire(n) for n in range(1, STOCKPILES + 1)]
        found += [AcquireLand(name) for name in piles.landpile_types(game)]
        return found

    def refusable(self, game: MagicGame, player: int) -> list[Action]:
        """Acquiring from any stockpile, offered or not: out of the main phase it is refused
        with SD 6.1."""
        return [Acquire(n) for n in range(1, STOCKPILES + 1)]

    def violation(self, game: MagicGame, action: Action) -> Violation | None:
        """Why a Stockpile Draft action is illegal now, citing the rule."""
        # isinstance, not match (speed guide, "A compiled engine").
        player = game.priority
        if isinstance(action, Acquire):
            return piles.why_not_acquire(game, player, action.pile)
        if isinstance(action, AcquireLand):
            return piles.why_not_acquire_land(game, player, action.name)
        if isinstance(action, ReturnJunk):
            return piles.why_not_return_junk(game, player, action.card)
        return super().violation(game, action)

    def perform(self, game: MagicGame, action: Action) -> None:
        """Carry out a legal Stockpile Draft action; the player keeps priority."""
        player = game.priority
        match action:
            case Acquire(number):
                piles.acquire(game, player, number)
            case AcquireLand(name):
                piles.acquire_land(game, player, name)
            case ReturnJunk(card_id):
                piles.return_junk(game, player, card_id)
        game.passes = 0

    # The end of the game.

    def end_of_turn(self, game: MagicGame) -> None:
        """Players dealt damage this turn take Junk (SD 6.6); at the end of the final round's
        last turn, the game ends (SD 6.5)."""
        piles.junk_for_damage(game)
        state: StockpileState = self.state
        if state.final_round and piles.is_last_turn_of_round(game):
            piles.end_by_stockpiles(game)

    # What players see, and what must always hold.

    def adjust_view(self, game: MagicGame, player: int, view: dict[str, Any]) -> None:
        """Everyone sees each stockpile's size and face-up top card, how many Junk cards the
        junkpile holds and which lands the face-up landpile holds; nobody sees the other
        stockpile cards or any library (SD 2.4).

        :enforces: SD 2.4, SD 5.1, SD 5.3, SD 5.4, SD R3
        """
        zones, cards = game.table.zones, game.table.cards
        state: StockpileState = self.state
        offer = []
        # Each pile as the one model of who sees what says (mtg.views.sight, shown_zones):
        # a stockpile's top card, the landpile's every card, the junkpile's size.
        for number, zone in enumerate(STOCKPILE_ZONES, start=1):
            shown = seen(game, zone, None, player)
            top = shown[-1] if shown else None
            offer.append(
                {
                    "pile": number,
                    "cards": len(zones[zone]),
                    "top": None if top is None else (top, cards[top].name),
                }
            )
        view["stockpiles"] = offer
        view["junkpile"] = shown_to(game, JUNKPILE, None, player)
        view["landpile"] = piles.landpile_contents(game, seen(game, LANDPILE, None, player) or ())
        view["acquired_this_turn"] = state.acquired == game.turn
        view["final_round"] = state.final_round

    def invariants(self, game: MagicGame) -> list[str]:
        """Pile cards are nobody's; stockpiles never exceed 25; hidden cards stay hidden."""
        zones = game.table.zones
        problems = [
            f"card {c} in {name} has an owner"
            for name in (JUNKPILE, LANDPILE, *STOCKPILE_ZONES)
            for c in zones[name]
            if game.table.cards[c].owner != UNOWNED
        ]
        problems += [
            f"{name} holds {len(zones[name])} cards"
            for name in STOCKPILE_ZONES
            if len(zones[name]) > 25
        ]
        # Junk is never on the stack or the battlefield (SD 4.3, SD 4.4), nor anywhere else
        # SD R11 keeps it from.
        problems += junk_out_of_place(game)
        return problems + hidden_cards_shown(game)

    def bot_decks(self, chance: Chance, players: int) -> list[Deck]:
        """Nobody brings a deck (SD 1.2): one empty deck a player."""
        return [[] for _ in range(players)]


def hidden_cards_shown(game: MagicGame) -> list[str]:
    """Cards a player may not see that appear in their view: a library card (their own
    included), a stockpile card under the top, another player's hand.

    :enforces: SD 2.4, SD 5.4, SD R7, MG 1.2
    """
    zones = game.table.zones
    hidden_everywhere = {c for name in STOCKPILE_ZONES for c in zones[name][:-1]}
    for player in range(len(game.table.players)):
        hidden_everywhere |= set(zones[f"library:{player}"])
    problems = []
    for player in range(len(game.table.players)):
        view = game.view(player)
        shown = {c for c, _ in view["hand"]}
        shown |= {p["top"][0] for p in view["stockpiles"] if p["top"] is not None}
        shown |= {p["id"] for p in view["battlefield"]} | {p["id"] for p in view["stack"]}
        hidden = set(hidden_everywhere)
        for other in range(len(game.table.players)):
            if other != player:
                hidden |= set(zones[f"hand:{other}"])
        problems += [f"player {player} is shown hidden card {c}" for c in sorted(shown & hidden)]
    return problems
