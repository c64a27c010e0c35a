""" "Edit this page" opens the file a page is written from, in the repository.

The theme (furo) builds the link from its ``source_repository``, ``source_branch`` and
``source_directory`` options, set once in ``conf.py``, and the page's own source. A rules page
is only a wrapper: ``docs/rules/leveler.md`` includes ``rules/leveler.md``, which is what a
contributor edits. So a page that includes one Markdown file from outside the Sphinx project is
linked to that file instead, and a generated page (the API reference, written before every
build and never committed) gets no link at all.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from docutils.nodes import document
from sphinx.application import Sphinx


def point_edit_links(
    app: Sphinx, pagename: str, templatename: str, context: dict[str, Any], doctree: document | None
) -> None:
    """Point the page's "Edit this page" and "View this page" at the file a contributor edits.

    The theme reads its ``source_edit_link`` option from the page's context, where it is set
    per page here, and shows no link for a page without ``page_source_suffix``: what the theme
    reads is not a documented interface, so pyproject bounds its versions and
    ``test_the_theme_shows_the_edit_link_the_extension_gives`` fails when it changes.
    """
    options = app.config.html_theme_options
    repository = str(options.get("source_repository", "")).rstrip("/")
    if doctree is None or not repository.startswith("https://"):
        return
    source = source_file(app, pagename)
    if source is None:
        context["page_source_suffix"] = ""  # the theme shows no link without a suffix
        return
    branch = options.get("source_branch", "main")
    context["theme_source_edit_link"] = f"{repository}/edit/{branch}/{source}"
    context["theme_source_view_link"] = f"{repository}/blob/{branch}/{source}"


def source_file(app: Sphinx, pagename: str) -> str | None:
    """The page's source as a path in the repository, or ``None`` for a generated page.

    The repository's top is where ``source_directory`` says the Sphinx project lies.
    """
    srcdir = Path(app.srcdir).resolve()
    directory = str(app.config.html_theme_options.get("source_directory", "")).strip("/")
    top = srcdir.parents[len(Path(directory).parts) - 1] if directory else srcdir
    page = Path(app.env.doc2path(pagename)).resolve()
    generated = app.config.rulekeeper_api_dir
    if generated and page.is_relative_to(srcdir / generated):
        return None
    included = [
        resolved
        for dependency in app.env.dependencies.get(pagename, ())
        if str(dependency).endswith(".md")
        and not (resolved := (srcdir / dependency).resolve()).is_relative_to(srcdir)
    ]
    chosen = included[0] if len(included) == 1 else page
    return chosen.relative_to(top).as_posix() if chosen.is_relative_to(top) else None
