"""Kingdoms to play: named ones, and a random pick (DM 1.4).

>>> from rulekeeper.dominion import KINGDOMS
>>> from rulekeeper.dominion.kingdoms import random_kingdom
>>> from rulekeeper.engine.chance import Chance
>>> KINGDOMS["first-game"][0][:3]
('Cellar', 'Market', 'Merchant')
>>> cards, landscapes = random_kingdom(Chance(1))
>>> len(cards), len(landscapes)
(10, 2)
"""

from __future__ import annotations

from typing import Final

from rulekeeper.dominion import KINGDOM_SIZE, Kingdom
from rulekeeper.dominion.cards import kingdom_cards, landscapes
from rulekeeper.engine.chance import Chance

LANDSCAPES_PER_GAME: Final = 2  # DM 5.1: this model's random kingdoms use two landscapes


def random_kingdom(chance: Chance) -> Kingdom:
    """Ten different kingdom cards and two landscapes picked with ``chance`` (DM 1.4)."""
    pool, extras = kingdom_cards(), landscapes()
    chance.shuffle(pool, kind="kingdom")
    chance.shuffle(extras, kind="landscapes")
    return tuple(pool[:KINGDOM_SIZE]), tuple(extras[:LANDSCAPES_PER_GAME])
