"""The variant every game's variants subclass, in the manner of python-chess's variant boards.

A game asks its variant (``game.variant``) everything a variant may change, and never which
variant it plays. Each game's plain rules are a subclass of :class:`Variant`
(:class:`~rulekeeper.riskres.hooks.RiskVariant`,
:class:`~rulekeeper.dominion.hooks.DominionVariant`,
:class:`~rulekeeper.mtg.hooks.MagicFormat`), and each variant a subclass of that. What every
variant says, under the same name in every game:

- :attr:`Variant.facts`, its format's facts, as a class attribute;
- :attr:`Variant.option`, the word it was set up with (``--variant``, a position's
  ``Variant:`` line, a save), ``""`` for none;
- ``setup(game, ...)``, called once as a game is set up; not declared here, as each game
  passes what it deals from (Magic its decks, Dominion its kingdom, Risk & Resource nothing);
- :meth:`Variant.invariants`, what must hold of its own bookkeeping after every action.

A variant keeps its own state on itself, and its game's save module writes and reads it. Each
game package lists its variants in one tuple (nothing registers itself on import), so a save
of any of them loads without its module imported first.

>>> from rulekeeper.riskres.variants import KingOfTheHill
>>> KingOfTheHill().option, KingOfTheHill.facts.key
('king', 'rr')
"""

from __future__ import annotations

from typing import ClassVar, Generic, TypeVar

from mypy_extensions import mypyc_attr

from rulekeeper.engine.formats import FormatFacts

GameT = TypeVar("GameT")
"""The game a variant's hooks are handed."""


@mypyc_attr(allow_interpreted_subclasses=True)
class Variant(Generic[GameT]):
    """What every variant of every game says; each game's plain rules subclass it."""

    facts: ClassVar[FormatFacts]
    """The facts of the variant's format (its key, name, players, variants and turn limit)."""

    @property
    def option(self) -> str:
        """The option the variant was set up with, one of ``facts.variants``; ``""`` if none."""
        return ""

    def invariants(self, game: GameT) -> list[str]:
        """What must hold of the variant's own bookkeeping after every action: each violation
        found (none by default)."""
        return []


__all__ = ["GameT", "Variant"]
