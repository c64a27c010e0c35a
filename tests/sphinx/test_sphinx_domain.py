"""The rules domain renders rules, links them both ways and lists them for other sites."""

from __future__ import annotations

from pathlib import Path

import pytest
from sphinx.testing.util import SphinxTestApp
from sphinx.util.inventory import InventoryFile

from rulekeeper.rulebook import parse_rules
from rulekeeper.sphinx.domain import rules_domain
from rulekeeper.sphinx.registry import scoped_enforcers

pytestmark = pytest.mark.sphinx("html", testroot="basic", srcdir="basic-domain")


def html(app: SphinxTestApp, page: str) -> str:
    return (app.outdir / page).read_text(encoding="utf-8")


@pytest.mark.sphinx(
    "html",
    testroot="basic",
    srcdir="basic-nitpicky",
    warningiserror=True,
    confoverrides={"nitpicky": True},
)
def test_clean_project_builds_without_warnings(app: SphinxTestApp) -> None:
    """``-n -W`` passes when every normative rule is enforced, exemplified and documented."""
    app.build()
    assert app.statuscode == 0
    assert app.warning.getvalue() == ""


def test_rule_renders_its_id_with_a_permalink(app: SphinxTestApp) -> None:
    app.build()
    page = html(app, "life.html")
    assert '<dt class="sig sig-object rules" id="rule-lv-2-1">' in page
    assert '<a class="headerlink" href="#rule-lv-2-1"' in page
    # The examples are parsed as nested MyST, so they render as code.
    assert '<div class="highlight-python notranslate">' in page


def test_rule_ids_are_canonical_whatever_the_spelling(app: SphinxTestApp) -> None:
    app.build()
    # life.md writes "lv 2.1"; the anchor, the inventory and the domain say "LV 2.1".
    assert "LV 2.1" in rules_domain(app.env).rules
    assert 'id="rule-lv-2-1"' in html(app, "life.html")


def test_status_is_shown_for_rules_the_engine_does_not_enforce(app: SphinxTestApp) -> None:
    app.build()
    assert "Not yet enforced" in html(app, "life.html")
    assert "Informative:</strong> not enforced; a design goal nothing can check" in html(
        app, "index.html"
    )


def test_domain_records_match_the_rulebook_reader(app: SphinxTestApp) -> None:
    """The site and ``rulekeeper`` read the same rules from the same text."""
    app.build()
    source = f"{Path(app.srcdir).name}/life.md"
    expected = parse_rules((app.srcdir / "life.md").read_text(encoding="utf-8"), source=source)
    on_site = [
        record.rule for record in rules_domain(app.env).rules.values() if record.docname == "life"
    ]
    assert sorted(on_site, key=lambda r: r.line) == expected


def test_rules_are_in_the_index_and_the_inventory(app: SphinxTestApp) -> None:
    app.build()
    assert "LV 2.1 (rule)" in html(app, "genindex.html")
    inventory = InventoryFile.loads((app.outdir / "objects.inv").read_bytes(), uri="")
    assert inventory.data["rules:rule"]["LV 2.1"].uri == "life.html#rule-lv-2-1"
    assert sorted(inventory.data["rules:rule"]) == [
        "LV 1.1",
        "LV 2.1",
        "LV 2.2",
        "LV 2.3",
        "LV 3.1",
    ]


def test_rules_are_searchable(app: SphinxTestApp) -> None:
    app.build()
    index = html(app, "searchindex.js")
    assert '"rule-lv-2-1"' in index


def test_role_links_to_the_rule(app: SphinxTestApp) -> None:
    app.build()
    page = html(app, "life.html")
    assert '<a class="reference internal" href="#rule-lv-2-2"' in page
    # An explicit title is kept; the tooltip shows the target rule's title.
    assert (
        'href="#rule-lv-2-1" title="LV 2.1: Starting life"><span class="xref rules '
        'rules-rule">the life rule</span>' in page
    )


def test_rules_link_to_the_code_that_enforces_them(app: SphinxTestApp) -> None:
    app.build()
    page = html(app, "life.html")
    assert (
        '<strong>Enforced by:</strong> <a class="reference internal" '
        'href="api/basic_engine.html#basic_engine.starting_life"' in page
    )
    assert page.count('href="api/basic_engine.html#basic_engine.Life.lose"') == 2


def test_an_enforcing_constructor_links_to_its_class(app: SphinxTestApp) -> None:
    """autodoc documents ``__init__`` as part of the class, so that is where the link goes."""
    app.build()
    assert 'href="api/basic_engine.html#basic_engine.Life"' in html(app, "life.html")
    # ... and the class's entry, like the function's, links back to LV 2.1.
    assert html(app, "api/basic_engine.html").count('href="../life.html#rule-lv-2-1"') == 2


def test_code_links_back_to_its_rules(app: SphinxTestApp) -> None:
    app.build()
    page = html(app, "api/basic_engine.html")
    assert "Enforces<span" in page
    assert 'href="../life.html#rule-lv-2-2"' in page
    assert 'href="../life.html#rule-lv-3-1"' in page
    assert 'href="../life.html#rule-lv-2-1"' in page


def test_changed_enforcers_refresh_the_rules_pages(
    app: SphinxTestApp, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A rules page is written again when the code behind it changes, though its text did not."""
    app.build()
    registry = scoped_enforcers(app.config)
    monkeypatch.setattr(
        "rulekeeper.sphinx.events.scoped_enforcers", lambda config: {**registry, "LV 2.3": ()}
    )
    app.build()
    # life and index, which define rules. The traceability page is written again without being
    # read (test_sphinx_incremental.py).
    assert "0 added, 2 changed, 0 removed" in app.status.getvalue()


def test_api_pages_are_generated_per_module(app: SphinxTestApp) -> None:
    app.build()
    generated = sorted(p.name for p in (app.srcdir / "api").iterdir())
    assert generated == ["basic_engine.rst"]
    assert ".. automodule:: basic_engine" in (app.srcdir / "api" / "basic_engine.rst").read_text()


def test_sections_are_attributed_like_the_rulebook(app: SphinxTestApp) -> None:
    app.build()
    rules = rules_domain(app.env).rules
    record = rules["LV 2.1"]
    assert (record.anchor, record.path, record.section_anchor) == (
        "rule-lv-2-1",
        str(app.srcdir / "life.md"),
        "starting-life",
    )
    assert record.rule.section == "2. Starting life"
    assert rules["LV 3.1"].rule.section == "3. Losing"
