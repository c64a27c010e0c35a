"""The view an agent decides from, worked out only as far as it is read.

A format's :meth:`~rulekeeper.engine.game.Game.view` builds everything a player may know, and
building it can cost more than the move; many agents read a few entries of it, and some none.
So :func:`~rulekeeper.engine.agents.play` hands each agent a :class:`DecisionView`, which
builds the whole view, exactly as ``view`` gives it, the first time anything is read from it
that it does not hold. A format may give the few facts its agents decide from at less cost
(Dominion gives the phase, the coins and the pending choice): the view holds them from the
start, so reading them is a plain dict read and builds nothing more. In a format that gives
no facts, an agent that reads nothing costs nothing.

It is the view of one decision: once an action has been applied, reading what it has not built
yet raises, rather than answer from a later state.

>>> from rulekeeper.dominion.scenario import scenario
>>> game = scenario(hands={0: ["Village", "Copper", "Copper", "Estate", "Estate"]})
>>> from rulekeeper.engine.views import decision_view
>>> seen = decision_view(game, 0)
>>> seen["phase"], seen["coins"], seen["choice"]
('action', 0, None)
>>> seen["hand"]
['Village', 'Copper', 'Copper', 'Estate', 'Estate']
>>> seen == game.view(0)
True
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING, Any, Final

from mypy_extensions import mypyc_attr

if TYPE_CHECKING:
    from rulekeeper.engine.game import Game


_NOTHING_READ: Final[Any] = object()

UNBUILT: Final[dict[Any, None]] = {_NOTHING_READ: None}
"""What a view holds until it is built, in a format that gives no facts: one entry that no
reader sees, since every way of seeing the whole builds the view first. It is not empty because
``json`` writes a dict it finds empty as ``{}`` without asking it for its entries."""


@mypyc_attr(native_class=False)
class DecisionView(dict[str, Any]):
    """What ``player`` may know, as :meth:`~rulekeeper.engine.game.Game.view` gives it, built
    when first read.

    It holds from the start the facts the format gives at less cost, if it gives any. A read
    of one entry (``view[key]``, ``get``, ``in``) that is not among them builds the whole view;
    so does anything that sees the whole (iterating, printing, comparing, copying, changing
    it), so that it always shows the same entries in the same order as ``view``.
    """

    __slots__ = ("_source",)

    # The game and player the whole view is built from, and how many actions the game had
    # applied then; None once the whole view is built. Until then it holds the format's facts,
    # or UNBUILT's entry if the format gives none.
    _source: tuple[Game, int, int] | None

    # No __init__ (speed guide, "A compiled engine").

    def _game(self) -> Game:
        """The game, if it is still at this view's decision."""
        assert self._source is not None
        game, _, applied = self._source
        if game._applied != applied:
            raise RuntimeError(
                "this view was made for an earlier decision and is out of date; an agent that "
                "keeps a view must copy it (dict(view)) while it decides"
            )
        return game

    def _build(self) -> None:
        """Replace what it holds with the whole view."""
        if self._source is None:
            return
        whole = self._game().view(self._source[1])
        dict.clear(self)
        dict.update(self, whole)
        self._source = None

    # Reading one entry: only an entry that is not among the facts builds the view.

    def __missing__(self, key: str) -> Any:
        if self._source is None:  # built, and still not there
            raise KeyError(key)
        self._build()
        return dict.__getitem__(self, key)

    def get(self, key: str, default: Any = None) -> Any:
        if not dict.__contains__(self, key):
            self._build()
        return super().get(key, default)

    def __contains__(self, key: object) -> bool:
        if not dict.__contains__(self, key):
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


def decision_view(game: Game, player: int) -> DecisionView:
    """A :class:`DecisionView` of ``game`` for ``player``, good until the next action."""
    facts = game._view_facts(player)
    view = DecisionView(facts or UNBUILT)
    view._source = (game, player, game._applied)
    return view


__all__ = ["UNBUILT", "DecisionView", "decision_view"]
