"""The event log: every state change is an event that names the rule that caused it.

>>> from rulekeeper.engine.events import EventLog
>>> log = EventLog()
>>> log.record(1, "LV 2.1", "Alice starts at 30 life")
>>> print(log)
turn 1: Alice starts at 30 life (LV 2.1)
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from rulekeeper.rules import RuleId


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

    __slots__ = ("_events",)

    def __init__(self, events: list[Event] | None = None) -> None:
        self._events: list[Event] = list(events or [])

    def record(self, turn: int, rule: RuleId, text: str) -> None:
        """Append an event."""
        self._events.append(Event(turn, rule, text))

    def __iter__(self) -> Iterator[Event]:
        return iter(self._events)

    def __len__(self) -> int:
        return len(self._events)

    def __getitem__(self, index: int) -> Event:
        return self._events[index]

    def __eq__(self, other: object) -> bool:
        return isinstance(other, EventLog) and self._events == other._events

    def __hash__(self) -> int:  # pragma: no cover - logs are mutable; identity hash is wrong
        raise TypeError("EventLog is unhashable")

    def __repr__(self) -> str:
        return f"<EventLog events={len(self._events)}>"

    def __str__(self) -> str:
        return "\n".join(str(event) for event in self._events)

    def since(self, index: int) -> list[Event]:
        """The events recorded after the first ``index`` ones."""
        return self._events[index:]

    def citing(self, rule: RuleId) -> list[Event]:
        """The events caused by ``rule``."""
        return [event for event in self._events if event.rule == rule]

    def to_json(self) -> list[list[Any]]:
        """The log as JSON-ready data."""
        return [[e.turn, e.rule, e.text] for e in self._events]

    @classmethod
    def from_json(cls, data: list[list[Any]]) -> EventLog:
        """Restore a log saved by :meth:`to_json`."""
        return cls([Event(int(turn), str(rule), str(text)) for turn, rule, text in data])
