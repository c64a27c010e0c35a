"""The ``rule`` role: ``{rule}`LV 2.1``` links to a rule wherever it is defined."""

from __future__ import annotations

from docutils import nodes
from docutils.nodes import Element, Node, system_message
from sphinx.environment import BuildEnvironment
from sphinx.roles import XRefRole

from rulekeeper.errors import UnknownRuleError
from rulekeeper.rules import parse_rule_id


class RuleRole(XRefRole):
    """A cross-reference to a rule, written with any spelling of its ID (``lv 2.1``).

    The target is canonicalised with :func:`rulekeeper.rules.parse_rule_id`, so intersphinx
    lookups match ``objects.inv`` exactly. Links read as plain text, not code.
    """

    def __init__(self, *, warn_dangling: bool = True) -> None:
        super().__init__(innernodeclass=nodes.inline, warn_dangling=warn_dangling)

    def run(self) -> tuple[list[Node], list[system_message]]:
        """Build the reference, always in the ``rules`` domain.

        The role is also registered unqualified (``rule``), and :class:`XRefRole` takes its
        domain from the name it was called by.
        """
        self.name = "rules:rule"
        return super().run()

    def process_link(
        self,
        env: BuildEnvironment,
        refnode: Element,
        has_explicit_title: bool,
        title: str,
        target: str,
    ) -> tuple[str, str]:
        """Canonicalise the target; a malformed ID is left as written and reported dangling."""
        try:
            canonical = parse_rule_id(target)
        except UnknownRuleError:
            return title, target
        return (title if has_explicit_title else canonical), canonical
