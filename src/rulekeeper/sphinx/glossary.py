"""Glossary links in the rules text, made from the glossaries themselves.

A glossary page says in its front matter which formats it serves (``rules-glossary: LV VX``).
On every page with rules of those formats, the first time a glossary word appears in a rule's
text it links to its entry, as ``{term}`` would, so the rules text needs no markup for it and
a new glossary entry is linked everywhere at once. Words the text already links are left
alone, and so is code. Above each glossary, an A-Z index links each initial letter to its first
entry.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from docutils import nodes
from docutils.nodes import Node
from sphinx import addnodes
from sphinx.transforms import SphinxTransform
from sphinx.transforms.post_transforms import SphinxPostTransform

from rulekeeper.rules import rule_prefix
from rulekeeper.sphinx.overview import GLOSSARY_KEY, pages_serving
from rulekeeper.sphinx.transforms import BEFORE_REFERENCES

# Text inside these is never linked: code, links, and the rule's own signature.
_SKIP = (
    nodes.literal,
    nodes.literal_block,
    nodes.reference,
    addnodes.pending_xref,
    addnodes.desc_signature,
    nodes.title,
)


class GlossaryLinks(SphinxPostTransform):
    """Link the first use of each glossary word on a rules page to its glossary entry."""

    default_priority = BEFORE_REFERENCES - 1  # before the rules' own links are resolved

    def run(self, **kwargs: Any) -> None:
        """Find the rules of this page, the glossaries for their formats, and link."""
        rules = [
            signature["rule_id"]
            for signature in self.document.findall(addnodes.desc_signature)
            if "rule_id" in signature
        ]
        if not rules:
            return
        glossaries = pages_serving(self.env, GLOSSARY_KEY)
        serving = {doc for rule_id in rules for doc in glossaries.get(rule_prefix(rule_id), [])}
        terms: dict[str, tuple[str, str]] = self.env.get_domain("std").data.get("terms", {})
        words = sorted(
            (word for word, (docname, _) in terms.items() if docname in serving),
            key=len,
            reverse=True,  # "damage step" before "damage"
        )
        if not words:
            return
        pattern = re.compile(r"\b(" + "|".join(re.escape(w) for w in words) + r")\b", re.I)
        linked = {
            node["reftarget"].lower()
            for node in self.document.findall(addnodes.pending_xref)
            if node.get("reftype") == "term"
        }
        for text in linkable_texts(self.document):
            self.link(text, pattern, linked)

    def link(self, text: nodes.Text, pattern: re.Pattern[str], linked: set[str]) -> None:
        """Replace ``text`` with its words, the first use of each term made a reference."""

        def term(word: str) -> Node:
            return addnodes.pending_xref(
                "",
                nodes.inline(word, word, classes=["glossary-term"]),
                refdomain="std",
                reftype="term",
                reftarget=word.lower(),
                refexplicit=True,
                refdoc=self.env.docname,
            )

        link_first_uses(text, pattern, linked, term, fold=str.lower)


def link_first_uses(
    text: nodes.Text,
    pattern: re.Pattern[str],
    linked: set[str],
    make: Callable[[str], Node],
    *,
    fold: Callable[[str], str] = str,
) -> None:
    """Replace ``text`` with its words, the first match of each name (as ``fold`` spells it)
    not in ``linked`` made into ``make(match)``; the names linked are added to ``linked``."""
    source = str(text)
    parts: list[Node] = []
    position = 0
    for match in pattern.finditer(source):
        word = fold(match.group(0))
        if word in linked:
            continue
        linked.add(word)
        parts.append(nodes.Text(source[position : match.start()]))
        parts.append(make(match.group(0)))
        position = match.end()
    if parts:
        parts.append(nodes.Text(source[position:]))
        text.parent.replace(text, parts)


def linkable_texts(document: nodes.document) -> list[nodes.Text]:
    """The text of the rules on a page that a link may be made in: not code, links or titles."""
    return [
        text
        for content in document.findall(addnodes.desc_content)
        if content.parent.get("domain") == "rules"
        for text in content.findall(nodes.Text)
        if _linkable(text)
    ]


def _linkable(text: nodes.Text) -> bool:
    parent = text.parent
    while parent is not None:
        if isinstance(parent, _SKIP):
            return False
        parent = parent.parent
    return True


class GlossaryIndex(SphinxTransform):
    """Put an A-Z index above every glossary: one link per initial letter, to its first entry.

    Made from the glossary's own entries, so it follows them as they are added.
    """

    default_priority = 500

    def apply(self, **kwargs: Any) -> None:
        """Insert the letters before each glossary of this document."""
        for glossary in list(self.document.findall(addnodes.glossary)):
            first: dict[str, str] = {}
            for term in glossary.findall(nodes.term):
                letter = term.astext()[:1].upper()
                if letter.isalpha() and term["ids"]:
                    first.setdefault(letter, term["ids"][0])
            if len(first) < 2:
                continue
            letters = nodes.paragraph(classes=["glossary-az"])
            for index, letter in enumerate(sorted(first)):
                if index:
                    letters += nodes.Text(" ")
                letters += nodes.reference(letter, letter, refid=first[letter])
            glossary.parent.insert(glossary.parent.index(glossary), letters)
