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

from rulekeeper.engine.position import PositionError
from rulekeeper.errors import SerializationError
from rulekeeper.mtg.game import MagicGame
from rulekeeper.mtg.mana import ManaCost
from rulekeeper.mtg.position import from_position
from rulekeeper.notation import notation, push, round_trip_problems


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


def gang_block(attacker: str, blockers: list[str]) -> MagicGame:
    """Alice's ``attacker`` blocked by Bob's ``blockers`` in that order, at the division."""
    game = from_position(
        f"""Format: leveler
Step: beginning_of_combat

Alice: battlefield {attacker}
Bob: battlefield {", ".join(blockers)}; library 3 Island
"""
    )
    lines(game, "Alice passes")
    lines(game, f"Alice attacks with {attacker}")
    for blocker in blockers:
        lines(game, f"Bob blocks {attacker} with {blocker}")
    return game


@pytest.mark.rule("MG R4", "MG 4.5")
def test_every_division_round_trips_through_the_notation() -> None:
    game = gang_block("Colossal Dreadmaw", ["Grizzly Bears", "Hill Giant"])
    assert game.decision == "damage"
    assert round_trip_problems(game) == []
    moves = notation(game).moves()
    assert len(moves) == len({move.text for move in moves}) > 1
    default = "2 to Grizzly Bears, 3 to Hill Giant, 1 to Bob"
    assert moves[0].text == f"Alice assigns Colossal Dreadmaw's 6 damage: {default}"
    for move in moves:
        assert notation(game).parse(move.text) == move.action


@pytest.mark.rule("MG R4")
def test_a_division_survives_a_save_made_while_it_is_being_chosen() -> None:
    game = from_position(
        """Format: leveler
Step: beginning_of_combat

Alice: battlefield Craw Wurm, Colossal Dreadmaw
Bob: battlefield Grizzly Bears, Hill Giant, Balduvian Bears; library 3 Island
"""
    )
    lines(game, "Alice passes")
    lines(game, "Alice attacks with Craw Wurm")
    lines(game, "Alice attacks with Colossal Dreadmaw")
    lines(game, "Bob blocks Craw Wurm with Grizzly Bears")
    lines(game, "Bob blocks Craw Wurm with Hill Giant")
    lines(game, "Bob blocks Colossal Dreadmaw with Balduvian Bears")
    lines(game, "Alice assigns Craw Wurm's 6 damage: 6 to Hill Giant")
    assert game.decision == "damage"  # the Dreadmaw's turn (trample)
    restored = MagicGame.loads(game.dumps())
    logged = lines(restored, "Alice assigns Colossal Dreadmaw's 6 damage: 6 to Balduvian Bears")
    assert "Craw Wurm deals 6 damage to Hill Giant (MG 4.4)" in logged
    assert not any("to Grizzly Bears" in line for line in logged if "Craw Wurm deals" in line)
    assert all(card.assigned == -1 for card in restored.table.cards)


@pytest.mark.rule("MG R4")
def test_a_save_with_damage_assigned_outside_a_division_is_refused() -> None:
    game = gang_block("Craw Wurm", ["Grizzly Bears", "Hill Giant"])
    lines(game, "Alice assigns Craw Wurm's 6 damage: 6 to Hill Giant")
    data = game.to_json()
    data["cards"][0]["assigned"] = 2
    with pytest.raises(SerializationError, match=r"cards\[0\]\.assigned.*MG R4"):
        MagicGame.from_json(data)


@pytest.mark.rule("MG R4")
def test_a_position_asks_for_a_division_only_where_the_game_would() -> None:
    combat = (
        "Combat: Craw Wurm attacks Bob; Grizzly Bears blocks Craw Wurm; Hill Giant blocks Craw Wurm"
    )
    text = """Format: leveler
Step: {step}
Active: Alice
Decision: damage
{combat}

Alice: battlefield Craw Wurm
Bob: battlefield Grizzly Bears, Hill Giant
"""
    game = from_position(text.format(step="combat_damage", combat=combat))
    assert game.decision == "damage"
    assert len(game.legal_actions()) == 6
    for step, fight in (("main1", ""), ("combat_damage", "")):
        with pytest.raises(PositionError, match=r"position:4: .*\(MG R4\)"):
            from_position(text.format(step=step, combat=fight))


@pytest.mark.rule("MG R4", "MG 4.4")
def test_double_strike_divides_in_each_damage_step_among_the_blockers_left() -> None:
    game = gang_block("Fencing Ace", ["Suntail Hawk", "Wind Drake"])
    assert (game.step, game.decision) == ("first_strike_damage", "damage")
    assert len(game.legal_actions()) == 2
    logged = lines(game, "Alice assigns Fencing Ace's 1 damage: 1 to Suntail Hawk")
    # The Hawk is gone by the regular damage step: one blocker left, nothing to choose.
    assert "Fencing Ace deals 1 damage to Wind Drake (MG 4.4)" in logged
    assert sum("assigns" in line for line in logged) == 1
