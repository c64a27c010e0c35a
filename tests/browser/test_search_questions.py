"""The search as players ask it, in the browser: the project's question set answered, the bytes
the first search costs, and the search at a phone's and a laptop's width and by keyboard.

The questions and the rules a judge would cite for each are in ``search_questions.toml``; the
search (``rulekeeper-search.js`` on MiniSearch) was never tuned to one question.
"""

from __future__ import annotations

import gzip
import math
import tomllib
from collections.abc import Callable
from pathlib import Path
from typing import Any
from urllib.parse import quote, urlsplit

import pytest
from browsing import Tab
from playwright.sync_api import Request

QUESTIONS: list[dict[str, Any]] = tomllib.loads(
    (Path(__file__).parent / "search_questions.toml").read_text(encoding="utf-8")
)["question"]

TARGET = 28 / 30
"""The share of the questions whose rule should be among the first three hits: the issue's 28
of 30, that is 41 of this set's 43."""

ANSWERED = 42
"""How many of the set's questions the search answers today, which it must not fall below. It
is above :data:`TARGET`; the one it misses (see the contributor guide) does not name what brings
the sub-deck it asks about in."""

MOST_BYTES = 150_000
"""The most the search's own index and code may cost on the first search, gzip-compressed."""

SEARCH_FILES = (
    "_static/rulekeeper-data.js",
    "_static/minisearch.js",
    "_static/rulekeeper-search.js",
    "_static/rulekeeper-rules.js",
)
"""The search's own files: its index (the site's data), the library, the ranking and the page's
script that shows the hits."""


def rule_hits(tab: Tab, query: str) -> list[str]:
    """The IDs of the rules a search lists, in order."""
    page = tab.open(f"search.html?q={quote(query)}")
    page.locator(".rule-search-summary").wait_for()
    return page.locator("section.rule-hits a.rule-id-link").all_inner_texts()


def answered(question: dict[str, Any], hits: list[str]) -> bool:
    """Whether the hits answer the question as its entry in the set asks."""
    wanted: list[str] = question["rules"]
    if question.get("first"):
        return bool(hits) and hits[0] == wanted[0]
    top = hits[:3]
    if question.get("all"):
        return all(rule in top for rule in wanted)
    return any(rule in top for rule in wanted)


def test_the_question_set_is_well_formed(site_dir: Path) -> None:
    """Thirty questions or more, of every kind, each citing rules the site has."""
    import json

    rules = json.loads((site_dir / "_static" / "rules.json").read_text(encoding="utf-8"))
    assert len(QUESTIONS) >= 30
    kinds = {q["kind"] for q in QUESTIONS}
    assert kinds == {"question", "misspelling", "cross-game", "term"}
    for question in QUESTIONS:
        for rule in question["rules"]:
            assert rule in rules["rules"], f"{question['ask']}: no rule {rule}"


def test_players_questions_find_the_judges_rule(tab_at: Callable[[str], Tab]) -> None:
    """The questions have the rule a judge would cite in the first three hits (all of them where
    the set says so, first where it says so): at least the issue's share, 42 of 43 today, and
    never fewer."""
    tab = tab_at("laptop")
    missed = []
    for question in QUESTIONS:
        hits = rule_hits(tab, question["ask"])
        if not answered(question, hits):
            missed.append(f"{question['ask']!r}: wanted {question['rules']}, got {hits[:5]}")
    found = len(QUESTIONS) - len(missed)
    target = math.ceil(len(QUESTIONS) * TARGET)
    print(f"{found} of {len(QUESTIONS)} questions answered in the first three hits")
    print(f"(the target is {target})")
    print("\n".join(missed))
    assert found >= max(ANSWERED, target), "\n".join(missed)
    tab.check_no_errors()


@pytest.mark.parametrize(
    ("query", "rule"),
    [
        ("trample", "RR 6.2.4b"),  # Magic's word for Risk & Resource's Piercing
        ("tramle", "RR 6.2.4b"),  # a letter missing, and the other game's word too
        ("mulligen", "RR 12.1b"),
        ("deathtouch", "RR 6.2.4a"),
    ],
)
def test_misspellings_and_other_games_words_are_forgiven(
    query: str, rule: str, tab_at: Callable[[str], Tab]
) -> None:
    """A misspelt word, or another game's word for the same idea, still finds the rule."""
    hits = rule_hits(tab_at("laptop"), query)
    assert rule in hits[:5], hits[:8]


@pytest.mark.parametrize("word", ["constructor", "toString", "hasOwnProperty"])
def test_a_word_every_javascript_object_has_is_searched_like_any_other(
    word: str, tab_at: Callable[[str], Tab]
) -> None:
    """The contributor guide says "constructor": a lookup that found it on every JavaScript
    object indexed a function, and the whole search stopped ("key must be a string")."""
    page = tab_at("laptop").open(f"search.html?q={quote(word)}")
    summary = page.locator(".rule-search-summary")
    summary.wait_for()
    assert "not available" not in summary.inner_text(), summary.inner_text()


def test_the_first_search_is_small(site_dir: Path, tab_at: Callable[[str], Tab]) -> None:
    """The search's own index and code cost at most 150 KB, gzip-compressed (level 6, as a
    server sends them), on the first search."""
    tab = tab_at("laptop")
    requests: list[Request] = []
    tab.page.on("request", lambda request: requests.append(request))
    page = tab.open("search.html?q=trample")
    page.locator("section.rule-hits").wait_for()
    page.wait_for_load_state("networkidle")
    fetched = {urlsplit(r.url).path.removeprefix(urlsplit(tab.base_url).path) for r in requests}
    assert set(SEARCH_FILES) <= fetched, sorted(fetched)
    sizes = {
        name: len(gzip.compress((site_dir / name).read_bytes(), compresslevel=6))
        for name in SEARCH_FILES
    }
    everything = sum(
        len(gzip.compress((site_dir / name).read_bytes(), compresslevel=6))
        for name in fetched
        if (site_dir / name).is_file()
    )
    print(f"first search: {sizes}; {sum(sizes.values())} bytes of search, {everything} in all")
    assert sum(sizes.values()) <= MOST_BYTES, sizes


@pytest.mark.parametrize("width", ["phone-wide", "small-laptop"])
def test_search_by_keyboard_at_phone_and_laptop_widths(
    width: str, tab_at: Callable[[str], Tab]
) -> None:
    """At 390 and 1280 px, with the keyboard alone: type a question in the search page's box,
    press Enter, Tab to the first rule found and open it; nothing is wider than the window."""
    tab = tab_at(width)
    page = tab.open("search.html")
    box = page.locator("input.rule-search-input")
    for _ in range(60):  # Tab from the top of the page to the search box
        if box.evaluate("box => box === document.activeElement"):
            break
        page.keyboard.press("Tab")
    assert box.evaluate("box => box === document.activeElement")
    page.keyboard.type("can my creature attack the turn it comes out")
    page.keyboard.press("Enter")
    page.wait_for_url("**/search.html?q=can+my+creature*")
    first = page.locator("section.rule-hits a.rule-id-link").first
    first.wait_for()
    assert tab.scroll_overflow() <= 0
    wanted = first.get_attribute("href") or ""
    for _ in range(200):  # on through the page to the first hit
        if first.evaluate("link => link === document.activeElement"):
            break
        page.keyboard.press("Tab")
    assert first.evaluate("link => link === document.activeElement")
    page.keyboard.press("Enter")
    page.wait_for_url("**/" + wanted.split("/")[-1])
    tab.check_no_errors()
