"""Facts that hold after every action of every Dominion game (the conformance suite checks
them, with card conservation across every zone, which it checks for every format)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from rulekeeper.dominion.cards import CARDS

if TYPE_CHECKING:
    from rulekeeper.dominion.game import DominionGame


def dominion_invariants(game: DominionGame) -> list[str]:
    """Every violation of the model's invariants, then the variant's own."""
    problems = []
    for name in game.piles:
        pile = game.pile(name)
        if len(pile) > game.pile_size(CARDS[name]):
            problems.append(f"the {name} pile holds more cards than it started with")
        if any(game.table.cards[i] != name for i in pile):
            problems.append(f"the {name} pile holds another card")
    if min(game.actions, game.buys, game.coins) < 0:
        problems.append(
            f"negative counter: {game.actions} actions, {game.buys} buys, ${game.coins}"
        )
    if any(
        not zone.startswith(("pile:", "deck:", "hand:", "discard:", "play:", "aside:", "trash"))
        for zone in game.table.zones
    ):
        problems.append("a zone of unknown kind")
    if not game.steps and game.phase != "pregame":
        stray = [p for p in range(len(game.table.players)) if game.table.zones[f"aside:{p}"]]
        if stray:
            problems.append(f"cards left set aside after every effect ended: players {stray}")
    problems += game.table.kept_index_problems()
    return problems + game.variant.invariants(game)
