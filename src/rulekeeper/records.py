"""Game records: a header and the moves in the notation, one a line, as PGN is for chess.

A record reads like this::

    Format: dominion
    Players: 2
    Seed: 1
    Kingdom: first-game
    Version: 0.1.0
    Result: Player 1 won: ...

    Player 2 buys Village
    Player 1 ends the Buy phase

The header is ``Key: value`` lines up to the first blank line; the moves follow, each in its
canonical text (:mod:`rulekeeper.notation`). A line starting with ``;`` is a comment.

A record is the referee's account: it holds every move, and a move may name a card only its
player saw (the card Courtyard puts back), so it is not what a player is shown during play. What
a player is told is the log as :meth:`~rulekeeper.engine.events.EventLog.seen_by` gives it for
them, and what they see of the table their view or ``position(game, viewer=...)``: both follow
the one model of who sees what (:mod:`rulekeeper.engine.events`).

Chance is recorded by its seed, not outcome by outcome: the game's seed fixes every shuffle,
roll and random pick (the decks of a bot game come from it too), so the same seed and the same
moves replay the same game. ``Version`` says which engine played it; another version may deal
differently, and :func:`replay` then says so when a move no longer fits.

>>> from rulekeeper.records import Record, replay
>>> record = Record("dominion", players=2, seed=1, kingdom="first-game",
...                 moves=["Player 2 buys Village"])
>>> game = replay(record)
>>> game.log[-3].text
'Player 2 gains Village'
>>> Record.parse(record.text()) == record
True
"""

from __future__ import annotations

import json
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field

from rulekeeper import __version__
from rulekeeper.engine.game import Game, player_names
from rulekeeper.engine.notation import MoveError
from rulekeeper.engine.saves import read_json_value
from rulekeeper.errors import IllegalActionError, InputError, SerializationError
from rulekeeper.games import game_format
from rulekeeper.notation import push

KEYS = (
    "Format",
    "Players",
    "Seed",
    "Variant",
    "Kingdom",
    "Cube",
    "Position",
    "Version",
    "Result",
)
"""The header's keys, in the order they are written; Format, Players and Seed are required."""


@dataclass
class Record:
    """One game: how it was set up and the moves played, in the notation."""

    format: str
    players: int
    seed: int
    variant: str = ""
    kingdom: str = ""
    """The named kingdom the game was set up with (Dominion's ``--kingdom``)."""
    cube: Sequence[str] | None = None
    """The cube the game was cut from (Stockpile Draft's ``--cube``), by card name."""
    position: str = ""
    """The position the game started from (:mod:`rulekeeper.position`), where it did not start
    from the header's new game: a game played on from a worked example in the browser."""
    moves: list[str] = field(default_factory=list)
    version: str = __version__
    result: str = ""
    lines: list[int] = field(default_factory=list, compare=False)
    """Where each move was read, 1-based (for errors); empty for a record made here."""
    header_lines: dict[str, int] = field(default_factory=dict, compare=False)
    """Where each header line was read, by key (for errors); empty for a record made here."""
    source: str = field(default="", compare=False)
    """The file the record was read from, if any (for errors)."""

    def start(self) -> Game:
        """The game as the record's header sets it up, before any move.

        :raises HeaderError: naming the header's line, if it names no format, variant, cube or
            table size it can be.
        """
        with self._at("Format"):
            entry = game_format(self.format)
        if self.position:
            # Imported here: the position notation imports every format's words.
            from rulekeeper.position import from_position

            with self._at("Position"):
                game = from_position(self.position)
                if game.format_key != entry.key:
                    raise InputError(f"the Position is a {game.format_key} game, not {entry.key}")
            return game
        with self._at("Players"):
            entry.check_players(self.players)
        if self.cube is not None:
            with self._at("Cube"):
                if entry.new_game_from_cube is None:
                    raise InputError(f"{entry.name} is not played from a cube")
                return entry.new_game_from_cube(self.seed, self.players, list(self.cube))
        variant, kingdom = self.variant, self.kingdom
        if variant in entry.kingdoms and variant not in entry.variants and not kingdom:
            # A record of release 0.1.0 names a Dominion kingdom as its Variant.
            variant, kingdom = "", variant
        with self._at("Variant"):
            entry.check_choices(variant, "")
        with self._at("Kingdom" if self.kingdom else "Variant"):
            entry.check_choices("", kingdom)
        with self._at("Seed"):
            return entry.new_game(self.seed, self.players, variant, kingdom)

    @contextmanager
    def _at(self, key: str) -> Iterator[None]:
        """Name header line ``key`` in an :class:`~rulekeeper.errors.InputError` raised within."""
        try:
            yield
        except HeaderError:
            raise
        except InputError as error:
            line = self.header_lines.get(key, 0)
            raise HeaderError(error.message, source=self.source, line=line) from None

    def check_result(self, game: Game) -> str:
        """What is wrong with the ``Result`` header, given ``game`` replayed from the record's
        moves: ``""`` if it agrees (or there is none), else the disagreement in words. A record
        cut short or edited replays to another end than the one it claims.
        """
        if not self.result:
            return ""
        outcome = game.outcome
        replayed = outcome.describe(player_names(game)) if outcome else "unfinished"
        if replayed == self.result:
            return ""
        line = self.header_lines.get("Result", 0)
        where = f"{self.source}:{line}: " if self.source and line else ""
        return (
            f"{where}the record says the result is {self.result!r}, but its moves replay to "
            f"{replayed!r}: it was cut short or edited"
        )

    def text(self) -> str:
        """The record as a file holds it."""
        values = {
            "Format": self.format,
            "Players": str(self.players),
            "Seed": str(self.seed),
            "Variant": self.variant,
            "Kingdom": self.kingdom,
            "Cube": json.dumps(list(self.cube)) if self.cube is not None else "",
            # One header line: the position's lines as a JSON string.
            "Position": json.dumps(self.position) if self.position else "",
            "Version": self.version,
            "Result": self.result,
        }
        header = [f"{key}: {values[key]}" for key in KEYS if values[key]]
        return "\n".join([*header, "", *self.moves]) + "\n"

    @classmethod
    def parse(cls, text: str, *, source: str = "") -> Record:
        """Read a record written by :meth:`text` (or by hand).

        :raises InputError: naming the line, if the header is malformed.
        """
        values: dict[str, str] = {}
        at: dict[str, int] = {}
        lines = text.splitlines()
        number = 0
        for number, line in enumerate(lines, 1):
            if not line.strip():
                break
            if line.startswith(";"):
                continue
            key, colon, value = line.partition(":")
            key = key.strip().capitalize()
            if not colon or key not in KEYS:
                raise HeaderError(
                    f"{_short(line)} is not a header line (Key: value, with keys "
                    f"{', '.join(KEYS)})",
                    source=source,
                    line=number,
                )
            if key in values:
                raise HeaderError(f"{key} is given twice", source=source, line=number)
            values[key] = value.strip()
            at[key] = number
        else:
            number = len(lines)
        for key in ("Format", "Players", "Seed"):
            if key not in values:
                raise HeaderError(f"the header has no {key}", source=source, line=1)
        record = cls(
            values["Format"],
            players=_number(values["Players"], "Players", source, at["Players"]),
            seed=_number(values["Seed"], "Seed", source, at["Seed"]),
            variant=values.get("Variant", ""),
            kingdom=values.get("Kingdom", ""),
            cube=_cube(values["Cube"], source, at["Cube"]) if "Cube" in values else None,
            position=(
                _position(values["Position"], source, at["Position"])
                if "Position" in values
                else ""
            ),
            version=values.get("Version", ""),
            result=values.get("Result", ""),
            header_lines=at,
            source=source,
        )
        for index, line in enumerate(lines[number:], number + 1):
            if line.strip() and not line.startswith(";"):
                record.moves.append(line.strip())
                record.lines.append(index)
        return record


MAX_MOVE_CHARS = 2000
"""The longest move line replayed. The longest move of any format, all its targets and choices
written out, is a few hundred characters; a longer line names no move, and is refused before
the notation reads it (and before an error quotes it whole)."""


class HeaderError(InputError):
    """A record's header is unusable: it cannot be read, or sets up no game (exit code 2)."""


MAX_SEED_DIGITS = 30
"""The longest seed or table size read from a header: a seed of this engine is far shorter,
and int() of thousands of digits is slow or refused."""


def _short(text: str) -> str:
    """``text`` quoted for an error, cut if long (a hostile line may be megabytes)."""
    return repr(text if len(text) <= 60 else text[:60] + "...")


def _number(value: str, key: str, source: str, line: int) -> int:
    digits = value.removeprefix("-")
    if not (digits.isascii() and digits.isdigit()) or len(digits) > MAX_SEED_DIGITS:
        raise HeaderError(
            f"{key} must be a whole number of at most {MAX_SEED_DIGITS} digits, not "
            f"{_short(value)}",
            source=source,
            line=line,
        )
    return int(value)


def _cube(value: str, source: str, line: int) -> list[str]:
    try:  # read as a save's JSON is: no NaN, no deep nesting (a RecursionError escaped)
        names = read_json_value(value)
    except SerializationError:
        names = None
    if not isinstance(names, list) or not all(isinstance(n, str) for n in names):
        raise HeaderError("Cube must be a JSON list of card names", source=source, line=line)
    return names


def _position(value: str, source: str, line: int) -> str:
    try:  # read as the Cube is, for the same reasons
        text = read_json_value(value)
    except SerializationError:
        text = None
    if not isinstance(text, str):
        raise HeaderError(
            "Position must be a JSON string (the position's text)", source=source, line=line
        )
    return text


class ReplayError(InputError):
    """A move of a record cannot be played: ``move`` is its text, ``rule`` the rule it breaks
    (``""`` if the text names no legal move at all), ``game`` the game up to that move."""

    def __init__(
        self, message: str, *, move: str, rule: str, source: str, line: int, game: Game
    ) -> None:
        self.move, self.rule, self.game = move, rule, game
        super().__init__(message, source=source, line=line)


def replay(record: Record, *, source: str = "") -> Game:
    """Play the record's moves against the rules from its header's setup; return the game.

    :raises HeaderError: if the header sets up no game.
    :raises ReplayError: at the first move that is illegal or names no legal move.
    """
    if source and not record.source:
        record.source = source
    game = record.start()
    # Another engine may deal differently from the same seed: say so beside any refusal.
    other = record.version and record.version != __version__
    note = f" (recorded by version {record.version}, replayed by {__version__})" if other else ""
    upgrade = game_format(game.format_key).recorded_move
    for index, move in enumerate(record.moves):
        line = record.lines[index] if index < len(record.lines) else 0
        if len(move) > MAX_MOVE_CHARS:
            raise ReplayError(
                f"a move of {len(move)} characters names no move (a move is at most "
                f"{MAX_MOVE_CHARS}): {_short(move)}",
                move=move[:MAX_MOVE_CHARS],
                rule="",
                source=source,
                line=line,
                game=game,
            )
        try:
            push(game, upgrade(game, move) if upgrade is not None else move)
        except IllegalActionError as error:
            message = f"move {move!r} breaks {error.rule}: {error.reason}{note}"
            raise ReplayError(
                message, move=move, rule=error.rule, source=source, line=line, game=game
            ) from None
        except MoveError as error:
            raise ReplayError(
                f"{error}{note}", move=move, rule="", source=source, line=line, game=game
            ) from None
    return game
