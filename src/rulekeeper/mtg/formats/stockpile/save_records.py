"""The bookkeeping of a saved Stockpile Draft game (its ``variant_state``), declared once: see
:mod:`rulekeeper.mtg.save_records`. The record is made from the game's
:class:`~rulekeeper.mtg.formats.stockpile.state.StockpileState`, field by field in its order
(:func:`~rulekeeper.engine.save_records.record_of`); this module gives each field its saved
type, its bounds and the words the published schema says of it."""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated, Any

from annotated_types import Ge, Le, MaxLen

from rulekeeper.engine.save_records import Described, record_of
from rulekeeper.mtg.formats.stockpile import FACTS
from rulekeeper.mtg.formats.stockpile.state import StockpileState

# Written as `if not TYPE_CHECKING`, not `if TYPE_CHECKING`: the API pages' type hints run a
# module's `if TYPE_CHECKING:` block, which would put the checker's alias in the record's place.
if not TYPE_CHECKING:
    StockpileRecord = record_of(
        StockpileState,
        __name__,
        "StockpileRecord",
        "What a Stockpile Draft game keeps beyond the Magic model's own state.",
        acquired=Annotated[
            int,
            Ge(0),
            Le(100_000),
            Described("The turn of the active player's last acquisition (SD 6.1), 0 if none yet."),
        ],
        final_round=Annotated[bool, Described("Whether the final round has begun (SD 6.5).")],
        damage_seen=Annotated[
            list[Annotated[int, Ge(0), Le(1_000_000_000)]],
            MaxLen(FACTS.players[1]),
            Described("Each player's damage taken at the end of the last turn, by seat (SD 6.6)."),
        ],
    )
else:
    # To the type checker, the saved form: a JSON object.
    StockpileRecord = dict[str, Any]
