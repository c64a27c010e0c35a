"""The actions Vortex adds to the compact Magic model.

>>> from rulekeeper.mtg.formats.vortex.actions import Pick
>>> Pick(12)
Pick(card=12)
"""

from __future__ import annotations

from dataclasses import dataclass

from rulekeeper.engine.game import Action

# Each spells out its __init__ (speed guide, "A compiled engine").


@dataclass(frozen=True)
class Pick(Action):
    """Take a card from your pack into your hand (VX 5.3)."""

    card: int

    def __init__(self, card: int) -> None:
        object.__setattr__(self, "card", card)


@dataclass(frozen=True)
class TakeBasic(Action):
    """Add a basic land from outside the game to your opening hand (VX 4.2, VX R1)."""

    name: str

    def __init__(self, name: str) -> None:
        object.__setattr__(self, "name", name)


@dataclass(frozen=True)
class ExilePack(Action):
    """Reveal your pack of five or more basic lands and exile it (VX 7.1)."""

    def __init__(self) -> None:
        pass


@dataclass(frozen=True)
class KeepPack(Action):
    """Decline the pack mulligan this upkeep (VX 7.1)."""

    def __init__(self) -> None:
        pass
