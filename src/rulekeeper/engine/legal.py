"""The legal actions of one decision, as one lazy object
(:meth:`~rulekeeper.engine.game.Game.legal_actions`).

It reads as the list of the legal actions: it can be iterated, counted, indexed, compared
with a list and printed as one. It works out only what it is asked. Whether one action is
among them (``action in legal``) is judged for that action alone where the format can, and
whether the player has a real choice (:attr:`LegalActions.only`) stops at the second legal
action; the whole list is worked out the first time something needs it, and kept for the
rest of the decision.

It belongs to one decision. The game keeps nothing for it, so every call of
``legal_actions()`` starts from the state as it is then: the worked examples change the state
directly, and no kept answer could notice. Once an action has been applied, an object that
has not worked its list out refuses to answer rather than answer about a later decision; one
that has keeps answering with that list, as a list would.

>>> from rulekeeper.games import FORMATS
>>> game = FORMATS["leveler"].new_game(seed=1, players=2)
>>> legal = game.legal_actions()
>>> legal[0] in legal, legal.only
(True, None)
>>> legal == list(legal)
True
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import TYPE_CHECKING, overload

if TYPE_CHECKING:
    from rulekeeper.engine.game import Action, Game


class LegalActions:
    """The legal actions of the decision a game is at, worked out as they are read: what
    :meth:`~rulekeeper.engine.game.Game.legal_actions` gives."""

    __slots__ = ("_applied", "_found", "_game")

    _game: Game
    _applied: int  # the game's count of applied actions at this decision
    _found: list[Action] | None  # the list, once worked out

    def __init__(self, game: Game) -> None:
        """The legal actions of the decision ``game`` is at now; nothing is worked out yet."""
        self._game = game
        self._applied = game._applied
        self._found = None

    def _current(self) -> Game:
        """The game, if it is still at this decision."""
        game = self._game
        if game._applied != self._applied:
            raise _expired()
        return game

    def _list(self) -> list[Action]:
        found = self._found
        if found is None:
            found = self._found = self._current()._legal_list()
        return found

    # The reads an agent makes at every decision do _list's work themselves (speed guide).

    @property
    def only(self) -> Action | None:
        """The one legal action if there is exactly one, else ``None``: found without judging
        more candidates than it takes to see a second legal one."""
        found = self._found
        if found is None:
            return self._current()._only()
        return found[0] if len(found) == 1 else None

    def __contains__(self, action: object) -> bool:
        if self._found is None:
            judged = self._current()._offers(action)
            if judged is not None:
                return judged
        return action in self._list()

    def __len__(self) -> int:
        found = self._found
        if found is None:
            game = self._game
            if game._applied != self._applied:
                raise _expired()
            found = self._found = game._legal_list()
        return len(found)

    def __bool__(self) -> bool:
        return bool(self._list())

    @overload
    def __getitem__(self, index: int) -> Action: ...

    @overload
    def __getitem__(self, index: slice) -> list[Action]: ...

    def __getitem__(self, index: int | slice) -> Action | list[Action]:
        found = self._found
        if found is None:
            game = self._game
            if game._applied != self._applied:
                raise _expired()
            found = self._found = game._legal_list()
        return found[index]

    def __iter__(self) -> Iterator[Action]:
        return iter(self._list())

    def __reversed__(self) -> Iterator[Action]:
        return reversed(self._list())

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


def _expired() -> RuntimeError:
    return RuntimeError(
        "these legal actions were those of an earlier decision; keep a copy (list(actions)) "
        "to read them after an action is applied"
    )


# Registered rather than subclassed (speed guide), so that isinstance(actions, Sequence) holds
# as it does for the list.
Sequence.register(LegalActions)

__all__ = ["LegalActions"]
