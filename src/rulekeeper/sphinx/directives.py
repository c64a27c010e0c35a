"""The ``rule`` directive: one rule, its permalink, its status and its worked examples.

In MyST::

    :::{rule} LV 2.1
    :title: Starting life
    Each player starts the game with 30 life.
    :::

The rule is built with :func:`rulekeeper.rulebook.make_rule` from the directive's options and
content, so its status and example count are exactly what ``rulekeeper`` reads from the file.
"""

from __future__ import annotations

import os
from typing import TYPE_CHECKING, ClassVar

from docutils import nodes
from docutils.nodes import Node
from docutils.parsers.rst import directives
from sphinx import addnodes
from sphinx.directives import ObjectDescription
from sphinx.util import logging
from sphinx.util.docutils import SphinxDirective
from sphinx.util.osutil import relative_uri

from rulekeeper.errors import InputError
from rulekeeper.rulebook import Rule, make_rule
from rulekeeper.rules import RuleId, rule_anchor
from rulekeeper.sphinx.nodes import rule_enforcers, rule_rulings

if TYPE_CHECKING:
    from sphinx.util.typing import OptionSpec

logger = logging.getLogger(__name__)

# The options the rules text may use; ``rulekeeper.rulebook`` reads exactly these.
RULE_OPTIONS = ("title", "informative", "status")

STATUS_NOTES = {
    "informative": "Informative, not enforced",
    "pending": "Not yet enforced",
}
"""The badge shown on a rule the engine does not enforce, by status."""


class RuleDirective(ObjectDescription[RuleId]):
    """Define one rule. The body is parsed as nested content, so examples render as code."""

    has_content = True
    required_arguments = 1
    final_argument_whitespace = True
    # Deliberately not ObjectDescription's options: a ``:no-index:`` rule would vanish from the
    # domain while ``rulekeeper`` still counted it.
    option_spec: ClassVar[OptionSpec] = {
        "title": directives.unchanged,
        "informative": directives.unchanged,
        "status": directives.unchanged,
    }

    rule: Rule

    def run(self) -> list[Node]:
        """Build the rule from the text as ``rulekeeper`` would, then render it.

        Runs as ``rules:rule`` (:class:`ObjectDescription` takes its domain from that name),
        through the domain's directive, also when the text says plain ``rule``
        (:class:`PlainRuleDirective`).
        """
        path, line = self.get_source_info()
        options = [
            (key, str(self.options[key] or "")) for key in RULE_OPTIONS if key in self.options
        ]
        try:
            self.rule = make_rule(
                self.arguments[0],
                options,
                list(self.content),
                source=_relative_source(path, self.env.srcdir),
                line=line,
            )
        except InputError as error:
            logger.warning(
                "%s",
                error.message,
                type="rulekeeper",
                subtype="invalid-rule",
                location=(self.env.docname, self.lineno),
            )
            return []
        self._path = path
        return super().run()

    def get_signatures(self) -> list[str]:
        """One signature: the canonical ID (the raw argument may be spelled ``lv 2.1``)."""
        return [self.rule.id]

    def handle_signature(self, sig: str, signode: addnodes.desc_signature) -> RuleId:
        """Render the ID prominently, then the title and any status badge."""
        signode["rule_id"] = sig
        # The ID is the rule's permalink: its short address, which follows the rule if it ever
        # moves to another page (see rulekeeper.sphinx.ruledata).
        name = addnodes.desc_name()
        name += nodes.reference(
            sig,
            sig,
            refuri=self._short_link(sig),
            classes=["rule-permalink"],
            reftitle=f"Permanent link to {sig}",
        )
        signode += name
        if self.rule.title:
            signode += addnodes.desc_sig_space()
            signode += nodes.inline(self.rule.title, self.rule.title, classes=["rule-title"])
        if self.rule.status in STATUS_NOTES:
            badge = STATUS_NOTES[self.rule.status]
            signode += addnodes.desc_sig_space()
            signode += nodes.inline(
                badge, badge, classes=["rule-badge", f"rule-{self.rule.status}"]
            )
        return sig

    def _short_link(self, rule_id: RuleId) -> str:
        from rulekeeper.rules import short_address

        # Relative to the page, as the HTML builder writes it (``rules/leveler.html``).
        return relative_uri(self.env.docname, short_address(rule_id))

    def add_target_and_index(
        self, name: RuleId, sig: str, signode: addnodes.desc_signature
    ) -> None:
        """Record the rule in the domain, give it its anchor and an index entry."""
        from rulekeeper.sphinx.domain import RuleRecord, rules_domain

        anchor = rule_anchor(name)
        record = RuleRecord(self.rule, self.env.docname, anchor, self._path)
        if not rules_domain(self.env).note_rule(record):
            return  # a duplicate: one anchor per ID, or links would be ambiguous
        signode["ids"].append(anchor)
        self.state.document.note_explicit_target(signode)
        self.indexnode["entries"].append(("single", f"{name} (rule)", anchor, "", None))

    def transform_content(self, content_node: addnodes.desc_content) -> None:
        """Say why a rule is not enforced, and leave room for its "Enforced by" links."""
        if self.rule.status == "informative":
            reason = self.rule.reason or "no reason given"
            content_node.insert(0, _note("Informative:", f"not enforced; {reason}"))
        elif self.rule.status == "pending":
            content_node.insert(
                0,
                _note(
                    "Not yet enforced:", "published, but the engine does not check this rule yet."
                ),
            )
        content_node += rule_enforcers(rule_id=self.rule.id)
        content_node += rule_rulings(rule_id=self.rule.id)

    def _toc_entry_name(self, sig_node: addnodes.desc_signature) -> str:
        # Formats have hundreds of rules, so the page's headings are its contents; but a page
        # of rulings has one heading, and each ruling is a topic of its own worth listing.
        rule_id = sig_node.get("rule_id", "")
        if not rule_id or not rule_id.split(" ", 1)[1].startswith("R"):
            return ""
        return f"{rule_id}: {self.rule.title}" if self.rule.title else rule_id


class PlainRuleDirective(SphinxDirective):
    """``rule``, unqualified, as the rules text writes it: the rules domain's ``rule``.

    Sphinx finds an unqualified directive in the default domain (Python's, for the API pages)
    or the standard one only, so this one hands its arguments, options and content to the
    directive the rules domain gives for ``rule`` (``Domain.directive``, which runs it under
    its full name), rather than renaming itself.
    """

    has_content = RuleDirective.has_content
    required_arguments = RuleDirective.required_arguments
    final_argument_whitespace = RuleDirective.final_argument_whitespace
    option_spec: ClassVar[OptionSpec] = RuleDirective.option_spec

    def run(self) -> list[Node]:
        """Run the rules domain's ``rule`` on this directive's text."""
        directive = self.env.get_domain("rules").directive("rule")
        if directive is None:  # pragma: no cover - the domain always defines it
            raise self.error("the rules domain has no rule directive")
        return list(
            directive(
                self.name,
                self.arguments,
                self.options,
                self.content,
                self.lineno,
                self.content_offset,
                self.block_text,
                self.state,
                self.state_machine,
            ).run()
        )


def _note(label: str, text: str) -> nodes.paragraph:
    return nodes.paragraph(
        "", "", nodes.strong(label, label), nodes.Text(" " + text), classes=["rule-status"]
    )


def _relative_source(path: str, srcdir: str | os.PathLike[str]) -> str:
    """Name the rules file as ``rulekeeper`` does: relative to the folder above the docs."""
    relative = os.path.relpath(path, os.path.dirname(os.path.abspath(srcdir)))
    return path if relative.startswith("..") else relative.replace(os.sep, "/")
