"""Card names in the rules text, linked to their entry in the card gallery.

A card gallery says in its front matter which formats it serves (``rules-cards: LV VX MG``). On
every page with rules of those formats, the first time a card's name appears in the rules'
text it links to the card's row in the gallery, as the glossary words link to their entries
(:mod:`rulekeeper.sphinx.glossary`). Names are matched as written, capital letters and all, so
"gold" in a sentence is not the card Gold.
"""

from __future__ import annotations

import re
from typing import Any

from docutils import nodes
from docutils.nodes import Node
from sphinx import addnodes
from sphinx.environment import BuildEnvironment
from sphinx.transforms.post_transforms import SphinxPostTransform
from sphinx.util.osutil import relative_uri

from rulekeeper.rules import rule_prefix
from rulekeeper.sphinx.glossary import link_first_uses, linkable_texts
from rulekeeper.sphinx.overview import CARDS_KEY, pages_serving
from rulekeeper.sphinx.transforms import BEFORE_REFERENCES

_names: dict[str, tuple[object, dict[str, str]]] = {}


def gallery_cards(env: BuildEnvironment, docname: str) -> dict[str, str]:
    """A gallery page's cards: name -> anchor, read once per version of the page."""
    read = env.all_docs.get(docname)
    cached = _names.get(docname)
    if cached is None or cached[0] != read:
        cards = {
            node.astext(): node["ids"][0]
            for node in env.get_doctree(docname).findall(nodes.strong)
            if node["ids"] and node["ids"][0].startswith("card-")
        }
        cached = _names[docname] = (read, cards)
    return cached[1]


class CardLinks(SphinxPostTransform):
    """Link the first use of each card's name on a rules page to its gallery entry."""

    default_priority = BEFORE_REFERENCES  # after the glossary's links, which come first

    def run(self, **kwargs: Any) -> None:
        """Find the galleries serving this page's formats, and link their cards' names."""
        prefixes = {
            rule_prefix(signature["rule_id"])
            for signature in self.document.findall(addnodes.desc_signature)
            if "rule_id" in signature
        }
        if not prefixes:
            return
        galleries = pages_serving(self.env, CARDS_KEY)
        targets: dict[str, str] = {}
        for docname in sorted({d for p in prefixes for d in galleries.get(p, [])}):
            page = relative_uri(self.env.docname, docname + ".html")
            for name, anchor in gallery_cards(self.env, docname).items():
                targets.setdefault(name, f"{page}#{anchor}")
        if not targets:
            return
        names = sorted(targets, key=len, reverse=True)  # "Grizzly Bears" before "Bears"
        pattern = re.compile(r"(?<![\w-])(" + "|".join(map(re.escape, names)) + r")(?![\w-])")

        def card(name: str) -> Node:
            return nodes.reference(name, name, refuri=targets[name], classes=["card-link"])

        linked: set[str] = set()
        for text in linkable_texts(self.document):
            link_first_uses(text, pattern, linked, card)
