"""The hooks a Risk & Resource variant overrides, in the manner of python-chess's variants.

The engine asks the game's :class:`RiskVariant` (a kernel
:class:`~rulekeeper.engine.variants.Variant`) everything that a variant may change, and
nothing else, so no ``if variant == ...`` branch lives in the core. :class:`RiskVariant` itself
is the plain game; the multiplayer variants (RR 10.4) subclass it in
:mod:`~rulekeeper.riskres.variants`.

A variant's bookkeeping is the :class:`VariantState` record it owns (``variant.state``), saved
and restored with the game as its ``variant_state``.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, ClassVar

from mypy_extensions import mypyc_attr

from rulekeeper.engine.formats import FormatFacts
from rulekeeper.engine.game import Action
from rulekeeper.engine.variants import Variant
from rulekeeper.riskres import FACTS

if TYPE_CHECKING:
    from rulekeeper.engine.game import Violation
    from rulekeeper.riskres.game import RiskGame

Pair = tuple[int, int]
"""Two seats: an alliance (lower seat first) or an offer (from, to)."""


@dataclass
class VariantState:
    """What a variant keeps track of, saved as the game's ``variant_state``: the King's seat
    (RR 10.4.3), the alliances, the offers awaiting an answer and the offers made this turn
    (RR 10.4.1, RR R58). The plain game and the other variants leave their fields empty."""

    king: int | None = None
    alliances: list[Pair] = field(default_factory=list)
    offers: list[Pair] = field(default_factory=list)
    offers_made: list[Pair] = field(default_factory=list)


@mypyc_attr(allow_interpreted_subclasses=True)
class RiskVariant(Variant["RiskGame"]):
    """The plain game: no variant. Each hook gives the plain game's behaviour."""

    facts: ClassVar[FormatFacts] = FACTS

    def __init__(self) -> None:
        self.state = VariantState()

    def setup(self, game: RiskGame) -> None:
        """Set up the variant once the first player is known, before the opening hands."""

    def take_position(self, game: RiskGame) -> None:
        """Take up the variant's state in a game set up in the middle of play (a scenario)
        whose active player is ``game.active``."""

    def extra_draws(self, game: RiskGame, player: int) -> int:
        """How many cards ``player`` draws in their draw phase beyond the usual one."""
        return 0

    def reward_elimination(self, game: RiskGame, eliminated: int) -> None:
        """Pay what the variant gives for eliminating ``eliminated``, before they leave."""

    def has_actions(self, game: RiskGame, player: int) -> bool:
        """Whether the variant may give ``player`` an action of its own at priority."""
        return False

    def candidates(self, game: RiskGame, player: int) -> Iterator[Action]:
        """The variant's own actions that ``player`` might take at priority (a superset of the
        legal ones), after every action of the plain game."""
        return iter(())

    def why_not_offer(self, game: RiskGame, player: int, other: int) -> Violation | None:
        """Why ``player`` may not offer ``other`` an alliance now, or ``None`` if they may."""
        return ("RR R58", "alliances are made only in Alliance mode")
