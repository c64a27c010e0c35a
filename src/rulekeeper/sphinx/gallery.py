"""The ``card-gallery`` directive: a page of cards generated from a game's data.

Its argument names a function that returns :class:`rulekeeper.galleries.GalleryCard` rows,
e.g. ``rulekeeper.galleries.risk_and_resource_cards``. The page is rebuilt on every build, so
it always shows the data the engine plays with.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Sequence

from docutils import nodes
from docutils.nodes import Node
from sphinx.util.docutils import SphinxDirective

from rulekeeper.galleries import GalleryCard
from rulekeeper.sphinx.traceability import simple_table

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
        self.env.note_reread()  # the data may change without this page changing
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


def _row(card: GalleryCard, with_notes: bool) -> list[Node | str | int]:
    name: Node = nodes.strong(card.name, card.name)
    if card.link:
        name = nodes.reference("", "", name, refuri=card.link)
    row: list[Node | str | int] = [
        name,
        card.cost or "—",
        card.type_line,
        card.stats or "—",
        card.text or "—",
    ]
    if with_notes:
        row.append(card.notes or "—")
    return row
