"""A reader's tools, tried in the browser: the home page, rule links, "Go to rule", previews,
rulings both ways, search, printing and downloads.

The expectations come from the site's own data (``_static/rules.json``, which the build writes
from the rules), so every format on the site is covered, including ones added later.
"""

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
    """The site's ``rules.json``: ``prefixes`` and ``rules`` by ID."""
    data: Rules = json.loads((site_dir / "_static" / "rules.json").read_text(encoding="utf-8"))
    return data


def anchor(rule_id: str) -> str:
    """A rule's anchor, as the site writes it."""
    return "rule-" + re.sub(r"[^a-z0-9]+", "-", rule_id.lower()).strip("-")


# -- The home page ------------------------------------------------------------------------------


@pytest.mark.parametrize("width", ["phone", "desktop"])
def test_home_page_lists_every_format_with_status_and_links(
    width: str, rules: Rules, tab_at: Callable[[str], Tab]
) -> None:
    """One entry per format that has rules: name, summary, status, rules link; no API list."""
    tab = tab_at(width)
    page = tab.open("index.html")
    entries = page.locator("article ul.formats-overview > li")
    assert entries.count() == len(rules["prefixes"])
    for prefix, name in rules["prefixes"].items():
        entry = page.locator(f"article li.format-{prefix.lower()}")
        assert name in entry.locator(".format-name").inner_text()
        count = sum(rule_id.startswith(prefix + " ") for rule_id in rules["rules"])
        assert entry.locator(".format-status").inner_text().startswith(f"{count} rules")
        assert entry.locator(".format-summary").inner_text().strip()
        links = entry.locator(".format-links a")
        assert links.first.inner_text() == "Rules"
        assert links.first.is_visible()
    # The API reference is reachable from the menu and the text, but not listed here.
    assert page.locator("article a[href*='api/_generated/']").count() == 0
    assert page.locator(".sidebar-tree a[href$='api/index.html']").count() == 1
    assert tab.scroll_overflow() <= 0
    tab.check_no_errors()


def test_navigation_holds_no_api_modules(tab_at: Callable[[str], Tab]) -> None:
    """The sidebar of a rules page names the API reference once, not every module."""
    page = tab_at("laptop").open("rules/leveler.html")
    assert page.locator(".sidebar-tree a[href*='_generated']").count() == 0
    assert page.locator(".sidebar-tree a[href$='api/index.html']").count() == 1


# -- Rule links and short addresses ---------------------------------------------------------------


def test_every_rule_has_a_short_address(site_dir: Path, rules: Rules) -> None:
    """``r/<ID>.html`` exists for every rule and forwards to where the rule is written."""
    for rule_id, rule in rules["rules"].items():
        page = site_dir / "r" / f"{rule_id.replace(' ', '-')}.html"
        target = page.read_text(encoding="utf-8")
        assert f'url=../{rule["u"]}"' in target, rule_id


@pytest.mark.parametrize("width", ["phone", "laptop"])
def test_rule_id_is_a_visible_permalink(width: str, tab_at: Callable[[str], Tab]) -> None:
    """The ID is a link, visible without hovering and big enough to tap; it lands on the rule."""
    tab = tab_at(width)
    page = tab.open("rules/risk-and-resource/08-traps.html")
    link = page.locator("dt#rule-rr-8-4b a.rule-permalink")
    assert link.is_visible()
    assert link.inner_text() == "RR 8.4b"
    assert link.get_attribute("href") == "../../r/RR-8.4b.html"
    box = link.bounding_box()
    assert box is not None
    assert box["height"] >= 20
    link.click()
    page.wait_for_url("**/08-traps.html#rule-rr-8-4b")
    tab.check_no_errors()


def test_short_address_survives_a_move(tab_at: Callable[[str], Tab], rules: Rules) -> None:
    """A short address opens the rule wherever it is written (it is built from the ID only)."""
    tab = tab_at("laptop")
    page = tab.open("r/LV-2.1.html")
    page.wait_for_url(f"**/{rules['rules']['LV 2.1']['u']}")
    assert page.locator("dt#rule-lv-2-1").is_visible()


def test_an_old_link_to_a_moved_rule_lands_on_it(
    tab_at: Callable[[str], Tab], rules: Rules
) -> None:
    """Risk & Resource's rulings once stood on one page: a link made then still lands."""
    tab = tab_at("laptop")
    page = tab.open("rules/risk-and-resource/rulings.html#rule-rr-r42")
    page.wait_for_url(f"**/{rules['rules']['RR R42']['u']}")
    assert page.locator("dt#rule-rr-r42").is_visible()


# -- Go to a rule -------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("start", "typed", "rule_id"),
    [
        ("index.html", "RR 8.4b", "RR 8.4b"),
        ("index.html", "rr8.4B", "RR 8.4b"),
        ("index.html", "  lv 2.1 ", "LV 2.1"),
        ("index.html", "rr r2", "RR R2"),
        ("rules/leveler.html", "2.1", "LV 2.1"),
    ],
)
def test_go_to_rule(
    start: str, typed: str, rule_id: str, rules: Rules, tab_at: Callable[[str], Tab]
) -> None:
    """An ID in any case, with or without spaces or (on a rules page) its prefix, opens it."""
    tab = tab_at("laptop")
    page = tab.open(start)
    page.fill("#rule-goto-input", typed)
    page.press("#rule-goto-input", "Enter")
    page.wait_for_url(f"**/{rules['rules'][rule_id]['u']}")
    tab.check_no_errors()


def test_go_to_rule_on_a_phone_and_unknown_ids(tab_at: Callable[[str], Tab]) -> None:
    """On a phone the box is in the menu; an unknown ID says so and stays on the page."""
    tab = tab_at("phone")
    page = tab.open("index.html")
    page.click(".mobile-header label[for='__navigation']")
    page.fill("#rule-goto-input", "RR 99.9z")
    page.press("#rule-goto-input", "Enter")
    message = page.locator("#rule-goto-message")
    message.wait_for(state="visible")
    assert "No rule" in message.inner_text()
    page.fill("#rule-goto-input", "rr 8.4b")
    page.press("#rule-goto-input", "Enter")
    page.wait_for_url("**/08-traps.html#rule-rr-8-4b")
    tab.check_no_errors()


# -- Previews -----------------------------------------------------------------------------------

REFERENCE = "article dd a.reference.internal[href$='#rule-rr-8-1b']"


def test_hovering_a_reference_previews_the_rule(rules: Rules, tab_at: Callable[[str], Tab]) -> None:
    """The preview shows the rule's ID, title and text, and stays inside the window."""
    tab = tab_at("laptop")
    page = tab.open("rules/risk-and-resource/rulings-risk-and-traps.html")
    page.locator(REFERENCE).first.hover()
    preview = page.locator(".rule-preview")
    preview.wait_for(state="visible")
    text = preview.inner_text()
    rule = rules["rules"]["RR 8.1b"]
    assert "RR 8.1b" in text
    assert rule["t"] in text
    assert rule["x"].split("\n\n")[0][:40] in " ".join(text.split())
    assert tab.scroll_overflow() <= 0
    page.mouse.move(0, 0)
    preview.wait_for(state="hidden")
    tab.check_no_errors()


def test_tapping_a_reference_previews_then_follows(tab_at: Callable[[str], Tab]) -> None:
    """On a touch screen the first tap shows the preview, a second tap follows the link."""
    tab = tab_at("phone")
    page = tab.open("rules/risk-and-resource/rulings-risk-and-traps.html")
    reference = page.locator(REFERENCE).first
    reference.scroll_into_view_if_needed()
    reference.tap()
    preview = page.locator(".rule-preview")
    preview.wait_for(state="visible")
    assert "RR 8.1b" in preview.inner_text()
    assert page.url.endswith("rulings-risk-and-traps.html")
    box = preview.bounding_box()
    assert box is not None
    assert box["x"] >= 0
    assert box["x"] + box["width"] <= 360
    reference.tap()
    page.wait_for_url("**/08-traps.html#rule-rr-8-1b")
    tab.check_no_errors()


# -- Rulings both ways --------------------------------------------------------------------------


def test_a_rule_lists_the_rulings_that_cite_it(tab_at: Callable[[str], Tab]) -> None:
    """RR 5.3c names RR R2, which reinterprets it, and the link opens the ruling."""
    tab = tab_at("phone")
    page = tab.open("rules/risk-and-resource/05-priority-and-timing.html")
    line = page.locator("dt#rule-rr-5-3c + dd p.rule-rulings")
    assert "RR R2" in line.inner_text()
    line.locator("a", has_text="RR R2").click()
    page.wait_for_url("**/*#rule-rr-r2")
    assert page.locator("dt#rule-rr-r2").is_visible()
    tab.check_no_errors()


# -- Search -------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("query", "first"),
    [("RR 8.4b", "RR 8.4b"), ("LV 2.1", "LV 2.1"), ("lv2.1", "LV 2.1"), ("summoning sickness", "")],
)
def test_search_lists_rules_first(
    query: str, first: str, rules: Rules, tab_at: Callable[[str], Tab]
) -> None:
    """A rule hit shows ID, title and snippet; an exact ID comes first; a title finds its rule.

    An ID alone opens its rule at once (see test_finding); ``all=1``, a search of the API
    reference too, lists it instead."""
    tab = tab_at("laptop")
    page = tab.open(f"search.html?q={query}&all=1")
    hit = page.locator("section.rule-hits li.rule-hit").first
    hit.wait_for()
    rule_id = hit.locator("a.rule-id-link").inner_text()
    if first:
        assert rule_id == first
    else:
        assert query in rules["rules"][rule_id]["t"].lower()
    assert hit.locator(".rule-hit-title").inner_text() == rules["rules"][rule_id]["t"]
    assert hit.locator(".rule-hit-snippet").inner_text().strip()
    tab.check_no_errors()


# -- Printing and downloads ---------------------------------------------------------------------


def test_printing_shows_the_rules_only(tab_at: Callable[[str], Tab]) -> None:
    """In print, the sidebars, header, skip link and buttons are gone and the rules remain."""
    tab = tab_at("laptop")
    page = tab.open("rules/leveler.html")
    page.emulate_media(media="print")
    for chrome in (".sidebar-drawer", ".toc-drawer", ".mobile-header", ".skip-to-content"):
        assert not page.locator(chrome).first.is_visible(), chrome
    assert page.locator("dt#rule-lv-2-1").is_visible()
    widest = page.evaluate(
        "Math.max(...[...document.querySelectorAll('article pre')]"
        ".map(p => p.scrollWidth - p.clientWidth))"
    )
    assert widest <= 0, "an example is cut at the margin"


def test_each_format_downloads_as_text_and_pdf(rules: Rules, tab_at: Callable[[str], Tab]) -> None:
    """The home page links each format's complete rules, as text and as a PDF."""
    tab = tab_at("laptop")
    page = tab.open("index.html")
    for prefix in rules["prefixes"]:
        entry = page.locator(f"li.format-{prefix.lower()}")
        text_link = entry.locator("a", has_text="TXT").get_attribute("href")
        pdf_link = entry.locator("a", has_text="PDF").get_attribute("href")
        assert text_link
        assert pdf_link
        text = page.request.get(tab.base_url + text_link).text()
        for rule_id in rules["rules"]:
            if rule_id.startswith(prefix + " "):
                assert f"\n{rule_id}  " in text, rule_id
        pdf = page.request.get(tab.base_url + pdf_link)
        assert pdf.ok
        assert pdf.body().startswith(b"%PDF")
