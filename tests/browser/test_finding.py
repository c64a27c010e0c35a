"""Finding a rule in a player's words, tried in the browser: the search page, the top bar on a
phone, the contributor view, short addresses and a copy of the site saved to disk.

The expectations come from the site's own data (``_static/rules.json``) wherever they can.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from browsing import PHONES, WIDTHS, Tab

Rules = dict[str, Any]


@pytest.fixture(scope="module")
def rules(site_dir: Path) -> Rules:
    """The site's ``rules.json``: ``prefixes`` and ``rules`` by ID."""
    data: Rules = json.loads((site_dir / "_static" / "rules.json").read_text(encoding="utf-8"))
    return data


def rule_hits(tab: Tab, query: str) -> list[str]:
    """The IDs of the rules a search lists, in order."""
    page = tab.open(f"search.html?q={query}")
    page.locator(".rule-search-summary").wait_for()
    return page.locator("section.rule-hits a.rule-id-link").all_inner_texts()


# -- The search page ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("query", "expected", "within"),
    [
        # The Magic essentials' rule on trample, by its glossary term; its ruling (MG R4) may
        # come first, and Risk & Resource's Piercing follows (test_search_questions).
        ("trample", "MG 4.5", 2),
        ("flying", "MG 4.3", 3),  # by the glossary entry that cites it
        ("three piles", "DD 6.1", 3),
        ("junk", "SD 4.1", 1),
        ("mulligan", "RR 12.1b", 5),
        ("when does the game end", "SD 6.5", 3),
        ("discard down", "RR 4.7.2a", 1),
        ("first player", "DM 1.3", 3),
        ("ties", "DD R20", 1),
        ("Populate", "DD 3.4", 2),  # after DD R22, the ruling that names Populate
    ],
)
def test_players_words_find_their_rule(
    query: str, expected: str, within: int, rules: Rules, tab_at: Callable[[str], Tab]
) -> None:
    """Each of these is how a player asks; the rule that answers is among the first hits."""
    tab = tab_at("laptop")
    hits = rule_hits(tab, query)
    assert expected in rules["rules"]
    assert expected in hits[:within], hits[:8]
    tab.check_no_errors()


def test_search_matches_whole_words_only(rules: Rules, tab_at: Callable[[str], Tab]) -> None:
    """``tie`` finds rules about ties, not "abilities" or "parties"."""
    tab = tab_at("laptop")
    hits = rule_hits(tab, "tie")
    assert hits
    for rule_id in hits:
        rule = rules["rules"][rule_id]
        assert re.search(r"\bti(e|es|ed)\b", f"{rule['t']} {rule['x']}", re.I), rule_id


def test_search_lists_rules_then_glossary_then_pages(tab_at: Callable[[str], Tab]) -> None:
    """The kinds of hit come in that order; the glossary's synonyms (flying, reach) count."""
    tab = tab_at("laptop")
    page = tab.open("search.html?q=flying")
    page.locator(".rule-search-summary").wait_for()
    kinds = page.locator("section.search-hits").evaluate_all(
        "sections => sections.map(s => s.classList[1])"
    )
    assert kinds == ["rule-hits", "glossary-hits", "page-hits"]
    assert "reach" in page.locator("section.glossary-hits").inner_text().lower()


def test_snippets_are_rule_text_never_code(rules: Rules, tab_at: Callable[[str], Tab]) -> None:
    """Each rule hit's snippet is a piece of that rule's text, with the words found marked."""
    tab = tab_at("phone")
    page = tab.open("search.html?q=priority")
    page.locator(".rule-search-summary").wait_for()
    hits = page.locator("section.rule-hits li.rule-hit")
    assert hits.count() > 3
    for index in range(min(hits.count(), 10)):
        hit = hits.nth(index)
        rule = rules["rules"][hit.locator("a.rule-id-link").inner_text()]
        snippet = hit.locator(".rule-hit-snippet").inner_text().strip("\u2026")
        assert ">>>" not in snippet
        assert snippet in " ".join(rule["x"].split())
        assert hit.locator("mark").count() >= 1
    assert tab.scroll_overflow() <= 0
    tab.check_no_errors()


def test_search_costs_one_small_index_and_no_pages(tab_at: Callable[[str], Tab]) -> None:
    """A search fetches the site's small index, not Sphinx's, and none of the pages it lists;
    the API reference and source are searched only when asked for."""
    tab = tab_at("laptop")
    requested: list[str] = []
    tab.page.on("request", lambda request: requested.append(request.url))
    page = tab.open("search.html?q=priority")
    page.locator(".rule-search-summary").wait_for()
    page.wait_for_load_state("networkidle")
    assert not [url for url in requested if "searchindex.js" in url]
    assert not [url for url in requested if url.endswith(".html") and "search.html" not in url]
    assert page.locator("#rule-search a[href*='api/']").count() == 0
    page.click(".rule-search-everything a")
    page.locator("#search-results a[href*='api/_generated/']").first.wait_for()
    tab.check_no_errors()


def test_a_rule_id_goes_straight_to_the_rule(rules: Rules, tab_at: Callable[[str], Tab]) -> None:
    """A search for an ID in any spelling opens the rule."""
    tab = tab_at("phone")
    page = tab.open("search.html?q=rr%208.4B")
    page.wait_for_url(f"**/{rules['rules']['RR 8.4b']['u']}")
    tab.check_no_errors()


# -- On a phone ---------------------------------------------------------------------------------


@pytest.mark.parametrize("width", PHONES)
@pytest.mark.parametrize("start", ["index.html", "rules/risk-and-resource/06-combat.html"])
def test_a_phone_searches_and_goes_to_rules_from_the_top(
    width: str, start: str, rules: Rules, tab_at: Callable[[str], Tab]
) -> None:
    """Without opening the menu: the boxes are at the top of the page and work."""
    tab = tab_at(width)
    page = tab.open(start)
    bar = page.locator(".rule-topbar")
    assert bar.is_visible()
    box = bar.bounding_box()
    assert box is not None
    assert box["y"] < 150
    assert not page.locator("#__navigation").is_checked()  # the menu stays closed
    page.fill(".rule-topbar-goto input", "lv 2.1")
    page.press(".rule-topbar-goto input", "Enter")
    page.wait_for_url(f"**/{rules['rules']['LV 2.1']['u']}")
    page.fill(".rule-topbar-search input", "mulligan")
    page.press(".rule-topbar-search input", "Enter")
    page.wait_for_url("**/search.html?q=mulligan")
    page.locator("section.rule-hits").wait_for()
    assert tab.scroll_overflow() <= 0
    tab.check_no_errors()


@pytest.mark.parametrize("width", [w for w in WIDTHS if w not in PHONES])
def test_the_top_bar_is_for_phones_only(width: str, tab_at: Callable[[str], Tab]) -> None:
    """Wider windows keep the boxes in the sidebar, which is always open."""
    tab = tab_at(width)
    page = tab.open("index.html")
    assert not page.locator(".rule-topbar").is_visible()
    assert page.locator(".sidebar-drawer form.rule-goto").is_visible()


# -- Readers and contributors -------------------------------------------------------------------


def test_contributor_details_wait_for_the_contributor_view(tab_at: Callable[[str], Tab]) -> None:
    """Readers see neither coverage figures nor "Enforced by"; the switch shows both, and the
    choice holds on the next page."""
    tab = tab_at("laptop")
    page = tab.open("rules/leveler.html")
    enforced = page.locator("p.rule-enforced-by").first
    assert enforced.count() == 1
    assert not enforced.is_visible()
    page.check("label.rule-contributor-switch input")
    assert enforced.is_visible()
    page = tab.open("index.html")
    assert "normative enforced" in page.locator(".format-status").first.inner_text()
    page.uncheck("label.rule-contributor-switch input")
    assert "normative" not in page.locator(".format-status").first.inner_text()
    tab.check_no_errors()


def test_the_rules_index_lists_rules_not_guides(tab_at: Callable[[str], Tab]) -> None:
    """Risk & Resource's entry lists its chapters, not the headings of its front page."""
    page = tab_at("laptop").open("rules/index.html")
    listing = page.locator("article .toctree-wrapper").inner_text()
    assert "Trying the examples" not in listing
    assert "8. Traps" in listing


# -- Landing on a rule, and a copy saved to disk ------------------------------------------------


@pytest.mark.parametrize("width", ["phone-wide", "desktop-wide"])
def test_a_short_address_lands_on_the_rule_at_once(
    width: str, rules: Rules, tab_at: Callable[[str], Tab]
) -> None:
    """No long smooth scroll: as soon as the page has loaded, the rule is in the window."""
    tab = tab_at(width)
    page = tab.open("r/RR-11.1h.html")
    page.wait_for_url(f"**/{rules['rules']['RR 11.1h']['u']}", wait_until="load")
    top = page.evaluate("document.getElementById('rule-rr-11-1h').getBoundingClientRect().top")
    assert 0 <= top < 200


def test_a_saved_copy_works_from_disk(
    site_dir: Path, rules: Rules, tab_at: Callable[[str], Tab]
) -> None:
    """Opened from file://, Go to rule, previews and the search still work."""
    tab = tab_at("laptop")
    page = tab.page
    page.goto((site_dir / "rules" / "leveler.html").as_uri())
    page.fill("#rule-goto-input", "2.1")
    page.press("#rule-goto-input", "Enter")
    page.wait_for_url("**/rules/leveler.html#rule-lv-2-1")
    link = page.locator("article dd a.reference.internal[href*='#rule-']").first
    link.hover()
    page.locator(".rule-preview").wait_for(state="visible")
    page.goto((site_dir / "search.html").as_uri() + "?q=junk")
    page.locator("section.rule-hits li.rule-hit").first.wait_for()
    tab.check_no_errors()


# -- Shared links, a missing page and the glossaries ---------------------------------------------


def test_every_page_describes_itself_for_link_previews(site_dir: Path) -> None:
    """A description and OpenGraph title and description on every page of ours."""
    pages = [
        p
        for p in site_dir.rglob("*.html")
        if not p.relative_to(site_dir).as_posix().startswith(("_modules/", "tests-source/"))
    ]
    assert len(pages) > 100
    for path in pages:
        text = path.read_text(encoding="utf-8")
        for tag in ('name="description"', 'property="og:title"', 'property="og:description"'):
            assert tag in text, f"{path.relative_to(site_dir)}: no {tag}"


def test_a_shared_short_address_shows_the_rule(site_dir: Path, rules: Rules) -> None:
    """Pasted into a chat, a short address shows the rule's ID, title and text."""
    rule = rules["rules"]["RR 8.4b"]
    page = (site_dir / "r" / "RR-8.4b.html").read_text(encoding="utf-8")
    assert f'<meta property="og:title" content="RR 8.4b: {rule["t"]}">' in page
    assert f'<meta property="og:description" content="{rule["x"][:40]}' in page
    assert f"<title>RR 8.4b: {rule['t']}</title>" in page


@pytest.mark.parametrize("width", ["phone-wide", "laptop"])
def test_the_missing_page_offers_go_to_rule(
    width: str, rules: Rules, tab_at: Callable[[str], Tab]
) -> None:
    """The 404 page's own box opens a rule by its ID."""
    tab = tab_at(width)
    page = tab.open("404.html")
    page.fill("#rule-goto-404-input", "dd 3.4")
    page.press("#rule-goto-404-input", "Enter")
    page.wait_for_url(f"**/{rules['rules']['DD 3.4']['u']}")
    tab.check_no_errors()


def own_404(error: str) -> bool:
    """The console's report of the missing address itself, which a 404 page always has."""
    return "status of 404" in error and "/rules/nope/deeper.html'" in error


@pytest.mark.parametrize("width", ["phone", "desktop"])
def test_the_missing_page_works_at_any_depth(
    width: str, rules: Rules, tab_at: Callable[[str], Tab]
) -> None:
    """Returned for a missing address two folders deep, the 404 page has its styles and
    scripts, and its links and Go to rule box lead into the site."""
    tab = tab_at(width)
    response = tab.page.goto(tab.base_url + "rules/nope/deeper.html", wait_until="load")
    assert response is not None
    assert response.status == 404
    page = tab.page
    # The missing address itself is the only failed request the console may report.
    tab.errors[:] = [e for e in tab.errors if not own_404(e)]
    assert page.locator("h1").inner_text().startswith("No page here")
    # Styled: every stylesheet loaded (a missing one would have no rules).
    assert page.locator("link[rel=stylesheet]").count() == page.evaluate(
        "[...document.styleSheets].filter(s => s.href && s.cssRules.length).length"
    )
    page.locator("article a", has_text="the rules").click()
    page.wait_for_url("**/rules/index.html")
    tab.page.goto(tab.base_url + "rules/nope/deeper.html", wait_until="load")
    tab.errors[:] = [e for e in tab.errors if not own_404(e)]
    page.fill("#rule-goto-404-input", "dd 3.4")
    page.press("#rule-goto-404-input", "Enter")
    page.wait_for_url(f"**/{rules['rules']['DD 3.4']['u']}")
    tab.check_no_errors()


def test_glossaries_have_an_a_to_z_index(tab_at: Callable[[str], Tab]) -> None:
    """Each letter links to the first entry that starts with it."""
    tab = tab_at("phone")
    page = tab.open("rules/glossary.html")
    letters = page.locator("p.glossary-az a")
    assert letters.count() > 5
    first = letters.first
    target = (first.get_attribute("href") or "").lstrip("#")
    first.click()
    term = page.locator(f"[id='{target}']")
    assert term.inner_text().strip().upper().startswith(first.inner_text())
    tab.check_no_errors()


# -- Versions and changes -----------------------------------------------------------------------


@pytest.mark.parametrize("width", ["phone", "laptop-wide"])
def test_each_format_has_a_version_and_a_changes_page(
    width: str, rules: Rules, tab_at: Callable[[str], Tab]
) -> None:
    """The home page gives each format's version and date and links to the changes page, which
    lists every format's releases."""
    tab = tab_at(width)
    page = tab.open("index.html")
    for prefix in rules["prefixes"]:
        version = page.locator(f"li.format-{prefix.lower()} .format-version")
        assert re.match(r"Version \S+, effective \d+ \w+ \d{4}", version.inner_text())
    page.locator(f"li.format-{next(iter(rules['prefixes'])).lower()} .format-version a").click()
    page.wait_for_url("**/changes.html")
    for prefix in rules["prefixes"]:
        block = page.locator(f"#changes-{prefix.lower()}")
        assert block.locator(".release").count() >= 1
    assert tab.scroll_overflow() <= 0
    tab.check_no_errors()


def test_a_rule_links_to_its_history(rules: Rules, tab_at: Callable[[str], Tab]) -> None:
    """Under a rule, the release it last changed in; History shows that rule's changes only,
    and the releases that changed it lead to their pages, filtered to that rule."""
    tab = tab_at("phone-wide")
    page = tab.open(rules["rules"]["LV 2.1"]["u"])
    line = page.locator("dt#rule-lv-2-1 + dd p.rule-history")
    assert "version" in line.inner_text()
    line.locator("a.rule-history-link").click()
    page.wait_for_url("**/changes.html?rule=LV-2.1")
    assert "LV 2.1" in page.locator(".rule-history-notice").inner_text()
    # The rule's history comes first: the page's general introduction is out of the way.
    assert page.locator("article p", has_text="this page lists the changes made since").is_hidden()
    assert (
        page.evaluate("document.querySelector('article h1').nextElementSibling.className")
        == "rule-history-notice"
    )
    for index in range(page.locator("li.rule-change").filter(visible=True).count()):
        shown = page.locator("li.rule-change").filter(visible=True)
        assert "LV 2.1" in shown.nth(index).inner_text()
    releases = page.locator("li.release").filter(visible=True)
    assert releases.count() >= 1
    assert page.locator("#changes-dd").is_hidden()
    releases.first.locator("a").click()
    page.wait_for_url("**/releases/lv-*.html?rule=LV-2.1#change-lv-2-1")
    shown = page.locator("li.rule-change").filter(visible=True)
    assert shown.count() == 1
    assert "LV 2.1" in shown.first.inner_text()
    shown.first.locator("a.reference.internal").first.click()
    page.wait_for_url("**/rules/leveler.html#rule-lv-2-1")
    tab.check_no_errors()


def test_each_release_has_a_page(rules: Rules, tab_at: Callable[[str], Tab]) -> None:
    """The changes page links each release to its own page, which lists the rules it added,
    removed and changed, each linked to the rule."""
    tab = tab_at("laptop-wide")
    page = tab.open("changes.html")
    prefix = next(iter(rules["prefixes"])).lower()
    page.locator(f"#changes-{prefix} li.release a").last.click()
    page.wait_for_url(f"**/releases/{prefix}-1.html")
    assert "the first release" in page.locator("p.release-summary").inner_text()
    items = page.locator("li.rule-change.rule-added")
    assert items.count() >= 1
    assert items.first.locator("a.reference.internal").count() == 1
    assert tab.scroll_overflow() <= 0
    tab.check_no_errors()


def test_downloads_carry_the_version_and_date(site_dir: Path, rules: Rules) -> None:
    """Each text download names its version and date; each PDF is dated by its release, not
    1 January 1970."""
    for prefix in rules["prefixes"]:
        text = (site_dir / "downloads" / f"{prefix}-rules.txt").read_text(encoding="utf-8")
        assert re.search(r"^Version \S+, effective \d+ \w+ \d{4}", text, re.M), prefix
        pdf = (site_dir / "downloads" / f"{prefix}-rules.pdf").read_bytes()
        assert b"/CreationDate (D:1970" not in pdf, prefix


def test_each_format_downloads_as_one_html_file_that_works_offline(
    site_dir: Path, rules: Rules, tab_at: Callable[[str], Tab]
) -> None:
    """The home page links it; opened from disk, it holds every rule of the format, its
    examples and its glossary, and each of its links goes to a place inside it."""
    tab = tab_at("phone-wide")
    page = tab.open("index.html")
    for prefix in rules["prefixes"]:
        link = page.locator(f"li.format-{prefix.lower()} a", has_text="HTML")
        assert link.get_attribute("href") == f"downloads/{prefix}-rules.html"
    offline = tab.page
    offline.goto((site_dir / "downloads" / "LV-rules.html").as_uri())
    for rule_id in rules["rules"]:
        if rule_id.startswith("LV "):
            assert offline.locator(f"dt#{rules['rules'][rule_id]['u'].split('#')[1]}").count() == 1
    assert offline.locator("pre").count() > 5  # the worked examples
    assert offline.locator("dl.glossary").count() >= 1
    hrefs = offline.locator("a[href]").evaluate_all(
        "links => links.map(a => a.getAttribute('href'))"
    )
    inside = [h for h in hrefs if h.startswith("#")]
    assert inside
    assert all(h.startswith(("#", "http://", "https://")) for h in hrefs)
    missing = offline.evaluate(
        "ids => ids.filter(id => !document.getElementById(decodeURIComponent(id)))",
        sorted({h[1:] for h in inside}),
    )
    assert not missing
    assert offline.locator("script").count() == 0
    assert tab.scroll_overflow() <= 0


def test_card_names_in_rule_text_link_to_the_gallery(tab_at: Callable[[str], Tab]) -> None:
    """The first use of a card's name in the rules opens its entry in the card gallery."""
    tab = tab_at("phone")
    page = tab.open("rules/magic.html")
    link = page.locator("article dl.rules dd a.card-link").first
    name = link.inner_text()
    link.click()
    page.wait_for_url("**/cards/*.html#card-*")
    anchor = page.url.split("#", 1)[1]
    assert page.locator(f"[id='{anchor}']").inner_text() == name
    tab.check_no_errors()


def test_small_words_of_a_question_do_not_narrow_it(tab_at: Callable[[str], Tab]) -> None:
    """ "when does the game end" finds what "game end" finds: the question's small words (as
    written, so "does" is not taken for "doe") are not required."""
    tab = tab_at("laptop")
    assert rule_hits(tab, "when does the game end") == rule_hits(tab, "game end")
