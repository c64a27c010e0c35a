"""Risk & Resource chapters 9 and 11: winning, losing and the state-based actions."""

from __future__ import annotations

import pytest

from rulekeeper.engine.game import explain
from rulekeeper.riskres.actions import Activate, Cast, Concede, KeepLegend, Pass, Pitch
from rulekeeper.riskres.keywords import defense, power
from rulekeeper.riskres.scenario import Scenario, refused

HOLD = ["Sparkshot"]


@pytest.mark.rule("RR 9.1a", "RR 3.1.5a", "RR 3.1.5b", "RR 11.1e", "RR R48")
def test_a_win_condition_wins_for_its_controller() -> None:
    game = (
        Scenario()
        .player(0, ep=3, intel=10, hand=["Silent Network", *HOLD])
        .player(1, intel=12, hand=HOLD)
        .build()
    )
    game.apply(Cast(game.find("Silent Network")))
    game.apply(Pass())
    game.apply(Pass())
    assert game.outcome is not None
    assert game.outcome.winners == (0,)
    assert game.outcome.reason_rule == "RR 9.1a"


@pytest.mark.rule("RR 3.1.5c")
def test_a_win_condition_is_destroyed_like_any_other_permanent() -> None:
    game = (
        Scenario()
        .player(0, ep=4, hand=["Raze", *HOLD])
        .player(1, hand=HOLD, battlefield=["Treasury of Ages"])
        .build()
    )
    treasury = game.find("Treasury of Ages")
    game.apply(Cast(game.find("Raze"), treasury))
    game.apply(Pass())
    game.apply(Pass())
    assert game.table.cards[treasury].zone == "graveyard:1"
    assert game.table.names("battlefield:1") == []


@pytest.mark.rule("RR 3.1.5c", "RR 9.4b", "RR R15")
def test_win_conditions_are_checked_at_the_end_of_each_phase() -> None:
    game = (
        Scenario()
        .player(0, ep=24, hand=["Mire Lurker", *HOLD], battlefield=["Treasury of Ages"])
        .player(1, hand=HOLD)
        .build()
    )
    game.apply(Cast(game.find("Mire Lurker")))  # 23 EP: the requirement (25) is not met
    game.apply(Pass())
    game.apply(Pass())
    game.apply(Pass())  # Bob has priority
    game.table.players[0].ep = 25  # as if EP had come between two checks
    assert game.outcome is None
    game.apply(Pass())  # main phase 1 ends: the requirement is checked
    assert game.outcome is not None
    assert game.outcome.winners == (0,)
    assert game.log.citing("RR 9.4b")


@pytest.mark.rule("RR 9.4c", "RR R15")
def test_a_win_condition_is_also_checked_when_it_says() -> None:
    # Brimming Coffers is also checked whenever its controller gains EP: pitching to 20 EP
    # wins at once, although nobody receives priority after a pitch.
    game = (
        Scenario()
        .player(0, ep=19, hand=["Mire Lurker", *HOLD], battlefield=["Brimming Coffers"])
        .player(1, ep=30, hand=HOLD)
        .build()
    )
    game.apply(Pitch(game.find("Mire Lurker")))
    assert game.outcome is not None
    assert game.outcome.winners == (0,)
    assert game.log.citing("RR 9.4c")


@pytest.mark.rule("RR 9.4c")
def test_the_named_time_ends_the_game_in_the_middle_of_a_resolution() -> None:
    # Gaining EP from an ability wins before the rest of the resolution or any priority.
    game = (
        Scenario()
        .player(0, ep=19, hand=HOLD, battlefield=["Brimming Coffers", "Sunken Vault"])
        .player(1, hand=HOLD)
        .build()
    )
    game.apply(Activate(game.find("Sunken Vault"), 0))
    game.apply(Pass())
    game.apply(Pass())
    assert game.outcome is not None
    assert game.outcome.winners == (0,)
    assert game.log.citing("RR 9.4c")
    assert not game.log.citing("RR 11.1e")


@pytest.mark.rule("RR 9.4c")
def test_the_named_time_is_only_for_the_card_that_names_it() -> None:
    # Treasury of Ages names no time: a pitch to 25 EP waits for the next usual check, the
    # one before Alice receives priority again after her pitch (RR R80).
    game = (
        Scenario()
        .player(0, ep=24, hand=["Mire Lurker", *HOLD], battlefield=["Treasury of Ages"])
        .player(1, hand=HOLD)
        .build()
    )
    game.apply(Pitch(game.find("Mire Lurker")))
    assert game.outcome is not None
    assert game.log.citing("RR 11.1e")
    assert not game.log.citing("RR 9.4c")


@pytest.mark.rule("RR 9.1c")
def test_an_effect_that_says_you_win() -> None:
    game = (
        Scenario()
        .player(0, ep=6, hand=["Ultimatum of Gears", *HOLD], battlefield=["Cog Servo"] * 4)
        .player(1, hand=HOLD)
        .build()
    )
    game.apply(Cast(game.find("Ultimatum of Gears")))
    game.apply(Pass())
    game.apply(Pass())
    assert game.outcome is not None
    assert (game.outcome.winners, game.outcome.reason_rule) == ((0,), "RR 9.1c")


@pytest.mark.rule("RR 9.2c", "RR 9.3b")
def test_all_players_losing_at_once_is_a_draw() -> None:
    game = (
        Scenario()
        .player(0, ep=5, hand=["Doomsday Clause", *HOLD], library=["Raze"] * 2)
        .player(1, hand=HOLD, library=["Raze"] * 5)
        .build()
    )
    game.apply(Cast(game.find("Doomsday Clause")))
    game.apply(Pass())
    game.apply(Pass())
    assert game.outcome is not None
    assert game.outcome.result == "draw"
    assert game.outcome.reason_rule == "RR 9.3b"


@pytest.mark.rule("RR 9.3a", "RR 9.3c", "RR R13", "RR R49")
def test_simultaneous_winners_and_losers() -> None:
    game = (
        Scenario()
        .player(0, hand=HOLD, battlefield=["Silent Network"], intel=10)
        .player(1, hand=HOLD, battlefield=["Silent Network"], intel=10)
        .at("main1", active=1)
        .build()
    )
    game.apply(Pass())  # Bob passes, Alice gets priority: SBAs find two winners
    assert game.outcome is not None
    assert (game.outcome.winners, game.outcome.reason_rule) == ((1,), "RR 9.3a")
    game = (
        Scenario()
        .player(0, hand=HOLD, battlefield=["Silent Network"], intel=10, exile=["Raze"] * 10)
        .player(1, hand=HOLD)
        .build()
    )
    game.apply(Pass())
    assert game.outcome is not None
    assert game.outcome.winners == (1,)  # Alice lost, so she cannot win


@pytest.mark.rule("RR 9.2b", "RR 2.5c", "RR 11.1c", "RR 9.1b", "RR R35")
def test_ten_cards_in_exile_lose() -> None:
    game = (
        Scenario()
        .player(0, hand=HOLD, exile=["Raze"] * 9)
        .player(1, hand=HOLD, exile=["Raze"] * 9)
        .build()
    )
    game.table.move(game.find("Sparkshot", "hand:1"), "exile:1")
    game.apply(Pass())
    assert game.outcome is not None
    assert (game.outcome.winners, game.outcome.reason_rule) == ((0,), "RR 9.1b")


@pytest.mark.rule("RR 9.2d", "RR R20", "RR R54")
def test_either_player_may_concede_at_any_time() -> None:
    game = Scenario().player(0, hand=HOLD).player(1, hand=HOLD).build()
    assert Concede(1) not in game.legal_actions()  # offered to no agent, yet always legal
    assert explain(game, Concede(1)) == "Concede(player=1) is legal"
    game.apply(Concede(1))
    assert game.outcome is not None
    assert game.outcome.winners == (0,)
    assert refused(game, Pass()).reason == "the game is over"


@pytest.mark.rule("RR 11.1a", "RR 11.1b", "RR 3.1.1a", "RR 3.1.1d", "RR R22")
def test_lethal_damage_and_zero_defense_destroy() -> None:
    game = (
        Scenario()
        .player(0, ep=9, hand=["Sparkshot", "Ill Omen", *HOLD])
        .player(1, hand=HOLD, battlefield=["Mire Lurker", "Ember Scout"])
        .build()
    )
    game.apply(Cast(game.find("Sparkshot", "hand:0"), game.find("Mire Lurker")))
    game.apply(Pass())
    game.apply(Pass())
    game.apply(Cast(game.find("Ill Omen"), game.find("Ember Scout")))
    game.apply(Pass())
    game.apply(Pass())
    assert game.table.names("graveyard:1") == ["Mire Lurker", "Ember Scout"]
    assert [e.rule for e in game.log if "is destroyed" in e.text] == [
        "RR 11.1a",
        "RR 11.1b",
        "RR 11.1f",
    ]
    assert game.table.names("graveyard:0") == ["Sparkshot", "Ill Omen"]  # the Aura follows


@pytest.mark.rule("RR 11.1f", "RR 3.1.3b")
def test_an_aura_without_its_creature_is_destroyed() -> None:
    game = (
        Scenario()
        .player(0, ep=13, hand=["Stoneskin Ward", "Sparkshot", "Raze", *HOLD])
        .player(1, hand=HOLD, battlefield=["Ember Scout"])
        .build()
    )
    scout = game.find("Ember Scout")
    game.apply(Cast(game.find("Stoneskin Ward"), scout))
    game.apply(Pass())
    game.apply(Pass())
    assert game.table.cards[game.find("Stoneskin Ward")].attached_to == scout
    game.apply(Cast(game.find("Sparkshot", "hand:0"), scout))
    game.apply(Pass())
    game.apply(Pass())
    assert game.table.cards[scout].zone == "battlefield:1"  # defense 1 + 2 = 3 > 2
    game.apply(Cast(game.find("Raze"), scout))
    game.apply(Pass())
    game.apply(Pass())
    assert game.table.cards[scout].zone == "graveyard:1"
    assert "Stoneskin Ward" in game.table.names("graveyard:0")
    assert game.log.citing("RR 11.1f")


@pytest.mark.rule("RR 11.1g", "RR R32")
def test_counters_cancel_in_pairs() -> None:
    game = (
        Scenario()
        .player(0, ep=9, hand=["Growth Surge", "Sap Strength", *HOLD])
        .player(1, hand=HOLD, battlefield=["Lumbering Golem"])
        .build()
    )
    golem = game.table.cards[game.find("Lumbering Golem")]
    for name in ("Growth Surge", "Sap Strength"):
        game.apply(Cast(game.find(name), golem.id))
        game.apply(Pass())
        game.apply(Pass())
    assert (golem.plus, golem.minus) == (0, 0)
    assert game.log.citing("RR 11.1g")
    # RR R32: the counters are +1/+1 and -1/-1 on power and defense, so none are left to count.
    assert (power(game.table, golem), defense(game.table, golem)) == (4, 4)


@pytest.mark.rule("RR 11.1i", "RR 11.3b", "RR 11.3c", "RR R14", "RR 11.3d", "RR 5.1c")
def test_the_legend_rule_asks_the_controller() -> None:
    game = (
        Scenario()
        .player(0, ep=9, hand=["Warlord Kesh", *HOLD], battlefield=["Warlord Kesh"])
        .player(1, hand=HOLD)
        .build()
    )
    old = game.find("Warlord Kesh", "battlefield:0")
    game.apply(Cast(game.find("Warlord Kesh", "hand:0")))
    game.apply(Pass())
    game.apply(Pass())
    assert game.decision == "legend"
    assert game.priority == 0
    assert refused(game, Pass()).rule == "RR 5.1c"
    game.apply(KeepLegend(old))
    assert game.table.names("battlefield:0") == ["Warlord Kesh"]
    assert game.table.names("graveyard:0") == ["Warlord Kesh"]


@pytest.mark.rule("RR 11.2a", "RR 11.2b", "RR 11.2c", "RR 11.2d", "RR 11.2e", "RR 11.3a")
def test_state_based_actions_repeat_until_none_applies() -> None:
    # Killing the creature makes its Aura illegal: a second pass of the check removes it.
    game = (
        Scenario()
        .player(0, ep=9, hand=["Cinder Wave", *HOLD])
        .player(1, hand=HOLD, battlefield=["Mire Lurker", "Wings of Ash"])
        .build()
    )
    lurker = game.find("Mire Lurker")
    game.table.cards[game.find("Wings of Ash")].attached_to = lurker
    game.apply(Cast(game.find("Cinder Wave"), lurker))
    game.apply(Pass())
    game.apply(Pass())
    assert game.table.names("graveyard:1") == ["Mire Lurker", "Wings of Ash"]
    assert game.stack == []


@pytest.mark.rule("RR 9.4a", "RR 11.1d", "RR 9.2a")
def test_losses_are_checked_before_priority() -> None:
    game = Scenario().player(0, hand=HOLD).player(1, hand=HOLD).build()
    game.table.players[1].drew_from_empty = True
    game.apply(Pass())
    assert game.outcome is not None
    assert game.outcome.winners == (0,)


def test_a_spell_whose_target_is_gone_does_nothing() -> None:
    game = (
        Scenario()
        .player(0, ep=9, hand=["Cinder Wave", *HOLD])
        .player(1, ep=2, hand=["Recall Order", *HOLD], battlefield=["Mire Lurker"])
        .build()
    )
    lurker = game.find("Mire Lurker")
    game.apply(Cast(game.find("Cinder Wave"), lurker))
    game.apply(Pass())
    game.apply(Cast(game.find("Recall Order"), lurker))
    game.apply(Pass())
    game.apply(Pass())
    game.apply(Pass())
    game.apply(Pass())
    assert game.table.cards[lurker].zone == "hand:1"
    assert "Cinder Wave" in game.table.names("graveyard:0")
    assert game.log.citing("RR 5.2a")[-1].text == "Cinder Wave has lost its target and does nothing"


@pytest.mark.rule("RR R29", "RR 11.1i")
def test_passes_before_a_legend_choice_do_not_count_after_it() -> None:
    game = (
        Scenario()
        .player(0, hand=["Sparkshot"], battlefield=["Cipher Engine", "Cipher Engine"])
        .player(1, hand=["Brace"], battlefield=["Warlord Kesh", "Warlord Kesh"])
        .build()
    )
    game.apply(Pass())  # Alice passes; the legend rule is asked before Bob gets priority
    game.apply(KeepLegend(game.find("Cipher Engine")))
    game.apply(KeepLegend(game.find("Warlord Kesh")))
    assert (game.step, game.priority, game.passes) == ("main1", 0, 0)
    game.apply(Pass())
    assert (game.step, game.priority) == ("main1", 1)  # Bob has not passed yet
