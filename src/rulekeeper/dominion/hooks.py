"""The hooks a Dominion variant overrides, in the manner of python-chess's variants.

The compact model asks :class:`DominionVariant` (a kernel
:class:`~rulekeeper.engine.variants.Variant`) everything that a variant may change, and
nothing else, so no ``if format == ...`` branch lives in the core. :class:`DominionVariant`
itself is plain Dominion with one Kingdom that every player shares.

A variant such as the Draft subclasses it and overrides:

- :meth:`~DominionVariant.setup` to create every pile the game will ever use (piles must exist
  from the start, even before anybody may use them, so the conformance suite can count every
  card from the first state) and to start its own bookkeeping, which it keeps on itself;
- :meth:`~DominionVariant.save_state` and :meth:`~DominionVariant.restore_state` to write that
  bookkeeping as JSON when the game is saved (the save's ``variant_state``) and read it back;
- :meth:`~DominionVariant.supply_of` to say which piles a player may buy and gain from (and
  then :attr:`~DominionVariant.every_pile_supply` to False);
- :meth:`~DominionVariant.is_game_over` for the end of the game;
- :meth:`~rulekeeper.engine.variants.Variant.next_decision`, :meth:`~DominionVariant.candidates`,
  :meth:`~DominionVariant.violation` and :meth:`~rulekeeper.engine.variants.Variant.perform`
  for its own decisions, taken before turn one (the draft);
- :meth:`~rulekeeper.engine.variants.Variant.adjust_view` to add to what a player sees, or
  hide what they may not see.

A saved game names its variant by its format's key; the package lists every variant it has in
one tuple, :data:`rulekeeper.dominion.variants.VARIANTS`, so that a save of any of them restores
without its module imported first. Nothing registers itself on import.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, ClassVar

from mypy_extensions import mypyc_attr

from rulekeeper.dominion import FACTS, piles_to_end
from rulekeeper.engine.formats import FormatFacts
from rulekeeper.engine.game import Action, Violation
from rulekeeper.engine.save_records import NoBookkeeping
from rulekeeper.engine.variants import Variant
from rulekeeper.errors import InputError, SerializationError

if TYPE_CHECKING:
    from rulekeeper.dominion.game import DominionGame


@mypyc_attr(allow_interpreted_subclasses=True)
class DominionVariant(Variant["DominionGame"]):
    """Plain Dominion (the ``DM`` rules): one shared Kingdom, landscapes shared too."""

    facts: ClassVar[FormatFacts] = FACTS  # the format's key, name, players and variants
    supply_rule: ClassVar[str] = "DM 1.5"  # the rule a buy outside the buyer's Supply breaks
    deals_kingdom: ClassVar[bool] = False
    """Whether the variant deals its own kingdom from the game's chance (the Draft does), so
    that a position of it is rebuilt from its seed rather than from the kingdom written."""
    every_pile_supply: ClassVar[bool] = True
    """Whether every player's Supply is every pile, as :meth:`supply_of` says in plain
    Dominion. A variant that overrides :meth:`supply_of` sets it to False; while it is True,
    the core finds a pile in a Supply without asking :meth:`supply_of` (a test holds every
    variant to this)."""

    @classmethod
    def with_option(cls, option: str) -> DominionVariant:
        """The variant set up with ``option`` (from ``--variant``, or a position's ``Variant``
        line); plain Dominion has none, so only ``""``.

        :raises InputError: if the variant has no such option.
        """
        if option:
            raise InputError(f"{cls.facts.name} has no variant {option!r}")
        return cls()

    def initial_state(self) -> dict[str, Any]:
        """The saved form of this variant's bookkeeping before anything is known: what a
        position read from text (:mod:`~rulekeeper.dominion.position`) adds its entries to."""
        return {}

    def variant_state_record(self) -> Any:
        """The declaration of this variant's bookkeeping, as a save keeps it (see
        :mod:`rulekeeper.engine.save_records`): a loaded save's ``variant_state`` is checked
        against it, and its JSON Schema published. Plain Dominion keeps none:
        :data:`~rulekeeper.engine.save_records.NoBookkeeping`."""
        return NoBookkeeping

    def save_state(self) -> dict[str, Any]:
        """This variant's bookkeeping, JSON-ready (dicts with string keys, lists, strings,
        numbers, booleans): ``game.variant_state``, written into a save. Plain Dominion keeps
        none."""
        return {}

    def restore_state(self, saved: dict[str, Any]) -> None:
        """Take up the bookkeeping that :meth:`save_state` wrote (``game.variant_state`` set).

        :raises SerializationError: if ``saved`` is not this variant's; plain Dominion refuses
            any, so that a save of another variant relabelled as plain Dominion is refused.
        """
        if saved:
            raise SerializationError(f"plain Dominion keeps no variant state, not {sorted(saved)}")

    def setup(self, game: DominionGame, kingdom: Sequence[str], landscapes: Sequence[str]) -> None:
        """Create the kingdom piles and set the landscapes in use.

        Called once, after the base piles exist and before starting decks are dealt. The plain
        game makes one pile of each of ``kingdom`` and uses every landscape given. A variant
        may ignore both arguments and pick its own cards with ``game.chance``; it must create
        every pile that could ever be used, with
        :meth:`~rulekeeper.dominion.game.DominionGame.add_pile`, and set ``game.landscapes``
        (it may do that later, at the end of its pre-game phase).

        :enforces: DM 1.4
        """
        for name in kingdom:
            game.add_pile(name)
        game.landscapes = list(landscapes)
        extra = f"; landscapes: {', '.join(landscapes)}" if landscapes else ""
        game.record("DM 1.4", f"the kingdom: {', '.join(kingdom)}{extra}")

    # The pre-game phase: the variant's own decisions before turn one (the Draft's draft). The
    # kernel's next_decision, violation and perform say what the core asks; while the first
    # answers, the game is in its "pregame" phase.

    def candidates(self, game: DominionGame) -> list[Action]:
        """Every action that answers the variant's own decision
        (:meth:`~rulekeeper.engine.variants.Variant.next_decision`), in a deterministic
        order: exactly those that :meth:`violation` passes, as the legal actions are offered
        without judging each again. Plain Dominion has none."""
        return []

    def violation(self, game: DominionGame, action: Action) -> Violation | None:
        """Why ``action`` is illegal in the pre-game phase now, or ``None`` if it is legal;
        plain Dominion has no action there."""
        return ("DM 2.1", f"{action!r} is not an action of this game")

    # The Supply.

    def copy_piles(self, game: DominionGame, player: int) -> tuple[str, ...]:
        """The piles ``player`` may take a copy from when a card names the card to copy
        (Smugglers, Jester): in plain Dominion, their Supply. The Draft lets such a copy come
        from any pile (DD R13, DD R14)."""
        return self.supply_of(game, player)

    def supply_of(self, game: DominionGame, player: int) -> tuple[str, ...]:
        """The piles ``player`` may buy and gain from: in plain Dominion, every pile.

        Every buy and every gain from the Supply (cards, Events such as Populate, trashing
        from the Supply as Lurker does) is limited to these piles; nothing in the core looks at
        ``game.piles`` for a player's choices without passing through here.

        :enforces: DM 1.5
        """
        return tuple(game.piles)

    def landscapes_of(self, game: DominionGame, player: int) -> tuple[str, ...]:
        """The landscapes that ``player`` may use and that affect them (``game.landscapes``)."""
        return tuple(game.landscapes)

    # The end of the game.

    def is_game_over(self, game: DominionGame) -> Violation | None:
        """Whether the game ends now (asked at the end of each turn): the rule and the reason,
        or ``None``. Plain Dominion ends when the Province pile is empty, or when three Supply
        piles are (four with five or six players), counting each player's Supply as
        :meth:`supply_of` gives it.

        :enforces: DM 6.1
        """
        piles = game.table.pile_ids
        province = piles.get("Province")
        if province is not None and not province and "Province" in game.piles:
            return ("DM 6.1", "the Province pile is empty")
        needed = piles_to_end(len(game.table.players))
        if game.empty_pile_count() < needed:  # the common case
            return None
        empty = [p for p in game.piles if not piles[p]]
        if len(empty) < needed:  # no player's Supply can have more empty piles than all have
            return None
        for player in range(len(game.table.players)):
            found = [p for p in self.supply_of(game, player) if p in empty]
            if len(found) >= needed:
                return ("DM 6.1", f"{len(found)} Supply piles are empty: {', '.join(found)}")
        return None

    # What must always hold.

    def invariants(self, game: DominionGame) -> list[str]:
        """Variant-specific facts that must hold after every action; returns violations.
        Plain Dominion keeps no bookkeeping of its own, so has none."""
        return []


__all__ = ["DominionVariant"]
