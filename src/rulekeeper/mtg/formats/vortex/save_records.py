"""The drafting bookkeeping of a saved Vortex game (its ``variant_state``), declared once: see
:mod:`rulekeeper.mtg.save_records`. The record is made from the game's
:class:`~rulekeeper.mtg.formats.vortex.state.VortexState`, field by field in its order
(:func:`~rulekeeper.engine.save_records.record_of`); this module gives each field its saved
type, its bounds and the words the published schema says of it. The fields the state keeps
None until they are needed are keys a save may leave out."""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated, Any, Literal, NotRequired

from annotated_types import Ge, Le, MaxLen

from rulekeeper.engine.save_records import Described, record_of
from rulekeeper.mtg import TURN_LIMIT
from rulekeeper.mtg.formats.vortex import FACTS
from rulekeeper.mtg.formats.vortex.state import VortexState

Seat = Annotated[int, Ge(0), Le(FACTS.players[1] - 1)]
"""A seat at a Vortex table (VX 1.2: at most five players)."""

Seats = Annotated[list[Seat], MaxLen(1000)]

Turn = Annotated[int, Ge(0), Le(TURN_LIMIT)]

# Written as `if not TYPE_CHECKING`, not `if TYPE_CHECKING`: the API pages' type hints run a
# module's `if TYPE_CHECKING:` block, which would put the checker's alias in the record's place.
if not TYPE_CHECKING:
    VortexRecord = record_of(
        VortexState,
        __name__,
        "VortexRecord",
        "The drafting bookkeeping of a Vortex game: who must still draft or pass, the opening "
        "turns to come, each player's basic lands still to take, and the pack mulligan.",
        drafts=Annotated[Seats, Described("Seats owed a draft, in order (VX 5.1).")],
        pass_due=Annotated[Seats, Described("Seats whose pass step is due (VX 5.3).")],
        phase=Literal["opening", "basics", "play"],
        opening=NotRequired[
            Annotated[Seats, Described("Whose opening turns are still to come, in order (VX 4.1).")]
        ],
        basics=NotRequired[
            Annotated[
                list[Annotated[int, Ge(0), Le(3)]],
                MaxLen(FACTS.players[1]),
                Described("Basic lands each seat may still take (VX 4.2)."),
            ]
        ],
        small_pack=NotRequired[
            Annotated[
                tuple[Seat, Turn],
                Described("The seat whose pack was exiled, and the turn (VX 7.2)."),
            ]
        ],
        mulligan_asked=NotRequired[
            Annotated[Turn, Described("The last turn the pack mulligan was offered.")]
        ],
    )
else:
    # To the type checker, the saved form: a JSON object.
    VortexRecord = dict[str, Any]
