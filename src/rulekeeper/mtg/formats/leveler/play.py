"""Leveler's play rules on top of the compact Magic model (LV 2, LV 3).

Leveler overrides four hooks of :class:`~rulekeeper.mtg.hooks.MagicFormat`: its starting life,
its setup (sub-decks outside the game), its extra zones, and its state-based actions.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import partial
from typing import TYPE_CHECKING, Any, Final

from rulekeeper.engine.chance import Chance
from rulekeeper.engine.saves import refuse
from rulekeeper.engine.seats import PLAYING
from rulekeeper.errors import InputError
from rulekeeper.mtg.formats.leveler import DECK_SIZE, FACTS, STARTING_LIFE, SUB_DECK_SIZES
from rulekeeper.mtg.hooks import Deck, MagicFormat, StateBasedAction
from rulekeeper.mtg.views import shown_to

if TYPE_CHECKING:
    from rulekeeper.mtg.game import MagicGame

SUB_DECKS: Final[tuple[int, ...]] = (2, 3)
"""The sub-decks that start outside the game, in the order they come in (LV 2.2, LV R6)."""

THRESHOLDS: Final[tuple[tuple[int, int, str], ...]] = ((10, 2, "LV 3.3"), (20, 3, "LV 3.4"))
"""Damage taken, the sub-deck that must already be in the game by then, and the rule, from
the lowest threshold up."""


def outside(player: int, sub_deck: int) -> str:
    """The zone holding ``player``'s sub-deck ``sub_deck`` while it waits outside the game."""
    # The state-based check asks for these names whenever a player would receive priority;
    # a Leveler table has two seats, so the four names are made once (OUTSIDE).
    if 0 <= player < len(OUTSIDE) and sub_deck in SUB_DECKS:
        return OUTSIDE[player][sub_deck - SUB_DECKS[0]]
    return f"outside:{player}:{sub_deck}"


OUTSIDE: Final[tuple[tuple[str, ...], ...]] = tuple(
    tuple(f"outside:{player}:{n}" for n in SUB_DECKS) for player in range(2)
)
"""The names :func:`outside` gives for the two seats of a Leveler table, by seat and by
sub-deck in the order of :data:`SUB_DECKS`."""


class Leveler(MagicFormat):
    """Leveler: 30 life, a 50-card library, and two sub-decks that come in later."""

    facts = FACTS
    starting_life = STARTING_LIFE

    def extra_zones(self, player: int) -> tuple[str, ...]:
        """Each player's second and third sub-decks wait in zones outside the game."""
        return tuple(outside(player, n) for n in SUB_DECKS)

    def setup(self, game: MagicGame, decks: Sequence[Deck]) -> None:
        """The first sub-deck becomes the library; the other two start outside the game (the
        game has checked that two play, LV R9, and brought one deck for each).

        :raises InputError: if a deck is not three sub-decks.

        :enforces: LV 2.1, LV 2.2
        """
        for player, deck in enumerate(decks):
            if len(deck) != len(SUB_DECK_SIZES):
                raise InputError(
                    f"a Leveler deck has {len(SUB_DECK_SIZES)} sub-decks, not {len(deck)} (LV 1.2)"
                )
            for number, section in enumerate(deck, start=1):
                where = f"library:{player}" if number == 1 else outside(player, number)
                for name in section:
                    game.table.create(name, player, where)
            game.record(
                "LV 2.2",
                f"{game.name_of(player)} starts with sub-deck 1 as the "
                "library; sub-decks 2 and 3 wait outside the game",
            )

    def state_based_actions(self, game: MagicGame) -> list[StateBasedAction]:
        """Leveler's state-based actions that apply now (LV 3.1, LV 3.3, LV 3.4).

        They join the core ones in the same round (LV R5): a player who drew from an empty
        library loses even though a sub-deck comes in at the same moment.

        :enforces: LV R5
        """
        found: list[StateBasedAction] = []
        for player in game.table.players:
            if player.status != PLAYING:
                continue
            for threshold, sub_deck, rule in THRESHOLDS:
                # This runs whenever a player would receive priority, and most players have
                # taken less damage than the lowest threshold: then no higher one applies either.
                if player.damage_taken < threshold:
                    break
                if is_library_exiled(game, player.index, threshold, sub_deck):
                    found.append(
                        StateBasedAction(
                            rule,
                            f"{player.name} has taken {player.damage_taken} damage with sub-deck "
                            f"{sub_deck} still outside the game: the library is exiled",
                            partial(exile_library, game, player.index),
                        )
                    )
            # Due first: a library that is not empty (the usual case) settles it at once.
            due = is_sub_deck_due(game, player.index)
            coming = next_sub_deck(game, player.index) if due else None
            if coming is not None:
                found.append(
                    StateBasedAction(
                        "LV 3.1",
                        f"{player.name}'s library is empty: sub-deck {coming} enters the "
                        "game and is shuffled into it",
                        partial(bring_in, game, player.index, coming),
                    )
                )
        return found

    def check_restored(self, game: MagicGame) -> None:
        """A sub-deck waits outside the game whole or not at all, and holds only its owner's
        cards.

        :raises ~rulekeeper.errors.SerializationError: naming the zone and the reason.

        :enforces: LV 1.2
        """
        for player in range(len(game.table.players)):
            for number in SUB_DECKS:
                zone = outside(player, number)
                cards, size = game.table.zones[zone], SUB_DECK_SIZES[number - 1]
                if len(cards) not in (0, size):
                    raise refuse(
                        f'zones["{zone}"]', f"holds {len(cards)} cards, not 0 or {size} (LV 1.2)"
                    )
                if any(game.table.cards[c].owner != player for c in cards):
                    raise refuse(f'zones["{zone}"]', f"holds a card player {player} does not own")

    def invariants(self, game: MagicGame) -> list[str]:
        """Sub-decks come in order: the third is never in the game while the second waits."""
        problems = []
        for player in range(len(game.table.players)):
            second, third = (game.table.zones[outside(player, n)] for n in SUB_DECKS)
            if not second and third and len(third) != SUB_DECK_SIZES[2]:
                problems.append(f"player {player}'s third sub-deck is partly in the game")
            if second and not third:
                problems.append(f"player {player}'s third sub-deck came in before the second")
        return problems

    def adjust_view(self, game: MagicGame, player: int, view: dict[str, Any]) -> None:
        """Add how many cards wait outside the game in each player's sub-decks: public counts,
        whose cards nobody sees, their owner included (:func:`~rulekeeper.mtg.views.sight`)."""
        view["outside"] = [
            [shown_to(game, outside(p, n), p, player) for n in SUB_DECKS]
            for p in range(len(game.table.players))
        ]

    def bot_decks(self, chance: Chance, players: int) -> list[Deck]:
        """A two-colour singleton deck for each bot, split at random into 50/30/20."""
        from rulekeeper.mtg.decks import two_colour_deck

        decks: list[Deck] = []
        for _ in range(players):
            cards = two_colour_deck(chance, 60, DECK_SIZE - 60)
            chance.shuffle(cards, kind="deck split")
            first, second = SUB_DECK_SIZES[0], SUB_DECK_SIZES[0] + SUB_DECK_SIZES[1]
            decks.append([cards[:first], cards[first:second], cards[second:]])
        return decks


def next_sub_deck(game: MagicGame, player: int) -> int | None:
    """The lowest-numbered sub-deck still outside the game, if any (LV R6)."""
    return next((n for n in SUB_DECKS if game.table.zones[outside(player, n)]), None)


def is_sub_deck_due(game: MagicGame, player: int) -> bool:
    """A player whose library is empty brings in their next sub-deck, if one is outside.

    :enforces: LV 3.1
    """
    return (
        not game.table.zones[game.table.library_zones[player]]
        and next_sub_deck(game, player) is not None
    )


def is_library_exiled(game: MagicGame, player: int, threshold: int, sub_deck: int) -> bool:
    """At ``threshold`` total damage taken, a player whose sub-deck ``sub_deck`` is still
    outside the game exiles their library (a state, checked every time; LV R7).

    :enforces: LV 3.2, LV 3.3, LV 3.4, LV R7, LV R8
    """
    state = game.table.players[player]
    return (
        state.damage_taken >= threshold
        and bool(game.table.zones[outside(player, sub_deck)])
        and bool(game.table.zones[game.table.library_zones[player]])
    )


def exile_library(game: MagicGame, player: int) -> None:
    """Move every card of ``player``'s library to exile."""
    for card_id in list(game.table.zones[f"library:{player}"]):
        game.table.move(card_id, "exile")


def bring_in(game: MagicGame, player: int, sub_deck: int) -> None:
    """Shuffle sub-deck ``sub_deck`` into ``player``'s library.

    :enforces: LV 3.1, LV R6
    """
    for card_id in list(game.table.zones[outside(player, sub_deck)]):
        game.table.move(card_id, f"library:{player}")
    game.chance.shuffle(game.table.zones[f"library:{player}"])
