"""Leveler's play rules (LV 2, LV 3) and the rulings on them (LV R5 to LV R9).

Positions come from the scenario builder: Alice is player 0, Bob player 1, and it is Alice's
turn 2, first main phase, unless a test says otherwise. ``outside_2`` and ``outside_3`` are a
player's second and third sub-decks while they wait outside the game.
"""

from __future__ import annotations

import json

import pytest

from rulekeeper.engine import play
from rulekeeper.errors import InputError
from rulekeeper.games import FORMATS, magic_format
from rulekeeper.mtg.actions import Attack, Cast, Pass, Player
from rulekeeper.mtg.agents import HeuristicAgent
from rulekeeper.mtg.formats.leveler import STARTING_LIFE, SUB_DECK_SIZES
from rulekeeper.mtg.formats.leveler.play import next_sub_deck, outside
from rulekeeper.mtg.game import MagicGame
from rulekeeper.mtg.scenario import Scenario

LEVELER = magic_format("leveler")
ISLANDS = ["Island"] * 5
HOLD = {"hand": ["Shock"], "battlefield": ["Mountain"]}  # an instant to hold: the game waits


def deck(first: str, second: str, third: str) -> list[list[str]]:
    """A 50/30/20 deck whose sub-decks are each one card name repeated."""
    return [[first] * SUB_DECK_SIZES[0], [second] * SUB_DECK_SIZES[1], [third] * SUB_DECK_SIZES[2]]


def texts(game: MagicGame, rule: str) -> list[str]:
    return [event.text for event in game.log.citing(rule)]


def library(game: MagicGame, player: int) -> list[str]:
    return sorted(game.table.names(f"library:{player}"))


def waiting(game: MagicGame, player: int) -> list[int]:
    """How many cards wait outside the game in the player's second and third sub-decks."""
    return [len(game.table.zones[outside(player, n)]) for n in (2, 3)]


# 2. Starting the game.


@pytest.mark.rule("LV 2.1")
def test_each_player_starts_at_30_life() -> None:
    assert STARTING_LIFE == 30
    game = Scenario("leveler").player(0).player(1).build()
    assert [p.life for p in game.table.players] == [30, 30]
    new = MagicGame.new(
        LEVELER,
        [deck("Mountain", "Shock", "Hill Giant"), deck("Island", "Storm Crow", "Wind Drake")],
        seed=2,
    )
    assert [p.life for p in new.table.players] == [30, 30]
    assert [p.damage_taken for p in new.table.players] == [0, 0]


@pytest.mark.rule("LV 2.2")
def test_the_first_sub_deck_is_the_library_and_the_others_wait_outside() -> None:
    decks = [deck("Mountain", "Shock", "Hill Giant"), deck("Island", "Storm Crow", "Wind Drake")]
    game = MagicGame.new(LEVELER, decks, seed=5, names=["Alice", "Bob"])
    assert set(game.table.names("library:0") + game.table.names("hand:0")) == {"Mountain"}
    assert len(game.table.zones["library:0"]) + len(game.table.zones["hand:0"]) == 50
    assert game.table.names(outside(0, 2)) == ["Shock"] * 30
    assert game.table.names(outside(0, 3)) == ["Hill Giant"] * 20
    assert set(game.table.names(outside(1, 2))) == {"Storm Crow"}
    assert texts(game, "LV 2.2") == [
        f"{name} starts with sub-deck 1 as the library; sub-decks 2 and 3 wait outside the game"
        for name in ("Alice", "Bob")
    ]


@pytest.mark.rule("LV 2.2")
def test_a_view_shows_counts_of_the_waiting_sub_decks_and_no_hidden_names() -> None:
    game = (
        Scenario("leveler")
        .player(
            0,
            hand=["Lightning Bolt", "Serra Angel"],
            library=["Craw Wurm"],
            outside_2=["Murder", "Divination"],
            outside_3=["Giant Spider"],
        )
        .player(1, hand=["Storm Crow"], library=ISLANDS)
        .build()
    )
    for player in (0, 1):
        assert game.view(player)["outside"] == [[2, 1], [0, 0]]
    bob = json.dumps(game.view(1))
    for hidden in (
        "Lightning Bolt",
        "Serra Angel",
        "Craw Wurm",
        "Murder",
        "Divination",
        "Giant Spider",
    ):
        assert hidden not in bob
    assert "Storm Crow" in bob
    alice = json.dumps(game.view(0))
    assert "Storm Crow" not in alice
    assert "Lightning Bolt" in alice


@pytest.mark.rule("LV 2.2")
@pytest.mark.parametrize("sections", [1, 2, 4])
def test_a_deck_must_come_as_three_sub_decks(sections: int) -> None:
    decks = [[["Forest"] * 10] * sections, deck("Island", "Island", "Island")]
    with pytest.raises(InputError, match=r"LV 1\.2"):
        MagicGame.new(LEVELER, decks, seed=1)


# 3. Sub-decks entering the game.


@pytest.mark.rule("LV 3.1")
def test_an_empty_library_takes_in_the_next_sub_deck() -> None:
    game = (
        Scenario("leveler")
        .player(
            0,
            library=[],
            outside_2=["Forest", "Grizzly Bears", "Giant Spider"],
            outside_3=["Island", "Wind Drake"],
        )
        .player(1, library=ISLANDS)
        .build()
    )
    game.check_state_based_actions()
    assert library(game, 0) == ["Forest", "Giant Spider", "Grizzly Bears"]
    assert waiting(game, 0) == [0, 2]
    assert texts(game, "LV 3.1") == [
        "Alice's library is empty: sub-deck 2 enters the game and is shuffled into it"
    ]


@pytest.mark.rule("LV 3.1")
def test_the_incoming_sub_deck_is_shuffled() -> None:
    names = [
        "Forest",
        "Island",
        "Swamp",
        "Plains",
        "Mountain",
        "Wastes",
        "Grizzly Bears",
        "Hill Giant",
        "Storm Crow",
        "Wind Drake",
    ]
    orders = set()
    for seed in range(4):
        game = (
            Scenario("leveler", seed=seed)
            .player(0, library=[], outside_2=names)
            .player(1, library=ISLANDS)
            .build()
        )
        game.check_state_based_actions()
        orders.add(tuple(game.table.names("library:0")))
    assert len(orders) > 1


@pytest.mark.rule("LV 3.1")
def test_a_library_with_cards_in_it_takes_in_nothing() -> None:
    game = (
        Scenario("leveler")
        .player(0, library=["Forest"], outside_2=["Grizzly Bears"], outside_3=["Island"])
        .player(1, library=ISLANDS)
        .build()
    )
    before = game.dumps()
    game.check_state_based_actions()
    assert game.dumps() == before


@pytest.mark.rule("LV 3.1")
def test_the_sub_deck_enters_before_the_player_next_gets_priority() -> None:
    game = (
        Scenario("leveler")
        .player(0, library=["Forest"], outside_2=["Swamp", "Plains"], **HOLD)
        .player(1, library=ISLANDS)
        .at("upkeep")
        .build()
    )
    game.apply(Pass())
    assert (game.step, game.priority) == ("draw", 0)
    assert game.table.names("hand:0") == ["Shock", "Forest"]
    assert library(game, 0) == ["Plains", "Swamp"]
    assert game.outcome is None


@pytest.mark.rule("LV 3.1")
def test_with_every_sub_deck_in_an_empty_library_stays_empty() -> None:
    game = Scenario("leveler").player(0, library=[], **HOLD).player(1, library=ISLANDS).build()
    game.check_state_based_actions()
    assert game.table.zones["library:0"] == []
    assert texts(game, "LV 3.1") == []
    assert next_sub_deck(game, 0) is None


@pytest.mark.rule("LV 3.2")
def test_the_game_totals_the_damage_each_player_takes() -> None:
    game = (
        Scenario("leveler")
        .player(0, battlefield=["Grizzly Bears"], hand=["Lightning Bolt", "Shock"], library=ISLANDS)
        .player(1, library=ISLANDS, outside_2=["Swamp"])
        .at("beginning_of_combat")
        .build()
    )
    game.apply(Pass())
    game.apply(Attack(game.find("Grizzly Bears")))
    bob = game.table.players[1]
    assert (bob.life, bob.damage_taken) == (28, 2)
    # Damage from a spell adds to the same total, turns later.
    game = (
        Scenario("leveler")
        .player(0, hand=["Lightning Bolt"], battlefield=["Mountain"], library=ISLANDS)
        .player(1, life=28, damage_taken=2, library=ISLANDS, outside_2=["Swamp"])
        .build()
    )
    game.apply(Cast(game.find("Lightning Bolt"), Player(1)))
    assert game.table.players[1].damage_taken == 5
    assert game.view(0)["players"][1]["damage_taken"] == 5  # public


@pytest.mark.rule("LV 3.2", "LV 3.3")
def test_the_total_is_kept_through_life_gain() -> None:
    game = (
        Scenario("leveler")
        .player(
            0,
            hand=["Lightning Helix"],
            battlefield=["Mountain", "Plains"],
            life=23,
            damage_taken=7,
            library=["Swamp", "Swamp"],
            outside_2=["Forest"],
        )
        .player(1, library=ISLANDS)
        .build()
    )
    game.apply(Cast(game.find("Lightning Helix"), Player(0)))
    alice = game.table.players[0]
    assert (alice.life, alice.damage_taken) == (23, 10)
    assert texts(game, "LV 3.3") == [
        "Alice has taken 10 damage with sub-deck 2 still outside the game: the library is exiled"
    ]


@pytest.mark.rule("LV 3.3")
def test_at_ten_damage_with_the_second_sub_deck_outside_the_library_is_exiled() -> None:
    game = (
        Scenario("leveler")
        .player(0, hand=["Lightning Bolt"], battlefield=["Mountain"], library=ISLANDS)
        .player(
            1,
            life=23,
            damage_taken=7,
            library=["Swamp", "Swamp"],
            outside_2=["Island", "Storm Crow"],
            outside_3=["Plains"],
        )
        .build()
    )
    game.apply(Cast(game.find("Lightning Bolt"), Player(1)))
    assert sorted(game.table.names("exile")) == ["Swamp", "Swamp"]
    assert [e.rule for e in game.log][3:5] == ["LV 3.3", "LV 3.1"]
    assert waiting(game, 1) == [0, 1]


@pytest.mark.rule("LV 3.3")
def test_nine_damage_is_not_ten() -> None:
    game = (
        Scenario("leveler")
        .player(0, library=ISLANDS, **HOLD)
        .player(1, damage_taken=9, library=["Swamp"], outside_2=["Island"])
        .build()
    )
    before = game.dumps()
    game.check_state_based_actions()
    assert game.dumps() == before


@pytest.mark.rule("LV 3.3")
def test_ten_damage_after_the_second_sub_deck_came_in_exiles_nothing() -> None:
    game = (
        Scenario("leveler")
        .player(0, library=ISLANDS, **HOLD)
        .player(1, damage_taken=15, library=["Swamp", "Island"], outside_3=["Plains"])
        .build()
    )
    before = game.dumps()
    game.check_state_based_actions()
    assert game.dumps() == before


@pytest.mark.rule("LV 3.4")
def test_at_twenty_damage_with_the_third_sub_deck_outside_the_library_is_exiled() -> None:
    game = (
        Scenario("leveler")
        .player(0, hand=["Lightning Bolt"], battlefield=["Mountain"], library=ISLANDS)
        .player(
            1,
            life=12,
            damage_taken=18,
            library=["Island", "Storm Crow"],
            outside_3=["Plains", "Serra Angel"],
        )
        .build()
    )
    game.apply(Cast(game.find("Lightning Bolt"), Player(1)))
    assert sorted(game.table.names("exile")) == ["Island", "Storm Crow"]
    assert texts(game, "LV 3.4") == [
        "Bob has taken 21 damage with sub-deck 3 still outside the game: the library is exiled"
    ]
    assert waiting(game, 1) == [0, 0]


@pytest.mark.rule("LV 3.4")
@pytest.mark.parametrize(("damage", "third"), [(19, ["Plains"]), (25, [])])
def test_under_twenty_or_with_every_sub_deck_in_nothing_is_exiled(
    damage: int, third: list[str]
) -> None:
    game = (
        Scenario("leveler")
        .player(0, library=ISLANDS, **HOLD)
        .player(1, damage_taken=damage, library=["Swamp", "Island"], outside_3=third)
        .build()
    )
    before = game.dumps()
    game.check_state_based_actions()
    assert game.dumps() == before


# Rulings.


@pytest.mark.rule("LV R5")
def test_drawing_past_the_library_loses_even_as_the_next_sub_deck_enters() -> None:
    game = (
        Scenario("leveler")
        .player(0, hand=["Inspiration"], battlefield=["Island"] * 4, library=ISLANDS)
        .player(1, library=["Swamp"], outside_2=["Forest", "Grizzly Bears"], outside_3=["Plains"])
        .build()
    )
    game.apply(Cast(game.find("Inspiration"), Player(1)))
    assert [e.rule for e in game.log][-3:] == ["MG 5.3", "LV 3.1", "MG 5.3"]
    assert library(game, 1) == ["Forest", "Grizzly Bears"]  # the sub-deck came in, too late
    assert game.outcome is not None
    assert (game.outcome.winners, game.outcome.reason_rule) == ((0,), "MG 5.3")


@pytest.mark.rule("LV R5")
def test_an_emptied_library_refills_before_the_next_draw() -> None:
    game = (
        Scenario("leveler")
        .player(
            0,
            hand=["Inspiration", "Shock"],
            battlefield=["Island"] * 4 + ["Mountain"],
            library=["Swamp", "Swamp"],
            outside_2=["Forest", "Grizzly Bears"],
        )
        .player(1, library=ISLANDS)
        .build()
    )
    game.apply(Cast(game.find("Inspiration"), Player(0)))
    game.apply(Pass())
    assert game.outcome is None
    assert game.table.names("hand:0").count("Swamp") == 2
    assert library(game, 0) == ["Forest", "Grizzly Bears"]


@pytest.mark.rule("LV R6")
def test_the_second_sub_deck_comes_before_the_third() -> None:
    game = (
        Scenario("leveler")
        .player(
            0, hand=["Tome Scour", "Shock"], battlefield=["Island", "Mountain"], library=ISLANDS
        )
        .player(
            1,
            library=[],
            outside_2=["Forest", "Grizzly Bears"],
            outside_3=["Plains", "Serra Angel"],
        )
        .build()
    )
    assert next_sub_deck(game, 1) == 2
    game.check_state_based_actions()
    assert library(game, 1) == ["Forest", "Grizzly Bears"]
    assert next_sub_deck(game, 1) == 3
    game.apply(Cast(game.find("Tome Scour"), Player(1)))
    game.apply(Pass())
    assert library(game, 1) == ["Plains", "Serra Angel"]
    assert next_sub_deck(game, 1) is None
    assert texts(game, "LV 3.1") == [
        f"Bob's library is empty: sub-deck {n} enters the game and is shuffled into it"
        for n in (2, 3)
    ]


@pytest.mark.rule("LV R7")
def test_jumping_past_both_thresholds_brings_in_the_third_sub_deck() -> None:
    game = (
        Scenario("leveler")
        .player(0, battlefield=["Colossal Dreadmaw", "Craw Wurm"], library=ISLANDS)
        .player(
            1,
            life=22,
            damage_taken=8,
            library=["Swamp"] * 3,
            outside_2=["Forest", "Grizzly Bears"],
            outside_3=["Plains", "Serra Angel"],
        )
        .at("beginning_of_combat")
        .build()
    )
    game.apply(Pass())
    game.apply(Attack(game.find("Colossal Dreadmaw")))
    game.apply(Attack(game.find("Craw Wurm")))
    rules = [e.rule for e in game.log if e.rule.startswith("LV")]
    assert rules == ["LV 3.3", "LV 3.4", "LV 3.1", "LV 3.4", "LV 3.1"]
    assert sorted(game.table.names("exile")) == [
        "Forest",
        "Grizzly Bears",
        "Swamp",
        "Swamp",
        "Swamp",
    ]
    assert waiting(game, 1) == [0, 0]
    # Bob drew one card of the third sub-deck in his turn; the other is his library.
    assert sorted(game.table.names("hand:1") + game.table.names("library:1")) == [
        "Plains",
        "Serra Angel",
    ]


@pytest.mark.rule("LV R7")
def test_a_threshold_already_passed_applies_at_the_next_check() -> None:
    game = (
        Scenario("leveler")
        .player(0, library=ISLANDS, **HOLD)
        .player(1, damage_taken=12, library=["Swamp"], outside_2=["Forest"])
        .build()
    )
    game.check_state_based_actions()
    assert game.table.names("exile") == ["Swamp"]
    assert library(game, 1) == ["Forest"]


@pytest.mark.rule("LV R8")
@pytest.mark.parametrize("spell", ["Night's Whisper", "Sign in Blood"])
def test_losing_life_is_not_taking_damage(spell: str) -> None:
    game = (
        Scenario("leveler")
        .player(
            0,
            hand=[spell, "Shock"],
            battlefield=["Swamp", "Swamp", "Mountain", "Mountain"],
            life=21,
            damage_taken=9,
            library=["Island"] * 4,
            outside_2=["Forest"],
        )
        .player(1, library=ISLANDS)
        .build()
    )
    game.apply(
        Cast(game.find(spell), Player(0)) if spell == "Sign in Blood" else Cast(game.find(spell))
    )
    game.apply(Pass())
    assert (game.active, game.step, game.priority) == (0, "main1", 0)  # still Alice's turn
    alice = game.table.players[0]
    assert (alice.life, alice.damage_taken) == (19, 9)
    assert texts(game, "LV 3.3") == []
    assert game.table.names("exile") == []


@pytest.mark.rule("LV R8")
def test_gaining_life_does_not_lower_the_total() -> None:
    game = (
        Scenario("leveler")
        .player(
            0,
            hand=["Sacred Nectar"],
            battlefield=["Plains", "Plains"],
            life=15,
            damage_taken=15,
            library=ISLANDS,
            outside_3=["Forest"],
        )
        .player(1, library=ISLANDS)
        .build()
    )
    game.apply(Cast(game.find("Sacred Nectar")))
    alice = game.table.players[0]
    assert (alice.life, alice.damage_taken) == (19, 15)


@pytest.mark.rule("LV R9")
@pytest.mark.parametrize("players", [1, 3])
def test_leveler_is_for_two_players(players: int) -> None:
    decks = [deck("Forest", "Forest", "Forest")] * players
    with pytest.raises(InputError, match=rf"not {players} \(LV R9\)"):
        MagicGame.new(LEVELER, decks, seed=1)
    assert FORMATS["leveler"].players == (2, 2)
    # Two players are set up to play.
    game = MagicGame.new(LEVELER, decks[:1] * 2, seed=1)
    assert len(game.table.players) == 2


# A whole game.


@pytest.mark.rule("LV 2.1", "LV 2.2", "LV 3.1", "LV 3.3")
@pytest.mark.parametrize("seed", [0, 1, 2])
def test_a_seeded_bot_game_ends_and_its_log_cites_leveler_rules(seed: int) -> None:
    game = FORMATS["leveler"].new_game(seed, 2)
    assert isinstance(game, MagicGame)
    outcome = play(game, [HeuristicAgent(seed), HeuristicAgent(seed + 1)])
    assert outcome is game.outcome
    cited = {event.rule for event in game.log}
    assert {"LV 2.2", "LV 3.1", "LV 3.3"} <= cited
    replay = FORMATS["leveler"].new_game(seed, 2)
    play(replay, [HeuristicAgent(seed), HeuristicAgent(seed + 1)])
    assert str(replay.log) == str(game.log)
