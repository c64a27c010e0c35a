"""Kingdoms to play: named ones, and a random pick (DM 1.4).

>>> from rulekeeper.dominion.kingdoms import KINGDOMS, random_kingdom
>>> from rulekeeper.engine.chance import Chance
>>> KINGDOMS["first-game"][0][:3]
('Cellar', 'Market', 'Merchant')
>>> cards, landscapes = random_kingdom(Chance(1))
>>> len(cards), len(landscapes)
(10, 2)
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Final

from rulekeeper.dominion import KINGDOM_SIZE
from rulekeeper.dominion.cards import kingdom_cards, landscapes
from rulekeeper.engine.chance import Chance

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
"""Named kingdoms, chosen with ``--variant``."""

LANDSCAPES_PER_GAME: Final = 2  # DM 5.1: this model's random kingdoms use two landscapes


def random_kingdom(chance: Chance) -> Kingdom:
    """Ten different kingdom cards and two landscapes picked with ``chance`` (DM 1.4)."""
    pool, extras = kingdom_cards(), landscapes()
    chance.shuffle(pool, kind="kingdom")
    chance.shuffle(extras, kind="landscapes")
    return tuple(pool[:KINGDOM_SIZE]), tuple(extras[:LANDSCAPES_PER_GAME])
