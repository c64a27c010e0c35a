"""Decks for bot games, built from the card pool with the game's own chance."""

from __future__ import annotations

from rulekeeper.engine.chance import Chance
from rulekeeper.mtg.cards import card_pool

BASICS = {"W": "Plains", "U": "Island", "B": "Swamp", "R": "Mountain", "G": "Forest"}


def colours_of(name: str) -> set[str]:
    """The colours of a card, read from its mana cost."""
    return set(card_pool()[name].mana_cost.colored)


def two_colour_deck(
    chance: Chance, spells: int, lands: int, *, singleton: bool = True
) -> list[str]:
    """A deck of two random colours: up to ``spells`` spells of those colours or colourless,
    each at most once if ``singleton``, and basic lands split evenly to fill the rest.
    """
    pair = sorted(BASICS)
    chance.shuffle(pair, kind="deck colours")
    colours = set(pair[:2])
    playable = sorted(
        n for n, d in card_pool().items() if not d.has_type("Land") and colours_of(n) <= colours
    )
    chance.shuffle(playable, kind="deck spells")
    chosen = playable[:spells] if singleton else (playable * spells)[:spells]
    land_count = spells + lands - len(chosen)
    ordered = sorted(colours, key="WUBRG".index)
    basics = [BASICS[ordered[i % 2]] for i in range(land_count)]
    return chosen + basics
