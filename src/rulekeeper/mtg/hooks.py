"""The hooks a Magic format overrides, in the manner of python-chess's variants.

A format is a kernel :class:`~rulekeeper.engine.variants.Variant`. The compact model calls
these and nothing else format-specific, so no ``if format == ...``
branch lives in the core. :class:`MagicFormat` itself is plain two-player Magic.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar

from mypy_extensions import mypyc_attr

from rulekeeper.engine.chance import Chance
from rulekeeper.engine.formats import FormatFacts
from rulekeeper.engine.game import Action
from rulekeeper.engine.variants import Variant
from rulekeeper.mtg import FACTS
from rulekeeper.rules import RuleId

if TYPE_CHECKING:
    from rulekeeper.engine.game import Violation
    from rulekeeper.mtg.cards import CardDef
    from rulekeeper.mtg.game import MagicGame

Deck = Sequence[Sequence[str]]
"""A deck as the engine takes it: one or more sections (sub-decks) of card names."""


@dataclass(frozen=True)
class StateBasedAction:
    """A state-based action found to apply: the rule, what it does, and how."""

    rule: RuleId
    text: str
    perform: Callable[[], None]


@mypyc_attr(allow_interpreted_subclasses=True)
class MagicFormat(Variant["MagicGame"]):
    """Plain two-player Magic as the compact model plays it (the ``MG`` rules)."""

    # Class attributes each format overrides, declared ClassVar (speed guide, "A compiled engine").
    facts: ClassVar[FormatFacts] = FACTS  # the format's key, name, players and turn limit
    starting_life: ClassVar[int] = 20  # MG 1.1
    opening_hand: ClassVar[int] = 7  # MG 1.3
    max_hand_size: ClassVar[int] = 7  # MG 2.4
    attacks_any_opponent: ClassVar[bool] = False  # MG R8: True lets attackers choose whom
    shown_zones: ClassVar[dict[str, str]] = {}
    """What everyone sees of this format's zones that are no player's, by the zone's kind (its
    name up to a colon): ``"top"`` its top card, ``"cards"`` all of them; any other such zone
    only its size (see :func:`rulekeeper.mtg.views.sight`)."""

    decisions: ClassVar[tuple[str, ...]] = ()
    """The decisions this format asks for itself (see
    :meth:`~rulekeeper.engine.variants.Variant.next_decision`)."""

    def __init__(self) -> None:
        self.state: Any = None
        """The format's bookkeeping for its game, an object of the format's own class (a
        :class:`~rulekeeper.mtg.formats.vortex.state.VortexState`, say) that play reads and
        changes; plain Magic keeps none. Typed ``Any`` here, as each format keeps its own kind:
        code that reads it reads it into a local of its class."""

    def fresh(self) -> MagicFormat:
        """This format for one new game: each game keeps its bookkeeping on a format object of
        its own, made with the same settings, so that no two games share it."""
        return type(self)()

    def save_state(self) -> dict[str, Any]:
        """The bookkeeping as a save keeps it, the game's ``variant_state``: JSON data sharing
        nothing with :attr:`state`, as :meth:`variant_state_record` declares it. Plain Magic
        keeps none."""
        return {}

    def restore_state(self, saved: dict[str, Any]) -> None:
        """Take up the bookkeeping a save kept (:meth:`save_state`'s form), already checked
        against :meth:`variant_state_record` if the save came from a user."""

    def variant_state_record(self) -> Any:
        """The declaration of this format's bookkeeping in a saved game, its ``variant_state``
        (see :mod:`rulekeeper.mtg.save_records`; plain Magic keeps none). Asked only when a
        save is read or its schema written, so the declaration is imported then."""
        from rulekeeper.engine.save_records import NoBookkeeping

        return NoBookkeeping

    def check_restored(self, game: MagicGame) -> None:
        """Check what is this format's own in a game restored from a save: its zones and its
        bookkeeping (whose structure is already checked against
        :meth:`variant_state_record`), for seats in range and so on.

        :raises ~rulekeeper.errors.SerializationError: naming the field and the reason.
        """

    def extra_zones(self, player: int) -> tuple[str, ...]:
        """Zones this format adds for ``player`` beyond library, hand and graveyard."""
        return ()

    def setup(self, game: MagicGame, decks: Sequence[Deck]) -> None:
        """Put each player's cards into the game: the whole deck becomes the library.

        :enforces: MG 1.3
        """
        for player, deck in enumerate(decks):
            for section in deck:
                for name in section:
                    game.table.create(name, player, f"library:{player}")

    def shared_zones(self) -> tuple[str, ...]:
        """Zones this format adds that no player owns."""
        return ()

    def extra_cards(self) -> dict[str, CardDef]:
        """Cards this format adds beyond the pool, by the name the engine keeps for them."""
        return {}

    def redirect(self, game: MagicGame, card_id: int, to: str) -> str:
        """Where a card that would be put onto the stack or the battlefield (``to``) goes
        instead; only consulted if a format overrides it."""
        return to

    def priority_actions(self, game: MagicGame, player: int) -> list[Action]:
        """Actions of this format's own that ``player`` might take with priority (checked by
        :meth:`violation` before they are offered), after the core ones."""
        return []

    def refusable(self, game: MagicGame, player: int) -> list[Action]:
        """Actions of this format's own that ``player`` may well name now though they are not
        offered (a pick out of turn, say), so that the notation refuses one with the rule it
        breaks (:meth:`violation`) rather than as a text that names nothing."""
        return []

    def why_not_cast(self, game: MagicGame, player: int, card_id: int) -> Violation | None:
        """A reason of this format's own why a card in ``player``'s hand cannot be cast."""
        return None

    def library_zone(self, player: int) -> str:
        """The zone that effects touching ``player``'s library use (mill, search, ...)."""
        return f"library:{player}"

    def before_first_turn(self, game: MagicGame) -> None:
        """After setup and the choice of first player: each player draws an opening hand."""
        for player in range(len(game.table.players)):
            for _ in range(self.opening_hand):
                self.draw_one(game, player)

    # The format's own decisions: the kernel's next_decision says which is due (plain Magic
    # has none), and its perform carries out an answer.

    def candidates(self, game: MagicGame) -> list[Action]:
        """The actions that might answer this format's own decision
        (:meth:`~rulekeeper.engine.variants.Variant.next_decision`), checked by
        :meth:`violation` before they are offered."""
        return []

    def violation(self, game: MagicGame, action: Action) -> Violation | None:
        """Why a format-specific action is illegal now, or ``None`` if it is legal; plain
        Magic has none."""
        return ("MG 2.5", f"{action!r} is not an action of this game")

    def end_of_turn(self, game: MagicGame) -> None:
        """Called at the end of the cleanup step, before the next turn."""

    def on_player_left(self, game: MagicGame, player: int) -> None:
        """Called when ``player`` leaves a game that goes on without them."""

    def draw_one(self, game: MagicGame, player: int) -> None:
        """Draw one card for ``player``. Formats that replace drawing override this."""
        game.draw_from_library(player)

    def state_based_actions(self, game: MagicGame) -> list[StateBasedAction]:
        """This format's state-based actions that apply now (none in plain Magic)."""
        return []

    def invariants(self, game: MagicGame) -> list[str]:
        """Format-specific facts that must hold after every action; returns violations."""
        return []

    def bot_decks(self, chance: Chance, players: int) -> list[Deck]:
        """Decks for a bot game, built with the game's own chance."""
        from rulekeeper.mtg.decks import two_colour_deck

        return [[two_colour_deck(chance, 60, 24)] for _ in range(players)]
