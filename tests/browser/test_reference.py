"""The maintainer's and the player's reference pages, tried in the browser: traceability,
glossaries and card galleries."""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from browsing import Tab

Rules = dict[str, Any]


@pytest.fixture(scope="module")
def rules(site_dir: Path) -> Rules:
    """The site's ``rules.json``."""
    data: Rules = json.loads((site_dir / "_static" / "rules.json").read_text(encoding="utf-8"))
    return data


# -- Traceability -------------------------------------------------------------------------------


@pytest.mark.parametrize("width", ["phone", "laptop"])
def test_traceability_shows_titles_and_whole_linked_tests(
    width: str, rules: Rules, tab_at: Callable[[str], Tab]
) -> None:
    """Each row names its rule's title; each test is named whole and opens its source line."""
    tab = tab_at(width)
    page = tab.open("traceability/lv.html")
    row = page.locator("table.rules-traceability-lv tbody tr").filter(has_text="LV 2.1").first
    assert rules["rules"]["LV 2.1"]["t"] in row.inner_text()
    test = row.locator("a.test-link").first
    name = test.inner_text()
    assert name.startswith("tests/test_")
    assert "::test_" in name
    assert tab.scroll_overflow() <= 0
    href = test.get_attribute("href")
    assert href is not None
    test.click()
    page.wait_for_url("**/tests-source/**")
    line = href.split("#", 1)[1]
    assert name.split("::")[1] in page.locator(f"[id='{line}']").locator("xpath=..").inner_text()
    tab.check_no_errors()


def test_traceability_filters_by_format_and_status(
    rules: Rules, tab_at: Callable[[str], Tab]
) -> None:
    """The totals link each format's own page, which lists its rules only; choosing a status
    narrows them."""
    tab = tab_at("laptop")
    rows_of = "table.rules-traceability:not(.rules-traceability-totals) tbody tr"
    for prefix in rules["prefixes"]:
        page = tab.open("traceability.html")
        assert page.locator(rows_of).count() == 0  # the totals only: a small page
        page.locator("table.rules-traceability-totals a", has_text=f"({prefix})").click()
        page.wait_for_url(f"**/traceability/{prefix.lower()}.html")
        rows = page.locator(rows_of)
        expected = [rule_id for rule_id in rules["rules"] if rule_id.startswith(prefix + " ")]
        assert rows.filter(visible=True).count() == len(expected), prefix
        page.select_option("form.traceability-filters select[name=status]", "informative")
        informative = sum(rules["rules"][rule_id]["s"] == "informative" for rule_id in expected)
        assert rows.filter(visible=True).count() == informative
        assert page.locator(".traceability-count").inner_text() == f"{informative} rules"
    tab.check_no_errors()


@pytest.mark.parametrize("width", ["phone", "phone-wide"])
def test_the_traceability_pages_are_light_on_a_phone(
    width: str, site_dir: Path, tab_at: Callable[[str], Tab]
) -> None:
    """The page of every format holds the totals only; each format's rows are on its own page,
    and none of them is wider than a phone."""
    assert (site_dir / "traceability.html").stat().st_size < 100_000
    tab = tab_at(width)
    for page_name in ["traceability.html", "traceability/lv.html", "traceability/rr.html"]:
        tab.open(page_name)
        assert tab.scroll_overflow() <= 0, page_name
    tab.check_no_errors()


# -- Glossaries ---------------------------------------------------------------------------------


@pytest.mark.parametrize("width", ["phone", "desktop"])
def test_every_format_has_a_glossary(
    width: str, rules: Rules, tab_at: Callable[[str], Tab]
) -> None:
    """The home page links a glossary for each format; each defines words and cites rules."""
    tab = tab_at(width)
    page = tab.open("index.html")
    glossaries = {}
    for prefix in rules["prefixes"]:
        link = page.locator(f"li.format-{prefix.lower()} .format-links a", has_text="Glossary")
        assert link.count() >= 1, f"{prefix} has no glossary"
        glossaries[prefix] = link.first.get_attribute("href")
    for prefix, href in glossaries.items():
        assert href is not None
        glossary = tab.open(href)
        assert glossary.locator("article dl.glossary dt").count() >= 3, prefix
        assert glossary.locator("article dl.glossary a[href*='#rule-']").count() >= 3, prefix
        assert tab.scroll_overflow() <= 0
    tab.check_no_errors()


@pytest.mark.parametrize(
    "rules_page",
    [
        "rules/risk-and-resource/index.html",
        "rules/leveler.html",
        "rules/vortex.html",
        "rules/magic.html",
    ],
)
def test_rules_text_links_glossary_terms(rules_page: str, tab_at: Callable[[str], Tab]) -> None:
    """The rules text links its words to a glossary, and the link lands on the entry."""
    tab = tab_at("laptop")
    page = tab.open(rules_page)
    term = page.locator("article dd a[href*='#term-']").first
    href = term.get_attribute("href")
    assert href is not None
    assert "glossary" in href
    term.click()
    page.wait_for_url("**/glossary*.html#term-*")
    assert page.locator(f"[id='{href.split('#')[1]}']").is_visible()
    tab.check_no_errors()


# -- Card galleries -----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("gallery", "item", "card", "keyword"),
    [
        ("cards/magic.html", "table.card-gallery tbody tr", "Wind Drake", "flying"),
        ("cards/risk-and-resource.html", "li.card-face", "Gale Harrier", "evasive"),
    ],
)
def test_cards_have_anchors_and_keyword_links(
    gallery: str, item: str, card: str, keyword: str, tab_at: Callable[[str], Tab]
) -> None:
    """Every card has its own anchor; keywords in card text link to the glossary."""
    tab = tab_at("phone")
    page = tab.open(gallery)
    cards = page.locator(item)
    names = cards.locator("strong[id^='card-']")
    assert names.count() == cards.count() > 0
    ids = names.evaluate_all("nodes => nodes.map(n => n.id)")
    assert len(set(ids)) == len(ids)
    assert cards.locator("a[href*='#term-']").count() > 0
    one = cards.filter(has_text=card).first
    link = one.locator("a[href*='#term-']").first
    assert link.inner_text().lower() == keyword
    link.click()
    page.wait_for_url(re.compile(f"#term-{keyword}$", re.IGNORECASE))
    tab.page.go_back()
    assert tab.scroll_overflow() <= 0
    tab.check_no_errors()


def test_drawn_cards_open_the_rules_that_name_them(tab_at: Callable[[str], Tab]) -> None:
    """A Risk & Resource card, drawn as a card, folds the rules that name it; opening the list
    and following one leads to that rule."""
    tab = tab_at("phone-wide")
    page = tab.open("cards/risk-and-resource.html")
    card = page.locator("li.card-face", has_text="Treasury of Ages").first
    folded = card.locator("details.card-face-rules")
    assert folded.locator("a").first.is_hidden()
    folded.locator("summary").click()
    first = folded.locator("a").first
    rule_id = first.inner_text()
    assert rule_id.startswith("RR ")
    first.click()
    page.wait_for_url("**/rules/risk-and-resource/**")
    assert (
        "Treasury of Ages"
        in page.locator(
            f"[id='rule-{rule_id.lower().replace(' ', '-').replace('.', '-')}'] + dd"
        ).inner_text()
    )
    tab.check_no_errors()
