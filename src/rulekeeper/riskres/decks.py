"""Preconstructed decks and the deck rules (RR R8: exactly 40 cards, at most three copies of a
name, at most one of a legendary name).

>>> from rulekeeper.riskres.decks import PRECONSTRUCTED, check_deck
>>> sorted(PRECONSTRUCTED)
['Clockwork Conspiracy', 'Vanguard Assault']
>>> check_deck(PRECONSTRUCTED["Vanguard Assault"])
[]
>>> check_deck(["Ember Scout"] * 40)[:1]
['40 copies of Ember Scout; a deck has at most 3 of a name (RR R8)']
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Final

from rulekeeper.riskres import DECK_SIZE, MAX_COPIES, MAX_LEGENDARY_COPIES
from rulekeeper.riskres.cards import card_pool


def _expand(counts: Mapping[str, int]) -> list[str]:
    return [name for name, count in counts.items() for _ in range(count)]


PRECONSTRUCTED: Final[Mapping[str, list[str]]] = {
    # Creatures and combat: every combat keyword, Auras, pump and removal.
    "Vanguard Assault": _expand(
        {
            "Ember Scout": 3,
            "Quickstep Courier": 2,
            "Skyhook Drifter": 2,
            "Nightfang Adder": 2,
            "Gloom Brute": 2,
            "Bannerhold Knight": 2,
            "Gale Harrier": 2,
            "Rampart Breaker": 2,
            "Twinblade Duelist": 2,
            "Veil Walker": 2,
            "Warlord Kesh": 1,
            "Plated Tortoise": 1,
            "Shade of the Pact": 1,
            "Hexed Ghoul": 1,
            "Battle Fervor": 2,
            "Wings of Ash": 1,
            "Ill Omen": 1,
            "Sparkshot": 1,
            "Ambush Volley": 1,
            "Brace": 2,
            "Cinder Wave": 1,
            "Sap Strength": 1,
            "Reckless Salvo": 1,
            "Proving Grounds": 1,
            "Army Ascendant": 1,
            "War Drummer": 1,
            "Raider of the Deep": 1,
        }
    ),
    # Artifacts, Intel and win conditions: Assembly Line, Intel abilities, landmarks.
    "Clockwork Conspiracy": _expand(
        {
            "Cog Servo": 3,
            "Salvage Crate": 2,
            "Cogwork Hound": 3,
            "Clockwork Lens": 2,
            "Gearwork Loom": 1,
            "Siege Ballista": 1,
            "Assembly Foreman": 1,
            "Signal Jammer": 1,
            "Field Dossier": 2,
            "Cipher Engine": 1,
            "Scrapheap Colossus": 1,
            "Archivist of Whispers": 2,
            "Spymaster Vell": 1,
            "Ironbark Sentry": 1,
            "Shieldbearer Acolyte": 1,
            "Watchtower Warden": 1,
            "Hidden Sentry": 1,
            "Cliffside Archer": 1,
            "Tunnel Sapper": 1,
            "Brood Mother": 1,
            "Stoneskin Ward": 1,
            "Snare Wire": 1,
            "Shatter Pulse": 1,
            "Recall Order": 1,
            "Deep Reconnaissance": 1,
            "Mind Flood": 1,
            "Windfall Cache": 1,
            "Clockmakers' Guild": 1,
            "Grand Design": 1,
            "Silent Network": 1,
            "Ultimatum of Gears": 1,
            "Night Archivist": 1,
        }
    ),
}
"""Two ready-to-play decks of forty cards."""


def check_deck(deck: Sequence[str], *, lines: Mapping[str, int] | None = None) -> list[str]:
    """Every way ``deck``, a list of card names, breaks the deck rules, one line each, citing
    the rule (see :func:`check_counts`).

    ``lines`` maps a card name to the line of a decklist file it is on, so that a problem with
    that card names the line.

    :enforces: RR R8
    """
    return check_counts(Counter(deck), lines=lines)


def check_counts(counts: Mapping[str, int], *, lines: Mapping[str, int] | None = None) -> list[str]:
    """Every way a deck holding ``counts[name]`` copies of each name breaks the deck rules.

    A deck is checked by its counts, so a decklist asking for a thousand copies of a card
    costs no more than one asking for one.

    >>> from rulekeeper.riskres.decks import check_counts
    >>> check_counts({"Ember Scout": 1000, "Warlord Kesh": 2})
    ['1000 copies of Ember Scout; a deck has at most 3 of a name (RR R8)', \
'2 copies of Warlord Kesh; a deck has at most 1 of a legendary name (RR R8)', \
'the deck has 1002 cards; a deck has exactly 40 (RR R8)']

    :enforces: RR R8
    """
    pool = card_pool()

    def at(name: str) -> str:
        line = (lines or {}).get(name)
        return f"line {line}: " if line else ""

    problems = [
        f"{at(name)}unknown card {name!r} (RR R8)" for name in sorted(counts) if name not in pool
    ]
    for name, count in sorted(counts.items()):
        if name not in pool:
            continue
        limit = MAX_LEGENDARY_COPIES if pool[name].legendary else MAX_COPIES
        if count > limit:
            kind = "legendary name" if pool[name].legendary else "name"
            rule = f"a deck has at most {limit} of a {kind} (RR R8)"
            problems.append(f"{at(name)}{count} copies of {name}; {rule}")
    size = sum(counts.values())
    if size != DECK_SIZE:
        problems.append(f"the deck has {size} cards; a deck has exactly {DECK_SIZE} (RR R8)")
    return problems
