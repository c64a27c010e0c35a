"""Positions in plain words: a short text a reader can follow and the engine can build.

The position notation is to the formats here what FEN is to chess. A position reads like this::

    Format: rr
    Seed: 0
    Turn: 3
    Step: main1
    Active: Alice

    Alice: ep 2; hand Ember Scout, Sparkshot; library Veil Walker, 2 Forest
    Bob: ep 1; intel 1; hand 2; library 30

The **header** is ``Key: value`` lines up to the first blank line, as in a game record; each
format says which keys it writes (turn, step, whose turn, the seed, the Supply...). Then comes
**one line per player**: their name, a colon, and fields separated by ``;``. A field is a word
and a value: a number (a counter, or how many cards a hidden zone holds) or a list of cards.

- A card list is names separated by commas, in the zone's order (a library from its top card
  down); ``3 Copper`` stands for three Coppers in a row; what is true of one card is written
  after it in brackets: ``Forest (tapped)``, ``Gloom Brute (new, damage 1)``.
- A **hidden** zone is written as its number of cards: ``hand 2``. A player's view writes the
  other players' hands that way; every view writes libraries that way.
- A zone that is not written is empty.

This module reads and writes that shape and checks card names (with a "did you mean" scored by
:mod:`rulekeeper.engine.fuzzy`); each format supplies its own words for fields and marks and
builds the game from them through its scenario builder.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any, TypeVar

from rulekeeper.engine.fuzzy import extract
from rulekeeper.engine.game import Game
from rulekeeper.engine.saves import guard, read_json_value
from rulekeeper.engine.scenario import TurnScenario
from rulekeeper.errors import InputError, SerializationError

G = TypeVar("G", bound=Game)

SUGGESTION_CUTOFF = 75  # rapidfuzz WRatio, 0 to 100; below it a guess helps nobody

MAX_POSITION_CHARS = 1_000_000
"""The longest position text read. A position of eight players' full zones is a few kilobytes."""

MAX_CARDS = 10_000
"""The most cards a position may write, copies counted (``3 Copper`` is three). The largest
game here holds a few hundred; a larger count is a typo or a hostile text, and refusing it
before any card is made keeps building cheap."""

MAX_DIGITS = 9
"""The longest number a position's counter or header may hold. No count, turn or seed of a real
game comes near a billion; a longer number is refused before it is converted."""

# ASCII digits only: str.isdigit() also passes '²', which int() refuses.
_NUMBER = re.compile(r"[0-9]+")


class PositionError(InputError):
    """A position's text cannot be read or built; ``line`` is the 1-based line at fault."""

    def __init__(self, message: str, *, line: int = 0) -> None:
        super().__init__(message, source="position" if line else "", line=line)


@dataclass(frozen=True)
class Card:
    """A card as a position writes it: its name and what is true of it (``tapped``...)."""

    name: str
    marks: tuple[str, ...] = ()

    def text(self) -> str:
        """The card as written: ``Forest (tapped)``."""
        return f"{self.name} ({', '.join(self.marks)})" if self.marks else self.name


@dataclass(frozen=True)
class Zone:
    """A zone's cards in order, or, for a hidden zone, only how many there are (and its top
    card, for a pile whose top card alone is public)."""

    cards: tuple[Card, ...] | None
    count: int
    top: Card | None = None

    @classmethod
    def of(cls, cards: Iterable[Card]) -> Zone:
        """A zone whose cards are shown."""
        shown = tuple(cards)
        return cls(shown, len(shown))

    @classmethod
    def hidden(cls, count: int, top: Card | None = None) -> Zone:
        """A zone whose cards are hidden: only their number is written, and ``top``, the top
        card, if it is public."""
        return cls(None, count, top)

    def text(self) -> str:
        """The zone as written: its cards, runs of plain copies as ``3 Copper``, or its
        number of cards if they are hidden (``7 with Gold on top`` if its top card is not).

        >>> Zone.hidden(7, Card("Gold")).text(), Zone.hidden(3).text()
        ('7 with Gold on top', '3')
        """
        if self.cards is None:
            return f"{self.count} with {self.top.text()} on top" if self.top else str(self.count)
        runs: list[tuple[Card, int]] = []
        for card in self.cards:
            if runs and runs[-1][0] == card and not card.marks:
                runs[-1] = (card, runs[-1][1] + 1)
            else:
                runs.append((card, 1))
        return ", ".join(c.text() if n == 1 else f"{n} {c.text()}" for c, n in runs)


@dataclass
class PlayerLine:
    """One player's line: their name and fields, each a number or a zone."""

    name: str
    fields: dict[str, int | Zone] = field(default_factory=dict)
    line: int = 0

    def text(self) -> str:
        """The player's line as written; zero counters and empty zones are left out."""
        parts = []
        for key, value in self.fields.items():
            if isinstance(value, Zone):
                if value.count:
                    parts.append(f"{key} {value.text()}")
            elif value:
                parts.append(f"{key} {value}")
        return f"{self.name}: {'; '.join(parts)}".rstrip()

    def number(self, key: str, default: int = 0) -> int:
        """A counter of this player, or ``default`` if it is not written.

        :raises PositionError: if the field is written as cards.
        """
        value = self.fields.get(key, default)
        if isinstance(value, Zone):
            raise PositionError(f"{self.name}'s {key} must be a number", line=self.line)
        return value

    def cards(self, key: str) -> list[Card]:
        """The cards of one of this player's zones, in order (none if it is not written).

        :raises PositionError: if the zone is written as a count: a hidden zone cannot be
            built, so a player's view is for reading only.
        """
        value = self.fields.get(key)
        if value is None:
            return []
        if isinstance(value, int):
            if value == 0:
                return []
            raise PositionError(
                f"{self.name}'s {key} is written as a count ({value}), which hides its cards; "
                "to build a position, write them",
                line=self.line,
            )
        return list(value.cards or ())


@dataclass
class Position:
    """A position's text, read: the header and one seat per player."""

    header: dict[str, str] = field(default_factory=dict)
    seats: list[PlayerLine] = field(default_factory=list)
    lines: dict[str, int] = field(default_factory=dict)  # header key -> its line

    def text(self) -> str:
        """The position as written."""
        head = [f"{key}: {value}" for key, value in self.header.items()]
        return "\n".join([*head, "", *(s.text() for s in self.seats)]) + "\n"

    def get(self, key: str, default: str | None = None) -> str:
        """A header value.

        :raises PositionError: if it is missing and there is no default.
        """
        value = self.header.get(key, default)
        if value is None:
            raise PositionError(f"the header has no {key!r} line")
        return value

    def integer(self, key: str, default: int | None = None) -> int:
        """A header value that is a whole number.

        :raises PositionError: if it is missing (without a default) or not a number.
        """
        raw = self.header.get(key)
        if raw is None:
            if default is None:
                raise PositionError(f"the header has no {key!r} line")
            return default
        return read_number(raw, key, line=self.lines.get(key, 0), signed=True)

    def seat_index(self, name: str, *, key: str) -> int:
        """The seat of the player called ``name``, as header line ``key`` names them.

        :raises PositionError: if no player is called that.
        """
        names = [s.name for s in self.seats]
        if name not in names:
            raise PositionError(
                f"{key} names {name!r}, who is not a player here ({', '.join(names)})",
                line=self.lines.get(key, 0),
            )
        return names.index(name)

    def place_in_turn(self, builder: TurnScenario) -> tuple[int, int]:
        """Set where in the turn ``builder``'s position stands from the ``Turn``, ``Active``
        and ``Step`` lines (turn 2, the first player's first main phase unless they say);
        return the turn and the active player's seat.

        :raises PositionError: if a line names no number, no player or no step of the turn.
        """
        turn = self.integer("Turn", 2)
        active = self.seat_index(self.get("Active", self.seats[0].name), key="Active")
        try:
            builder.at(self.get("Step", "main1"), active=active, turn=turn)
        except InputError as error:
            raise PositionError(str(error), line=self.lines.get("Step", 0)) from None
        return turn, active


def read_number(text: str, what: str, *, line: int = 0, signed: bool = False) -> int:
    """The whole number ``text`` writes (ASCII digits, at most :data:`MAX_DIGITS` of them, a
    leading ``-`` only if ``signed``); ``what`` names it in the error.

    >>> read_number("12", "Turn")
    12
    >>> read_number("²", "Turn")
    Traceback (most recent call last):
    ...
    rulekeeper.engine.position.PositionError: Turn must be a number, not '²'

    :raises PositionError: naming ``what`` and ``line``, if it is not such a number.
    """
    digits = text[1:] if signed and text.startswith("-") else text
    if not _NUMBER.fullmatch(digits):
        raise PositionError(f"{what} must be a number, not {_short(text)}", line=line)
    if len(digits) > MAX_DIGITS:
        raise PositionError(
            f"{what} has more than {MAX_DIGITS} digits ({_short(text)}); no game comes near it",
            line=line,
        )
    return int(text)


def _short(text: str) -> str:
    """``text`` quoted for an error, cut if long (a hostile text may be megabytes)."""
    return repr(text if len(text) <= 40 else text[:40] + "...")


_LIST = re.compile(r",\s*(?![^()]*\))")  # a comma outside brackets
_CARD = re.compile(r"(?:(?P<n>[0-9]+) )?(?P<name>[^()]+?)\s*(?:\((?P<marks>[^()]*)\))?")


def read_cards(text: str, *, line: int = 0, room: int = MAX_CARDS) -> list[Card]:
    """The cards of a written card list, copies spelled out; at most ``room`` of them (what
    is left of :data:`MAX_CARDS` in the position).

    >>> read_cards("2 Forest, Gloom Brute (new, damage 1)")
    [Card(name='Forest', marks=()), Card(name='Forest', marks=()), \
Card(name='Gloom Brute', marks=('new', 'damage 1'))]

    :raises PositionError: if an item is not a card name with optional marks, or the list
        writes more than ``room`` cards.
    """
    cards: list[Card] = []
    if not text.strip():
        return cards
    for item in _LIST.split(text.strip()):
        found = _CARD.fullmatch(item.strip())
        if found is None or not found["name"].strip():
            raise PositionError(f"expected a card name, not {_short(item.strip())}", line=line)
        marks = tuple(m.strip() for m in (found["marks"] or "").split(",") if m.strip())
        copies = read_number(found["n"] or "1", "a number of copies", line=line)
        if copies > room - len(cards):
            raise PositionError(
                f"a position holds at most {MAX_CARDS} cards; this line would pass it", line=line
            )
        cards += [Card(found["name"].strip(), marks)] * copies
    return cards


def read(text: str) -> Position:
    """Read a position's text into its header and seats (names are checked by the format).

    :raises PositionError: with the line number, if a line is not of the expected shape, or
        the text is longer than :data:`MAX_POSITION_CHARS` or writes more than
        :data:`MAX_CARDS` cards.
    """
    if len(text) > MAX_POSITION_CHARS:
        raise PositionError(f"a position is at most {MAX_POSITION_CHARS} characters long")
    position = Position()
    lines = text.splitlines()
    written = 0  # cards written so far, copies counted
    number = 0
    for number, raw in enumerate(lines, 1):  # the header, up to the first blank line
        if not raw.strip():
            break
        key, colon, value = raw.partition(":")
        if not colon or not key.strip():
            raise PositionError(f"expected a header line 'Key: value', not {raw!r}", line=number)
        position.header[key.strip()] = value.strip()
        position.lines[key.strip()] = number
    else:
        number = len(lines)
    for at, raw in enumerate(lines[number:], number + 1):
        if not raw.strip() or raw.lstrip().startswith(";"):
            continue
        name, colon, rest = raw.partition(":")
        if not colon or not name.strip():
            raise PositionError(
                f"expected a player's line 'Name: field value; ...', not {raw!r}", line=at
            )
        seat = PlayerLine(name.strip(), line=at)
        for part in (p.strip() for p in rest.split(";")):
            if not part:
                continue
            key, _, value = part.partition(" ")
            if not value.strip():
                raise PositionError(f"{key!r} needs a value (a number or cards)", line=at)
            if key in seat.fields:
                raise PositionError(f"{seat.name}'s {key} is written twice", line=at)
            value = value.strip()
            if value[0] in "0123456789-" and " " not in value:
                seat.fields[key] = read_number(value, f"{seat.name}'s {key}", line=at)
            else:
                zone = Zone.of(read_cards(value, line=at, room=MAX_CARDS - written))
                written += zone.count
                seat.fields[key] = zone
        position.seats.append(seat)
    if not position.seats:
        raise PositionError("a position needs one line per player after the header")
    return position


def read_json(read: Position, key: str) -> Any:
    """The value of header line ``key``, written as JSON (a format's ``State`` lines), read with
    a save's checks (:func:`~rulekeeper.engine.saves.read_json_value`: no ``NaN``, no key
    twice, no deep nesting).

    :raises PositionError: naming the line, if the value is not such JSON.
    """
    try:
        return read_json_value(read.header[key])
    except SerializationError as error:
        reason = error.message.removeprefix(NOT_A_SAVE)
        raise PositionError(f"{key} must be JSON ({reason})", line=read.lines[key]) from None


def build(text: str, make: Callable[[Position], G]) -> G:
    """The game a format's ``make`` builds from the position ``text``, once read, and held to a
    save's checks (:func:`playable`).

    A position is untrusted input: whatever ``make`` meets on the way (a state the builder
    cannot lay out, a value the engine cannot hold) ends as a :class:`PositionError`, never as
    another exception, as :func:`~rulekeeper.engine.saves.guard` does for a save.

    :raises PositionError: with the line at fault where it is known.
    """
    position = read(text)
    try:
        game = make(position)
    except PositionError:
        raise
    except InputError as error:
        raise PositionError(error.message, line=error.line) from None
    except RecursionError:
        raise PositionError("the position nests too deep to be built") from None
    except Exception as error:  # the last line: a gap in the checks is an error, not a crash
        raise PositionError(
            f"the position cannot be built ({type(error).__name__}: {_short(str(error))})"
        ) from None
    return playable(game, position)


def playable(game: G, read: Position) -> G:
    """``game``, built from the position ``read``, once it has passed every check a saved game
    passes on loading (:mod:`rulekeeper.engine.saves`: every card in one zone, the format's
    invariants, its pending effects, and a game that can go on). A position is as untrusted as
    a save, and is held to the same checks with the same messages: the built game is saved and
    the save loaded. Where pydantic cannot be imported (a reader's browser), the save's
    declared bounds go unchecked and every other check runs
    (:func:`~rulekeeper.engine.save_records.engine_made`).

    :raises PositionError: with the save's reason and, where the reason's path names a player
        or a ``State`` line, that line.
    """
    # Imported here: the save declarations import every format's records.
    from rulekeeper.engine.save_records import engine_made

    try:
        with engine_made():
            type(game).loads(guard(game.dumps))
    except SerializationError as error:
        reason = error.message.removeprefix(NOT_A_SAVE)
        raise PositionError(
            f"the position cannot be played on: {reason}", line=_line_of(reason, read)
        ) from None
    return game


NOT_A_SAVE = "not a saved game: "
_SEAT_PATH = re.compile(r'^(?:zones\["(?P<zone>[a-z_]+:(\d+)[:0-9]*)"\]|players\[(\d+)\])')
_STATE_PATH = re.compile(r"^variant_state\.(\w+)")


def _line_of(reason: str, read: Position) -> int:
    """The line of ``read`` a save's reason points at: a player's (``zones["hand:1"]``,
    ``players[1]``), a ``State`` line's (``variant_state.draft``), or none (0)."""
    seat = _SEAT_PATH.match(reason)
    if seat:
        # A zone written on a header line (``Zone pack 1``) is that line's; else its player's.
        written = f"Zone {(seat['zone'] or '').replace(':', ' ')}"
        if written in read.lines:
            return read.lines[written]
        index = int(seat[2] or seat[3])
        return read.seats[index].line if index < len(read.seats) else 0
    state = _STATE_PATH.match(reason)
    if state:
        keys = [k for k in read.lines if k.startswith(f"State {state[1]}")]
        return read.lines[keys[0]] if keys else 0
    return 0


def check_fields(seat: PlayerLine, allowed: Iterable[str]) -> None:
    """Refuse a field the format does not know, naming the ones it does.

    :raises PositionError: on the first unknown field.
    """
    known = list(allowed)
    for key in seat.fields:
        if key not in known:
            raise PositionError(
                f"{seat.name}: unknown field {key!r}{_suggest(key, known)}; "
                f"fields are {', '.join(known)}",
                line=seat.line,
            )


def check_names(
    names: Iterable[str], known: Mapping[str, object] | Iterable[str], *, line: int
) -> None:
    """Refuse a card name the format does not know, with the nearest known names.

    :raises PositionError: on the first unknown name.
    """
    pool = known if isinstance(known, Mapping) else set(known)
    for name in names:
        if name not in pool:
            raise PositionError(f"no card named {name!r}{_suggest(name, pool)}", line=line)


def check_marks(card: Card, allowed: Iterable[str], *, line: int) -> None:
    """Refuse a mark the format does not know on a card (a mark may take a number:
    ``damage 2``).

    :raises PositionError: on the first unknown mark.
    """
    known = list(allowed)
    for mark in card.marks:
        word = mark.rsplit(" ", 1)[0] if mark.split(" ")[-1].lstrip("+-").isdigit() else mark
        if word not in known:
            raise PositionError(
                f"{card.name}: unknown mark {mark!r}{_suggest(word, known)}; marks are "
                f"{', '.join(known)}",
                line=line,
            )


def mark_number(card: Card, word: str) -> int:
    """The number a card's mark ``word N`` carries, or 0 if it has no such mark."""
    for mark in card.marks:
        head, _, number = mark.rpartition(" ")
        if head == word:
            return int(number)
    return 0


def _suggest(name: str, known: Iterable[str]) -> str:
    near = extract(name, list(known), scorer="wratio", limit=3, cutoff=SUGGESTION_CUTOFF)
    if not near:
        return ""
    quoted = [repr(n) for n in near]
    listed = quoted[0] if len(quoted) == 1 else ", ".join(quoted[:-1]) + " or " + quoted[-1]
    return f"; did you mean {listed}?"


@dataclass(frozen=True)
class PositionForm:
    """A format's position notation: how it writes a game's position, builds one from its
    text, and which positions the text carries in full (see :func:`round_trip_problems`)."""

    write: Callable[..., str]
    """``write(game, viewer=None)``: the position, or what player ``viewer`` may see of it."""
    build: Callable[[str], Game]
    """``build(text)``: the game the text describes."""
    covers: Callable[[Game], bool]
    """Whether the text carries everything that decides how the game plays on from here,
    chance aside (no spell half-resolved, say)."""


_ID = re.compile(r" #\d+")


def round_trip_problems(
    game: Game, form: PositionForm, moves: Callable[[Game], list[str]]
) -> list[str]:
    """What breaks the position's round trip here: the text must build a game whose text is
    the same, and whose legal moves read the same as the original's (``moves`` writes them in
    the move notation; card IDs are left out, as the built game numbers its cards afresh).

    Chance is carried by the seed only: the built game deals from the seed's start, not from
    where the original's chance had got to, so what is compared is the position and the
    choices it offers, not the shuffles to come.
    """
    text = form.write(game)
    try:
        built = form.build(text)
    except InputError as error:
        return [f"the position does not build: {error}\n{text}"]
    again = form.write(built)
    if again != text:
        differ = next(
            (
                f"{a!r} became {b!r}"
                for a, b in zip(text.splitlines(), again.splitlines(), strict=False)
                if a != b
            ),
            "the lines differ in number",
        )
        return [f"the position built from its text reads differently: {differ}"]
    before = sorted(_ID.sub("", m) for m in moves(game))
    after = sorted(_ID.sub("", m) for m in moves(built))
    if before != after:
        lost, gained = sorted(set(before) - set(after)), sorted(set(after) - set(before))
        return [f"the built position offers other moves: lost {lost}, gained {gained}\n{text}"]
    return []
