"""The facts every Magic position keeps, for the conformance suite and the save loader."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from rulekeeper.mtg.game import MagicGame


def magic_invariants(game: MagicGame) -> list[str]:
    """Facts of every Magic game: life and damage bookkeeping, then the format's own."""
    problems = [
        f"{p.name} has taken negative damage" for p in game.table.players if p.damage_taken < 0
    ]
    problems += [
        f"{c.name} is tapped off the battlefield"
        for c in game.table.cards
        if c.tapped and game.table.where[c.id] != "battlefield"
    ]
    problems += game.table.kept_index_problems()
    return problems + game.variant.invariants(game)
