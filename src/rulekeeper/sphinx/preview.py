"""The live preview (``nox -s serve``): each page shows its build warnings and its examples.

A contributor looks at the page, not at the terminal, so with ``RULEKEEPER_PREVIEW=1`` in the
environment every page written starts with the build's warnings about it (an unenforced rule, a
broken reference), and each rules or guide page that changed has its worked examples run with
pytest while Sphinx reads it, the result shown on the page. Without the variable nothing here
does anything, and the site is exactly what ``nox -s docs`` builds. The preview writes its
pages to a folder of its own, so none of them is ever published.
"""

from __future__ import annotations

import html
import logging
import os
import subprocess
import sys
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from docutils.nodes import document
from sphinx.application import Sphinx
from sphinx.environment import BuildEnvironment

PREVIEW_VARIABLE = "RULEKEEPER_PREVIEW"
"""Set to ``1`` to show warnings and example results on the pages (``nox -s serve`` does)."""

MOST_PAGES_TESTED = 5
"""More pages changed than this (a first build, a changed template) and no examples run."""


def enabled() -> bool:
    """True in a preview build."""
    return os.environ.get(PREVIEW_VARIABLE) == "1"


class _Collector(logging.Handler):
    """Keeps every warning of the build with the file it is about."""

    def __init__(self) -> None:
        super().__init__(logging.WARNING)
        self.warnings: list[tuple[str, str]] = []

    def emit(self, record: logging.LogRecord) -> None:
        if not enabled():  # a later, ordinary build in the same process
            return
        location = getattr(record, "location", None)
        self.warnings.append((str(location or ""), record.getMessage()))


_COLLECTOR = _Collector()
_RUNS: dict[str, subprocess.Popen[str]] = {}


def start(app: Sphinx) -> None:
    """Start collecting warnings (Sphinx's own handlers turn locations into ``file:line``).

    Sphinx offers no event for its warnings, so the collector listens on the logger every
    Sphinx logger sits under, after Sphinx's own handlers: how Sphinx's logging is laid out is
    not public, so pyproject bounds Sphinx's versions and ``test_a_preview_page_shows_its_warnings``
    fails when it changes.
    """
    if enabled():
        _COLLECTOR.warnings.clear()
        logger = logging.getLogger("sphinx")
        if _COLLECTOR not in logger.handlers:
            logger.addHandler(_COLLECTOR)


def run_examples(app: Sphinx, env: BuildEnvironment, docnames: list[str]) -> None:
    """Start pytest on the Markdown each changed page is written from, while Sphinx reads."""
    if not enabled() or not docnames or len(docnames) > MOST_PAGES_TESTED:
        return
    top = Path(app.srcdir).resolve().parent
    for docname in docnames:
        files = [str(f.relative_to(top)) for f in _sources(app, docname) if f.suffix == ".md"]
        if files:
            command = [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider"]
            _RUNS[docname] = subprocess.Popen(
                [*command, "-p", "no:xdist", "--no-header", *files],
                cwd=top,
                stdout=subprocess.PIPE,
                stderr=subprocess.STDOUT,
                text=True,
            )


def show_on_page(
    app: Sphinx, pagename: str, templatename: str, context: dict[str, Any], doctree: document | None
) -> None:
    """Put the page's warnings and its examples' result at the top of its body."""
    if not enabled() or doctree is None or "body" not in context:
        return
    files = {str(f) for f in _sources(app, pagename)}
    mine = [
        f"{location}: {message}"
        for location, message in _COLLECTOR.warnings
        if location.rsplit(":", 1)[0] in files
    ]
    parts: list[str] = []
    if mine:
        parts.append(_box("warning", "Build warnings on this page", _items(mine)))
    if (run := _RUNS.pop(pagename, None)) is not None:
        output, _ = run.communicate()
        summary = output.strip().splitlines()[-1] if output.strip() else "no output"
        if run.returncode == 0:
            parts.append(_box("tip", "Worked examples", f"<p>{html.escape(summary)}</p>"))
        else:
            shown = html.escape(output[-6000:])
            parts.append(_box("error", "Worked examples failed", f"<pre>{shown}</pre>"))
    context["body"] = "".join(parts) + context["body"]


def _sources(app: Sphinx, docname: str) -> list[Path]:
    """The page's source and the files outside the project it includes, resolved."""
    env = app.env
    srcdir = Path(app.srcdir).resolve()
    own = Path(env.doc2path(docname)).resolve()
    included = [(srcdir / d).resolve() for d in env.dependencies.get(docname, ())]
    return [own, *(f for f in included if not f.is_relative_to(srcdir))]


def _items(lines: Iterable[str]) -> str:
    return "<ul>" + "".join(f"<li>{html.escape(line)}</li>" for line in lines) + "</ul>"


def _box(kind: str, title: str, content: str) -> str:
    return (
        f'<div class="admonition {kind}"><p class="admonition-title">{html.escape(title)}</p>'
        f"{content}</div>"
    )
