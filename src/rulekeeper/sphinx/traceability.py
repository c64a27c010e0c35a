"""The generated traceability page: every rule with its code, examples and tests.

Write ``{rules-traceability}`` on a page and nothing else. The tables are built at write time
with :func:`rulekeeper.traceability.trace` and :func:`~rulekeeper.traceability.coverage`, the
same functions ``rulekeeper coverage`` uses, so the page and the command line agree.

The tables of every rule are long, so they can be split by format: a page whose front matter
says ``rules-traceability: LV`` shows that format's table only, and the page without it shows
the totals, linked to those pages, and the tables of the formats that have no page of their own.
"""

from __future__ import annotations

import hashlib
import html
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import Any

from docutils import nodes
from docutils.nodes import Node
from sphinx import addnodes
from sphinx.config import Config
from sphinx.transforms.post_transforms import SphinxPostTransform
from sphinx.util.docutils import SphinxDirective
from sphinx.util.osutil import relative_uri

from rulekeeper.rules import rule_prefix
from rulekeeper.sphinx.domain import rules_domain
from rulekeeper.sphinx.nodes import fill, traceability_tables
from rulekeeper.sphinx.registry import scoped_enforcers
from rulekeeper.sphinx.transforms import BEFORE_REFERENCES, python_xref, rule_xref
from rulekeeper.traceability import (
    FormatCoverage,
    RuleTrace,
    coverage,
    find_rule_tests,
    function_lines,
    sections_without_examples,
    trace,
)

TOTAL_COLUMNS = (
    "Format",
    "Rules",
    "Normative",
    "Informative",
    "Pending",
    "Enforced",
    "Exemplified",
    "Tested",
)
RULE_COLUMNS = ("Rule", "Status", "Enforced by", "Examples", "Tests")

FORMAT_KEY = "rules-traceability"
"""The front matter that gives a traceability page its formats."""


class TraceabilityDirective(SphinxDirective):
    """``{rules-traceability}``: the place where the generated tables go."""

    has_content = False

    def run(self) -> list[Node]:
        """Leave a placeholder; the page is written again whenever what it reports changes."""
        rules_domain(self.env).note_report(self.env.docname, "traceability")
        return [traceability_tables()]


def tests_dir(config: Config) -> Path:
    """Where the tests marked ``@pytest.mark.rule(...)`` live (resolved at ``config-inited``)."""
    return Path(config.rulekeeper_tests_dir)


class TraceabilityTables(SphinxPostTransform):
    """Replace the placeholder with the totals and one table per format."""

    default_priority = BEFORE_REFERENCES
    tests_root: Path
    """The folder that holds the tests folder; test names are relative to it."""

    def run(self, **kwargs: Any) -> None:
        """Build the tables from the domain, the registry and the test files."""
        placeholders = list(self.document.findall(traceability_tables))
        if not placeholders:
            return
        rulebook = rules_domain(self.env).rulebook()
        # Read once: a configuration value is slow to read, and every test link needs it.
        self.tests_root = tests_dir(self.config).parent
        traces = trace(
            rulebook, scoped_enforcers(self.config), find_rule_tests(tests_dir(self.config))
        )
        from rulekeeper.sphinx.overview import pages_serving  # (it imports this module)

        own = str(self.env.metadata.get(self.env.docname, {}).get(FORMAT_KEY, "")).split()
        pages = pages_serving(self.env, FORMAT_KEY)
        totals = coverage(traces)
        if own:
            shown = [t for t in totals if t.prefix in own]
            content: list[Node] = [self.filters(shown)]
        else:
            shown = [t for t in totals if t.prefix not in pages]
            content = [*self.totals(totals, pages)]
            if shown:
                content.append(self.filters(shown))
        for total in shown:
            content += self.format_table(
                total, [t for t in traces if rule_prefix(t.rule.id) == total.prefix]
            )
        if not own:
            content += self.sections_lacking_examples(traces)
        fill(placeholders, content)

    def totals(self, totals: Sequence[FormatCoverage], pages: dict[str, list[str]]) -> list[Node]:
        """One row per format, as ``rulekeeper coverage`` prints them; each format's name links
        to its own page of the table, where it has one."""
        rows: list[list[Node | str | int]] = [
            [
                self.format_name(t, pages.get(t.prefix, [])),
                t.rules,
                t.normative,
                t.informative,
                t.pending,
                t.enforced,
                t.exemplified,
                t.tested,
            ]
            for t in totals
        ]
        return [
            nodes.rubric("Totals", "Totals"),
            simple_table(TOTAL_COLUMNS, rows, ["rules-traceability", "rules-traceability-totals"]),
        ]

    def format_name(self, total: FormatCoverage, pages: list[str]) -> Node | str:
        """``Leveler (LV)``, linked to the format's traceability page if it has one."""
        name = f"{total.name} ({total.prefix})"
        if not pages:
            return name
        return addnodes.pending_xref(
            "",
            nodes.inline(name, name),
            refdomain="std",
            reftype="doc",
            reftarget="/" + pages[0],
            refexplicit=True,
            refdoc=self.env.docname,
        )

    def filters(self, totals: Sequence[FormatCoverage]) -> nodes.raw:
        """Choices of format and status; the site's script hides the rows that do not match."""
        formats = "".join(
            f'<option value="{t.prefix.lower()}">{html.escape(t.name)}</option>' for t in totals
        )
        if len(totals) == 1:  # a format's own page: its rows only, by status
            formats = formats.replace("<option ", "<option selected ")
        statuses = "".join(f'<option value="{key}">{label}</option>' for key, label in STATUSES)
        markup = (
            '<form class="traceability-filters" hidden>'
            '<label>Format <select name="format"><option value="">All formats</option>'
            f"{formats}</select></label> "
            '<label>Status <select name="status"><option value="">Every status</option>'
            f"{statuses}</select></label> "
            '<output class="traceability-count" aria-live="polite"></output></form>'
        )
        return nodes.raw("", markup, format="html")

    def format_table(self, total: FormatCoverage, traces: Sequence[RuleTrace]) -> list[Node]:
        """Every rule of one format: its title, status, enforcing code, examples and tests."""
        docname = self.env.docname
        here = docname  # links are relative to the page, as the HTML builder writes it
        rows: list[list[Node | str | int]] = []
        row_classes: list[list[str]] = []
        for item in traces:
            enforcers: list[Node] = []
            for name in item.enforcers:
                enforcers += [python_xref(name, docname, short=True), nodes.Text(" ")]
            tests: list[Node] = []
            for test in item.tests:
                tests += [self.test_link(test, here), nodes.Text(" ")]
            rule = nodes.paragraph("", "", rule_xref(item.rule.id, docname))
            if item.rule.title:
                rule += nodes.inline(item.rule.title, item.rule.title, classes=["rule-title"])
            rows.append(
                [rule, item.rule.status, _cell(enforcers), item.rule.examples, _cell(tests)]
            )
            row_classes.append(_row_statuses(item))
        title = f"{total.name} ({total.prefix})"
        return [
            nodes.rubric(title, title),
            simple_table(
                RULE_COLUMNS,
                rows,
                ["rules-traceability", f"rules-traceability-{total.prefix.lower()}"],
                row_classes,
            ),
        ]

    def test_link(self, test: str, here: str) -> nodes.reference:
        """A test's whole name, linked to its line in the test's source page on the site."""
        path, _, function = test.partition("::")
        line = function_lines(self.tests_root / path).get(function, 1)
        target = relative_uri(here, test_source_page(path)) + f"#{LINE_ANCHOR}-{line}"
        return nodes.reference(
            "", "", nodes.literal(test, test), refuri=target, classes=["test-link"]
        )

    def sections_lacking_examples(self, traces: Sequence[RuleTrace]) -> list[Node]:
        """The headings with normative rules and no worked example; there should be none."""
        title = "Sections without a worked example"
        gaps = sections_without_examples(t.rule for t in traces)
        if not gaps:
            text = "None: every section with normative rules has a worked example."
            return [nodes.rubric(title, title), nodes.paragraph(text, text)]
        items = nodes.bullet_list()
        for source, section in gaps:
            first = next(
                t.rule.id for t in traces if (t.rule.source, t.rule.section) == (source, section)
            )
            label = f"{section or '(no heading)'} ({source}), from "
            items += nodes.list_item(
                "", nodes.paragraph("", "", nodes.Text(label), rule_xref(first, self.env.docname))
            )
        return [nodes.rubric(title, title), items]


STATUSES = (
    ("normative", "Normative"),
    ("informative", "Informative"),
    ("pending", "Pending"),
    ("unenforced", "Normative, not enforced"),
    ("untested", "Without a test"),
    ("unexemplified", "Without an example"),
)
"""The statuses the traceability page can be filtered by, with their labels."""


def _row_statuses(item: RuleTrace) -> list[str]:
    """A row's classes: its format, its status and what it lacks, for the page's filters."""
    classes = [f"format-{rule_prefix(item.rule.id).lower()}", f"status-{item.rule.status}"]
    if item.rule.is_normative and not item.is_enforced:
        classes.append("status-unenforced")
    if not item.tests:
        classes.append("status-untested")
    if not item.rule.examples:
        classes.append("status-unexemplified")
    return classes


LINE_ANCHOR = "L"
TESTS_FOLDER = "tests-source"


def test_source_page(path: str) -> str:
    """Where the site shows a test file's source: ``tests-source/tests/test_x.py.html``."""
    return f"{TESTS_FOLDER}/{path}.html"


TEST_PAGE = """\
<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="rulekeeper-made-from" content="{made_from}">
<title>{title}</title>
{icon}<style>
body {{ margin: 1rem; font-family: sans-serif; }}
pre {{ white-space: pre-wrap; overflow-wrap: anywhere; font-size: 0.85rem; }}
:target {{ background: #ffc; }}
{style}
</style>
</head>
<body>
<nav aria-label="Back"><p><a href="{back}">Traceability</a></p></nav>
<main>
<h1>{title}</h1>
{code}
</main>
</body>
</html>
"""


def write_test_sources(
    out: Path, tests: Path, paths: Iterable[str], *, favicon: str = "", back: str = ""
) -> None:
    """Write a highlighted page, with an anchor per line, for each test file named in
    ``paths`` (relative to the folder above ``tests``).

    ``favicon`` and ``back`` are the site's icon and the traceability page, relative to the
    site's root.
    """
    from pygments import __version__ as pygments_version  # type: ignore[import-untyped]
    from pygments import highlight
    from pygments.formatters import HtmlFormatter  # type: ignore[import-untyped]
    from pygments.lexers import PythonLexer  # type: ignore[import-untyped]

    formatter = HtmlFormatter(linenos="inline", lineanchors=LINE_ANCHOR, anchorlinenos=True)
    style = formatter.get_style_defs(".highlight")
    for path in sorted(set(paths)):
        source = (tests.parent / path).read_text(encoding="utf-8")
        here = test_source_page(path)
        icon = f'<link rel="icon" href="{relative_uri(here, favicon)}">\n' if favicon else ""
        back_link = relative_uri(here, back) if back else ""
        # Highlighting is most of what a page costs, so a page made from the same source, with
        # the same links and the same highlighter, is left as it is.
        made_from = hashlib.sha256(
            "\0".join((TEST_PAGE, pygments_version, style, icon, back_link, path, source)).encode()
        ).hexdigest()
        target = out / here
        if target.is_file() and f'content="{made_from}"' in target.read_text(encoding="utf-8"):
            continue
        page = TEST_PAGE.format(
            title=html.escape(path),
            made_from=made_from,
            icon=icon,
            style=style,
            back=back_link,
            code=highlight(source, PythonLexer(), formatter),
        )
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(page, encoding="utf-8")


def _cell(children: list[Node]) -> nodes.paragraph:
    """A table cell's paragraph; trailing separators dropped, an em dash if empty."""
    while children and isinstance(children[-1], nodes.Text):
        children.pop()
    return nodes.paragraph("", "", *children) if children else nodes.paragraph("—", "—")


def simple_table(
    columns: Sequence[str],
    rows: Sequence[Sequence[Node | str | int]],
    classes: list[str],
    row_classes: Sequence[list[str]] = (),
) -> nodes.table:
    """A table with a header row; cells may be nodes, text or numbers; rows may have classes."""
    table = nodes.table(classes=classes)
    group = nodes.tgroup(cols=len(columns))
    table += group
    group += [nodes.colspec(colwidth=1) for _ in columns]
    head = nodes.thead()
    head += _row(columns)
    body = nodes.tbody()
    extras: list[list[str]] = [*row_classes, *([[]] * (len(rows) - len(row_classes)))]
    body += [_row(row, extra) for row, extra in zip(rows, extras, strict=True)]
    group += [head, body]
    return table


def _row(cells: Sequence[Node | str | int], classes: list[str] | None = None) -> nodes.row:
    row = nodes.row(classes=classes or [])
    for cell in cells:
        content = (
            cell
            if isinstance(cell, nodes.paragraph)
            else (
                nodes.paragraph("", "", cell)
                if isinstance(cell, Node)
                else nodes.paragraph(str(cell), str(cell))
            )
        )
        row += nodes.entry("", content)
    return row
