"""The ``formats-overview`` directive: a reader's entry to every format on the site.

Write ``{formats-overview}`` on a page (the home page). At write time it becomes one entry per
format that has rules, in prefix order, each with:

- the format's name and a line on what it is: the ``summary`` in the front matter of the page
  that introduces the format, or else the first sentence of that page;
- its status, from the same totals ``rulekeeper coverage`` prints (rules, enforced,
  exemplified);
- links to its rules, its cards and its glossary, and its complete rules as text and PDF.

Everything is found from the rules themselves, so a new format's entry appears as soon as its
rules are on the site. A format's front page is the page that defines its first rule. Pages
say which formats they serve with front matter: ``rules-glossary: LV VX`` on a glossary and
``rules-cards: RR`` on a card gallery.
"""

from __future__ import annotations

import re
from typing import Any

from docutils import nodes
from docutils.nodes import Node
from sphinx import addnodes
from sphinx.environment import BuildEnvironment
from sphinx.transforms.post_transforms import SphinxPostTransform
from sphinx.util.docutils import SphinxDirective
from sphinx.util.osutil import relative_uri

from rulekeeper.rules import rule_prefix
from rulekeeper.sphinx.changes import releases
from rulekeeper.sphinx.domain import rules_domain
from rulekeeper.sphinx.downloads import download_path
from rulekeeper.sphinx.nodes import fill, formats_overview
from rulekeeper.sphinx.registry import scoped_enforcers
from rulekeeper.sphinx.traceability import tests_dir
from rulekeeper.sphinx.transforms import BEFORE_REFERENCES
from rulekeeper.traceability import FormatCoverage, coverage, find_rule_tests, trace

GLOSSARY_KEY = "rules-glossary"
CARDS_KEY = "rules-cards"
SUMMARY_KEY = "summary"

_SENTENCE = re.compile(r"^(.+?[.!?])(?:\s|$)")


class FormatsOverviewDirective(SphinxDirective):
    """``{formats-overview}``: the place where the list of formats goes."""

    has_content = False

    def run(self) -> list[Node]:
        """Leave a placeholder; the page is written again whenever what it reports changes."""
        rules_domain(self.env).note_report(self.env.docname, "overview")
        return [formats_overview()]


def pages_serving(env: BuildEnvironment, key: str) -> dict[str, list[str]]:
    """Prefix -> the pages whose front matter lists it under ``key``, in page order."""
    found: dict[str, list[str]] = {}
    for docname in sorted(env.all_docs):
        for prefix in str(env.metadata.get(docname, {}).get(key, "")).split():
            found.setdefault(prefix.upper(), []).append(docname)
    return found


def summary(env: BuildEnvironment, docname: str) -> str:
    """A line on what a format is: its page's ``summary``, or the page's first sentence."""
    given = env.metadata.get(docname, {}).get(SUMMARY_KEY)
    if given:
        return str(given)
    doctree = env.get_doctree(docname)
    for paragraph in doctree.findall(nodes.paragraph):
        if isinstance(paragraph.parent, nodes.section | nodes.document):
            text = " ".join(paragraph.astext().split())
            match = _SENTENCE.match(text)
            return match.group(1) if match else text
    return ""


class FormatsOverview(SphinxPostTransform):
    """Replace the placeholder with one entry per format."""

    default_priority = BEFORE_REFERENCES

    def run(self, **kwargs: Any) -> None:
        """Build the entries from the domain, the registry, the tests and the pages."""
        placeholders = list(self.document.findall(formats_overview))
        if not placeholders:
            return
        domain = rules_domain(self.env)
        rulebook = domain.rulebook()
        traces = trace(
            rulebook, scoped_enforcers(self.config), find_rule_tests(tests_dir(self.config))
        )
        front_pages: dict[str, str] = {}
        for rule_id in rulebook:
            front_pages.setdefault(rule_prefix(rule_id), domain.rules[rule_id].docname)
        glossaries = pages_serving(self.env, GLOSSARY_KEY)
        cards = pages_serving(self.env, CARDS_KEY)
        listing = nodes.bullet_list(classes=["formats-overview"])
        for total in coverage(traces):
            front = front_pages[total.prefix]
            listing += self.entry(
                total, front, cards.get(total.prefix, []), glossaries.get(total.prefix, [])
            )
        fill(placeholders, [listing])

    def entry(
        self, total: FormatCoverage, front: str, cards: list[str], glossaries: list[str]
    ) -> nodes.list_item:
        """One format: name and prefix, what it is, its status and its links."""
        item = nodes.list_item(classes=["format-entry", f"format-{total.prefix.lower()}"])
        heading = nodes.paragraph(classes=["format-name"])
        heading += self.doc_link(front, nodes.strong(total.name, total.name))
        heading += nodes.Text(" ")
        heading += nodes.literal(total.prefix, total.prefix, classes=["format-prefix"])
        item += heading
        line = summary(self.env, front)
        if line:
            item += nodes.paragraph(line, line, classes=["format-summary"])
        count, detail = _status(total)
        status = nodes.paragraph("", "", nodes.Text(count), classes=["format-status"])
        # The coverage figures are for contributors: the site shows them in their view only.
        status += nodes.inline(detail, detail, classes=["contributor-detail"])
        item += status
        done = releases(self.config).get(total.prefix)
        changes = [d for d, kind in rules_domain(self.env).report_docs.items() if kind == "changes"]
        if done:
            text = f"Version {done[-1].version}, effective {done[-1].day}"
            version = nodes.paragraph("", "", nodes.Text(text), classes=["format-version"])
            if changes:
                version += nodes.Text(" · ")
                version += self.doc_link(changes[0], nodes.Text("Changes"))
            item += version
        links = nodes.paragraph(classes=["format-links"])
        parts: list[Node] = [self.doc_link(front, nodes.Text("Rules"))]
        parts += [self.doc_link(page, self.label(page, "Cards", cards)) for page in cards]
        parts += [
            self.doc_link(page, self.label(page, "Glossary", glossaries)) for page in glossaries
        ]
        for kind in ("txt", "pdf", "html"):
            # Relative to the page, as the HTML builder writes it (``index.html``).
            target = relative_uri(self.env.docname, download_path(total.prefix, kind))
            label = f"All rules ({kind.upper()})"
            parts.append(nodes.reference(label, label, refuri=target, classes=["download"]))
        for index, part in enumerate(parts):
            if index:
                links += nodes.Text(" · ")
            links += part
        item += links
        return item

    def label(self, docname: str, kind: str, pages: list[str]) -> nodes.Text:
        """``kind`` for a format's one page of that kind; its title where it has several (Leveler
        has its own glossary and the Magic essentials' one), so the links say which is which."""
        title = self.env.titles.get(docname)
        return nodes.Text(title.astext() if len(pages) > 1 and title is not None else kind)

    def doc_link(self, docname: str, content: Node) -> addnodes.pending_xref:
        """A link to a page of the site."""
        return addnodes.pending_xref(
            "",
            content,
            refdomain="std",
            reftype="doc",
            reftarget="/" + docname,
            refexplicit=True,
            refdoc=self.env.docname,
        )


def _status(total: FormatCoverage) -> tuple[str, str]:
    """``142 rules`` and its coverage: ``: 120 of 120 normative enforced, 118 exemplified, 3
    pending.``"""
    text = (
        f": {total.enforced} of {total.normative} normative enforced, "
        f"{total.exemplified} exemplified"
    )
    if total.pending:
        text += f", {total.pending} pending"
    return f"{total.rules} rules", text + "."
