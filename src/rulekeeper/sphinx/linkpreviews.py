"""What a page says about itself when its address is shared: a description and OpenGraph tags.

Every page gets ``<meta name="description">`` and ``og:title``, ``og:description`` and
``og:type``, so a link pasted into a chat shows what the page is; with the site's canonical
address (``html_baseurl``), also ``og:url`` and the site's card as ``og:image``
(:mod:`rulekeeper.sphinx.socialcard`). The description is the page's own front matter
``description``, or its first paragraph of text outside a rule, or else its first rule's text.
The short address of a rule (:mod:`rulekeeper.sphinx.ruledata`) carries the rule's ID, title
and text.
"""

from __future__ import annotations

import html
import re
from typing import Any

from docutils import nodes
from sphinx import addnodes
from sphinx.application import Sphinx

from rulekeeper.sphinx.socialcard import CARD_ALT, CARD_FILE, draw_card

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


def meta_tags(
    title: str,
    description: str,
    kind: str = "website",
    *,
    url: str | None = None,
    site: str | None = None,
) -> str:
    """The ``<meta>`` tags of a page, escaped for HTML.

    ``url`` is the page's canonical address (``og:url``); ``site`` the site's canonical
    address, under which the site's card is the page's picture (``og:image``).

    >>> from rulekeeper.sphinx.linkpreviews import meta_tags
    >>> print(meta_tags("LV 2.1", "Thirty life.", url="https://example.org/r/LV-2.1.html"))
    <meta name="description" content="Thirty life.">
    <meta property="og:title" content="LV 2.1">
    <meta property="og:description" content="Thirty life.">
    <meta property="og:type" content="website">
    <meta property="og:url" content="https://example.org/r/LV-2.1.html">
    <BLANKLINE>
    """
    title, description = html.escape(title), html.escape(shorten(description))
    tags = [
        f'<meta name="description" content="{description}">',
        f'<meta property="og:title" content="{title}">',
        f'<meta property="og:description" content="{description}">',
        f'<meta property="og:type" content="{kind}">',
    ]
    if url:
        tags.append(f'<meta property="og:url" content="{html.escape(url)}">')
    if site:
        image = html.escape(site.rstrip("/") + "/" + CARD_FILE)
        tags += [
            f'<meta property="og:image" content="{image}">',
            f'<meta property="og:image:alt" content="{html.escape(CARD_ALT)}">',
        ]
    return "\n".join(tags) + "\n"


def canonical_address(app: Sphinx, uri: str) -> str | None:
    """The canonical address of ``uri`` (relative to the site's root), or None when the site
    has none (``html_baseurl`` unset)."""
    base: str = app.config.html_baseurl or ""
    return base.rstrip("/") + "/" + uri if base else None


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
    # A rules page that opens with its rules: the first rule says what the page is about.
    rules = (node for node in doctree.findall(addnodes.desc) if node.get("domain") == "rules")
    for rule in rules:
        for paragraph in rule.findall(nodes.paragraph):
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
        f"{title} \u2014 {app.config.project}",
        description,
        url=context.get("pageurl"),
        site=app.config.html_baseurl or None,
    )


def write_card(app: Sphinx) -> None:
    """Draw the site's card, which every page names as its ``og:image``, when the site has a
    canonical address (without one, no page names it)."""
    if app.config.html_baseurl:
        draw_card(
            app.outdir / CARD_FILE,
            app.config.project,
            "Comprehensive rules for five card-game formats,\neach rule enforced by code",
        )
