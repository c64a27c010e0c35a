"""What a page says about itself when its address is shared: a description and OpenGraph tags.

Every page gets ``<meta name="description">`` and ``og:title``, ``og:description`` and
``og:type``, so a link pasted into a chat shows what the page is. The description is the page's
own front matter ``description``, a rules page's first rule, or its first paragraph. The short
address of a rule (:mod:`rulekeeper.sphinx.ruledata`) carries the rule's ID, title and text.
"""

from __future__ import annotations

import html
import re
from typing import Any

from docutils import nodes
from sphinx.application import Sphinx

DESCRIPTION_LENGTH = 200
"""The most characters of a description: what link previews show of it."""


def shorten(text: str, length: int = DESCRIPTION_LENGTH) -> str:
    """``text`` on one line, cut at a word boundary to at most ``length`` characters.

    >>> from rulekeeper.sphinx.linkpreviews import shorten
    >>> shorten("Each player draws   seven cards.", 20)
    'Each player draws…'
    """
    flat = " ".join(text.split())
    if len(flat) <= length:
        return flat
    return flat[: length - 1].rsplit(" ", 1)[0].rstrip(",;:") + "\u2026"


def meta_tags(title: str, description: str, kind: str = "website") -> str:
    """The ``<meta>`` tags of a page, escaped for HTML."""
    title, description = html.escape(title), html.escape(shorten(description))
    return (
        f'<meta name="description" content="{description}">\n'
        f'<meta property="og:title" content="{title}">\n'
        f'<meta property="og:description" content="{description}">\n'
        f'<meta property="og:type" content="{kind}">\n'
    )


def page_description(app: Sphinx, pagename: str, doctree: nodes.document | None) -> str:
    """What a page is about, in a sentence or two."""
    given = app.env.metadata.get(pagename, {}).get("description")
    if given:
        return str(given)
    if doctree is None:
        return f"{app.config.project}: rules of custom card-game formats, each enforced by code."
    for paragraph in doctree.findall(nodes.paragraph):
        if isinstance(paragraph.parent, nodes.section | nodes.document | nodes.definition):
            text = paragraph.astext().strip()
            if len(text) > 30:
                return text
    return app.env.titles[pagename].astext() if pagename in app.env.titles else pagename


def add_meta_tags(
    app: Sphinx,
    pagename: str,
    templatename: str,
    context: dict[str, Any],
    doctree: nodes.document | None,
) -> None:
    """Connected to ``html-page-context``: add the page's description and OpenGraph tags."""
    title = html.unescape(re.sub(r"<[^>]+>", "", str(context.get("title") or pagename)))
    description = page_description(app, pagename, doctree)
    context["metatags"] = context.get("metatags", "") + meta_tags(
        f"{title} \u2014 {app.config.project}", description
    )
