"""One API page per public engine module, so every enforcer has somewhere to link to."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from sphinx.testing.util import SphinxTestApp

pytestmark = pytest.mark.sphinx("html", testroot="api", srcdir="api-pages", warningiserror=True)


def test_one_page_per_public_module(app: SphinxTestApp) -> None:
    app.build()
    assert app.statuscode == 0, app.warning.getvalue()
    pages = sorted(p.name for p in (app.srcdir / "reference").iterdir())
    assert pages == ["api_engine.core.rst", "api_engine.rst"]


def test_reexports_link_to_their_one_entry(app: SphinxTestApp) -> None:
    app.build()
    source = (app.srcdir / "reference" / "api_engine.rst").read_text(encoding="utf-8")
    assert "- :py:obj:`Table <api_engine.core.Table>`" in source
    assert "LIMIT" not in source.split("Also available here")[1]  # documented as data instead
    page = (app.outdir / "reference" / "api_engine.html").read_text(encoding="utf-8")
    assert 'id="api_engine.LIMIT"' in page
    assert 'id="api_engine.Table"' not in page  # one entry per object, in its own module


def test_stale_pages_are_removed(app_params: Any, make_app: Callable[..., SphinxTestApp]) -> None:
    """A page for a module that no longer exists goes when the next build starts."""
    stale = app_params.kwargs["srcdir"] / "reference" / "api_engine.gone.rst"
    stale.parent.mkdir(exist_ok=True)
    stale.write_text("gone\n====\n", encoding="utf-8")
    make_app(*app_params.args, **app_params.kwargs)
    assert not stale.exists()
