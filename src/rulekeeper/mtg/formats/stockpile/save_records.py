"""The bookkeeping of a saved Stockpile Draft game (its ``variant_state``), declared once: see
:mod:`rulekeeper.mtg.save_records`. The game keeps it as a
:class:`~rulekeeper.mtg.formats.stockpile.state.StockpileState`, field by field as declared
here."""

from __future__ import annotations

from typing import Annotated

from annotated_types import Ge, Le, MaxLen
from typing_extensions import TypedDict

from rulekeeper.mtg.formats.stockpile import FACTS


class StockpileRecord(TypedDict):
    """What a Stockpile Draft game keeps beyond the Magic model's own state."""

    acquired: Annotated[int, Ge(0), Le(100_000)]
    """The turn of the active player's last acquisition (SD 6.1), 0 if none yet."""
    final_round: bool
    """Whether the final round has begun (SD 6.5)."""
    damage_seen: Annotated[list[Annotated[int, Ge(0), Le(1_000_000_000)]], MaxLen(FACTS.players[1])]
    """Each player's damage taken at the end of the last turn, by seat (SD 6.6)."""
