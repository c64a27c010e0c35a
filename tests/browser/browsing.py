"""What the browser tests share: the widths, a tab that records errors, the pages to visit."""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from pathlib import Path

from playwright.sync_api import Page

CHROMIUM = os.environ.get("RULEKEEPER_CHROMIUM", "/usr/bin/chromium")

# Quiet, offline and fit for a container: no sandbox (we run as root), no GPU, no QUIC, and
# none of the background services that would try to reach the network.
CHROMIUM_FLAGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]

WIDTHS = {
    "phone": 360,
    "phone-wide": 390,
    "small-laptop": 1280,
    "laptop": 1366,
    "laptop-wide": 1440,
    "desktop": 1600,
    "desktop-wide": 1920,
}
"""The window widths every layout test runs at, in CSS pixels."""

PHONES = ("phone", "phone-wide")
"""The widths opened as a touch screen, where the menu is a drawer."""

HEIGHTS = {"phone": 740, "phone-wide": 844}
"""Window heights where they differ from the default (900)."""


@dataclass
class Tab:
    """A browser page at one width that records every console error and failed request."""

    page: Page
    base_url: str
    errors: list[str] = field(default_factory=list)

    def open(self, path: str) -> Page:
        """Load ``path`` (relative to the site) and wait until it has settled."""
        self.page.goto(self.base_url + path, wait_until="load")
        return self.page

    def note(self, error: str) -> None:
        """Record an error, with the page it happened on."""
        self.errors.append(f"{self.page.url.removeprefix(self.base_url)}: {error}")

    def check_no_errors(self) -> None:
        """Fail if the page logged a console error or a request failed."""
        assert not self.errors, "\n".join(self.errors)

    def scroll_overflow(self) -> int:
        """How many pixels wider than the window the document is (0 when it fits)."""
        return int(
            self.page.evaluate(
                "Math.max(document.documentElement.scrollWidth, document.body.scrollWidth)"
                " - window.innerWidth"
            )
        )


SKIPPED_PAGES = ("genindex.html", "search.html", "py-modindex.html")
"""Pages made by Sphinx itself, with no content of ours to lay out."""


def reader_pages(site: Path) -> list[str]:
    """Every page a reader of the rules meets, relative to the site: the rules, cards,
    glossaries, guides and the traceability page, and the first pages of the API reference.

    The generated module source (``_modules``), the short rule addresses (``r/``) and all but
    a sample of the API pages and of the tests' source pages are left to the link check,
    which reads every page.
    """
    pages = sorted(p.relative_to(site).as_posix() for p in site.rglob("*.html"))
    api = [p for p in pages if p.startswith("api/_generated/")]
    tests = [p for p in pages if p.startswith("tests-source/")]
    return (
        [
            p
            for p in pages
            if not p.startswith(("_modules/", "r/", "_static/", "api/_generated/", "tests-source/"))
            and p not in SKIPPED_PAGES
        ]
        + api[:3]
        + tests[:2]
    )
