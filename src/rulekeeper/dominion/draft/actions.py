"""The actions of the Kingdom and landscape drafts (DD 2, DD 5).

Each names a card, so an action means the same thing whoever holds the pile:

>>> from rulekeeper.dominion.draft.actions import SetAside
>>> SetAside("Smithy")
SetAside(card='Smithy')
"""

from __future__ import annotations

from dataclasses import dataclass

from rulekeeper.engine.game import Action


@dataclass(frozen=True)
class SetAside(Action):
    """Set a randomizer from the pile you hold aside for yourself (DD 2.1)."""

    card: str


@dataclass(frozen=True)
class MoveToCentre(Action):
    """Move one randomizer of the player on your left to the centre, shared (DD 2.4)."""

    card: str


@dataclass(frozen=True)
class DiscardLandscape(Action):
    """Discard a landscape from the landscape pile (DD 5.2)."""

    card: str


DRAFT_ACTIONS = (SetAside, MoveToCentre, DiscardLandscape)
"""Every action of the draft, for code that routes actions to it."""
