"""The actions Stockpile Draft adds to the compact Magic model.

>>> from rulekeeper.mtg.formats.stockpile.actions import Acquire, AcquireLand, ReturnJunk
>>> Acquire(3), AcquireLand("Island"), ReturnJunk(12)
(Acquire(pile=3), AcquireLand(name='Island'), ReturnJunk(card=12))
"""

from __future__ import annotations

from dataclasses import dataclass

from rulekeeper.engine.game import Action

# Each spells out its __init__ (speed guide, "A compiled engine").


@dataclass(frozen=True)
class Acquire(Action):
    """Acquire the face-up top card of stockpile ``pile`` (1 to 6), paying its price (SD 6.2)."""

    pile: int

    def __init__(self, pile: int) -> None:
        object.__setattr__(self, "pile", pile)


@dataclass(frozen=True)
class AcquireLand(Action):
    """Acquire a basic land of the type named from the landpile (SD 5.3a)."""

    name: str

    def __init__(self, name: str) -> None:
        object.__setattr__(self, "name", name)


@dataclass(frozen=True)
class ReturnJunk(Action):
    """Pay {1} to put a Junk card from your hand onto the junkpile (SD 5.2)."""

    card: int

    def __init__(self, card: int) -> None:
        object.__setattr__(self, "card", card)
