"""The site mirrors the rules text, so every rule is published where its links point."""

from __future__ import annotations

from pathlib import Path

import pytest

from rulekeeper.rulebook import iter_rule_files, load_rulebook, rulebook_dir
from rulekeeper.rules import rule_page, rule_url

DOCS_RULES = Path(__file__).resolve().parents[1] / "docs" / "rules"
RULE_FILES = [p.relative_to(rulebook_dir()) for p in iter_rule_files()]


@pytest.mark.parametrize("relative", RULE_FILES, ids=str)
def test_every_rules_file_has_a_page_that_includes_it(relative: Path) -> None:
    page = DOCS_RULES / relative
    assert page.is_file(), f"rules/{relative} is not published: add docs/rules/{relative}"
    depth = "../" * (len(relative.parts) + 1)
    assert f"{{include}} {depth}rules/{relative.as_posix()}" in page.read_text(encoding="utf-8")


def test_every_rule_links_to_the_page_that_defines_it() -> None:
    for rule_id, rule in load_rulebook().items():
        defined_in = Path(rule.source).relative_to("rules").with_suffix("").as_posix()
        assert rule_page(rule_id) == defined_in
        assert f"/rules/{defined_in}.html#" in rule_url(rule_id)


def test_an_undefined_rule_links_to_its_format_page() -> None:
    assert rule_page("RR 99.9z") == "risk-and-resource/index"
    assert rule_page("LV 99.9") == "leveler"
