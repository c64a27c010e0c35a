"""What an HTML build publishes beside its pages, as parts with one job each.

Each part is a ``build-finished`` handler of its own that gathers what it needs from the
finished build and hands it to a writer that knows nothing of Sphinx, so each can be built,
switched off and tested alone (``rulekeeper_publish`` names the parts a build runs):

``data``
    ``_static/rules.json`` and ``_static/rulekeeper-data.js`` (:mod:`rulekeeper.sphinx.ruledata`).
``short-addresses``
    ``r/<ID>.html``, one per rule (:mod:`rulekeeper.sphinx.shortaddresses`).
``downloads``
    ``downloads/<prefix>-rules.txt`` and ``.pdf`` (:mod:`rulekeeper.sphinx.downloads`).
``offline``
    ``downloads/<prefix>-rules.html``, made from the pages just written
    (:mod:`rulekeeper.sphinx.offline`).
``test-sources``
    ``tests-source/<path>.html`` for each test file that pins a rule
    (:mod:`rulekeeper.sphinx.traceability`).
``card`` and ``sitemap``
    ``_static/rulekeeper-card.png`` and ``sitemap.xml``, for a site with a canonical address
    (:mod:`rulekeeper.sphinx.linkpreviews`, :mod:`rulekeeper.sphinx.sitemap`).

The parts share no state: the order Sphinx runs them in does not matter, and one that fails
names itself in the build's traceback instead of hiding the others' work.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any, NamedTuple

from docutils import nodes
from sphinx.application import Sphinx
from sphinx.errors import ConfigError
from sphinx.util import logging

from rulekeeper.rules import RuleId, rule_prefix, short_address
from rulekeeper.sphinx.changes import current_snapshot, releases
from rulekeeper.sphinx.domain import WARNING_TYPE, RuleRecord, rules_domain
from rulekeeper.sphinx.downloads import Edition, write_downloads
from rulekeeper.sphinx.files import write_if_changed
from rulekeeper.sphinx.linkpreviews import write_card
from rulekeeper.sphinx.offline import write_offline_files
from rulekeeper.sphinx.overview import GLOSSARY_KEY, pages_serving
from rulekeeper.sphinx.releases import compare
from rulekeeper.sphinx.ruledata import plain, write_rule_data
from rulekeeper.sphinx.searchdata import search_data
from rulekeeper.sphinx.shortaddresses import write_short_addresses
from rulekeeper.sphinx.sitemap import write_sitemap
from rulekeeper.sphinx.traceability import tests_dir, write_test_sources
from rulekeeper.traceability import find_rule_tests

SITE_BUILDERS = ("html", "dirhtml")
"""The builders that write a site, a page per document, which the parts publish beside. The
other builders of HTML make one page (``singlehtml``), an e-book (``epub``) or data
(``json``), where short addresses, downloads and a sitemap would have no page to lead to."""


logger = logging.getLogger(__name__)


class PublishedRules(NamedTuple):
    """The rules of a finished build, in rule order, and where each rules page was written."""

    records: dict[RuleId, RuleRecord]
    page_uri: dict[str, str]
    """Each rules page's docname to its address relative to the site's root."""

    def address(self, rule_id: RuleId) -> str:
        """Where a rule is on the site: ``rules/leveler.html#rule-lv-2-1``."""
        record = self.records[rule_id]
        return f"{self.page_uri[record.docname]}#{record.anchor}"


def published_rules(app: Sphinx) -> PublishedRules:
    """The rules the build defined and the pages they are on."""
    domain = rules_domain(app.env)
    records = {rule_id: domain.rules[rule_id] for rule_id in domain.rulebook()}
    pages = {record.docname for record in records.values()}
    return PublishedRules(records, {d: app.builder.get_target_uri(d) for d in pages})


def site_icon(app: Sphinx) -> str:
    """The site's icon relative to the site's root, or ``""`` when it has none of its own."""
    favicon = app.config.html_favicon
    return f"_static/{Path(favicon).name}" if favicon and "://" not in favicon else ""


def editions(app: Sphinx) -> dict[str, Edition]:
    """Each released format's version and date, and whether its rules changed since."""
    found = {}
    for prefix, done in releases(app.config).items():
        last = done[-1]
        changed = bool(compare(last.rules, current_snapshot(app.env, prefix)))
        found[prefix] = Edition(last.version, last.day, last.epoch, unreleased=changed)
    return found


def publish_data(app: Sphinx) -> None:
    """``rules.json`` and the script the site's "Go to rule", previews and search read."""
    rules = published_rules(app)
    search = search_data(app.env, app.builder.get_target_uri)
    write_rule_data(Path(app.outdir), rules.records, rules.page_uri, search)


def publish_short_addresses(app: Sphinx) -> None:
    """Every rule's short address."""
    rules = published_rules(app)
    write_short_addresses(
        Path(app.outdir),
        rules.records,
        rules.page_uri,
        favicon=site_icon(app),
        site=app.config.html_baseurl or "",
    )


def publish_downloads(app: Sphinx) -> None:
    """Each format's complete rules as text and as PDF."""
    rules = published_rules(app).records
    write_downloads(
        Path(app.outdir),
        {rule_id: (record.rule, plain(record.rule)) for rule_id, record in rules.items()},
        editions=editions(app),
    )


OFFLINE_BODIES = "rulekeeper-offline"
"""The folder beside the doctrees where each offline page's body is kept between builds: an
incremental build writes only the pages that changed, and the file needs them all."""


def offline_pages(app: Sphinx) -> dict[str, list[str]]:
    """Each format's pages in its offline file, by docname: its rules pages in rule order, then
    its glossaries."""
    glossaries = pages_serving(app.env, GLOSSARY_KEY)
    pages: dict[str, list[str]] = {}
    for rule_id, record in published_rules(app).records.items():
        pages.setdefault(rule_prefix(rule_id), []).append(record.docname)
    return {
        prefix: list(dict.fromkeys([*docnames, *glossaries.get(prefix, [])]))
        for prefix, docnames in pages.items()
    }


def _kept_body(app: Sphinx, docname: str) -> Path:
    # Not ".html": the folder may lie inside the output (sphinx-build without -d), and what is
    # kept there is no page to serve or to crawl.
    return Path(app.doctreedir, OFFLINE_BODIES, f"{docname}.body")


def keep_offline_body(
    app: Sphinx,
    pagename: str,
    templatename: str,
    context: dict[str, Any],
    doctree: nodes.document | None,
) -> None:
    """``html-page-context``, after the other handlers: keep the body of a page an offline file
    holds, as the theme is given it.

    The body, not the page the theme makes of it: the file is the same whatever the theme
    wraps around its pages, and nothing is cut out of the written HTML by pattern.
    """
    if not publishes(app) or doctree is None or "body" not in context:
        return
    if "offline" not in chosen_parts(app):
        return
    # Asked for every page, so without working out every format's list: a page is in a file
    # when it defines a rule or serves a glossary.
    domain = rules_domain(app.env)
    serves_glossary = app.env.metadata.get(pagename, {}).get(GLOSSARY_KEY)
    if serves_glossary or any(r.docname == pagename for r in domain.rules.values()):
        path = _kept_body(app, pagename)
        path.parent.mkdir(parents=True, exist_ok=True)
        write_if_changed(path, str(context["body"]))


def publish_offline(app: Sphinx) -> None:
    """Each format's rules pages and glossaries as one self-contained HTML file."""
    rules = published_rules(app)
    pages: dict[str, dict[str, str]] = {}
    for prefix, docnames in offline_pages(app).items():
        pages[prefix] = {}
        for docname in docnames:
            kept = _kept_body(app, docname)
            if not kept.is_file():
                # Only a page written by some build has a body kept; say which is missing
                # rather than publish a file without it.
                logger.warning(
                    "the offline file of %s lacks %s, which no build has written since its "
                    "body was last kept: build afresh (sphinx-build -E)",
                    prefix,
                    docname,
                    type=WARNING_TYPE,
                    subtype="offline-page",
                )
                continue
            uri = app.builder.get_target_uri(docname)
            pages[prefix][uri] = kept.read_text(encoding="utf-8")
    aliases = {short_address(rule_id): rules.address(rule_id) for rule_id in rules.records}
    write_offline_files(Path(app.outdir), pages, editions(app), aliases)


def publish_test_sources(app: Sphinx) -> None:
    """A highlighted page per test file that pins a rule, for the traceability tables."""
    tests = tests_dir(app.config)
    traceability = list(rules_domain(app.env).traceability_docs)
    write_test_sources(
        Path(app.outdir),
        tests,
        [test.partition("::")[0] for names in find_rule_tests(tests).values() for test in names],
        favicon=site_icon(app),
        back=app.builder.get_target_uri(traceability[0]) if traceability else "",
    )


def publish_card(app: Sphinx) -> None:
    """The picture every page names as its ``og:image``."""
    write_card(app)


def publish_sitemap(app: Sphinx) -> None:
    """``sitemap.xml``, every page at its canonical address."""
    write_sitemap(app)


PARTS: dict[str, Callable[[Sphinx], None]] = {
    "data": publish_data,
    "short-addresses": publish_short_addresses,
    "downloads": publish_downloads,
    "offline": publish_offline,
    "test-sources": publish_test_sources,
    "card": publish_card,
    "sitemap": publish_sitemap,
}
"""Every part, by the name ``rulekeeper_publish`` knows it by."""


def part_handler(name: str) -> Callable[[Sphinx, BaseException | None], None]:
    """The ``build-finished`` handler of one part: it runs after a successful build of a site
    whose ``rulekeeper_publish`` names the part."""
    publish = PARTS[name]

    def handler(app: Sphinx, exception: BaseException | None) -> None:
        if exception is None and publishes(app) and name in chosen_parts(app):
            publish(app)

    handler.__name__ = handler.__qualname__ = f"publish_{name.replace('-', '_')}_part"
    handler.__doc__ = f"``build-finished``: publish the {name!r} part."
    return handler


def publishes(app: Sphinx) -> bool:
    """Whether the build writes a site, which the parts publish beside (:data:`SITE_BUILDERS`)."""
    return app.builder.name in SITE_BUILDERS


def chosen_parts(app: Sphinx) -> list[str]:
    """The parts this build publishes: ``rulekeeper_publish``, or all of them."""
    chosen: list[str] | None = app.config.rulekeeper_publish
    if chosen is None:
        return list(PARTS)
    unknown = [name for name in chosen if name not in PARTS]
    if unknown:
        raise ConfigError(
            f"rulekeeper_publish names unknown parts {', '.join(map(repr, unknown))}; "
            f"the parts are {', '.join(map(repr, PARTS))}"
        )
    return list(chosen)


def setup_publishing(app: Sphinx) -> None:
    """Register ``rulekeeper_publish`` and one ``build-finished`` handler per part."""
    app.add_config_value("rulekeeper_publish", None, "html", (list, type(None)))
    app.connect("config-inited", lambda app, config: chosen_parts(app))
    for name in PARTS:
        app.connect("build-finished", part_handler(name))
    # Late, so that the body kept is the one the theme is given, after the other handlers.
    app.connect("html-page-context", keep_offline_body, priority=900)
