"""The live preview shows a page's build warnings on the page, and only in the preview."""

from __future__ import annotations

import pytest
from sphinx.testing.util import SphinxTestApp

from rulekeeper.sphinx import preview

BANNER = "Build warnings on this page"


@pytest.mark.sphinx("html", testroot="unenforced", srcdir="unenforced-preview")
def test_a_preview_page_shows_its_warnings(
    app: SphinxTestApp, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv(preview.PREVIEW_VARIABLE, "1")
    monkeypatch.setattr(preview, "MOST_PAGES_TESTED", 0)  # no examples run in this test
    preview.start(app)  # the builder was set up before the variable
    app.build()
    page = (app.outdir / "index.html").read_text(encoding="utf-8")
    assert BANNER in page
    assert "normative rule LV 1.2 is not enforced" in page


@pytest.mark.sphinx("html", testroot="unenforced", srcdir="unenforced-published")
def test_the_published_site_shows_none(app: SphinxTestApp) -> None:
    app.build()
    assert BANNER not in (app.outdir / "index.html").read_text(encoding="utf-8")
