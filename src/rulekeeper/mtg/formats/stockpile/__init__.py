"""Stockpile Draft: Magic played as a deck-building game (``SD``).

From the unfinished web page *Stockpile Draft for Magic: The Gathering*. The facts come first;
Junk lives in :mod:`~rulekeeper.mtg.formats.stockpile.junk`, the piles and acquiring from
them in :mod:`~rulekeeper.mtg.formats.stockpile.piles`, and the format's hooks in
:mod:`~rulekeeper.mtg.formats.stockpile.play`.
"""

from __future__ import annotations

RULE_PREFIX = "SD"
MIN_PLAYERS, MAX_PLAYERS = 2, 8  # SD 1.4: 25 Junk cards at three a player
CUBE_MINIMUM = 150  # SD 1.3
STOCKPILES = 6  # SD 2.2
STOCKPILE_SIZE = 25  # SD 2.2
JUNKPILE_SIZE = 25  # SD 2.1
STARTING_LIFE = 20  # SD 3.1
STARTING_JUNK = 3  # SD 2.4
STARTING_LANDS = 7  # SD 2.4
LANDS_PER_TYPE_PER_PLAYER = 3  # SD 2.3: fifteen lands a player over five types
BASIC_LANDS = ("Plains", "Island", "Swamp", "Mountain", "Forest")  # SD 2.3: the basic types
LAND_PRICE = 2  # SD 5.3a
JUNK_RETURN_PRICE = 1  # SD 5.2
MINIMUM_PRICE = 1  # SD 6.2
EMPTY_STOCKPILES_TO_END = 3  # SD 6.5

JUNK = "Junk"  # SD R4: the label the engine shows for a card with no name
JUNKPILE = "junkpile"
LANDPILE = "landpile"


def stockpile(number: int) -> str:
    """The zone of stockpile ``number`` (1 to 6)."""
    return f"stockpile:{number}"


STOCKPILE_ZONES = tuple(stockpile(n) for n in range(1, STOCKPILES + 1))
