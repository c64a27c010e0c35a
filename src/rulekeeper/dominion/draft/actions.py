"""The actions of the Kingdom and landscape drafts (DD 2, DD 5).

Each names a card, so an action means the same thing whoever holds the pile:

>>> from rulekeeper.dominion.draft.actions import SetAside
>>> SetAside("Smithy")
SetAside(card='Smithy')

The draft makes one for each card a player might take at every decision, so their base spells
out its ``__init__``, as the Magic actions do (see :mod:`rulekeeper.mtg.actions`), and they
take it rather than one the dataclass decorator would write for each.
"""

from __future__ import annotations

from dataclasses import dataclass

from rulekeeper.engine.game import Action


@dataclass(frozen=True)
class DraftAction(Action):
    """An action of the draft: the card it sets aside, moves or discards."""

    card: str

    def __init__(self, card: str) -> None:
        object.__setattr__(self, "card", card)


@dataclass(frozen=True, init=False)
class SetAside(DraftAction):
    """Set a randomizer from the pile you hold aside for yourself (DD 2.1)."""


@dataclass(frozen=True, init=False)
class MoveToCentre(DraftAction):
    """Move one randomizer of the player on your left to the centre, shared (DD 2.4)."""


@dataclass(frozen=True, init=False)
class DiscardLandscape(DraftAction):
    """Discard a landscape from the landscape pile (DD 5.2)."""


DRAFT_ACTIONS = (SetAside, MoveToCentre, DiscardLandscape)
"""Every action of the draft, for code that routes actions to it."""
