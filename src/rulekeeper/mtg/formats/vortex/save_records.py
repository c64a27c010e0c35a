"""The drafting bookkeeping of a saved Vortex game (its ``variant_state``), declared once: see
:mod:`rulekeeper.mtg.save_records`. The game keeps it as a
:class:`~rulekeeper.mtg.formats.vortex.state.VortexState`, field by field as declared here."""

from __future__ import annotations

from typing import Annotated, Literal, NotRequired

from annotated_types import Ge, Le, MaxLen
from typing_extensions import TypedDict

from rulekeeper.mtg import TURN_LIMIT
from rulekeeper.mtg.formats.vortex import FACTS

Seat = Annotated[int, Ge(0), Le(FACTS.players[1] - 1)]
"""A seat at a Vortex table (VX 1.2: at most five players)."""

Seats = Annotated[list[Seat], MaxLen(1000)]

Turn = Annotated[int, Ge(0), Le(TURN_LIMIT)]


class VortexRecord(TypedDict):
    """The drafting bookkeeping of a Vortex game: who must still draft or pass, the opening
    turns to come, each player's basic lands still to take, and the pack mulligan."""

    drafts: Seats
    """Seats owed a draft, in order (VX 5.1)."""
    pass_due: Seats
    """Seats whose pass step is due (VX 5.3)."""
    phase: Literal["opening", "basics", "play"]
    replenished: bool
    opening: NotRequired[Seats]
    """Whose opening turns are still to come, in order (VX 4.1)."""
    basics: NotRequired[Annotated[list[Annotated[int, Ge(0), Le(3)]], MaxLen(5)]]
    """Basic lands each seat may still take (VX 4.2)."""
    small_pack: NotRequired[tuple[Seat, Turn]]
    """The seat whose pack was exiled, and the turn (VX 7.2)."""
    mulligan_asked: NotRequired[Turn]
    """The last turn the pack mulligan was offered."""
