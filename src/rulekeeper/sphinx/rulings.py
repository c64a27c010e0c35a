"""Rulings both ways: each rule lists the rulings that interpret or change it.

A ruling (``RR R2``) cites the rules it reads with ``{rule}`` references. Those references are
the only source: the rule's "Rulings" line is generated from them at write time, so a new
ruling shows on every rule it cites without anyone editing those rules.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from typing import Any

from docutils import nodes
from sphinx.application import Sphinx
from sphinx.environment import BuildEnvironment
from sphinx.transforms.post_transforms import SphinxPostTransform
from sphinx.util.docutils import SphinxDirective

from rulekeeper.errors import UnknownRuleError
from rulekeeper.rulebook import Rule
from rulekeeper.rules import RuleId, parse_rule_id, rule_prefix, rule_sort_key
from rulekeeper.sphinx.domain import rules_domain
from rulekeeper.sphinx.nodes import rule_rulings, rulings_list
from rulekeeper.sphinx.traceability import simple_table
from rulekeeper.sphinx.transforms import BEFORE_REFERENCES, rule_xref

# {rule}`RR 5.3c`, {rules:rule}`the special actions <RR 5.3c>`
_RULE_ROLE = re.compile(r"\{(?:rules:)?rule\}`(?:[^`<]*<([^>`]+)>|([^`]+))`")


def is_ruling(rule_id: RuleId) -> bool:
    """True for a ruling's ID (``RR R2``), false for a numbered rule's (``RR 5.3c``)."""
    return rule_id.split(" ", 1)[1].startswith("R")


def cited_rules(text: str) -> list[RuleId]:
    """The rules a text refers to with the ``rule`` role, in order, once each.

    >>> from rulekeeper.sphinx.rulings import cited_rules
    >>> cited_rules("{rule}`rr 5.3c` lists it; see {rule}`the rule <RR 3.1.4b>`, {rule}`RR 5.3c`.")
    ['RR 5.3c', 'RR 3.1.4b']
    """
    found: dict[RuleId, None] = {}
    for match in _RULE_ROLE.finditer(text):
        try:
            found[parse_rule_id(match.group(1) or match.group(2))] = None
        except UnknownRuleError:
            continue  # the build reports the dangling reference
    return list(found)


def rulings_citing(rules: Iterable[Rule]) -> dict[RuleId, tuple[RuleId, ...]]:
    """Each cited rule with the rulings that cite it, in rule order."""
    citing: dict[RuleId, list[RuleId]] = {}
    for rule in rules:
        if not is_ruling(rule.id):
            continue
        for cited in cited_rules(rule.text):
            if cited != rule.id:
                citing.setdefault(cited, []).append(rule.id)
    return {
        rule_id: tuple(sorted(rulings, key=rule_sort_key)) for rule_id, rulings in citing.items()
    }


class RulingLinks(SphinxPostTransform):
    """Fill each rule's "Rulings" line with links to the rulings that cite it."""

    default_priority = BEFORE_REFERENCES

    def run(self, **kwargs: Any) -> None:
        """Replace every :class:`rule_rulings` placeholder of this document."""
        placeholders = list(self.document.findall(rule_rulings))
        if not placeholders:
            return
        domain = rules_domain(self.env)
        citing = rulings_citing(record.rule for record in domain.rules.values())
        for placeholder in placeholders:
            rulings = citing.get(placeholder["rule_id"], ())
            if rulings:
                placeholder.replace_self(self.line(rulings, domain.rules))
            else:
                placeholder.parent.remove(placeholder)

    def line(self, rulings: tuple[RuleId, ...], records: Mapping[RuleId, Any]) -> nodes.paragraph:
        """``Rulings: RR R2 (Playing a landmark is a special action), ...`` as links."""
        paragraph = nodes.paragraph(classes=["rule-rulings"])
        paragraph += nodes.strong("Rulings:", "Rulings:")
        paragraph += nodes.Text(" ")
        for index, ruling in enumerate(rulings):
            if index:
                paragraph += nodes.Text("; ")
            paragraph += rule_xref(ruling, self.env.docname)
            title = records[ruling].rule.title
            if title:
                paragraph += nodes.Text(f" ({title})")
        return paragraph


def changed_rulings(app: Sphinx, env: BuildEnvironment) -> list[str]:
    """Pages to write again because a ruling that cites one of their rules changed.

    Connected to ``env-get-updated``: after reading, the rulings of the whole site are known;
    the map is compared with the previous build's, and the pages of every rule whose list of
    rulings changed are written afresh, although their own source did not change.
    """
    domain = rules_domain(env)
    current = rulings_citing(record.rule for record in domain.rules.values())
    previous: dict[RuleId, tuple[RuleId, ...]] = domain.data.get("rulings") or {}
    domain.data["rulings"] = current
    changed = {r for r in current.keys() | previous.keys() if current.get(r) != previous.get(r)}
    return sorted({domain.rules[r].docname for r in changed if r in domain.rules})


class RulingsListDirective(SphinxDirective):
    """``{rulings-list} RR``: a table of every ruling of a format, wherever it is written."""

    required_arguments = 1
    has_content = False

    def run(self) -> list[nodes.Node]:
        """Leave a placeholder; the page is written again whenever what it reports changes."""
        rules_domain(self.env).note_report(self.env.docname, "rulings")
        return [rulings_list(prefix=self.arguments[0].strip().upper())]


class RulingsTable(SphinxPostTransform):
    """Replace each ``rulings-list`` placeholder with the format's rulings: ID, title, page."""

    default_priority = BEFORE_REFERENCES

    def run(self, **kwargs: Any) -> None:
        """One row per ruling, in rule order, with the page it is on."""
        domain = rules_domain(self.env)
        for placeholder in list(self.document.findall(rulings_list)):
            rows: list[list[nodes.Node | str | int]] = []
            for rule_id, rule in domain.rulebook().items():
                if rule_prefix(rule_id) == placeholder["prefix"] and is_ruling(rule_id):
                    page = self.env.titles[domain.rules[rule_id].docname].astext()
                    rows.append([rule_xref(rule_id, self.env.docname), rule.title or "—", page])
            placeholder.replace_self(
                simple_table(("Ruling", "Title", "Page"), rows, ["rulings-list"])
            )
