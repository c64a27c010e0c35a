"""What spells do when they resolve (MG 3.5-3.7, MG 6)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from rulekeeper.engine.seats import PLAYING
from rulekeeper.mtg.actions import Player
from rulekeeper.mtg.cards import Effect
from rulekeeper.mtg.state import CardState
from rulekeeper.mtg.timing import is_creature_on_battlefield

if TYPE_CHECKING:
    from rulekeeper.mtg.game import MagicGame


def resolve_top(game: MagicGame) -> None:
    """Resolve the top object of the stack.

    A permanent spell enters the battlefield untapped under its caster's control. An instant or
    sorcery does what it says and goes to its owner's graveyard, unless its target has become
    illegal, in which case it does nothing at all.

    :enforces: MG 3.5, MG 3.7
    """
    spell = game.table.cards[game.table.zones["stack"][-1]]
    definition = spell.definition
    if definition.is_permanent:
        controller = spell.controller
        game.table.move(spell.id, "battlefield")
        spell.controller, spell.arrived_turn = controller, game.turn
        game.record(
            "MG 3.7",
            f"{spell.name} enters the battlefield under {game.name_of(controller)}'s control",
        )
        return
    if definition.target is not None and not is_legal_target(game, spell):
        game.record("MG 3.5", f"{spell.name} does nothing: its target is no longer legal")
    else:
        game.record("MG 3.6", f"{spell.name} resolves")
        for effect in definition.effects:
            apply_effect(game, spell, effect)
    if game.table.where[spell.id] == "stack":
        game.table.move(spell.id, f"graveyard:{spell.owner}")


def is_legal_target(game: MagicGame, spell: CardState) -> bool:
    """True if the spell's target is still there to be targeted (MG 3.5)."""
    target = spell.target
    if isinstance(target, Player):
        return game.table.players[target.index].status == PLAYING
    return target is not None and is_creature_on_battlefield(game, target)


def apply_effect(game: MagicGame, spell: CardState, effect: Effect) -> None:
    """Carry out one instruction of a resolving spell.

    :enforces: MG 6.1, MG 6.2, MG 6.3, MG 6.4, MG 6.5
    """
    recipient = _recipient(game, spell, effect.who)
    if recipient is None:
        return
    if isinstance(recipient, CardState):
        if effect.kind == "damage":
            game.damage_creature(spell, recipient, effect.amount, "MG 6.1")
        elif effect.kind == "destroy":
            game.table.move(recipient.id, f"graveyard:{recipient.owner}")
            game.record("MG 6.5", f"{spell.name} destroys {recipient.name}")
        return
    player = recipient.index
    if effect.kind == "damage":
        game.damage_player(spell, player, effect.amount, "MG 6.1")
    elif effect.kind == "gain":
        game.gain_life(player, effect.amount, "MG 6.3")
    elif effect.kind == "lose":
        game.table.players[player].life -= effect.amount
        game.record("MG 6.3", f"{game.name_of(player)} loses {effect.amount} life")
    elif effect.kind == "draw":
        # Announce first, so a failed draw from an empty library is logged after it.
        cards = "a card" if effect.amount == 1 else f"{effect.amount} cards"
        game.record("MG 6.2", f"{game.name_of(player)} draws {cards}")
        for _ in range(effect.amount):
            game.variant.draw_one(game, player)
    elif effect.kind == "mill":
        mill(game, player, effect.amount)
    elif effect.kind == "mill_half":
        # Counting a library is an effect on it too: in Vortex this counts the shoe.
        mill(game, player, len(game.table.zones[game.variant.library_zone(player)]) // 2)


def _recipient(game: MagicGame, spell: CardState, who: str) -> Player | CardState | None:
    if who == "you":
        return Player(spell.controller)
    target = spell.target
    if isinstance(target, Player):
        return target
    if target is None or not is_creature_on_battlefield(game, target):
        return None
    creature = game.table.cards[target]
    return Player(creature.controller) if who == "target_controller" else creature


def mill(game: MagicGame, player: int, count: int) -> None:
    """Put the top ``count`` cards of ``player``'s library into their graveyard.

    :enforces: MG 6.4
    """
    library = game.table.zones[game.variant.library_zone(player)]
    milled = [library[-1 - i] for i in range(min(count, len(library)))]
    for card_id in milled:
        # A card nobody owns (from a Vortex shoe) goes to the milled player, who now owns it.
        game.table.claim(card_id, player)
        game.table.move(card_id, f"graveyard:{game.table.cards[card_id].owner}")
    game.record("MG 6.4", f"{game.name_of(player)} mills {len(milled)}")
