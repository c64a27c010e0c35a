"""Worked examples shown as a judge reads them, with the doctest one click away.

A rule's worked example is a doctest Sybil runs against the engine. A reader wants what it
says, not the Python that says it: the moves (each ``push(game, "Ann buys Smithy")``) and what
the engine answers (the log lines, or the rule that refuses the move). So every ``python``
doctest inside a rule is shown as

- the position it starts from, when it builds its game from a position's text
  (``game = from_position('''...''')``), as a judge writes one: a line for the state of the
  turn, the other lines of the header (the kingdom, the Supply, the stack...), then a table of
  one row per player with their counters and zones;
- the moves and the engine's answers, in plain text, each rule ID in them linked to its rule,
  and the questions the example asks in words with the engine's answers (what a judge reads
  in a doctest is :func:`rulekeeper.sphinx.judging.judge_lines`);
- then the doctest itself, folded in a ``<details>`` ("Show the doctest"), where the copy button
  copies it as Sybil runs it, prompts and answers included (``rulekeeper-examples.js``): pasted
  into a page it is a worked example again, and IPython or ``python -m doctest`` run it as it
  is, where the code alone would lose what the engine is expected to answer. On a rules page,
  the doctest of an example with buttons is not written into the page: the fold names its
  block in the page's JSON (below), loaded when a reader opens it, and says where the doctest
  is in the rules for a reader without scripts.

An example that says nothing a judge reads is only folded (the browser tests allow none on a
rules page). Setup a reader need not see is not here at all: it is written in an
``% invisible-code-block: python`` comment, which MyST drops and Sybil runs.

On a page of the rules, each example the browser can run gets a bar of buttons (``Run``, and
where it starts from a position's text ``Edit`` and ``Play on``), and the page's blocks, as
:func:`rulekeeper.browser.pages.page_blocks` reads them, are written to
``_static/examples/<docname>.json`` with each example's position and moves. Nothing of that is
loaded before a reader clicks: ``rulekeeper-examples.js`` then loads ``rulekeeper-try.js``,
which fetches the JSON and starts the engine in a Web Worker (see the contributor guide).

The position is read at build time by the kernel's reader
(:func:`rulekeeper.engine.position.read`), without building a game; a text it cannot read stops
the build with the page and line, as the doctest would fail anyway.
"""

from __future__ import annotations

import html
import json
import posixpath
import re
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from docutils import nodes
from docutils.utils import get_source_line
from sphinx import addnodes
from sphinx.application import Sphinx
from sphinx.errors import ExtensionError
from sphinx.transforms.post_transforms import SphinxPostTransform
from sphinx.writers.html5 import HTML5Translator

from rulekeeper.engine.position import Position, PositionError, Zone
from rulekeeper.engine.position import read as read_position
from rulekeeper.sphinx.domain import rules_domain
from rulekeeper.sphinx.judging import judge_lines, position_and_moves
from rulekeeper.sphinx.transforms import BEFORE_REFERENCES, rule_xref
from rulekeeper.sphinx.visitors import CONTENTS_ONLY, SKIPPED, add_node

RULES_PAGES = "rules/"
"""Where the pages of the rules are built: every doctest on them is shown as a judge reads it."""

_CITED_ID = re.compile(r"\b[A-Z]{2} (?:R\d+|\d+(?:\.\d+)*[a-z]?)\b")


class folded_doctest(nodes.General, nodes.Element):
    """A ``<details>`` holding the doctest, opened by "Show the doctest"."""


class judge_example(nodes.General, nodes.Element):
    """The moves and the engine's answers of one worked example."""


class try_bar(nodes.General, nodes.Element):
    """The buttons that run, edit and play on one worked example in the reader's browser:
    ``page`` is the docname whose JSON holds the blocks, ``block`` the example's index among
    them, ``board`` whether the example starts from a position (``Edit``, ``Play on``)."""


PAGE_DATA = "rulekeeper_try_data"
"""The attribute of a page's doctree holding its example data until the page is written."""

EXAMPLES_DIR = "_static/examples"
"""Where each rules page's example data is written in the built site, one JSON per page."""


def _page_data(source: str) -> dict[str, Any] | None:
    """The blocks of the rules file ``source`` as the browser runs them, or None where the
    browser cannot run its page as Sybil does (it then gets no buttons)."""
    # Imported here: the browser package needs Sybil, which only the build and tests have.
    from rulekeeper.browser.pages import PageError, page_blocks

    try:
        blocks = page_blocks(Path(source))
    except (OSError, PageError):
        return None
    return {"blocks": [block.as_json() for block in blocks], "examples": {}}


def _block_at(data: dict[str, Any], code: str) -> int | None:
    """The index of the example block of ``data`` whose source is ``code`` (the same fence),
    or None if Sybil skips it."""
    wanted = code.strip()
    for index, block in enumerate(data["blocks"]):
        if (
            block["kind"] == "example"
            and block["source"].strip() == wanted
            and str(index) not in data["examples"]
        ):
            return index
    return None


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


TURN_KEYS = ("Turn", "Step", "Phase", "Active", "Priority", "Decision", "Deciding")
"""The header lines said in the position's first line, the state of the turn."""

UNSHOWN_KEYS = frozenset({"Format", "Seed"})
"""Header lines a judge need not read: chance only matters for what is still to be dealt."""

SUPPLY_FORMATS = frozenset({"dominion", "dominion-draft"})
"""Formats whose positions may leave the Supply out, meaning every pile full."""

RESOURCE_KEYS = ("Actions", "Buys", "Coins")
"""Dominion's resources left this turn, said after the phase."""


def _turn_line(position: Position) -> str:
    """The state of the turn in a line: ``Turn 3 · declare blockers · Alice's turn · Bob has
    priority``."""
    header = position.header
    parts = [f"Turn {header['Turn']}"] if "Turn" in header else []
    if "Step" in header:
        parts.append(header["Step"].replace("_", " "))  # "declare_blockers" is a word to type
    if "Phase" in header:
        parts.append(f"{header['Phase']} phase")
    if "Active" in header:
        parts.append(f"{header['Active']}'s turn")
    resources = [
        f"${header[key]}" if key == "Coins" else f"{key} {header[key]}"
        for key in RESOURCE_KEYS
        if key in header
    ]
    if resources:
        parts.append(", ".join(resources))
    if "Priority" in header:
        parts.append(f"{header['Priority']} has priority")
    if "Decision" in header:
        deciding = f" ({header['Deciding']})" if "Deciding" in header else ""
        parts.append(f"deciding: {header['Decision']}{deciding}")
    return " · ".join(parts)


def _header_value(key: str, value: str) -> str:
    """A header line's value as a reader reads it: a ``State`` line's JSON without its
    quotes and brackets."""
    if not key.startswith("State "):
        return value
    try:
        parsed = json.loads(value)
    except ValueError:
        return value
    if isinstance(parsed, str):
        return parsed
    if isinstance(parsed, list) and all(isinstance(item, str | int) for item in parsed):
        return ", ".join(str(item) for item in parsed) or "none"
    return value


def _field(key: str, value: int | Zone) -> nodes.Node:
    """One of a player's fields: its word, then its number or cards."""
    shown = nodes.inline(classes=["judge-field"])
    shown += nodes.strong(text=key)
    # A hidden zone is read as a number: "hand 5" is five cards nobody may see.
    shown += nodes.Text(f" {value.text() if isinstance(value, Zone) else value}")
    return shown


def position_view(text: str) -> nodes.Element:
    """The position ``text`` as a judge writes it: the state of the turn, the other header
    lines, and a table of one row per player.

    :raises PositionError: if the text does not read.
    """
    position = read_position(text)
    view = nodes.container(classes=["judge-position"])
    turn = _turn_line(position)
    if turn:
        view += nodes.paragraph(text=turn, classes=["judge-turn"])
    shown = set(TURN_KEYS) | set(RESOURCE_KEYS) | UNSHOWN_KEYS
    for key, value in position.header.items():
        if key in shown:
            continue
        line = nodes.paragraph(classes=["judge-header"])
        line += nodes.strong(text=key.removeprefix("State ").removeprefix("Zone "))
        line += nodes.Text(f" {_header_value(key, value)}")
        view += line
    if position.header.get("Format") in SUPPLY_FORMATS and "Supply" not in position.header:
        line = nodes.paragraph(classes=["judge-header"])
        line += nodes.strong(text="Supply")
        line += nodes.Text(" every pile at its starting size")
        view += line
    table = nodes.table(classes=["judge-seats"])
    group = nodes.tgroup(cols=2)
    table += group
    group += nodes.colspec(colwidth=1)
    group += nodes.colspec(colwidth=5)
    body = nodes.tbody()
    group += body
    for seat in position.seats:
        row = nodes.row()
        row += nodes.entry("", nodes.paragraph(text=seat.name))
        fields = nodes.paragraph()
        written = [(k, v) for k, v in seat.fields.items() if not isinstance(v, Zone) or v.count]
        for index, (word, number_or_cards) in enumerate(written):
            if index:
                fields += nodes.Text(" ")
            fields += _field(word, number_or_cards)
        if not written:
            fields += nodes.emphasis(text="nothing")
        row += nodes.entry("", fields)
        body += row
    view += table
    return view


class JudgeExamples(SphinxPostTransform):
    """Show each doctest inside a rule as its moves and answers, and fold the doctest."""

    default_priority = BEFORE_REFERENCES

    def run(self, **kwargs: Any) -> None:
        """Rewrite every doctest inside a rule directive of this document, and every doctest
        of a page of the rules (under ``rules/``), whose readers are players and judges even
        where the page talks about its examples rather than a rule."""
        if self.env.docname.startswith(RULES_PAGES):
            found: Iterable[nodes.literal_block] = self.document.findall(nodes.literal_block)
        else:
            found = (
                block
                for desc in self.document.findall(addnodes.desc)
                if desc.get("domain") == "rules"
                for block in desc.findall(nodes.literal_block)
            )
        blocks = [
            block
            for block in found
            if block.get("language") == "python" and block.astext().lstrip().startswith(">>>")
        ]
        if not blocks:
            return
        known = set(rules_domain(self.env).rules)
        runnable = self.env.docname.startswith(RULES_PAGES)
        pages: dict[str, dict[str, Any] | None] = {}
        data: dict[str, Any] = {"page": self.env.docname, "sources": {}}
        for block in blocks:
            replacement: list[nodes.Node] = []
            try:
                lines = judge_lines(block.astext())
            except PositionError as error:
                source, line = get_source_line(block)
                raise ExtensionError(
                    f"{source}:{(line or 0) + error.line}: the example's position does not "
                    f"read: {error.message}"
                ) from None
            if lines:
                view = judge_example(classes=["judge-example"])
                for kind, text in lines:
                    if kind in ("position", "printed"):
                        view += position_view(text)
                        continue
                    paragraph = nodes.paragraph(classes=[f"judge-{kind}"])
                    paragraph += _linked(text, known, self.env.docname)
                    view += paragraph
                replacement.append(view)
            folded = folded_doctest()
            if runnable:
                bar = self._try_bar(block, pages, data)
                if bar is not None:
                    replacement.append(bar)
                    # The page's JSON holds the doctest: the HTML page need not (see
                    # _visit_folded); other builders still write it from the doctree.
                    folded.update_all_atts(_lazy(bar, block, pages))
            block.replace_self([*replacement, folded])
            folded += block
        if data["sources"]:
            # Written with the page (write_page_data), by the builders that write HTML.
            self.document[PAGE_DATA] = data.get("files", {})

    def _try_bar(
        self,
        block: nodes.literal_block,
        pages: dict[str, dict[str, Any] | None],
        data: dict[str, Any],
    ) -> try_bar | None:
        """The buttons of the example ``block``, its blocks and position noted in ``data``
        (by the rules file it comes from: a page may include more than one), or None if the
        browser cannot run it."""
        source, _ = get_source_line(block)
        if not source:
            return None
        if source not in pages:
            pages[source] = _page_data(source)
        page = pages[source]
        if page is None:
            return None
        index = _block_at(page, block.astext())
        if index is None:
            return None
        start = position_and_moves(block.astext())
        page["examples"][str(index)] = (
            {"position": start[0], "moves": start[1]} if start is not None else {}
        )
        sources: dict[str, Any] = data["sources"]
        key = sources.setdefault(source, len(sources))
        data.setdefault("files", {})[str(key)] = page
        return try_bar(page=self.env.docname, file=key, block=index, board=start is not None)


def write_page_data(
    app: Sphinx,
    pagename: str,
    templatename: str,
    context: dict[str, Any],
    doctree: nodes.document | None,
) -> None:
    """Connected to ``html-page-context``: write the example data of a page with buttons, for
    each rules file it shows (by number, as its buttons name it), its blocks and its examples'
    positions and moves."""
    if doctree is None or PAGE_DATA not in doctree:
        return
    path = Path(app.outdir) / EXAMPLES_DIR / f"{pagename}.json"
    path.parent.mkdir(parents=True, exist_ok=True)
    text = json.dumps({"page": pagename, "files": doctree[PAGE_DATA]}, separators=(",", ":"))
    path.write_text(text, encoding="utf-8")


def _lazy(bar: try_bar, block: nodes.literal_block, pages: dict[str, Any]) -> dict[str, Any]:
    """Where the doctest of ``block``, whose buttons are ``bar``, is: the page's JSON and the
    block in it, and the rules file and the line it starts on, which the page says where
    the JSON cannot be read."""
    source, _ = get_source_line(block)
    line = pages[source]["blocks"][bar["block"]]["line"]
    shown = posixpath.join(posixpath.dirname(bar["page"]), Path(source).name)
    return {"page": bar["page"], "file": bar["file"], "block": bar["block"]} | {
        "where": shown,
        "line": line,
    }


FOLDED = '<details class="judge-doctest"{}><summary>Show the doctest</summary>'
"""How a folded doctest opens; its attributes, if any, say where its source is loaded from."""


def _visit_folded(self: HTML5Translator, node: folded_doctest) -> None:
    if "block" not in node:
        self.body.append(FOLDED.format(""))
        return
    # Loaded from the page's JSON when a reader opens it (rulekeeper-examples.js): a rules
    # page's doctests were close to half its weight. Without scripts it says where it is.
    where = html.escape(str(node["where"]))
    self.body.append(
        FOLDED.format(
            f' data-doctest-page="{html.escape(str(node["page"]))}"'
            f' data-doctest-file="{node["file"]}" data-doctest-block="{node["block"]}"'
        )
        + f'<p class="judge-doctest-where">The doctest is at <code>{where}</code>, line '
        f"{node['line']}.</p></details>"
    )
    raise nodes.SkipNode


def _depart_folded(self: HTML5Translator, node: folded_doctest) -> None:
    self.body.append("</details>")


def _visit_judge(self: HTML5Translator, node: judge_example) -> None:
    self.body.append(self.starttag(node, "div"))


def _depart_judge(self: HTML5Translator, node: judge_example) -> None:
    self.body.append("</div>")


TRY_BUTTONS = (("run", "Run"), ("edit", "Edit"), ("play", "Play on"))
"""The buttons of an example: what each does, and its text, which also names it for a screen
reader, where it follows the example it runs (a longer label than the words shown is one a
speaking user cannot say: WCAG 2.5.3)."""


def _visit_try(self: HTML5Translator, node: try_bar) -> None:
    self.body.append(
        f'<div class="try-bar" data-try-page="{node["page"]}" '
        f'data-try-file="{node["file"]}" data-try-block="{node["block"]}">'
    )
    for action, text in TRY_BUTTONS:
        if action != "run" and not node["board"]:
            continue
        self.body.append(
            f'<button type="button" class="try-button" data-try="{action}">{text}</button>'
        )


def _depart_try(self: HTML5Translator, node: try_bar) -> None:
    self.body.append("</div>")


def setup_examples(app: Sphinx) -> None:
    """Register the transform, its nodes and their style."""
    # Other writers show the contents as they are, and leave the buttons out.
    add_node(app, folded_doctest, (_visit_folded, _depart_folded), CONTENTS_ONLY)
    add_node(app, judge_example, (_visit_judge, _depart_judge), CONTENTS_ONLY)
    add_node(app, try_bar, (_visit_try, _depart_try), SKIPPED)
    app.add_post_transform(JudgeExamples)
    app.connect("html-page-context", write_page_data)
    app.add_css_file("rulekeeper-examples.css")
    app.add_js_file("rulekeeper-examples.js", loading_method="defer")
