"""API reference pages, generated before each build: one per module of the engine.

Every module of ``rulekeeper_engine_packages`` gets a page with ``automodule :members:`` in
``rulekeeper_api_dir``, so a new engine module is documented without anyone writing a page,
and every marked enforcer has somewhere for "Enforced by" to link to.

The pages are reStructuredText on purpose: autodoc writes reST, and in a MyST page it would
have to be wrapped in ``eval-rst``.
"""

from __future__ import annotations

import importlib
import pkgutil
from collections.abc import Iterable, Iterator
from pathlib import Path

from docutils import nodes
from docutils.nodes import Node
from sphinx import addnodes
from sphinx.application import Sphinx
from sphinx.util.docutils import SphinxDirective

from rulekeeper.sphinx.files import write_pages
from rulekeeper.sphinx.registry import note_engine_dependencies

# ``ignore-module-all``: document what a module defines, not what it re-exports, so each object
# has one entry and one target; re-exports are listed as links to that entry instead.
# ``:orphan:``: the pages are listed by the ``api-modules`` directive, not by a toctree, so the
# site's navigation (which every page carries) does not hold one entry per module.
PAGE = """\
:orphan:

{title}
{underline}

.. automodule:: {module}
   :members:
   :show-inheritance:
   :ignore-module-all:
{reexports}"""


def api_modules(packages: Iterable[str]) -> list[str]:
    """The public modules of ``packages``, sorted, that the API reference documents.

    Private modules (a part starting with ``_``, including ``__main__``) are left out, as is the
    Sphinx extension, which the engine does not depend on.
    """
    found: set[str] = set()
    for package in packages:
        found.update(name for name in _walk(package) if _is_public(name))
    return sorted(found)


def _walk(package: str) -> Iterator[str]:
    root = importlib.import_module(package)
    yield package
    if hasattr(root, "__path__"):
        for info in pkgutil.walk_packages(root.__path__, package + "."):
            if _is_public(info.name):
                yield info.name


def _is_public(module: str) -> bool:
    parts = module.split(".")
    return not any(part.startswith("_") or part == "sphinx" for part in parts)


def api_page(module: str) -> str:
    """The reST source of one module's page."""
    title = f"``{module}``"
    return PAGE.format(
        title=title, underline="=" * len(title), module=module, reexports=_reexports(module)
    )


def _reexports(module: str) -> str:
    """A list of the names in ``__all__`` that another module defines, linked to their entries.

    Only classes and functions know where they were defined; an alias such as
    ``PlayerId = int`` is documented as data by the module that assigns it.
    """
    namespace = importlib.import_module(module)
    package = module.split(".")[0]
    items: list[str] = []
    for name in getattr(namespace, "__all__", ()):
        obj = getattr(namespace, name, None)
        home = getattr(obj, "__module__", None)
        qualname = getattr(obj, "__qualname__", None)
        if not isinstance(home, str) or not isinstance(qualname, str) or home == module:
            continue
        if home == package or home.startswith(package + "."):
            items.append(f"- :py:obj:`{name} <{home}.{qualname}>`")
    if not items:
        return ""
    return "\n.. rubric:: Also available here\n\n" + "\n".join(items) + "\n"


def write_api_pages(app: Sphinx) -> None:
    """Write one page per module into ``rulekeeper_api_dir`` and delete pages of old modules.

    Unchanged pages are not rewritten, so an incremental build reads only what changed.
    """
    folder: str = app.config.rulekeeper_api_dir
    if not folder:
        return
    out = Path(app.srcdir, folder)
    pages = {
        f"{module}.rst": api_page(module)
        for module in api_modules(app.config.rulekeeper_engine_packages)
    }
    write_pages(out, pages, "*.rst")


class ApiModulesDirective(SphinxDirective):
    """``{api-modules}``: a list of the generated API pages, each with its module's summary.

    It stands in for a toctree of the pages: a toctree would put every module into the
    navigation tree that each page of the site carries, which costs the build a large share of
    its time and the reader a long sidebar.
    """

    has_content = False

    def run(self) -> list[Node]:
        """One item per module: a link to its page and the first line of its docstring."""
        folder: str = self.config.rulekeeper_api_dir
        listing = nodes.bullet_list(classes=["api-modules"])
        if not folder:
            return []
        # Made from the engine's code and data, not from this page's source.
        note_engine_dependencies(self.env)
        for module in api_modules(self.config.rulekeeper_engine_packages):
            link = addnodes.pending_xref(
                "",
                nodes.literal(module, module),
                refdomain="std",
                reftype="doc",
                reftarget=f"/{folder}/{module}",
                refexplicit=True,
            )
            paragraph = nodes.paragraph("", "", link)
            summary = _summary(module)
            if summary:
                paragraph += nodes.Text(f": {summary}")
            listing += nodes.list_item("", paragraph)
        return [listing]


def _summary(module: str) -> str:
    """The first line of a module's docstring, without reST markup."""
    doc = (importlib.import_module(module).__doc__ or "").strip()
    first = doc.split("\n\n", 1)[0].replace("\n", " ")
    return first.replace("``", "")
