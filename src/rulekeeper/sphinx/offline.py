"""Each format's rules as one self-contained HTML file, to keep and read without the site.

``downloads/<prefix>-rules.html`` holds every page of the format's rules and its glossaries, as
the site shows them (worked examples included), with the site's styles inlined and no script.
A link to a part of the file goes there; a link to a page the file does not hold keeps its text
and loses its target, so that nothing in the file points at a missing page.

It is made from the body of each page as the build wrote it (the ``body`` the theme's template
is given, kept by :func:`rulekeeper.sphinx.publishing.keep_offline_body`), so it shows exactly
what the pages show, whatever the theme puts around it.
"""

from __future__ import annotations

import html
import json
import posixpath
import re
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from rulekeeper.rules import PREFIXES
from rulekeeper.sphinx.downloads import Edition, download_path
from rulekeeper.sphinx.files import write_if_changed
from rulekeeper.sphinx.linkpreviews import meta_tags

_LAZY_DOCTEST = re.compile(
    r'(<details class="judge-doctest" data-doctest-page="([^"]*)" data-doctest-file="(\d+)"'
    r' data-doctest-block="(\d+)"><summary>[^<]*</summary>)<p class="judge-doctest-where">.*?</p>',
    re.S,
)
"""A folded doctest the site loads when it is opened (rulekeeper.sphinx.examples)."""
_HREF = re.compile(r'href="([^"]*)"')
_STYLES = ("_static/pygments.css", "_static/rulekeeper-rules.css")

PAGE_STYLE = """
body { font-family: system-ui, sans-serif; line-height: 1.5; max-width: 48em; margin: 0 auto;
  padding: 1rem; color: #222; background: #fff; }
pre { background: #f6f7f8; padding: 0.6rem; overflow-x: auto; white-space: pre-wrap;
  overflow-wrap: anywhere; }
code { font-size: 0.9em; }
dl.rules.rule > dt { font-weight: 600; margin-top: 1.2rem; }
section.offline-page { border-top: 2px solid #ddd; margin-top: 2rem; }
.headerlink, .copybtn, .rule-history, p.rule-enforced-by { display: none; }
table { border-collapse: collapse; } td, th { border: 1px solid #ddd; padding: 0.2rem 0.4rem; }
"""


def page_anchor(uri: str) -> str:
    """The anchor of a whole page inside the file: ``page-rules-leveler``."""
    return "page-" + re.sub(r"[^a-z0-9]+", "-", uri.lower().removesuffix(".html")).strip("-")


def _rewrite(body: str, uri: str, held: set[str], aliases: Mapping[str, str]) -> str:
    """Point links to the pages the file holds at their place in it; drop the others.

    ``aliases`` maps other addresses (a rule's short address) to ``page#anchor``."""

    def target(match: re.Match[str]) -> str:
        href = html.unescape(match.group(1))
        if "://" in href or href.startswith("mailto:"):
            return match.group(0)
        path, _, anchor = href.partition("#")
        resolved = posixpath.normpath(posixpath.join(posixpath.dirname(uri), path)) if path else uri
        if resolved in aliases:
            resolved, _, anchor = aliases[resolved].partition("#")
        if resolved in held:
            return f'href="#{html.escape(anchor or page_anchor(resolved))}"'
        return 'data-offline="not in this file"'

    # A toctree's caption is a heading with no level (Sphinx writes ``role="heading"`` alone);
    # the site's script gives it one, and this file runs no script.
    return _HREF.sub(target, body).replace('role="heading">', 'role="heading" aria-level="2">')


def _with_doctests(body: str, out: Path) -> str:
    """``body`` with each folded doctest the site loads on demand written in, from the page's
    examples JSON: the file has no script to load it."""
    loaded: dict[str, Any] = {}

    def doctest(match: re.Match[str]) -> str:
        page = html.unescape(match.group(2))
        if page not in loaded:
            path = out / "_static" / "examples" / f"{page}.json"
            loaded[page] = json.loads(path.read_text(encoding="utf-8"))
        source = loaded[page]["files"][match.group(3)]["blocks"][int(match.group(4))]["source"]
        return f"{match.group(1)}<pre>{html.escape(source)}</pre>"

    return _LAZY_DOCTEST.sub(doctest, body)


def offline_html(
    out: Path,
    prefix: str,
    pages: Mapping[str, str],
    edition: Edition | None = None,
    aliases: Mapping[str, str] | None = None,
) -> str:
    """The file for one format: ``pages`` maps each page's address relative to ``out`` to its
    body, in order. The site's styles are read from ``out``."""
    held = set(pages)
    parts = []
    for uri, page in pages.items():
        body = _rewrite(_with_doctests(page, out), uri, held, aliases or {})
        parts.append(f'<section class="offline-page" id="{page_anchor(uri)}">{body}</section>')
    styles = "\n".join(
        (out / name).read_text(encoding="utf-8") for name in _STYLES if (out / name).is_file()
    )
    title = f"{PREFIXES.get(prefix, prefix)}: the complete rules"
    line = f"<p><strong>{html.escape(edition.line)}.</strong></p>" if edition else ""
    return (
        '<!DOCTYPE html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n'
        '<meta name="viewport" content="width=device-width, initial-scale=1">\n'
        f"<title>{html.escape(title)}</title>\n"
        + meta_tags(title, f"{title}, with the worked examples and the glossary, in one file.")
        # No icon to fetch: a saved file has no site to ask for one.
        + '<link rel="icon" href="data:,">\n'
        + f"<style>{PAGE_STYLE}\n{styles}</style>\n</head>\n<body>\n<main>\n"
        f"<h1>{html.escape(title)}</h1>\n{line}\n"
        + "\n".join(parts)
        + "\n</main>\n</body>\n</html>\n"
    )


def write_offline_files(
    out: Path,
    pages: Mapping[str, Mapping[str, str]],
    editions: Mapping[str, Edition],
    aliases: Mapping[str, str],
) -> None:
    """Write each format's file: ``pages`` maps a prefix to its pages' bodies by address."""
    for prefix, bodies in pages.items():
        text = offline_html(out, prefix, bodies, editions.get(prefix), aliases)
        # Its own folder's keeper: the downloads part, which shares it, may not run.
        (out / download_path(prefix, "html")).parent.mkdir(parents=True, exist_ok=True)
        write_if_changed(out / download_path(prefix, "html"), text)
