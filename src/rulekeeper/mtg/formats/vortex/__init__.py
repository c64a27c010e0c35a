"""Vortex Based Magic: Magic with no libraries, drafted from one shared shoe (``VX``).

From the public Vortex-Based-Magic repository by adreyer. The facts come first; the zones and
drafting live in :mod:`~rulekeeper.mtg.formats.vortex.draft`, the opening in
:mod:`~rulekeeper.mtg.formats.vortex.opening`, and the format's hooks in
:mod:`~rulekeeper.mtg.formats.vortex.play`.
"""

from __future__ import annotations

from typing import Final

from rulekeeper.engine.formats import FormatFacts
from rulekeeper.mtg import TURN_LIMIT

FACTS: Final = FormatFacts(
    key="vortex",
    name="Vortex Based Magic",
    prefix="VX",
    players=(2, 5),
    players_rule="VX 1.2",
    turn_limit=TURN_LIMIT,
)
"""The format's facts: the registry, the format's hooks and the save loader read them."""

RULE_PREFIX: Final[str] = FACTS.prefix
PLAYERS: Final = FACTS.players
"""The fewest and the most players, as the facts say."""
PACK_SIZE: Final[int] = 7  # VX 3.8 and VX 5.2
MULLIGAN_PACK_SIZE: Final[int] = 5  # VX 7.2
MULLIGAN_BASICS: Final[int] = 5  # VX 7.1: basic lands a pack needs before it may be exiled
OPENING_TURNS: Final[int] = 4  # VX 4.1
OPENING_BASICS: Final[int] = 3  # VX 4.2
BASIC_LANDS: Final[tuple[str, ...]] = ("Plains", "Island", "Swamp", "Mountain", "Forest")  # VX R5
FAILED_PICK_LIFE: Final[int] = 1  # VX 5.4

SHOE: Final[str] = "shoe"
PASSED_PACK: Final[str] = "passed_pack"


PACKS: Final[tuple[str, ...]] = tuple(f"pack:{seat}" for seat in range(PLAYERS[1]))
"""The zone of each seat's pack, by seat."""


def pack(player: int) -> str:
    """The zone of the pack ``player`` owns for now."""
    # Named once per seat: every state-based check looks at every pack (VX 3.9).
    return PACKS[player] if 0 <= player < PLAYERS[1] else f"pack:{player}"


def outside(player: int) -> str:
    """The basic lands ``player`` may bring in from outside the game (VX 4.2)."""
    return f"outside:{player}"
