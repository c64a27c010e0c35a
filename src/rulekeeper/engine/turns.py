"""How a game moves on by itself: the forced actions it takes until a player has a real choice,
and, in the games where players pass priority round the table, the priority round.

Each game says what one forced action is (:meth:`AutomaticGame.take_forced_action`); the loop
that takes them is written here once. A game with priority (:class:`PriorityGame`) says which
actions are forced, how a player who can only pass is told apart cheaply, and how it resolves
the top of its stack and moves to its next step; passing priority round the players still in
the game, and the loop of forced actions, are written here: one loop, which a priority game's
cheap pass joins (:attr:`AutomaticGame.passes_when_stuck`).

The loop of state-based actions is here too, once (:func:`settle`): each game says what one
round finds and performs, and the kernel repeats rounds until one finds nothing, within a
bound.
"""

from __future__ import annotations

from abc import abstractmethod
from collections.abc import Callable
from typing import ClassVar, Final, TypeVar

from rulekeeper.engine.chance import Chance
from rulekeeper.engine.game import Action, Game

FORCED_ACTION_LIMIT: Final = 1_000_000
"""How many forced actions in a row a game takes before it gives up, unless it sets a lower
bound (:attr:`AutomaticGame.forced_action_limit`). A run of forced actions always moves the game
on, so a game that can end ends long before this many; a state no game reaches must not hang
the engine, and this bound is the last defence."""


G = TypeVar("G")

STATE_BASED_ROUND_LIMIT: Final = 1000
"""How many rounds of state-based actions in a row :func:`settle` performs before it gives up.
Each round performs what it found, and no legal position needs this many; more would mean a
bug (a format's action that undoes another's), which must stop the engine, not hang it."""

AGAIN: Final = 0
"""A round of state-based actions performed something: check again."""
SETTLED: Final = 1
"""A round found nothing to perform: the state-based actions are settled."""
ENDED: Final = 2
"""A round ended the game: stop checking, and do nothing that follows a check."""


def settle(round_: Callable[[G], int], game: G) -> int:
    """Perform rounds of state-based actions, ``round_(game)``, until one returns
    :data:`SETTLED` or :data:`ENDED`, and return that: the one loop of state-based actions
    every game with them runs (each round finds everything that applies, then performs it
    all at once).

    >>> rounds = iter([AGAIN, AGAIN, SETTLED])
    >>> settle(lambda game: next(rounds), None) == SETTLED
    True

    :raises RuntimeError: after :data:`STATE_BASED_ROUND_LIMIT` rounds in a row that each
        performed something.
    """
    for _ in range(STATE_BASED_ROUND_LIMIT):
        result = round_(game)
        if result != AGAIN:
            return result
    raise RuntimeError("state-based actions did not settle")


class AutomaticGame(Game):
    """A game that takes every action that leaves nobody a choice by itself, and stops where a
    player has a real one."""

    def __init__(self, chance: Chance) -> None:
        super().__init__(chance)
        self.forced_action_limit = FORCED_ACTION_LIMIT
        """How many forced actions in a row :meth:`take_forced_actions` takes before it gives
        up (see :data:`FORCED_ACTION_LIMIT`)."""

    @abstractmethod
    def take_forced_action(self) -> bool:
        """Take one action that leaves nobody a choice, if there is one now: whether it did."""

    passes_when_stuck: ClassVar[bool] = False
    """Whether the game's commonest forced action is a pass by a player who can do nothing
    else, told apart cheaply (:meth:`can_only_pass`) and taken without judging every
    candidate (:meth:`pass_priority`): a priority game's."""

    def can_only_pass(self) -> bool:
        """True when the player to decide certainly has nothing to do but pass (asked only
        where :attr:`passes_when_stuck`)."""
        return False

    def pass_priority(self) -> None:
        """Pass (only where :attr:`passes_when_stuck`)."""
        raise NotImplementedError(f"{type(self).__name__} has no passes")

    def _forced_steps(self, *, listing: bool) -> list[Action]:
        """The one loop of forced actions: take them until a player has a real choice or the
        game ends. With ``listing``, return the legal actions of the decision where it stops
        (``[]`` once the game is over), found while looking for a forced one: each candidate
        is judged once, which the list needs anyway.

        :raises RuntimeError: if more than :attr:`forced_action_limit` come in a row.
        """
        # Read once: a game without passes (Dominion) pays no call for them in the loop. The
        # pass is taken here, not by a call of take_forced_action for each of the many passes,
        # which would cost more than the pass.
        passes = self.passes_when_stuck
        for _ in range(self.forced_action_limit):
            if self.outcome is not None:
                return []
            if passes and self.can_only_pass():
                self.pass_priority()
                continue
            if listing:
                legal = self._legal_list()
                if len(legal) != 1 or not self._take_if_forced(legal[0]):
                    return legal
            elif not self.take_forced_action():
                return []
        raise RuntimeError(f"more than {self.forced_action_limit} forced actions in a row")

    def _take_if_forced(self, action: Action) -> bool:
        """Take ``action``, the only legal one, if it is forced: whether it was. Only a game
        that lists its decisions while taking forced actions
        (:meth:`take_forced_actions_then_list`) is asked.
        """
        raise NotImplementedError(f"{type(self).__name__} does not list forced decisions")

    def take_forced_actions(self) -> None:
        """Take forced actions until a player has a real choice or the game ends.

        :raises RuntimeError: if more than :attr:`forced_action_limit` come in a row.

        :enforces: MG R3, RR R77
        """
        self._forced_steps(listing=False)

    def take_forced_actions_then_list(self) -> list[Action]:
        """Take forced actions as :meth:`take_forced_actions` does, and return the legal
        actions of the decision where they stop (``[]`` once the game is over), found while
        looking for them.

        :raises RuntimeError: if more than :attr:`forced_action_limit` come in a row.
        """
        return self._forced_steps(listing=True)


class PriorityGame(AutomaticGame):
    """A game whose players pass priority in turn order: when every player still in the game
    has passed in a row, the top of the stack resolves or, with the stack empty, the game moves
    to its next step.

    ``settled`` is true while nothing has happened since the state-based actions were last
    checked: a pass that only hands priority on changes nothing, so the check it would make
    could find nothing and is skipped. What unsettles a game is the game's to say (any action
    but a pass, resolving, moving on). It is not saved: a restored game checks again, which is
    always safe.
    """

    def __init__(self, chance: Chance) -> None:
        super().__init__(chance)
        self.active = 0  # whose turn it is
        self.priority = 0  # who holds priority
        self.passes = 0  # passes in a row since anything else happened
        self.settled = False

    # What each game says.

    @abstractmethod
    def can_only_pass(self) -> bool:
        """True when the player with priority certainly has nothing to do but pass, found
        without proposing any action: the cheap question asked before the whole list."""

    @abstractmethod
    def is_forced(self, action: Action) -> bool:
        """Whether ``action``, as the only legal one, is taken without asking the player."""

    @abstractmethod
    def _do(self, action: Action) -> None:
        """Carry out a legal action, without the forced actions that follow."""

    @abstractmethod
    def give_priority(self, player: int, *, check: bool = True) -> None:
        """Check state-based actions (unless ``check`` is false: nothing has happened since the
        last check), then give ``player`` priority."""

    @abstractmethod
    def in_game(self) -> list[int]:
        """The players still in the game, in seat order."""

    @abstractmethod
    def next_player(self, player: int) -> int:
        """The next player still in the game in turn order after ``player``."""

    @abstractmethod
    def stack_is_empty(self) -> bool:
        """Whether the stack is empty."""

    @abstractmethod
    def resolve_top(self) -> None:
        """Every player has passed with something on the stack: resolve its top."""

    @abstractmethod
    def next_step(self) -> None:
        """Every player has passed with the stack empty: leave the step for the next one."""

    # The priority round.

    def more_in_game_than(self, count: int) -> bool:
        """Whether more than ``count`` players are still in the game."""
        return len(self.in_game()) > count

    def pass_priority(self) -> None:
        """Pass priority to the next player still in the game; when every one of them has
        passed in a row, resolve the top of the stack or, with it empty, move on.

        :enforces: MG 3.6, RR 5.1b, RR 5.1d, RR 5.2b, RR 5.2c, RR 5.2d, RR 2.6b, RR 2.6c, RR R28,
            RR R29
        """
        # Never counting up from below zero: a pass count no game reaches (a save's, say)
        # would otherwise keep the players passing for ever.
        passes = self.passes
        self.passes = passes + 1 if passes > 0 else 1
        if self.more_in_game_than(self.passes):
            # Handing priority on changes nothing the state-based actions look at.
            self.give_priority(self.next_player(self.priority), check=not self.settled)
            return
        self.passes = 0
        if self.stack_is_empty():
            self.next_step()
        else:
            self.resolve_top()

    # Forced actions.

    passes_when_stuck: ClassVar[bool] = True

    def take_forced_action(self) -> bool:
        """Take the one legal action if it is forced: whether there was one. A decision is
        judged only until a second legal action shows there is a choice."""
        only = self._only()
        if only is None or not self.is_forced(only):
            return False
        self._do(only)
        return True

    def _take_if_forced(self, action: Action) -> bool:
        """Take ``action``, the only legal one, if it is forced: whether it was."""
        if not self.is_forced(action):
            return False
        self._do(action)
        return True


__all__ = [
    "AGAIN",
    "ENDED",
    "FORCED_ACTION_LIMIT",
    "SETTLED",
    "STATE_BASED_ROUND_LIMIT",
    "AutomaticGame",
    "PriorityGame",
    "settle",
]
