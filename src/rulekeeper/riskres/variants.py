"""The multiplayer variants (RR 10.4): choosing one, the King of the Hill and Bounty mode.

Alliance mode has a module of its own, :mod:`~rulekeeper.riskres.alliances`. A game takes at
most one variant, and only with three or more players (RR R66).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from rulekeeper.errors import InputError
from rulekeeper.riskres import FACTS
from rulekeeper.riskres.state import zone_name
from rulekeeper.rules import enforces

if TYPE_CHECKING:
    from rulekeeper.riskres.game import RiskGame

VARIANTS: Final = FACTS.variants
"""Every variant by the name a game is set up with."""

KING_EP: Final = 10  # RR 10.4.3b
KING_EXTRA_DRAW: Final = 1  # RR 10.4.3c
VARIANT_MIN_PLAYERS: Final = 3  # RR R66


@enforces("RR R66")
def check_variant(variant: str, players: int) -> None:
    """Refuse an unknown variant, or a variant in a game of fewer than three players (RR R66).

    >>> check_variant("king", 2)
    Traceback (most recent call last):
    ...
    rulekeeper.errors.InputError: King of the Hill needs 3 or more players, not 2 (RR R66)

    :raises InputError: if the variant cannot be played.
    """
    if not variant:
        return
    if variant not in VARIANTS:
        raise InputError(f"unknown variant {variant!r}; choose from {', '.join(VARIANTS)}")
    if players < VARIANT_MIN_PLAYERS:
        name = VARIANTS[variant].split(":")[0]
        raise InputError(
            f"{name} needs {VARIANT_MIN_PLAYERS} or more players, not {players} (RR R66)"
        )


@enforces("RR 10.4.3a", "RR 10.4.3b", "RR R57")
def set_up(game: RiskGame) -> None:
    """Set up the chosen variant once the first player is known: in King of the Hill the first
    player is the King and starts with 10 EP (RR R57)."""
    if game.variant == "king":
        game.king = game.first_player
        king = game.table.players[game.king]
        king.ep = KING_EP
        game.record("RR 10.4.3a", f"{king.name} is the King and starts with {KING_EP} EP")


@enforces("RR 10.4.3c", "RR R67")
def extra_draws(game: RiskGame, player: int) -> int:
    """How many extra cards ``player`` draws in their draw phase: one in King of the Hill for
    everyone but the King, while there is a King (RR 10.4.3c, RR R57, RR R67)."""
    if game.variant == "king" and game.king is not None and player != game.king:
        return KING_EXTRA_DRAW
    return 0


@enforces("RR 10.4.2a", "RR R55", "RR R56", "RR 10.4.3d", "RR R57")
def reward_elimination(game: RiskGame, eliminated: int) -> None:
    """Pay what the variant gives for eliminating ``eliminated``, before they leave.

    The eliminator is the active player, and nobody if the active player is the one who lost
    (RR R55). In Bounty mode the eliminator takes all of the eliminated player's EP and one card
    of their hand chosen by the game's chance (RR R56); in King of the Hill the player who
    eliminates the King becomes King, and with no eliminator the crown is gone (RR R57).
    """
    eliminator = None if game.active == eliminated else game.active
    if eliminator is not None and game.table.players[eliminator].lost:
        eliminator = None  # a player who lost at the same moment collects nothing
    lost, name = game.table.players[eliminated], game.name_of(eliminated)
    if game.variant == "bounty" and eliminator is not None:
        winner = game.table.players[eliminator]
        winner.ep += lost.ep
        text = f"{winner.name} collects the bounty on {name}: {lost.ep} EP (EP {winner.ep})"
        lost.ep = 0
        hand = game.table.zones[zone_name("hand", eliminated)]
        if hand:
            taken = hand[game.chance.pick(len(hand), kind="bounty card")]
            game.table.move(taken, zone_name("hand", eliminator))
            text += " and a card from their hand"
        game.record("RR 10.4.2a", text)
    if game.variant == "king" and game.king == eliminated:
        game.king = eliminator
        if eliminator is None:
            game.record("RR R57", f"the King, {name}, is gone, and nobody takes the crown")
        else:
            new = game.name_of(eliminator)
            game.record("RR 10.4.3d", f"{new} defeats the King, {name}, and is the new King")
