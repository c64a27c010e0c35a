"""Transforms: the heading each rule sits under, and each rule's "Enforced by" links."""

from __future__ import annotations

from typing import Any

from docutils import nodes
from sphinx import addnodes
from sphinx.transforms import SphinxTransform
from sphinx.transforms.post_transforms import SphinxPostTransform

from rulekeeper.sphinx.domain import rules_domain
from rulekeeper.sphinx.nodes import rule_enforcers
from rulekeeper.sphinx.registry import scoped_enforcers

# Sphinx's ReferencesResolver runs at priority 10; the links made here must exist before it.
BEFORE_REFERENCES = 5


class RuleSections(SphinxTransform):
    """Note the heading each rule sits under, once the whole document has been parsed.

    The directive cannot always see its section: inside another directive (an admonition, say)
    its parent is not attached to the tree yet. The innermost enclosing section is the last
    heading before the rule, which is what :mod:`rulekeeper.rulebook` calls the rule's section.
    """

    default_priority = 500

    def apply(self, **kwargs: Any) -> None:
        """Attach each rule of this document to its section's title and anchor."""
        domain = rules_domain(self.env)
        for desc in self.document.findall(addnodes.desc):
            if desc.get("domain") != "rules":
                continue
            section = _enclosing_section(desc)
            if section is None:
                continue
            title = section.next_node(nodes.title)
            text = (title.rawsource or title.astext()) if title is not None else ""
            anchor = section["ids"][0] if section["ids"] else ""
            for signature in desc.findall(addnodes.desc_signature):
                if "rule_id" in signature:
                    domain.set_section(signature["rule_id"], self.env.docname, text, anchor)


def _enclosing_section(node: nodes.Node) -> nodes.section | None:
    parent = node.parent
    while parent is not None and not isinstance(parent, nodes.section):
        parent = parent.parent
    return parent


class EnforcedByLinks(SphinxPostTransform):
    """Fill each rule's "Enforced by" line with links into the API reference.

    Done at write time from the registry, so a rule page shows the code as it is now, even if
    the page itself was not read again. The links are ``py:obj`` references; nitpicky builds
    fail if an enforcer is not documented.
    """

    default_priority = BEFORE_REFERENCES

    def run(self, **kwargs: Any) -> None:
        """Replace every :class:`rule_enforcers` placeholder of this document."""
        registry = scoped_enforcers(self.config)
        for placeholder in list(self.document.findall(rule_enforcers)):
            names = registry.get(placeholder["rule_id"], ())
            if names:
                placeholder.replace_self(self.enforced_by(names))
            else:
                placeholder.parent.remove(placeholder)

    def enforced_by(self, names: tuple[str, ...]) -> nodes.paragraph:
        """``Enforced by: a.b.f, a.c.G.m`` as links to the API reference."""
        paragraph = nodes.paragraph(classes=["rule-enforced-by"])
        paragraph += nodes.strong("Enforced by:", "Enforced by:")
        paragraph += nodes.Text(" ")
        for index, name in enumerate(names):
            if index:
                paragraph += nodes.Text(", ")
            paragraph += python_xref(name, self.env.docname)
        return paragraph


def api_target(qualname: str) -> str:
    """Where an enforcer is documented: a constructor is documented as its class."""
    return qualname.removesuffix(".__init__")


def rule_xref(rule_id: str, docname: str) -> addnodes.pending_xref:
    """A reference to a rule by ID, shown as its ID; the build warns if there is no such
    rule."""
    return addnodes.pending_xref(
        "",
        nodes.inline(rule_id, rule_id),
        refdomain="rules",
        reftype="rule",
        reftarget=rule_id,
        refexplicit=False,
        refwarn=True,
        refdoc=docname,
    )


def python_xref(qualname: str, docname: str, *, short: bool = False) -> addnodes.pending_xref:
    """A reference to a Python object by qualified name, shown as code.

    ``short`` shows only the last two parts of the name (``play.bring_in``), for tables.
    """
    qualname = api_target(qualname)
    shown = ".".join(qualname.split(".")[-2:]) if short else qualname
    return addnodes.pending_xref(
        "",
        nodes.literal(shown, shown, classes=["xref", "py", "py-obj"]),
        refdomain="py",
        reftype="obj",
        reftarget=qualname,
        refexplicit=False,
        refwarn=False,
        refdoc=docname,
    )
