"""A table whose entries are made when first looked up, so that listing its keys imports
nothing.

The tables of formats (:data:`rulekeeper.games.FORMATS`, :data:`rulekeeper.position.FORMS`)
name every format, but a page of the site that plays Leveler in a reader's browser, where
each module imported is compiled from its source first, needs none of Dominion's modules.

>>> from rulekeeper.ondemand import OnDemand
>>> made = []
>>> table = OnDemand({"a": lambda: made.append("a") or 1, "b": lambda: 2})
>>> sorted(table), made
(['a', 'b'], [])
>>> table["a"], table["a"], made
(1, 1, ['a'])
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from typing import TypeVar

V = TypeVar("V")
"""The type of a table's entries."""


class OnDemand(Mapping[str, V]):
    """A read-only mapping of ``makers``' keys to what each maker returns, made once, on the
    first lookup of its key. Its keys keep ``makers``' order."""

    def __init__(self, makers: Mapping[str, Callable[[], V]]) -> None:
        """Make each entry with its function of ``makers`` when first looked up."""
        self._makers = dict(makers)
        self._made: dict[str, V] = {}

    def __getitem__(self, key: str) -> V:
        if key in self._made:
            return self._made[key]
        made = self._made[key] = self._makers[key]()  # KeyError for a key it has not
        return made

    def __iter__(self) -> Iterator[str]:
        return iter(self._makers)

    def __len__(self) -> int:
        return len(self._makers)

    def __contains__(self, key: object) -> bool:
        return key in self._makers

    def __repr__(self) -> str:
        return f"OnDemand({', '.join(self._makers)})"
