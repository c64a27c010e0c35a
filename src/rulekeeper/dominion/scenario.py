"""Positions for worked examples and tests, set up in a few lines.

Alice is player 0 and goes first; Bob is player 1 (then Carol, Dan, Eve, Fay). Unless told
otherwise the kingdom is the second edition's first game. :func:`scenario` gives each player
the hand and deck asked for (decks are listed from the top card down): the starting cards
there are kept where the names match, other cards come from their Supply piles, and starting
cards left over go back to their pile while it has room, or else leave the game. Then
it is Alice's first turn, in her Action phase, and the engine plays on by itself until
somebody has a choice to make (DM R3).

>>> from rulekeeper.dominion.scenario import scenario
>>> game = scenario(hands={0: ["Smithy", "Copper", "Copper", "Copper", "Estate"]})
>>> game.hand(0), game.phase, game.actions
(['Smithy', 'Copper', 'Copper', 'Copper', 'Estate'], 'action', 1)
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from rulekeeper.dominion import KINGDOMS
from rulekeeper.dominion.cards import CARDS
from rulekeeper.dominion.game import PLAYER_ZONES, DominionGame
from rulekeeper.engine.chance import Chance
from rulekeeper.engine.events import EventLog

NAMES = ("Alice", "Bob", "Carol", "Dan", "Eve", "Fay")
"""The players' names, in seat order."""


def scenario(
    kingdom: Sequence[str] = KINGDOMS["first-game"][0],
    *,
    players: int = 2,
    hands: Mapping[int, Sequence[str]] | None = None,
    decks: Mapping[int, Sequence[str]] | None = None,
    discards: Mapping[int, Sequence[str]] | None = None,
    landscapes: Sequence[str] = (),
    empty: Sequence[str] = (),
    seed: int = 1,
) -> DominionGame:
    """A game at the start of Alice's first turn, arranged as asked.

    ``empty`` names piles to empty first: their cards go to the players' discard piles in
    turn, as if they had been bought.
    """
    names = list(NAMES[:players])
    game = _new(kingdom, names, landscapes, seed)
    # Undo what the engine did on its own before the first choice (Alice's Treasures played).
    game.table.zones["hand:0"].extend(game.table.zones["play:0"])
    game.table.zones["play:0"].clear()
    game.log = EventLog()
    for index, pile in enumerate(empty):
        ids = game.pile(pile)
        for number, card_id in enumerate(list(ids)):
            game.table.zones[f"discard:{(index + number) % players}"].append(card_id)
        ids.clear()
    for player, hand in (hands or {}).items():
        _arrange(game, player, "hand", hand)
    for player, deck in (decks or {}).items():
        _arrange(game, player, "deck", list(reversed(deck)))
    for player, discard in (discards or {}).items():
        _arrange(game, player, "discard", discard)
    _renumber(game)
    game.phase, game.actions, game.buys, game.coins = "action", 1, 1, 0
    game.take_forced_actions()
    return game


def _new(
    kingdom: Sequence[str], names: list[str], landscapes: Sequence[str], seed: int
) -> DominionGame:
    chance = Chance(seed)
    chance.script("first player", 0)  # the scenario always starts with Alice
    return DominionGame.new(kingdom, names=names, seed=seed, landscapes=landscapes, chance=chance)


def _arrange(game: DominionGame, player: int, zone: str, cards: Sequence[str]) -> None:
    """Give ``player``'s ``zone`` exactly ``cards``, reusing the cards there where the names
    match and taking the others from their piles; cards left over go back to their pile while
    it has room, or else to the trash, so that no pile ever holds more than it started with."""
    here = game.table.zones[f"{zone}:{player}"]
    pool = list(here)
    here.clear()
    for name in cards:
        reused = next((i for i in pool if game.table.cards[i] == name), None)
        if reused is not None:
            pool.remove(reused)
            here.append(reused)
        elif name in game.piles and game.pile(name):
            here.append(game.pile(name).pop())
        else:
            game.table.create(name, -1, f"{zone}:{player}")
    for card_id in pool:
        name = game.table.cards[card_id]
        if name in game.piles and len(game.pile(name)) < game.pile_size(CARDS[name]):
            game.pile(name).append(card_id)
        # Any other is left out of the game; _renumber drops it once everything is arranged.


def _renumber(game: DominionGame) -> None:
    """Number the cards that are in a zone 0, 1, 2, ... again, dropping any in none."""
    placed = sorted(i for ids in game.table.zones.values() for i in ids)
    new = {old: index for index, old in enumerate(placed)}
    game.table.cards = [game.table.cards[old] for old in placed]
    for ids in game.table.zones.values():
        ids[:] = [new[i] for i in ids]


def events(game: DominionGame, since: int = 0) -> None:
    """Print the log from event ``since`` on, one event a line."""
    for event in game.log.since(since):
        print(event)


def zones(game: DominionGame, player: int) -> dict[str, list[str]]:
    """``player``'s zones with the names of their cards (decks from the top card down)."""
    shown = {}
    for kind in PLAYER_ZONES:
        ids = game.table.zones[f"{kind}:{player}"]
        names = [game.table.cards[i] for i in ids]
        shown[kind] = list(reversed(names)) if kind == "deck" else names
    return shown
