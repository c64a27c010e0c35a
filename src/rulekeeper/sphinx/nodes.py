"""Placeholder nodes, filled in when a page is written.

What enforces a rule, and the traceability tables, depend on the whole site and on the code,
not on the page being read. Directives leave these placeholders in the doctree and the
post-transforms in :mod:`rulekeeper.sphinx.transforms` and :mod:`rulekeeper.sphinx.traceability`
replace them with the current answer at write time.
"""

from __future__ import annotations

from collections.abc import Sequence

from docutils import nodes


# Lower-case class names, as docutils and Sphinx name their nodes.
class rule_enforcers(nodes.General, nodes.Element):
    """Where a rule's "Enforced by" line goes. Carries the rule's ``rule_id``."""


class rule_rulings(nodes.General, nodes.Element):
    """Where a rule's "Rulings" line goes: the rulings that cite it. Carries ``rule_id``."""


class rulings_list(nodes.General, nodes.Element):
    """Where the list of a format's rulings goes. Carries the format's ``prefix``."""


class formats_overview(nodes.General, nodes.Element):
    """Where the generated list of formats goes, with each format's status and pages."""


class traceability_tables(nodes.General, nodes.Element):
    """Where the traceability page's generated tables go."""


def fill(placeholders: Sequence[nodes.Element], content: Sequence[nodes.Node]) -> None:
    """Put ``content`` in place of the first placeholder, and a copy of it in place of each
    other one. A page seldom has more than one, and copying a generated table costs about as
    much as making it (the traceability tables were a tenth of the site's post-transforms)."""
    for index, placeholder in enumerate(placeholders):
        placeholder.replace_self(list(content) if not index else [n.deepcopy() for n in content])
