"""What a published page says about its address: the canonical link, og:url, the site's card,
and the root the 404 page looks for, all from the one canonical address (``html_baseurl``)."""

from __future__ import annotations

from pathlib import Path

import pytest
from sphinx.testing.util import SphinxTestApp

from rulekeeper.sphinx.notfound import anchor_the_missing_page, site_root
from rulekeeper.sphinx.socialcard import CARD_FILE, draw_card

SITE = "https://example.org/games/"


@pytest.mark.sphinx("html", testroot="basic", confoverrides={"html_baseurl": SITE})
def test_pages_and_short_addresses_name_their_canonical_address(app: SphinxTestApp) -> None:
    app.build()
    page = (app.outdir / "life.html").read_text(encoding="utf-8")
    assert f'<meta property="og:url" content="{SITE}life.html">' in page
    assert f'<meta property="og:image" content="{SITE}{CARD_FILE}">' in page
    assert 'property="og:image:alt"' in page
    assert (app.outdir / CARD_FILE).read_bytes()[:4] == b"\x89PNG"
    short = sorted((app.outdir / "r").glob("*.html"))[0]
    assert f'content="{SITE}r/{short.name}"' in short.read_text(encoding="utf-8")
    assert site_root(app) == "/games/"


@pytest.mark.sphinx("html", testroot="basic")
def test_without_a_canonical_address_no_page_claims_one(app: SphinxTestApp) -> None:
    app.build()
    page = (app.outdir / "life.html").read_text(encoding="utf-8")
    assert "og:url" not in page
    assert "og:image" not in page
    assert site_root(app) == "/"


@pytest.mark.sphinx(
    "html",
    testroot="basic",
    confoverrides={"html_baseurl": SITE, "rulekeeper_site_root": "mirror/rules"},
)
def test_the_missing_page_looks_for_the_configured_root(app: SphinxTestApp) -> None:
    """``rulekeeper_site_root`` wins over the canonical address's path; the 404 page's script
    is first in its head and names that root."""
    assert site_root(app) == "/mirror/rules/"
    context: dict[str, object] = {"metatags": "<meta name=x>"}
    anchor_the_missing_page(app, "404", "page.html", context, None)
    tags = str(context["metatags"])
    assert tags.startswith('<base href="/mirror/rules/">\n<script>')
    assert '"/mirror/rules/"' in tags
    assert tags.endswith("<meta name=x>")
    other: dict[str, object] = {"metatags": ""}
    anchor_the_missing_page(app, "life", "page.html", other, None)
    assert other["metatags"] == ""


def test_the_card_is_the_same_every_build(tmp_path: Path) -> None:
    """The same build draws the same bytes: no date or version is stamped into the PNG."""
    draw_card(tmp_path / "a.png", "rulekeeper", "one\ntwo")
    draw_card(tmp_path / "b.png", "rulekeeper", "one\ntwo")
    assert (tmp_path / "a.png").read_bytes() == (tmp_path / "b.png").read_bytes()
