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
- :meth:`Variant.invariants`, what must hold of its own bookkeeping after every action;
- the variant's own decisions, those the plain game does not have (Dominion Draft's draft,
  Vortex's picks): :meth:`Variant.next_decision` says whose decision is due,
  :meth:`Variant.candidates` offers its answers, :meth:`Variant.violation` judges one and
  :meth:`Variant.perform` carries it out;
- :meth:`Variant.adjust_view`, what the variant adds to a player's view, or hides;
- :meth:`Variant.save_state`, :meth:`Variant.restore_state` and
  :meth:`Variant.variant_state_record`, how its bookkeeping goes into a save (the save's
  ``variant_state``) and comes back out of it.

A variant keeps its own state on itself, as typed attributes, and writes it as JSON only when
its game is saved. Each game package lists its variants in one tuple (nothing registers
itself on import), so a save of any of them loads without its module imported first.

>>> from rulekeeper.riskres.variants import KingOfTheHill
>>> KingOfTheHill().option, KingOfTheHill.facts.key
('king', 'rr')
"""

from __future__ import annotations

from typing import Any, ClassVar, Generic, TypeVar

from mypy_extensions import mypyc_attr

from rulekeeper.engine.formats import FormatFacts
from rulekeeper.engine.game import Action, Violation

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

    # The variant's own decisions.

    def next_decision(self, game: GameT) -> tuple[str, int] | None:
        """The decision of the variant's own that must be made before play goes on, as
        ``(decision, seat)``: the decision's name and the seat that makes it; ``None`` when
        there is none (the plain game never has one).

        The core asks it whenever it needs to know who decides: the Magic model each time play
        resumes, before priority is given (its ``decision`` and ``priority`` are then set from
        the answer); the Dominion model while its pre-game phase lasts, and the first turn
        starts once the answer is ``None``. While it names a decision, the legal actions are
        the game's ``candidates(game)``, :meth:`violation` judges an action and
        :meth:`perform` carries it out. It may take steps of its own that need nobody's
        choice before it answers (Vortex begins normal play), but asking it again with
        nothing done between gives the same answer.
        """
        return None

    def candidates(self, game: GameT) -> list[Action]:
        """The actions that answer the variant's own decision (:meth:`next_decision`), in a
        deterministic order; each game's plain rules say whether the core judges each with
        :meth:`violation` before offering it (Magic) or offers exactly those it passes
        (Dominion). The plain game has none."""
        return []

    def violation(self, game: GameT, action: Action) -> Violation | None:
        """Why ``action``, one of the variant's own, is illegal now (the rule and the reason),
        or ``None`` if it is legal. The core asks it for an action it does not know itself;
        each game's plain rules refuse every such action, citing their rule."""
        raise NotImplementedError

    def perform(self, game: GameT, action: Action) -> None:
        """Carry out ``action``, one of the variant's own that :meth:`violation` passed (log
        it with ``game.record``); the core then goes on as :meth:`next_decision` says. The
        plain game has no action to carry out."""

    # What a player sees.

    def adjust_view(self, game: GameT, player: int, view: dict[str, Any]) -> None:
        """Change ``view``, what ``player`` may know, in place, after the core has built it:
        add the variant's own facts, public or this player's, and hide what this player may
        not see. Called whenever a player's whole view is built; the plain game changes
        nothing."""

    # Saving.

    def save_state(self) -> dict[str, Any]:
        """The variant's bookkeeping as a save keeps it, the game's ``variant_state``: JSON
        data sharing nothing with the variant, as :meth:`variant_state_record` declares it.
        A variant that keeps none writes an empty object."""
        return {}

    def restore_state(self, saved: dict[str, Any]) -> None:
        """Take up the bookkeeping that :meth:`save_state` wrote, already checked against
        :meth:`variant_state_record` if the save came from a user. A variant that keeps none
        has nothing to take up."""

    def variant_state_record(self) -> Any:
        """The declaration of the variant's bookkeeping in a save, its ``variant_state`` (see
        :mod:`rulekeeper.engine.save_records`), against which a user's save is checked and
        from which its JSON Schema is published: by default
        :data:`~rulekeeper.engine.save_records.NoBookkeeping`. Asked only when a save is read
        or its schema written, so the declaration is imported then."""
        from rulekeeper.engine.save_records import NoBookkeeping

        return NoBookkeeping


__all__ = ["GameT", "Variant"]
