"""What a format is, declared once in its own package: its key, name and rule prefix, the
players it is played by and the rule that says so, its variants, its named kingdoms and its
turn limit.

The registry (:mod:`rulekeeper.games`), a format's hooks, the command line and the save
loaders all read a format's :class:`FormatFacts`, and :meth:`FormatFacts.check_players` is the
one check of a player count, worded the same for every format.

>>> facts = FormatFacts("example", "Example", "EX", (2, 4), "EX 1.1")
>>> facts.check_players(5)
Traceback (most recent call last):
...
rulekeeper.errors.InputError: Example is played by 2 to 4 players, not 5 (EX 1.1)
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from rulekeeper.errors import InputError


@dataclass(frozen=True)
class FormatFacts:
    """The facts of one format, as its package declares them."""

    key: str
    """The name a format is chosen by (``rulekeeper play leveler``)."""
    name: str
    prefix: str
    """Every rule of the format is cited as ``<prefix> <number>``."""
    players: tuple[int, int]
    """The fewest and the most players a game of the format is played by."""
    players_rule: str
    """The rule that sets :attr:`players`: an error about the player count cites it."""
    variants: Mapping[str, str] = field(default_factory=dict)
    """The variants a game may be set up with, by name, each with a one-line description."""
    turn_limit: int | None = None
    """The turn at which a bot game ends, where the format sets one (a ruling says how)."""
    kingdoms: Mapping[str, str] = field(default_factory=dict)
    """The named kingdoms a game may be set up with (``--kingdom``), by name, each with the
    cards it lays out: a choice of cards, not a variant of the rules (only Dominion has any)."""

    def turn_limit_reached(self, turns_taken: int) -> bool:
        """Whether a game that has taken ``turns_taken`` turns (each player's, where the
        format counts turns per player) has reached the format's turn limit: how every game
        reads :attr:`turn_limit`.

        >>> FormatFacts("duel", "Duel", "DU", (2, 2), "DU 1", turn_limit=3).turn_limit_reached(3)
        True
        """
        limit = self.turn_limit
        return limit is not None and turns_taken >= limit

    def players_problem(self, count: int) -> str:
        """What is wrong with a table of ``count`` players, citing the rule; ``""`` if nothing.

        >>> FormatFacts("duel", "Duel", "DU", (2, 2), "DU 1").players_problem(3)
        'Duel is played by 2 players, not 3 (DU 1)'
        """
        low, high = self.players
        if low <= count <= high:
            return ""
        allowed = str(low) if low == high else f"{low} to {high}"
        return f"{self.name} is played by {allowed} players, not {count} ({self.players_rule})"

    def check_players(self, count: int) -> None:
        """Check a player count against the format's rule, before anything is built for that
        many players: a count from the command line may be any integer, and names or seats
        made first for 10**30 players would never finish.

        :raises InputError: if the format is not played by ``count`` players, citing the rule
            that sets the count.
        """
        problem = self.players_problem(count)
        if problem:
            raise InputError(problem)
