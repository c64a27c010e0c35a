"""What a judge reads in a worked example: its position, its moves and the engine's answers.

A worked example is a doctest. :func:`judge_lines` reads one and keeps what a judge would say
about it, as ``(kind, text)`` pairs:

- ``position``: the position the game is built from (``game = from_position('''...''')``);
- ``move``: a move in the notation (``push(game, "Ann buys Smithy")``);
- ``says``: a line of the engine's answer that cites a rule, a log line without its ``turn N:``
  prefix (:func:`rulekeeper.engine.events.without_turn`), or a refusal as the rule and its
  reason;
- ``answer``: what the engine answered to a question the example asks in words, a comment
  ending in a question mark that closes the statement (``>>> game.supply_of(0)  # What is in
  Ann's Supply?``), the value said in words (``What is in Ann's Supply? Copper, Silver, ...``).
- ``printed``: in an example that neither starts from a position's text nor makes a move, a
  position it prints (``print(position(game))``), shown as a table: elsewhere a printed
  position is a check only a programmer needs.

A statement with no such comment whose answer cites no rule is a check only a programmer needs,
and is left to the folded doctest.

>>> judge_lines('''>>> len(game.pile("Curse")), game.over  # How many Curses left? Is it over?
... (10, False)
... >>> push(game, "Ann buys Curse")
... turn 2: Ann gains a Curse (DM 4.1)
... ''')  # doctest: +NORMALIZE_WHITESPACE
[('answer', 'How many Curses left? Is it over? 10, no'),
 ('move', 'Ann buys Curse'), ('says', 'Ann gains a Curse (DM 4.1)')]
"""

from __future__ import annotations

import ast
import doctest
import io
import re
import tokenize

from rulekeeper.engine.events import without_turn
from rulekeeper.engine.position import PositionError
from rulekeeper.engine.position import read as read_position

POSITION_FUNCTIONS = frozenset({"from_position"})
"""Calls whose first argument, a string literal, is a position's text, shown as a table."""

MOVE_FUNCTIONS = frozenset({"push"})
"""Calls whose first string argument is a move in the notation, shown as the move."""

_CITATION = re.compile(r"\([A-Z]{2} (?:R\d+|\d+(?:\.\d+)*[a-z]?)[,):]|^[A-Z]{2} \S+: ")
"""A rule cited the way the engine cites one: ``(DD 3.2)``, ``(DD 2.1, ...)``, or a refusal
printed as ``RR 6.1a: Mire Lurker is tapped``."""

_EXCEPTION_NAME = re.compile(r"^[\w.]+(?:Error|Exception): ")
"""The exception's name before its message, which a reader need not see."""

_REFUSED_MOVE = re.compile(
    r"illegal action: .* \((?P<rule>[A-Z]{2} \S+): (?P<reason>.*)\)", re.DOTALL
)
"""How a refused move reads: ``illegal action: MOVE (RULE: why)``."""

PRINTED_POSITION = "Format: "
"""How a printed position starts: :func:`rulekeeper.position.position` writes the format
first."""


def _move(source: str) -> str | None:
    """The move text of ``push(game, "...")``, or None if ``source`` is not such a call."""
    try:
        tree = ast.parse(source.strip(), mode="eval")
    except SyntaxError:
        return None
    call = tree.body
    if not (
        isinstance(call, ast.Call)
        and isinstance(call.func, ast.Name)
        and call.func.id in MOVE_FUNCTIONS
        and len(call.args) == 2
        and isinstance(call.args[1], ast.Constant)
        and isinstance(call.args[1].value, str)
    ):
        return None
    return call.args[1].value


def _position(source: str) -> tuple[str, int] | None:
    """The position text of ``from_position('''...''')`` in ``source`` and the line of the
    source it starts on (0-based), or None if the source builds no game from a literal text."""
    try:
        tree = ast.parse(source)
    except SyntaxError:
        return None
    for node in ast.walk(tree):
        if (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Name | ast.Attribute)
            and (node.func.id if isinstance(node.func, ast.Name) else node.func.attr)
            in POSITION_FUNCTIONS
            and node.args
            and isinstance(node.args[0], ast.Constant)
            and isinstance(node.args[0].value, str)
        ):
            return node.args[0].value, node.args[0].lineno - 1
    return None


def _answers(example: doctest.Example) -> list[str]:
    """The lines of what the engine said that cite a rule: log lines and refusals."""
    if example.exc_msg is not None:
        message = _EXCEPTION_NAME.sub("", example.exc_msg.strip())
        refusal = _REFUSED_MOVE.fullmatch(message)
        if refusal:  # the move is shown just above: say only the rule and why
            return [f"Refused ({refusal['rule']}): {refusal['reason']}"]
        return [f"Refused: {message}"] if _CITATION.search(message) else []
    lines = []
    for line in example.want.splitlines():
        text = line.strip()
        if len(text) > 1 and text[0] == text[-1] and text[0] in "'\"":
            text = text[1:-1]  # a string the example returned, shown without its quotes
        text = without_turn(text)
        if _CITATION.search(text):
            lines.append(text)
    return lines


def _question(source: str) -> str | None:
    """The question closing the statement ``source``, a comment on its last line that ends
    with a question mark, or None if it asks none (a comment that is a note to the reader of
    the doctest is not a question)."""
    last = len(source.rstrip("\n").splitlines())
    try:
        tokens = list(tokenize.generate_tokens(io.StringIO(source).readline))
    except (tokenize.TokenError, SyntaxError):
        return None
    for token in reversed(tokens):
        if token.type == tokenize.COMMENT and token.start[0] == last:
            question = token.string.lstrip("#").strip()
            return question if question.endswith("?") else None
    return None


def in_words(value: object) -> str:
    """A value the engine answered, said as a judge says it: a sequence as its items with
    commas (with semicolons between items that are themselves sequences), a mapping as each
    key and its value, true and false as yes and no, nothing as none.

    >>> in_words({"Copper": 46, "Curse": 10}), in_words((0, True))
    ('Copper 46, Curse 10', '0, yes')
    >>> in_words([["Smithy", "Market"], ("Witch",)]), in_words([])
    ('Smithy, Market; Witch', 'none')
    """
    if isinstance(value, bool):
        return "yes" if value else "no"
    if value is None or value == "":
        return "none"
    if isinstance(value, dict):
        return ", ".join(f"{in_words(k)} {in_words(v)}" for k, v in value.items()) or "none"
    if isinstance(value, set | frozenset):
        value = sorted(value, key=repr)
    if isinstance(value, list | tuple):
        nested = any(isinstance(item, list | tuple | set | frozenset) for item in value)
        return ("; " if nested else ", ").join(in_words(item) for item in value) or "none"
    return str(value)


def _said(example: doctest.Example) -> str | None:
    """The engine's answer to a statement asking a question in words, said in words, or None
    if it asks none or the answer is not a value a reader reads (an object's repr)."""
    question = _question(example.source)
    if question is None or example.exc_msg is not None or not example.want.strip():
        return None
    want = example.want.replace(doctest.BLANKLINE_MARKER, "").strip()
    try:
        answer = in_words(ast.literal_eval(want))
    except (ValueError, SyntaxError):
        if not example.source.lstrip().startswith("print("):
            return None
        answer = want  # printed for a reader already
    return f"{question} {answer}"


def _printed_position(example: doctest.Example) -> str | None:
    """The position the statement printed, or None if it printed none."""
    want = example.want.replace(doctest.BLANKLINE_MARKER, "")
    if example.exc_msg is not None or not want.startswith(PRINTED_POSITION):
        return None
    try:
        read_position(want)
    except PositionError:
        return None
    return want


def judge_lines(code: str) -> list[tuple[str, str]]:
    """What a judge reads in a doctest: ``(kind, text)`` pairs, the kinds ``position``,
    ``move``, ``says``, ``printed`` and ``answer`` (see the module's docstring).

    :raises PositionError: if a position's text does not read, its ``line`` counted from the
        first line of ``code`` (1-based).
    """
    try:
        examples = doctest.DocTestParser().get_examples(code)
    except ValueError:
        return []
    lines: list[tuple[str, str]] = []
    for example in examples:
        found = _position(example.source)
        if found is not None:
            text, first = found
            try:
                read_position(text)
            except PositionError as error:
                raise PositionError(
                    error.message,
                    line=example.lineno + first + max(error.line, 1),
                ) from None
            lines.append(("position", text))
        move = _move(example.source)
        if move is not None:
            lines.append(("move", move))
        printed = _printed_position(example)
        if printed is not None:
            lines.append(("printed", printed))
            continue
        said = _said(example)
        if said is not None:
            lines.append(("answer", said.replace("...", "…")))
            continue
        for answer in _answers(example):
            line = ("says", answer.replace("...", "…"))
            # Each move shows all it answered, even what an earlier move answered in the same
            # words; another statement's line already shown is the log printed again.
            if move is not None or line not in lines:
                lines.append(line)
    if any(kind in ("position", "move") for kind, _ in lines):
        lines = [(kind, text) for kind, text in lines if kind != "printed"]
    return lines


def position_and_moves(code: str) -> tuple[str, list[str]] | None:
    """The first position an example builds its game from and the moves it plays after it,
    or None if it builds none from a position's text (nothing for a reader to edit)."""
    position: str | None = None
    moves: list[str] = []
    for kind, text in judge_lines(code):
        if kind == "position" and position is None:
            position = text
        elif kind == "move" and position is not None:
            moves.append(text)
    return None if position is None else (position, moves)
