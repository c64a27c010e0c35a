"""Junk: a card type with no other characteristic (SD 4).

>>> from rulekeeper.mtg.formats.stockpile.junk import JUNK_CARD
>>> JUNK_CARD
CardDef(name='Junk', cost='', types=('Junk',), power=None, toughness=None, keywords=())
>>> JUNK_CARD.mana_cost.mana_value, JUNK_CARD.effects
(0, ())
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from rulekeeper.mtg.cards import CardDef
from rulekeeper.mtg.formats.stockpile import JUNK, JUNKPILE
from rulekeeper.mtg.state import UNOWNED
from rulekeeper.mtg.timing import Violation
from rulekeeper.rules import enforces

if TYPE_CHECKING:
    from rulekeeper.mtg.game import MagicGame

JUNK_CARD: Final = CardDef(name=JUNK, types=("Junk",))
"""The one definition every Junk card shares: its card type and nothing else (SD 4.1). The
name the engine keeps, "Junk", is only a label for logs and views (SD R4)."""


def is_junk(game: MagicGame, card_id: int) -> bool:
    """True if the card is a Junk card: its only characteristic is the card type Junk."""
    return game.table.cards[card_id].definition.has_type("Junk")


def why_not_cast_junk(game: MagicGame, card_id: int) -> Violation | None:
    """A Junk card has no mana cost, so it cannot be cast."""
    if is_junk(game, card_id):
        return ("SD 4.2", "a Junk card has no mana cost and cannot be cast")
    return None


def junk_destination(game: MagicGame, card_id: int, to: str) -> str:
    """Where a card bound for the stack or the battlefield (``to``) goes: a Junk card goes to
    its owner's graveyard instead, any other card where it was going."""
    if not is_junk(game, card_id):
        return to
    owner = game.table.cards[card_id].owner
    if owner == UNOWNED:
        return JUNKPILE  # nobody's Junk has no graveyard to go to; it stays with the pile
    rule = "SD 4.3" if to == "stack" else "SD 4.4"
    where = "onto the stack" if to == "stack" else "onto the battlefield"
    game.record(rule, f"a Junk card would go {where}; it goes to its owner's graveyard instead")
    return f"graveyard:{owner}"


# Linked here rather than by decorating: compiled with mypyc, a decorated function is called the
# slow way (see "A compiled engine" in the contributor guide).
enforces("SD 4.1", "SD R4")(is_junk)
enforces("SD 4.2")(why_not_cast_junk)
enforces("SD 4.3", "SD 4.4")(junk_destination)
