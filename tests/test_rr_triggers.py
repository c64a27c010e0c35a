"""Risk & Resource triggered abilities: when they trigger and how they reach the stack."""

from __future__ import annotations

import pytest

from rulekeeper.riskres.actions import Attack, Block, EndAttacks, Pass, Player, StackTrigger
from rulekeeper.riskres.scenario import Scenario, refused

HOLD = ["Sparkshot"]
LIBRARY = ["Raze"] * 10


@pytest.mark.rule("RR 4.5.1a", "RR R51")
def test_beginning_of_combat_triggers() -> None:
    game = (
        Scenario()
        .player(0, hand=HOLD, battlefield=["War Drummer"])
        .player(1, hand=HOLD, battlefield=["War Drummer"])
        .build()
    )
    game.apply(Pass())
    game.apply(Pass())
    assert game.step == "beginning_of_combat"
    assert len(game.stack) == 1  # only the active player's Drummer triggers
    game.apply(Pass())
    game.apply(Pass())
    assert [p.ep for p in game.table.players] == [1, 0]


@pytest.mark.rule("RR 4.5.2d", "RR 4.5.3d")
def test_attack_and_block_triggers() -> None:
    game = (
        Scenario()
        .player(0, hand=HOLD, battlefield=["Raider of the Deep"])
        .player(1, hand=HOLD, library=LIBRARY, battlefield=["Shieldbearer Acolyte"])
        .at("declare_attackers")
        .build()
    )
    raider = game.find("Raider of the Deep")
    game.apply(Attack(raider, Player(1)))
    assert game.decision == "priority"  # attackers are done; the trigger is on the stack
    assert game.stack[0]["target"] == Player(1)
    game.apply(Pass())
    game.apply(Pass())
    assert len(game.table.zones["exile:1"]) == 1
    game.apply(Pass())
    game.apply(Pass())
    game.apply(Block(game.find("Shieldbearer Acolyte"), raider))
    assert len(game.stack) == 1
    game.apply(Pass())
    game.apply(Pass())
    assert game.table.players[1].intel == 1


@pytest.mark.rule("RR 4.7.1a")
def test_end_step_triggers() -> None:
    game = (
        Scenario()
        .player(0, hand=HOLD, library=["Veil Walker"], battlefield=["Night Archivist"])
        .player(1, hand=HOLD)
        .at("main2")
        .build()
    )
    game.apply(Pass())
    game.apply(Pass())
    assert game.step == "end"
    game.apply(Pass())
    game.apply(Pass())
    assert "Veil Walker" in game.table.names("hand:0")


@pytest.mark.rule("RR R51")
def test_a_player_orders_their_own_simultaneous_triggers() -> None:
    game = (
        Scenario()
        .player(0, hand=HOLD, battlefield=["War Drummer", "War Drummer", "Raider of the Deep"])
        .player(1, hand=HOLD, library=LIBRARY)
        .build()
    )
    game.apply(Pass())
    game.apply(Pass())
    assert (game.decision, game.priority) == ("triggers", 0)
    second = game.table.zones["battlefield:0"][1]
    assert refused(game, StackTrigger(game.find("Raider of the Deep"), 0)).rule == "RR R51"
    game.apply(StackTrigger(second, 0))
    assert [item["source"] for item in game.stack] == [second, game.table.zones["battlefield:0"][0]]
    assert game.decision == "priority"
    assert game.priority == 0
    while game.stack:
        game.apply(Pass())
    assert game.table.players[0].ep == 2
    assert EndAttacks() not in game.legal_actions()
