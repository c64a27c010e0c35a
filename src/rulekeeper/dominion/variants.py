"""Every variant of the Dominion model, listed once: plain Dominion and the Draft.

A saved game names its variant by its format's key, and is restored with the class listed
here under that key. The list is written out rather than filled in as modules are imported,
so that :meth:`DominionGame.loads <rulekeeper.engine.game.Game.loads>` reads a Draft save in
a program that never imported the Draft. A new variant is added to :data:`VARIANTS`.

>>> [variant.facts.key for variant in VARIANTS]
['dominion', 'dominion-draft']
>>> variant_type("dominion-draft").__name__
'DominionDraft'
"""

from __future__ import annotations

from typing import Final

from rulekeeper.dominion.draft.play import DominionDraft
from rulekeeper.dominion.hooks import DominionVariant

VARIANTS: Final[tuple[type[DominionVariant], ...]] = (DominionVariant, DominionDraft)
"""Every variant of the Dominion model, plain Dominion first."""

_BY_KEY: Final[dict[str, type[DominionVariant]]] = {v.facts.key: v for v in VARIANTS}


def variant_type(key: str) -> type[DominionVariant] | None:
    """The variant a game saved as ``key`` restores with, or ``None`` if there is none."""
    return _BY_KEY.get(key)


__all__ = ["VARIANTS", "variant_type"]
