"""The ``rules`` domain: where every rule on the site is recorded and looked up.

One :class:`RuleRecord` per rule, keyed by its canonical ID. Each record carries the
:class:`rulekeeper.rulebook.Rule` that ``rulekeeper`` itself would read from the same text, so
the site and the command line cannot disagree about a rule's status or examples.
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Iterator, Mapping, Set
from typing import Any, ClassVar, NamedTuple, cast

from docutils import nodes
from docutils.nodes import Element
from sphinx.addnodes import pending_xref
from sphinx.builders import Builder
from sphinx.domains import Domain, ObjType
from sphinx.environment import BuildEnvironment
from sphinx.util import logging
from sphinx.util.nodes import make_refnode

from rulekeeper.errors import UnknownRuleError
from rulekeeper.rulebook import Rule
from rulekeeper.rules import RuleId, parse_rule_id, rule_sort_key
from rulekeeper.sphinx.directives import RuleDirective
from rulekeeper.sphinx.roles import RuleRole

logger = logging.getLogger(__name__)

WARNING_TYPE = "rulekeeper"
"""The ``type`` of every warning this extension emits; ``suppress_warnings`` can name it."""


class RuleRecord(NamedTuple):
    """Where one rule is defined on the site, and the rule as ``rulekeeper`` reads it."""

    rule: Rule
    docname: str
    anchor: str
    path: str
    """The file the rule's text is in (an included rules file, not the wrapper page)."""
    section_anchor: str = ""

    @property
    def location(self) -> str:
        """``path:line`` of the rule's opening line, for warnings."""
        return f"{self.path}:{self.rule.line}"


class RulesDomain(Domain):
    """Rules as first-class Sphinx objects: index, search, ``objects.inv`` and references."""

    name = "rules"
    label = "Rules"
    object_types: ClassVar[dict[str, ObjType]] = {"rule": ObjType("rule", "rule")}
    directives: ClassVar[dict[str, type[Any]]] = {"rule": RuleDirective}
    roles: ClassVar[dict[str, Any]] = {"rule": RuleRole(warn_dangling=True)}
    initial_data: ClassVar[dict[str, Any]] = {
        "rules": {},  # RuleId -> RuleRecord
        "reports": {},  # docname -> the report it shows: "traceability", "overview", "rulings"
        "report_inputs": None,  # report -> what it was made from, as of the last build
        "rulings": None,  # rule ID -> the rulings citing it, as of the last build
        "enforcers": None,  # the scoped registry as of the last build, to spot code changes
        "releases": None,  # the release files as of the last build, to spot a new release
        "test_files": None,  # what each test file marks, as read by the last build
        "search_entries": {},  # docname -> its entries in the site's own search
    }
    # Bump when RuleRecord changes shape, so an old pickled environment is rebuilt.
    data_version = 4

    @property
    def rules(self) -> dict[RuleId, RuleRecord]:
        """Every rule defined so far, keyed by canonical ID."""
        return cast("dict[RuleId, RuleRecord]", self.data["rules"])

    @property
    def report_docs(self) -> dict[str, str]:
        """The documents that show a report made at write time (the traceability tables, the
        formats overview, a list of rulings), each with the kind of report it shows."""
        return cast("dict[str, str]", self.data["reports"])

    @property
    def traceability_docs(self) -> list[str]:
        """The documents that contain a traceability table, in name order (the page of every
        format, ``traceability``, before the pages of one format, ``traceability/lv``)."""
        return sorted(doc for doc, kind in self.report_docs.items() if kind == "traceability")

    def note_report(self, docname: str, kind: str) -> None:
        """Record that ``docname`` shows a report of ``kind``, made when the page is written."""
        self.report_docs[docname] = kind

    def note_rule(self, record: RuleRecord) -> bool:
        """Record a rule definition; warn and return False if the ID is already defined."""
        existing = self.rules.get(record.rule.id)
        if existing is not None:
            _warn_duplicate(record, existing)
            return False
        self.rules[record.rule.id] = record
        return True

    def set_section(self, rule_id: RuleId, docname: str, title: str, anchor: str) -> None:
        """Attach the heading a rule sits under, once the whole document has been parsed."""
        record = self.rules.get(rule_id)
        if record is None or record.docname != docname:
            return
        rule = dataclasses.replace(record.rule, section=title)
        self.rules[rule_id] = record._replace(rule=rule, section_anchor=anchor)

    def rulebook(self) -> dict[RuleId, Rule]:
        """The rules of the whole site in rule order, shaped like ``load_rulebook()``."""
        ordered = sorted(self.rules, key=rule_sort_key)
        return {rule_id: self.rules[rule_id].rule for rule_id in ordered}

    def clear_doc(self, docname: str) -> None:
        """Forget everything ``docname`` defined, before it is read again."""
        for rule_id in [r for r, rec in self.rules.items() if rec.docname == docname]:
            del self.rules[rule_id]
        self.report_docs.pop(docname, None)
        self.data.setdefault("search_entries", {}).pop(docname, None)

    def merge_domaindata(self, docnames: Set[str], otherdata: dict[str, Any]) -> None:
        """Take over what a parallel reader recorded for ``docnames``."""
        theirs = cast("Mapping[RuleId, RuleRecord]", otherdata["rules"])
        for record in theirs.values():
            if record.docname in docnames:
                self.note_rule(record)
        for docname, kind in cast("Mapping[str, str]", otherdata["reports"]).items():
            if docname in docnames:
                self.note_report(docname, kind)

    def resolve_xref(
        self,
        env: BuildEnvironment,
        fromdocname: str,
        builder: Builder,
        typ: str,
        target: str,
        node: pending_xref,
        contnode: Element,
    ) -> nodes.reference | None:
        """Resolve ``{rule}`LV 2.1``` to the rule's anchor; None leaves it dangling."""
        record = self.lookup(target)
        if record is None:
            return None
        return make_refnode(
            builder, fromdocname, record.docname, record.anchor, contnode, _tooltip(record.rule)
        )

    def resolve_any_xref(
        self,
        env: BuildEnvironment,
        fromdocname: str,
        builder: Builder,
        target: str,
        node: pending_xref,
        contnode: Element,
    ) -> list[tuple[str, nodes.reference]]:
        """Let the ``any`` role find rules too."""
        ref = self.resolve_xref(env, fromdocname, builder, "rule", target, node, contnode)
        return [] if ref is None else [("rules:rule", ref)]

    def lookup(self, target: str) -> RuleRecord | None:
        """The record for ``target`` in any spelling of its ID, or None."""
        try:
            return self.rules.get(parse_rule_id(target))
        except UnknownRuleError:
            return None

    def get_objects(self) -> Iterator[tuple[str, str, str, str, str, int]]:
        """Every rule, for the search index and ``objects.inv``."""
        for rule_id in sorted(self.rules, key=rule_sort_key):
            record = self.rules[rule_id]
            yield rule_id, rule_id, "rule", record.docname, record.anchor, 1

    def get_full_qualified_name(self, node: Element) -> str | None:
        """A reference's canonical rule ID."""
        target = node.get("reftarget")
        return None if target is None else str(target)


def _warn_duplicate(record: RuleRecord, existing: RuleRecord) -> None:
    logger.warning(
        "rule %s is defined twice (first at %s)",
        record.rule.id,
        existing.location,
        type=WARNING_TYPE,
        subtype="duplicate-rule",
        location=record.location,
    )


# ``{rule}`text <LV 2.1>``` and ``{rule}`LV 2.1``` read as ``text`` and ``LV 2.1`` in a tooltip.
_ROLE = re.compile(r"\{[\w:-]+\}`(?:([^`<]*?)\s*<[^`>]*>|([^`]*))`")


def _tooltip(rule: Rule) -> str:
    """The hover text of a link to a rule: its title, or the start of its plain text."""
    text = rule.title or " ".join(_ROLE.sub(lambda m: m.group(1) or m.group(2), rule.text).split())
    return f"{rule.id}: {text[:80]}{'...' if len(text) > 80 else ''}" if text else rule.id


def rules_domain(env: BuildEnvironment) -> RulesDomain:
    """The build's ``rules`` domain."""
    return cast("RulesDomain", env.get_domain("rules"))
