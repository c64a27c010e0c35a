"""Releases and the changes page: a release recorded, then a rule changed, shows up at once."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from docutils import nodes
from sphinx.testing.util import SphinxTestApp

from rulekeeper.rulebook import parse_rules
from rulekeeper.rules import rule_prefix
from rulekeeper.sphinx.releasepages import write_release_pages
from rulekeeper.sphinx.releases import (
    compare,
    history,
    load_releases,
    main,
    snapshot,
    word_diff,
    write_release,
)

CHANGES_PAGE = "# Changes\n\n```{rules-changes}\n```\n"

pytestmark = pytest.mark.sphinx(
    "html",
    testroot="basic",
    srcdir="basic-changes",
    confoverrides={
        "rulekeeper_releases_dir": "releases",
        "rulekeeper_release_pages_dir": "versions",
    },
)


def site_rules(app: SphinxTestApp) -> dict[str, object]:
    """The test project's rules, as the rulebook reads them."""
    rules = [
        rule
        for page in ("index.md", "life.md")
        for rule in parse_rules(Path(app.srcdir, page).read_text(encoding="utf-8"))
    ]
    return {rule.id: rule for rule in rules}


def record_first_release(app: SphinxTestApp, *, altered: str | None = None) -> str:
    """Record version 1 of the project's rules, with one rule's text as it used to be."""
    rules = site_rules(app)
    folder = Path(app.srcdir, "releases")
    path = write_release(folder, "LV", "1", "2026-01-15", rules)  # type: ignore[arg-type]
    if altered is not None:
        data = json.loads(path.read_text(encoding="utf-8"))
        data["rules"][altered]["x"] = "An older text of this rule."
        path.write_text(json.dumps(data), encoding="utf-8")
    return altered or ""


def test_a_change_since_the_last_release_is_listed_word_by_word(app: SphinxTestApp) -> None:
    Path(app.srcdir, "changes.md").write_text(CHANGES_PAGE, encoding="utf-8")
    rules = site_rules(app)
    changed = next(iter(rules))
    record_first_release(app, altered=changed)
    write_release_pages(app)  # done when the builder starts, before the release was recorded
    app.build()
    html = Path(app.outdir, "changes.html").read_text(encoding="utf-8")
    assert "Not yet released." in html
    assert "Changed: " in html
    assert 'class="diff-removed"' in html
    assert 'class="diff-added"' in html
    assert '<a class="reference external" href="versions/lv-1.html">' in html
    assert "Version 1, effective 15 January 2026</a>: the first release" in html
    page = app.env.get_and_resolve_doctree(
        app.env.domains["rules"].rules[changed].docname, app.builder, tags=app.tags
    )
    lines = [p.astext() for p in page.findall(nodes.paragraph) if "rule-history" in p["classes"]]
    assert "Changed since version 1, not yet released. History" in lines
    text = Path(app.outdir, "downloads", "LV-rules.txt").read_text(encoding="utf-8")
    assert "Version 1, effective 15 January 2026, with changes not yet released." in text
    pdf = Path(app.outdir, "downloads", "LV-rules.pdf").read_bytes()
    assert b"/CreationDate (D:20260115000000Z)" in pdf


@pytest.mark.sphinx("html", testroot="basic", srcdir="basic-release-page")
def test_each_release_has_a_page_listing_its_rules(app: SphinxTestApp) -> None:
    """A release's page lists every rule it added, each linked to the rule; a release no
    longer recorded loses its page."""
    Path(app.srcdir, "changes.md").write_text(CHANGES_PAGE, encoding="utf-8")
    record_first_release(app)
    write_release_pages(app)
    app.build()
    page = Path(app.outdir, "versions", "lv-1.html").read_text(encoding="utf-8")
    assert "Leveler version 1, effective 15 January 2026" in page
    assert "the first release, " in page
    first = next(iter(site_rules(app)))
    anchor = nodes.make_id("change-" + first)
    assert f'id="{anchor}"' in page
    assert f'href="../{app.env.domains["rules"].rules[first].docname}.html#' in page
    assert 'href="../changes.html"' in page
    Path(app.srcdir, "releases", "LV-1.json").unlink()
    write_release_pages(app)
    assert not Path(app.srcdir, "versions", "lv-1.md").exists()


def test_compare_and_history() -> None:
    old = {"LV 1": {"t": "A", "s": "normative", "x": "one two"}}
    new = {"LV 1": {"t": "A", "s": "normative", "x": "one three"}, "LV 2": old["LV 1"]}
    changes = compare(old, new)
    assert (changes.added, changes.removed, changes.changed) == (["LV 2"], [], ["LV 1"])
    assert word_diff("one two", "one three") == [("=", "one "), ("-", "two"), ("+", "three")]


def test_the_release_session_records_once_and_refuses_unknown_formats(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["LV", "--date", "2026-02-01", "--folder", str(tmp_path)]) == 0
    [release] = load_releases(tmp_path)["LV"]
    assert release.date == "2026-02-01"
    assert all(rule_prefix(rule_id) == "LV" for rule_id in release.rules)  # type: ignore[arg-type]
    assert history([release], next(iter(release.rules))) == [release]
    assert main(["LV", "--folder", str(tmp_path)]) == 0
    assert "nothing recorded" in capsys.readouterr().out
    with pytest.raises(SystemExit) as stopped:
        main(["XX", "--folder", str(tmp_path)])
    assert stopped.value.code == 2
    with pytest.raises(SystemExit):
        main(["LV", "--date", "yesterday", "--folder", str(tmp_path)])
    assert snapshot({}) == {}
