"""A page's namespace in the reader's browser, kept between runs of its examples.

A page's code blocks share one namespace and build on each other, so running example ``n``
means running the blocks before it first. :class:`PageSession` keeps what that costs from
being paid twice: the namespace the last run left, to go on from, and a copy of the namespace
as it was before each example it ran (a *checkpoint*), so that running an example again (the
same one, an earlier one, or one the reader edited) starts from its checkpoint instead of
running the page again from its first block.

A checkpoint is a deep copy that shares what the engine's modules hold at their top level
(:func:`fork`): cards, rules tables and functions are the same objects in every copy, as they
are in a run from the start. The suite checks, on every rules page, that running an example
again gives exactly what its first run gave (:func:`rulekeeper.browser.examples.check_pages`).

>>> from rulekeeper.browser.session import PageSession
>>> session = PageSession()
>>> namespace, ran = session.resume(["x = [1]\\n", ">>> x.append(2)\\n"], 1)
>>> ran  # nothing run yet: the caller runs block 0 into ``namespace``
0
>>> exec("x = [1]", namespace)
>>> session.checkpoint(1, namespace)
>>> namespace["x"].append(2)
>>> session.ran(1, namespace)
>>> again, ran = session.resume(["x = [1]\\n", ">>> x.append(2)\\n"], 1)
>>> ran, again["x"]  # from the checkpoint: block 0 is not run again
(1, [1])
"""

from __future__ import annotations

import copy
import sys
from collections.abc import Sequence
from typing import Any

Namespace = dict[str, Any]


def _fresh() -> Namespace:
    """The namespace a page's first block runs in, as Sybil's."""
    return {"__name__": "__test__"}


def _shared() -> dict[int, object]:
    """Every module and what it holds at its top level, by id: a fork keeps these as they are.

    Made again for each fork (a few milliseconds): a module may have bound a new object since.
    """
    shared: dict[int, object] = {}
    for module in list(sys.modules.values()):
        names = getattr(module, "__dict__", None)
        if not isinstance(names, dict):  # None stands for a module that cannot be imported
            continue
        shared[id(module)] = module
        shared[id(names)] = names  # ``__builtins__`` in a namespace is the builtins' dict
        for value in list(names.values()):
            shared[id(value)] = value
    return shared


def fork(namespace: Namespace) -> Namespace:
    """A copy of ``namespace`` that a run may change without changing ``namespace``.

    Objects the page made are copied deeply; the modules and what they hold at their top
    level are shared, as a run from the start shares them.

    :raises Exception: whatever ``copy.deepcopy`` raises for an object that cannot be
        copied (a generator, say).
    """
    memo: dict[int, Any] = _shared()
    copied: Namespace = {}
    memo[id(namespace)] = copied  # a value that refers to the namespace refers to the copy
    for name, value in namespace.items():
        copied[name] = copy.deepcopy(value, memo)
    return copied


class PageSession:
    """One page's namespaces: the one the last run left, and a checkpoint before each
    example run so far. Blocks are known by their sources: a checkpoint holds only while the
    blocks before it are the same."""

    def __init__(self) -> None:
        self._page: list[str] = []
        self._live: Namespace | None = None
        self._live_at = 0
        self._saved: dict[int, Namespace] = {}

    def resume(self, sources: Sequence[str], upto: int) -> tuple[Namespace, int]:
        """A namespace to run block ``upto`` of the page ``sources`` in, and how many of the
        blocks before it have run in it: the caller runs the rest, in order.

        It is the namespace the last run left where that is no further on, else a copy of the
        nearest checkpoint at or before ``upto``, else a fresh one.
        """
        same = 0
        for known, given in zip(self._page, sources, strict=False):
            if known != given:
                break
            same += 1
        self._page = list(sources)
        self._saved = {at: kept for at, kept in self._saved.items() if at <= same}
        if self._live is not None and self._live_at > same:
            self._live = None
        best = max((at for at in self._saved if at <= upto), default=-1)
        if self._live is not None and best <= self._live_at <= upto:
            return self._live, self._live_at
        if best >= 0:
            return fork(self._saved[best]), best
        return _fresh(), 0

    def checkpoint(self, at: int, namespace: Namespace) -> None:
        """Keep a copy of ``namespace``, which holds the page's blocks before ``at``.

        A namespace that cannot be copied is not kept: running that example again runs the
        blocks before it again, which gives the same result, only slower.
        """
        if at in self._saved:
            return
        try:
            self._saved[at] = fork(namespace)
        except Exception:  # any object may refuse a deep copy (see above)
            return

    def ran(self, upto: int, namespace: Namespace) -> None:
        """Block ``upto`` has run in ``namespace``: the next run may go on from it."""
        self._live, self._live_at = namespace, upto + 1
