"""Leveler's deck rules (LV 1.1 to LV 1.6, rulings LV R1 to LV R4 and LV R10).

:func:`check_deck` reports every problem with a decklist, each citing the rule it breaks; an
empty list means the deck is legal. The checks read the card index
(:mod:`rulekeeper.mtg.carddb`) and the Legacy banned list (:mod:`rulekeeper.mtg.banlist`).

>>> from rulekeeper.mtg.banlist import legacy_banned_list
>>> from rulekeeper.mtg.carddb import card_index
>>> from rulekeeper.decklist import parse_decklist
>>> from rulekeeper.mtg.formats.leveler.deck import check_deck
>>> deck = parse_decklist('''
... Sub-deck 1
... 2 Lightning Bolt
... 1 Black Lotus
... 47 Mountain
... Sub-deck 2
... 30 Mountain
... Sub-deck 3
... 1 Thassa's Oracle
... 1 Lightning Blot
... 17 Island
... ''', source="deck.txt")
>>> problems = check_deck(deck, card_index(), legacy_banned_list())
>>> [(problem.rule, problem.line) for problem in problems]
[('LV 1.1', 0), ('LV 1.2', 8), ('LV 1.3', 3), ('LV 1.5', 4), ('LV 1.6', 9), ('LV 1.4', 10)]
>>> print(problems[0])
the deck has 99 cards; a leveler deck has exactly 100 (LV 1.1)
>>> print(problems[2])
line 3: 'Lightning Bolt' appears 2 times; a deck may hold only one of each card other than
basic lands (LV 1.3)
>>> print(problems[-1])
line 10: 'Lightning Blot' is not a Magic card; did you mean 'Lightning Bolt'? (LV 1.4)
"""

from __future__ import annotations

from collections.abc import Iterable

from rulekeeper.decklist import DeckEntry, Decklist, Problem
from rulekeeper.mtg.banlist import BannedList
from rulekeeper.mtg.carddb import CardIndex, name_key
from rulekeeper.mtg.formats.leveler import DECK_SIZE, NAMED_BANS, SUB_DECK_SIZES
from rulekeeper.mtg.formats.leveler.limits import SINGLETON, describe, own_limit
from rulekeeper.mtg.hints import NameHints, quote

SUB_DECKS = len(SUB_DECK_SIZES)
"""How many sub-decks a Leveler decklist has (LV 1.2)."""

_NAMED_BAN_KEYS = frozenset(name_key(name) for name in NAMED_BANS)


def check_deck(decklist: Decklist, cards: CardIndex, banlist: BannedList) -> list[Problem]:
    """Return every problem with ``decklist`` as a Leveler deck; none means it is legal.

    The deck's size and its sub-decks' sizes come first, then the problems of each line in
    line order.
    """
    by_line = [
        *check_no_sideboard(decklist),
        *check_card_counts(decklist, cards),
        *check_real_cards(decklist, cards),
        *check_legacy_bans(decklist, cards, banlist),
        *check_named_bans(decklist, cards),
    ]
    return [
        *check_deck_size(decklist),
        *check_sub_deck_sizes(decklist),
        *sorted(by_line, key=lambda problem: (problem.line, problem.rule)),
    ]


def is_legal(decklist: Decklist, cards: CardIndex, banlist: BannedList) -> bool:
    """Whether ``decklist`` breaks none of Leveler's deck rules."""
    return not check_deck(decklist, cards, banlist)


def check_deck_size(decklist: Decklist) -> list[Problem]:
    """A full deck has exactly 100 cards (LV 1.1): no more and no fewer (LV R1).

    :enforces: LV 1.1, LV R1
    """
    if decklist.size == DECK_SIZE:
        return []
    message = f"the deck has {_cards(decklist.size)}; a leveler deck has exactly {DECK_SIZE}"
    return [Problem("LV 1.1", message)]


def check_no_sideboard(decklist: Decklist) -> list[Problem]:
    """A deck is exactly its three sub-decks: there is no sideboard (LV R1).

    :enforces: LV R1
    """
    if decklist.sideboard is None:
        return []
    message = (
        f"the deck has a sideboard ({_cards(decklist.sideboard.size)}); a leveler deck is "
        "exactly its three sub-decks and has no sideboard"
    )
    return [Problem("LV R1", message, decklist.sideboard.line)]


def check_sub_deck_sizes(decklist: Decklist) -> list[Problem]:
    """The three sub-decks have exactly 50, 30 and 20 cards (LV 1.2, LV R1).

    :enforces: LV 1.2, LV R1
    """
    if len(decklist.sub_decks) != SUB_DECKS:
        count = len(decklist.sub_decks)
        return [Problem("LV 1.2", f"the deck has {count} sub-decks; a leveler deck has 3")]
    return [
        Problem(
            "LV 1.2", f"{sub.label} has {_cards(sub.size)}; it must have exactly {wanted}", sub.line
        )
        for sub, wanted in zip(decklist.sub_decks, SUB_DECK_SIZES, strict=True)
        if sub.size != wanted
    ]


def check_card_counts(decklist: Decklist, cards: CardIndex) -> list[Problem]:
    """At most one of each card other than basic lands, across the whole deck (LV 1.3), unless
    the card's own text allows more (LV R10).

    A basic land is any card with the Basic supertype and the Land type, so the snow-covered
    basics and Wastes are basic lands too (LV R2). Different spellings of one card count as
    that card.

    :enforces: LV 1.3, LV R2, LV R10
    """
    groups: dict[str, list[DeckEntry]] = {}
    names: dict[str, str] = {}
    for entry in decklist.entries():
        card = cards.get(entry.name)
        if card is not None and card.is_basic_land:
            continue
        key = name_key(card.name if card is not None else entry.name)
        groups.setdefault(key, []).append(entry)
        names.setdefault(key, card.display_name if card is not None else entry.name)
    problems = []
    for key, entries in groups.items():
        count = sum(entry.quantity for entry in entries)
        limit = own_limit(names[key])
        if limit is None or count <= limit:
            continue
        lines = _lines(entries)
        if limit == SINGLETON:
            rule, why = "LV 1.3", "a deck may hold only one of each card other than basic lands"
        else:
            rule, why = "LV R10", f"its own text lets a deck hold {describe(limit)}"
        problems.append(
            Problem(
                rule, f"{quote(names[key])} appears {count} times{lines}; {why}", entries[0].line
            )
        )
    return problems


def check_real_cards(decklist: Decklist, cards: CardIndex) -> list[Problem]:
    """Every card is a real Magic card (LV 1.4): any card in the card index (LV R3).

    The first :data:`~rulekeeper.mtg.hints.SUGGESTED_NAMES` distinct unknown names get a "did
    you mean".

    :enforces: LV 1.4, LV R3
    """
    problems = []
    hints = NameHints(cards)
    for entry in decklist.entries():
        if entry.name in cards:
            continue
        hint = hints.hint(entry.name)
        problems.append(
            Problem("LV 1.4", f"{quote(entry.name)} is not a Magic card{hint}", entry.line)
        )
    return problems


def check_legacy_bans(decklist: Decklist, cards: CardIndex, banlist: BannedList) -> list[Problem]:
    """No card banned in Legacy (LV 1.5), as of the list's date, categories included (LV R4).

    :enforces: LV 1.5, LV R4
    """
    problems = []
    when = banlist.effective.isoformat()
    for entry in decklist.entries():
        card = cards.get(entry.name)
        if card is None:
            continue
        if banlist.is_banned_name(card.name) or any(map(banlist.is_banned_name, card.faces)):
            why = f"is banned in {banlist.name} (list of {when})"
        elif (category := banlist.category_of(card)) is not None:
            why = f"is banned in {banlist.name}, which bans {category.description} (list of {when})"
        else:
            continue
        problems.append(Problem("LV 1.5", f"{quote(card.display_name)} {why}", entry.line))
    return problems


def check_named_bans(decklist: Decklist, cards: CardIndex) -> list[Problem]:
    """None of the five cards Leveler bans by name (LV 1.6).

    :enforces: LV 1.6
    """
    problems = []
    for entry in decklist.entries():
        card = cards.get(entry.name)
        name = card.display_name if card is not None else entry.name
        if name_key(name) in _NAMED_BAN_KEYS:
            problems.append(Problem("LV 1.6", f"{quote(name)} is banned in Leveler", entry.line))
    return problems


def _lines(entries: Iterable[DeckEntry]) -> str:
    lines = [str(entry.line) for entry in entries]
    if len(lines) < 2:
        return ""
    return f" (lines {', '.join(lines[:-1])} and {lines[-1]})"


def _cards(count: int) -> str:
    return f"{count} card" if count == 1 else f"{count} cards"
