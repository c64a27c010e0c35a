"""The site mirrors the rules text, so every rule is published where its links point."""

from __future__ import annotations

from pathlib import Path

import pytest

from rulekeeper.games import FORMATS
from rulekeeper.rulebook import iter_rule_files, load_rulebook, rulebook_dir
from rulekeeper.rules import PREFIXES, rule_page, rule_url

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


def test_every_format_page_exists() -> None:
    for prefix in PREFIXES:
        page = rule_page(f"{prefix} 99.9")
        assert (DOCS_RULES / f"{page}.md").is_file(), f"{prefix}'s front page {page} is missing"


def test_the_rule_books_name_each_format_as_its_facts_do() -> None:
    # Each package's facts declare its prefix and name; the table of rule books must agree,
    # and the Magic and Dominion models' books are their essentials.
    from rulekeeper.dominion import FACTS as DOMINION
    from rulekeeper.mtg import FACTS as MAGIC

    named = {entry.prefix: entry.name for entry in FORMATS.values()}
    named |= {
        MAGIC.prefix: f"{MAGIC.name} essentials",
        DOMINION.prefix: f"{DOMINION.name} essentials",
    }
    assert named == dict(PREFIXES)
