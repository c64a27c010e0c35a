"""What the scenario builders of the games with a turn of steps share (Risk & Resource's
:class:`~rulekeeper.riskres.scenario.Scenario` and the Magic model's
:class:`~rulekeeper.mtg.scenario.Scenario`): the seed, the players' names, and where in the
turn the position stands."""

from __future__ import annotations

from collections.abc import Iterable
from typing import ClassVar, Self

from rulekeeper.errors import InputError


class TurnScenario:
    """A fluent builder's start: a game's scenario adds its players' cards and ``build``."""

    steps: ClassVar[tuple[str, ...]]
    """The steps of the game's turn, in order."""

    def __init__(self, *, seed: int, names: Iterable[str]) -> None:
        self._seed = seed
        self._names = list(names)
        self._turn, self._active, self._step = 2, 0, "main1"

    def at(self, step: str, *, active: int = 0, turn: int = 2) -> Self:
        """Set the step, the active player and the turn number.

        :raises InputError: if ``step`` is not a step of the turn.
        """
        if step not in self.steps:
            raise InputError(f"unknown step {step!r}; steps are {', '.join(self.steps)}")
        self._step, self._active, self._turn = step, active, turn
        return self
