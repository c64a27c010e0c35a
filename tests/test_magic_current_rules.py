"""The compact Magic model against Magic's current Comprehensive Rules (issue 34): a turn ended
with spells on the stack (MG R7), combat without attackers (MG 2.1), the attacker's division of
combat damage (MG 4.5, MG R4) and the choice of lands to pay with (MG R2).

Positions are written in the position notation; moves in the notation's words.
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Iterable

import pytest

from rulekeeper.mtg.game import MagicGame
from rulekeeper.mtg.mana import ManaCost
from rulekeeper.mtg.position import from_position
from rulekeeper.notation import notation, push


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


@pytest.mark.rule("MG R2")
def test_payment_keeps_the_land_a_spell_in_hand_needs() -> None:
    game = from_position(
        """Format: leveler

Alice: hand Inspiration, Shock; battlefield Island, Island, Island, Island, Mountain
Bob: library 9 Swamp
"""
    )
    lines(game, "Alice casts Inspiration targeting Bob")
    assert [c.tapped for c in game.table.permanents(0)] == [True, True, True, True, False]
    assert "Alice casts Shock targeting Bob" in [m.text for m in notation(game).moves()]


@pytest.mark.rule("MG R2")
def test_payment_strands_no_wanted_colour_when_some_payment_would_not() -> None:
    # Every small set of lands, cost and wants, against every way to pay (CR 601.2g-h).
    rng = random.Random(34)
    for _ in range(2000):
        sources = [rng.choice("WUBRG") for _ in range(rng.randint(1, 6))]
        colored = "".join(rng.choice("WUBRG") for _ in range(rng.randint(0, 2)))
        cost = ManaCost(rng.randint(0, 3), "".join(sorted(colored, key="WUBRG".index)))
        wanted = {c: rng.randint(1, 2) for c in rng.sample("WUBRG", rng.randint(0, 3))}
        chosen = cost.payment(sources, wanted)

        def keeps(
            used: Iterable[int], sources: list[str] = sources, wanted: dict[str, int] = wanted
        ) -> bool:
            left = [s for i, s in enumerate(sources) if i not in set(used)]
            return all(left.count(c) >= n for c, n in wanted.items())

        payments = [
            used
            for size in [cost.mana_value]
            for used in itertools.permutations(range(len(sources)), size)
            if ManaCost(0, cost.colored).payment([sources[i] for i in used[: len(cost.colored)]])
            is not None
        ]
        assert (chosen is None) == (not payments), (sources, cost, wanted)
        if chosen is not None and any(keeps(used) for used in payments):
            assert keeps(chosen), (sources, cost, wanted, chosen)
