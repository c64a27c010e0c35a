"""Risk & Resource chapter 1: EP, pitching, card characteristics, Intel, Assembly Line, costs.

Alice is player 0 and Bob player 1; unless a test says otherwise it is Alice's turn 2, in her
first main phase. Bob holds a card so that the game waits for his decisions too.
"""

from __future__ import annotations

import json

import pytest

from rulekeeper.errors import InputError
from rulekeeper.riskres.actions import Activate, Cast, Pass, Pitch, Player, PlayLandmark
from rulekeeper.riskres.cards import card, card_pool, parse_card, parse_cards
from rulekeeper.riskres.costs import spell_cost, stack_costs
from rulekeeper.riskres.game import RiskGame
from rulekeeper.riskres.scenario import Scenario, refused

HOLD = ["Sparkshot"]  # a card in hand: its holder has a decision, so the game waits


@pytest.mark.rule("RR 1.1b", "RR 1.1c")
def test_ep_has_no_maximum_and_persists() -> None:
    game = Scenario().player(0, ep=97, hand=["Mire Lurker", *HOLD]).player(1, hand=HOLD).build()
    game.apply(Pitch(game.find("Mire Lurker")))
    assert game.table.players[0].ep == 100
    game.apply(Pass())  # to Bob
    while game.turn == 2:
        game.apply(Pass())
    assert game.table.players[0].ep == 100  # unspent EP stays across the turn


@pytest.mark.rule("RR 1.1d", "RR 1.1a")
def test_ep_never_goes_negative() -> None:
    game = Scenario().player(0, ep=2, hand=["Gloom Brute"]).player(1, hand=HOLD).build()
    error = refused(game, Cast(game.find("Gloom Brute")))
    assert error.rule == "RR 1.1d"
    assert "costs 3 EP and you have 2" in error.reason


@pytest.mark.rule("RR 1.2a", "RR 1.2c", "RR 1.2d", "RR R40")
def test_pitched_cards_go_under_the_library_in_order() -> None:
    game = (
        Scenario()
        .player(0, hand=["Ember Scout", "Mire Lurker", *HOLD], library=["Veil Walker"])
        .player(1, hand=HOLD)
        .build()
    )
    game.apply(Pitch(game.find("Ember Scout")))
    game.apply(Pitch(game.find("Mire Lurker")))
    assert game.table.players[0].ep == 1 + 3
    assert game.table.names("library:0") == ["Mire Lurker", "Ember Scout", "Veil Walker"]
    assert game.stack == []  # no stack, and Alice still holds priority
    assert game.priority == 0


@pytest.mark.rule("RR R10")
def test_the_opponent_may_pitch_when_they_have_priority() -> None:
    game = Scenario().player(0, hand=HOLD).player(1, hand=["Mire Lurker", *HOLD]).build()
    assert refused(game, Pitch(game.find("Mire Lurker"))).rule == "RR 1.2a"
    game.apply(Pass())
    assert game.priority == 1
    game.apply(Pitch(game.find("Mire Lurker")))
    assert game.table.players[1].ep == 3


@pytest.mark.rule("RR 1.2b", "RR 1.3a", "RR 1.3b", "RR 1.3c", "RR 1.3d", "RR 1.3e", "RR 1.3f")
def test_every_card_has_its_characteristics() -> None:
    # Loaded afresh, not the process's cached pool, so that this test runs the loader that
    # gives each card its characteristics.
    pool = card_pool.__wrapped__()
    assert len(pool) >= 60
    for definition in pool.values():
        assert definition.name
        assert definition.types
        assert 1 <= definition.pitch <= 3
        assert definition.cost >= 0
        creature = definition.has_type("Creature")
        assert (definition.power is not None) == creature
        assert (definition.defense is not None) == creature


@pytest.mark.rule("RR 1.2b", "RR 1.3f", "RR R3", "RR 11.1j")
def test_the_card_loader_rejects_bad_cards() -> None:
    good = {"name": "X", "types": ["Sorcery"], "subtype": "", "cost": 1, "pitch": 1, "text": ""}
    parse_card(good)
    with pytest.raises(InputError, match="pitch must be a whole number from 1 to 3"):
        parse_card(good | {"pitch": 4})
    with pytest.raises(InputError, match=r"types must be .*'Planeswalker'\] \(RR R3\)"):
        parse_card(good | {"types": ["Planeswalker"]})  # the error cites the ruling
    with pytest.raises(InputError, match="only creatures have power"):
        parse_card(good | {"power": 2})
    with pytest.raises(InputError, match="used twice"):
        parse_cards(json.dumps({"cards": [good, good]}))


def test_a_card_file_error_names_the_file_and_the_card() -> None:
    bad = {"name": "X", "types": ["Sorcery"], "subtype": "", "cost": 1, "pitch": 9, "text": ""}
    with pytest.raises(InputError, match=r"^my-cards\.json: card 'X': pitch must be"):
        parse_cards(json.dumps({"cards": [bad]}), source="my-cards.json")
    with pytest.raises(InputError, match=r"^my-cards\.json:1: "):
        parse_cards("{not json", source="my-cards.json")
    with pytest.raises(InputError, match=r"^card 'X': pitch must be"):
        parse_card(bad)  # data, not a file: no file is named


@pytest.mark.rule(
    "RR 1.4a",
    "RR 1.4c",
    "RR 1.4h",
    "RR 1.4i",
    "RR 1.4j",
    "RR 1.4f",
    "RR 1.4g",
    "RR R60",
    "RR 5.2a",
    "RR 2.6a",
    "RR 4.4b",
)
def test_intel_abilities_spend_tokens_and_use_the_stack() -> None:
    game = (
        Scenario()
        .player(0, intel=3, hand=HOLD, battlefield=["Spymaster Vell"], library=["Mire Lurker"])
        .player(1, hand=HOLD)
        .build()
    )
    game.apply(Activate(game.find("Spymaster Vell")))
    assert game.table.players[0].intel == 2  # paid at once, without the stack
    assert len(game.stack) == 1  # the ability itself waits on the stack
    game.apply(Pass())
    assert game.priority == 1  # Bob may respond
    game.apply(Pass())
    assert game.stack == []
    assert "Mire Lurker" in game.table.names("hand:0")


@pytest.mark.rule("RR 1.4g", "RR R60", "RR 5.3a")
def test_a_sorcery_speed_ability_waits_for_its_controllers_main_phase() -> None:
    game = (
        Scenario()
        .player(0, hand=HOLD, intel=2, battlefield=["War Table"])
        .player(1, intel=2, hand=["Brace"], battlefield=["War Table"])
        .build()
    )
    alices, bobs = game.find("War Table", "battlefield:0"), game.find("War Table", "battlefield:1")
    game.apply(Activate(alices))
    assert game.table.players[0].intel == 0
    game.apply(Pass())  # Bob has priority with Alice's ability on the stack
    assert refused(game, Activate(bobs)).rule == "RR 5.3a"


@pytest.mark.rule("RR 1.4c")
def test_an_intel_ability_needs_the_tokens() -> None:
    game = Scenario().player(0, hand=HOLD, battlefield=["Field Dossier"]).player(1).build()
    error = refused(game, Activate(game.find("Field Dossier"), 0, Player(1)))
    assert error.rule == "RR 1.4c"


@pytest.mark.rule("RR 1.4d", "RR 1.4e", "RR R16")
def test_intel_abilities_escalate_per_player_per_turn() -> None:
    game = (
        Scenario()
        .player(0, ep=6, intel=5, hand=HOLD, battlefield=["Cipher Engine"])
        .player(1, hand=HOLD)
        .build()
    )
    engine = game.find("Cipher Engine")
    spent = []
    for _ in range(3):
        before = game.table.players[0].ep
        game.apply(Activate(engine))
        spent.append(before - game.table.players[0].ep)
        game.apply(Pass())
        game.apply(Pass())  # the ability resolves: +2 EP
    assert spent == [0, 2, 4]
    assert game.table.players[0].intel_used == 3
    assert game.table.players[1].intel_used == 0
    while game.turn == 2:
        game.apply(Pass())
    assert game.table.players[0].intel_used == 0  # reset at the start of the next turn


@pytest.mark.rule("RR 1.5a", "RR 1.5b", "RR 1.5c")
def test_assembly_line_counts_other_artifacts_up_to_four() -> None:
    colossus = card("Scrapheap Colossus")
    for others, cost in [(0, 8), (2, 6), (4, 4), (6, 4)]:
        game = Scenario().player(0, battlefield=["Salvage Crate"] * others).build()
        assert spell_cost(game.table, 0, colossus, -1) == cost


@pytest.mark.rule("RR 1.5e")
def test_assembly_line_never_lowers_an_ability() -> None:
    game = (
        Scenario()
        .player(0, ep=1, hand=HOLD, battlefield=["Gearwork Loom", "Salvage Crate", "Cog Servo"])
        .player(1, hand=HOLD)
        .build()
    )
    assert refused(game, Activate(game.find("Gearwork Loom"))).rule == "RR 1.1d"


@pytest.mark.rule("RR 1.5d", "RR 1.6d", "RR R41")
def test_costs_stop_at_one_unless_printed_zero() -> None:
    game = Scenario().player(0, battlefield=["Salvage Crate"] * 4).build()
    assert spell_cost(game.table, 0, card("Cog Servo"), -1) == 1
    assert spell_cost(game.table, 0, card("Salvage Crate"), -1) == 0


@pytest.mark.rule("RR 1.6a", "RR 1.6b", "RR 1.6c")
def test_increases_come_first_then_each_capped_reduction() -> None:
    # Cogwork Hound (3) with three other artifacts, a Signal Jammer tax (+1), and Foreman's
    # reduction of 1: 3 + 1 - 3 - 1 = 0, raised to the floor of 1.
    game = (
        Scenario()
        .player(0, battlefield=["Assembly Foreman", "Salvage Crate", "Cog Servo"])
        .player(1, battlefield=["Signal Jammer"])
        .build()
    )
    assert spell_cost(game.table, 0, card("Cogwork Hound"), -1) == 1
    assert stack_costs(6, [2], [(5, 4), (3, 1)]) == 3  # 6 + 2 - 4 - 1
    assert stack_costs(2, [], [(1, 1), (1, 1)]) == 1


@pytest.mark.rule("RR 1.6e")
def test_an_alternative_cost_takes_no_reductions() -> None:
    game = (
        Scenario()
        .player(0, ep=5, hand=["Scrapheap Colossus"], battlefield=["Salvage Crate"] * 4)
        .player(1, hand=HOLD)
        .build()
    )
    colossus = card("Scrapheap Colossus")
    assert spell_cost(game.table, 0, colossus, -1) == 4
    assert spell_cost(game.table, 0, colossus, -1, alternative=True) == 5
    game.apply(Cast(game.find("Scrapheap Colossus"), alternative=True))
    assert game.table.players[0].ep == 0
    assert refused(game, Cast(game.find("Scrapheap Colossus"), alternative=True)).rule


@pytest.mark.rule("RR R2", "RR 3.1.4b", "RR 5.3c", "RR 3.1.4a")
def test_a_landmark_is_a_special_action_one_per_player() -> None:
    game = (
        Scenario()
        .player(0, ep=5, hand=["Sunken Vault", "Toll Bridge", *HOLD])
        .player(1, hand=HOLD)
        .build()
    )
    game.apply(PlayLandmark(game.find("Sunken Vault")))
    assert game.stack == []
    assert game.table.players[0].ep == 4
    assert game.table.names("battlefield:0") == ["Sunken Vault"]
    assert refused(game, PlayLandmark(game.find("Toll Bridge"))).rule == "RR 3.1.4b"
    assert refused(game, Cast(game.find("Toll Bridge"))).rule == "RR R2"


@pytest.mark.rule("RR 1.1d")
def test_an_edit_after_listing_legal_actions_cannot_let_an_unaffordable_cast_through() -> None:
    # The rules' own examples set EP directly between actions. A list of legal actions made
    # before such an edit must not vouch for an action the edit made illegal.
    game = Scenario().player(0, ep=3, hand=["Gloom Brute"]).player(1, hand=HOLD).build()
    brute = Cast(game.find("Gloom Brute"))
    assert brute in game.legal_actions()
    game.table.players[0].ep = 0
    error = refused(game, brute)
    assert (error.rule, error.reason) == ("RR 1.1d", "Gloom Brute costs 3 EP and you have 0")
    assert game.table.players[0].ep == 0


@pytest.mark.rule("RR R79", "RR 1.4c", "RR 1.4d")
def test_an_escalated_intel_ability_needs_its_tokens_and_the_surcharge() -> None:
    def second_use(ep: int, intel: int) -> tuple[RiskGame, Activate]:
        game = (
            Scenario()
            .player(0, ep=ep, intel=intel, hand=HOLD, battlefield=["Cipher Engine"])
            .player(1, hand=HOLD)
            .build()
        )
        engine = Activate(game.find("Cipher Engine"))
        game.apply(engine)  # the first Intel ability this turn: 1 Intel, no surcharge
        return game, engine

    game, again = second_use(ep=1, intel=2)  # the token, but 1 EP of the 2 the surcharge asks
    error = refused(game, again)
    assert (error.rule, error.reason) == (
        "RR R79",
        "with escalation the ability costs 1 Intel and 2 EP; you have 1 EP",
    )
    game, again = second_use(ep=5, intel=1)  # EP enough, but no token left: EP cannot replace it
    assert refused(game, again).rule == "RR 1.4c"
    game, again = second_use(ep=2, intel=2)
    game.apply(again)
    assert (game.table.players[0].ep, game.table.players[0].intel) == (0, 0)


@pytest.mark.rule("RR 1.4b")
def test_intel_has_no_maximum_and_lasts_into_the_next_turn() -> None:
    game = (
        Scenario()
        .player(0, intel=99, hand=["Surge of Insight", *HOLD])
        .player(1, hand=HOLD, library=["Veil Walker"] * 3)
        .at("end")
        .build()
    )
    game.apply(Cast(game.find("Surge of Insight")))
    game.apply(Pass())
    game.apply(Pass())
    assert game.table.players[0].intel == 100
    game.apply(Pass())
    game.apply(Pass())
    assert (game.turn, game.active) == (3, 1)  # Bob's turn has begun, and Alice kept them all
    assert game.table.players[0].intel == 100
