"""Junk: a card type with no other characteristic (SD 4).

>>> from rulekeeper.mtg.formats.stockpile.junk import JUNK_CARD
>>> JUNK_CARD
CardDef(name='Junk', cost='', types=('Junk',), power=None, toughness=None, keywords=())
>>> JUNK_CARD.mana_cost.mana_value, JUNK_CARD.effects
(0, ())
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from rulekeeper.engine.game import Violation
from rulekeeper.mtg.cards import CardDef
from rulekeeper.mtg.formats.stockpile import JUNK, JUNKPILE
from rulekeeper.mtg.state import UNOWNED

if TYPE_CHECKING:
    from rulekeeper.mtg.game import MagicGame

JUNK_CARD: Final = CardDef(name=JUNK, types=("Junk",))
"""The one definition every Junk card shares: its card type and nothing else (SD 4.1). The
name the engine keeps, "Junk", is only a label for logs and views (SD R4)."""


def is_junk(game: MagicGame, card_id: int) -> bool:
    """True if the card is a Junk card: its only characteristic is the card type Junk.

    :enforces: SD 4.1, SD R4, SD R10
    """
    return game.table.cards[card_id].definition.has_type("Junk")


def shares_name(game: MagicGame, first: int, second: int) -> bool:
    """Whether two cards have the same name for an effect that compares names (SD R8): a Junk
    card has no name, so it shares a name with no card, another Junk card included; the label
    "Junk" the engine shows (SD R4) is not a name.

    :enforces: SD R8
    """
    if is_junk(game, first) or is_junk(game, second):
        return False
    return game.table.cards[first].name == game.table.cards[second].name


JUNK_ZONES: Final = ("library", "hand", "graveyard")
"""The zones of a player's own in which a Junk card is part of their deck (SD R11)."""


def junk_out_of_place(game: MagicGame) -> list[str]:
    """Junk cards where SD R11 says none can be: owned Junk anywhere but its owner's library,
    hand or graveyard, exile, or out of the game with its owner; unowned Junk anywhere but the
    junkpile.

    :enforces: SD R11, SD R2
    """
    problems = []
    where, cards = game.table.where, game.table.cards
    for card in cards:
        if not card.definition.has_type("Junk"):
            continue
        zone = where[card.id]
        if card.owner == UNOWNED:
            if zone != JUNKPILE:
                problems.append(f"Junk card {card.id} belongs to nobody in {zone}")
        elif zone not in ("exile", "left") and zone not in {
            f"{kind}:{card.owner}" for kind in JUNK_ZONES
        }:
            problems.append(f"Junk card {card.id} of player {card.owner} is in {zone}")
    return problems


def why_not_cast_junk(game: MagicGame, card_id: int) -> Violation | None:
    """A Junk card has no mana cost, so it cannot be cast.

    :enforces: SD 4.2
    """
    if is_junk(game, card_id):
        return ("SD 4.2", "a Junk card has no mana cost and cannot be cast")
    return None


def junk_destination(game: MagicGame, card_id: int, to: str) -> str:
    """Where a card bound for the stack or the battlefield (``to``) goes: a Junk card goes to
    its owner's graveyard instead, any other card where it was going.

    :enforces: SD 4.3, SD 4.4
    """
    if not is_junk(game, card_id):
        return to
    owner = game.table.cards[card_id].owner
    if owner == UNOWNED:
        return JUNKPILE  # nobody's Junk has no graveyard to go to; it stays with the pile
    rule = "SD 4.3" if to == "stack" else "SD 4.4"
    where = "onto the stack" if to == "stack" else "onto the battlefield"
    game.record(rule, f"a Junk card would go {where}; it goes to its owner's graveyard instead")
    return f"graveyard:{owner}"
