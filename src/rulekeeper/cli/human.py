"""A person at the table: ``rulekeeper play FORMAT --human SEAT`` reads their moves.

The person sees what their player may know, written as the rules pages write a position
(:func:`rulekeeper.position.position` for their seat: never another player's hidden card), the
legal moves in the notation, and the log as it happens, as their player is told it (what
another player keeps to themselves is not in it). They type a move in the notation (short forms
accepted, see :mod:`rulekeeper.engine.notation`) or one of the commands of :data:`COMMANDS`.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Final, TextIO

from rulekeeper.engine.events import may_see
from rulekeeper.engine.game import Action, Game, player_names
from rulekeeper.engine.notation import MoveError
from rulekeeper.errors import IllegalActionError, RulekeeperError
from rulekeeper.notation import notation
from rulekeeper.position import position

COMMANDS: Final = {
    "help": "show this help",
    "moves": "list your legal moves",
    "view": "show what you can see of the table",
    "rule ID": "show a rule, e.g. rule MG 3.1",
    "quit [FILE]": "stop the game; with FILE (or --record), save its record so far",
}
"""What a person may type besides a move."""


class Quit(Exception):
    """The person stopped the game; ``record`` is where to save it, if anywhere."""

    def __init__(self, record: str) -> None:
        self.record = record
        super().__init__(record)


class Terminal:
    """Where the people at the table read and type: one for every seat a person takes, so
    that each line of the log is shown once.

    ``seats`` are the seats people take here; the log shows only the events one of them may
    see (:func:`rulekeeper.engine.events.may_see`: the one model of who sees what, which also
    makes each player's view and each position written for them). With no seats, it shows
    everything, as a referee's log does.
    """

    def __init__(self, game: Game, read: TextIO, write: TextIO, seats: Sequence[int] = ()) -> None:
        self.game, self.read, self.write = game, read, write
        self.seats = tuple(seats)
        self._log_seen = 0

    def news(self) -> str:
        """The log since it was last shown, as the people at this terminal may see it."""
        events = self.game.log.since(self._log_seen)
        self._log_seen = len(self.game.log)
        if self.seats:
            events = [e for e in events if any(may_see(e.seen_by, s) for s in self.seats)]
        return "\n".join(str(event) for event in events)


class Human:
    """An agent that asks a person at ``terminal``, showing only ``seat``'s view.

    The game is read for the notation of the legal moves, which name only cards the deciding
    player may know, and for the log.
    """

    def __init__(self, terminal: Terminal, seat: int) -> None:
        self.terminal, self.seat, self.game = terminal, seat, terminal.game
        self._read, self._write = terminal.read, terminal.write

    def _say(self, text: str) -> None:
        print(text, file=self._write)

    def choose(self, view: dict[str, Any], actions: Sequence[Action]) -> Action:
        """Show the news, the view and the moves; read lines until one names a legal move.

        :raises Quit: when the person types ``quit`` or the input ends.
        """
        news = self.terminal.news()
        if news:
            self._say(news)
        self._say(self._position())
        moves = notation(self.game)
        self._list(moves.moves())
        name = player_names(self.game)[self.seat]
        while True:
            self._write.write(f"{name}> ")
            self._write.flush()
            line = self._read.readline()
            if not line:  # the input ended: nobody is left to decide
                self._say("")
                raise Quit("")
            text = line.strip()
            word, _, rest = text.partition(" ")
            command = word.casefold()
            if not text:
                continue
            # A command is a whole line, or its first word for those that take one: a move
            # may start with the same word ("moves Smithy to the centre").
            if command == "quit":
                raise Quit(rest.strip())
            if text.casefold() == "help":
                self._help()
            elif text.casefold() == "moves":
                self._list(moves.moves())
            elif text.casefold() == "view":
                self._say(self._position())
            elif command == "rule":
                self._rule(rest)
            else:
                try:
                    return moves.parse(text)
                except IllegalActionError as error:
                    self._say(f"refused: {error.action} breaks {error.rule}: {error.reason}")
                    self._say(f"  see {error.url} or type: rule {error.rule}")
                except MoveError as error:
                    self._say(str(error))

    def _position(self) -> str:
        """The position as this seat may see it, as the rules pages show one."""
        return position(self.game, viewer=self.seat).rstrip("\n")

    def _list(self, moves: Sequence[Any]) -> None:
        self._say("your moves:")
        for move in moves:
            self._say(f"  {move.text}")

    def _help(self) -> None:
        self._say("type a move as listed; case does not matter, your name may be left out")
        self._say("and any word cut short, as long as one move fits (e.g. 'pass', 'buy sil').")
        for command, what in COMMANDS.items():
            self._say(f"  {command:<12} {what}")

    def _rule(self, rule_id: str) -> None:
        from rulekeeper.rulebook import load_rulebook
        from rulekeeper.rules import parse_rule_id, rule_url

        try:
            found = load_rulebook().get(parse_rule_id(rule_id))
        except RulekeeperError as error:
            self._say(str(error))
            return
        if found is None:
            self._say(f"no rule {rule_id.strip()!r}")
            return
        title = f" ({found.title})" if found.title else ""
        self._say(f"{found.id}{title}: {found.plain_text}")
        self._say(f"  {rule_url(found.id)}")
