"""The operations the site's Web Worker answers: run a page's example, play, explain, finish.

Each takes and returns plain JSON values, so the worker passes a request's arguments straight
in and its answer straight back, and CPython's tests cover exactly what the browser runs.
Results read as the pages read: log lines without their ``turn N:`` prefix, refusals as the
judge's line with the rule and its reason, rules linked by their short address.

>>> from rulekeeper.browser.api import play
>>> start = "Format: rr\\n\\nAlice: ep 3; hand Barrow Wight, Gloom Brute\\nBob: hand Brace\\n"
>>> answer = play(position=start, moves=["Alice casts Barrow Wight face down"])
>>> answer["ok"], answer["log"], answer["deciding"]
(True, ['Alice casts a card face down for 3 EP (EP 0) (RR R59)'], 'Alice')
>>> play(position=start, moves=["Alice casts Gloom Brute face down"])["error"]["rule"]
'RR 13.2a'
>>> play(position=start.replace("Gloom", "Glom"), moves=[])["error"]
{'line': 3, 'message': "position:3: no card named 'Glom Brute'; did you mean 'Gloom Brute'?"}
"""

from __future__ import annotations

import doctest
import re
import sys
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from rulekeeper.browser.session import PageSession
from rulekeeper.engine.agents import play as play_out
from rulekeeper.engine.events import Event, without_turn
from rulekeeper.engine.game import Action, Game, player_names
from rulekeeper.engine.notation import MoveError
from rulekeeper.engine.position import read as read_position
from rulekeeper.errors import IllegalActionError, InputError
from rulekeeper.games import FORMATS
from rulekeeper.notation import describe, notation, parse
from rulekeeper.position import from_position, position
from rulekeeper.records import Record
from rulekeeper.rules import short_address

OPTIONS = doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE
"""The doctest options the suite's Sybil runs the examples with."""

BOT = "heuristic"
"""The agent that finishes a game for every seat, as ``rulekeeper play`` does by default."""

JSON = dict[str, Any]


# -- Running a page's examples -------------------------------------------------------------------

_TRAILING = re.compile(r"[ \t]+$", re.MULTILINE)
_BEFORE_ELLIPSIS = re.compile(r"[ \t]+(?=\.\.\.$)", re.MULTILINE)


class _Checker(doctest.OutputChecker):
    """Compares as Sybil's checker does: trailing whitespace is not part of the output."""

    def check_output(self, want: str, got: str, optionflags: int) -> bool:
        want, got = _TRAILING.sub("", want), _TRAILING.sub("", got)
        if optionflags & doctest.ELLIPSIS:
            want = _BEFORE_ELLIPSIS.sub("", want)
        return super().check_output(want, got, optionflags)


class _Runner(doctest.DocTestRunner):
    """Runs one statement at a time and keeps what it printed and whether it matched."""

    def __init__(self) -> None:
        super().__init__(verbose=False, optionflags=OPTIONS, checker=_Checker())
        self.got = ""
        self.ok = True

    def report_start(self, out: Any, test: doctest.DocTest, example: doctest.Example) -> None:
        return None

    def report_success(
        self, out: Any, test: doctest.DocTest, example: doctest.Example, got: str
    ) -> None:
        # An expected exception matched: what it printed is what the page says.
        self.got, self.ok = (example.want if example.exc_msg is not None else got), True

    def report_failure(
        self, out: Any, test: doctest.DocTest, example: doctest.Example, got: str
    ) -> None:
        self.got, self.ok = got, False

    def report_unexpected_exception(
        self, out: Any, test: doctest.DocTest, example: doctest.Example, exc_info: Any
    ) -> None:
        kind, value, _ = exc_info
        name = kind.__qualname__ if kind.__module__ == "builtins" else kind.__module__ + "."
        name = name if kind.__module__ == "builtins" else name + kind.__qualname__
        self.got = f"Traceback (most recent call last):\n...\n{name}: {value}\n"
        self.ok = False


_session = PageSession()
"""The last page's namespaces: a later run of the same page goes on from them."""


def _statements(source: str, line: int) -> list[doctest.Example]:
    """The statements of a block, each with its line in the page (0-based, as doctest)."""
    examples = doctest.DocTestParser().get_examples(source)
    for example in examples:
        example.lineno += line - 1
    return examples


def _run(namespace: dict[str, Any], example: doctest.Example, name: str) -> tuple[str, bool]:
    """Run one statement in ``namespace``; what it printed and whether that is what it wants.

    Each statement runs as a test of its own name: doctest finds a statement's source by the
    test's name, and two tests with one name crashed it (IndexError) instead of reporting.
    """
    runner = _Runner()
    test = doctest.DocTest([example], namespace, f"{name}:{example.lineno + 1}", None, 0, None)
    test.globs = namespace  # doctest runs in a copy; a page's statements build on each other
    runner.run(test, clear_globs=False, out=lambda _: None)
    return runner.got, runner.ok


def _source(block: Mapping[str, Any]) -> str:
    return str(block["source"])


def _run_block(namespace: dict[str, Any], block: Mapping[str, Any]) -> None:
    """Run a block before the one asked for, silently, as Sybil runs it."""
    source = _source(block)
    if source.lstrip().startswith(">>>"):
        for example in _statements(source, int(block["line"])):
            _run(namespace, example, "page")
    else:  # plain code, run as Sybil runs it: its lines numbered as in the page
        code = compile("\n" * (int(block["line"]) - 1) + source, "page", "exec")
        exec(code, namespace)


def run_page(blocks: Sequence[Mapping[str, Any]], upto: int) -> list[JSON]:
    """Run ``blocks[:upto]`` silently, then compare ``blocks[upto]`` statement by statement.

    A page's blocks share one namespace and build on each other, so the earlier ones run
    first. A later call for the same page does not run them again where the blocks are the
    same: it goes on from the namespace the last call left, or starts from a copy of the
    namespace as it was before ``blocks[upto]`` when that example ran before
    (:class:`~rulekeeper.browser.session.PageSession`), which gives the same results as
    running from the start. Each result is ``{source, want, got, ok, line}`` (``line``: the
    statement's line in the page).
    """
    if not 0 <= upto < len(blocks):
        raise ValueError(f"upto must be between 0 and {len(blocks) - 1}, not {upto}")
    namespace, ran = _session.resume([_source(b) for b in blocks], upto)
    for index in range(ran, upto):
        _run_block(namespace, blocks[index])
    _session.checkpoint(upto, namespace)
    block = blocks[upto]
    results: list[JSON] = []
    for example in _statements(_source(block), int(block["line"])):
        got, ok = _run(namespace, example, "page")
        want = example.want
        if example.exc_msg is not None:
            want = f"Traceback (most recent call last):\n...\n{example.exc_msg}"
        results.append(
            {
                "source": example.source,
                "want": want,
                "got": got,
                "ok": ok,
                "line": example.lineno + 1,
            }
        )
    _session.ran(upto, namespace)
    return results


# -- What the worker keeps -----------------------------------------------------------------------


def loaded() -> int:
    """How much of the engine this interpreter holds: the number of modules imported, and one
    more once the card index has been read. The site's worker keeps a new snapshot of its
    memory for the reader's next visit whenever this grows."""
    carddb = sys.modules.get("rulekeeper.mtg.carddb")
    index = getattr(carddb, "card_index", None)
    read = index is not None and index.cache_info().currsize > 0
    return len(sys.modules) + int(read)


# -- Playing from a position ---------------------------------------------------------------------


@dataclass
class _Played:
    """A game built from a position with the moves that could be played, and the first
    problem met, if any."""

    game: Game | None
    start: str
    moves: list[str] = field(default_factory=list)
    log: list[str] = field(default_factory=list)
    error: JSON | None = None


def _line(event: Event) -> str:
    """An event as the pages show it: the log's line without its ``turn N:`` prefix."""
    return without_turn(str(event))


def _rule_link(rule: str) -> JSON:
    return {"id": rule, "url": short_address(rule)}


def _refusal(error: Exception, line: int | None = None) -> JSON:
    """The error a reader is shown: the message, where it is (the position's line, or the
    move's number), and the rule it breaks with its address."""
    found: JSON = {}
    if line:
        found["line"] = line
    found["message"] = str(error)
    if isinstance(error, IllegalActionError):
        found.update(rule=error.rule, url=short_address(error.rule))
    return found


def _start(text: str, format: str | None) -> str:
    """The position's text, with a ``Format`` line first where it has none and one is given."""
    if format and not re.match(r"\s*format\s*:", text, re.IGNORECASE):
        return f"Format: {format}\n{text}"
    return text


def _apply(game: Game, text: str) -> list[Event]:
    """Apply the move ``text`` names; its canonical text is recorded by the caller."""
    action = parse(game, text)
    before = len(game.log)
    game.apply(action)
    return list(game.log.since(before))


def _play(start: str, moves: Sequence[str], format: str | None = None) -> _Played:
    text = _start(start, format)
    try:
        game = from_position(text)
    except InputError as error:  # a PositionError names the line; a count of seats does too
        return _Played(None, text, error=_refusal(error, error.line))
    played = _Played(game, text)
    for number, move in enumerate(moves, 1):
        try:
            canonical = describe(game, parse(game, move))
            played.log += [_line(e) for e in _apply(game, canonical)]
        except (IllegalActionError, MoveError) as error:
            played.error = _refusal(error, number)
            break
        played.moves.append(canonical)
    return played


def _record(played: _Played, result: str) -> str:
    game = played.game
    assert game is not None
    seed = read_position(played.start).get("Seed", "0")
    record = Record(
        game.format_key,
        players=len(player_names(game)),
        seed=int(seed) if seed.isdigit() else 0,
        position=played.start,
        moves=list(played.moves),
        result=result,
    )
    return record.text()


def _answer(played: _Played, viewer: int | None) -> JSON:
    game = played.game
    if game is None:
        return {
            "ok": False,
            "error": played.error,
            "log": [],
            "position": played.start,
            "deciding": None,
            "legal": [],
            "over": False,
            "result": None,
            "record": "",
        }
    outcome = game.outcome
    names = player_names(game)
    result = outcome.describe(names) if outcome is not None else None
    return {
        "ok": played.error is None,
        "error": played.error,
        "log": played.log,
        "position": position(game, viewer),
        "deciding": names[game.current_player()] if outcome is None else None,
        "legal": [] if outcome else [{"move": m.text} for m in notation(game).moves()],
        "over": outcome is not None,
        "result": result,
        "record": _record(played, result or "unfinished"),
    }


def play(
    position: str, moves: Sequence[str], format: str | None = None, viewer: int | None = None
) -> JSON:
    """Build the game ``position`` describes, play ``moves`` in the notation, and say where it
    stands: ``{ok, error, log, position, deciding, legal, over, result, record}``.

    A position the engine cannot build gives ``error`` with the reader's message and its
    ``line``; a move that cannot be played stops the moves there and gives ``error`` with the
    move's number as ``line`` and, for an illegal one, the ``rule`` and its ``url``. ``record``
    replays with ``rulekeeper replay``.
    """
    return _answer(_play(position, moves, format), viewer)


def finish(position: str, moves: Sequence[str], seed: int = 0, format: str | None = None) -> JSON:
    """As :func:`play`, then the bots play the game out (each seat's agent seeded from
    ``seed``); ``log`` holds the whole game's lines from the position on."""
    played = _play(position, moves, format)
    game = played.game
    if game is None or played.error is not None:
        return _answer(played, None)
    entry = FORMATS[game.format_key]
    agents = [entry.agents[BOT](seed * 101 + seat) for seat in range(len(player_names(game)))]
    before = len(game.log)

    def note(game: Game, action: Action) -> None:
        played.moves.append(describe(game, action))

    try:
        play_out(game, agents, on_action=note)
    except RuntimeError as error:  # the bots did not end it within the engine's bound
        played.error = {"message": str(error)}
    played.log += [_line(e) for e in game.log.since(before)]
    return _answer(played, None)


def explain(position: str, moves: Sequence[str], move: str, format: str | None = None) -> JSON:
    """Whether ``move`` may be played after ``moves``, and why: ``{legal, text, rules}``.

    A legal move's ``text`` is its canonical text and what it would cause, as the log would
    say it, and ``rules`` the rules those lines cite; an illegal one's text is the refusal and
    ``rules`` the rule it breaks.
    """
    played = _play(position, moves, format)
    game = played.game
    if game is None or played.error is not None:
        assert played.error is not None
        return {"legal": False, "text": played.error["message"], "rules": []}
    try:
        canonical = describe(game, parse(game, move))
    except IllegalActionError as error:
        return {"legal": False, "text": str(error), "rules": [_rule_link(error.rule)]}
    except MoveError as error:
        return {"legal": False, "text": str(error), "rules": []}
    events = _apply(game, canonical)
    rules = list(dict.fromkeys(e.rule for e in events if e.rule))
    text = "\n".join([canonical, *(_line(e) for e in events)])
    return {"legal": True, "text": text, "rules": [_rule_link(r) for r in rules]}
