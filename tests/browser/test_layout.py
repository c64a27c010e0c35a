"""Every reader's page fits the window at every width, and loads without errors."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from browsing import WIDTHS, Tab, reader_pages

WIDEST_TABLE = """
Math.max(0, ...[...document.querySelectorAll("article table")]
  .filter((table) => table.offsetParent !== null)
  .map((table) => table.getBoundingClientRect().width
    - document.querySelector("article").getBoundingClientRect().width))
"""
"""How many pixels the widest shown table of the page overflows the text column by."""


@pytest.mark.parametrize("width", WIDTHS)
def test_pages_fit_the_window_and_load_cleanly(
    width: str, site_dir: Path, tab_at: Callable[[str], Tab]
) -> None:
    """No page scrolls sideways, no table is wider than its column (a table would scroll
    inside its frame), and none logs a console error or a failed request."""
    tab = tab_at(width)
    too_wide = []
    for path in reader_pages(site_dir):
        tab.open(path)
        overflow = tab.scroll_overflow()
        if overflow > 0:
            too_wide.append(f"{path}: {overflow} px wider than the window")
        widest = tab.page.evaluate(WIDEST_TABLE)
        if widest > 1:
            too_wide.append(f"{path}: a table is {widest} px wider than its column")
    assert not too_wide + tab.errors, "\n".join(too_wide + tab.errors)
