"""The 404 page, made to work at any address a server returns it for.

A server answers a missing address (``/rules/nope/deeper.html``) with the site's ``404.html``
without redirecting, so the page's relative links (styles, scripts, "Go to rule", the links
in its text) would be resolved against that missing folder and all fail. A ``<base>`` element,
first in the page's head, resolves every one of them against the site's root instead:
``rulekeeper_site_root`` (default ``/``), the path the site is served from, such as
``/rulekeeper/`` for a project site.

One element rather than rewriting every link to an absolute one (as sphinx-notfound-page
does): the page is written like any other, and what it links to stays correct as the theme
and its files change.
"""

from __future__ import annotations

import html
from typing import Any

from docutils import nodes
from sphinx.application import Sphinx

NOT_FOUND_PAGE = "404"
"""The document a server returns for a missing address (``404.html`` at the site's root)."""


def site_root(app: Sphinx) -> str:
    """The path the site is served from, with a slash at each end: ``/`` or ``/rulekeeper/``."""
    root: str = app.config.rulekeeper_site_root or "/"
    return "/" + root.strip("/") + "/" if root.strip("/") else "/"


def anchor_the_missing_page(
    app: Sphinx,
    pagename: str,
    templatename: str,
    context: dict[str, Any],
    doctree: nodes.document | None,
) -> None:
    """Connected to ``html-page-context``: give the 404 page a ``<base>`` at the site's root,
    ahead of every other tag of its head."""
    if pagename != NOT_FOUND_PAGE:
        return
    base = f'<base href="{html.escape(site_root(app))}">\n'
    context["metatags"] = base + context.get("metatags", "")


def setup_not_found(app: Sphinx) -> None:
    """Register the configuration value and the handler."""
    app.add_config_value("rulekeeper_site_root", "/", "html", str)
    app.connect("html-page-context", anchor_the_missing_page)
