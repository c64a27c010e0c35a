"""The generated traceability page counts what the command line counts."""

from __future__ import annotations

from pathlib import Path

import pytest
from docutils import nodes
from sphinx.testing.util import SphinxTestApp

from rulekeeper.rulebook import parse_rules
from rulekeeper.rules import enforcers
from rulekeeper.traceability import coverage, enforcers_in, find_rule_tests, trace

pytestmark = pytest.mark.sphinx("html", testroot="basic", srcdir="basic-traceability")


def table(app: SphinxTestApp, name: str) -> list[list[str]]:
    """The body rows of one generated table, as text."""
    doctree = app.env.get_and_resolve_doctree("traceability", app.builder, tags=app.tags)
    [found] = [
        t for t in doctree.findall(nodes.table) if f"rules-traceability-{name}" in t["classes"]
    ]
    return [
        [entry.astext() for entry in row.findall(nodes.entry)]
        for row in found.findall(nodes.row)
        if not isinstance(row.parent, nodes.thead)
    ]


def test_totals_per_format(app: SphinxTestApp) -> None:
    app.build()
    assert table(app, "totals") == [["Leveler (LV)", "5", "3", "1", "1", "3", "2", "2"]]


def test_totals_agree_with_the_command_line_reckoning(app: SphinxTestApp) -> None:
    """``rulekeeper coverage`` reads the files; the page reads the site. Same numbers."""
    app.build()
    rules = [
        rule
        for page in ("index.md", "life.md")
        for rule in parse_rules(Path(app.srcdir, page).read_text(encoding="utf-8"))
    ]
    totals = coverage(
        trace(
            {r.id: r for r in rules},
            enforcers_in(["basic_engine"], enforcers()),
            find_rule_tests(Path(app.srcdir, "ruletests")),
        )
    )
    [row] = table(app, "totals")
    assert [int(cell) for cell in row[1:]] == list(totals[0].as_dict().values())[2:]


def test_every_rule_with_its_code_examples_and_tests(app: SphinxTestApp) -> None:
    """Each row: the rule and its title, status, enforcers, examples and whole test names."""
    app.build()
    assert table(app, "lv") == [
        ["LV 1.1", "informative", "—", "0", "—"],
        [
            "LV 2.1Starting life",
            "normative",
            "basic_engine.starting_life basic_engine.Life",
            "1",
            "ruletests/test_life.py::test_starting_life ruletests/test_life.py::test_losing",
        ],
        ["LV 2.2", "normative", "Life.lose", "0", "—"],
        ["LV 2.3", "pending", "—", "0", "—"],
        [
            "LV 3.1",
            "normative",
            "Life.lose",
            "1",
            "ruletests/test_life.py::test_losing",
        ],
    ]


def test_tests_link_to_their_source_line(app: SphinxTestApp) -> None:
    """Each test links to its line on a highlighted page of its file, which the build writes."""
    app.build()
    page = (app.outdir / "traceability.html").read_text(encoding="utf-8")
    link = 'href="tests-source/ruletests/test_life.py.html#L-'
    assert link in page
    source = (app.outdir / "tests-source" / "ruletests" / "test_life.py.html").read_text(
        encoding="utf-8"
    )
    line = page.split(link, 1)[1].split('"', 1)[0]
    assert f'id="L-{line}"' in source


def test_rows_carry_their_format_and_status_for_the_filters(app: SphinxTestApp) -> None:
    app.build()
    page = (app.outdir / "traceability.html").read_text(encoding="utf-8")
    assert '<form class="traceability-filters" hidden>' in page
    assert 'class="format-lv status-pending status-untested status-unexemplified' in page


def test_links_go_to_rules_and_code(app: SphinxTestApp) -> None:
    app.build()
    page = (app.outdir / "traceability.html").read_text(encoding="utf-8")
    assert 'href="life.html#rule-lv-2-1"' in page
    assert 'href="api/basic_engine.html#basic_engine.Life.lose"' in page


def test_no_section_lacks_an_example(app: SphinxTestApp) -> None:
    app.build()
    page = (app.outdir / "traceability.html").read_text(encoding="utf-8")
    assert "None: every section with normative rules has a worked example." in page
