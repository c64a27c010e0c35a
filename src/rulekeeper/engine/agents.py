"""Agents choose actions from what a player may see; :func:`play` runs a game to its end."""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any, Protocol

from mypy_extensions import mypyc_attr

from rulekeeper.engine.game import Action, Game, Outcome
from rulekeeper.engine.legal import LegalActions
from rulekeeper.engine.views import decision_view

MAX_ACTIONS = 200_000  # far beyond any finished game; more means a game that cannot end


class Agent(Protocol):
    """Anything that picks one of the legal actions, seeing only a player's view.

    Both are worked out only as far as the agent reads them (see :func:`play`): an agent reads
    what it needs and pays for nothing else.
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

    def __init__(self, seed: int = 0) -> None:
        self._rng = random.Random(seed)

    def __repr__(self) -> str:
        return "RandomAgent()"

    def choose(self, view: dict[str, Any], actions: Sequence[Action]) -> Action:
        """Return a random legal action."""
        return actions[self._rng.randrange(len(actions))]


@mypyc_attr(allow_interpreted_subclasses=True)
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

    Each agent sees only its player's view and the legal actions, both for this decision
    only and both worked out as it reads them: the view is a
    :class:`~rulekeeper.engine.views.DecisionView`, which builds what
    :meth:`~rulekeeper.engine.game.Game.view` gives when first read, and the legal actions are
    :meth:`~rulekeeper.engine.game.Game.legal_actions`' lazy object. Where applying the last
    action already worked out the list, the agent is given that list instead of having it
    judged a second time. ``on_action`` is called before each action.

    :raises RuntimeError: if the game does not end within a generous number of actions.
    """
    # The legal actions of the coming decision when applying the last action worked them out;
    # they describe the state as it is now, since nothing below changes the game before the
    # agent chooses.
    listed: list[Action] | None = None
    for _ in range(MAX_ACTIONS):
        if game.outcome is not None:
            return game.outcome
        player = game.current_player()
        view = decision_view(game, player)
        if listed is not None:
            action = agents[player].choose(view, listed)
        else:
            # A Sequence in all but name (registered as one), so typed as one without a cast,
            # which would cost a call at every decision.
            action = agents[player].choose(view, LegalActions(game))  # type: ignore[arg-type]
        if on_action is not None:
            on_action(game, action)
        # What game._apply_listing(action) does, without the call.
        game.check(action)
        game._applied += 1
        listed = game._perform_listing(action)
    raise RuntimeError(f"game did not end within {MAX_ACTIONS} actions")
