"""Stockpile Draft: Magic played as a deck-building game (``SD``).

From the unfinished web page *Stockpile Draft for Magic: The Gathering*. The facts come first;
Junk lives in :mod:`~rulekeeper.mtg.formats.stockpile.junk`, the piles and acquiring from
them in :mod:`~rulekeeper.mtg.formats.stockpile.piles`, and the format's hooks in
:mod:`~rulekeeper.mtg.formats.stockpile.play`.
"""

from __future__ import annotations

from typing import Final

from rulekeeper.engine.formats import FormatFacts
from rulekeeper.mtg import TURN_LIMIT

FACTS: Final = FormatFacts(
    key="stockpile",
    name="Stockpile Draft",
    prefix="SD",
    players=(2, 8),  # SD 1.4: 25 Junk cards at three a player
    players_rule="SD 1.4",
    turn_limit=TURN_LIMIT,
)
"""The format's facts: the registry, the format's hooks and the save loader read them."""

RULE_PREFIX: Final[str] = FACTS.prefix
PLAYERS: Final = FACTS.players
"""The fewest and the most players, as the facts say."""
CUBE_MINIMUM: Final[int] = 150  # SD 1.3
STOCKPILES: Final[int] = 6  # SD 2.2
STOCKPILE_SIZE: Final[int] = 25  # SD 2.2
JUNKPILE_SIZE: Final[int] = 25  # SD 2.1
STARTING_LIFE: Final[int] = 20  # SD 3.1
OPENING_HAND: Final[int] = 5  # SD 3.3
STARTING_JUNK: Final[int] = 3  # SD 2.4
STARTING_LANDS: Final[int] = 7  # SD 2.4
LANDS_PER_TYPE_PER_PLAYER: Final[int] = 2  # SD 2.3: ten lands a player over five types
# SD 2.3: the basic types
BASIC_LANDS: Final[tuple[str, ...]] = ("Plains", "Island", "Swamp", "Mountain", "Forest")
LAND_PRICE: Final[int] = 2  # SD 5.3a
JUNK_RETURN_PRICE: Final[int] = 1  # SD 5.2
MINIMUM_PRICE: Final[int] = 1  # SD 6.2
EMPTY_STOCKPILES_TO_END: Final[int] = 3  # SD 6.5
JUNK_FOR_DAMAGE: Final[int] = 1  # SD 6.6: Junk a player takes at the end of a turn they were hurt

JUNK: Final[str] = "Junk"  # SD R4: the label the engine shows for a card with no name
JUNKPILE: Final[str] = "junkpile"
LANDPILE: Final[str] = "landpile"


def stockpile(number: int) -> str:
    """The zone of stockpile ``number`` (1 to 6)."""
    return f"stockpile:{number}"


STOCKPILE_ZONES: Final[tuple[str, ...]] = tuple(stockpile(n) for n in range(1, STOCKPILES + 1))
