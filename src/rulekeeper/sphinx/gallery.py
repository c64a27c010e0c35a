"""The ``card-gallery`` directive: a page of cards generated from a game's data.

Its argument names a function that returns :class:`rulekeeper.galleries.GalleryCard` rows,
e.g. ``rulekeeper.galleries.risk_and_resource_cards``. The page is read again whenever a file of
the engine (its code or its data) changes, so it always shows the data the engine plays with.

With ``:layout: cards`` each card is drawn as a card (its name and cost, its type line, its
text, its stats), with the rules that name it: the project's own games' cards, whose text is
the project's own. Magic and Dominion cards stay a table that links each name to its reference
page: their printed cards are their publishers'. Which rules name a card is worked out when the
page is written (:class:`CardRules`), from every rule's text and the words around its worked
examples, so that a card is listed under the rules a reader would read about it, not under
every example whose library happens to hold a copy.
"""

from __future__ import annotations

import importlib
import re
from collections.abc import Callable, Iterable, Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, ClassVar

from docutils import nodes
from docutils.nodes import Node
from docutils.parsers.rst import directives
from sphinx import addnodes
from sphinx.application import Sphinx
from sphinx.transforms.post_transforms import SphinxPostTransform
from sphinx.util.docutils import SphinxDirective
from sphinx.writers.html5 import HTML5Translator

from rulekeeper.galleries import GalleryCard
from rulekeeper.rulebook import parse_rules
from rulekeeper.rules import RuleId, rule_sort_key
from rulekeeper.sphinx.domain import RuleRecord, rules_domain
from rulekeeper.sphinx.registry import note_engine_dependencies
from rulekeeper.sphinx.traceability import simple_table
from rulekeeper.sphinx.transforms import BEFORE_REFERENCES, rule_xref
from rulekeeper.sphinx.visitors import SKIPPED, add_node

if TYPE_CHECKING:
    from sphinx.util.typing import OptionSpec

COLUMNS = ("Card", "Cost", "Type", "Stats", "Text", "Decks")


CARDS_REPORT = "cards"
"""The kind of write-time report a page of drawn cards shows (the rules naming each card)."""


class card_rules(nodes.General, nodes.Element):
    """Where the rules that name a card go, found when the page is written. Carries the
    card's ``card`` name; filled, it holds their references and shows as a folded list."""


class CardGalleryDirective(SphinxDirective):
    """Render every card a provider function returns, one table (or list of cards) per
    group."""

    required_arguments = 1
    has_content = False
    option_spec: ClassVar[OptionSpec] = {
        "layout": lambda value: directives.choice(value, ("table", "cards"))
    }

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
        drawn = self.options.get("layout") == "cards"
        if drawn:
            rules_domain(self.env).note_report(self.env.docname, CARDS_REPORT)
        for group in groups:
            members = [c for c in cards if c.group == group]
            title = f"{group} ({len(members)})"
            section = nodes.section(ids=[nodes.make_id(f"gallery-{group}")])
            section += nodes.title(title, title)
            if drawn:
                section += nodes.bullet_list(
                    "", *(_card_face(card) for card in members), classes=["card-faces"]
                )
            else:
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


def _name(card: GalleryCard) -> nodes.strong:
    # One anchor per card, so that a card can be linked to (CardLinks finds the names by it);
    # its name links to the card's reference page where it has one, or else to its own anchor.
    anchor = card_anchor(card.name)
    target = {"refuri": card.link} if card.link else {"refid": anchor}
    return nodes.strong("", "", nodes.reference(card.name, card.name, **target), ids=[anchor])


def _card_face(card: GalleryCard) -> nodes.list_item:
    """One card drawn as a card: name and cost, type line, text, stats and decks, rules."""
    face = nodes.list_item(classes=["card-face"])
    head = nodes.paragraph(classes=["card-face-head"])
    head += _name(card)
    if card.cost:
        head += nodes.inline(card.cost, card.cost, classes=["card-face-cost"])
    face += head
    face += nodes.paragraph(card.type_line, card.type_line, classes=["card-face-type"])
    if card.text:
        text = _text(card)
        text["classes"].append("card-face-text")
        face += text
    foot = [part for part in (card.stats, card.notes) if part]
    if foot:
        line = " \u00b7 ".join(foot)
        face += nodes.paragraph(line, line, classes=["card-face-foot"])
    face += card_rules(card=card.name)
    return face


def _row(card: GalleryCard, with_notes: bool) -> list[Node | str | int]:
    row: list[Node | str | int] = [
        _name(card),
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


_FENCE = re.compile(r"^\s*(`{3,}|~{3,})")


def _prose(lines: Sequence[str]) -> str:
    """The lines outside code fences: a rule's words and its examples' lead-ins."""
    kept: list[str] = []
    fence = ""
    for line in lines:
        opened = _FENCE.match(line)
        if fence:
            if opened and opened.group(1).startswith(fence):
                fence = ""
        elif opened:
            fence = opened.group(1)
        else:
            kept.append(line)
    return "\n".join(kept)


_prose_cache: dict[tuple[str, float], dict[RuleId, str]] = {}


def rule_prose(path: Path) -> dict[RuleId, str]:
    """The prose of each rule defined in the rules file ``path`` (read once per version)."""
    key = (str(path), path.stat().st_mtime)
    if key not in _prose_cache:
        lines = path.read_text(encoding="utf-8").splitlines()
        _prose_cache[key] = {
            rule.id: _prose(lines[rule.line - 1 : rule.end_line or len(lines)])
            for rule in parse_rules("\n".join(lines), source=str(path))
        }
    return _prose_cache[key]


def rules_naming(
    names: Iterable[str], records: Mapping[RuleId, RuleRecord]
) -> dict[str, list[RuleId]]:
    """The rules whose words name each card, in rule order. Names are matched whole and as
    written, as :mod:`rulekeeper.sphinx.cardlinks` matches them."""
    prose: dict[RuleId, str] = {}
    for path in sorted({record.path for record in records.values()}):
        if Path(path).is_file():
            prose.update(rule_prose(Path(path)))
    found: dict[str, list[RuleId]] = {}
    for name in names:
        pattern = re.compile(r"(?<![\w-])" + re.escape(name) + r"(?![\w-])")
        found[name] = sorted(
            (r for r, text in prose.items() if r in records and pattern.search(text)),
            key=rule_sort_key,
        )
    return found


class CardRules(SphinxPostTransform):
    """Fill each drawn card's :class:`card_rules` with the rules that name the card, or drop
    it when none does."""

    default_priority = BEFORE_REFERENCES

    def run(self, **kwargs: Any) -> None:
        """Find the rules naming this page's cards, and link them."""
        placeholders = list(self.document.findall(card_rules))
        if not placeholders:
            return
        naming = rules_naming([p["card"] for p in placeholders], rules_domain(self.env).rules)
        for placeholder in placeholders:
            found = naming[placeholder["card"]]
            if not found:
                placeholder.parent.remove(placeholder)
                continue
            paragraph = nodes.paragraph()
            for index, rule_id in enumerate(found):
                if index:
                    paragraph += nodes.Text(", ")
                paragraph += rule_xref(rule_id, self.env.docname)
            placeholder["count"] = len(found)
            placeholder += paragraph


def _visit_card_rules(self: HTML5Translator, node: card_rules) -> None:
    count = node.get("count", 0)
    rules = "rule names" if count == 1 else "rules name"
    self.body.append(f'<details class="card-face-rules"><summary>{count} {rules} it</summary>')


def _depart_card_rules(self: HTML5Translator, node: card_rules) -> None:
    self.body.append("</details>")


def setup_gallery(app: Sphinx) -> None:
    """Register the directive, the node (every builder but HTML leaves it out: a printed
    card list has no room for folded lists) and the post-transforms."""
    app.add_directive("card-gallery", CardGalleryDirective)
    add_node(app, card_rules, (_visit_card_rules, _depart_card_rules), SKIPPED)
    app.add_post_transform(KeywordLinks)
    app.add_post_transform(CardRules)
