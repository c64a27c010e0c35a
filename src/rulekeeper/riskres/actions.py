"""The actions of Risk & Resource, as values: frozen dataclasses whose reprs paste back.

>>> from rulekeeper.riskres.actions import Attack, Player
>>> Attack(4, Player(1))
Attack(attacker=4, target=Player(index=1))
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from rulekeeper.engine.game import Action


@dataclass(frozen=True, slots=True)
class Player:
    """A player as a target, by seat."""

    index: int


Target = Player | int
"""What a spell, ability or attacker aims at: a player, or a permanent by card ID."""


@dataclass(frozen=True, slots=True)
class CardAction(Action):
    """An action that names one card by its ID."""

    card: int


@dataclass(frozen=True, slots=True)
class Pass(Action):
    """Pass priority (RR 5.1)."""


@dataclass(frozen=True, slots=True)
class Pitch(CardAction):
    """Pitch a card from hand for EP equal to its pitch value (RR 1.2); a special action."""


@dataclass(frozen=True, slots=True)
class Cast(Action):
    """Play a spell from hand, paying its cost in EP (RR 1.6, RR 5.3).

    ``alternative`` pays the card's alternative cost instead (RR 1.6e).
    """

    card: int
    target: Target | None = None
    alternative: bool = False


@dataclass(frozen=True, slots=True)
class PlayLandmark(CardAction):
    """Put a landmark from hand onto the battlefield: a special action (RR R2)."""


@dataclass(frozen=True, slots=True)
class Activate(Action):
    """Activate ability number ``ability`` of a permanent you control (RR 1.4, RR 5.2)."""

    card: int
    ability: int = 0
    target: Target | None = None


@dataclass(frozen=True, slots=True)
class SetTrap(CardAction):
    """Set a card from hand face down as a trap, for 1 EP (RR 8.1, RR R42)."""


@dataclass(frozen=True, slots=True)
class Challenge(Action):
    """Pay 2 EP to challenge an opponent's trap (RR 8.4, RR R45), named as every player sees
    it: by the seat that controls it and its place among that player's traps (``index``,
    from 0 for the one set first), never by its card, which only its controller knows
    (RR 2.7c)."""

    controller: int
    index: int


@dataclass(frozen=True, slots=True)
class CastFaceDown(CardAction):
    """Cast a card with morph face down, as a 2/2 creature spell, for 3 EP (RR 13.2a, R59)."""


@dataclass(frozen=True, slots=True)
class TurnFaceUp(CardAction):
    """Pay the morph cost of your face-down permanent to turn it face up (RR 13.4)."""


@dataclass(frozen=True, slots=True)
class Attack(Action):
    """Declare ``attacker`` as an attacker aimed at a player or a creature (RR 4.5.2)."""

    attacker: int
    target: Target


@dataclass(frozen=True, slots=True)
class EndAttacks(Action):
    """Finish declaring attackers."""


@dataclass(frozen=True, slots=True)
class Block(Action):
    """Declare ``blocker`` as blocking ``attacker`` (RR 4.5.3)."""

    blocker: int
    attacker: int


@dataclass(frozen=True, slots=True)
class EndBlocks(Action):
    """Finish declaring blockers."""


@dataclass(frozen=True, slots=True)
class OrderBlocker(Action):
    """The attacking player puts ``blocker`` next in ``attacker``'s damage order (RR R39)."""

    attacker: int
    blocker: int


@dataclass(frozen=True, slots=True)
class DivideDamage(Action):
    """The attacking player divides ``attacker``'s combat damage: each recipient (a blocker,
    the creature it attacks, or with Piercing the defending player) and the damage it is
    given, in damage order (RR 6.3a, RR R39)."""

    attacker: int
    shares: tuple[tuple[Target, int], ...]


@dataclass(frozen=True, slots=True)
class StackTrigger(Action):
    """Put this waiting triggered ability (``index`` on card ``source``) on the stack next."""

    source: int
    index: int


@dataclass(frozen=True, slots=True)
class Discard(CardAction):
    """Discard a card to hand size in cleanup (RR 4.7.2)."""


@dataclass(frozen=True, slots=True)
class Keep(Action):
    """Keep the hand you have (RR 12)."""


@dataclass(frozen=True, slots=True)
class Mulligan(Action):
    """Shuffle your hand away and draw a new one (RR 12)."""


@dataclass(frozen=True, slots=True)
class Scry(Action):
    """Leave the top card of your library on top, or put it on the bottom."""

    bottom: bool


@dataclass(frozen=True, slots=True)
class KeepLegend(CardAction):
    """Under the legend rule, keep this permanent; the others of its name are destroyed."""


@dataclass(frozen=True, slots=True)
class OfferAlliance(Action):
    """Offer an alliance to ``player``, or accept the one they offered (RR 10.4.1a, RR R58).

    Only in Alliance mode; like every alliance action it does not use the stack.
    """

    player: int


@dataclass(frozen=True, slots=True)
class BreakAlliance(Action):
    """End your alliance with ``player``: betrayal, unless the game forbids it (RR 10.4.1c)."""

    player: int


@dataclass(frozen=True, slots=True)
class Concede(Action):
    """``player`` concedes the game (RR 9.2d): allowed at any time, for either player."""

    player: int


FORCED: Final = (Pass, EndAttacks, EndBlocks)
"""Actions the engine takes by itself when they are the only choice."""
