"""The site where it is published: at its canonical address, and elsewhere.

Every browser test serves the site under the path of its canonical address (``/rulekeeper/``
by default), as a code host serves a project's pages (see ``conftest.py``). Here it is also
served at a host's root, as a copy put somewhere else would be, and its canonical links and
sitemap are read from the files.
"""

from __future__ import annotations

import xml.etree.ElementTree as ElementTree
from collections.abc import Iterator
from pathlib import Path

import pytest
from browsing import WIDTHS, Tab
from playwright.sync_api import Browser

from conftest import published_path, serve
from rulekeeper.sphinx.notfound import NOT_FOUND_PAGE

BASE_URL = "https://rulekeeper.github.io/rulekeeper/"
"""The canonical address the site is built with by default (``html_baseurl`` in conf.py)."""


@pytest.fixture(scope="module")
def at_the_root(site_dir: Path) -> Iterator[str]:
    """The site served at a host's root, although it was built for a sub-path."""
    assert published_path(site_dir) != "/", "the site was built without a sub-path"
    server, address = serve(site_dir, "/")
    yield address
    server.shutdown()
    server.server_close()


@pytest.mark.parametrize("width", ["phone-wide", "desktop"])
def test_the_missing_page_works_at_another_root(
    browser: Browser, at_the_root: str, width: str
) -> None:
    """Returned for a missing address of a copy served at a host's root, the 404 page moves
    its base there: its styles load, and its links and Go to rule box lead into the site."""
    context = browser.new_context(viewport={"width": WIDTHS[width], "height": 900})
    tab = Tab(context.new_page(), at_the_root)
    tab.page.on("pageerror", lambda error: tab.note(f"script error: {error}"))
    try:
        response = tab.page.goto(tab.base_url + "rules/nope/deeper.html", wait_until="load")
        assert response is not None
        assert response.status == 404
        page = tab.page
        assert page.locator("h1").inner_text().startswith("No page here")
        assert page.evaluate("document.baseURI") == tab.base_url
        # Styled: every stylesheet loaded from the host's root (the browser's preloader may
        # first have asked for them under the expected path; those requests are all it costs).
        assert page.locator("link[rel=stylesheet]").count() == page.evaluate(
            "[...document.styleSheets].filter(s => s.href && s.cssRules.length).length"
        )
        page.locator("article a", has_text="the rules").click()
        page.wait_for_url(tab.base_url + "rules/index.html")
        tab.check_no_errors()
    finally:
        context.close()


def test_every_page_names_its_canonical_address(site_dir: Path) -> None:
    """Each page's canonical link and og:url are its address under the canonical root, and
    each names the site's card as its picture, which the build wrote."""
    page = (site_dir / "rules" / "leveler.html").read_text(encoding="utf-8")
    address = BASE_URL + "rules/leveler.html"
    assert f'<link rel="canonical" href="{address}">' in page
    assert f'<meta property="og:url" content="{address}">' in page
    assert f'<meta property="og:image" content="{BASE_URL}_static/rulekeeper-card.png">' in page
    assert (site_dir / "_static" / "rulekeeper-card.png").read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    short = (site_dir / "r" / "LV-2.1.html").read_text(encoding="utf-8")
    assert f'<meta property="og:url" content="{BASE_URL}r/LV-2.1.html">' in short


def test_the_sitemap_lists_the_readers_pages(site_dir: Path) -> None:
    """``sitemap.xml`` lists every rules page at its canonical address, and not the pages a
    search engine should not offer."""
    tree = ElementTree.parse(site_dir / "sitemap.xml")
    spaces = {"s": "http://www.sitemaps.org/schemas/sitemap/0.9"}
    listed = {element.text for element in tree.getroot().findall("s:url/s:loc", spaces)}
    rules_pages = sorted((site_dir / "rules").rglob("*.html"))
    assert rules_pages
    for path in rules_pages:
        assert BASE_URL + path.relative_to(site_dir).as_posix() in listed
    for left_out in (f"{NOT_FOUND_PAGE}.html", "search.html", "genindex.html"):
        assert BASE_URL + left_out not in listed
    assert all(address and address.startswith(BASE_URL) for address in listed)
