"""The event log: every state change is an event that names the rule that caused it.

>>> from rulekeeper.engine.events import EventLog, all_but
>>> log = EventLog()
>>> log.record(1, "LV 2.1", "Alice starts at 30 life")
>>> print(log)
turn 1: Alice starts at 30 life (LV 2.1)

Each event also says who may see it: everyone (the default), one player, or nobody (a fact
only the referee's account keeps). This is the one model of hidden information in the logs:
what a player is told of the game is :meth:`EventLog.seen_by` of that player, and an event
that names a card only its player may see is recorded for that player alone, beside an event
for everyone that says what the others see.

>>> log.record(1, "DM 4.6", "Alice puts Gold from hand onto their deck", seen_by=0)
>>> log.record(1, "DM 4.6", "Alice puts a card from hand onto their deck", seen_by=all_but(0))
>>> [event.text for event in log.seen_by(1)]
['Alice starts at 30 life', 'Alice puts a card from hand onto their deck']
>>> [event.text for event in log.seen_by(0)]
['Alice starts at 30 life', 'Alice puts Gold from hand onto their deck']
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from typing import Any, Final, overload

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


EVERYONE: Final = -1
"""An event everyone may see (``Event.seen_by``)."""
NOBODY: Final = -2
"""An event no player may see: only the referee's whole account of the game holds it."""
_ALL_BUT: Final = -1000
"""``all_but(p)`` is ``_ALL_BUT - p``: below every other value of ``seen_by``."""


def all_but(player: int) -> int:
    """The ``seen_by`` of an event every player but ``player`` may see: it stands beside the
    event that tells ``player`` more (the card they chose, where the others see "a card")."""
    return _ALL_BUT - player


def may_see(seen_by: int, player: int | None) -> bool:
    """Whether ``player`` may see an event seen by ``seen_by``; ``None`` is the referee, who
    sees everything.

    >>> may_see(EVERYONE, 1), may_see(1, 1), may_see(0, 1), may_see(NOBODY, 1)
    (True, True, False, False)
    >>> may_see(all_but(0), 0), may_see(all_but(0), 1), may_see(NOBODY, None)
    (False, True, True)
    """
    if player is None or seen_by in (EVERYONE, player):
        return True
    return seen_by <= _ALL_BUT and seen_by != _ALL_BUT - player


@dataclass(frozen=True, slots=True)
class Event:
    """One thing that happened, when, under which rule (``""`` for a player's choice), and
    who may see it: :data:`EVERYONE`, one player's index, :data:`NOBODY`, or ``all_but(p)``
    (everyone but player ``p``)."""

    turn: int
    rule: RuleId
    text: str
    seen_by: int = EVERYONE

    def __str__(self) -> str:
        cited = f" ({self.rule})" if self.rule else ""
        return f"turn {self.turn}: {self.text}{cited}"


_TURN_PREFIX = re.compile(r"turn -?\d+: ")
"""The start of a log line as :meth:`Event.__str__` writes it."""


def without_turn(line: str) -> str:
    """A log line as a reader of the rules reads it: without its ``turn N:`` prefix, which
    only tells a program reading the log when it happened.

    >>> without_turn("turn 2: Alice attacks Bob (RR 6.1)"), without_turn("a line")
    ('Alice attacks Bob (RR 6.1)', 'a line')
    """
    found = _TURN_PREFIX.match(line)
    return line[found.end() :] if found else line


class EventLog:
    """An append-only list of :class:`Event` that prints like a judge's account of the game."""

    __slots__ = ("_rows", "_unworded")

    def __init__(self, events: Iterable[Event] = ()) -> None:
        # Rows rather than Events: the engine records hundreds of events a game, and a tuple
        # costs a fraction of a frozen dataclass to make. An Event is made when one is read.
        # A row is (turn, rule, text) for an event everyone sees, (turn, rule, text, seen_by)
        # for one that not everyone does; one recorded with record_later is (turn, rule,
        # words, args, seen_by) until its text is written, one tuple per event rather than a
        # row and an entry in a second list. Every read goes through _worded, which writes
        # them first.
        self._rows: list[tuple[Any, ...]] = [
            _row(e.turn, e.rule, e.text, e.seen_by) for e in events
        ]
        # The index of the first row whose text is not written yet, or -1 if there is none.
        self._unworded = -1

    def record(self, turn: int, rule: RuleId, text: str, seen_by: int = EVERYONE) -> None:
        """Append an event, seen by everyone unless ``seen_by`` says otherwise."""
        self._rows.append(
            (turn, rule, text) if seen_by == EVERYONE else (turn, rule, text, seen_by)
        )

    def record_later(
        self,
        turn: int,
        rule: RuleId,
        words: Callable[..., str],
        *args: object,
        seen_by: int = EVERYONE,
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
        rows.append((turn, rule, words, args, seen_by))

    def _worded(self) -> list[tuple[Any, ...]]:
        """The rows, with the text of every event recorded with :meth:`record_later` written."""
        rows = self._rows
        if self._unworded >= 0:
            for index in range(self._unworded, len(rows)):
                row = rows[index]
                if len(row) == 5:  # (turn, rule, words, args, seen_by)
                    rows[index] = _row(row[0], row[1], row[2](*row[3]), row[4])
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

    def seen_by(self, player: int | None) -> list[Event]:
        """The events ``player`` may see, in order: what that player is told of the game
        (``None``: the referee, told everything)."""
        return [Event(*row) for row in self._worded() if len(row) == 3 or may_see(row[3], player)]

    def citing(self, rule: RuleId) -> list[Event]:
        """The events caused by ``rule``."""
        return [Event(*row) for row in self._worded() if row[1] == rule]

    def to_json(self) -> list[list[Any]]:
        """The log as JSON-ready data: ``[turn, rule, text]`` for an event everyone sees,
        ``[turn, rule, text, seen_by]`` for one not everyone does."""
        return [list(row) for row in self._worded()]

    @classmethod
    def from_json(cls, data: list[list[Any]]) -> EventLog:
        """Restore a log saved by :meth:`to_json`."""
        return cls(
            Event(int(row[0]), str(row[1]), str(row[2]), int(row[3]) if len(row) > 3 else EVERYONE)
            for row in data
        )


def _row(turn: int, rule: RuleId, text: str, seen_by: int) -> tuple[Any, ...]:
    """The row of an event: its visibility is left out when everyone sees it, as most do."""
    return (turn, rule, text) if seen_by == EVERYONE else (turn, rule, text, seen_by)
