"""The Dominion Draft's own part of a save, its ``variant_state``, declared once: what
:meth:`~rulekeeper.dominion.draft.play.DominionDraft.save_state` writes and a loaded save is
checked against, from which its published JSON Schema is generated (see
:mod:`rulekeeper.engine.save_records`).

The meaning checks on load (as many players as the Draft allows, one entry per player, the
draft's own invariants) come after this structure.

>>> from rulekeeper.dominion.draft.save_records import DraftState
>>> from rulekeeper.engine.save_records import check_record
>>> from rulekeeper.games import FORMATS
>>> check_record(FORMATS["dominion-draft"].new_game(1, 2).variant_state, DraftState)
"""

from __future__ import annotations

from typing import Annotated, Literal

from annotated_types import MaxLen
from typing_extensions import TypedDict

from rulekeeper.dominion.draft import FACTS
from rulekeeper.dominion.save_records import Name, Seat

Cards = Annotated[list[Name], MaxLen(500)]
"""Cards by name."""

Seats = MaxLen(FACTS.players[1])
"""One entry for each player, at most six (DD 1.1)."""

# Written out, as a Literal must be; a test holds it to rulekeeper.dominion.draft.drafting.STAGES.
Stage = Literal["pick", "centre", "landscapes", "done"]
"""The draft's stages (DD 2, DD 5)."""


# Written out rather than made with record_of from Draft: the draft's codec, in the Draft's own
# module, reads this record, so this module cannot import that class without a cycle. The
# codec reads each field from the draft's attribute of that name, so a field the draft does not
# have fails every save.
class DraftRecord(TypedDict):
    """The draft before turn one: the piles passed round, what each player set aside and
    picked, the centre, and the landscape pile (DD 2, DD 5)."""

    piles: Annotated[list[Cards], Seats]
    """The pile of randomizers in front of each player."""
    set_aside: Annotated[list[Cards], Seats]
    """What each player has set aside for their Supply."""
    picked: Annotated[list[Name | None], Seats]
    """The card each player has picked this round and not yet revealed, or null."""
    centre_choice: Annotated[list[Name | None], Seats]
    """The card each player has chosen to move to the centre, or null."""
    centre: Cards
    """The cards in the centre."""
    landscape_pile: Cards
    landscape_holder: Seat
    """The player who holds the landscape pile."""
    discarded: Cards
    """The landscapes discarded so far."""
    private: bool
    """Whether the cards are drafted face down."""
    names: Annotated[list[Annotated[str, MaxLen(100)]], Seats]
    """The players' names, in seat order."""
    stage: Stage


class DraftState(TypedDict):
    """Everything the Dominion Draft keeps of its own: its draft and, once the draft is over,
    each player's Supply pile by pile, in the order the piles were laid out (DD 3.1)."""

    draft: DraftRecord
    supply: Annotated[list[Annotated[tuple[Name, ...], MaxLen(500)]], Seats]
