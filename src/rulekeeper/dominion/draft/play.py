"""Dominion Draft plugged into the Dominion model: the variant's hooks (DD 2.5, DD 3, DD 6).

:class:`DominionDraft` overrides the hooks of
:class:`~rulekeeper.dominion.hooks.DominionVariant`: ``setup`` deals the draft and lays out a
pile for every randomizer dealt, ``next_decision``, ``candidates``, ``violation`` and
``perform`` run the :class:`~rulekeeper.dominion.draft.drafting.Draft` before turn one,
``supply_of`` gives each player the base piles, the shared piles and their own five,
``is_game_over`` counts empty piles player by player, and ``adjust_view`` shows the draft as
the player may see it.

The variant keeps its bookkeeping on itself: :attr:`DominionDraft.draft`, the
:class:`~rulekeeper.dominion.draft.drafting.Draft` under way, and :attr:`DominionDraft.supplies`.
Only a save writes them as JSON, in ``game.variant_state``:

``draft``
    the draft, as :meth:`~rulekeeper.dominion.draft.drafting.Draft.to_json` saves it;
``supply``
    once the draft is over, each player's Supply pile by pile, in the order the piles were
    laid out (DD 3.1).

Hooks the Draft needed beyond the ones the model first had (added to
:class:`~rulekeeper.dominion.hooks.DominionVariant` in a commit of their own; plain Dominion
behaves as before):

- ``copy_piles(game, player)``: the piles a card that names another card (Smugglers, Jester)
  may take its copy from. Plain Dominion: the player's Supply. The Draft: every pile
  (DD 4.3, DD 4.4, DD R13, DD R14).
- ``supply_rule``: the rule an action cites when it reaches outside the player's Supply, so a
  Draft player's refused buy cites DD 3.3 rather than the plain game's rule.

>>> from rulekeeper.dominion.draft.scenario import new_draft_game
>>> game = new_draft_game(seed=7, players=3)
>>> game.phase, game.variant.next_decision(game), game.current_player()
('pregame', ('pick', 0), 0)
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, Final

from mypy_extensions import mypyc_attr

from rulekeeper.dominion.cards import CARDS
from rulekeeper.dominion.draft import (
    EMPTY_PILES_TO_END,
    FACTS,
    NO_LANDSCAPES,
    PRIVATE,
    VARIANTS,
)
from rulekeeper.dominion.draft.drafting import DONE, Draft
from rulekeeper.dominion.draft.save_records import DraftRecord, DraftState
from rulekeeper.dominion.hooks import DominionVariant
from rulekeeper.engine.game import Action, Violation
from rulekeeper.engine.save_codec import Codec, Conversion
from rulekeeper.errors import InputError, SerializationError

if TYPE_CHECKING:
    from rulekeeper.dominion.game import DominionGame

KINGDOM_POOL: tuple[str, ...] = tuple(sorted(n for n, c in CARDS.items() if c.kind == "kingdom"))
"""Every Kingdom card of the card data: the randomizers a draft is dealt from (DD R2)."""

LANDSCAPE_POOL: tuple[str, ...] = tuple(
    sorted(n for n, c in CARDS.items() if c.kind == "landscape")
)
"""Every landscape of the card data, all four kinds mixed (DD R16)."""


@mypyc_attr(allow_interpreted_subclasses=True)
class DominionDraft(DominionVariant):
    """Dominion with drafted randomizers, per-player Supplies and a per-player end (``DD``).

    ``private`` sets randomizers aside face down (DD 1.4); ``landscapes`` plays the landscape
    draft (DD R17). Both are saved with the game, so a restored game needs neither. Scoring is
    left to the plain game on purpose: the Draft wins and breaks ties as Dominion does, counting
    every card a player has wherever it came from (DD R20).

    What the Draft leaves unlimited is enforced where the plain game acts without asking
    :meth:`supply_of`, so that a test of such a rule runs the code that would break it: playing
    a card from the hand (DD 4.1, in ``DominionGame.why_illegal``), passing with Masquerade (DD
    4.2, DD R12, in ``kingdom.deliver``) and Lurker's gain from the one trash (DD 4.5, DD R15,
    in ``kingdom.lurker_answer``).

    :enforces: DD R20
    """

    facts = FACTS
    supply_rule = "DD 3.3"
    deals_kingdom = True  # the draft deals the randomizers (DD 1.2)
    every_pile_supply = False  # each player has a Supply of their own (DD 3.1)

    @classmethod
    def with_option(cls, option: str) -> DominionDraft:
        """The Draft set up with ``option``: ``""``, ``"private"`` (DD 1.4, DD R4) or
        ``"no-landscapes"`` (DD R17).

        :raises InputError: if the Draft has no such option.

        :enforces: DD 1.4, DD R4, DD R17
        """
        if option and option not in VARIANTS:
            raise InputError(
                f"Dominion Draft has no variant {option!r}; choose from {', '.join(VARIANTS)}"
            )
        return cls(private=option == PRIVATE, landscapes=option != NO_LANDSCAPES)

    @property
    def option(self) -> str:
        """The option this Draft was set up with (see :meth:`with_option`)."""
        return PRIVATE if self.private else "" if self.with_landscapes else NO_LANDSCAPES

    def __init__(self, *, private: bool = False, landscapes: bool = True) -> None:
        self.private = private
        self.with_landscapes = landscapes
        self.draft: Draft | None = None
        """The draft, dealt by :meth:`setup` (or restored from a save)."""
        self.supplies: list[tuple[str, ...]] = []
        """Each player's Supply once the draft is over, in the order the piles were laid out;
        empty before."""

    @property
    def dealt(self) -> Draft:
        """The draft (after :meth:`setup`, or a restore)."""
        if self.draft is None:
            raise InputError("the draft has not been dealt yet")
        return self.draft

    # Setting up.

    def setup(self, game: DominionGame, kingdom: Sequence[str], landscapes: Sequence[str]) -> None:
        """Deal the draft from the game's chance and lay out a pile for every randomizer dealt.

        The Draft picks its own cards, so ``kingdom`` and ``landscapes`` are not used. Every
        randomizer dealt is set aside by someone and becomes a pile (DD R5), so every pile
        exists from the start, at the size ordinary Dominion gives it (DD R8); the base piles,
        laid out before, are shared (DD R9).

        :enforces: DD 2.5, DD R8, DD R9
        """
        draft = Draft.deal(
            game.chance,
            KINGDOM_POOL,
            LANDSCAPE_POOL,
            len(game.table.players),
            private=self.private,
            landscapes=self.with_landscapes,
            names=[seat.name for seat in game.table.players],
            record=game.record,
        )
        for name in sorted(card for pile in draft.piles for card in pile):
            game.add_pile(name)
        game.landscapes = []
        self.draft, self.supplies = draft, []

    # Saving: the draft is written as JSON only here.

    def variant_state_record(self) -> Any:
        """The Draft's bookkeeping is its draft and the Supplies:
        :class:`~rulekeeper.dominion.draft.save_records.DraftState`."""
        return DraftState

    def save_state(self) -> dict[str, Any]:
        """The draft and the Supplies as a save keeps them."""
        return _CODEC.dump(self)

    def restore_state(self, saved: dict[str, Any]) -> None:
        """Take up the draft and the Supplies a save kept.

        :raises SerializationError: if ``saved`` is not a draft and its Supplies.
        """
        if sorted(saved) != ["draft", "supply"]:
            raise SerializationError(f"the Draft keeps its draft and supply, not {sorted(saved)}")
        _CODEC.load_into(self, saved)
        # The variant's own options are made afresh by a load; the draft holds them. Without
        # this a loaded private draft wrote no "Variant: private", and a position for a
        # player would not say that the others' picks are hidden from them.
        draft = self.dealt
        self.private = draft.private
        self.with_landscapes = bool(draft.landscape_pile or draft.discarded)

    # The draft, before turn one.

    def next_decision(self, game: DominionGame) -> tuple[str, int] | None:
        """The draft's stage (``pick``, ``centre``, ``landscapes``) and the player to act in
        it, or ``None`` once it is over."""
        draft = self.dealt
        if draft.stage == DONE:
            return None
        return (draft.stage, draft.current_player())

    def candidates(self, game: DominionGame) -> list[Action]:
        """The draft actions the deciding player might take."""
        return self.dealt.candidates()

    def violation(self, game: DominionGame, action: Action) -> Violation | None:
        """The draft rule ``action`` would break, or ``None``."""
        return self.dealt.violation(action)

    def perform(self, game: DominionGame, action: Action) -> None:
        """Carry out a legal draft action; when the draft ends, the Supplies are settled."""
        draft = self.dealt
        draft.perform(action, game.record)
        if draft.stage == DONE:
            self.lay_out_supplies(game, draft)

    def lay_out_supplies(self, game: DominionGame, draft: Draft) -> None:
        """Settle each player's Supply: the base piles, the centre's piles and their own five
        (DD 3.1); put the two landscapes left in use for everyone, one set that no Supply
        limits (DD 5.3, DD R23): ``landscapes_of`` gives every player the same.

        :enforces: DD 2.5, DD 3.1, DD 3.2, DD 5.3, DD R23
        """
        shared = set(draft.shared)
        base = [p for p in game.piles if CARDS[p].kind == "base"]
        supplies = []
        for seat, own in enumerate(draft.private_piles):
            mine = shared | set(own) | set(base)
            supplies.append(tuple(p for p in game.piles if p in mine))
            game.record("DD 2.5", f"{game.name_of(seat)}'s private piles: {', '.join(own)}")
        game.record("DD 2.5", f"the shared piles: {', '.join(draft.shared)}")
        self.supplies = supplies
        game.landscapes = draft.landscapes

    # The Supply.

    def supply_of(self, game: DominionGame, player: int) -> tuple[str, ...]:
        """``player``'s Supply: the base piles, the shared piles and their own five private
        piles (DD 3.1). Buying (DD 3.3), gaining from the Supply (DD 3.4, DD R10) and
        trashing from it (DD 3.5, DD R11) see only these piles, and so does every effect that
        goes through each pile of the Supply or counts its empty piles: Populate (DD R22),
        Poacher (DD R21), the end of the game (DD 6.2). Before the draft is over, only the base
        piles.

        This is the Draft's only limit on what a player does, and it is a limit on piles: the
        cards a player owns (DD 4.1, checked by ``DominionGame.why_illegal``), cards passed by
        Masquerade (DD 4.2, DD R12: ``kingdom.deliver``), cards in the one shared trash
        (DD 4.5, DD R15: ``kingdom.lurker_answer``) and a card returned to its pile,
        which goes to that card's pile wherever it is (DD R24), are never checked against it.

        :enforces: DD 3.1, DD 3.3, DD 3.4, DD 3.5, DD R10, DD R11, DD R21, DD R22, DD R24
        """
        supplies = self.supplies
        if supplies:
            return supplies[player]
        return tuple(p for p in game.piles if CARDS[p].kind == "base")

    def copy_piles(self, game: DominionGame, player: int) -> tuple[str, ...]:
        """Every pile: a copy of a card that Smugglers or Jester names comes from that card's
        pile wherever it is, even another player's private pile (DD 4.3, DD 4.4).

        :enforces: DD 4.3, DD 4.4, DD R13, DD R14
        """
        return tuple(game.piles)

    # The end of the game.

    def is_game_over(self, game: DominionGame) -> Violation | None:
        """The game ends when the Province pile is empty (DD 6.3), or when any one player's
        Supply has three empty piles (DD 6.1), counted for each player on their own (DD 6.2)
        and at every table size (DD R19).

        :enforces: DD 6.1, DD 6.2, DD 6.3, DD R18, DD R19
        """
        if not game.pile("Province"):
            return ("DD 6.3", "the Province pile is empty")
        if game.empty_pile_count() < EMPTY_PILES_TO_END:  # the common case, found at once
            return None
        for player in range(len(game.table.players)):
            empty = [p for p in self.supply_of(game, player) if not game.pile(p)]
            if len(empty) >= EMPTY_PILES_TO_END:
                return (
                    "DD 6.1",
                    f"{game.name_of(player)}'s Supply has {len(empty)} empty piles: "
                    f"{', '.join(empty)}",
                )
        return None

    # What players see, and what must always hold.

    def adjust_view(self, game: DominionGame, player: int, view: dict[str, Any]) -> None:
        """Add the draft as ``player`` may see it (DD 2.6) and, once it is over, every
        player's private piles, which are public from then on (DD R7).

        :enforces: DD 2.6, DD R7
        """
        draft = self.dealt
        view["draft"] = draft.view(player)
        if draft.stage == DONE:
            view["shared_piles"] = draft.shared
            view["private_piles"] = {
                game.name_of(seat): own for seat, own in enumerate(draft.private_piles)
            }

    def invariants(self, game: DominionGame) -> list[str]:
        """The draft is one of this table that play could reach
        (:meth:`~rulekeeper.dominion.draft.drafting.Draft.problems`), each
        player's Supply is exactly as drafted, and no randomizer is lost or doubled."""
        draft = self.dealt
        problems = []
        held = [c for pile in draft.piles for c in pile] + [c for c in draft.picked if c]
        drafted = [c for cards in draft.set_aside for c in cards] + draft.centre
        every = sorted(held + drafted)
        laid_out = sorted(p for p in game.piles if CARDS[p].kind == "kingdom")
        if every != laid_out:
            problems.append(f"the randomizers {every} are not the kingdom piles {laid_out}")
        problems += draft.problems(len(game.table.players))
        if draft.stage != DONE and self.supplies:
            problems.append("the Supplies are settled before the draft is over (DD 3.1)")
        if problems or draft.stage != DONE:
            return problems
        base = {p for p in game.piles if CARDS[p].kind == "base"}
        for seat, own in enumerate(draft.private_piles):
            expected = base | set(draft.shared) | set(own)
            supply = self.supply_of(game, seat)
            if set(supply) != expected or len(supply) != len(expected):
                problems.append(f"{game.name_of(seat)}'s Supply {supply} is not as drafted")
            if len(own) != len(draft.private_piles[0]):
                problems.append(f"{game.name_of(seat)} has {len(own)} private piles")
        if len(draft.shared) != len(game.table.players):
            problems.append(
                f"{len(draft.shared)} shared piles for {len(game.table.players)} players"
            )
        return problems


_CODEC: Final = Codec(
    DraftState,
    at={"supply": "supplies"},
    convert={DraftRecord: Conversion(Draft.to_json, Draft.from_json)},
)
"""The Draft's bookkeeping as a save keeps it."""
