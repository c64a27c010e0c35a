"""The compact Magic model against Magic's current Comprehensive Rules (issue 34): a turn ended
with spells on the stack (MG R7), combat without attackers (MG 2.1), the attacker's division of
combat damage (MG 4.5, MG R4) and the choice of lands to pay with (MG R2).

Positions are written in the position notation; moves in the notation's words.
"""

from __future__ import annotations

import pytest

from rulekeeper.mtg.game import MagicGame
from rulekeeper.mtg.position import from_position
from rulekeeper.notation import push


def lines(game: MagicGame, text: str) -> list[str]:
    """Play ``text``; the events it logged, each as ``text (rule)``."""
    before = len(game.log)
    push(game, text)
    return [f"{event.text} ({event.rule})" for event in game.log[before:]]


@pytest.mark.rule("MG R7", "MG R6")
def test_a_turn_ended_by_its_player_leaving_exiles_the_stack() -> None:
    table = from_position(
        """Format: vortex
Priority: Ben
Stack: Lightning Bolt (Cat, targeting Ben)
Zone shoe: 10 Island

Ann: life 2
Ben: hand Shock; battlefield Mountain
Cat: battlefield Mountain (tapped)
"""
    )
    logged = lines(table, "Ben casts Shock targeting Ann")
    assert "Lightning Bolt is exiled as the turn ends (MG R7)" in logged
    assert not any("Lightning Bolt resolves" in line for line in logged)
    assert table.table.names("exile") == ["Lightning Bolt"]
    assert table.table.names("stack") == []
    assert (table.turn, table.active, table.table.players[1].life) == (3, 1, 20)
