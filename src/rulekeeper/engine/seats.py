"""The seats at a table: each player's place, name and standing, the same in every game.

A player's standing is their :class:`Seat`'s one ``status``: ``playing`` from the start,
``lost`` once they have lost the game, and ``left`` once they and their cards have left it
while others play on.
It only ever moves forward, through :meth:`Seat.lose` and :meth:`Seat.leave`. Who is still in
the game is worked out from it in one place, :func:`in_game`: a player who has lost takes no
further part, in any game, even before they leave. Each game says what else it keeps about a
loss: the Magic model only that there was one (``PlayerState.lost``), Risk & Resource the rule
it came under (``PlayerState.lost``, a rule ID, empty while they play).

>>> seats = [Seat(0, "Ann"), Seat(1, "Bo"), Seat(2, "Cy")]
>>> seats[1].lose()
>>> in_game(seats), seats[1].status, seats[1].playing, seats[1].left
([0, 2], 'lost', False, False)
>>> seats[1].leave()
>>> seats[1].status, seats[1].left
('left', True)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

PLAYING: Final = "playing"
"""A player still in the game."""
LOST: Final = "lost"
"""A player who has lost the game and not (yet) left it: the game is over, or they are about
to leave."""
LEFT: Final = "left"
"""A player who has lost and left the game with their cards while others play on."""
STATUSES: Final = (PLAYING, LOST, LEFT)
"""Every status, in the order a player goes through them."""


@dataclass(slots=True)
class Seat:
    """A player at the table: their seat (``index``, from 0 in turn order), their name and
    their standing (``status``, one of :data:`STATUSES`). Each game's player subclasses it
    with what that game keeps about a player."""

    index: int
    name: str
    status: str

    # Spelled out (speed guide, "A compiled engine"); a game's player spells out its own, with
    # the fields it adds.
    def __init__(self, index: int, name: str, status: str = PLAYING) -> None:
        self.index, self.name, self.status = index, name, status

    @property
    def playing(self) -> bool:
        """Whether the player is still in the game: they have neither lost nor left."""
        return self.status == PLAYING

    @property
    def left(self) -> bool:
        """Whether the player has left the game."""
        return self.status == LEFT

    def lose(self) -> None:
        """The player loses the game (once: a player who has left stays left)."""
        if self.status == PLAYING:
            self.status = LOST

    def leave(self) -> None:
        """The player, having lost, leaves the game while others play on."""
        self.status = LEFT


def status_of(lost: bool, left: bool) -> str:
    """The status a save's two flags stand for (a save says whether a player lost and whether
    they left, as it did before seats had one status).

    >>> status_of(False, False), status_of(True, False), status_of(True, True)
    ('playing', 'lost', 'left')
    """
    return LEFT if left else LOST if lost else PLAYING


def in_game(seats: Sequence[Seat]) -> list[int]:
    """The seats of the players still in the game (neither lost nor left), in seat order."""
    return [seat.index for seat in seats if seat.status == PLAYING]


__all__ = [
    "LEFT",
    "LOST",
    "PLAYING",
    "STATUSES",
    "Seat",
    "in_game",
    "status_of",
]
