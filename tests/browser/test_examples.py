"""On a phone, a rules page reads as rules: its worked examples show what a judge reads, and
the doctests behind them stay folded until asked for."""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from browsing import Tab
from playwright.sync_api import Browser, expect

EXAMPLE_PAGES = (
    "rules/risk-and-resource/06-combat.html",
    "rules/dominion-draft.html",
    "rules/stockpile.html",
)
"""The pages with the most examples per rule, where code once took most of the height."""

RULES = Path(__file__).resolve().parents[2] / "rules"
RULES_PAGES = tuple(
    f"rules/{page.relative_to(RULES).with_suffix('.html').as_posix()}"
    for page in sorted(RULES.rglob("*.md"))
)
"""Every page built from ``rules/``: each must read as rules, not as code."""

MOST_CODE = 0.10
"""The largest share of a page's height that code shown by default may take."""

CODE_SHARE = """
(() => {
  const article = document.querySelector("article");
  const code = [...article.querySelectorAll("pre")]
    .filter((pre) => pre.checkVisibility() && !pre.closest("details:not([open])")
      && !pre.parentElement.closest("pre"))
    .reduce((sum, pre) => sum + pre.getBoundingClientRect().height, 0);
  return [code, document.documentElement.scrollHeight];
})()
"""
"""The height of the code blocks shown on the page, and the page's height, in CSS pixels."""


@pytest.mark.parametrize("path", EXAMPLE_PAGES)
def test_code_shown_on_a_phone_is_a_small_part_of_the_page(
    path: str, tab_at: Callable[[str], Tab]
) -> None:
    """At 390 px, code visible without a click takes at most 10% of the page's height."""
    tab = tab_at("phone-wide")
    tab.open(path)
    code, height = tab.page.evaluate(CODE_SHARE)
    share = code / height
    print(f"{path}: {code:.0f} px of code in {height} px, {share:.1%}")
    assert share <= MOST_CODE, f"{path}: code takes {share:.1%} of the page at 390 px"
    tab.check_no_errors()


@pytest.mark.parametrize("path", RULES_PAGES)
def test_every_rules_page_reads_as_rules_on_a_phone(
    path: str, tab_at: Callable[[str], Tab]
) -> None:
    """At 390 px, on every rules page, code shown without a click takes at most 10% of the
    height, every position shown as a table fits the column, and nothing scrolls sideways."""
    tab = tab_at("phone-wide")
    page = tab.open(path)
    code, height = page.evaluate(CODE_SHARE)
    share = code / height
    print(f"{path}: {code:.0f} px of code in {height} px, {share:.1%}")
    assert share <= MOST_CODE, f"{path}: code takes {share:.1%} of the page at 390 px"
    wide = [view for view in page.evaluate(POSITION_FITS) if view["wide"]]
    assert not wide, f"{path}: {len(wide)} positions are wider than the page's column"
    assert tab.scroll_overflow() == 0
    tab.check_no_errors()


def test_a_folded_doctest_opens_and_copies_as_run(tab_at: Callable[[str], Tab]) -> None:
    """ "Show the doctest" opens the example's doctest, and its copy button copies it as Sybil
    runs it: prompts, blank continuation lines and the engine's answers included."""
    tab = tab_at("phone-wide")
    tab.page.context.grant_permissions(["clipboard-read", "clipboard-write"])
    page = tab.open(EXAMPLE_PAGES[0])
    folded = page.locator("details.judge-doctest").first
    assert not folded.locator("pre").is_visible()
    folded.locator("summary").click()
    expect(folded.locator("pre")).to_be_visible()  # loaded from the page's examples
    shown = folded.locator("pre").inner_text()
    assert ">>> " in shown
    assert folded.locator("button.copybtn").count() == 1
    folded.locator("button.copybtn").click()
    page.wait_for_function("() => document.querySelector('button.copybtn.success') !== null")
    copied = page.evaluate("navigator.clipboard.readText()")
    assert copied == shown.rstrip("\n") + "\n"
    assert copied.startswith(">>> game = from_position('''Format: rr\n")
    assert "\n...\n" in copied  # the blank line between the position's header and players
    assert "Traceback (most recent call last):" in copied  # what the engine answers
    tab.check_no_errors()


POSITION_FITS = """
(() => [...document.querySelectorAll(".judge-position")].map((view) => {
  const table = view.querySelector("table");
  const box = view.getBoundingClientRect();
  const wide = [view, ...view.querySelectorAll("*")].some(
    (node) => node.getBoundingClientRect().right > box.right + 0.5
      || (node.scrollWidth > node.clientWidth + 1
          && getComputedStyle(node).overflowX !== "visible")
  );
  return {rows: table ? table.querySelectorAll("tr").length : 0, wide: wide};
}))()
"""
"""For each position shown: its table's rows, and whether anything in it sticks out of its
column or scrolls sideways."""


def test_a_position_shows_as_a_table_that_fits_a_phone(tab_at: Callable[[str], Tab]) -> None:
    """An example built from a position shows it as a table, one row per player, that fits
    the phone's column: nothing sticks out, nothing scrolls sideways."""
    tab = tab_at("phone-wide")
    page = tab.open(EXAMPLE_PAGES[0])
    views = page.evaluate(POSITION_FITS)
    assert len(views) >= 20, f"only {len(views)} positions shown as tables"
    assert all(view["rows"] == 2 for view in views), views
    assert not [v for v in views if v["wide"]], "a position is wider than the page's column"
    assert tab.scroll_overflow() == 0
    first = page.locator(".judge-position").first
    assert first.locator("p.judge-turn").inner_text().startswith("Turn 2 · declare attackers")
    assert first.locator("td").first.inner_text() == "Alice"
    tab.check_no_errors()


def test_rule_ids_in_an_example_link_to_their_rules(tab_at: Callable[[str], Tab]) -> None:
    """The rule an engine's answer cites is a link to that rule."""
    tab = tab_at("phone-wide")
    page = tab.open(EXAMPLE_PAGES[1])
    links = page.locator(".judge-example a")
    assert links.count() > 0
    assert "#" in (links.first.get_attribute("href") or "")
    tab.check_no_errors()


# --- Every example a judge's example ------------------------------------------------------------

EXAMPLES = """
(() => [...document.querySelectorAll("article details.judge-doctest")].map((folded) => {
  let before = folded.previousElementSibling;
  while (before && before.classList.contains("try-bar")) before = before.previousElementSibling;
  const judged = before && before.classList.contains("judge-example") ? before : null;
  const shown = judged ? [...judged.querySelectorAll("p")].map((p) => p.innerText) : [];
  return {judged: judged !== null, lines: shown, visible: folded.checkVisibility()};
}))()
"""
"""Each worked example of the page: whether it shows a judge's form above its folded doctest,
and the lines that form says (a position's lines included)."""

ENGINE_CODE = re.compile(r"\b[A-Z][A-Za-z]+\((?:[a-z_]+=|\))|\b(?:game|push|explain)\(")
"""Python a reader would see as code: a constructor call (``SetAside(card='Witch')``,
``Pass()``) or a call of the engine's functions."""

TURN_PREFIX = re.compile(r"^turn -?\d+: ")
"""The log's prefix a reader of a worked example does not need."""


def _examples(tab: Tab, path: str) -> list[dict[str, Any]]:
    page = tab.open(path)
    found: list[dict[str, Any]] = page.evaluate(EXAMPLES)
    return found


def test_every_example_is_a_judge_s_example(tab_at: Callable[[str], Tab]) -> None:
    """On every rules page, every worked example shows a judge's form (none shows only "Show
    the doctest"), none of them shows engine code (a move is in the notation, a refusal is
    the rule and its reason), and no line of the engine's answer keeps its "turn N:"."""
    tab = tab_at("small-laptop")
    python_only: list[str] = []
    code: list[str] = []
    prefixed: list[str] = []
    total = 0
    for path in RULES_PAGES:
        examples = _examples(tab, path)
        total += len(examples)
        python_only += [f"{path} #{i}" for i, e in enumerate(examples) if not e["judged"]]
        for i, example in enumerate(examples):
            code += [
                f"{path} #{i}: {line}" for line in example["lines"] if ENGINE_CODE.search(line)
            ]
            prefixed += [f"{path} #{i}: {s}" for s in example["lines"] if TURN_PREFIX.match(s)]
    print(f"{total} examples on {len(RULES_PAGES)} rules pages")
    assert total > 600
    assert not python_only, f"{len(python_only)} examples in Python only: {python_only}"
    assert not code, f"{len(code)} lines of engine code: {code}"
    assert not prefixed, f"{len(prefixed)} answers with their turn: {prefixed}"
    tab.check_no_errors()


CONTRIBUTOR_TALK = re.compile(
    r"\bScenario\b|\brulekeeper\.\w|\bimport(?:s|ed)?\b|\binvisible\b|\bnamespace\b|"
    r"\bfrom_position\b|\bpush\(|\blegal_actions\b|\bvariant_state\b|\bin Python\b|\bhelper\b"
)
"""Words of a note on how the examples are built, for contributors rather than players."""

PLAYERS_TEXT = """
(() => [...document.querySelectorAll(
    "article :is(p, li, dt, h1, h2, h3, h4, td, th, figcaption, .admonition-title)")]
  // What a player reads: not the doctests, the buttons or the contributor view's details.
  .filter((node) => node.checkVisibility()
    && !node.closest("details.judge-doctest, .try-bar, .contributor-detail"))
  .map((node) => node.innerText))()
"""
"""The text a player reads on the page, a block at a time."""


@pytest.mark.parametrize("path", RULES_PAGES)
def test_a_players_page_holds_no_contributors_talk(path: str, tab_at: Callable[[str], Tab]) -> None:
    """How the examples are built (a Scenario, imports, the Python behind them) is a note for
    contributors: a comment in the page's source or the contributor view, not its text."""
    tab = tab_at("phone-wide")
    blocks: list[str] = tab.open(path).evaluate(PLAYERS_TEXT)
    talk = [block for block in blocks if CONTRIBUTOR_TALK.search(block)]
    assert not talk, f"{path}: {talk}"
    tab.check_no_errors()


HEAVIEST_PAGE = "rules/risk-and-resource/04-turn-structure.html"
"""The rules page with the most doctest text (149 of its 332 KB when every doctest was in it)."""

HEAVIEST_BEFORE = 339_669
"""Its size in bytes when the doctests were written into the page."""

MOST_FOLDED = 0.10
"""The largest share of a rules page's HTML its folded doctests may take: their summaries and
the note saying where each is, no longer their code (38 to 47% when it was)."""


@pytest.mark.parametrize("path", RULES_PAGES)
def test_a_rules_page_does_not_carry_its_doctests(path: str, site_dir: Path) -> None:
    """A page's doctests load when a reader opens one: what the folds hold is a small part of
    its HTML, and the heaviest page is at most 60% of what it was."""
    html = (site_dir / path).read_text("utf-8")
    folded = sum(
        len(m) for m in re.findall(r'<details class="judge-doctest".*?</details>', html, re.S)
    )
    print(f"{path}: {len(html)} characters, {folded} in folded doctests")
    assert folded <= MOST_FOLDED * len(html) or folded < 2_000
    if path == HEAVIEST_PAGE:
        size = (site_dir / path).stat().st_size
        assert size <= 0.6 * HEAVIEST_BEFORE, f"{size} bytes, {size / HEAVIEST_BEFORE:.0%}"


@pytest.mark.parametrize("width", ["phone-wide", "small-laptop"])
def test_opening_a_doctest_shows_it_as_sybil_runs_it(
    width: str, tab_at: Callable[[str], Tab], site_dir: Path
) -> None:
    """Opening "Show the doctest" fetches the page's examples (nothing before) and shows the
    doctest of that example, prompts and answers, as the page's JSON (what Sybil runs) has it;
    it fits the column."""
    tab = tab_at(width)
    requests: list[str] = []
    tab.page.on("requestfinished", lambda request: requests.append(request.url))
    page = tab.open("rules/dominion-draft.html")
    assert not [url for url in requests if "/_static/examples/" in url]
    folded = page.locator("details.judge-doctest[data-doctest-block]").nth(3)
    folded.scroll_into_view_if_needed()
    assert folded.locator("p.judge-doctest-where").is_visible() is False
    folded.locator("summary").click()
    pre = folded.locator("pre")
    expect(pre).to_be_visible()
    data = json.loads((site_dir / "_static/examples/rules/dominion-draft.json").read_text("utf-8"))
    file, block = (
        folded.get_attribute("data-doctest-file"),
        folded.get_attribute("data-doctest-block"),
    )
    source = data["files"][file]["blocks"][int(block or 0)]["source"]
    assert pre.inner_text().rstrip("\n") == source.rstrip("\n")
    assert pre.inner_text().startswith(">>> ")
    assert [url for url in requests if "/_static/examples/" in url]
    assert tab.scroll_overflow() == 0
    tab.check_no_errors()


def test_without_scripts_a_doctest_says_where_it_is(browser: Browser, base_url: str) -> None:
    """With scripts off (or where the page's examples cannot be fetched), opening a doctest
    says which rules file and line it is at, rather than showing nothing."""
    context = browser.new_context(java_script_enabled=False, viewport={"width": 390, "height": 844})
    try:
        page = context.new_page()
        page.goto(base_url + "rules/stockpile.html", wait_until="load")
        folded = page.locator("details.judge-doctest[data-doctest-block]").first
        folded.locator("summary").click()
        where = folded.locator("p.judge-doctest-where")
        expect(where).to_be_visible()
        assert re.fullmatch(
            r"The doctest is at rules/stockpile\.md, line \d+\.", where.inner_text()
        )
        assert folded.locator("pre").count() == 0
    finally:
        context.close()
