"""Dominion: the deck-building card game, as the compact Dominion model plays it (prefix ``DM``).

The game's facts come first; the engine lives in modules named after its concepts:
:mod:`~rulekeeper.dominion.cards` (the card data), :mod:`~rulekeeper.dominion.actions`,
:mod:`~rulekeeper.dominion.hooks` (what a variant such as the Draft overrides),
:mod:`~rulekeeper.dominion.effects` (what cards do), :mod:`~rulekeeper.dominion.game` and
:mod:`~rulekeeper.dominion.scoring`.

>>> from rulekeeper.dominion import victory_pile, province_pile, curse_pile, copper_pile
>>> [victory_pile(n) for n in range(2, 7)]
[8, 12, 12, 12, 12]
>>> [province_pile(n) for n in range(2, 7)]
[8, 12, 12, 15, 18]
>>> [curse_pile(n) for n in range(2, 7)]
[10, 20, 30, 40, 50]
>>> [copper_pile(n) for n in range(2, 7)]
[46, 39, 32, 85, 78]
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Final

from rulekeeper.engine.formats import FormatFacts

TURN_LIMIT: Final = 150  # DM R2: a bot game that reaches this many turns each ends there

Kingdom = tuple[tuple[str, ...], tuple[str, ...]]
"""Ten kingdom cards and the landscapes in use."""

KINGDOMS: Final[Mapping[str, Kingdom]] = {
    # The second edition's recommended first game.
    "first-game": (
        (
            "Cellar",
            "Market",
            "Merchant",
            "Militia",
            "Mine",
            "Moat",
            "Remodel",
            "Smithy",
            "Village",
            "Workshop",
        ),
        (),
    ),
    # The four cards the Draft's source names, with attacks, gainers and a reaction.
    "interaction": (
        (
            "Masquerade",
            "Lurker",
            "Smugglers",
            "Jester",
            "Swindler",
            "Moat",
            "Witch",
            "Workshop",
            "Throne Room",
            "Library",
        ),
        ("Populate", "Way of the Ox"),
    ),
}
"""Named kingdoms, chosen with ``--kingdom``."""

FACTS: Final = FormatFacts(
    key="dominion",
    name="Dominion",
    prefix="DM",
    # Two to six players; five and six need the extra base cards (DM R1).
    players=(2, 6),
    players_rule="DM 1.1",
    kingdoms={name: ", ".join(cards + lands) for name, (cards, lands) in KINGDOMS.items()},
    turn_limit=TURN_LIMIT,
)
"""The format's facts: the registry, the hooks and the save loader read them."""

RULE_PREFIX: Final = FACTS.prefix
"""Every rule of the Dominion essentials is cited as ``DM <number>``."""

PLAYERS: Final = FACTS.players
"""Two to six players (DM 1.1)."""

STARTING_DECK: Final = (("Copper", 7), ("Estate", 3))  # DM 1.3
HAND_SIZE: Final = 5  # DM 2.4: the hand drawn in Clean-up (and before the first turn)
KINGDOM_PILE: Final = 10  # DM 1.4: a kingdom pile that is not a Victory card
KINGDOM_SIZE: Final = 10  # DM 1.4: a game uses ten kingdom piles
COPPER_TOTAL: Final = 60  # DM 1.2: one set of base cards has 60 Coppers
SILVER_TOTAL: Final = 40  # DM 1.2
GOLD_TOTAL: Final = 30  # DM 1.2


def base_sets(players: int) -> int:
    """How many sets of base Treasures are used: two with five or six players (DM 1.2).

    :enforces: DM R1
    """
    return 2 if players >= 5 else 1


def victory_pile(players: int) -> int:
    """Cards in an Estate or Duchy pile, or a Victory kingdom pile (DM 1.2, DM 1.4)."""
    return 8 if players == 2 else 12


def province_pile(players: int) -> int:
    """Cards in the Province pile: as other Victory piles, but 15 and 18 with 5 and 6 (DM 1.2)."""
    return {5: 15, 6: 18}.get(players, victory_pile(players))


def curse_pile(players: int) -> int:
    """Cards in the Curse pile: ten for each player after the first (DM 1.2)."""
    return 10 * (players - 1)


def copper_pile(players: int) -> int:
    """Coppers left in the Supply once every starting deck has its seven (DM 1.2, DM 1.3)."""
    return COPPER_TOTAL * base_sets(players) - 7 * players


def piles_to_end(players: int) -> int:
    """Empty Supply piles that end the game: three, or four with five or six players (DM 6.1)."""
    return 4 if players >= 5 else 3


__all__ = [
    "COPPER_TOTAL",
    "FACTS",
    "GOLD_TOTAL",
    "HAND_SIZE",
    "KINGDOMS",
    "KINGDOM_PILE",
    "KINGDOM_SIZE",
    "PLAYERS",
    "RULE_PREFIX",
    "SILVER_TOTAL",
    "STARTING_DECK",
    "TURN_LIMIT",
    "Kingdom",
    "base_sets",
    "copper_pile",
    "curse_pile",
    "piles_to_end",
    "province_pile",
    "victory_pile",
]
