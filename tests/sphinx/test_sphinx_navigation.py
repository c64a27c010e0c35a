"""Pages that no table of contents lists share one navigation tree per folder, and it is the
tree each of them would have had on its own."""

from __future__ import annotations

import shutil
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from sphinx.builders.html import StandaloneHTMLBuilder
from sphinx.testing.util import SphinxTestApp

# What the site's theme asks for: the whole tree, every level, hidden entries included.
THEME_ARGUMENTS = {"collapse": False, "titles_only": True, "maxdepth": -1, "includehidden": True}


def orphan(path: Path, title: str) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(f"---\norphan: true\n---\n# {title}\n\nNot listed anywhere.\n", "utf-8")


def test_unlisted_pages_of_a_folder_share_the_tree_they_would_each_have_had(
    make_app: Callable[..., SphinxTestApp],
    rootdir: Path,
    sphinx_test_tempdir: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    srcdir = sphinx_test_tempdir / "basic-navigation"
    shutil.rmtree(srcdir, ignore_errors=True)
    shutil.copytree(rootdir / "test-basic", srcdir)
    orphan(srcdir / "notes" / "one.md", "One")
    orphan(srcdir / "notes" / "two.md", "Two")
    computed: list[str] = []
    own = StandaloneHTMLBuilder._get_local_toctree

    def counting(self: StandaloneHTMLBuilder, docname: str, *args: Any, **kwargs: Any) -> str:
        computed.append(docname)
        return own(self, docname, *args, **kwargs)

    monkeypatch.setattr(StandaloneHTMLBuilder, "_get_local_toctree", counting)
    app = make_app("html", srcdir=srcdir)
    trees: dict[str, str] = {}

    def theme(_app: Any, pagename: str, _template: str, context: dict[str, Any], _doc: Any) -> None:
        trees[pagename] = context["toctree"](**THEME_ARGUMENTS)

    app.connect("html-page-context", theme)  # after the extension's handler, like the theme's
    app.build()
    assert {"notes/one", "notes/two", "life"} <= set(trees)
    # One of the two unlisted notes worked the tree out; a listed page works out its own.
    assert computed.count("notes/one") + computed.count("notes/two") == 1
    assert "life" in computed
    assert trees["notes/one"] == trees["notes/two"]
    for page in ("notes/one", "notes/two", "life", "index"):
        assert trees[page] == own(app.builder, page, **THEME_ARGUMENTS)
    assert trees["life"] != trees["notes/one"]  # its own entry is marked current
    app.cleanup()
