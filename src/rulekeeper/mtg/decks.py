"""Decks for bot games, built from the card pool with the game's own chance."""

from __future__ import annotations

from functools import cache

from rulekeeper.engine.chance import Chance
from rulekeeper.mtg.cards import card_pool

BASICS = {"W": "Plains", "U": "Island", "B": "Swamp", "R": "Mountain", "G": "Forest"}


def colours_of(name: str) -> set[str]:
    """The colours of a card, read from its mana cost."""
    return set(card_pool()[name].mana_cost.colored)


@cache
def _spells() -> tuple[tuple[str, frozenset[str]], ...]:
    # Every bot game builds its decks from the same spells: their names, in order, and their
    # colours are read from the pool once rather than for every deck (the pool never changes).
    pool = card_pool()
    return tuple(
        (name, frozenset(colours_of(name)))
        for name in sorted(pool)
        if not pool[name].has_type("Land")
    )


def spell_names() -> list[str]:
    """The names of the pool's spells (its cards that are not lands), in name order.

    >>> names = spell_names()
    >>> names == sorted(names) and "Lightning Bolt" in names and "Forest" not in names
    True
    """
    return [name for name, _ in _spells()]


def two_colour_deck(
    chance: Chance, spells: int, lands: int, *, singleton: bool = True
) -> list[str]:
    """A deck of two random colours: up to ``spells`` spells of those colours or colourless,
    each at most once if ``singleton``, and basic lands split evenly to fill the rest.
    """
    pair = sorted(BASICS)
    chance.shuffle(pair, kind="deck colours")
    colours = set(pair[:2])
    playable = [name for name, spell_colours in _spells() if spell_colours <= colours]
    chance.shuffle(playable, kind="deck spells")
    chosen = playable[:spells] if singleton else (playable * spells)[:spells]
    land_count = spells + lands - len(chosen)
    ordered = sorted(colours, key="WUBRG".index)
    basics = [BASICS[ordered[i % 2]] for i in range(land_count)]
    return chosen + basics
