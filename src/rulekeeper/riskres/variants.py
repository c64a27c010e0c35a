"""The multiplayer variants (RR 10.4) as hook objects, in the manner of python-chess's variants.

The engine asks the game's :class:`RiskVariant` everything that a variant may change, and
nothing else, so no ``if variant == ...`` branch lives in the core. :class:`RiskVariant` itself
is the plain game; :class:`Alliance`, :class:`Bounty` and :class:`KingOfTheHill` override the
hooks where they differ. Alliance mode's rules have a module of their own,
:mod:`~rulekeeper.riskres.alliances`. A game takes at most one variant, and only with three or
more players (RR R66).

A variant's bookkeeping is the :class:`VariantState` record it owns (``variant.state``), saved
and restored with the game.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, ClassVar, Final

from mypy_extensions import mypyc_attr

from rulekeeper.engine.game import Action
from rulekeeper.errors import InputError
from rulekeeper.riskres import FACTS
from rulekeeper.riskres import actions as act
from rulekeeper.riskres.state import zone_name
from rulekeeper.rules import enforces

if TYPE_CHECKING:
    from rulekeeper.engine.game import Violation
    from rulekeeper.riskres.game import RiskGame

VARIANTS: Final = FACTS.variants
"""Every variant by the name a game is set up with."""

KING_EP: Final = 10  # RR 10.4.3b
KING_EXTRA_DRAW: Final = 1  # RR 10.4.3c
VARIANT_MIN_PLAYERS: Final = 3  # RR R66

Pair = tuple[int, int]
"""Two seats: an alliance (lower seat first) or an offer (from, to)."""


@dataclass
class VariantState:
    """What a variant keeps track of, saved as the game's ``variant`` entry: the King's seat
    (RR 10.4.3), the alliances, the offers awaiting an answer and the offers made this turn
    (RR 10.4.1, RR R58). The plain game and the other variants leave their fields empty."""

    king: int | None = None
    alliances: list[Pair] = field(default_factory=list)
    offers: list[Pair] = field(default_factory=list)
    offers_made: list[Pair] = field(default_factory=list)

    def to_json(self) -> dict[str, Any]:
        """The state as saved."""
        return {
            "king": self.king,
            "alliances": [list(p) for p in self.alliances],
            "offers": [list(p) for p in self.offers],
            "offers_made": [list(p) for p in self.offers_made],
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> VariantState:
        """The state that :meth:`to_json` saved."""

        def pairs(key: str) -> list[Pair]:
            return [(int(a), int(b)) for a, b in data[key]]

        return cls(data["king"], pairs("alliances"), pairs("offers"), pairs("offers_made"))


# The variants are compiled with the engine; a new one may still subclass this in interpreted
# code, which mypyc allows only when told so.
@mypyc_attr(allow_interpreted_subclasses=True)
class RiskVariant:
    """The plain game: no variant. Each hook gives the plain game's behaviour."""

    key: ClassVar[str] = ""
    """The name a game is set up and saved with (one of :data:`VARIANTS`, or ``""``)."""

    def __init__(self) -> None:
        self.state = VariantState()

    def set_up(self, game: RiskGame) -> None:
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


def eliminator(game: RiskGame, eliminated: int) -> int | None:
    """Who eliminates ``eliminated``: the active player, and nobody if the active player is
    the one who lost or lost at the same moment (RR R55)."""
    if game.active == eliminated or game.table.players[game.active].lost:
        return None
    return game.active


class Alliance(RiskVariant):
    """Alliance mode (RR 10.4.1): players may ally, and allies share their win conditions."""

    key: ClassVar[str] = "alliance"

    def has_actions(self, game: RiskGame, player: int) -> bool:
        return True

    def candidates(self, game: RiskGame, player: int) -> Iterator[Action]:
        for other in game.opponents(player):
            yield act.OfferAlliance(other)
            yield act.BreakAlliance(other)

    def why_not_offer(self, game: RiskGame, player: int, other: int) -> Violation | None:
        from rulekeeper.riskres.alliances import why_not_offer

        return why_not_offer(game, player, other)


class Bounty(RiskVariant):
    """Bounty mode (RR 10.4.2): eliminating a player pays their EP and a card of their hand."""

    key: ClassVar[str] = "bounty"

    def reward_elimination(self, game: RiskGame, eliminated: int) -> None:
        """The eliminator takes all of the eliminated player's EP and one card of their hand
        chosen by the game's chance (RR R56)."""
        taker = eliminator(game, eliminated)
        if taker is None:
            return
        lost, winner = game.table.players[eliminated], game.table.players[taker]
        winner.ep += lost.ep
        text = f"{winner.name} collects the bounty on {lost.name}: {lost.ep} EP (EP {winner.ep})"
        lost.ep = 0
        hand = game.table.zones[zone_name("hand", eliminated)]
        if hand:
            taken = hand[game.chance.pick(len(hand), kind="bounty card")]
            game.table.move(taken, zone_name("hand", taker))
            text += " and a card from their hand"
        game.record("RR 10.4.2a", text)


class KingOfTheHill(RiskVariant):
    """King of the Hill (RR 10.4.3): the King starts with 10 EP, everyone else draws one more
    card a turn, and whoever eliminates the King takes the crown."""

    key: ClassVar[str] = "king"

    def set_up(self, game: RiskGame) -> None:
        """The first player is the King and starts with 10 EP (RR R57)."""
        self.state.king = game.first_player
        king = game.table.players[game.first_player]
        king.ep = KING_EP
        game.record("RR 10.4.3a", f"{king.name} is the King and starts with {KING_EP} EP")

    def take_position(self, game: RiskGame) -> None:
        self.state.king = game.active

    def extra_draws(self, game: RiskGame, player: int) -> int:
        """One more card for everyone but the King, while there is a King (RR R57, RR R67)."""
        king = self.state.king
        return KING_EXTRA_DRAW if king is not None and player != king else 0

    def reward_elimination(self, game: RiskGame, eliminated: int) -> None:
        """The player who eliminates the King becomes King; with no eliminator the crown is
        gone (RR R57)."""
        if self.state.king != eliminated:
            return
        taker = eliminator(game, eliminated)
        self.state.king = taker
        name = game.name_of(eliminated)
        if taker is None:
            game.record("RR R57", f"the King, {name}, is gone, and nobody takes the crown")
        else:
            new = game.name_of(taker)
            game.record("RR 10.4.3d", f"{new} defeats the King, {name}, and is the new King")


# Linked here rather than by decorating: compiled with mypyc, a decorated method is called the
# slow way (see "A compiled engine" in the contributor guide).
enforces("RR 10.4.2a", "RR R55", "RR R56")(Bounty.reward_elimination)
enforces("RR 10.4.3a", "RR 10.4.3b", "RR R57")(KingOfTheHill.set_up)
enforces("RR 10.4.3c", "RR R67")(KingOfTheHill.extra_draws)
enforces("RR 10.4.3d", "RR R55", "RR R57")(KingOfTheHill.reward_elimination)

_BY_KEY: Final[dict[str, type[RiskVariant]]] = {
    v.key: v for v in (RiskVariant, Alliance, Bounty, KingOfTheHill)
}


@enforces("RR R66")
def variant_for(key: str, players: int) -> RiskVariant:
    """The variant a game is set up with by name (``""`` for the plain game), refusing an
    unknown one, or a variant in a game of fewer than three players (RR R66).

    >>> variant_for("king", 2)
    Traceback (most recent call last):
    ...
    rulekeeper.errors.InputError: King of the Hill needs 3 or more players, not 2 (RR R66)

    :raises InputError: if the variant cannot be played.
    """
    if key not in _BY_KEY:
        raise InputError(f"unknown variant {key!r}; choose from {', '.join(VARIANTS)}")
    if key and players < VARIANT_MIN_PLAYERS:
        name = VARIANTS[key].split(":")[0]
        raise InputError(
            f"{name} needs {VARIANT_MIN_PLAYERS} or more players, not {players} (RR R66)"
        )
    return _BY_KEY[key]()
