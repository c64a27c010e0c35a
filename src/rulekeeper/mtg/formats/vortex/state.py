"""What a Vortex game keeps track of beyond the Magic model's own state: its drafting, kept on
the game's :class:`~rulekeeper.mtg.formats.vortex.play.Vortex` as ``game.variant.state`` and
saved as the game's ``variant_state``
(:class:`~rulekeeper.mtg.formats.vortex.save_records.VortexRecord` declares the save).

>>> from rulekeeper.games import FORMATS
>>> FORMATS["vortex"].new_game(1, 2).variant.state.phase
'opening'
"""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass
class VortexState:
    """Who must still draft or pass, the opening turns, the basic lands still to take and the
    pack mulligan (VX 4, VX 5, VX 6, VX 7). A game in normal play with nothing waiting keeps
    the defaults; the fields that are None are left out of a save."""

    drafts: list[int] = field(default_factory=list)
    """Players who still have to draft, in order: one entry per card to draw (VX 5.1, VX R4)."""
    pass_due: list[int] = field(default_factory=list)
    """Players whose pass step waits for the next state-based check (VX 6.1)."""
    phase: str = "play"
    """``"opening"`` while the opening turns run, ``"basics"`` while players add their basic
    lands, and ``"play"`` once normal turns begin (VX 4.4)."""
    replenished: bool = False
    """Whether the first of the drafts waiting has already refilled its pack (VX 5.2)."""
    opening: list[int] | None = None
    """Whose opening turns are still to come, in order (VX 4.1); None if never planned."""
    basics: list[int] | None = None
    """How many basic lands each player may still take (VX 4.2); None if never dealt."""
    small_pack: tuple[int, int] | None = None
    """After a pack mulligan, the player and the turn: that player's pack fills to five this
    turn (VX 7.2)."""
    mulligan_asked: int | None = None
    """The last turn in which the pack mulligan was offered (VX 7.1)."""
