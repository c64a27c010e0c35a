"""The 404 page, made to work at any address a server returns it for.

A server answers a missing address (``/rules/nope/deeper.html``) with the site's ``404.html``
without redirecting, so the page's relative links (styles, scripts, "Go to rule", the links
in its text) would be resolved against that missing folder and all fail. A ``<base>`` element,
first in the page's head, resolves every one of them against the site's root instead.

Where is the root? The site may be served at a host's root (``/``) or under a sub-path, as a
project page of a code host is (``/rulekeeper/``). The build knows the path it expects, from
the canonical address (``html_baseurl``) or ``rulekeeper_site_root``, and the ``<base>``
names it; a small script after it moves it to the host's root when the missing address does
not lie under that path, so the same files also work at another address (a site built for
``/rulekeeper/`` and copied to a host's root). Opened as a file the page needs no ``<base>``
at all: it is read from the site's own folder, and the script drops it.

One element rather than rewriting every link to an absolute one (as sphinx-notfound-page
does): the page is written like any other, and what it links to stays correct as the theme
and its files change; and a site moved to another address needs no rebuild to find itself
under either root.
"""

from __future__ import annotations

import html
import json
from typing import Any
from urllib.parse import urlsplit

from docutils import nodes
from sphinx.application import Sphinx

NOT_FOUND_PAGE = "404"
"""The document a server returns for a missing address (``404.html`` at the site's root)."""

_FIND_ROOT = (
    '<base href="{href}">\n'
    '<script>(function(){{var base=document.querySelector("base"),root={root};'
    'if(location.protocol==="file:")base.remove();'
    'else if(location.pathname.slice(0,root.length)!==root)base.href="/";}})();</script>\n'
)
"""First in the head: a ``<base>`` at the expected root, which the browser's preloader
honours as it fetches styles ahead of the parser; then a script that moves it to the host's root
when the address is not under the expected one, and drops it for a page read from a file."""


def site_root(app: Sphinx) -> str:
    """The path the site expects to be served from, with a slash at each end: ``/`` or
    ``/rulekeeper/``.

    ``rulekeeper_site_root`` when it is set, otherwise the path of ``html_baseurl``.
    """
    root: str = app.config.rulekeeper_site_root or urlsplit(app.config.html_baseurl or "").path
    return "/" + root.strip("/") + "/" if root.strip("/") else "/"


def anchor_the_missing_page(
    app: Sphinx,
    pagename: str,
    templatename: str,
    context: dict[str, Any],
    doctree: nodes.document | None,
) -> None:
    """Connected to ``html-page-context``: give the 404 page the script that sets its
    ``<base>``, ahead of every other tag of its head."""
    if pagename != NOT_FOUND_PAGE:
        return
    # json.dumps quotes the path for the script; "<" cannot occur in a URL path's text here,
    # but is escaped anyway so that no configured value can end the script early.
    root = site_root(app)
    script_root = json.dumps(root).replace("<", "\\u003c")
    tags = _FIND_ROOT.format(href=html.escape(root), root=script_root)
    context["metatags"] = tags + context.get("metatags", "")


def setup_not_found(app: Sphinx) -> None:
    """Register the configuration value and the handler."""
    app.add_config_value("rulekeeper_site_root", "", "html", str)
    app.connect("html-page-context", anchor_the_missing_page)
