"""Counting the rounds of a game as it is played, the same way for every format.

A round is a pass of turns around the table: it begins whenever turn order comes back round,
that is when the player whose turn begins sits no further from the first player than the
player before them did (players who left the game are simply skipped). Every format's game
keeps its ``turn`` and its ``active`` seat; the first player is the game's own if it keeps one,
or else whoever took the first turn seen.

>>> from rulekeeper.cli.rounds import RoundCounter
>>> from rulekeeper.engine.agents import play
>>> from rulekeeper.games import FORMATS
>>> entry = FORMATS["stockpile"]
>>> game = entry.new_game(1, 3)
>>> counter = RoundCounter()
>>> outcome = play(game, [entry.agents["heuristic"](s) for s in range(3)], on_action=counter)
>>> counter.rounds == max(counter.round_of.values()), counter.round_of[1]
(True, 1)
"""

from __future__ import annotations

from typing import Any

from rulekeeper.engine.game import player_names


class RoundCounter:
    """Watches a game (as :func:`~rulekeeper.engine.agents.play`'s ``on_action``) and keeps the
    round of every turn it saw begin."""

    def __init__(self) -> None:
        self.round_of: dict[int, int] = {}
        """The round of each turn seen, by turn number."""
        self._last_offset: int | None = None
        self._last_turn: int | None = None
        self._first_seen: int | None = None  # who took the first turn seen

    @property
    def rounds(self) -> int:
        """How many rounds have begun."""
        return max(self.round_of.values(), default=0)

    def __call__(self, game: Any, action: object = None) -> None:
        """Note the turn ``game`` is in, if it is a new one."""
        turn = int(getattr(game, "turn", 0))
        if turn == self._last_turn:
            return
        self._last_turn = turn
        players = len(player_names(game))
        active = int(getattr(game, "active", 0))
        if self._first_seen is None:
            self._first_seen = active
        first = int(getattr(game, "first_player", self._first_seen))
        offset = (active - first) % max(players, 1)
        begins = self._last_offset is None or offset <= self._last_offset
        self.round_of[turn] = self.rounds + 1 if begins else self.rounds
        self._last_offset = offset
