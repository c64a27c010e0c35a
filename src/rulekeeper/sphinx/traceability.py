"""The generated traceability page: every rule with its code, examples and tests.

Write ``{rules-traceability}`` on a page and nothing else. The tables are built at write time
with :func:`rulekeeper.traceability.trace` and :func:`~rulekeeper.traceability.coverage`, the
same functions ``rulekeeper coverage`` uses, so the page and the command line agree.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

from docutils import nodes
from docutils.nodes import Node
from sphinx import addnodes
from sphinx.config import Config
from sphinx.transforms.post_transforms import SphinxPostTransform
from sphinx.util.docutils import SphinxDirective

from rulekeeper.rules import rule_prefix
from rulekeeper.sphinx.domain import rules_domain
from rulekeeper.sphinx.nodes import traceability_tables
from rulekeeper.sphinx.registry import scoped_enforcers
from rulekeeper.sphinx.transforms import BEFORE_REFERENCES, python_xref
from rulekeeper.traceability import (
    FormatCoverage,
    RuleTrace,
    coverage,
    find_rule_tests,
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


class TraceabilityDirective(SphinxDirective):
    """``{rules-traceability}``: the place where the generated tables go."""

    has_content = False

    def run(self) -> list[Node]:
        """Leave a placeholder; the page is read again on every build to stay current."""
        rules_domain(self.env).traceability_docs[self.env.docname] = None
        return [traceability_tables()]


def tests_dir(config: Config) -> Path:
    """Where the tests marked ``@pytest.mark.rule(...)`` live (resolved at ``config-inited``)."""
    return Path(config.rulekeeper_tests_dir)


class TraceabilityTables(SphinxPostTransform):
    """Replace the placeholder with the totals and one table per format."""

    default_priority = BEFORE_REFERENCES

    def run(self, **kwargs: Any) -> None:
        """Build the tables from the domain, the registry and the test files."""
        placeholders = list(self.document.findall(traceability_tables))
        if not placeholders:
            return
        rulebook = rules_domain(self.env).rulebook()
        traces = trace(
            rulebook, scoped_enforcers(self.config), find_rule_tests(tests_dir(self.config))
        )
        content = [*self.totals(coverage(traces))]
        for total in coverage(traces):
            content += self.format_table(
                total, [t for t in traces if rule_prefix(t.rule.id) == total.prefix]
            )
        content += self.sections_lacking_examples(traces)
        for placeholder in placeholders:
            placeholder.replace_self([node.deepcopy() for node in content])

    def totals(self, totals: Sequence[FormatCoverage]) -> list[Node]:
        """One row per format, as ``rulekeeper coverage`` prints them."""
        rows: list[list[Node | str | int]] = [
            [
                f"{t.name} ({t.prefix})",
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

    def format_table(self, total: FormatCoverage, traces: Sequence[RuleTrace]) -> list[Node]:
        """Every rule of one format: status, enforcing code, examples and tests."""
        docname = self.env.docname
        rows: list[list[Node | str | int]] = []
        for item in traces:
            enforcers: list[Node] = []
            for name in item.enforcers:
                enforcers += [python_xref(name, docname, short=True), nodes.Text(" ")]
            tests: list[Node] = []
            for test in item.tests:
                # tests/test_x.py::test_y reads as test_x::test_y: short enough for a table.
                path, _, function = test.partition("::")
                shown = f"{path.rsplit('/', 1)[-1].removesuffix('.py')}::{function}"
                tests += [nodes.literal(shown, shown), nodes.Text(" ")]
            rows.append(
                [
                    rule_xref(item.rule.id, docname),
                    item.rule.status,
                    _cell(enforcers),
                    item.rule.examples,
                    _cell(tests),
                ]
            )
        title = f"{total.name} ({total.prefix})"
        return [
            nodes.rubric(title, title),
            simple_table(
                RULE_COLUMNS,
                rows,
                ["rules-traceability", f"rules-traceability-{total.prefix.lower()}"],
            ),
        ]

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


def rule_xref(rule_id: str, docname: str) -> addnodes.pending_xref:
    return addnodes.pending_xref(
        "",
        nodes.inline(rule_id, rule_id),
        refdomain="rules",
        reftype="rule",
        reftarget=rule_id,
        refexplicit=False,
        refwarn=True,
        refdoc=docname,
    )


def _cell(children: list[Node]) -> nodes.paragraph:
    """A table cell's paragraph; trailing separators dropped, an em dash if empty."""
    while children and isinstance(children[-1], nodes.Text):
        children.pop()
    return nodes.paragraph("", "", *children) if children else nodes.paragraph("—", "—")


def simple_table(
    columns: Sequence[str], rows: Sequence[Sequence[Node | str | int]], classes: list[str]
) -> nodes.table:
    """A table with a header row; cells may be nodes, text or numbers."""
    table = nodes.table(classes=classes)
    group = nodes.tgroup(cols=len(columns))
    table += group
    group += [nodes.colspec(colwidth=1) for _ in columns]
    head = nodes.thead()
    head += _row(columns)
    body = nodes.tbody()
    body += [_row(row) for row in rows]
    group += [head, body]
    return table


def _row(cells: Sequence[Node | str | int]) -> nodes.row:
    row = nodes.row()
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
