"""One navigation tree per folder for the pages the table of contents does not list.

The theme gives every page the site's whole table of contents as its sidebar: it calls the
page's ``toctree`` function with ``collapse=False`` and no depth limit, and Sphinx then copies
every page's full table of contents, section by section, to make it. That was the largest
single cost of a clean build, paid once per page.

For most pages nothing in that tree is marked current: the API pages and the highlighted
source pages are not listed in any table of contents, so no entry is theirs or an ancestor of
theirs. Their tree differs only in where its links are relative to, which is the page's folder.
So the first such page of a folder works the tree out and the others reuse it. Pages the table
of contents lists still get their own tree, with their place in it marked.
"""

from __future__ import annotations

import posixpath
import weakref
from collections.abc import Callable
from typing import Any

from docutils.nodes import Node
from sphinx.application import Sphinx
from sphinx.environment import BuildEnvironment

_SHARED: weakref.WeakKeyDictionary[BuildEnvironment, dict[tuple[object, ...], str]] = (
    weakref.WeakKeyDictionary()
)
"""Per build environment: (folder, the toctree function's arguments) -> the tree's HTML."""


def forget_navigation(app: Sphinx, builder: Any) -> None:
    """``write-started``: the table of contents may have changed since the last build."""
    _SHARED.pop(app.env, None)


def listed_pages(env: BuildEnvironment) -> set[str]:
    """The root document and every document some table of contents lists."""
    listed = {env.config.root_doc}
    for children in env.toctree_includes.values():
        listed.update(children)
    return listed


def share_navigation(
    app: Sphinx, pagename: str, templatename: str, context: dict[str, Any], doctree: Node | None
) -> None:
    """``html-page-context``: give an unlisted page a ``toctree`` function that works the tree
    out once per folder. Connected ahead of the theme's own handler, which calls it.

    That the theme (furo) makes its sidebar by calling the context's ``toctree`` is not part of
    its documented interface: pyproject bounds its versions, and
    ``test_the_theme_asks_the_page_for_its_navigation_tree`` fails when it stops.
    """
    own: Callable[..., str] | None = context.get("toctree")
    if own is None or pagename in listed_pages(app.env):
        return
    shared = _SHARED.setdefault(app.env, {})
    folder = posixpath.dirname(pagename)

    def toctree(**kwargs: Any) -> str:
        key = (folder, *sorted(kwargs.items()))
        if key not in shared:
            shared[key] = own(**kwargs)
        return shared[key]

    context["toctree"] = toctree
