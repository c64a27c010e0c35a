"""The actions of the compact Magic model: frozen values with reprs you can paste back.

>>> from rulekeeper.mtg.actions import Cast, Player
>>> Cast(12, target=Player(1))
Cast(card=12, target=Player(index=1))

The engine makes these at every decision, so each spells out its ``__init__``, which the
dataclass decorator keeps (see "A compiled engine" in the speed guide).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from rulekeeper.engine.game import Action


@dataclass(frozen=True)
class Player:
    """A player as the target of a spell."""

    index: int

    def __init__(self, index: int) -> None:
        object.__setattr__(self, "index", index)


Target = Player | int
"""A spell's target: a :class:`Player`, or the ID of a card on the battlefield."""


@dataclass(frozen=True)
class Pass(Action):
    """Pass priority (MG 2.5)."""

    def __init__(self) -> None:
        pass


@dataclass(frozen=True)
class PlayLand(Action):
    """Play a land from your hand (MG 3.1)."""

    card: int

    def __init__(self, card: int) -> None:
        object.__setattr__(self, "card", card)


@dataclass(frozen=True)
class Cast(Action):
    """Cast a spell from your hand, paying its cost from your lands (MG 3.3-3.5)."""

    card: int
    target: Target | None = None

    def __init__(self, card: int, target: Target | None = None) -> None:
        object.__setattr__(self, "card", card)
        object.__setattr__(self, "target", target)


@dataclass(frozen=True, repr=False)
class Attack(Action):
    """Declare a creature as an attacker (MG 4.1).

    ``player`` is the opponent it attacks where the format lets attackers choose (MG R8);
    otherwise it is ``None`` and the creature attacks the defending player (MG R6).

    >>> Attack(3), Attack(3, player=2)
    (Attack(creature=3), Attack(creature=3, player=2))
    """

    creature: int
    player: int | None = None

    def __init__(self, creature: int, player: int | None = None) -> None:
        object.__setattr__(self, "creature", creature)
        object.__setattr__(self, "player", player)

    def __repr__(self) -> str:
        # The attacked player is shown only when it was chosen, so two-player reprs stay short.
        chosen = "" if self.player is None else f", player={self.player}"
        return f"Attack(creature={self.creature}{chosen})"


@dataclass(frozen=True)
class EndAttacks(Action):
    """Finish declaring attackers."""

    def __init__(self) -> None:
        pass


@dataclass(frozen=True)
class Block(Action):
    """Declare ``blocker`` as blocking ``attacker`` (MG 4.2)."""

    blocker: int
    attacker: int

    def __init__(self, blocker: int, attacker: int) -> None:
        object.__setattr__(self, "blocker", blocker)
        object.__setattr__(self, "attacker", attacker)


@dataclass(frozen=True)
class EndBlocks(Action):
    """Finish declaring blockers."""

    def __init__(self) -> None:
        pass


@dataclass(frozen=True)
class AssignDamage(Action):
    """Divide an attacking creature's combat damage among its blockers (MG 4.5, MG R4).

    ``shares`` gives each blocker its damage, in the order they blocked; ``player`` is what a
    creature with trample deals to the player it attacks.

    >>> AssignDamage(4, (3, 2, 1))
    AssignDamage(attacker=4, shares=(3, 2, 1), player=0)
    """

    attacker: int
    shares: tuple[int, ...]
    player: int = 0

    def __init__(self, attacker: int, shares: tuple[int, ...], player: int = 0) -> None:
        object.__setattr__(self, "attacker", attacker)
        object.__setattr__(self, "shares", shares)
        object.__setattr__(self, "player", player)


@dataclass(frozen=True)
class Discard(Action):
    """Discard a card to the maximum hand size during cleanup (MG 2.4)."""

    card: int

    def __init__(self, card: int) -> None:
        object.__setattr__(self, "card", card)


FORCED: Final = (Pass, EndAttacks, EndBlocks)
"""Actions the engine takes by itself when they are the only choice."""
