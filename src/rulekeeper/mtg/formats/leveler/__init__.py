"""Leveler: a 100-card singleton Magic format played from three sub-decks (``LV``).

Format by June McEnroe (causal.agency). The facts come first; the deck rules live in
:mod:`~rulekeeper.mtg.formats.leveler.deck` and the play rules in
:mod:`~rulekeeper.mtg.formats.leveler.play`.
"""

from __future__ import annotations

RULE_PREFIX = "LV"
DECK_SIZE = 100  # LV 1.1
SUB_DECK_SIZES = (50, 30, 20)  # LV 1.2: first, second, third sub-deck
STARTING_LIFE = 30  # LV 2.1
DAMAGE_THRESHOLDS = {10: 2, 20: 3}  # LV 3.3, LV 3.4: damage taken -> sub-deck that must be in
NAMED_BANS = (  # LV 1.6
    "Thassa's Oracle",
    "Laboratory Maniac",
    "Jace, Wielder of Mysteries",
    "Out of the Tombs",
    "Ormos, Archive Keeper",
)
