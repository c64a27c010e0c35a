"""Risk & Resource chapter 7: risk rolls, scripted through the game's own chance."""

from __future__ import annotations

import pytest

from rulekeeper.riskres.actions import Cast, Pass
from rulekeeper.riskres.game import RiskGame
from rulekeeper.riskres.scenario import Scenario

HOLD = ["Brace"]


def salvo(roll: int) -> RiskGame:
    """Alice casts Reckless Salvo (a high risk, 16+) at Bob's Plated Tortoise."""
    game = (
        Scenario()
        .player(0, ep=2, hand=["Reckless Salvo", *HOLD])
        .player(1, hand=HOLD, battlefield=["Plated Tortoise"])
        .build()
    )
    game.chance.script("d20", roll)
    game.apply(Cast(game.find("Reckless Salvo"), game.find("Plated Tortoise")))
    game.apply(Pass())
    game.apply(Pass())
    return game


def tortoise_damage(game: RiskGame) -> int:
    tortoise = game.table.cards[game.find("Plated Tortoise")]
    return tortoise.damage + tortoise.prevented


@pytest.mark.rule("RR 7.1b", "RR 7.1c", "RR 7.2b", "RR 7.2d")
def test_success_and_failure_against_the_threshold() -> None:
    assert tortoise_damage(salvo(16)) == 4
    assert tortoise_damage(salvo(13)) == 0
    assert salvo(13).log.citing("RR 7.2d")


@pytest.mark.rule("RR 7.2c", "RR R46")
def test_a_near_miss_gives_the_partial_effect() -> None:
    assert tortoise_damage(salvo(15)) == 2
    assert tortoise_damage(salvo(14)) == 2


@pytest.mark.rule("RR 7.2a", "RR 7.2f", "RR 7.2h")
def test_a_natural_20_doubles_the_effect() -> None:
    game = salvo(20)
    assert "Plated Tortoise" in game.table.names("graveyard:1")  # 8 damage, 2 prevented
    assert game.log.citing("RR 7.2a")[0].text.endswith("rolls 20: a critical success")


@pytest.mark.rule("RR 7.2e", "RR 7.2g")
def test_a_natural_1_benefits_the_opponent() -> None:
    game = salvo(1)
    assert tortoise_damage(game) == 0
    assert game.table.players[1].ep == 2
    assert game.log.citing("RR 7.2e")
