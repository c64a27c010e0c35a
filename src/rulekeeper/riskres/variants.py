"""The multiplayer variants (RR 10.4): :class:`~rulekeeper.riskres.alliances.Alliance`,
:class:`Bounty` and :class:`KingOfTheHill` override the hooks of
:class:`~rulekeeper.riskres.hooks.RiskVariant` (the plain game) where they differ, each keeping
only the bookkeeping it has. Alliance mode's rules have a module of their own,
:mod:`~rulekeeper.riskres.alliances`. A game takes at most one variant, and only with three or
more players (RR R66).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Final

from rulekeeper.errors import InputError
from rulekeeper.riskres import FACTS
from rulekeeper.riskres.alliances import Alliance
from rulekeeper.riskres.hooks import RiskVariant
from rulekeeper.riskres.state import zone_name

if TYPE_CHECKING:
    from rulekeeper.riskres.game import RiskGame

VARIANTS: Final = FACTS.variants
"""Every variant by the name a game is set up with."""

KING_EP: Final = 10  # RR 10.4.3b
KING_EXTRA_DRAW: Final = 1  # RR 10.4.3c
VARIANT_MIN_PLAYERS: Final = 3  # RR R66


def eliminator(game: RiskGame, eliminated: int) -> int | None:
    """Who eliminates ``eliminated``: the active player, and nobody if the active player is
    the one who lost or lost at the same moment (RR R55)."""
    if game.active == eliminated or game.table.players[game.active].lost:
        return None
    return game.active


class Bounty(RiskVariant):
    """Bounty mode (RR 10.4.2): eliminating a player pays their EP and a card of their hand."""

    @property
    def option(self) -> str:
        return "bounty"

    def reward_elimination(self, game: RiskGame, eliminated: int) -> None:
        """The eliminator takes all of the eliminated player's EP and one card of their hand
        chosen by the game's chance (RR R56).

        :enforces: RR 10.4.2a, RR R55, RR R56
        """
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

    def __init__(self) -> None:
        self.king: int | None = None
        """The King's seat; ``None`` once the King is gone with nobody to take the crown."""

    @property
    def option(self) -> str:
        return "king"

    def setup(self, game: RiskGame) -> None:
        """The first player is the King and starts with 10 EP (RR R57).

        :enforces: RR 10.4.3a, RR 10.4.3b, RR R57
        """
        self.king = game.first_player
        king = game.table.players[game.first_player]
        king.ep = KING_EP
        game.record("RR 10.4.3a", f"{king.name} is the King and starts with {KING_EP} EP")

    def take_position(self, game: RiskGame) -> None:
        self.king = game.active

    def extra_draws(self, game: RiskGame, player: int) -> int:
        """One more card for everyone but the King, while there is a King (RR R57, RR R67).

        :enforces: RR 10.4.3c, RR R67
        """
        king = self.king
        return KING_EXTRA_DRAW if king is not None and player != king else 0

    def reward_elimination(self, game: RiskGame, eliminated: int) -> None:
        """The player who eliminates the King becomes King; with no eliminator the crown is
        gone (RR R57).

        :enforces: RR 10.4.3d, RR R55, RR R57
        """
        if self.king != eliminated:
            return
        taker = eliminator(game, eliminated)
        self.king = taker
        name = game.name_of(eliminated)
        if taker is None:
            game.record("RR R57", f"the King, {name}, is gone, and nobody takes the crown")
        else:
            new = game.name_of(taker)
            game.record("RR 10.4.3d", f"{new} defeats the King, {name}, and is the new King")

    def adjust_view(self, game: RiskGame, player: int, view: dict[str, Any]) -> None:
        super().adjust_view(game, player, view)
        view["king"] = self.king

    def save_state(self) -> dict[str, Any]:
        return {**super().save_state(), "king": self.king}

    def restore_state(self, saved: dict[str, Any]) -> None:
        self._refuse_unkept(saved, "king")
        self.king = saved["king"]


VARIANT_TYPES: Final[tuple[type[RiskVariant], ...]] = (RiskVariant, Alliance, Bounty, KingOfTheHill)
"""Every variant, the plain game first: a game is set up and restored with one of these."""

_BY_KEY: Final[dict[str, type[RiskVariant]]] = {v().option: v for v in VARIANT_TYPES}


def variant_for(key: str, players: int, *, betrayal: bool = True) -> RiskVariant:
    """The variant a game is set up with by name (``""`` for the plain game), refusing an
    unknown one, a variant in a game of fewer than three players, or betrayal forbidden
    outside Alliance mode (RR R66).

    >>> variant_for("king", 2)
    Traceback (most recent call last):
    ...
    rulekeeper.errors.InputError: King of the Hill needs 3 or more players, not 2 (RR R66)
    >>> variant_for("bounty", 3, betrayal=False)
    Traceback (most recent call last):
    ...
    rulekeeper.errors.InputError: only Alliance mode may forbid betrayal, not Bounty mode (RR R66)

    :raises InputError: if the variant cannot be played.

    :enforces: RR R66
    """
    if key not in _BY_KEY:
        raise InputError(f"unknown variant {key!r}; choose from {', '.join(VARIANTS)}")
    variant = Alliance(betrayal=betrayal) if key == "alliance" else _BY_KEY[key]()
    if key and players < VARIANT_MIN_PLAYERS:
        raise InputError(
            f"{variant.title} needs {VARIANT_MIN_PLAYERS} or more players, not {players} (RR R66)"
        )
    if variant.allows_betrayal != betrayal:
        raise InputError(f"only Alliance mode may forbid betrayal, not {variant.title} (RR R66)")
    return variant
