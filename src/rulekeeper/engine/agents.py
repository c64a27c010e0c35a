"""Agents choose actions from what a player may see; :func:`play` runs a game to its end."""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any, ClassVar, Protocol

from mypy_extensions import mypyc_attr

from rulekeeper.engine.game import Action, Game, Outcome

MAX_ACTIONS = 200_000  # far beyond any finished game; more means a game that cannot end


class Agent(Protocol):
    """Anything that picks one of the legal actions, seeing only a player's view.

    An agent that never reads its view may set ``needs_view = False``; :func:`play` then
    passes it an empty one instead of building it.
    """

    def choose(self, view: dict[str, Any], actions: Sequence[Action]) -> Action:
        """Return one of ``actions``."""
        ...


class RandomAgent:
    """Picks uniformly among the legal actions with its own seeded RNG.

    >>> from rulekeeper.engine.agents import RandomAgent
    >>> RandomAgent(seed=3).choose({}, ["a", "b", "c"])
    'a'
    """

    needs_view: ClassVar[bool] = False  # it never looks, so play() need not build a view for it

    def __init__(self, seed: int = 0) -> None:
        self._rng = random.Random(seed)

    def __repr__(self) -> str:
        return "RandomAgent()"

    def choose(self, view: dict[str, Any], actions: Sequence[Action]) -> Action:
        """Return a random legal action."""
        return actions[self._rng.randrange(len(actions))]


@mypyc_attr(allow_interpreted_subclasses=True)  # the Magic agents stay interpreted
class ScoringAgent:
    """Picks the legal action it scores highest, the earliest among equals.

    Subclasses say how much they like an action in ``_score``; they may use their own
    seeded RNG, ``self._rng``, for the odd gamble. Scores see only the player's view.
    """

    def __init__(self, seed: int = 0) -> None:
        self._rng = random.Random(seed)

    def __repr__(self) -> str:
        return f"{type(self).__name__}()"

    def choose(self, view: dict[str, Any], actions: Sequence[Action]) -> Action:
        """Return the best-scoring action (the earliest among equals)."""
        return max(actions, key=lambda a: (self._score(view, a), -actions.index(a)))

    def _score(self, view: dict[str, Any], action: Action) -> float:
        raise NotImplementedError


def play(
    game: Game, agents: Sequence[Agent], *, on_action: Callable[[Game, Action], None] | None = None
) -> Outcome:
    """Play ``game`` to its end, asking the deciding player's agent each time.

    Each agent sees only ``game.decision_view(player)``, which is ``game.view(player)``
    or built from it as the agent reads. ``on_action`` is called before each action.

    :raises RuntimeError: if the game does not end within a generous number of actions.
    """
    # Building a view costs as much as a move; skip it for agents that never read one. Asked
    # once per agent, not at every decision.
    looks = [bool(getattr(agent, "needs_view", True)) for agent in agents]
    for _ in range(MAX_ACTIONS):
        if game.outcome is not None:
            return game.outcome
        player = game.current_player()
        agent = agents[player]
        view = game.decision_view(player) if looks[player] else {}
        action = agent.choose(view, game.legal_actions())
        if on_action is not None:
            on_action(game, action)
        game.apply(action)
    raise RuntimeError(f"game did not end within {MAX_ACTIONS} actions")
