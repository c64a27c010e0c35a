"""Risk & Resource chapter 8: setting, springing and challenging traps."""

from __future__ import annotations

import pytest

from rulekeeper.riskres.actions import Attack, Cast, Challenge, EndAttacks, Pass, Player, SetTrap
from rulekeeper.riskres.scenario import Scenario, refused

LIBRARY = ["Raze"] * 10


@pytest.mark.rule("RR 8.1a", "RR 8.1b", "RR 8.1c", "RR 2.7b", "RR R42", "RR 2.7c", "RR 8.5c")
def test_setting_traps() -> None:
    game = (
        Scenario()
        .player(0, ep=2, hand=["Snare Wire", "Gloom Brute", "Mire Lurker", "Sparkshot"])
        .player(1, hand=["Brace"])
        .build()
    )
    game.apply(SetTrap(game.find("Snare Wire")))
    game.apply(SetTrap(game.find("Gloom Brute")))
    assert game.table.players[0].ep == 0
    assert game.table.names("traps:0") == ["Snare Wire", "Gloom Brute"]
    game.table.players[0].ep = 5
    assert refused(game, SetTrap(game.find("Mire Lurker"))).rule == "RR 8.1c"
    assert game.log[-1].text == "Alice sets a trap for 1 EP"  # the card stays secret
    view = game.view(1)
    assert "Snare Wire" not in str(view)
    assert view["face_down_traps"] == {0: game.table.zones["traps:0"]}
    assert refused(game, Cast(game.find("Gloom Brute"))).rule == "RR 5.1c"  # not a spell


@pytest.mark.rule("RR R1", "RR 3.2.2c", "RR 3.2.1c", "RR 8.1d")
def test_any_card_but_a_sorcery_at_instant_speed() -> None:
    game = (
        Scenario()
        .player(0, ep=3, hand=["Cinder Wave", "Sparkshot"])
        .player(1, ep=3, hand=["Brace", "Raze"])
        .build()
    )
    assert refused(game, SetTrap(game.find("Cinder Wave"))).rule == "RR R1"
    game.apply(Pass())
    game.apply(SetTrap(game.find("Brace")))  # an instant, in Alice's turn
    assert refused(game, SetTrap(game.find("Raze"))).rule == "RR R1"


@pytest.mark.rule("RR 8.4a", "RR 8.4b", "RR 8.4c", "RR 8.2b", "RR R43", "RR R45")
def test_challenging_a_bluff() -> None:
    game = (
        Scenario()
        .player(0, ep=2, hand=["Sparkshot"], library=["Veil Walker"])
        .player(1, hand=["Brace"])
        .build()
    )
    bluff = game.table.create("Gloom Brute", 1, "traps:1")
    assert refused(game, Challenge(game.find("Sparkshot"))).rule == "RR R45"
    game.apply(Challenge(bluff))
    assert game.table.players[0].ep == 0
    assert game.table.names("graveyard:1") == ["Gloom Brute"]
    assert "Veil Walker" in game.table.names("hand:0")
    assert game.log.citing("RR 8.4b")[0].text.endswith("it is Gloom Brute")


@pytest.mark.rule("RR 8.4d", "RR 8.2a", "RR 8.3c", "RR R44", "RR R45")
def test_challenging_a_true_trap_springs_it_at_the_challenger() -> None:
    game = (
        Scenario()
        .player(0, ep=2, hand=["Sparkshot"], library=LIBRARY)
        .player(1, hand=["Brace"])
        .build()
    )
    trap = game.table.create("Snare Wire", 1, "traps:1")
    game.apply(Challenge(trap))
    assert game.stack[0]["target"] == Player(0)
    game.apply(Pass())
    game.apply(Pass())
    assert len(game.table.zones["exile:0"]) == 3
    assert game.table.names("graveyard:1") == ["Snare Wire"]


@pytest.mark.rule("RR 8.3a", "RR 8.3b", "RR 8.2c", "RR R44")
def test_an_attack_springs_true_and_delayed_traps() -> None:
    game = (
        Scenario()
        .player(0, hand=["Sparkshot"], battlefield=["Gloom Brute", "Ember Scout"])
        .player(1, hand=["Brace"], library=LIBRARY)
        .at("declare_attackers")
        .build()
    )
    game.table.create("Ambush Volley", 1, "traps:1")
    game.table.create("Hidden Sentry", 1, "traps:1")
    game.apply(Attack(game.find("Gloom Brute"), Player(1)))
    game.apply(EndAttacks())
    assert game.table.zones["traps:1"] == []
    assert game.table.names("battlefield:1") == ["Hidden Sentry"]  # a delayed trap enters
    assert [game.table.cards[i["card"]].name for i in game.stack] == ["Ambush Volley"]
    game.apply(Pass())
    game.apply(Pass())
    assert game.table.cards[game.find("Gloom Brute")].damage == 2
    assert game.table.cards[game.find("Ember Scout")].damage == 0  # it does not attack
