"""What a Stockpile Draft game keeps track of beyond the Magic model's own state, kept on the
game's :class:`~rulekeeper.mtg.formats.stockpile.play.Stockpile` as ``game.variant.state`` and
saved as the game's ``variant_state``
(:class:`~rulekeeper.mtg.formats.stockpile.save_records.StockpileRecord` declares the save).

>>> from rulekeeper.games import FORMATS
>>> FORMATS["stockpile"].new_game(1, 3).variant.state
StockpileState(acquired=0, final_round=False, damage_seen=[])
"""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass
class StockpileState:
    """The turn of the last acquisition, whether the final round has begun, and the damage
    each player had taken at the end of the last turn (SD 6)."""

    acquired: int = 0
    """The turn in which the active player last acquired a card (SD 6.1), or 0."""
    final_round: bool = False
    """Whether the landpile or a third stockpile has run out, so that the current round is the
    last (SD 6.5)."""
    damage_seen: list[int] = field(default_factory=list)
    """Each player's damage taken at the end of the last turn, by seat, so that a player dealt
    damage during a turn takes a Junk card at its end (SD 6.6); seats not listed yet count 0."""
