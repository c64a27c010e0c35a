"""The cube a Stockpile Draft game is cut from when none is given (SD 1.3)."""

from __future__ import annotations

from rulekeeper.mtg.cards import card_pool
from rulekeeper.mtg.formats.stockpile import CUBE_MINIMUM


def default_cube() -> list[str]:
    """Every spell the model implements, in name order, repeated until there are at least
    150 cards: the stand-in cube until the project ships a cube of its own."""
    spells = sorted(
        name for name, definition in card_pool().items() if not definition.has_type("Land")
    )
    cube = list(spells)
    while len(cube) < CUBE_MINIMUM:
        cube += spells
    return cube
