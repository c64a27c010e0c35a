"""On a phone, a rules page reads as rules: its worked examples show what a judge reads, and
the doctests behind them stay folded until asked for."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from browsing import Tab

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
    assert folded.locator("pre").is_visible()
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
