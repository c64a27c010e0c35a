"""Stockpile Draft (SD 1 to SD 6), its rulings (SD R1 to SD R5), and the free-for-all combat of
the Magic essentials it relies on (MG R8).

Positions come from the scenario builder. Ann is player 0, Ben player 1 and Cat player 2; unless
a test says otherwise it is Ann's turn 2, in her first main phase. Cards a test puts in a pile
belong to no one. The engine passes by itself wherever passing is the only choice (MG R3), so a
test that needs the game to stop gives a player an instant and an untapped land to hold.
"""

from __future__ import annotations

import json
import re
from collections import Counter
from pathlib import Path

import pytest

from rulekeeper.cli import main
from rulekeeper.engine.agents import RandomAgent, play
from rulekeeper.engine.saves import read_save
from rulekeeper.errors import IllegalActionError, InputError, SerializationError
from rulekeeper.games import FORMATS
from rulekeeper.mtg.actions import Attack, Block, Cast, EndBlocks, Pass, Player, PlayLand
from rulekeeper.mtg.cards import card
from rulekeeper.mtg.cube import default_cube
from rulekeeper.mtg.formats.stockpile import (
    JUNKPILE,
    LANDPILE,
    PLAYERS,
    STOCKPILE_ZONES,
)
from rulekeeper.mtg.formats.stockpile.actions import Acquire, AcquireLand, ReturnJunk
from rulekeeper.mtg.formats.stockpile.agents import StockpileAgent
from rulekeeper.mtg.formats.stockpile.junk import JUNK_CARD, is_junk
from rulekeeper.mtg.formats.stockpile.play import Stockpile, hidden_cards_shown
from rulekeeper.mtg.formats.stockpile.save_records import StockpileRecord
from rulekeeper.mtg.formats.stockpile.saving import check_variant_state
from rulekeeper.mtg.game import MagicGame
from rulekeeper.mtg.scenario import Scenario
from rulekeeper.mtg.state import UNOWNED

NAMES = ["Ann", "Ben", "Cat"]
CUBE = ["Grizzly Bears", "Hill Giant", "Shock", "Lightning Bolt", "Serra Angel"] * 30
HOLD = {"hand": ["Shock"], "battlefield": ["Mountain"]}  # an instant to hold: the game waits


def new_game(players: int = 3, seed: int = 1) -> MagicGame:
    """A fresh game from the test cube."""
    return MagicGame.new(Stockpile(cube=CUBE), [[]] * players, seed=seed)


def scenario(players: int = 2) -> Scenario:
    return Scenario("stockpile", names=NAMES[:players])


def rule_of(error: pytest.ExceptionInfo[IllegalActionError]) -> str:
    return error.value.rule


# SD 1: the format.


@pytest.mark.rule("SD 1.1")
@pytest.mark.rule("MG R8")
def test_each_attacker_may_attack_any_opponent() -> None:
    game = (
        scenario(3)
        .player(0, battlefield=["Grizzly Bears"])
        .player(1)
        .player(2)
        .at("beginning_of_combat")
        .build()
    )
    game.apply(Pass())
    assert [a for a in game.legal_actions() if isinstance(a, Attack)] == [
        Attack(0, player=1),
        Attack(0, player=2),
    ]
    with pytest.raises(IllegalActionError) as error:
        game.apply(Attack(0))
    assert rule_of(error) == "MG R8"
    with pytest.raises(IllegalActionError) as error:
        game.apply(Attack(0, player=0))
    assert rule_of(error) == "MG R8"


@pytest.mark.rule("MG R8")
def test_a_two_player_format_keeps_attacking_the_defender() -> None:
    game = (
        Scenario("leveler")
        .player(0, battlefield=["Grizzly Bears"])
        .player(1, library=["Island"] * 3)
        .at("beginning_of_combat")
        .build()
    )
    game.apply(Pass())
    with pytest.raises(IllegalActionError) as error:
        game.apply(Attack(0, player=1))
    assert rule_of(error) == "MG R6"
    game.apply(Attack(0))
    assert game.table.players[1].life == 28


@pytest.mark.rule("MG R8")
def test_attacked_players_block_in_turn_and_only_their_own_attackers() -> None:
    game = (
        scenario(3)
        .player(0, battlefield=["Grizzly Bears", "Hill Giant"])
        .player(1, battlefield=["Wall of Stone"])
        .player(2, battlefield=["Giant Spider"])
        .at("beginning_of_combat")
        .build()
    )
    game.apply(Pass())
    game.apply(Attack(game.find("Grizzly Bears"), player=1))
    game.apply(Attack(game.find("Hill Giant"), player=2))
    assert (game.decision, game.priority) == ("blockers", 1)
    with pytest.raises(IllegalActionError) as error:
        game.apply(Block(game.find("Wall of Stone"), game.find("Hill Giant")))
    assert rule_of(error) == "MG R8"
    game.apply(EndBlocks())
    assert (game.decision, game.priority) == ("blockers", 2)
    game.apply(EndBlocks())
    assert game.table.players[1].life == 18
    assert game.table.players[2].life == 17


@pytest.mark.rule("MG R8")
def test_an_attacker_deals_no_damage_to_a_player_who_left() -> None:
    game = (
        scenario(3)
        .player(0, battlefield=["Hill Giant"])
        .player(1, hand=["Shock"], battlefield=["Mountain"])
        .player(2, life=2)
        .at("beginning_of_combat")
        .build()
    )
    game.apply(Pass())
    game.apply(Pass())
    game.apply(Attack(game.find("Hill Giant"), player=2))
    game.table.players[2].life = 0  # Cat loses before damage is dealt
    game.check_state_based_actions()
    assert game.table.players[2].left
    while game.step != "combat_damage" and game.outcome is None:
        game.apply(game.legal_actions()[0])
    assert game.log.citing("MG 4.4") == []


@pytest.mark.rule("SD 1.2")
def test_players_bring_no_decks() -> None:
    with pytest.raises(InputError, match=r"SD 1\.2"):
        MagicGame.new(Stockpile(cube=CUBE), [[["Forest"]], []], seed=1)
    assert FORMATS["stockpile"].new_game(3, 2).table.players[0].life == 20


@pytest.mark.rule("SD 1.3")
def test_a_cube_needs_150_cards() -> None:
    with pytest.raises(InputError, match=r"149 \(SD 1\.3\)"):
        MagicGame.new(Stockpile(cube=CUBE[:149]), [[], []], seed=1)
    assert len(new_game(2).table.cards) == 25 + 150 + 20


@pytest.mark.rule("SD 1.4")
@pytest.mark.parametrize("players", [1, 9])
def test_two_to_eight_players(players: int) -> None:
    with pytest.raises(InputError, match=r"SD 1\.4"):
        MagicGame.new(Stockpile(cube=CUBE), [[]] * players, seed=1)


@pytest.mark.rule("SD 1.4")
def test_eight_players_take_24_junk_cards() -> None:
    game = new_game(PLAYERS[1])
    assert len(game.table.zones[JUNKPILE]) == 1
    assert FORMATS["stockpile"].players == (2, 8)


# SD 2: setup.


@pytest.mark.rule("SD 2.1")
@pytest.mark.rule("SD 2.2")
@pytest.mark.rule("SD R1")
def test_the_piles_are_built_from_the_cube() -> None:
    game = new_game(2)
    junk = [c for c in game.table.cards if c.name == "Junk"]
    assert len(junk) == 25
    assert [len(game.table.zones[z]) for z in STOCKPILE_ZONES] == [25] * 6
    in_piles = [game.table.cards[c] for z in STOCKPILE_ZONES for c in game.table.zones[z]]
    assert Counter(c.name for c in in_piles) == Counter(CUBE)
    assert {c.owner for c in in_piles} == {UNOWNED}
    assert game.log[0].rule == "SD R1"


@pytest.mark.rule("SD 2.2")
def test_stockpiles_are_random() -> None:
    orders = {tuple(new_game(2, seed).table.names(STOCKPILE_ZONES[0])) for seed in range(4)}
    assert len(orders) > 1


@pytest.mark.rule("SD 2.3")
def test_the_landpile_holds_two_of_each_type_per_player() -> None:
    for players in (2, 5):
        game = new_game(players)
        lands = Counter(c.name for c in game.table.cards if c.definition.is_basic_land)
        assert set(lands.values()) == {2 * players}
        assert len(lands) == 5


@pytest.mark.rule("SD 2.4")
def test_each_starting_deck_is_three_junk_and_seven_lands_unseen() -> None:
    game = new_game(3)
    for player in range(3):
        own = [c for c in game.table.cards if c.owner == player]
        assert Counter(c.definition.has_type("Junk") for c in own) == {True: 3, False: 7}
        assert all(c.definition.is_basic_land for c in own if c.name != "Junk")
        view = game.view(player)
        # The first player has drawn for their first turn (MG 2.3: nobody skips it at three).
        assert view["players"][player]["library"] == (4 if player == game.first_player else 5)
        shown = {c for c, _ in view["hand"]}
        assert not shown & set(game.table.zones[f"library:{player}"])
    assert hidden_cards_shown(game) == []


# SD 3: starting the game.


@pytest.mark.rule("SD 3.1")
@pytest.mark.rule("SD 3.3")
def test_twenty_life_and_five_cards_without_mulligans() -> None:
    game = new_game(4)
    assert {p.life for p in game.table.players} == {20}
    # Five each, and the first player has drawn for their first turn (MG 2.3).
    first = game.first_player
    assert [len(game.table.zones[f"hand:{p}"]) for p in range(4)] == [
        6 if p == first else 5 for p in range(4)
    ]
    assert {type(a).__name__ for a in game.legal_actions()} <= {"Pass", "PlayLand"}


@pytest.mark.rule("SD 3.2")
def test_a_random_first_player_and_turns_in_seat_order() -> None:
    firsts = {new_game(4, seed).first_player for seed in range(12)}
    assert len(firsts) > 1
    game = new_game(4)
    assert [game.next_player(p) for p in range(4)] == [1, 2, 3, 0]


# SD 4: Junk.


@pytest.mark.rule("SD 4.1")
@pytest.mark.rule("SD R4")
def test_junk_has_only_its_card_type() -> None:
    game = scenario().player(0, hand=["Junk"], battlefield=["Mountain"]).player(1).build()
    definition = game.table.cards[0].definition
    assert definition.types == ("Junk",)
    assert (definition.cost, definition.power, definition.keywords) == ("", None, ())
    assert definition.mana_cost.colored == ""
    assert game.view(0)["hand"] == [(0, "Junk")]
    assert is_junk(game, 0)
    assert not is_junk(game, 1)  # the Mountain


@pytest.mark.rule("SD 4.2")
def test_junk_cannot_be_cast() -> None:
    game = scenario().player(0, hand=["Junk", "Shock"], battlefield=["Mountain"]).player(1).build()
    assert not any(isinstance(a, Cast) and a.card == 0 for a in game.legal_actions())
    with pytest.raises(IllegalActionError) as error:
        game.apply(Cast(0))
    assert rule_of(error) == "SD 4.2"


@pytest.mark.rule("SD 4.3")
@pytest.mark.rule("SD 4.4")
@pytest.mark.parametrize(("zone", "rule"), [("stack", "SD 4.3"), ("battlefield", "SD 4.4")])
def test_junk_bound_for_the_stack_or_battlefield_goes_to_the_graveyard(
    zone: str, rule: str
) -> None:
    game = scenario().player(0, hand=["Junk", "Shock"], battlefield=["Mountain"]).player(1).build()
    game.table.move(0, zone)
    assert game.table.where[0] == "graveyard:0"
    assert game.log[-1].rule == rule
    with pytest.raises(IllegalActionError) as error:
        game.apply(PlayLand(0))
    assert rule_of(error) == "MG 3.1"


@pytest.mark.rule("SD 4.4")
def test_junk_is_not_a_permanent() -> None:
    assert not JUNK_CARD.is_permanent
    assert card("Grizzly Bears").is_permanent
    assert card("Forest").is_permanent
    assert not card("Shock").is_permanent


def test_other_cards_still_reach_the_battlefield() -> None:
    game = (
        scenario().player(0, hand=["Forest", "Shock"], battlefield=["Mountain"]).player(1).build()
    )
    game.apply(PlayLand(game.find("Forest")))
    assert game.table.where[game.find("Forest")] == "battlefield"


# SD 5: zones.


@pytest.mark.rule("SD 5.1")
def test_the_junkpile_count_is_public() -> None:
    game = new_game(3)
    assert {game.view(p)["junkpile"] for p in range(3)} == {16}


@pytest.mark.rule("SD 5.2")
@pytest.mark.rule("SD R2")
def test_returning_junk_costs_one_and_makes_it_nobodys() -> None:
    game = (
        scenario()
        .player(0, hand=["Junk", "Junk", "Shock"], battlefield=["Plains", "Mountain"])
        .player(1, library=["Island"] * 3)
        .build()
    )
    game.apply(ReturnJunk(0))
    assert game.table.where[0] == JUNKPILE
    assert game.table.cards[0].owner == UNOWNED
    assert [c.tapped for c in game.table.permanents(0)] == [True, False]
    game.apply(ReturnJunk(1))  # as often as Ann can pay
    with pytest.raises(IllegalActionError) as error:
        game.apply(ReturnJunk(2))
    assert rule_of(error) == "SD 5.2"


@pytest.mark.rule("SD 5.2")
def test_junk_is_returned_only_at_sorcery_speed() -> None:
    game = (
        scenario()
        .player(0, hand=["Junk"], battlefield=["Plains"])
        .player(1, **HOLD)
        .at("upkeep")
        .build()
    )
    assert ReturnJunk(0) not in game.legal_actions()
    with pytest.raises(IllegalActionError) as error:
        game.apply(ReturnJunk(0))
    assert rule_of(error) == "SD 5.2"


@pytest.mark.rule("SD 5.3")
@pytest.mark.rule("SD R3")
def test_the_landpile_is_face_up_after_the_deal() -> None:
    game = new_game(2)
    shown = game.view(1)["landpile"]
    assert sum(shown.values()) == len(game.table.zones[LANDPILE]) == 20 - 14
    assert {name: count for name, count in shown.items() if count} == Counter(
        game.table.names(LANDPILE)
    )


@pytest.mark.rule("SD 5.3a")
def test_a_basic_land_costs_two() -> None:
    game = (
        scenario()
        .player(0, battlefield=["Mountain"] * 3, hand=["Shock"])
        .player(1, library=["Island"] * 3)
        .zone(LANDPILE, ["Island", "Forest"])
        .zone(STOCKPILE_ZONES[0], ["Grizzly Bears"])
        .build()
    )
    with pytest.raises(IllegalActionError) as error:
        game.apply(AcquireLand("Swamp"))
    assert rule_of(error) == "SD 5.3a"
    game.apply(AcquireLand("Forest"))
    assert game.table.names("graveyard:0") == ["Forest"]
    assert game.table.cards[game.find("Forest")].owner == 0
    assert sum(c.tapped for c in game.table.permanents(0)) == 2
    with pytest.raises(IllegalActionError) as error:
        game.apply(Acquire(1))
    assert rule_of(error) == "SD 6.2"  # one untapped land cannot pay {2}


@pytest.mark.rule("SD 5.3b")
@pytest.mark.rule("SD 6.5")
def test_the_last_land_of_the_landpile_begins_the_final_round() -> None:
    game = (
        scenario()
        .player(0, battlefield=["Mountain"] * 4, hand=["Shock"])
        .player(1, **HOLD)
        .zone(LANDPILE, ["Island", "Forest"])
        .build()
    )
    game.apply(AcquireLand("Forest"))
    assert not game.variant.state.final_round
    game.apply(AcquireLand("Island"))
    assert game.variant.state.final_round
    assert [e.rule for e in game.log][-2:] == ["SD 5.3b", "SD 6.5"]
    assert str(game.log[-1]).startswith("turn 2: the landpile is empty: this round is the last")


@pytest.mark.rule("SD 5.4")
def test_only_the_top_card_of_a_stockpile_is_seen() -> None:
    game = (
        scenario()
        .player(0, battlefield=["Forest"] * 3, hand=["Shock"])
        .player(1, library=["Island"] * 3)
        .zone(STOCKPILE_ZONES[0], ["Serra Angel", "Hill Giant", "Grizzly Bears"])
        .build()
    )
    for player in (0, 1):
        text = str(game.view(player))
        assert "Grizzly Bears" in text
        assert "Hill Giant" not in text
        assert "Serra Angel" not in text
    game.apply(Acquire(1))
    assert game.view(1)["stockpiles"][0]["top"][1] == "Hill Giant"
    assert "Serra Angel" not in str(game.view(1))


@pytest.mark.rule("SD 5.5")
def test_an_empty_stockpile_offers_nothing() -> None:
    game = (
        scenario()
        .player(0, battlefield=["Forest"] * 3, hand=["Shock"])
        .player(1, library=["Island"] * 3)
        .build()
    )
    assert not any(isinstance(a, Acquire) for a in game.legal_actions())
    with pytest.raises(IllegalActionError) as error:
        game.apply(Acquire(3))
    assert rule_of(error) == "SD 5.5"
    with pytest.raises(IllegalActionError) as error:
        game.apply(Acquire(7))
    assert rule_of(error) == "SD 5.4"


# SD 6: turn structure.


@pytest.mark.rule("SD 6.1")
def test_as_many_acquisitions_as_you_can_pay_for_in_your_main_phase() -> None:
    game = (
        scenario()
        .player(0, battlefield=["Mountain"] * 4, hand=["Lightning Bolt"])
        .player(1, library=["Island"] * 3, **HOLD)
        .zone(STOCKPILE_ZONES[0], ["Shock", "Shock", "Shock"])
        .zone(LANDPILE, ["Island"] * 2)
        .build()
    )
    game.apply(Acquire(1))
    game.apply(Acquire(1))
    assert AcquireLand("Island") in game.legal_actions()
    game.apply(Acquire(1))
    assert game.table.names("graveyard:0") == ["Shock", "Shock", "Shock"]
    assert AcquireLand("Island") not in game.legal_actions()  # one land left cannot pay {2}
    game.apply(Cast(game.find("Lightning Bolt"), Player(1)))  # the stack is not empty
    assert game.priority == 1
    with pytest.raises(IllegalActionError) as error:
        game.apply(Acquire(1))
    assert rule_of(error) == "SD 6.1"


@pytest.mark.rule("SD 6.1")
def test_a_new_turn_allows_a_new_acquisition() -> None:
    game = (
        scenario()
        .player(0, battlefield=["Mountain"], hand=["Shock"])
        .player(1, library=["Island"] * 3)
        .zone(STOCKPILE_ZONES[0], ["Shock", "Shock"])
        .build()
    )
    game.variant.state.acquired = 1  # last turn's acquisition does not count
    game.apply(Acquire(1))
    assert game.variant.state.acquired == 2


@pytest.mark.rule("SD 6.2")
def test_the_price_is_the_mana_value_in_generic_mana_at_least_one() -> None:
    game = (
        scenario()
        .player(0, battlefield=["Island", "Island"], hand=["Shock"])
        .player(1, library=["Island"] * 3)
        .zone(STOCKPILE_ZONES[0], ["Ornithopter"])
        .zone(STOCKPILE_ZONES[1], ["Lightning Bolt"])
        .zone(STOCKPILE_ZONES[2], ["Hill Giant"])
        .build()
    )
    with pytest.raises(IllegalActionError) as error:
        game.apply(Acquire(3))
    assert rule_of(error) == "SD 6.2"
    game.apply(Acquire(2))  # a red card paid with blue mana
    assert [c.tapped for c in game.table.permanents(0)] == [True, False]


@pytest.mark.rule("SD 6.2")
def test_a_card_of_mana_value_zero_costs_one() -> None:
    game = (
        scenario()
        .player(0, battlefield=["Island"], hand=["Shock"])
        .player(1, library=["Island"] * 3)
        .zone(STOCKPILE_ZONES[0], ["Ornithopter"])
        .build()
    )
    game.apply(Acquire(1))
    assert "pays {1}" in game.log[0].text


@pytest.mark.rule("SD 6.3")
@pytest.mark.rule("SD R2")
def test_an_acquired_card_goes_to_the_graveyard_and_is_owned() -> None:
    game = (
        scenario()
        .player(0, battlefield=["Forest"] * 2, hand=["Shock"])
        .player(1, library=["Island"] * 3)
        .zone(STOCKPILE_ZONES[0], ["Grizzly Bears"])
        .build()
    )
    bears = game.find("Grizzly Bears")
    assert game.table.cards[bears].owner == UNOWNED
    game.apply(Acquire(1))
    assert game.table.where[bears] == "graveyard:0"
    assert game.table.cards[bears].owner == 0


@pytest.mark.rule("SD 6.4")
def test_an_empty_library_is_refilled_from_the_graveyard() -> None:
    game = (
        scenario()
        .player(0, battlefield=["Mountain"], hand=["Shock"], graveyard=["Hill Giant", "Junk"])
        .player(1, **HOLD)
        .at("upkeep")
        .build()
    )
    game.apply(Pass())  # Ann passes, then Ben: the draw step begins
    game.apply(Pass())
    assert len(game.table.zones["hand:0"]) == 2
    assert len(game.table.zones["library:0"]) == 1
    assert game.table.zones["graveyard:0"] == []


@pytest.mark.rule("SD 6.4")
def test_the_new_library_is_the_graveyard_shuffled() -> None:
    game = (
        scenario()
        .player(
            0, battlefield=["Mountain"], hand=["Shock"], graveyard=["Hill Giant", "Junk", "Forest"]
        )
        .player(1, **HOLD)
        .at("upkeep")
        .build()
    )
    graveyard = list(game.table.zones["graveyard:0"])
    # Chance reverses the graveyard, so its first card ends on top and is the one drawn; a
    # library made without shuffling would give Ann the last card instead.
    game.chance.script("reshuffle", [2, 1, 0])
    game.apply(Pass())
    game.apply(Pass())
    assert game.table.zones["library:0"] == [graveyard[2], graveyard[1]]
    assert game.table.zones["hand:0"][-1] == graveyard[0]


@pytest.mark.rule("SD 6.4")
def test_nothing_to_draw_is_not_a_loss() -> None:
    game = scenario().player(0, **HOLD).player(1, **HOLD).at("upkeep").build()
    game.apply(Pass())
    game.apply(Pass())
    assert game.step == "draw"
    assert game.log.citing("SD 6.4")
    assert game.outcome is None
    assert not game.table.players[0].drew_from_empty
    assert game.log.citing("MG 5.3") == []


@pytest.mark.rule("SD 6.4")
def test_a_ten_card_deck_outlives_its_fourth_draw() -> None:
    game = new_game(2)
    play(game, [RandomAgent(1), RandomAgent(2)])
    assert game.outcome is not None
    assert game.turn > 8
    assert game.log.citing("MG 5.3") == []


@pytest.mark.rule("SD 6.5")
def test_the_final_round_ends_with_the_most_life_winning() -> None:
    game = (
        scenario(3)
        .player(0, battlefield=["Forest"] * 2, life=16)
        .player(1, life=15)
        .player(2, life=9)
        .zone(STOCKPILE_ZONES[0], ["Hill Giant"] * 2)
        .zone(STOCKPILE_ZONES[1], ["Shock"] * 2)
        .zone(STOCKPILE_ZONES[2], ["Shock"] * 2)
        .zone(STOCKPILE_ZONES[5], ["Grizzly Bears"])
        .build()
    )
    game.apply(Acquire(6))
    assert game.variant.state.final_round
    assert game.outcome is not None
    assert game.outcome.winners == (0,)
    assert game.outcome.reason_rule == "SD 6.5"
    assert game.turn == 4  # Ben and Cat had their turns


@pytest.mark.rule("SD 6.5")
def test_two_empty_stockpiles_do_not_end_the_game() -> None:
    game = (
        scenario()
        .player(0, battlefield=["Forest"] * 2, hand=["Shock"])
        .player(1, **HOLD)
        .zone(LANDPILE, ["Island"])
        .zone(STOCKPILE_ZONES[0], ["Hill Giant"] * 2)
        .zone(STOCKPILE_ZONES[1], ["Shock"] * 2)
        .zone(STOCKPILE_ZONES[2], ["Shock"] * 2)
        .zone(STOCKPILE_ZONES[3], ["Shock"] * 2)
        .zone(STOCKPILE_ZONES[5], ["Grizzly Bears"])
        .build()
    )
    game.apply(Acquire(6))
    assert not game.variant.state.final_round


@pytest.mark.rule("SD 6.5")
def test_three_empty_stockpiles_end_the_game_with_lands_left() -> None:
    game = (
        scenario()
        .player(0, battlefield=["Forest"] * 2, hand=["Shock"])
        .player(1, **HOLD)
        .zone(LANDPILE, ["Island"])
        .zone(STOCKPILE_ZONES[0], ["Hill Giant"] * 2)
        .zone(STOCKPILE_ZONES[1], ["Shock"] * 2)
        .zone(STOCKPILE_ZONES[2], ["Shock"] * 2)
        .zone(STOCKPILE_ZONES[5], ["Grizzly Bears"])
        .build()
    )
    game.apply(Acquire(6))
    assert game.variant.state.final_round
    assert "3 stockpiles are empty" in str(game.log.citing("SD 6.5")[0])


@pytest.mark.rule("SD 6.6")
@pytest.mark.rule("SD R2")
def test_a_player_dealt_damage_takes_a_junk_card_at_the_end_of_the_turn() -> None:
    game = (
        scenario(3)
        .player(0, battlefield=["Mountain"] * 2, hand=["Shock", "Shock"])
        .player(1)
        .player(2)
        .zone(JUNKPILE, ["Junk"])
        .build()
    )
    game.apply(Cast(game.find("Shock"), Player(1)))
    game.apply(Pass())
    game.apply(Pass())
    game.apply(Pass())
    game.apply(Cast(game.find("Shock", "hand:0"), Player(2)))
    while game.turn == 2:
        game.apply(Pass())
    taken = game.log.citing("SD 6.6")
    assert [str(e) for e in taken] == [
        "turn 2: Ben was dealt damage this turn and takes a Junk card into their graveyard "
        "(SD 6.6)",
        "turn 2: Cat was dealt damage, but the junkpile is empty (SD 6.6)",
    ]
    junk = game.find("Junk")
    assert game.table.cards[junk].owner == 1  # in Ben's hand now: his graveyard was reshuffled
    assert game.table.where[junk] == "hand:1"
    assert game.variant.state.damage_seen == [0, 2, 2]


@pytest.mark.rule("SD 6.6")
def test_the_last_junk_card_goes_to_the_first_hurt_player_in_turn_order() -> None:
    # Ben is active and hurts Ann (seat 0) and Cat (seat 2) with one Junk card left: Cat comes
    # before Ann in turn order from Ben (CR 101.4), so she takes it, not the lower seat.
    game = (
        scenario(3)
        .player(0)
        .player(1, battlefield=["Mountain"] * 2, hand=["Shock", "Shock"])
        .player(2)
        .zone(JUNKPILE, ["Junk"])
        .at("main1", active=1)
        .build()
    )
    game.apply(Cast(game.find("Shock"), Player(0)))
    while game.priority != 1 or game.table.zones["stack"]:
        game.apply(Pass())
    game.apply(Cast(game.find("Shock", "hand:1"), Player(2)))
    while game.turn == 2:
        game.apply(Pass())
    assert [str(e) for e in game.log.citing("SD 6.6")] == [
        "turn 2: Cat was dealt damage this turn and takes a Junk card into their graveyard "
        "(SD 6.6)",
        "turn 2: Ann was dealt damage, but the junkpile is empty (SD 6.6)",
    ]
    assert game.table.cards[game.find("Junk")].owner == 2


@pytest.mark.rule("SD 6.6")
def test_no_damage_no_junk() -> None:
    game = scenario().player(0).player(1).zone(JUNKPILE, ["Junk"]).build()
    while game.turn == 2:
        game.apply(Pass())
    assert game.log.citing("SD 6.6") == []
    assert game.variant.state.damage_seen == [0, 0]


# Rulings.


@pytest.mark.rule("SD R2")
@pytest.mark.rule("MG R6")
def test_a_leaving_player_takes_their_cards_and_the_piles_stay() -> None:
    game = new_game(3)
    owned = {c.id for c in game.table.cards if c.owner == 1}
    game.table.players[1].life = 0
    game.check_state_based_actions()
    assert set(game.table.zones["left"]) == owned
    assert sum(len(game.table.zones[z]) for z in STOCKPILE_ZONES) == 150


@pytest.mark.rule("SD R5")
def test_everyone_is_in_range_of_everyone() -> None:
    game = (
        scenario(3)
        .player(0, battlefield=["Hill Giant"])
        .player(1)
        .player(2)
        .at("beginning_of_combat")
        .build()
    )
    game.apply(Pass())
    game.apply(Attack(game.find("Hill Giant"), player=2))
    assert game.table.players[2].life == 17


# Play and hidden information.


def test_the_heuristic_agent_builds_a_deck() -> None:
    game = FORMATS["stockpile"].new_game(5, 2)
    play(game, [StockpileAgent(1), StockpileAgent(2)])
    assert game.outcome is not None
    assert game.log.citing("SD 6.3") or game.log.citing("SD 5.3a")


@pytest.mark.rule("SD 2.4")
@pytest.mark.rule("SD 5.4")
@pytest.mark.parametrize("players", [2, 5, 8])
def test_no_view_shows_a_hidden_card(players: int) -> None:
    game = FORMATS["stockpile"].new_game(11, players)
    agents = [StockpileAgent(seat) for seat in range(players)]
    steps = 0
    while game.outcome is None and steps < 400:
        assert hidden_cards_shown(game) == []
        player = game.current_player()
        game.apply(agents[player].choose(game.view(player), game.legal_actions()))
        steps += 1


def test_a_saved_game_plays_on_identically() -> None:
    game = FORMATS["stockpile"].new_game(2, 4)
    agents = [RandomAgent(seat) for seat in range(4)]
    for _ in range(60):
        player = game.current_player()
        game.apply(agents[player].choose(game.view(player), game.legal_actions()))
    assert game.outcome is None
    copy = MagicGame.loads(game.dumps())
    assert copy.dumps() == game.dumps()
    action = game.legal_actions()[-1]
    game.apply(action)
    copy.apply(action)
    assert copy.dumps() == game.dumps()


# The command line.


@pytest.mark.rule("SD 1.4")
def test_the_command_line_plays_a_four_player_game(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["play", "stockpile", "--players", "4", "--seed", "7"]) == 0
    out, err = capsys.readouterr()
    assert out.startswith("Stockpile Draft, seed 7, 4 players")
    for rule in ("SD R1", "SD 2.4", "SD 6.3", "SD 6.4", "MG 4.1"):
        assert f"({rule})" in out
    assert "result: " in out
    assert err == ""


@pytest.mark.rule("SD 1.3")
def test_the_command_line_plays_from_a_cube_file(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    cube = tmp_path / "cube.txt"
    cube.write_text("".join(f"1 {name}\n" for name in default_cube().names), encoding="utf-8")
    args = ["simulate", "stockpile", "-n", "2", "--players", "3", "--no-progress"]
    assert main([*args, "--cube", str(cube)]) == 0
    out, _ = capsys.readouterr()
    assert "Stockpile Draft: 2 games, 3 players" in out
    cube.write_text("1 Lightning Bolt\n", encoding="utf-8")
    assert main([*args, "--cube", str(cube)]) == 2
    _, err = capsys.readouterr()
    assert "needs at least 150 (SD 1.3)" in err
    assert "Traceback" not in err


def test_only_stockpile_is_played_from_a_cube(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    assert main(["play", "leveler", "--cube", str(tmp_path / "cube.txt")]) == 2
    _, err = capsys.readouterr()
    assert "Leveler is not played from a cube" in err


# Saved games.


def test_a_saved_game_passes_the_variant_state_checks() -> None:
    game = FORMATS["stockpile"].new_game(2, 3)
    play(game, [StockpileAgent(seat) for seat in range(3)])
    restored = MagicGame.from_json(read_save(game.dumps()))
    check_variant_state(restored)


@pytest.mark.parametrize(
    ("change", "reason"),
    [
        ({"acquired": "2"}, "variant_state.acquired: '2' is not of type 'integer'"),
        ({"acquired": -1}, "variant_state.acquired: -1 is less than the minimum of 0"),
        ({"extra": 1}, "Additional properties are not allowed"),
        ({"damage_seen": [-1]}, "variant_state.damage_seen[0]: -1 is less than the minimum of 0"),
    ],
)
def test_a_malformed_variant_state_is_refused(change: dict[str, object], reason: str) -> None:
    data = json.loads(new_game(2).dumps())
    data["variant_state"].update(change)
    with pytest.raises(SerializationError, match=re.escape(reason)):
        MagicGame.loads(json.dumps(data))


@pytest.mark.rule("SD 6.1")
def test_an_acquisition_in_a_future_turn_is_refused() -> None:
    game = new_game(2)
    game.variant.state.acquired = game.turn + 1
    with pytest.raises(SerializationError, match=r"variant_state\.acquired: .* \(SD 6\.1\)"):
        check_variant_state(game)


@pytest.mark.rule("SD 6.5")
def test_a_final_round_needs_three_empty_stockpiles_or_an_empty_landpile() -> None:
    game = new_game(2)
    game.variant.state.final_round = True
    with pytest.raises(SerializationError, match=r"0 of 3 stockpiles empty .*\(SD 6\.5\)"):
        check_variant_state(game)
    for zone in STOCKPILE_ZONES[:3]:
        for card_id in list(game.table.zones[zone]):
            game.table.move(card_id, "exile")
    check_variant_state(game)
    game = new_game(2)
    game.variant.state.final_round = True
    for card_id in list(game.table.zones[LANDPILE]):
        game.table.move(card_id, "exile")
    check_variant_state(game)


@pytest.mark.rule("SD 6.6")
def test_damage_seen_must_have_been_taken() -> None:
    game = new_game(2)
    game.variant.state.damage_seen = [0, 3]
    with pytest.raises(SerializationError, match=r"damage_seen\[1\]: 3 damage seen.*\(SD 6\.6\)"):
        check_variant_state(game)
    game.variant.state.damage_seen = [0, 0, 0]
    with pytest.raises(SerializationError, match=r"for 3 players at a table of 2 \(SD 6\.6\)"):
        check_variant_state(game)


@pytest.mark.rule("SD R2")
def test_an_owned_card_in_a_stockpile_is_refused() -> None:
    game = new_game(2)
    game.table.cards[game.table.zones[STOCKPILE_ZONES[0]][0]].owner = 1
    with pytest.raises(SerializationError, match=r"impossible state: card .* has an owner"):
        check_variant_state(game)


def test_the_format_offers_its_save_checks_as_hooks() -> None:
    fmt = Stockpile(cube=CUBE)
    assert fmt.variant_state_record() is StockpileRecord
    game = new_game(2)
    fmt.check_restored(game)
    game.variant.state.acquired = 99
    with pytest.raises(SerializationError, match=r"\(SD 6\.1\)"):
        fmt.check_restored(game)


@pytest.mark.rule("SD 5.3")
def test_the_land_types_on_offer_are_those_the_landpile_counts() -> None:
    """The acquisitions offered name the basic types the landpile holds, found by a search that
    stops once every type has turned up; they must be the types its full count finds, however
    far the pile has been taken."""
    from rulekeeper.mtg.formats.stockpile.piles import (
        LANDPILE,
        landpile_contents,
        landpile_types,
    )

    game = FORMATS["stockpile"].new_game(3, 3)
    assert isinstance(game, MagicGame)
    pile = game.table.zones[LANDPILE]
    seen = set()
    while pile:
        counted = [name for name, count in landpile_contents(game).items() if count]
        assert landpile_types(game) == counted
        seen.add(len(counted))
        game.table.move(pile[-1], "exile")  # the pile taken away card by card
    assert landpile_types(game) == []
    assert len(seen) > 1  # the types thinned out as the pile did


# The rulings of the redesign and of the open questions (SD R6 to SD R11).


@pytest.mark.rule("SD R6")
@pytest.mark.parametrize("players", [3, 4, 8])
def test_the_formats_own_end_decides_the_bot_games(players: int) -> None:
    entry = FORMATS["stockpile"]
    endings = []
    for seed in range(4):
        game = entry.new_game(seed, players)
        endings.append(play(game, [entry.agents["heuristic"](s) for s in range(players)]))
    assert sum(o.reason_rule == "SD 6.5" for o in endings) >= 2


@pytest.mark.rule("SD 3.2")
@pytest.mark.rule("MG 2.3")
def test_the_first_draw_is_left_to_the_magic_essentials() -> None:
    """SD 3.2 adds nothing to MG 2.3: the format has no draw step of its own."""
    assert "enter" not in vars(Stockpile)
    game = new_game(2, seed=5)
    first = game.first_player
    assert game.log.citing("MG 2.3")[0].text == f"{game.name_of(first)} skips the first draw"


@pytest.mark.rule("SD R7")
def test_milling_an_unseen_library_shows_only_the_milled_cards() -> None:
    game = (
        scenario()
        .player(0, hand=["Thought Scour"], battlefield=["Island"], library=["Forest"] * 4)
        .player(1, **HOLD)
        .build()
    )
    game.apply(Cast(game.find("Thought Scour"), Player(0)))
    while game.table.zones["stack"]:
        game.apply(Pass())
    assert game.view(1)["players"][0]["graveyard"] == ["Forest", "Forest", "Thought Scour"]
    assert game.view(0)["players"][0]["library"] == 1
    assert hidden_cards_shown(game) == []


@pytest.mark.rule("SD R8")
def test_junk_shares_a_name_with_no_card() -> None:
    from rulekeeper.mtg.formats.stockpile.junk import shares_name

    game = scenario().player(0, hand=["Junk", "Junk", "Shock", "Shock"]).player(1).build()
    assert not shares_name(game, 0, 1)
    assert shares_name(game, 2, 3)
    assert not shares_name(game, 0, 2)


@pytest.mark.rule("SD R9")
def test_the_format_is_the_magic_essentials_with_hooks() -> None:
    from rulekeeper.mtg.hooks import MagicFormat

    assert Stockpile.__mro__[1] is MagicFormat
    assert Stockpile.facts.prefix == "SD"
    # A game is the essentials' game with the format's hooks in it.
    game = new_game(2)
    assert isinstance(game, MagicGame)
    assert isinstance(game.variant, Stockpile)


@pytest.mark.rule("SD R10")
def test_junk_is_a_card_type_and_no_permanent_type() -> None:
    from rulekeeper.mtg.formats.stockpile.junk import JUNK_CARD

    assert JUNK_CARD.types == ("Junk",)
    assert not any(JUNK_CARD.has_type(t) for t in ("Artifact", "Creature", "Enchantment", "Land"))
    game = scenario().player(0, hand=["Junk", "Shock"]).player(1).build()
    assert [is_junk(game, card_id) for card_id in (0, 1)] == [True, False]


@pytest.mark.rule("SD R11")
@pytest.mark.rule("SD R2")
def test_exiled_junk_stays_its_owners_and_nowhere_else() -> None:
    from rulekeeper.mtg.formats.stockpile.junk import junk_out_of_place

    game = scenario().player(0, hand=["Junk", "Junk"]).player(1).build()
    game.table.move(0, "exile")
    assert junk_out_of_place(game) == []
    game.table.move(1, "graveyard:1")  # Ann's Junk in Ben's graveyard
    assert junk_out_of_place(game) == ["Junk card 1 of player 0 is in graveyard:1"]
    assert "Junk card 1 of player 0 is in graveyard:1" in Stockpile(cube=CUBE).invariants(game)


@pytest.mark.rule("SD 6.5")
def test_a_tie_on_life_goes_to_the_fewest_junk() -> None:
    game = (
        scenario(3)
        .player(0, battlefield=["Forest"] * 2, life=15, hand=["Junk", "Junk"])
        .player(1, life=15, library=["Junk"])
        .player(2, life=9)
        .zone(LANDPILE, ["Island"])
        .zone(STOCKPILE_ZONES[0], ["Hill Giant"] * 2)
        .zone(STOCKPILE_ZONES[1], ["Shock"] * 2)
        .zone(STOCKPILE_ZONES[2], ["Shock"] * 2)
        .zone(STOCKPILE_ZONES[5], ["Grizzly Bears"])
        .build()
    )
    game.apply(Acquire(6))
    assert game.outcome is not None
    assert game.outcome.winners == (1,)
