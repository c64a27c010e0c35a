"""Risk & Resource: a player who acts receives priority again, after the state-based actions
(RR R80), so nothing waits for the next pass."""

from __future__ import annotations

import pytest

from rulekeeper.riskres.actions import Cast, Challenge, Pitch
from rulekeeper.riskres.scenario import Scenario

HOLD = ["Sparkshot"]


def _challenger_with_an_empty_library(players: int) -> Scenario:
    scenario = (
        Scenario(names=["Alice", "Bob", "Carol"][:players])
        .player(0, ep=3, hand=HOLD)
        .player(1, ep=1, hand=["Brace"], battlefield=["Mire Lurker"], traps=["Gloom Brute"])
    )
    if players == 3:
        scenario = scenario.player(2, hand=["Brace"], library=["Raze"] * 5)
    return scenario


@pytest.mark.rule("RR R80", "RR R50", "RR 9.2a", "RR 11.1d")
def test_a_called_bluff_that_draws_from_an_empty_library_loses_at_once() -> None:
    game = _challenger_with_an_empty_library(2).build()
    game.apply(Challenge(1, 0))
    # Before RR R80 Alice kept priority and could cast her Sparkshot, losing only at her pass.
    assert game.outcome is not None
    assert game.outcome.winners == (1,)
    assert game.log.citing("RR 11.1d")


@pytest.mark.rule("RR R80", "RR R50", "RR R64")
def test_with_three_players_the_loser_acts_no_more() -> None:
    game = _challenger_with_an_empty_library(3).build()
    game.apply(Challenge(1, 0))
    assert game.outcome is None
    assert game.table.players[0].left
    # She lost and left before receiving priority again: Bob, the next player, has it.
    assert game.current_player() == 1


@pytest.mark.rule("RR R80", "RR R15", "RR 11.1e")
def test_a_win_condition_met_by_a_pitch_wins_before_its_player_can_spend() -> None:
    game = (
        Scenario()
        .player(0, ep=24, hand=["Mire Lurker", "Gloom Brute"], battlefield=["Treasury of Ages"])
        .player(1, hand=HOLD)
        .build()
    )
    game.apply(Pitch(game.find("Mire Lurker")))
    # Before RR R80 Alice held priority at 27 EP and could cast Gloom Brute, going below 25
    # before anyone passed, and never win.
    assert game.outcome is not None
    assert game.outcome.winners == (0,)
    assert not game.legal_actions()
    assert Cast(game.find("Gloom Brute")) not in game.legal_actions()
