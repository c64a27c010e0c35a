"""Game records: a header and the moves in the notation, one a line, as PGN is for chess.

A record reads like this::

    Format: dominion
    Players: 2
    Seed: 1
    Variant: first-game
    Version: 0.1.0
    Result: Player 1 won: ...

    Player 2 buys Village
    Player 1 ends the Buy phase

The header is ``Key: value`` lines up to the first blank line; the moves follow, each in its
canonical text (:mod:`rulekeeper.notation`). A line starting with ``;`` is a comment.

Chance is recorded by its seed, not outcome by outcome: the game's seed fixes every shuffle,
roll and random pick (the decks of a bot game come from it too), so the same seed and the same
moves replay the same game. ``Version`` says which engine played it; another version may deal
differently, and :func:`replay` then says so when a move no longer fits.

>>> from rulekeeper.records import Record, replay
>>> record = Record("dominion", players=2, seed=1, variant="first-game",
...                 moves=["Player 2 buys Village"])
>>> game = replay(record)
>>> game.log[-3].text
'Player 2 gains Village'
>>> Record.parse(record.text()) == record
True
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass, field

from rulekeeper import __version__
from rulekeeper.engine.game import Game
from rulekeeper.engine.notation import MoveError
from rulekeeper.errors import IllegalActionError, InputError
from rulekeeper.games import game_format
from rulekeeper.notation import push

KEYS = ("Format", "Players", "Seed", "Variant", "Cube", "Position", "Version", "Result")
"""The header's keys, in the order they are written; Format, Players and Seed are required."""


@dataclass
class Record:
    """One game: how it was set up and the moves played, in the notation."""

    format: str
    players: int
    seed: int
    variant: str = ""
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

    def start(self) -> Game:
        """The game as the record's header sets it up, before any move.

        :raises InputError: if the header names no format, variant or table size it can be.
        """
        entry = game_format(self.format)
        if self.position:
            # Imported here: the position notation imports every format's words.
            from rulekeeper.position import from_position

            game = from_position(self.position)
            if game.format_key != entry.key:
                raise InputError(f"the Position is a {game.format_key} game, not {entry.key}")
            return game
        entry.check_players(self.players)
        if self.cube is not None:
            if entry.new_game_from_cube is None:
                raise InputError(f"{entry.name} is not played from a cube")
            return entry.new_game_from_cube(self.seed, self.players, list(self.cube))
        if self.variant and self.variant not in entry.variants:
            raise InputError(f"{entry.name} has no variant {self.variant!r}")
        return entry.new_game(self.seed, self.players, self.variant)

    def text(self) -> str:
        """The record as a file holds it."""
        values = {
            "Format": self.format,
            "Players": str(self.players),
            "Seed": str(self.seed),
            "Variant": self.variant,
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
                raise InputError(
                    f"{line!r} is not a header line (Key: value, with keys {', '.join(KEYS)})",
                    source=source,
                    line=number,
                )
            if key in values:
                raise InputError(f"{key} is given twice", source=source, line=number)
            values[key] = value.strip()
        else:
            number = len(lines)
        for key in ("Format", "Players", "Seed"):
            if key not in values:
                raise InputError(f"the header has no {key}", source=source, line=1)
        record = cls(
            values["Format"],
            players=_number(values["Players"], "Players", source),
            seed=_number(values["Seed"], "Seed", source),
            variant=values.get("Variant", ""),
            cube=_cube(values["Cube"], source) if "Cube" in values else None,
            position=_position(values["Position"], source) if "Position" in values else "",
            version=values.get("Version", ""),
            result=values.get("Result", ""),
        )
        for index, line in enumerate(lines[number:], number + 1):
            if line.strip() and not line.startswith(";"):
                record.moves.append(line.strip())
                record.lines.append(index)
        return record


def _number(value: str, key: str, source: str) -> int:
    try:
        return int(value)
    except ValueError:
        raise InputError(f"{key} must be a whole number, not {value!r}", source=source) from None


def _cube(value: str, source: str) -> list[str]:
    try:
        names = json.loads(value)
    except ValueError:
        names = None
    if not isinstance(names, list) or not all(isinstance(n, str) for n in names):
        raise InputError("Cube must be a JSON list of card names", source=source)
    return names


def _position(value: str, source: str) -> str:
    try:
        text = json.loads(value)
    except ValueError:
        text = None
    if not isinstance(text, str):
        raise InputError("Position must be a JSON string (the position's text)", source=source)
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

    :raises InputError: if the header sets up no game.
    :raises ReplayError: at the first move that is illegal or names no legal move.
    """
    game = record.start()
    # Another engine may deal differently from the same seed: say so beside any refusal.
    other = record.version and record.version != __version__
    note = f" (recorded by version {record.version}, replayed by {__version__})" if other else ""
    for index, move in enumerate(record.moves):
        line = record.lines[index] if index < len(record.lines) else 0
        try:
            push(game, move)
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
