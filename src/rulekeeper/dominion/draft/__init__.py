"""Dominion Draft: Dominion with drafted Kingdom randomizers and per-player Supplies (``DD``).

From an unsigned community variant document titled "Draft". The facts come first; the draft
itself (dealing, picks and passes, the centre, the landscape draft) is a state machine of its
own in :mod:`~rulekeeper.dominion.draft.drafting`, its actions are in
:mod:`~rulekeeper.dominion.draft.actions`, and :mod:`~rulekeeper.dominion.draft.play` plugs it
into the Dominion model.
"""

from __future__ import annotations

from typing import Final

RULE_PREFIX: Final = "DD"
MIN_PLAYERS: Final = 2  # DD 1.1, DD R1
MAX_PLAYERS: Final = 6  # DD 1.1, DD R1
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
