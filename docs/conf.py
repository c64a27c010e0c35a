"""Sphinx configuration of the rulekeeper site: the rules, the guides and the API reference.

Build it with ``nox -s docs`` (``sphinx-build -n -W``): every rule reference, every "Enforced by"
link and every type in a signature must resolve, or the build fails.
"""

from __future__ import annotations

import gc
import os
import sys
import warnings
from pathlib import Path

from sphinx.deprecation import RemovedInSphinx10Warning

import rulekeeper

sys.path.insert(0, str(Path(__file__).parent))
from stockpile_study import write_study

# sphinx-autodoc-typehints 3.6 calls a Sphinx API that Sphinx 9 deprecates, once per docstring:
# hundreds of lines that would bury the build's own output. Only that plugin's notice is hidden;
# Sphinx's own warnings still fail the build (-W). tests/sphinx/test_sphinx_hooks.py fails when the
# plugin stops giving the notice: then remove this filter, and the bound in pyproject.
warnings.filterwarnings(
    "ignore", category=RemovedInSphinx10Warning, module="sphinx_autodoc_typehints"
)

# A build holds hundreds of thousands of docutils nodes, each in a reference cycle with its
# parent, so Python's cycle collector, run every 700 new objects by default, kept walking them:
# about a sixth of a clean build's processor time. Collecting the young generation every
# 50,000 objects instead frees the same garbage, a little later.
gc.set_threshold(50_000, 20, 100)

project = "rulekeeper"
author = "The rulekeeper developers"
copyright = "2026, The rulekeeper developers"
release = version = rulekeeper.__version__

extensions = [
    "myst_parser",
    "sphinx.ext.autodoc",
    "sphinx.ext.viewcode",
    "sphinx_autodoc_typehints",
    "sphinx_copybutton",
    "rulekeeper.sphinx",
]

# -- Sources ------------------------------------------------------------------------------------

source_suffix = {".md": "markdown", ".rst": "restructuredtext"}  # API pages are generated reST
exclude_patterns = ["_build", "rules/_generated"]
# The Stockpile Draft design study's plots and table, drawn from its committed results file
# (`nox -s stockpile-study` regenerates that file; the build plays no game).
write_study(Path(__file__).parent / "rules")
# The rules text defines rules with ``:::{rule}`` fences; ``{include}`` pulls it in per format.
myst_enable_extensions = ["colon_fence", "deflist", "fieldlist", "attrs_inline"]
myst_heading_anchors = 3

# -- The rules domain ---------------------------------------------------------------------------

rulekeeper_engine_packages = ["rulekeeper"]
rulekeeper_api_dir = "api/_generated"  # one page per module, written before every build
rulekeeper_tests_dir = "../tests"
# The site's canonical address: each page's canonical link and og:url, sitemap.xml and the
# path the 404 page finds the site under (rulekeeper.sphinx.notfound) all come from it. The
# project's published address by default; a deployment to another address sets
# RULEKEEPER_BASE_URL (the Pages workflow passes the address its host gives the site).
html_baseurl = os.environ.get("RULEKEEPER_BASE_URL", "https://rulekeeper.github.io/rulekeeper/")
# The browser runtime (Pyodide and the engine) for running the examples on the pages.
rulekeeper_runtime = True
# The search library (MiniSearch, from npm); the build fails without it rather than ship a
# search page that finds nothing.
rulekeeper_search_library = True

# -- API reference ------------------------------------------------------------------------------

autodoc_default_options = {"member-order": "bysource"}
autodoc_type_aliases = {
    "RuleId": "rulekeeper.rules.RuleId",
    "PlayerId": "rulekeeper.engine.game.PlayerId",
}
always_use_bars_union = True
typehints_defaults = "comma"

nitpicky = True
# The build must not touch the network, so there is no intersphinx inventory for the standard
# library: references into it cannot resolve and are not worth a warning. Our own names must.
nitpick_ignore_regex = [
    (
        r"py:.*",
        r"(builtins|collections|collections\.abc|typing|types|pathlib|enum|argparse"
        r"|dataclasses|random|json|io|abc|re|os|datetime|decimal|fractions"
        r"|functools|itertools|contextlib"
        # Third-party libraries the engine uses; they have no inventory here either.
        r"|annotated_types|typing_extensions|pydantic|rapidfuzz|tqdm)(\..*)?",
    ),
    (
        r"py:.*",
        r"(Any|Self|Callable|Iterable|Iterator|Mapping|Sequence|Path|TypeAlias"
        r"|TypeVar|ClassVar|Literal|NoneType|ellipsis|Ellipsis)",
    ),
]

# -- HTML ---------------------------------------------------------------------------------------

html_theme = "furo"
html_title = f"rulekeeper {release}"
html_static_path = ["_static"]
html_css_files = ["rulekeeper.css"]
html_favicon = "_static/favicon.svg"
# Furo's sidebar with the rules extension's "Go to rule" box under the search.
html_sidebars = {
    "**": [
        "sidebar/brand.html",
        "sidebar/search.html",
        "rulekeeper/goto-rule.html",
        "sidebar/scroll-start.html",
        "sidebar/navigation.html",
        "sidebar/scroll-end.html",
    ]
}
html_theme_options = {
    # Rules are read top to bottom; the left and right arrow keys turn the pages.
    "navigation_with_keys": True,
    # The repository, named here only: "Edit this page" opens a page's source there (the
    # rules file itself for a rules page; see rulekeeper.sphinx.editlinks).
    "source_repository": "https://github.com/rulekeeper/rulekeeper/",
    "source_branch": "main",
    "source_directory": "docs/",
}
# Copy examples without their prompts and output, so they paste straight into Python.
copybutton_prompt_text = r">>> |\.\.\. "
copybutton_prompt_is_regexp = True
