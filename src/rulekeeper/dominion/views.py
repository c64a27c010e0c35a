"""The view an agent decides from, worked out only as far as it is read.

:meth:`~rulekeeper.dominion.game.DominionGame.view` builds everything a player may know (DM
1.6): their hand, every Supply pile's size, every player's public zones, and so on. An agent
such as Big Money reads three of those entries, and building the rest cost a fifth of a game's
time. So :func:`~rulekeeper.engine.agents.play` asks for
:meth:`~rulekeeper.dominion.game.DominionGame.decision_view` instead: a :class:`DecisionView`,
which starts with the few facts an agent such as Big Money decides from (the phase,
the coins, the pending choice) and builds the whole view, exactly as
``view`` gives it, the first time anything else is asked of it.

It is the view of one decision: once an action has been applied, reading what it has not built
yet raises, rather than answer from a later state.

>>> from rulekeeper.dominion.scenario import scenario
>>> game = scenario(hands={0: ["Village", "Copper", "Copper", "Estate", "Estate"]})
>>> seen = game.decision_view(0)
>>> seen["phase"], seen["coins"], seen["choice"]
('action', 0, None)
>>> seen["hand"]
['Village', 'Copper', 'Copper', 'Estate', 'Estate']
>>> seen == game.view(0)
True
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING, Any

from mypy_extensions import mypyc_attr

if TYPE_CHECKING:
    from rulekeeper.dominion.game import DominionGame


# An ordinary Python class even in the compiled build (its methods are compiled), so that dict
# calls __missing__ and the overridden methods exactly as Python does.
@mypyc_attr(native_class=False)
class DecisionView(dict[str, Any]):
    """What ``player`` may know, as :meth:`~rulekeeper.dominion.game.DominionGame.view` gives
    it, built when first read beyond the facts it starts with (``phase``, ``coins``, ``choice``).

    A read of one entry (``view[key]``, ``get``, ``in``) that is not there yet builds the whole
    view; so does anything that sees the whole (iterating, printing, comparing, copying,
    changing it), so that it always shows the same entries in the same order as ``view``.
    """

    __slots__ = ("_source",)

    # The game and player the whole view is built from, and how many actions the game had
    # applied then; None once it is built.
    _source: tuple[DominionGame, int, int] | None

    # No __init__: dict's own makes the view from the facts, without a call into Python code,
    # which cost the compiled engine more than the rest of the view (see decision_view).

    def _build(self) -> None:
        """Replace the facts of the turn with the whole view (which starts with them)."""
        if self._source is None:
            return
        game, player, applied = self._source
        if game.applied != applied:
            raise RuntimeError(
                "this view was made for an earlier decision and is out of date; an agent that "
                "keeps a view must copy it (dict(view)) while it decides"
            )
        whole = game.view(player)
        dict.clear(self)
        dict.update(self, whole)
        self._source = None

    # Reading one entry: only an entry not there yet builds the view.

    def __missing__(self, key: str) -> Any:
        if self._source is None:  # built, and still not there
            raise KeyError(key)
        self._build()
        return self[key]

    def get(self, key: str, default: Any = None) -> Any:
        if not super().__contains__(key):
            self._build()
        return super().get(key, default)

    def __contains__(self, key: object) -> bool:
        if not super().__contains__(key):
            self._build()
        return super().__contains__(key)

    # Anything that sees or changes the whole builds it first.

    def __iter__(self) -> Iterator[str]:
        self._build()
        return super().__iter__()

    def __len__(self) -> int:
        self._build()
        return super().__len__()

    def __repr__(self) -> str:
        self._build()
        return super().__repr__()

    def __eq__(self, other: object) -> bool:
        self._build()
        if isinstance(other, DecisionView):
            other._build()
        return super().__eq__(other)

    def __ne__(self, other: object) -> bool:
        return not self == other

    def keys(self) -> Any:
        self._build()
        return super().keys()

    def values(self) -> Any:
        self._build()
        return super().values()

    def items(self) -> Any:
        self._build()
        return super().items()

    def copy(self) -> dict[str, Any]:
        """A plain dict of the whole view."""
        self._build()
        return dict(super().items())

    def __reduce_ex__(self, protocol: Any) -> Any:
        # Pickled or copied as the plain dict of the whole view.
        return (dict, (self.copy(),))

    def __or__(self, other: Any) -> Any:
        return self.copy() | other

    def __ror__(self, other: Any) -> Any:
        return other | self.copy()

    def __ior__(self, other: Any) -> Any:
        self._build()
        return super().__ior__(other)

    def __setitem__(self, key: str, value: Any) -> None:
        self._build()
        super().__setitem__(key, value)

    def __delitem__(self, key: str) -> None:
        self._build()
        super().__delitem__(key)

    def setdefault(self, key: str, default: Any = None) -> Any:
        self._build()
        return super().setdefault(key, default)

    def pop(self, key: str, *default: Any) -> Any:
        self._build()
        return super().pop(key, *default)

    def popitem(self) -> tuple[str, Any]:
        self._build()
        return super().popitem()

    def update(self, *args: Any, **kwargs: Any) -> None:
        self._build()
        super().update(*args, **kwargs)

    def clear(self) -> None:
        self._build()
        super().clear()


def decision_view(game: DominionGame, player: int) -> DecisionView:
    """A :class:`DecisionView` of ``game`` for ``player``, good until the next action."""
    # Only the three facts an agent such as Big Money reads, as the whole view has them: a
    # dict of more than five entries is made presized with general keys, which cost the
    # compiled engine twice as much as one of five (a test checks the three are the view's).
    choice = game.pending_choice(player)
    view = DecisionView({"phase": game.phase, "coins": game.coins, "choice": choice})
    view._source = (game, player, game.applied)
    return view


__all__ = ["DecisionView", "decision_view"]
