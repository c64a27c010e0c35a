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
from rulekeeper.errors import IllegalActionError, InputError, SerializationError
from rulekeeper.rules import RuleId

PlayerId: TypeAlias = int
"""A seat at the table, counted from 0 in turn order."""


# The interpreted Dominion Draft subclasses it (speed guide, "A compiled engine").
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
    """A game in progress. Formats subclass it; the conformance suite drives it."""

    format_key: ClassVar[str]
    """The key of this game's entry in :data:`rulekeeper.games.FORMATS`."""

    def __init__(self, chance: Chance) -> None:
        self.chance = chance
        self.log = EventLog()
        self.outcome: Outcome | None = None

    # The protocol.

    def legal_actions(self) -> list[Action]:
        """Every action the deciding player may take now, in a deterministic order.

        They are the candidates that ``_violation`` finds nothing wrong with, the same
        predicate :meth:`check` uses, so what is offered and what is accepted cannot disagree.
        The list is worked out afresh at every call and never kept: the state may be changed
        directly between two calls (the worked examples set a player's EP, for one), and a
        kept list would not know.
        """
        if self.outcome is not None:
            return []
        return [a for a in self._candidates() if self._violation(a) is None]

    def offers(self, action: Action) -> bool:
        """Whether :meth:`legal_actions` would list ``action`` now. A format whose list is
        exactly the actions :meth:`check` accepts may answer by judging the one action instead
        of listing them all; like the list, the answer is worked out from the state as it is."""
        return action in self.legal_actions()

    def only_legal_action(self) -> Action | None:
        """The one action the deciding player may take now, or ``None`` if there are several
        or none: what :meth:`legal_actions` would list alone, found without judging every
        candidate."""
        if self.outcome is not None:
            return None
        found: Action | None = None
        for action in self._candidates():
            if self._violation(action) is None:
                if found is not None:
                    return None
                found = action
        return found

    @abstractmethod
    def _candidates(self) -> Iterable[Action]:
        """Every action that might be legal now, in a deterministic order. A generator serves
        :meth:`only_legal_action` best: it stops asking at the second legal action."""

    @abstractmethod
    def _violation(self, action: Action) -> tuple[RuleId, str] | None:
        """The rule ``action`` would break now and why, or ``None`` if it is legal."""

    @abstractmethod
    def current_player(self) -> PlayerId:
        """The player who must decide next."""

    @abstractmethod
    def check(self, action: Action) -> None:
        """Raise :class:`~rulekeeper.errors.IllegalActionError` if ``action`` is illegal now.

        Nothing changes either way.

        :raises ~rulekeeper.errors.IllegalActionError: citing the rule the action would break.
        """

    @abstractmethod
    def _perform(self, action: Action) -> None:
        """Carry out a legal action and everything that follows automatically."""

    @abstractmethod
    def view(self, player: PlayerId) -> dict[str, Any]:
        """What ``player`` may know: their own hidden cards, only counts of the others'."""

    def decision_view(self, player: PlayerId) -> dict[str, Any]:
        """The view :func:`~rulekeeper.engine.agents.play` hands ``player``'s agent: by default
        :meth:`view`. A format may return one that works out its entries only as the agent
        reads them; it need be right only until the next action is applied."""
        return self.view(player)

    @abstractmethod
    def to_json(self) -> dict[str, Any]:
        """The whole state, RNG included, as JSON-ready data."""

    @classmethod
    @abstractmethod
    def from_json(cls, data: dict[str, Any]) -> Self:
        """Restore a state saved by :meth:`to_json`.

        :raises SerializationError: if the data is not a saved game of this format.
        """

    @classmethod
    def _from_trusted_json(cls, data: dict[str, Any]) -> Self:
        """Restore a state this engine has just saved itself, which needs none of the checks
        :meth:`from_json` makes of a user's save. Formats whose checks are costly override
        this; by default it is :meth:`from_json`."""
        return cls.from_json(data)

    @abstractmethod
    def player_names(self) -> list[str]:
        """The players' names in seat order."""

    @abstractmethod
    def zones(self) -> dict[str, list[int]]:
        """Every zone by name, with the IDs of the cards in it (for the conformance suite)."""

    # Shared behaviour.

    def is_over(self) -> bool:
        """True once the game has an outcome."""
        return self.outcome is not None

    def apply(self, action: Action) -> None:
        """Perform ``action``; the state changes and nothing is returned.

        :raises IllegalActionError: if the action is illegal; the state is then unchanged.
        """
        if self.outcome is not None:
            raise IllegalActionError(self.over_rule(), "the game is over", action=action)
        # Judged against the state as it is now, even if legal_actions() offered it a moment
        # ago: the state may have been changed directly since.
        self.check(action)
        self._perform(action)

    def apply_then_legal_actions(self, action: Action) -> list[Action] | None:
        """Perform ``action`` as :meth:`apply` does, then return the legal actions of the
        decision that follows, if the format worked them out on the way; otherwise ``None``,
        and the caller asks :meth:`legal_actions` when it needs them.

        A format that looks for forced actions after every action (the Magic model) has to
        judge the candidates of the next decision anyway; returning what it found spares
        :func:`~rulekeeper.engine.agents.play` judging them again. The list is what
        :meth:`legal_actions` would give at the moment this returns, and is kept by nobody:
        it describes only the state this call leaves.

        :raises IllegalActionError: if the action is illegal; the state is then unchanged.
        """
        if self.outcome is not None:
            raise IllegalActionError(self.over_rule(), "the game is over", action=action)
        self.check(action)
        return self._perform_then_list(action)

    def _perform_then_list(self, action: Action) -> list[Action] | None:
        """Carry out a legal action, as :meth:`_perform` does, and return the next decision's
        legal actions if they were worked out on the way (by default they are not)."""
        self._perform(action)
        return None

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

    def over_rule(self) -> RuleId:
        """The rule that ended the game (used when an action comes after the end)."""
        return self.outcome.reason_rule if self.outcome else ""

    def dumps(self) -> str:
        """The state as a JSON string with sorted keys (stable across runs)."""
        return json.dumps(self.to_json(), sort_keys=True, separators=(",", ":"))

    @classmethod
    def loads(cls, text: str | bytes, *, source: str = "") -> Self:
        """Restore a state from :meth:`dumps` output, checked completely (see
        :mod:`rulekeeper.engine.saves`); ``source`` names the file in an error.

        :raises SerializationError: if ``text`` is not a saved game of this format.
        """
        from rulekeeper.engine.saves import read_save

        data = read_save(text, source=source)
        try:
            return cls.from_json(data)
        except SerializationError as error:
            if source and not error.source:
                raise SerializationError(error.message, source=source) from None
            raise


def explain(game: Game, action: Action) -> str:
    """Say whether ``action`` is legal in ``game`` now, citing the rule if it is not."""
    try:
        if game.outcome is not None:
            raise IllegalActionError(game.over_rule(), "the game is over", action=action)
        game.check(action)
    except IllegalActionError as error:
        return f"{action} is illegal: {error.reason} ({error.rule}, {error.url})"
    return f"{action} is legal"


def first_legal(actions: Sequence[Action], kind: type[Action]) -> Action | None:
    """The first action of type ``kind`` among ``actions``, if any."""
    return next((a for a in actions if isinstance(a, kind)), None)


__all__ = ["Action", "Game", "Outcome", "PlayerId", "SerializationError", "explain", "first_legal"]


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
