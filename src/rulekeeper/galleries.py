"""The cards of each game as rows for the site's card galleries.

The site's gallery pages are generated from these functions at build time (the
``card-gallery`` directive of the site's Sphinx extension), so a card's page entry can never
drift from the data file the engine plays with.

>>> from rulekeeper.galleries import magic_cards
>>> bolt = next(c for c in magic_cards() if c.name == "Lightning Bolt")
>>> bolt.group, bolt.cost, bolt.text
('Instant', '{R}', '3 damage to any target.')
>>> bolt.link
'https://scryfall.com/search?q=%21%22Lightning+Bolt%22'
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass


@dataclass(frozen=True)
class GalleryCard:
    """One card as a gallery shows it."""

    name: str
    group: str
    cost: str
    type_line: str
    stats: str
    text: str
    notes: str = ""
    link: str = ""
    """A page about the card elsewhere (its printed text, for one); the gallery links the
    card's name to it."""
    keywords: tuple[str, ...] = ()
    """The card's keywords, which the gallery links to their glossary entries."""


def risk_and_resource_cards() -> list[GalleryCard]:
    """Every Risk & Resource card, grouped by card type, with the preconstructed decks that
    use it."""
    from rulekeeper.riskres.cards import TYPES, card_pool
    from rulekeeper.riskres.decks import PRECONSTRUCTED

    counts = {deck: Counter(cards) for deck, cards in PRECONSTRUCTED.items()}
    found = []
    for definition in card_pool().values():
        group = next(t for t in TYPES if definition.has_type(t))
        stats = f"{definition.power}/{definition.defense}" if definition.power is not None else ""
        legendary = "Legendary " if definition.legendary else ""
        decks = ", ".join(
            f"{deck}: {c[definition.name]}" for deck, c in counts.items() if c[definition.name]
        )
        found.append(
            GalleryCard(
                name=definition.name,
                group=group,
                cost=f"{definition.cost} EP, pitch {definition.pitch}",
                type_line=f"{legendary}{' '.join(definition.types)} — {definition.subtype}",
                stats=stats,
                text=definition.text,
                notes=decks,
                keywords=tuple(k.split()[0] for k in definition.keywords),
            )
        )
    return sorted(found, key=lambda c: (TYPES.index(c.group), c.name))


def magic_cards() -> list[GalleryCard]:
    """Every card the compact Magic model implements, grouped by card type, each described in
    the project's words and linked to its reference page (the pool copies no oracle text)."""
    from rulekeeper.mtg.cards import card_pool

    order = ("Land", "Creature", "Instant", "Sorcery")
    found = []
    for definition in card_pool().values():
        group = next(t for t in order if definition.has_type(t))
        stats = f"{definition.power}/{definition.toughness}" if definition.power is not None else ""
        found.append(
            GalleryCard(
                name=definition.name,
                group=group,
                cost=definition.cost,
                type_line=" ".join((*definition.supertypes, *definition.types))
                + (f" — {' '.join(definition.subtypes)}" if definition.subtypes else ""),
                stats=stats,
                text=definition.description,
                link=definition.reference_url,
                keywords=tuple(definition.keywords),
            )
        )
    return sorted(found, key=lambda c: (order.index(c.group), c.name))


def dominion_cards() -> list[GalleryCard]:
    """Every card the compact Dominion model plays: base cards, kingdom cards, landscapes, each
    with its set, and its name linked to its page on the Dominion Strategy wiki."""
    from rulekeeper.dominion.cards import CARDS

    order = ("base", "kingdom", "landscape")
    found = []
    for definition in CARDS.values():
        edition = f", edition {definition.edition}" if definition.edition else ""
        found.append(
            GalleryCard(
                name=definition.name,
                group={"base": "Base cards", "kingdom": "Kingdom cards"}.get(
                    definition.kind, "Landscapes"
                ),
                cost="" if definition.cost is None else f"${definition.cost}",
                type_line=" - ".join(definition.types),
                stats="" if definition.pile == 10 else f"pile: {definition.pile}",
                text=definition.summary,
                notes=f"{definition.set}{edition}",
                link=definition.wiki,
            )
        )
    return sorted(found, key=lambda c: (order.index(_kind(c.group)), c.name))


def _kind(group: str) -> str:
    return {"Base cards": "base", "Kingdom cards": "kingdom"}.get(group, "landscape")
