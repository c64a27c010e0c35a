"""Risk & Resource chapters 2, 4 and 5: zones, the turn, priority and the stack."""

from __future__ import annotations

import pytest

from rulekeeper.bench import engine_build
from rulekeeper.riskres.actions import Activate, Cast, Discard, EndAttacks, Pass, Pitch, Player
from rulekeeper.riskres.decks import PRECONSTRUCTED
from rulekeeper.riskres.game import RiskGame
from rulekeeper.riskres.scenario import Scenario, refused

HOLD = ["Sparkshot"]
DECKS = list(PRECONSTRUCTED.values())


def pass_until(game: RiskGame, step: str) -> None:
    """Pass priority until the game reaches ``step``."""
    for _ in range(100):
        if game.step == step:
            return
        game.apply(EndAttacks() if game.decision == "attackers" else Pass())
    raise AssertionError(f"never reached {step}")


@pytest.mark.rule("RR R7", "RR 2.1b", "RR R6", "RR 12.1a")
def test_a_new_game_picks_the_first_player_by_chance() -> None:
    firsts = set()
    for seed in range(6):
        game = RiskGame.new(DECKS, seed=seed)
        firsts.add(game.first_player)
        assert [len(game.table.zones[f"hand:{p}"]) for p in (0, 1)] == [7, 7]
        assert [p.ep for p in game.table.players] == [0, 0]
        assert game.decision == "mulligan"
    assert firsts == {0, 1}


@pytest.mark.rule("RR R7", "RR 4.3a", "RR 4.2a")
def test_the_first_player_skips_their_first_draw() -> None:
    game = RiskGame.new(DECKS, seed=3)
    first = game.first_player
    while game.decision == "mulligan":
        game.apply(game.legal_actions()[0])  # keep
    assert game.step == "resource"
    assert len(game.table.zones[f"hand:{first}"]) == 7
    assert game.table.players[first].ep == 1
    assert game.log.citing("RR R7")[-1].text.endswith("skips the first draw phase")


@pytest.mark.rule(
    "RR 4.1a",
    "RR 4.1c",
    "RR 4.1d",
    "RR R5",
    "RR 4.2a",
    "RR 4.2d",
    "RR 4.3d",
    "RR 3.1.1c",
    "RR 4.2b",
    "RR R23",
)
def test_untap_draw_and_resource() -> None:
    game = (
        Scenario()
        .player(0, hand=HOLD, battlefield=["Mire Lurker"], tapped=["Mire Lurker"])
        .player(1, hand=HOLD, library=["Veil Walker"] * 4, battlefield=["Ember Scout"])
        .at("end")
        .build()
    )
    bob_scout = game.table.cards[game.find("Ember Scout")]
    bob_scout.tapped, bob_scout.damage = True, 0
    game.table.cards[game.find("Mire Lurker")].damage = 1
    pass_until(game, "draw")
    assert game.active == 1
    assert bob_scout.tapped is False  # Bob's permanents untap
    assert game.table.cards[game.find("Mire Lurker")].tapped is True  # Alice's do not
    assert game.table.cards[game.find("Mire Lurker")].damage == 0
    assert len(game.table.zones["hand:1"]) == 3
    assert game.priority == 1
    game.apply(Pass())
    game.apply(Pass())
    assert game.step == "resource"
    assert game.table.players[1].ep == 1


@pytest.mark.rule("RR 4.2c", "RR 9.2a", "RR 11.1d", "RR R17", "RR 2.1c", "RR R50")
def test_drawing_two_from_one_card_draws_it_then_loses() -> None:
    game = (
        Scenario()
        .player(0, hand=HOLD, library=["Mire Lurker"] * 3)
        .player(1, hand=HOLD, library=["Veil Walker"])
        .at("end")
        .build()
    )
    assert game.outcome is None  # an empty library alone loses nothing
    for _ in range(10):
        if game.outcome:
            break
        game.apply(Pass())
    assert game.outcome is not None
    assert game.outcome.winners == (0,)
    assert "Veil Walker" in game.table.names("hand:1")
    assert game.log.citing("RR 11.1d")


@pytest.mark.rule("RR 4.7.2a", "RR 2.2a", "RR 2.2b", "RR R18", "RR 11.1h", "RR 4.7.2d", "RR R21")
def test_hand_size_is_checked_only_in_cleanup() -> None:
    hand = ["Mire Lurker"] * 12
    game = Scenario().player(0, hand=hand).player(1, hand=HOLD, library=["Veil Walker"] * 3)
    game = game.at("end").build()
    assert len(game.table.zones["hand:0"]) == 12  # more than ten during the turn is fine
    assert refused(game, Discard(game.find("Mire Lurker"))).rule == "RR 5.1c"
    game.apply(Pass())
    game.apply(Pass())
    assert game.step == "cleanup"
    assert game.decision == "discard"
    game.apply(Discard(game.find("Mire Lurker", "hand:0")))
    game.apply(Discard(game.find("Mire Lurker", "hand:0")))
    assert len(game.table.zones["hand:0"]) == 10
    assert game.active == 1


@pytest.mark.rule("RR 4.7.2d", "RR R52")
def test_a_trigger_in_cleanup_gives_priority_and_another_cleanup_step() -> None:
    game = (
        Scenario()
        .player(0, hand=["Mire Lurker"] * 11, battlefield=["Midden Scavenger"])
        .player(
            1, ep=1, hand=["Brace", *HOLD], battlefield=["Plated Tortoise"], library=["Raze"] * 3
        )
        .at("end")
        .build()
    )
    game.apply(Pass())
    game.apply(Pass())
    assert (game.step, game.decision) == ("cleanup", "discard")
    game.apply(Discard(game.find("Mire Lurker", "hand:0")))
    # RR 4.7.2d: the discard triggered, so players receive priority in the cleanup step.
    assert (game.step, game.decision, game.priority, len(game.stack)) == (
        "cleanup",
        "priority",
        0,
        1,
    )
    game.apply(Pass())
    tortoise = game.table.cards[game.find("Plated Tortoise")]
    game.apply(Cast(game.find("Brace"), tortoise.id))  # Bob answers in the cleanup step
    game.apply(Pass())
    game.apply(Pass())
    assert tortoise.pump_defense == 3
    game.apply(Pass())
    game.apply(Pass())  # the trigger resolves
    assert game.table.players[0].intel == 1
    assert (game.step, game.active) == ("cleanup", 0)
    game.apply(Pass())
    game.apply(Pass())  # the stack is empty and all have passed: another cleanup step
    assert game.log.citing("RR R52")
    assert game.active == 1
    assert tortoise.pump_defense == 0


@pytest.mark.rule("RR R52", "RR 4.7.2a")
def test_the_next_cleanup_step_discards_again() -> None:
    game = (
        Scenario()
        .player(
            0,
            hand=["Mire Lurker"] * 11,
            library=["Veil Walker"],
            battlefield=["Midden Scavenger", "Spymaster Vell"],
        )
        .player(1, hand=HOLD, library=["Raze"] * 3)
        .at("end")
        .build()
    )
    game.apply(Pass())
    game.apply(Pass())
    game.apply(Discard(game.find("Mire Lurker", "hand:0")))
    game.apply(Pass())
    game.apply(Pass())  # the trigger resolves: 1 Intel
    game.apply(Activate(game.find("Spymaster Vell"), 0))
    game.apply(Pass())
    game.apply(Pass())  # Alice draws: eleven cards again
    game.apply(Pass())
    game.apply(Pass())
    assert (game.step, game.decision, game.active) == ("cleanup", "discard", 0)
    game.apply(Discard(game.find("Veil Walker", "hand:0")))
    game.apply(Pass())
    game.apply(Pass())  # the second trigger resolves
    game.apply(Pass())
    game.apply(Pass())
    assert game.active == 1
    assert len(game.table.zones["hand:0"]) == 10
    assert game.table.players[0].intel == 1
    assert len(game.log.citing("RR R52")) == 2


@pytest.mark.rule("RR 4.7.2d")
def test_without_a_trigger_nobody_gets_priority_in_cleanup() -> None:
    game = (
        Scenario()
        .player(0, hand=["Mire Lurker"] * 11)
        .player(1, hand=HOLD, library=["Raze"] * 3)
        .at("end")
        .build()
    )
    game.apply(Pass())
    game.apply(Pass())
    game.apply(Discard(game.find("Mire Lurker", "hand:0")))
    assert game.active == 1
    assert not game.log.citing("RR R52")


@pytest.mark.rule("RR 4.7.2b", "RR 4.7.2c", "RR 4.1b", "RR R53")
def test_cleanup_ends_turn_effects_and_removes_damage() -> None:
    game = (
        Scenario()
        .player(0, ep=1, hand=["Brace", *HOLD], battlefield=["Plated Tortoise"])
        .player(1, hand=HOLD, library=["Veil Walker"] * 3)
        .build()
    )
    tortoise = game.table.cards[game.find("Plated Tortoise")]
    game.apply(Cast(game.find("Brace"), tortoise.id))
    game.apply(Pass())
    game.apply(Pass())
    assert tortoise.pump_defense == 3
    tortoise.damage = 2
    pass_until(game, "draw")
    assert (tortoise.pump_defense, tortoise.damage) == (0, 0)


@pytest.mark.rule(
    "RR 5.1a", "RR 5.1b", "RR 5.1d", "RR 5.2b", "RR 5.2c", "RR 2.6b", "RR 2.6c", "RR R28", "RR R29"
)
def test_the_stack_resolves_last_in_first_out() -> None:
    game = (
        Scenario()
        .player(0, ep=3, hand=["Cinder Wave", *HOLD], battlefield=["Gloom Brute"])
        .player(1, ep=1, hand=["Brace", *HOLD], battlefield=["Lumbering Golem"])
        .build()
    )
    golem = game.find("Lumbering Golem")
    game.apply(Cast(game.find("Cinder Wave"), golem))
    game.apply(Pass())
    assert game.priority == 1
    game.apply(Cast(game.find("Brace"), golem))
    assert [game.table.cards[i["card"]].name for i in game.stack] == ["Cinder Wave", "Brace"]
    game.apply(Pass())
    game.apply(Pass())  # both pass: Brace resolves first
    assert [game.table.cards[i["card"]].name for i in game.stack] == ["Cinder Wave"]
    assert game.priority == 0  # the active player gets priority after each resolution
    game.apply(Pass())
    game.apply(Pass())
    assert game.table.cards[golem].zone == "battlefield:1"  # 4 damage, defense 4 + 3


@pytest.mark.rule("RR 5.3a", "RR 3.2.2a", "RR 4.4a", "RR 3.2.1a", "RR 5.3b", "RR 4.4c")
def test_sorcery_speed_and_instant_speed() -> None:
    game = (
        Scenario()
        .player(0, ep=9, hand=["Cinder Wave", "Sparkshot"], battlefield=["Ember Scout"])
        .player(1, ep=9, hand=["Cinder Wave", "Sparkshot"], battlefield=["Mire Lurker"])
        .build()
    )
    mine, theirs = game.find("Ember Scout"), game.find("Mire Lurker")
    game.apply(Cast(game.find("Sparkshot", "hand:0"), theirs))
    assert refused(game, Cast(game.find("Cinder Wave", "hand:0"), theirs)).rule == "RR 5.3a"
    game.apply(Pass())
    assert refused(game, Cast(game.find("Cinder Wave", "hand:1"), mine)).rule == "RR 5.3a"
    game.apply(Cast(game.find("Sparkshot", "hand:1"), mine))  # an instant, in Alice's turn


@pytest.mark.rule("RR 5.2d", "RR 4.4d", "RR 4.5.1b")
def test_a_step_ends_only_with_an_empty_stack() -> None:
    game = (
        Scenario()
        .player(0, ep=1, hand=["Sparkshot", *HOLD])
        .player(1, hand=HOLD, battlefield=["Mire Lurker"])
        .build()
    )
    game.apply(Cast(game.find("Sparkshot"), game.find("Mire Lurker")))
    game.apply(Pass())
    game.apply(Pass())
    assert game.step == "main1"  # the spell resolved; the phase goes on
    game.apply(Pass())
    game.apply(Pass())
    assert game.step == "beginning_of_combat"


@pytest.mark.rule("RR 3.2.1b", "RR 3.2.2b", "RR 2.4a", "RR 2.4b")
def test_spells_go_to_the_graveyard_in_order() -> None:
    game = (
        Scenario()
        .player(0, ep=9, hand=["Deep Reconnaissance", "Surge of Insight", *HOLD])
        .player(1, hand=HOLD)
        .build()
    )
    for name in ("Deep Reconnaissance", "Surge of Insight"):
        game.apply(Cast(game.find(name)))
        game.apply(Pass())
        game.apply(Pass())
    assert game.table.names("graveyard:0") == ["Deep Reconnaissance", "Surge of Insight"]
    assert game.table.players[0].intel == 4


@pytest.mark.rule("RR 2.3b", "RR 3.1.3b", "RR 2.3c", "RR 3.1.3a")
def test_permanents_enter_untapped_and_auras_attach() -> None:
    game = (
        Scenario()
        .player(0, ep=9, hand=["Battle Fervor", "Gloom Brute", *HOLD], battlefield=["Mire Lurker"])
        .player(1, hand=HOLD)
        .build()
    )
    game.apply(Cast(game.find("Gloom Brute")))
    game.apply(Pass())
    game.apply(Pass())
    brute = game.table.cards[game.find("Gloom Brute")]
    assert brute.zone == "battlefield:0"
    assert brute.tapped is False
    game.apply(Cast(game.find("Battle Fervor"), game.find("Mire Lurker")))
    game.apply(Pass())
    game.apply(Pass())
    fervor = game.table.cards[game.find("Battle Fervor")]
    assert fervor.attached_to == game.find("Mire Lurker")


@pytest.mark.rule("RR 2.2c", "RR 2.1a", "RR 2.5d", "RR 2.7c", "RR 2.3a", "RR 2.4c", "RR 2.7a")
def test_a_view_hides_hands_and_libraries() -> None:
    game = (
        Scenario()
        .player(0, hand=["Sparkshot"], library=["Veil Walker"])
        .player(1, hand=["Brace"], library=["Gloom Brute"], exile=["Raze"])
        .build()
    )
    view = game.view(0)
    assert view["hand"] == [(game.find("Sparkshot"), "Sparkshot")]
    assert view["players"][1]["hand"] == 1
    assert view["players"][1]["library"] == 1
    assert view["players"][1]["exile"] == ["Raze"]
    assert "Brace" not in str(view)
    assert "Gloom Brute" not in str(view)


@pytest.mark.rule("RR 4.3b", "RR 4.3c")
def test_the_active_player_pitches_in_the_resource_phase() -> None:
    game = (
        Scenario()
        .player(0, hand=["Mire Lurker", "Ember Scout"])
        .player(1, hand=HOLD)
        .at("resource")
        .build()
    )
    game.apply(Pitch(game.find("Mire Lurker")))
    game.apply(Pitch(game.find("Ember Scout")))
    assert game.table.players[0].ep == 4
    assert game.step == "resource"


@pytest.mark.rule("RR 4.6a", "RR 4.7.1b", "RR 3.1.2a")
def test_main_phase_two_and_the_end_step() -> None:
    game = (
        Scenario()
        .player(0, ep=1, hand=["Cog Servo", *HOLD])
        .player(1, hand=HOLD)
        .at("main2")
        .build()
    )
    game.apply(Cast(game.find("Cog Servo")))  # sorcery speed, in the second main phase
    game.apply(Pass())
    game.apply(Pass())
    assert game.table.names("battlefield:0") == ["Cog Servo"]
    game.apply(Pass())
    game.apply(Pass())
    assert (game.step, game.priority, game.decision) == ("end", 0, "priority")


@pytest.mark.rule("RR R51")
def test_an_enter_ability_uses_the_stack() -> None:
    game = (
        Scenario()
        .player(0, ep=4, hand=["Brood Mother", *HOLD], battlefield=["Mire Lurker"])
        .player(1, hand=HOLD)
        .build()
    )
    lurker = game.find("Mire Lurker")
    game.apply(Cast(game.find("Brood Mother"), lurker))
    game.apply(Pass())
    game.apply(Pass())
    assert game.table.cards[game.find("Brood Mother")].zone == "battlefield:0"
    assert [item["ability"] for item in game.stack] == [-2]  # the trigger waits its turn
    assert game.priority == 0
    game.apply(Pass())
    game.apply(Pass())
    assert game.table.cards[lurker].plus == 2


@pytest.mark.rule("RR R61")
def test_the_turn_limit_draws_the_game() -> None:
    game = Scenario().player(0, hand=HOLD).player(1, hand=HOLD).at("end", turn=150).build()
    game.apply(Pass())
    game.apply(Pass())
    assert game.outcome is not None
    assert (game.outcome.result, game.outcome.reason_rule) == ("draw", "RR R61")


@pytest.mark.rule("RR 2.5b")
def test_cards_in_exile_cannot_be_targeted() -> None:
    game = (
        Scenario()
        .player(0, ep=4, hand=["Raze", *HOLD])
        .player(1, hand=HOLD, exile=["Gloom Brute"])
        .build()
    )
    assert refused(game, Cast(game.find("Raze"), game.find("Gloom Brute"))).rule == "RR 5.2a"


@pytest.mark.rule("RR 4.7.2a", "RR 2.4a")
def test_a_discarded_card_goes_to_its_owners_graveyard() -> None:
    game = (
        Scenario()
        .player(0, hand=["Sparkshot"] * 11, library=["Raze"] * 5)
        .player(1, hand=["Brace"], library=["Raze"] * 5)
        .at("end")
        .build()
    )
    taken = game.find("Sparkshot")
    game.table.cards[taken].owner = 1  # as if taken from Bob (a Bounty, RR 10.4.2)
    pass_until(game, "cleanup")
    game.apply(Discard(taken))
    assert game.table.cards[taken].zone == "graveyard:1"


@pytest.mark.rule("RR R30")
def test_a_scrying_player_sees_the_top_card_and_no_one_else_does() -> None:
    game = (
        Scenario()
        .player(0, ep=1, hand=["Windfall Cache", *HOLD], library=["Gloom Brute", "Raze"])
        .player(1, hand=["Brace"], library=["Raze"] * 5)
        .build()
    )
    game.apply(Cast(game.find("Windfall Cache")))
    game.apply(Pass())
    game.apply(Pass())
    assert game.decision == "scry"
    top = game.table.zones["library:0"][-1]
    assert game.view(0)["scrying"] == (top, "Gloom Brute")
    assert game.view(1)["scrying"] is None


@pytest.mark.rule("RR R77")
@pytest.mark.parametrize("players", [2, 4])
@pytest.mark.skipif(
    engine_build() != "interpreted",
    reason="compiled code calls can_only_pass directly, so a patch cannot reach it",
)
def test_a_pass_is_forced_only_when_it_is_the_one_candidate(
    monkeypatch: pytest.MonkeyPatch, players: int
) -> None:
    """The engine passes for a player when the cheap can_only_pass() says so, without building
    the list of candidates; here the list is built anyway each time and must be the pass."""
    from rulekeeper.engine.agents import RandomAgent, play
    from rulekeeper.games import FORMATS
    from rulekeeper.riskres import game as game_module
    from rulekeeper.riskres.choices import can_only_pass, candidates

    forced = 0

    def checked_only_pass(game: RiskGame) -> bool:
        nonlocal forced
        if can_only_pass(game):
            assert list(candidates(game)) == [Pass()], game.log[-1]
            forced += 1
            return True
        return False

    monkeypatch.setattr(game_module, "can_only_pass", checked_only_pass)
    for seed in range(10):
        game = FORMATS["rr"].new_game(seed, players)
        play(game, [RandomAgent(seed + seat) for seat in range(players)])
    assert forced > 100


@pytest.mark.rule("RR R77", "RR 5.1d")
def test_a_player_who_can_only_pass_passes_and_any_other_is_asked() -> None:
    game = (
        Scenario()
        .player(0, hand=["Sparkshot"], library=["Raze"] * 5)
        .player(1, library=["Raze"] * 5)
        .build()
    )
    game.apply(Pass())  # Bob can do nothing, so his pass is made for him
    assert (game.step, game.priority) == ("beginning_of_combat", 0)
    game = (
        Scenario()
        .player(0, hand=["Sparkshot"], library=["Raze"] * 5)
        .player(1, hand=["Brace"], library=["Raze"] * 5)
        .build()
    )
    game.apply(Pass())  # Bob could pitch Brace, so he is asked
    assert (game.step, game.priority) == ("main1", 1)
    assert len(game.legal_actions()) > 1


@pytest.mark.rule("RR 2.3c")
def test_a_permanent_leaves_the_battlefield_only_when_removed() -> None:
    game = (
        Scenario()
        .player(0, ep=8, hand=["Raze", *HOLD])
        .player(1, hand=HOLD, battlefield=["Gloom Brute"])
        .build()
    )
    pass_until(game, "main2")  # a turn's steps go by: the Brute stays where it is
    assert game.table.names("battlefield:1") == ["Gloom Brute"]
    game.apply(Cast(game.find("Raze"), game.find("Gloom Brute")))
    game.apply(Pass())
    game.apply(Pass())
    assert game.table.names("battlefield:1") == []
    assert game.table.names("graveyard:1") == ["Gloom Brute"]
    assert game.log.citing("RR 2.3c")[-1].text == "Raze destroys Gloom Brute"


@pytest.mark.rule("RR 2.4b")
def test_destroyed_permanents_keep_their_order_in_the_graveyard() -> None:
    game = (
        Scenario()
        .player(0, ep=8, hand=["Raze", "Raze", *HOLD])
        .player(1, hand=HOLD, battlefield=["Mire Lurker", "Gloom Brute"])
        .build()
    )
    for victim in ("Gloom Brute", "Mire Lurker"):  # the reverse of the battlefield's order
        game.apply(Cast(game.find("Raze", "hand:0"), game.find(victim)))
        game.apply(Pass())
        game.apply(Pass())
    assert game.table.names("graveyard:1") == ["Gloom Brute", "Mire Lurker"]


@pytest.mark.rule("RR 2.5a")
def test_a_card_exiled_from_the_library_is_out_of_the_game() -> None:
    game = (
        Scenario()
        .player(0, ep=3, hand=["Mind Flood", *HOLD])
        .player(1, hand=HOLD, library=["Raze", "Gloom Brute", "Mire Lurker", "Brace", "Raze"])
        .build()
    )
    top = game.table.names("library:1")[-4:]
    game.apply(Cast(game.find("Mind Flood"), Player(1)))
    game.apply(Pass())
    game.apply(Pass())
    assert sorted(game.table.names("exile:1")) == sorted(top)
    assert len(game.table.names("library:1")) == 1
    assert game.log.citing("RR 2.5a")[-1].text == "Bob exiles 4 cards from the top of their library"
