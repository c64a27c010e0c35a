"""Releases and the changes page: a release recorded, then a rule changed, shows up at once."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from docutils import nodes
from sphinx.testing.util import SphinxTestApp

from rulekeeper.rulebook import parse_rules
from rulekeeper.rules import rule_prefix
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
    confoverrides={"rulekeeper_releases_dir": "releases"},
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
    app.build()
    html = Path(app.outdir, "changes.html").read_text(encoding="utf-8")
    assert "Not yet released." in html
    assert "Changed: " in html
    assert 'class="diff-removed"' in html
    assert 'class="diff-added"' in html
    assert "Version 1, effective 15 January 2026" in html
    page = app.env.get_and_resolve_doctree(
        app.env.domains["rules"].rules[changed].docname, app.builder, tags=app.tags
    )
    lines = [p.astext() for p in page.findall(nodes.paragraph) if "rule-history" in p["classes"]]
    assert "Changed since version 1, not yet released. History" in lines
    text = Path(app.outdir, "downloads", "LV-rules.txt").read_text(encoding="utf-8")
    assert "Version 1, effective 15 January 2026, with changes not yet released." in text
    pdf = Path(app.outdir, "downloads", "LV-rules.pdf").read_bytes()
    assert b"/CreationDate (D:20260115000000Z)" in pdf


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
