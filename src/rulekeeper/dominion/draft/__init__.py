"""Dominion Draft: Dominion with drafted Kingdom randomizers and per-player Supplies (``DD``).

From an unsigned community variant document titled "Draft". The facts come first; the draft
itself (dealing, picks and passes, the centre, the landscape draft) is a state machine of its
own in :mod:`~rulekeeper.dominion.draft.drafting`, its actions are in
:mod:`~rulekeeper.dominion.draft.actions`, and :mod:`~rulekeeper.dominion.draft.play` plugs it
into the Dominion model.
"""

from __future__ import annotations

from typing import Final

from rulekeeper.dominion import TURN_LIMIT
from rulekeeper.engine.formats import FormatFacts

RANDOMIZERS_PER_PLAYER: Final = 6  # DD 1.2 and DD 2.3: six dealt, six set aside
PRIVATE_PILES: Final = 5  # DD 2.4: six set aside, one moved to the centre
EXTRA_LANDSCAPES: Final = 2  # DD 5.1: players + 2 landscapes are dealt
LANDSCAPES_IN_USE: Final = 2  # DD 5.3
EMPTY_PILES_TO_END: Final = 3  # DD 6.1, DD R19: three at every table size

PRIVATE: Final = "private"  # DD 1.4, DD R4: the variant that sets randomizers aside face down
NO_LANDSCAPES: Final = "no-landscapes"  # DD R17: the variant without the landscape draft
VARIANTS: Final = {
    PRIVATE: "randomizers are set aside face down: views hide the others' picks (DD 1.4)",
    NO_LANDSCAPES: "no landscape draft and no landscapes in use (DD R17)",
}
"""The variants a Draft game may be set up with, by name."""

FACTS: Final = FormatFacts(
    key="dominion-draft",
    name="Dominion Draft",
    prefix="DD",
    players=(2, 6),  # DD 1.1, DD R1
    players_rule="DD 1.1",
    variants=VARIANTS,
    turn_limit=TURN_LIMIT,  # DM R2: the Draft ends its turns as plain Dominion does
)
"""The format's facts: the registry, the variant's hooks and the save loader read them."""

RULE_PREFIX: Final = FACTS.prefix
