"""The game protocol every format implements: actions as values, ``apply``/``after``, views.

A game is a mutable state. :meth:`Game.apply` performs one action or raises
:class:`~rulekeeper.errors.IllegalActionError` citing the broken rule, leaving the state exactly
as it was; :meth:`Game.after` does the same on a copy. :func:`explain` says in words why an
action is or is not legal.
"""

from __future__ import annotations

import json
from abc import ABC, abstractmethod
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar, Self, TypeAlias

from mypy_extensions import mypyc_attr

from rulekeeper.engine.chance import Chance
from rulekeeper.engine.events import EventLog
from rulekeeper.engine.legal import LegalActions
from rulekeeper.errors import IllegalActionError, InputError, SerializationError
from rulekeeper.rules import RuleId

PlayerId: TypeAlias = int
"""A seat at the table, counted from 0 in turn order."""

Violation: TypeAlias = tuple[RuleId, str]
"""The rule an action would break, and why in words."""


@mypyc_attr(allow_interpreted_subclasses=True)
@dataclass(frozen=True)
class Action:
    """Base class of every action. Subclasses are frozen dataclasses with readable reprs."""


@dataclass(frozen=True)
class Outcome:
    """How a game ended: ``result`` is ``"win"`` or ``"draw"``, with the rule that ended it."""

    result: str
    winners: tuple[PlayerId, ...]
    reason_rule: RuleId
    reason: str
    causes: tuple[RuleId, ...] = ()
    """Where the game ended because other players lost: the rule each of them lost by."""

    def __str__(self) -> str:
        # Without the game there are no names: the winners are named by seat, as the API
        # numbers them (``Player(1)`` is the second seat). ``describe`` names them properly.
        return self.describe([f"seat {w}" for w in range(max(self.winners, default=0) + 1)])

    def describe(self, names: Sequence[str]) -> str:
        """The outcome in words, naming the winners from ``names`` (indexed by seat)."""
        if self.result == "draw":
            return f"draw: {self.reason} ({self.reason_rule})"
        seats = ", ".join(names[w] for w in self.winners)
        return f"{seats} won: {self.reason} ({self.reason_rule})"


@mypyc_attr(allow_interpreted_subclasses=True)
class Game(ABC):
    """A game in progress. Formats subclass it; the conformance suite drives it.

    The protocol is small: :meth:`legal_actions`, :meth:`check`, :meth:`apply` and
    :meth:`after` judge and perform actions; :meth:`current_player` and :meth:`view` say who
    decides and what they may know; :meth:`to_json`, :meth:`from_json`, :meth:`dumps` and
    :meth:`loads` save and restore. A format fills in the protected hooks below them: its
    candidates and the predicate that judges them, what an action does, and, where it can do
    better than the kernel, faster answers to the same questions.
    """

    format_key: ClassVar[str]
    """The key of this game's entry in :data:`rulekeeper.games.FORMATS`."""

    def __init__(self, chance: Chance) -> None:
        self.chance = chance
        self.log = EventLog()
        self.outcome: Outcome | None = None
        # How many actions this object has applied: what a decision's legal actions and view
        # compare to know that their decision is over. Not saved; a restored game starts anew.
        self._applied = 0
        # Whether the format screens actions from outside (_screen): check() asks only then,
        # as a call at every action costs more than the test (speed guide).
        self._screens = False

    # The protocol.

    def legal_actions(self) -> LegalActions:
        """Every action the deciding player may take now, in a deterministic order, as one
        lazy :class:`~rulekeeper.engine.legal.LegalActions` that reads as the list.

        They are the candidates that ``_violation`` finds nothing wrong with, the same
        predicate :meth:`check` uses, so what is offered and what is accepted cannot disagree.
        The game keeps nothing of them: the state may be changed directly between two calls
        (the worked examples set a player's EP, for one), so every call starts from the state
        as it is.
        """
        return LegalActions(self)

    @abstractmethod
    def current_player(self) -> PlayerId:
        """The player who must decide next."""

    def check(self, action: Action) -> None:
        """Raise :class:`~rulekeeper.errors.IllegalActionError` if ``action`` is illegal now.

        Nothing changes either way. Once the game is over, every action is illegal.

        :raises ~rulekeeper.errors.IllegalActionError: citing the rule the action would break.
        """
        outcome = self.outcome
        if outcome is not None:
            raise IllegalActionError(outcome.reason_rule, "the game is over", action=action)
        found = self._screen(action) if self._screens else None
        if found is None:
            found = self._violation(action)
        if found is not None:
            raise IllegalActionError(found[0], found[1], action=action, step=self._step())

    def apply(self, action: Action) -> None:
        """Perform ``action``; the state changes and nothing is returned.

        :raises IllegalActionError: if the action is illegal; the state is then unchanged.
        """
        # Judged against the state as it is now, even if legal_actions() offered it a moment
        # ago: the state may have been changed directly since.
        self.check(action)
        self._applied += 1
        self._perform(action)

    def after(self, action: Action) -> Self:
        """Return the state after ``action``, leaving this one alone.

        :raises IllegalActionError: if the action is illegal.
        """
        # A saved and restored copy: everything a game is, is in what it saves. The data comes
        # from this engine, not a user, so the checks a loaded save gets are skipped: agents
        # that look ahead call after() on their hot path, and validating every copy against
        # the schema would cost them many times the copy itself.
        successor = type(self)._from_trusted_json(self.to_json())
        successor.apply(action)
        return successor

    @abstractmethod
    def view(self, player: PlayerId) -> dict[str, Any]:
        """What ``player`` may know: their own hidden cards, only counts of the others'."""

    @abstractmethod
    def to_json(self) -> dict[str, Any]:
        """The whole state, RNG included, as JSON-ready data."""

    @classmethod
    @abstractmethod
    def from_json(cls, data: dict[str, Any]) -> Self:
        """Restore a state saved by :meth:`to_json`.

        :raises SerializationError: if the data is not a saved game of this format.
        """

    def dumps(self) -> str:
        """The state as a JSON string with sorted keys (stable across runs)."""
        return json.dumps(self.to_json(), sort_keys=True, separators=(",", ":"))

    @classmethod
    def loads(cls, text: str | bytes, *, source: str = "") -> Self:
        """Restore a state from :meth:`dumps` output, checked completely (see
        :mod:`rulekeeper.engine.saves`); ``source`` names the file in an error.

        :raises SerializationError: if ``text`` is not a saved game of this format.
        """
        from rulekeeper.engine.saves import read_save, restore_read

        return restore_read(cls.from_json, read_save(text, source=source), source)

    # What a format fills in.

    @abstractmethod
    def _candidates(self) -> Iterable[Action]:
        """Every action that might be legal now, in a deterministic order."""

    @abstractmethod
    def _violation(self, action: Action) -> Violation | None:
        """The rule ``action`` would break now and why, or ``None`` if it is legal."""

    def _screen(self, action: Action) -> Violation | None:
        """What is wrong with an action from outside that ``_violation`` does not look for
        because no candidate has it (a card that does not exist, say), or ``None``. Only
        :meth:`check` asks, and only if the format sets ``self._screens``."""
        return None

    def _step(self) -> str:
        """The step or phase the game is in, named in an illegal action's error (by default
        none)."""
        return ""

    @abstractmethod
    def _perform(self, action: Action) -> None:
        """Carry out a legal action and everything that follows automatically."""

    @abstractmethod
    def _names(self) -> list[str]:
        """The players' names in seat order."""

    @abstractmethod
    def _zones(self) -> dict[str, list[int]]:
        """Every zone by name, with the IDs of the cards in it (for the conformance suite and
        the notation)."""

    @classmethod
    def _from_trusted_json(cls, data: dict[str, Any]) -> Self:
        """Restore a state this engine has just saved itself, which needs none of the checks
        :meth:`from_json` makes of a user's save. Formats whose checks are costly override
        this; by default it is :meth:`from_json`."""
        return cls.from_json(data)

    # Faster answers a format may give to the questions above, for the lazy legal actions and
    # for play(). Each gives what the plain answer would; tests compare them in every format.

    def _legal_list(self) -> list[Action]:
        """The list of the legal actions now (what :meth:`legal_actions` reads as)."""
        if self.outcome is not None:
            return []
        return [a for a in self._candidates() if self._violation(a) is None]

    def _offers(self, action: object) -> bool | None:
        """Whether the list of legal actions has ``action`` now, judged for that action alone,
        or ``None`` to have the list worked out and searched (the default). A format whose
        list is exactly what :meth:`check` accepts may judge the one action."""
        return None

    def _only(self) -> Action | None:
        """The one legal action now, or ``None`` if there are several or none, found
        without judging every candidate (a generator of candidates stops at the second legal
        one)."""
        if self.outcome is not None:
            return None
        found: Action | None = None
        for action in self._candidates():
            if self._violation(action) is None:
                if found is not None:
                    return None
                found = action
        return found

    def _view_facts(self, player: PlayerId) -> dict[str, Any] | None:
        """A few entries of ``player``'s :meth:`view`, exactly as it has them, that cost far
        less than the whole: what a :class:`~rulekeeper.engine.views.DecisionView` holds from
        the start, before it builds the whole view. By default there are none."""
        return None

    def _apply_listing(self, action: Action) -> list[Action] | None:
        """Apply ``action`` as :meth:`apply` does, then return the legal actions of the
        decision that follows if the format worked them out on the way; otherwise ``None``.

        :func:`~rulekeeper.engine.agents.play` and the conformance suite use it. The list
        describes only the state this call leaves, and is kept by nobody but its caller.

        :raises IllegalActionError: if the action is illegal; the state is then unchanged.
        """
        self.check(action)
        self._applied += 1
        return self._perform_listing(action)

    def _perform_listing(self, action: Action) -> list[Action] | None:
        """Carry out a legal action, as :meth:`_perform` does, and return the next decision's
        legal actions if they were worked out on the way (by default they are not). A format
        that looks for forced actions after every action (the Magic model) judges them anyway.
        """
        self._perform(action)
        return None


def explain(game: Game, action: Action) -> str:
    """Say whether ``action`` is legal in ``game`` now, citing the rule if it is not."""
    try:
        game.check(action)
    except IllegalActionError as error:
        return f"{action} is illegal: {error.reason} ({error.rule}, {error.url})"
    return f"{action} is legal"


def player_names(game: Game) -> list[str]:
    """The names of ``game``'s players in seat order, as its log and its outcome name them.

    >>> from rulekeeper.engine.game import player_names
    >>> from rulekeeper.games import FORMATS
    >>> player_names(FORMATS["leveler"].new_game(seed=1, players=2))
    ['Player 1', 'Player 2']
    """
    return game._names()


def first_legal(actions: Sequence[Action], kind: type[Action]) -> Action | None:
    """The first action of type ``kind`` among ``actions``, if any."""
    return next((a for a in actions if isinstance(a, kind)), None)


__all__ = [
    "Action",
    "Game",
    "LegalActions",
    "Outcome",
    "PlayerId",
    "SerializationError",
    "Violation",
    "explain",
    "first_legal",
    "player_names",
]


def seat_of(index: int, players: int) -> PlayerId:
    """``index`` as a seat of a table of ``players``, for code that describes a position.

    A negative index is refused too: ``-1`` would otherwise quietly name the last player.

    >>> from rulekeeper.engine.game import seat_of
    >>> seat_of(1, 2)
    1
    >>> seat_of(2, 2)
    Traceback (most recent call last):
      ...
    rulekeeper.errors.InputError: there is no player 2 at a table of 2: seats are 0 to 1

    :raises InputError: if the table has no such seat.
    """
    if not 0 <= index < players:
        raise InputError(
            f"there is no player {index} at a table of {players}: seats are 0 to {players - 1}"
        )
    return index
