"""The actions of the compact Dominion model: frozen values with reprs you can paste back.

Cards are named rather than numbered: two Coppers in a hand are the same choice, so playing
"a Copper" is one action, not one per copy.

>>> from rulekeeper.dominion.actions import Buy, Choose, Play
>>> Play("Smithy"), Buy("Province"), Choose("Estate")
(Play(card='Smithy'), Buy(card='Province'), Choose(option='Estate'))
"""

from __future__ import annotations

from dataclasses import dataclass

from rulekeeper.engine.game import Action


@dataclass(frozen=True)
class Play(Action):
    """Play an Action card from your hand in the Action phase (DM 2.2). Treasures are played
    by themselves when the Buy phase starts (DM R5)."""

    card: str


@dataclass(frozen=True)
class PlayWay(Action):
    """Play an Action card from your hand, doing what the Way says instead of the card (DM 5.5)."""

    card: str
    way: str


@dataclass(frozen=True)
class Buy(Action):
    """Buy a card from a pile of your Supply, or an Event or Project, with a Buy (DM 2.3)."""

    card: str


@dataclass(frozen=True)
class EndPhase(Action):
    """End the Action phase, or end the Buy phase and so the turn (DM 2.1)."""


@dataclass(frozen=True)
class Choose(Action):
    """Answer the choice a card asks of you: a card's name, or one of the words it offers
    (``"done"``, ``"yes"``, ``"no"``, ...) (DM 3.3)."""

    option: str


__all__ = ["Buy", "Choose", "EndPhase", "Play", "PlayWay"]
