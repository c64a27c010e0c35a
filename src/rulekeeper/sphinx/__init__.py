"""``rulekeeper.sphinx``: the rules domain, as a Sphinx extension.

Add ``"rulekeeper.sphinx"`` to ``extensions``. Rules are then defined with the ``rule``
directive, referenced with the ``rule`` role, linked to the code that enforces them and checked
against it; see the contributing guide for the authoring syntax.

Configuration:

``rulekeeper_engine_packages`` (default ``["rulekeeper"]``)
    Packages imported, and their rule marks read, before reading. Only enforcers inside
    them count.
``rulekeeper_tests_dir`` (default ``None``: ``../tests`` beside ``conf.py``)
    Where tests marked ``@pytest.mark.rule(...)`` are found, relative to ``conf.py``.
``rulekeeper_releases_dir`` (default ``None``: ``../releases`` beside ``conf.py``)
    Where the release files are (see :mod:`rulekeeper.sphinx.releases`), relative to
    ``conf.py``.
``rulekeeper_release_pages_dir`` (default ``"releases"``)
    The folder of the source tree a page per release is generated into (see
    :mod:`rulekeeper.sphinx.releasepages`); ``""`` for none.
``rulekeeper_site_root`` (default ``""``: the path of ``html_baseurl``, or ``/``)
    The path the site expects to be served from, so that ``404.html``, returned for a missing
    address at any depth, finds its styles and links (see :mod:`rulekeeper.sphinx.notfound`).
``rulekeeper_api_dir`` (default ``""``: off)
    A folder of the source tree to generate one API page per engine module into.
``rulekeeper_publish`` (default ``None``: every part)
    The files an HTML build writes beside its pages, by part (``"data"``, ``"downloads"``,
    ...; see :mod:`rulekeeper.sphinx.publishing`).
``rulekeeper_runtime`` (default ``False``)
    Bundle the browser runtime (Pyodide and the engine) into ``_static/runtime`` after an HTML
    build (see :mod:`rulekeeper.sphinx.runtime`).
``rulekeeper_search_library`` (default ``False``)
    Ship the search library (MiniSearch, fetched from npm) in ``_static``; the build fails if it
    cannot be had (see :mod:`rulekeeper.sphinx.searchlibrary`). Without it the search page
    says that search is not part of the build.
"""

from __future__ import annotations

from typing import Any

from sphinx.application import Sphinx

from rulekeeper import __version__
from rulekeeper.sphinx import events, preview, searchdata
from rulekeeper.sphinx.apipages import ApiModulesDirective
from rulekeeper.sphinx.bases import connect_bases
from rulekeeper.sphinx.cardlinks import CardLinks
from rulekeeper.sphinx.changes import setup_changes
from rulekeeper.sphinx.directives import PlainRuleDirective
from rulekeeper.sphinx.domain import RulesDomain
from rulekeeper.sphinx.editlinks import point_edit_links
from rulekeeper.sphinx.examples import setup_examples
from rulekeeper.sphinx.gallery import setup_gallery
from rulekeeper.sphinx.glossary import GlossaryIndex, GlossaryLinks
from rulekeeper.sphinx.linkpreviews import add_meta_tags
from rulekeeper.sphinx.navigation import forget_navigation, share_navigation
from rulekeeper.sphinx.notfound import setup_not_found
from rulekeeper.sphinx.overview import FormatsOverview, FormatsOverviewDirective
from rulekeeper.sphinx.publishing import setup_publishing
from rulekeeper.sphinx.roles import RuleRole
from rulekeeper.sphinx.rulings import (
    RulingLinks,
    RulingsListDirective,
    RulingsTable,
    changed_rulings,
)
from rulekeeper.sphinx.searchlibrary import setup_search_library
from rulekeeper.sphinx.traceability import TraceabilityDirective, TraceabilityTables
from rulekeeper.sphinx.transforms import EnforcedByLinks, RuleSections
from rulekeeper.sphinx.trypages import setup_try_pages

# Bump when the shape of what is stored in the environment changes, or when every page must be
# read and written again (4: the offline files are made from page bodies kept as pages are
# written).
ENV_VERSION = 4


def setup(app: Sphinx) -> dict[str, Any]:
    """Register the rules domain, its directives, roles, transforms and checks."""
    app.add_config_value("rulekeeper_engine_packages", ["rulekeeper"], "env", list)
    app.add_config_value("rulekeeper_tests_dir", None, "", (str, type(None)))
    app.add_config_value("rulekeeper_api_dir", "", "env", str)

    app.add_domain(RulesDomain)
    # Unqualified names too, so rules text reads ``{rule}`` rather than ``{rules:rule}``.
    app.add_directive("rule", PlainRuleDirective)
    app.add_role("rule", RuleRole(warn_dangling=True))
    app.add_directive("rules-traceability", TraceabilityDirective)
    app.add_directive("formats-overview", FormatsOverviewDirective)
    app.add_directive("api-modules", ApiModulesDirective)
    app.add_directive("rulings-list", RulingsListDirective)

    setup_changes(app)
    setup_examples(app)
    setup_gallery(app)
    setup_not_found(app)
    setup_publishing(app)
    setup_try_pages(app)
    # Imported here, so that ``python -m rulekeeper.sphinx.runtime`` finds it not yet loaded.
    from rulekeeper.sphinx.runtime import setup_runtime

    setup_runtime(app)
    setup_search_library(app)
    app.add_transform(RuleSections)
    app.add_transform(GlossaryIndex)
    app.add_post_transform(EnforcedByLinks)
    app.add_post_transform(TraceabilityTables)
    app.add_post_transform(RulingLinks)
    app.add_post_transform(RulingsTable)
    app.add_post_transform(FormatsOverview)
    app.add_post_transform(GlossaryLinks)
    app.add_post_transform(CardLinks)

    # What readers use to find and read rules: the script and styles, the "Go to rule" box
    # (a sidebar template); the rules' data, short addresses and downloads are published by
    # setup_publishing, one part each.
    app.connect("config-inited", events.add_reader_files)
    app.add_js_file("rulekeeper-rules.js", loading_method="defer")
    app.add_css_file("rulekeeper-rules.css")
    app.connect("env-get-updated", changed_rulings)
    app.connect("html-page-context", add_meta_tags)
    # Ahead of the theme's handler (priority 500), which works out the navigation tree.
    app.connect("html-page-context", share_navigation, priority=400)
    app.connect("write-started", forget_navigation)
    app.connect("html-page-context", point_edit_links)
    # The live preview only (RULEKEEPER_PREVIEW=1): warnings and example results on the page.
    app.connect("builder-inited", preview.start)
    app.connect("env-before-read-docs", preview.run_examples)
    app.connect("html-page-context", preview.show_on_page)

    app.connect("config-inited", events.resolve_config)
    app.connect("builder-inited", events.prepare)
    app.connect("builder-inited", connect_bases)
    app.connect("builder-inited", events.restore_parsed_tests)
    app.connect("env-updated", searchdata.note_search_entries)
    app.connect("env-get-outdated", events.outdated_pages)
    app.connect("env-get-updated", events.changed_reports)
    app.connect("env-check-consistency", events.check_consistency)
    app.connect("warn-missing-reference", events.warn_dangling)
    return {
        "version": __version__,
        "env_version": ENV_VERSION,
        "parallel_read_safe": True,
        "parallel_write_safe": True,
    }
