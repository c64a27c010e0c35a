"""Worked examples shown as a judge reads them, with the doctest one click away.

A rule's worked example is a doctest Sybil runs against the engine. A reader wants what it
says, not the Python that says it: the moves (each ``push(game, "Ann buys Smithy")``) and what
the engine answers (the log lines, or the rule that refuses the move). So every ``python``
doctest inside a rule is shown as

- the moves and the engine's answers, in plain text, each rule ID in them linked to its rule;
- then the doctest itself, folded in a ``<details>`` ("Show the doctest"), where the copy button
  copies it as it is run.

An example that says nothing a judge reads (no move, no line citing a rule) is only folded.
Setup a reader need not see is not here at all: it is written in an
``% invisible-code-block: python`` comment, which MyST drops and Sybil runs.
"""

from __future__ import annotations

import ast
import doctest
import re
from typing import Any

from docutils import nodes
from sphinx import addnodes
from sphinx.application import Sphinx
from sphinx.transforms.post_transforms import SphinxPostTransform
from sphinx.writers.html5 import HTML5Translator

from rulekeeper.sphinx.domain import rules_domain
from rulekeeper.sphinx.traceability import rule_xref
from rulekeeper.sphinx.transforms import BEFORE_REFERENCES

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

_CITED_ID = re.compile(r"\b[A-Z]{2} (?:R\d+|\d+(?:\.\d+)*[a-z]?)\b")


class folded_doctest(nodes.General, nodes.Element):
    """A ``<details>`` holding the doctest, opened by "Show the doctest"."""


class judge_example(nodes.General, nodes.Element):
    """The moves and the engine's answers of one worked example."""


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
        if _CITATION.search(text):
            lines.append(text)
    return lines


def judge_lines(code: str) -> list[tuple[str, str]]:
    """What a judge reads in a doctest: ``("move", text)`` and ``("says", line)`` pairs."""
    try:
        examples = doctest.DocTestParser().get_examples(code)
    except ValueError:
        return []
    lines: list[tuple[str, str]] = []
    for example in examples:
        move = _move(example.source)
        if move is not None:
            lines.append(("move", move))
        for answer in _answers(example):
            line = ("says", answer.replace("...", "…"))
            if line not in lines:  # a log line printed again after the move that made it
                lines.append(line)
    return lines


def _linked(text: str, known: set[str], docname: str) -> list[nodes.Node]:
    """``text`` with each rule ID in it that names a rule of the site made a link."""
    children: list[nodes.Node] = []
    position = 0
    for match in _CITED_ID.finditer(text):
        rule_id = match.group()
        if rule_id not in known:
            continue
        children.append(nodes.Text(text[position : match.start()]))
        children.append(rule_xref(rule_id, docname))
        position = match.end()
    children.append(nodes.Text(text[position:]))
    return children


class JudgeExamples(SphinxPostTransform):
    """Show each doctest inside a rule as its moves and answers, and fold the doctest."""

    default_priority = BEFORE_REFERENCES

    def run(self, **kwargs: Any) -> None:
        """Rewrite every doctest inside a rule directive of this document."""
        blocks = [
            block
            for desc in self.document.findall(addnodes.desc)
            if desc.get("domain") == "rules"
            for block in desc.findall(nodes.literal_block)
            if block.get("language") == "python" and block.astext().lstrip().startswith(">>>")
        ]
        if not blocks:
            return
        known = set(rules_domain(self.env).rules)
        for block in blocks:
            replacement: list[nodes.Node] = []
            lines = judge_lines(block.astext())
            if lines:
                view = judge_example(classes=["judge-example"])
                for kind, text in lines:
                    paragraph = nodes.paragraph(classes=[f"judge-{kind}"])
                    paragraph += _linked(text, known, self.env.docname)
                    view += paragraph
                replacement.append(view)
            folded = folded_doctest()
            block.replace_self([*replacement, folded])
            folded += block


def _visit_folded(self: HTML5Translator, node: folded_doctest) -> None:
    self.body.append('<details class="judge-doctest"><summary>Show the doctest</summary>')


def _depart_folded(self: HTML5Translator, node: folded_doctest) -> None:
    self.body.append("</details>")


def _visit_judge(self: HTML5Translator, node: judge_example) -> None:
    self.body.append(self.starttag(node, "div"))


def _depart_judge(self: HTML5Translator, node: judge_example) -> None:
    self.body.append("</div>")


def _pass(self: Any, node: nodes.Node) -> None:
    """Other writers show the contents as they are."""


def setup_examples(app: Sphinx) -> None:
    """Register the transform, its nodes and their style."""
    other = (_pass, _pass)
    app.add_node(folded_doctest, html=(_visit_folded, _depart_folded), text=other, latex=other)
    app.add_node(judge_example, html=(_visit_judge, _depart_judge), text=other, latex=other)
    app.add_post_transform(JudgeExamples)
    app.add_css_file("rulekeeper-examples.css")
