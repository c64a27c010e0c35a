"""Agents choose actions from what a player may see; :func:`play` runs a game to its end."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator, Sequence
from typing import Any, ClassVar, Protocol, cast

from mypy_extensions import mypyc_attr

from rulekeeper.engine.game import Action, Game, Outcome

MAX_ACTIONS = 200_000  # far beyond any finished game; more means a game that cannot end


class Agent(Protocol):
    """Anything that picks one of the legal actions, seeing only a player's view.

    An agent that never reads its view may set ``needs_view = False``; :func:`play` then
    passes it an empty one instead of building it. An agent that often decides without the
    list of legal actions may set ``lazy_actions = True``; :func:`play` then passes it a
    :class:`LegalActions`, which works the list out only when it is read.
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


class LegalActions:
    """The legal actions of one decision, worked out the first time they are read.

    :func:`play` passes one to an agent that sets ``lazy_actions = True``. It reads as the list
    ``game.legal_actions()`` gives (indexing, ``len``, iterating, ``index``, ``count``,
    comparing with a list), except that asking whether an action is among them
    (``action in actions``) asks the game (:meth:`~rulekeeper.engine.game.Game.offers`), which
    may answer without the whole list. Either way nothing is kept across actions: it is good
    for one decision only, and reading a list not yet worked out once that decision is over
    raises.

    >>> from rulekeeper.engine.agents import LegalActions
    >>> from rulekeeper.games import FORMATS
    >>> game = FORMATS["leveler"].new_game(seed=1, players=2)
    >>> actions = LegalActions(game)
    >>> list(actions) == game.legal_actions() and actions[0] in actions
    True
    """

    def __init__(self, game: Game) -> None:
        self._game: Game | None = game  # None once the decision is over
        self._found: list[Action] | None = None  # the list, once worked out

    def expire(self) -> None:
        """End the decision: from now on, a list not worked out yet cannot be."""
        self._game = None

    def _list(self) -> list[Action]:
        found = self._found
        if found is None:
            if self._game is None:
                raise RuntimeError(
                    "these legal actions were those of an earlier decision; an agent that "
                    "keeps them must copy them (list(actions)) while it decides"
                )
            found = self._found = self._game.legal_actions()
        return found

    def __len__(self) -> int:
        return len(self._list())

    def __getitem__(self, index: int) -> Action:
        return self._list()[index]

    def __iter__(self) -> Iterator[Action]:
        return iter(self._list())

    def __contains__(self, action: object) -> bool:
        if self._found is None and self._game is not None and isinstance(action, Action):
            return self._game.offers(action)
        return action in self._list()

    def __eq__(self, other: object) -> bool:
        if isinstance(other, LegalActions):
            other = other._list()
        return self._list() == other

    def __ne__(self, other: object) -> bool:
        return not self == other

    def __repr__(self) -> str:
        return repr(self._list())

    def index(self, action: Action) -> int:
        """Where ``action`` is in the list.

        :raises ValueError: if it is not there.
        """
        return self._list().index(action)

    def count(self, action: Action) -> int:
        """How many times ``action`` is in the list (0 or 1)."""
        return self._list().count(action)


# Registered, so that isinstance(actions, Sequence) holds as it does for the list
# (speed guide, "A compiled engine").
Sequence.register(LegalActions)


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
    or built from it as the agent reads, and the legal actions: ``game.legal_actions()``, or
    for an agent that sets ``lazy_actions = True`` a :class:`LegalActions` worked out as it
    reads them. Where applying the last action already worked out that list
    (:meth:`~rulekeeper.engine.game.Game.apply_then_legal_actions`), the agent is given it
    instead of having it judged a second time, whether or not it reads lazily: it is the same
    list. ``on_action`` is called before each action.

    :raises RuntimeError: if the game does not end within a generous number of actions.
    """
    # Building a view costs as much as a move; skip it for agents that never read one. Asked
    # once per agent, not at every decision.
    looks = [bool(getattr(agent, "needs_view", True)) for agent in agents]
    # Listing the legal actions can cost more than the move; an agent that often decides
    # without them reads them lazily, for this decision only. apply() judges the action anyway.
    lazy = [bool(getattr(agent, "lazy_actions", False)) for agent in agents]
    # The legal actions of the coming decision when applying the last action worked them out
    # (Game.apply_then_legal_actions); they describe the state as it is now, since nothing
    # below changes the game before the agent chooses.
    listed: list[Action] | None = None
    for _ in range(MAX_ACTIONS):
        if game.outcome is not None:
            return game.outcome
        player = game.current_player()
        agent = agents[player]
        view = game.decision_view(player) if looks[player] else {}
        if listed is not None:
            action = agent.choose(view, listed)
        elif lazy[player]:
            legal = LegalActions(game)
            # A Sequence in all but name (registered above).
            action = agent.choose(view, cast(Sequence[Action], legal))
            legal.expire()
        else:
            action = agent.choose(view, game.legal_actions())
        if on_action is not None:
            on_action(game, action)
        listed = game.apply_then_legal_actions(action)
    raise RuntimeError(f"game did not end within {MAX_ACTIONS} actions")
