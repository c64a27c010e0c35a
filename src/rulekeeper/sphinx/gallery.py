"""The ``card-gallery`` directive: a page of cards generated from a game's data.

Its argument names a function that returns :class:`rulekeeper.galleries.GalleryCard` rows,
e.g. ``rulekeeper.galleries.risk_and_resource_cards``. The page is read again whenever a file of
the engine (its code or its data) changes, so it always shows the data the engine plays with.
"""

from __future__ import annotations

import importlib
import re
from collections.abc import Callable, Sequence
from typing import Any

from docutils import nodes
from docutils.nodes import Node
from sphinx import addnodes
from sphinx.transforms.post_transforms import SphinxPostTransform
from sphinx.util.docutils import SphinxDirective

from rulekeeper.galleries import GalleryCard
from rulekeeper.sphinx.registry import note_engine_dependencies
from rulekeeper.sphinx.traceability import simple_table
from rulekeeper.sphinx.transforms import BEFORE_REFERENCES

COLUMNS = ("Card", "Cost", "Type", "Stats", "Text", "Decks")


class CardGalleryDirective(SphinxDirective):
    """Render every card a provider function returns, one table per group."""

    required_arguments = 1
    has_content = False

    def run(self) -> list[Node]:
        """Import the provider, call it, and build the tables."""
        provider = self._provider(self.arguments[0])
        if provider is None:
            return []
        # Made from the engine's code and data, not from this page's source.
        note_engine_dependencies(self.env)
        cards = provider()
        output: list[Node] = []
        groups = list(dict.fromkeys(card.group for card in cards))
        with_notes = any(card.notes for card in cards)
        for group in groups:
            members = [c for c in cards if c.group == group]
            title = f"{group} ({len(members)})"
            section = nodes.section(ids=[nodes.make_id(f"gallery-{group}")])
            section += nodes.title(title, title)
            section += simple_table(
                COLUMNS if with_notes else COLUMNS[:-1],
                [_row(card, with_notes) for card in members],
                ["card-gallery"],
            )
            output.append(section)
        return output

    def _provider(self, path: str) -> Callable[[], Sequence[GalleryCard]] | None:
        module_name, _, function = path.rpartition(".")
        try:
            provider: Callable[[], Sequence[GalleryCard]] = getattr(
                importlib.import_module(module_name), function
            )
        except (ImportError, AttributeError, ValueError) as error:
            self.state.document.reporter.warning(
                f"card-gallery: cannot load {path!r}: {error}", line=self.lineno
            )
            return None
        return provider


def card_anchor(name: str) -> str:
    """The anchor of a card in its gallery: ``card-lightning-bolt``."""
    return nodes.make_id(f"card-{name}")


def _row(card: GalleryCard, with_notes: bool) -> list[Node | str | int]:
    # One anchor per card, so that a card can be linked to; its name links to the card's
    # reference page where it has one, or else to its own anchor.
    anchor = card_anchor(card.name)
    target = {"refuri": card.link} if card.link else {"refid": anchor}
    name: Node = nodes.strong("", "", nodes.reference(card.name, card.name, **target), ids=[anchor])
    row: list[Node | str | int] = [
        name,
        card.cost or "—",
        card.type_line,
        card.stats or "—",
        _text(card) if card.text else "—",
    ]
    if with_notes:
        row.append(card.notes or "—")
    return row


def _text(card: GalleryCard) -> nodes.paragraph:
    """The card's text, with each keyword marked for :class:`KeywordLinks` to link."""
    if not card.keywords:
        return nodes.paragraph(card.text, card.text)
    pattern = re.compile(
        r"\b(" + "|".join(re.escape(k) for k in card.keywords) + r")\b", re.IGNORECASE
    )
    paragraph = nodes.paragraph()
    position = 0
    for match in pattern.finditer(card.text):
        paragraph += nodes.Text(card.text[position : match.start()])
        word = match.group(0)
        paragraph += nodes.inline(word, word, classes=["card-keyword"])
        position = match.end()
    paragraph += nodes.Text(card.text[position:])
    return paragraph


class KeywordLinks(SphinxPostTransform):
    """Link each keyword in a card's text to its glossary entry, where the site has one.

    Done at write time, when every glossary of the site has been read.
    """

    default_priority = BEFORE_REFERENCES

    def run(self, **kwargs: Any) -> None:
        """Wrap every marked keyword that names a glossary term in a link to it."""
        std = self.env.get_domain("std")
        # Glossary terms by lower-cased text, as the std domain keeps them for {term}.
        terms: dict[str, tuple[str, str]] = std.data.get("terms", {})
        for keyword in list(self.document.findall(nodes.inline)):
            if "card-keyword" not in keyword["classes"]:
                continue
            found = terms.get(keyword.astext().lower())
            if found is None:
                continue
            # Sphinx's reference resolver, which runs next, makes the link.
            keyword.replace_self(
                addnodes.pending_xref(
                    "",
                    keyword.deepcopy(),
                    refdomain="std",
                    reftype="term",
                    reftarget=keyword.astext(),
                    refexplicit=True,
                    refdoc=self.env.docname,
                )
            )
