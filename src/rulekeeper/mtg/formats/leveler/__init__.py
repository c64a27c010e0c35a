"""Leveler: a 100-card singleton Magic format played from three sub-decks (``LV``).

Format by June McEnroe (causal.agency). The facts come first; the deck rules live in
:mod:`~rulekeeper.mtg.formats.leveler.deck` and the play rules in
:mod:`~rulekeeper.mtg.formats.leveler.play`.
"""

from __future__ import annotations

from typing import Final

from rulekeeper.engine.formats import FormatFacts
from rulekeeper.mtg import TURN_LIMIT

FACTS: Final = FormatFacts(
    key="leveler",
    name="Leveler",
    prefix="LV",
    players=(2, 2),  # LV R9: nothing in the source is written for more
    players_rule="LV R9",
    turn_limit=TURN_LIMIT,
)
"""The format's facts: the registry, the format's hooks and the save loader read them."""

RULE_PREFIX: Final[str] = FACTS.prefix
DECK_SIZE: Final[int] = 100  # LV 1.1
SUB_DECK_SIZES: Final[tuple[int, ...]] = (50, 30, 20)  # LV 1.2: first, second, third sub-deck
STARTING_LIFE: Final[int] = 30  # LV 2.1
# LV 3.3, LV 3.4: damage taken -> sub-deck that must be in
DAMAGE_THRESHOLDS: Final[dict[int, int]] = {10: 2, 20: 3}
NAMED_BANS: Final[tuple[str, ...]] = (  # LV 1.6
    "Thassa's Oracle",
    "Laboratory Maniac",
    "Jace, Wielder of Mysteries",
    "Out of the Tombs",
    "Ormos, Archive Keeper",
)
