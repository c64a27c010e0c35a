"""The event log: every state change is an event that names the rule that caused it.

>>> from rulekeeper.engine.events import EventLog
>>> log = EventLog()
>>> log.record(1, "LV 2.1", "Alice starts at 30 life")
>>> print(log)
turn 1: Alice starts at 30 life (LV 2.1)
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from typing import Any, overload

from rulekeeper.rules import RuleId

_VOWEL_SOUND = re.compile(r"[aeiou]|h(?:our|onou?r|onest|eir)", re.IGNORECASE)
"""A word that starts with a vowel sound: a vowel, or an h that is not heard."""
_CONSONANT_SOUND = re.compile(r"u(?:ni|s[aeiu]|r[aeiou]|ti|ku)|eu|ewe|one\b|once", re.IGNORECASE)
"""A vowel letter heard as "you" or "w" (Unicorn, Eucatastrophe, One-Eyed Scarecrow)."""


def indefinite(noun: str) -> str:
    """``noun`` after the indefinite article its first sound takes, as a log line says it.

    >>> indefinite("Island"), indefinite("Forest"), indefinite("Unicorn"), indefinite("hour")
    ('an Island', 'a Forest', 'a Unicorn', 'an hour')
    """
    vowel = _VOWEL_SOUND.match(noun) and not _CONSONANT_SOUND.match(noun)
    return f"{'an' if vowel else 'a'} {noun}"


@dataclass(frozen=True, slots=True)
class Event:
    """One thing that happened, when, and under which rule (``""`` for a player's choice)."""

    turn: int
    rule: RuleId
    text: str

    def __str__(self) -> str:
        cited = f" ({self.rule})" if self.rule else ""
        return f"turn {self.turn}: {self.text}{cited}"


class EventLog:
    """An append-only list of :class:`Event` that prints like a judge's account of the game."""

    __slots__ = ("_rows", "_unworded")

    def __init__(self, events: Iterable[Event] = ()) -> None:
        # Rows rather than Events: the engine records hundreds of events a game, and a tuple
        # costs a fraction of a frozen dataclass to make. An Event is made when one is read.
        # A row is (turn, rule, text); one recorded with record_later is (turn, rule, words,
        # args) until its text is written, one tuple per event rather than a row and an entry
        # in a second list. Every read goes through _worded, which writes them first.
        self._rows: list[tuple[Any, ...]] = [(e.turn, e.rule, e.text) for e in events]
        # The index of the first row whose text is not written yet, or -1 if there is none.
        self._unworded = -1

    def record(self, turn: int, rule: RuleId, text: str) -> None:
        """Append an event."""
        self._rows.append((turn, rule, text))

    def record_later(
        self, turn: int, rule: RuleId, words: Callable[..., str], *args: object
    ) -> None:
        """Append an event whose text is ``words(*args)``, written only when the log is read.

        Most games are played and never read (the bench, the agents' look-ahead), and writing
        each event's text cost a game a good part of its time. ``words`` must depend on its
        arguments alone, and the arguments must not change afterwards (pass strings, numbers,
        or a list nobody else keeps), so that the text is what :meth:`record` would have
        logged at this moment.

        >>> log = EventLog()
        >>> log.record_later(1, "DM 4.2", "{} gains {}".format, "Alice", "Silver")
        >>> log[0].text
        'Alice gains Silver'
        """
        rows = self._rows
        if self._unworded < 0:
            self._unworded = len(rows)
        rows.append((turn, rule, words, args))

    def _worded(self) -> list[tuple[Any, ...]]:
        """The rows, with the text of every event recorded with :meth:`record_later` written."""
        rows = self._rows
        if self._unworded >= 0:
            for index in range(self._unworded, len(rows)):
                row = rows[index]
                if len(row) == 4:  # (turn, rule, words, args)
                    rows[index] = (row[0], row[1], row[2](*row[3]))
            self._unworded = -1
        return rows

    def __iter__(self) -> Iterator[Event]:
        # Row by row of the live list, as a list iterates: an event recorded while the log is
        # read is read too, its text written first.
        rows = self._rows
        index = 0
        while index < len(rows):
            if self._unworded >= 0:
                self._worded()
            yield Event(*rows[index])
            index += 1

    def __len__(self) -> int:
        return len(self._rows)

    @overload
    def __getitem__(self, index: int) -> Event: ...

    @overload
    def __getitem__(self, index: slice) -> list[Event]: ...

    def __getitem__(self, index: int | slice) -> Event | list[Event]:
        if isinstance(index, slice):
            return [Event(*row) for row in self._worded()[index]]
        return Event(*self._worded()[index])

    def __eq__(self, other: object) -> bool:
        return isinstance(other, EventLog) and self._worded() == other._worded()

    def __hash__(self) -> int:  # pragma: no cover - logs are mutable; identity hash is wrong
        raise TypeError("EventLog is unhashable")

    def __repr__(self) -> str:
        return f"<EventLog events={len(self._rows)}>"

    def __str__(self) -> str:
        return "\n".join(str(event) for event in self)

    def since(self, index: int) -> list[Event]:
        """The events recorded after the first ``index`` ones."""
        return [Event(*row) for row in self._worded()[index:]]

    def citing(self, rule: RuleId) -> list[Event]:
        """The events caused by ``rule``."""
        return [Event(*row) for row in self._worded() if row[1] == rule]

    def to_json(self) -> list[list[Any]]:
        """The log as JSON-ready data."""
        return [list(row) for row in self._worded()]

    @classmethod
    def from_json(cls, data: list[list[Any]]) -> EventLog:
        """Restore a log saved by :meth:`to_json`."""
        return cls(Event(int(turn), str(rule), str(text)) for turn, rule, text in data)
