"""Risk & Resource chapter 7: chosen risk levels, a card's own criticals, and risk modifiers."""

from __future__ import annotations

import json
from collections.abc import Sequence

import pytest

from rulekeeper.errors import InputError
from rulekeeper.riskres.actions import Activate, Cast, Pass
from rulekeeper.riskres.cards import card, parse_card
from rulekeeper.riskres.game import RiskGame
from rulekeeper.riskres.risk import easier_level, modifiers, verdict
from rulekeeper.riskres.scenario import Scenario, resolve

HOLD = ["Brace"]


def salvo(battlefield: Sequence[str], *rolls: int) -> RiskGame:
    """Alice casts Reckless Salvo (a high risk: 4 damage, 2 on a near miss) at Bob's Lumbering
    Golem (4/4), with ``battlefield`` on her side and the d20 scripted to ``rolls``."""
    game = (
        Scenario()
        .player(0, ep=2, hand=["Reckless Salvo", *HOLD], battlefield=battlefield)
        .player(1, hand=HOLD, battlefield=["Lumbering Golem"])
        .build()
    )
    game.chance.script("d20", *rolls)
    game.apply(Cast(game.find("Reckless Salvo"), game.find("Lumbering Golem")))
    resolve(game)
    return game


def golem_damage(game: RiskGame) -> int:
    golem = game.table.cards[game.find("Lumbering Golem")]
    return 4 if golem.zone.startswith("graveyard") else golem.damage


def wheel(ability: int, roll: int) -> RiskGame:
    """Alice activates Fatespinner Wheel's ability number ``ability``; the d20 shows ``roll``."""
    game = (
        Scenario()
        .player(0, ep=1, hand=HOLD, battlefield=["Fatespinner Wheel"])
        .player(1, hand=HOLD)
        .build()
    )
    game.chance.script("d20", roll)
    game.apply(Activate(game.find("Fatespinner Wheel"), ability))
    resolve(game)
    return game


@pytest.mark.rule("RR 7.1a", "RR R69")
def test_the_controller_declares_the_level_by_the_ability_they_activate() -> None:
    levels = [a.effects[0]["level"] for a in card("Fatespinner Wheel").abilities]
    assert levels == ["low", "medium", "high", "extreme"]
    assert all(a.ep == 1 and a.tap for a in card("Fatespinner Wheel").abilities)
    # 12 succeeds at Low (6+) and Medium (11+), and fails at High (16+) and Extreme (19+).
    assert [wheel(i, 12).table.players[0].ep for i in range(4)] == [1, 2, 0, 0]
    assert [wheel(i, 19).table.players[0].ep for i in range(4)] == [1, 2, 4, 7]
    declared = wheel(3, 19).log.citing("RR 7.1a")
    assert [e.text for e in declared] == ["Alice declared an extreme risk for Fatespinner Wheel"]


@pytest.mark.rule("RR R69", "RR 7.3b")
def test_an_easier_level_applies_to_the_declared_level() -> None:
    game = (
        Scenario()
        .player(0, ep=1, hand=HOLD, battlefield=["Fatespinner Wheel", "Steady Nerves"])
        .player(1, hand=HOLD)
        .build()
    )
    game.chance.script("d20", 16)
    game.apply(Activate(game.find("Fatespinner Wheel"), 3))  # extreme, eased to high (16+)
    resolve(game)
    assert game.table.players[0].ep == 7


def test_a_choice_of_levels_is_checked_when_loaded() -> None:
    good = {
        "name": "Test Wheel",
        "types": ["Artifact"],
        "subtype": "",
        "cost": 1,
        "pitch": 1,
        "text": "",
        "abilities": [
            {"effects": [{"kind": "risk", "choice": {"low": [], "high": []}, "partial": []}]}
        ],
    }
    assert len(parse_card(good).abilities) == 2
    one_level = json.loads(json.dumps(good))
    one_level["abilities"][0]["effects"][0]["choice"] = {"low": []}
    with pytest.raises(InputError, match="choice maps two or more"):
        parse_card(one_level)
    unknown = json.loads(json.dumps(good))
    unknown["abilities"][0]["effects"][0]["choice"] = {"low": [], "lethal": []}
    with pytest.raises(InputError, match="choice maps two or more"):
        parse_card(unknown)
    extra = json.loads(json.dumps(good))
    extra["abilities"][0]["effects"].append({"kind": "draw", "amount": 1})
    with pytest.raises(InputError, match="does nothing else"):
        parse_card(extra)
    with pytest.raises(InputError, match="risk level must be one of"):
        parse_card(good | {"abilities": [], "risk": {"level": "lethal", "success": []}})
    with pytest.raises(InputError, match="static risk modifiers"):
        parse_card(good | {"abilities": [], "static": {"risk": {"luck": 1}}})


@pytest.mark.rule("RR 7.2i", "RR R70", "RR 7.2a")
def test_a_natural_20_doubles_the_effect_and_adds_the_cards_own_critical_effect() -> None:
    def gambit(roll: int) -> RiskGame:
        game = (
            Scenario()
            .player(0, ep=2, hand=["Daring Gambit", *HOLD], library=["Raze"] * 5)
            .player(1, hand=HOLD, library=["Raze"] * 5)
            .build()
        )
        game.chance.script("d20", roll)
        game.apply(Cast(game.find("Daring Gambit")))
        resolve(game)
        return game

    critical = gambit(20)
    assert len(critical.table.zones["hand:0"]) == 1 + 2  # Brace, and the draw doubled
    assert critical.table.players[0].ep == 3  # the card's own critical effect, once
    success = gambit(19)
    assert len(success.table.zones["hand:0"]) == 1 + 1
    assert success.table.players[0].ep == 0
    fumble = gambit(1)  # the benefit for an opponent only
    assert len(fumble.table.zones["hand:0"]) == 1
    assert len(fumble.table.zones["hand:1"]) == 1 + 1


@pytest.mark.rule("RR 7.3a", "RR R46")
def test_plus_x_adds_to_the_roll_but_not_to_natural_results() -> None:
    assert golem_damage(salvo([], 15)) == 2  # a near miss without the die
    assert golem_damage(salvo(["Loaded Die"], 15)) == 4
    assert golem_damage(salvo(["Loaded Die", "Loaded Die"], 12)) == 2  # 14: a near miss
    assert golem_damage(salvo(["Loaded Die"] * 3, 1)) == 0  # a natural 1 is still a fumble
    assert verdict(19, 3, 19) == ("RR 7.2b", "a success")  # 22 is no natural 20
    game = salvo(["Loaded Die"], 15)
    assert game.log.citing("RR 7.2b")[0].text.endswith("rolls 15 + 1 = 16: a success")


@pytest.mark.rule("RR 7.3a", "RR 7.3b", "RR 7.3c")
def test_only_the_controllers_permanents_modify_their_risks() -> None:
    game = (
        Scenario()
        .player(0, hand=HOLD, battlefield=["Loaded Die"])
        .player(1, hand=HOLD, battlefield=["Steady Nerves", "Fortune's Spindle"])
        .build()
    )
    assert (modifiers(game, 0).bonus, modifiers(game, 0).easier, modifiers(game, 0).rerolls) == (
        1,
        0,
        0,
    )
    assert (modifiers(game, 1).bonus, modifiers(game, 1).easier, modifiers(game, 1).rerolls) == (
        0,
        1,
        1,
    )
    game.table.cards[game.find("Loaded Die")].face_down = True  # no abilities (RR 13.1a)
    assert modifiers(game, 0).bonus == 0


@pytest.mark.rule("RR 7.3b", "RR R47")
def test_each_reduction_moves_one_level_and_stops_at_low() -> None:
    assert golem_damage(salvo(["Steady Nerves"], 11)) == 4  # high, eased to medium (11+)
    assert golem_damage(salvo(["Steady Nerves", "Steady Nerves"], 6)) == 4  # to low (6+)
    assert golem_damage(salvo(["Steady Nerves", "Steady Nerves"], 5)) == 2  # a near miss
    assert [easier_level("extreme", n) for n in range(5)] == [
        "extreme",
        "high",
        "medium",
        "low",
        "low",
    ]
    text = salvo(["Steady Nerves"], 11).log.citing("RR 7.2b")[0].text
    assert "takes a high risk eased to medium (11+)" in text


@pytest.mark.rule("RR 7.3c", "RR R47")
def test_each_reroll_effect_rerolls_once_and_the_last_roll_counts() -> None:
    assert golem_damage(salvo(["Fortune's Spindle"], 3, 17)) == 4
    assert golem_damage(salvo(["Fortune's Spindle"], 3, 14)) == 2  # the new roll must be used
    assert golem_damage(salvo(["Fortune's Spindle"], 14, 9)) == 0  # a near miss is rerolled
    assert golem_damage(salvo(["Fortune's Spindle"], 3, 4, 20)) == 0  # one reroll only
    assert golem_damage(salvo(["Fortune's Spindle"] * 2, 3, 4, 17)) == 4  # two effects, two
    game = salvo(["Fortune's Spindle"], 16)  # a success is not rerolled
    assert golem_damage(game) == 4
    assert not game.log.citing("RR 7.3c")
    rerolled = salvo(["Fortune's Spindle"], 1, 12).log.citing("RR 7.3c")
    assert [e.text for e in rerolled] == ["Alice rerolls the risk die: 1 becomes 12"]


@pytest.mark.rule("RR 7.2e", "RR R47")
def test_a_critical_failure_benefits_the_next_opponent_after_the_roller() -> None:
    def wager(active: int) -> list[int]:
        scenario = Scenario(names=["Alice", "Bob", "Carol", "Dan"])
        for seat in range(4):
            hand = ["Fortune's Wager", *HOLD] if seat == active else HOLD
            scenario = scenario.player(seat, ep=1 if seat == active else 0, hand=hand)
        game = scenario.at("main1", active=active).build()
        game.chance.script("d20", 1)
        game.apply(Cast(game.find("Fortune's Wager")))
        for _ in range(4):
            game.apply(Pass())
        return [p.ep for p in game.table.players]

    assert wager(0) == [0, 2, 0, 0]
    assert wager(2) == [0, 0, 0, 2]
    assert wager(3) == [2, 0, 0, 0]
