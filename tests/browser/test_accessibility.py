"""Every page a reader meets, checked with axe-core at a phone's and a laptop's width.

axe-core is the accessibility engine most checkers (Lighthouse among them) are built on. It
comes from npm at a pinned version and checksum (:class:`rulekeeper.sphinx.npm.NpmPackage`),
fetched once into the cache the site's runtime uses, and is run in each page after the page's
own scripts have run, as a reader's assistive technology meets the page. Any violation, of any
impact, fails: its rule, its impact and the first elements it was found on are named.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from browsing import Tab, reader_pages

from rulekeeper.sphinx.npm import NpmPackage, PackageUnavailable
from rulekeeper.sphinx.runtime import cache_dir

AXE = NpmPackage(
    "axe-core",
    "4.14.1",
    "sha512-FHfa+lmNjQZfJz1q8wKqIDwC6DExcHt/pkjNQb09a3NPjCKg2rhu5qb2S4r76ASyFNNtuFooJpZe37OgudVGtQ==",
)
"""The axe-core the checks run (``npm view axe-core@4.14.1 dist.integrity``)."""

RUN_AXE = """async () => {
  const found = await axe.run(document, {resultTypes: ["violations"]});
  return found.violations.map((v) => ({
    id: v.id, impact: v.impact, help: v.help,
    nodes: v.nodes.slice(0, 3).map((n) => n.target.join(" ")),
  }));
}"""


@pytest.fixture(scope="module")
def axe_script() -> str:
    """axe-core's script, from the cache or fetched with npm."""
    try:
        folder = AXE.files(cache_dir().parent / "axe-core", ["axe.min.js"])
    except PackageUnavailable as error:
        pytest.fail(f"axe-core {AXE.version} is not available: {error}")
    return (folder / "axe.min.js").read_text(encoding="utf-8")


@pytest.mark.parametrize("width", ["phone-wide", "small-laptop"])
def test_no_page_has_an_accessibility_violation(
    width: str, site_dir: Path, axe_script: str, tab_at: Callable[[str], Tab]
) -> None:
    """axe-core finds no violation, of any impact, on any page a reader meets (and the search
    page, empty and with hits, and the missing page), at 390 and 1280 px."""
    tab = tab_at(width)
    pages = [*reader_pages(site_dir), "search.html", "search.html?q=trample", "404.html"]
    found: list[str] = []
    for path in pages:
        page = tab.open(path)
        if "?q=" in path:  # the hits are shown once the search has run
            page.locator(".rule-search-summary").wait_for()
        page.evaluate(axe_script)
        for violation in page.evaluate(RUN_AXE):
            found.append(
                f"{path}: {violation['id']} ({violation['impact']}): {violation['help']}; "
                f"on {', '.join(violation['nodes'])}"
            )
    assert not found, "\n".join(found)
