"""The hooks a Risk & Resource variant overrides, in the manner of python-chess's variants.

The engine asks the game's :class:`RiskVariant` (a kernel
:class:`~rulekeeper.engine.variants.Variant`) everything that a variant may change, and
nothing else, so no ``if variant == ...`` branch lives in the core. :class:`RiskVariant` itself
is the plain game; the multiplayer variants (RR 10.4) subclass it in
:mod:`~rulekeeper.riskres.variants` and :mod:`~rulekeeper.riskres.alliances`.

A variant keeps only the bookkeeping it has, as typed attributes of its own: King of the Hill
its King's seat, Alliance mode its alliances, offers and whether betrayal is allowed; the plain
game and Bounty mode keep none. The core asks for it through the hooks below
(:meth:`~RiskVariant.allies`, :meth:`~RiskVariant.begin_turn`...), and the save writes it as
the game's ``variant_state`` through :meth:`~RiskVariant.save_state` and
:meth:`~RiskVariant.restore_state`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar

from mypy_extensions import mypyc_attr

from rulekeeper.engine.formats import FormatFacts
from rulekeeper.engine.game import Action
from rulekeeper.engine.saves import refuse
from rulekeeper.engine.variants import Variant
from rulekeeper.riskres import FACTS

if TYPE_CHECKING:
    from rulekeeper.engine.game import Violation
    from rulekeeper.riskres.game import RiskGame

Pair = tuple[int, int]
"""Two seats: an alliance (lower seat first) or an offer (from, to)."""


@mypyc_attr(allow_interpreted_subclasses=True)
class RiskVariant(Variant["RiskGame"]):
    """The plain game: no variant, and no bookkeeping of its own. Each hook gives the plain
    game's behaviour."""

    facts: ClassVar[FormatFacts] = FACTS

    @property
    def title(self) -> str:
        """The variant's name in words, for messages: ``"King of the Hill"``, or ``"the plain
        game"``."""
        return FACTS.variants[self.option].split(":")[0] if self.option else "the plain game"

    @property
    def allows_betrayal(self) -> bool:
        """Whether allies may end their alliance (RR 10.4.1c), as a save's options say it:
        always, but in an Alliance mode game set up to forbid it (RR R66)."""
        return True

    def setup(self, game: RiskGame) -> None:
        """Set up the variant once the first player is known, before the opening hands."""

    def take_position(self, game: RiskGame) -> None:
        """Take up the variant's state in a game set up in the middle of play (a scenario)
        whose active player is ``game.active``."""

    def begin_turn(self, game: RiskGame, player: int) -> None:
        """What the variant does as ``player``'s turn begins, once their permanents untap and
        before they draw."""

    def extra_draws(self, game: RiskGame, player: int) -> int:
        """How many cards ``player`` draws in their draw phase beyond the usual one."""
        return 0

    def reward_elimination(self, game: RiskGame, eliminated: int) -> None:
        """Pay what the variant gives for eliminating ``eliminated``, before they leave."""

    def on_player_left(self, game: RiskGame, player: int) -> None:
        """Forget what the variant keeps of ``player``, who has just left the game."""

    def has_actions(self, game: RiskGame, player: int) -> bool:
        """Whether the variant may give ``player`` an action of its own at priority."""
        return False

    def priority_actions(self, game: RiskGame, player: int) -> list[Action]:
        """The variant's own actions that ``player`` might take at priority (a superset of the
        legal ones), after every action of the plain game (the Magic formats' hook of the same
        name)."""
        return []

    # Alliances (RR 10.4.1): only Alliance mode makes any; the plain answers say there are none.

    def why_not_offer(self, game: RiskGame, player: int, other: int) -> Violation | None:
        """Why ``player`` may not offer ``other`` an alliance now, or ``None`` if they may."""
        return ("RR R58", "alliances are made only in Alliance mode")

    def offer_alliance(self, game: RiskGame, player: int, other: int) -> bool:
        """Offer ``other`` an alliance, or accept their offer, once :meth:`why_not_offer`
        allows it: whether an alliance was made. Never asked of a variant that allows no
        offer.

        :raises NotImplementedError: always, here.
        """
        raise NotImplementedError(f"{self.title} makes no alliances (RR R58)")

    def why_not_break(self, game: RiskGame, player: int, other: int) -> Violation | None:
        """Why ``player`` may not end an alliance with ``other`` now, or ``None`` if they may:
        here, nobody is allied."""
        return ("RR 10.4.1c", f"you are not allied with {game.name_of(other)}")

    def break_alliance(self, game: RiskGame, player: int, other: int) -> None:
        """End the alliance of ``player`` and ``other``, once :meth:`why_not_break` allows it.
        Never asked of a variant that makes no alliances.

        :raises NotImplementedError: always, here.
        """
        raise NotImplementedError(f"{self.title} makes no alliances (RR R58)")

    def has_alliances(self) -> bool:
        """Whether any two players are allied. Asked first whenever the game is settled, so
        that a game with no alliance builds nothing more."""
        return False

    def allies(self, player: int) -> list[int]:
        """The players allied with ``player``, in seat order."""
        return []

    def all_allied(self, players: list[int]) -> bool:
        """Whether every two of ``players`` are allies (with two or more players)."""
        return False

    # What the players see, and what a save keeps.

    def adjust_view(self, game: RiskGame, player: int, view: dict[str, Any]) -> None:
        """Add what every player sees of the variant's bookkeeping to ``player``'s view: the
        King's seat, the alliances and the offers awaiting an answer (none here)."""
        view["king"], view["alliances"], view["alliance_offers"] = None, [], []

    def save_state(self) -> dict[str, Any]:
        """The bookkeeping as a save keeps it, the game's ``variant_state``: the same fields for
        every variant, as :class:`~rulekeeper.riskres.save_records.VariantRecord` declares
        them, those the variant does not keep empty (all of them here)."""
        return {"king": None, "alliances": [], "offers": [], "offers_made": []}

    def restore_state(self, saved: dict[str, Any]) -> None:
        """Take up the bookkeeping that :meth:`save_state` wrote (here there is none to take).

        :raises SerializationError: naming the field, for bookkeeping the variant does not
            keep (a King in a game in Alliance mode, say), so that a save of one variant
            relabelled as another is refused (RR R66).
        """
        self._refuse_unkept(saved)

    def variant_state_record(self) -> Any:
        """The declaration of the bookkeeping in a save,
        :class:`~rulekeeper.riskres.save_records.VariantRecord`: one for every variant."""
        from rulekeeper.riskres.save_records import VariantRecord

        return VariantRecord

    def _refuse_unkept(self, saved: dict[str, Any], *kept: str) -> None:
        """Refuse a saved field of the bookkeeping, other than those ``kept``, that is not
        empty.

        :raises SerializationError: naming the field.
        """
        for key, value in saved.items():
            if key not in kept and value is not None and value != []:
                raise refuse(f"variant_state.{key}", f"{self.title} keeps none (RR R66)")
