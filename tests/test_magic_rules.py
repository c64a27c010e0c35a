"""The Magic essentials (MG 1 to MG 6) and their rulings (MG R1 to MG R5), one rule at a time.

Positions come from the scenario builder. Alice is player 0, Bob player 1; unless a test says
otherwise it is Alice's turn 2, in her first main phase, in a game of Leveler (30 life). The
engine passes by itself wherever passing is the only choice (MG R3), so a test that needs the
game to stop gives a player an instant and an untapped land to hold.
"""

from __future__ import annotations

import json
import random
from collections.abc import Iterable

import pytest

from rulekeeper.engine import RandomAgent, play
from rulekeeper.engine.game import Action, player_names
from rulekeeper.errors import IllegalActionError, InputError
from rulekeeper.games import FORMATS
from rulekeeper.mtg.actions import (
    FORCED,
    AssignDamage,
    Attack,
    Block,
    Cast,
    Discard,
    EndAttacks,
    EndBlocks,
    Pass,
    Player,
    PlayLand,
)
from rulekeeper.mtg.agents import HeuristicAgent
from rulekeeper.mtg.cards import card
from rulekeeper.mtg.game import STEPS, TURN_LIMIT, MagicGame
from rulekeeper.mtg.hooks import MagicFormat
from rulekeeper.mtg.mana import ManaCost
from rulekeeper.mtg.scenario import Scenario

ISLANDS = ["Island"] * 5  # a library to draw from, so nobody loses by MG 5.3 by accident
HOLD = {"hand": ["Shock"], "battlefield": ["Mountain"]}  # an instant to hold: the game waits


def plain_game(decks: Iterable[list[str]], *, seed: int = 1) -> MagicGame:
    """A new game of plain Magic (20 life), each deck one section."""
    return MagicGame.new(
        MagicFormat(), [[deck] for deck in decks], seed=seed, names=["Alice", "Bob"]
    )


def assert_illegal(game: MagicGame, action: Action, rule: str) -> IllegalActionError:
    """``action`` is refused citing ``rule``, is not offered, and changes nothing."""
    before = game.dumps()
    with pytest.raises(IllegalActionError) as raised:
        game.apply(action)
    assert raised.value.rule == rule, raised.value
    assert game.dumps() == before
    assert action not in game.legal_actions()
    return raised.value


def combat(attacker: dict[str, list[str]], defender: dict[str, list[str]]) -> MagicGame:
    """Alice at the declare attackers step with her creatures; Bob defends."""
    game = (
        Scenario("leveler")
        .player(0, library=ISLANDS, **attacker)
        .player(1, library=ISLANDS, **defender)
        .at("beginning_of_combat")
        .build()
    )
    while game.step == "beginning_of_combat":
        game.apply(Pass())
    return game


def texts(game: MagicGame, rule: str) -> list[str]:
    return [event.text for event in game.log.citing(rule)]


# 1. Players and zones.


@pytest.mark.rule("MG 1.1")
def test_two_players_start_at_the_formats_life() -> None:
    game = plain_game([["Forest"] * 10, ["Island"] * 10])
    assert [p.life for p in game.table.players] == [20, 20]
    leveler = Scenario("leveler").player(0).player(1).build()
    assert [p.life for p in leveler.table.players] == [30, 30]


@pytest.mark.rule("MG 1.1")
def test_a_game_for_three_is_refused() -> None:
    with pytest.raises(InputError, match=r"not 3 \(MG 1\.1\)"):
        MagicGame.new(MagicFormat(), [[["Forest"] * 10]] * 3, seed=1)


@pytest.mark.rule("MG 1.2")
def test_each_player_has_library_hand_graveyard_and_the_rest_is_shared() -> None:
    game = plain_game([["Forest"] * 10, ["Island"] * 10])
    assert sorted(game._zones()) == sorted(
        [
            "library:0",
            "hand:0",
            "graveyard:0",
            "library:1",
            "hand:1",
            "graveyard:1",
            "battlefield",
            "exile",
            "stack",
            "left",
        ]
    )


@pytest.mark.rule("MG 1.2")
def test_a_view_shows_only_what_that_player_may_see() -> None:
    game = (
        Scenario("leveler")
        .player(
            0,
            hand=["Lightning Bolt", "Serra Angel"],
            library=["Craw Wurm"],
            graveyard=["Divination"],
        )
        .player(1, hand=["Murder"], library=["Giant Spider"])
        .build()
    )
    bob = json.dumps(game.view(1))
    assert "Lightning Bolt" not in bob
    assert "Serra Angel" not in bob
    assert "Craw Wurm" not in bob  # Alice's library
    assert "Giant Spider" not in bob  # nobody sees a library, not even its owner
    assert "Divination" in bob  # graveyards are public
    assert "Murder" in bob  # Bob's own hand
    assert game.view(1)["players"][0]["hand"] == 2
    assert game.view(1)["players"][0]["library"] == 1
    alice = json.dumps(game.view(0))
    assert "Murder" not in alice
    assert "Lightning Bolt" in alice


@pytest.mark.rule("MG 1.2")
def test_a_library_keeps_its_order() -> None:
    game = (
        Scenario("leveler")
        .player(0, hand=["Shock"], battlefield=["Mountain"], library=["Forest", "Swamp", "Plains"])
        .player(1)
        .at("upkeep")
        .build()
    )
    game.apply(Pass())
    assert game.table.names("hand:0") == ["Shock", "Forest"]
    assert game.table.names("library:0") == ["Plains", "Swamp"]  # bottom first


@pytest.mark.rule("MG 1.3")
def test_a_new_game_shuffles_picks_a_first_player_and_deals_seven() -> None:
    deck = ["Forest", "Grizzly Bears", "Giant Spider", "Craw Wurm"] * 5
    game = plain_game([deck, list(deck)])
    assert [len(game.table.zones[f"hand:{p}"]) for p in (0, 1)] == [7, 7]
    assert [len(game.table.zones[f"library:{p}"]) for p in (0, 1)] == [13, 13]
    assert game.log[0].rule == "MG 1.3"
    assert "goes first" in game.log[0].text
    # The cards were created in deck order (IDs 0-19 for Alice); shuffling changed that order.
    library = game.table.zones["library:0"]
    assert sorted(library + game.table.zones["hand:0"]) == list(range(20))
    assert library != sorted(library)
    assert library != sorted(library, reverse=True)


@pytest.mark.rule("MG 1.3")
def test_the_first_player_is_chosen_at_random() -> None:
    firsts = {
        plain_game([["Forest"] * 10, ["Island"] * 10], seed=seed).first_player for seed in range(12)
    }
    assert firsts == {0, 1}


@pytest.mark.rule("MG 1.4")
def test_damage_lowers_life_and_counts_and_life_gain_does_not_undo_the_count() -> None:
    game = (
        Scenario("leveler")
        .player(0, hand=["Lightning Helix"], battlefield=["Mountain", "Plains"])
        .player(1, library=ISLANDS)
        .build()
    )
    game.apply(Cast(game.find("Lightning Helix"), Player(0)))
    alice = game.table.players[0]
    assert (alice.life, alice.damage_taken) == (30, 3)


# 2. Turn structure.


@pytest.mark.rule("MG 2.1")
def test_the_steps_come_in_order() -> None:
    assert STEPS == (
        "untap",
        "upkeep",
        "draw",
        "main1",
        "beginning_of_combat",
        "declare_attackers",
        "declare_blockers",
        "first_strike_damage",
        "combat_damage",
        "end_of_combat",
        "main2",
        "end",
        "cleanup",
    )
    game = (
        Scenario("leveler")
        .player(0, battlefield=["Youthful Knight", "Mountain"], hand=["Shock"], library=ISLANDS)
        .player(1, battlefield=["Grizzly Bears", "Mountain"], hand=["Shock"], library=ISLANDS)
        .at("upkeep")
        .build()
    )
    seen = [game.step]
    while game.active == 0:
        if game.decision == "attackers":
            game.apply(Attack(game.find("Youthful Knight")))
        elif game.decision == "blockers":
            game.apply(EndBlocks())
        else:
            game.apply(Pass())
        if game.step != seen[-1]:
            seen.append(game.step)
    assert seen == [
        "upkeep",
        "draw",
        "main1",
        "beginning_of_combat",
        "declare_attackers",
        "declare_blockers",
        "first_strike_damage",
        "combat_damage",
        "end_of_combat",
        "main2",
        "end",
        "upkeep",
    ]


@pytest.mark.rule("MG 2.1")
def test_without_attackers_players_get_priority_then_combat_goes_to_its_end() -> None:
    # CR 508.8: no creature could attack, yet the declare attackers step gives priority.
    game = (
        Scenario("leveler")
        .player(0, library=ISLANDS, **HOLD)
        .player(1, library=ISLANDS, **HOLD)
        .at("beginning_of_combat")
        .build()
    )
    game.apply(Pass())
    game.apply(Pass())
    assert (game.step, game.decision, game.priority) == ("declare_attackers", "priority", 0)
    game.apply(Pass())
    game.apply(Pass())
    assert game.step == "end_of_combat"


@pytest.mark.rule("MG 2.1")
def test_declaring_no_attacker_still_gives_priority_before_the_end_of_combat() -> None:
    game = (
        Scenario("leveler")
        .player(0, hand=["Shock"], battlefield=["Grizzly Bears", "Mountain"], library=ISLANDS)
        .player(1, library=ISLANDS, **HOLD)
        .at("beginning_of_combat")
        .build()
    )
    game.apply(Pass())
    game.apply(Pass())
    assert game.decision == "attackers"
    game.apply(EndAttacks())
    assert (game.step, game.decision, game.priority) == ("declare_attackers", "priority", 0)
    game.apply(Pass())
    game.apply(Pass())
    assert game.step == "end_of_combat"


@pytest.mark.rule("MG 2.2")
def test_the_untap_step_untaps_only_the_active_players_permanents() -> None:
    game = (
        Scenario("leveler")
        .player(0, battlefield=["Forest"], tapped=["Forest"], library=ISLANDS)
        .player(
            1,
            hand=["Shock"],
            battlefield=["Mountain", "Swamp"],
            tapped=["Mountain", "Swamp"],
            library=ISLANDS,
        )
        .at("end")
        .build()
    )
    game.apply(Pass())
    assert (game.turn, game.active) == (3, 1)
    assert not game.table.cards[game.find("Mountain")].tapped
    assert not game.table.cards[game.find("Swamp")].tapped
    assert game.table.cards[game.find("Forest")].tapped


@pytest.mark.rule("MG 2.3")
def test_the_active_player_draws_in_the_draw_step() -> None:
    game = (
        Scenario("leveler")
        .player(0, library=["Forest", "Swamp"], **HOLD)
        .player(1)
        .at("upkeep")
        .build()
    )
    game.apply(Pass())
    assert game.step == "draw"
    assert game.table.names("hand:0") == ["Shock", "Forest"]
    assert texts(game, "MG 2.3") == ["Alice draws for the turn"]


@pytest.mark.rule("MG 2.3")
def test_the_first_player_skips_only_the_first_draw() -> None:
    game = plain_game([["Forest"] * 20, ["Island"] * 20])
    first, second = game.first_player, 1 - game.first_player
    assert texts(game, "MG 2.3") == [f"{game.name_of(first)} skips the first draw"]
    assert len(game.table.zones[f"hand:{first}"]) == 7
    while game.active == first:
        game.apply(game.legal_actions()[0])
    assert texts(game, "MG 2.3")[1] == f"{game.name_of(second)} draws for the turn"


@pytest.mark.rule("MG 2.3")
@pytest.mark.parametrize("format_key", ["vortex", "stockpile"])
def test_nobody_skips_the_first_draw_at_a_table_of_more_than_two(format_key: str) -> None:
    # Magic skips the first draw only in a two-player game (Comprehensive Rules 103.8a);
    # in any other multiplayer game nobody skips it (103.8c).
    game = FORMATS[format_key].new_game(3, 3)
    assert isinstance(game, MagicGame)
    while game.turn == 1 and game.outcome is None:
        game.apply(game.legal_actions()[0])
    first = game.name_of(game.first_player)
    assert texts(game, "MG 2.3")[0] == f"{first} draws for the turn"
    assert not any("skips" in text for text in texts(game, "MG 2.3"))


@pytest.mark.rule("MG 2.4")
def test_cleanup_discards_to_seven_then_removes_damage() -> None:
    hand = [
        "Shock",
        "Craw Wurm",
        "Serra Angel",
        "Air Elemental",
        "Earth Elemental",
        "Fire Elemental",
        "Obsianus Golem",
        "Phyrexian Hulk",
        "Razorfield Thresher",
    ]
    game = (
        Scenario("leveler")
        .player(0, hand=hand, battlefield=["Mountain"], library=ISLANDS)
        .player(1, battlefield=["Hill Giant"], library=ISLANDS)
        .at("main2")
        .build()
    )
    giant = game.table.cards[game.find("Hill Giant")]
    game.apply(Cast(game.find("Shock"), giant.id))
    assert (game.step, game.decision, giant.damage) == ("cleanup", "discard", 2)
    assert game.legal_actions() == [Discard(i) for i in game.table.zones["hand:0"]]
    assert_illegal(game, Pass(), "MG 2.5")
    game.apply(Discard(game.find("Razorfield Thresher")))
    assert len(game.table.zones["hand:0"]) == 7
    assert giant.damage == 0
    assert game.active == 1
    assert texts(game, "MG 2.4") == ["Alice discards Razorfield Thresher to hand size"]


@pytest.mark.rule("MG 2.4")
def test_seven_cards_need_no_discard() -> None:
    hand = [
        "Craw Wurm",
        "Serra Angel",
        "Air Elemental",
        "Earth Elemental",
        "Fire Elemental",
        "Obsianus Golem",
        "Phyrexian Hulk",
    ]
    game = (
        Scenario("leveler")
        .player(0, hand=hand, library=ISLANDS)
        .player(1, library=ISLANDS)
        .at("end")
        .build()
    )
    game.apply(Pass())
    assert game.active == 1
    assert len(game.table.zones["hand:0"]) == 7


@pytest.mark.rule("MG 2.4")
def test_discarding_is_only_for_cleanup_and_only_from_your_own_hand() -> None:
    game = (
        Scenario("leveler")
        .player(0, library=ISLANDS, **HOLD)
        .player(1, hand=["Murder"], library=ISLANDS)
        .build()
    )
    assert_illegal(game, Discard(game.find("Shock")), "MG 2.4")
    hand = [
        "Shock",
        "Craw Wurm",
        "Serra Angel",
        "Air Elemental",
        "Earth Elemental",
        "Fire Elemental",
        "Obsianus Golem",
        "Phyrexian Hulk",
        "Razorfield Thresher",
    ]
    game = (
        Scenario("leveler")
        .player(0, hand=hand[1:], library=ISLANDS)
        .player(1, hand=["Murder"], library=ISLANDS)
        .at("end")
        .build()
    )
    game.apply(Pass())
    assert game.decision == "discard"
    assert_illegal(game, Discard(game.find("Murder")), "MG 2.4")


@pytest.mark.rule("MG 2.5")
def test_priority_goes_to_the_active_player_then_in_turn_order() -> None:
    game = (
        Scenario("leveler")
        .player(0, library=ISLANDS, **HOLD)
        .player(1, library=ISLANDS, **HOLD)
        .at("upkeep")
        .build()
    )
    assert (game.step, game.priority) == ("upkeep", 0)
    game.apply(Pass())
    assert (game.step, game.priority) == ("upkeep", 1)
    game.apply(Pass())
    assert (game.step, game.priority) == ("draw", 0)


@pytest.mark.rule("MG 2.5")
def test_after_a_spell_resolves_the_active_player_gets_priority_and_the_step_goes_on() -> None:
    game = (
        Scenario("leveler")
        .player(
            0,
            hand=["Shock", "Lightning Bolt"],
            battlefield=["Mountain", "Mountain"],
            library=ISLANDS,
        )
        .player(1, library=ISLANDS, **HOLD)
        .build()
    )
    game.apply(Cast(game.find("Lightning Bolt"), Player(1)))
    game.apply(Pass())  # Alice passes with the bolt on the stack
    assert game.priority == 1
    game.apply(Pass())  # Bob passes: the bolt resolves
    assert (game.step, game.priority) == ("main1", 0)
    assert game.table.players[1].life == 27


@pytest.mark.rule("MG 2.5")
def test_a_pending_declaration_must_be_finished_before_passing() -> None:
    game = combat({"battlefield": ["Grizzly Bears"]}, {})
    assert game.decision == "attackers"
    error = assert_illegal(game, Pass(), "MG 2.5")
    assert "attackers decision" in error.reason


# 3. Lands, mana and spells.


@pytest.mark.rule("MG 3.1")
def test_one_land_a_turn() -> None:
    game = (
        Scenario("leveler")
        .player(0, hand=["Forest", "Plains", "Shock"], battlefield=["Mountain"], library=ISLANDS)
        .player(1, library=ISLANDS)
        .build()
    )
    game.apply(PlayLand(game.find("Forest")))
    assert game.table.where[game.find("Forest")] == "battlefield"
    error = assert_illegal(game, PlayLand(game.find("Plains")), "MG 3.1")
    assert error.reason == "you have already played a land this turn"


@pytest.mark.rule("MG 3.1")
def test_lands_only_in_your_own_main_phase_with_an_empty_stack() -> None:
    game = (
        Scenario("leveler")
        .player(0, hand=["Forest", "Shock"], battlefield=["Mountain"], library=ISLANDS)
        .player(1, library=ISLANDS)
        .at("upkeep")
        .build()
    )
    assert_illegal(game, PlayLand(game.find("Forest")), "MG 3.1")
    game = (
        Scenario("leveler")
        .player(
            0,
            hand=["Forest", "Shock", "Lightning Bolt"],
            battlefield=["Mountain", "Mountain"],
            library=ISLANDS,
        )
        .player(1, library=ISLANDS)
        .build()
    )
    game.apply(Cast(game.find("Shock"), Player(1)))
    assert game.table.names("stack") == ["Shock"]
    assert_illegal(game, PlayLand(game.find("Forest")), "MG 3.1")
    # In the opponent's turn.
    game = (
        Scenario("leveler")
        .player(0, library=ISLANDS, **HOLD)
        .player(1, hand=["Forest", "Shock"], battlefield=["Mountain"], library=ISLANDS)
        .build()
    )
    game.apply(Pass())
    assert game.priority == 1
    assert_illegal(game, PlayLand(game.find("Forest")), "MG 3.1")


@pytest.mark.rule("MG 3.1")
def test_a_land_comes_from_your_own_hand_and_is_played_not_cast() -> None:
    game = (
        Scenario("leveler")
        .player(0, hand=["Forest", "Grizzly Bears"], battlefield=["Mountain"], library=["Plains"])
        .player(1, hand=["Island"], library=ISLANDS)
        .build()
    )
    assert_illegal(game, PlayLand(game.find("Island")), "MG 3.1")
    assert_illegal(game, PlayLand(game.find("Plains")), "MG 3.1")
    assert_illegal(game, PlayLand(game.find("Grizzly Bears")), "MG 3.1")
    assert_illegal(game, Cast(game.find("Forest")), "MG 3.1")


@pytest.mark.rule("MG 3.2")
def test_basic_lands_make_one_mana_of_their_colour() -> None:
    made = {
        name: card(name).produces
        for name in ("Plains", "Island", "Swamp", "Mountain", "Forest", "Wastes")
    }
    assert made == {
        "Plains": "W",
        "Island": "U",
        "Swamp": "B",
        "Mountain": "R",
        "Forest": "G",
        "Wastes": "C",
    }


@pytest.mark.rule("MG 3.2")
def test_wastes_pay_generic_mana_but_no_colour() -> None:
    game = (
        Scenario("leveler")
        .player(0, hand=["Alpha Myr", "Shock"], battlefield=["Wastes", "Wastes"], library=ISLANDS)
        .player(1, library=ISLANDS)
        .build()
    )
    assert_illegal(game, Cast(game.find("Shock"), Player(1)), "MG 3.3")
    game.apply(Cast(game.find("Alpha Myr")))
    assert game.table.where[game.find("Alpha Myr")] == "battlefield"


@pytest.mark.rule("MG 3.3")
def test_a_spell_must_be_paid_in_full_from_untapped_lands() -> None:
    game = (
        Scenario("leveler")
        .player(
            0,
            hand=["Murder", "Night's Whisper"],
            battlefield=["Swamp", "Mountain", "Forest"],
            tapped=["Forest"],
            library=ISLANDS,
        )
        .player(1, battlefield=["Grizzly Bears"], library=ISLANDS)
        .build()
    )
    error = assert_illegal(game, Cast(game.find("Murder"), game.find("Grizzly Bears")), "MG 3.3")
    assert error.reason == "your untapped lands cannot pay {1}{B}{B}"
    game.apply(Cast(game.find("Night's Whisper")))
    assert all(c.tapped for c in game.table.permanents(0))


@pytest.mark.rule("MG 3.3")
def test_a_spell_is_cast_from_your_own_hand() -> None:
    game = (
        Scenario("leveler")
        .player(0, battlefield=["Mountain"], graveyard=["Lightning Bolt"], library=ISLANDS)
        .player(1, hand=["Shock"], library=ISLANDS)
        .build()
    )
    assert_illegal(game, Cast(game.find("Shock"), Player(1)), "MG 3.3")
    assert_illegal(game, Cast(game.find("Lightning Bolt"), Player(1)), "MG 3.3")


@pytest.mark.rule("MG 3.4")
def test_sorceries_and_creatures_wait_for_your_main_phase_and_an_empty_stack() -> None:
    game = (
        Scenario("leveler")
        .player(
            0,
            hand=["Lava Spike", "Raging Goblin", "Shock"],
            battlefield=["Mountain", "Mountain"],
            library=ISLANDS,
        )
        .player(1, library=ISLANDS)
        .at("upkeep", active=1)
        .build()
    )
    game.apply(Pass())
    assert game.priority == 0
    assert_illegal(game, Cast(game.find("Lava Spike"), Player(1)), "MG 3.4")
    assert_illegal(game, Cast(game.find("Raging Goblin")), "MG 3.4")
    assert Cast(game.find("Shock"), Player(1)) in game.legal_actions()
    # In Alice's own main phase, but with a spell on the stack.
    game = (
        Scenario("leveler")
        .player(
            0,
            hand=["Lava Spike", "Raging Goblin", "Shock", "Lightning Bolt"],
            battlefield=["Mountain"] * 3,
            library=ISLANDS,
        )
        .player(1, library=ISLANDS)
        .build()
    )
    game.apply(Cast(game.find("Shock"), Player(1)))
    assert game.table.names("stack") == ["Shock"]
    assert_illegal(game, Cast(game.find("Raging Goblin")), "MG 3.4")
    assert_illegal(game, Cast(game.find("Lava Spike"), Player(1)), "MG 3.4")


@pytest.mark.rule("MG 3.4")
def test_an_instant_can_be_cast_in_any_step_with_priority() -> None:
    game = (
        Scenario("leveler")
        .player(0, library=ISLANDS)
        .player(1, library=ISLANDS, **HOLD)
        .at("end")
        .build()
    )
    game.apply(Pass())
    assert (game.step, game.priority) == ("end", 1)
    game.apply(Cast(game.find("Shock"), Player(0)))
    assert game.table.players[0].life == 28


@pytest.mark.rule("MG 3.5")
@pytest.mark.parametrize(
    ("spell", "lands", "target", "reason"),
    [
        ("Murder", ["Swamp"] * 3, Player(1), "this spell can target only a creature"),
        ("Tome Scour", ["Island"], "Grizzly Bears", "this spell can target only a player"),
        ("Mind Sculpt", ["Island"] * 2, Player(0), "this spell can target only an opponent"),
        ("Lightning Bolt", ["Mountain"], None, "this spell needs a target (any)"),
        ("Divination", ["Island"] * 3, Player(0), "this spell has no target"),
        ("Lightning Bolt", ["Mountain"], Player(5), "there is no player 5"),
        (
            "Lightning Bolt",
            ["Mountain"],
            "Island",
            "the target must be a creature on the battlefield",
        ),
    ],
)
def test_targets_must_be_of_the_kind_the_spell_names(
    spell: str, lands: list[str], target: Player | str | None, reason: str
) -> None:
    game = (
        Scenario("leveler")
        .player(0, hand=[spell], battlefield=lands, library=ISLANDS)
        .player(1, battlefield=["Grizzly Bears"], library=ISLANDS)
        .build()
    )
    aim = (
        game.find(target, "battlefield" if target == "Grizzly Bears" else None)
        if isinstance(target, str)
        else target
    )
    error = assert_illegal(game, Cast(game.find(spell), aim), "MG 3.5")
    assert error.reason == reason


@pytest.mark.rule("MG 3.5")
def test_a_spell_whose_target_is_gone_does_nothing() -> None:
    game = (
        Scenario("leveler")
        .player(
            0,
            hand=["Chandra's Outrage", "Lightning Bolt"],
            battlefield=["Mountain"] * 5,
            library=ISLANDS,
        )
        .player(1, battlefield=["Grizzly Bears"], library=ISLANDS)
        .build()
    )
    bears = game.find("Grizzly Bears")
    game.apply(Cast(game.find("Chandra's Outrage"), bears))
    game.apply(Cast(game.find("Lightning Bolt"), bears))
    assert texts(game, "MG 3.5") == [
        "Chandra's Outrage does nothing: its target is no longer legal"
    ]
    # Nothing at all: not even the 2 damage to the creature's controller.
    assert game.table.players[1].damage_taken == 0
    assert game.table.where[game.find("Chandra's Outrage")] == "graveyard:0"


@pytest.mark.rule("MG 3.6")
def test_the_last_spell_cast_resolves_first() -> None:
    game = (
        Scenario("leveler")
        .player(
            0,
            hand=["Lightning Helix", "Shock"],
            battlefield=["Mountain", "Plains", "Mountain"],
            library=ISLANDS,
        )
        .player(1, library=ISLANDS, **HOLD)
        .build()
    )
    game.apply(Cast(game.find("Lightning Helix"), Player(1)))
    assert game.priority == 0  # the caster keeps priority
    game.apply(Cast(game.find("Shock", "hand:0"), Player(1)))
    assert game.table.names("stack") == ["Lightning Helix", "Shock"]
    game.apply(Pass())
    assert game.table.names("stack") == ["Lightning Helix"]
    game.apply(Pass())
    assert texts(game, "MG 3.6") == ["Shock resolves", "Lightning Helix resolves"]


@pytest.mark.rule("MG 3.7")
def test_a_creature_enters_untapped_under_its_casters_control() -> None:
    game = (
        Scenario("leveler")
        .player(
            0,
            hand=["Grizzly Bears", "Shock"],
            battlefield=["Forest", "Forest", "Mountain", "Mountain"],
            library=ISLANDS,
        )
        .player(1, library=ISLANDS)
        .build()
    )
    bears = game.find("Grizzly Bears")
    game.apply(Cast(bears))
    assert game.table.where[bears] == "stack"
    game.apply(Pass())
    creature = game.table.cards[bears]
    assert (game.table.where[bears], creature.tapped, creature.controller) == (
        "battlefield",
        False,
        0,
    )
    assert creature.arrived_turn == game.turn


@pytest.mark.rule("MG 3.7")
@pytest.mark.parametrize("spell", ["Lightning Bolt", "Lava Spike"])
def test_instants_and_sorceries_go_to_the_graveyard(spell: str) -> None:
    game = (
        Scenario("leveler")
        .player(0, hand=[spell], battlefield=["Mountain"], library=ISLANDS)
        .player(1, library=ISLANDS)
        .build()
    )
    game.apply(Cast(game.find(spell), Player(1)))
    assert game.table.names("graveyard:0") == [spell]


# 4. Combat.


@pytest.mark.rule("MG 4.1")
def test_who_may_attack() -> None:
    game = combat(
        {
            "battlefield": [
                "Grizzly Bears",
                "Serra Angel",
                "Wall of Stone",
                "Hill Giant",
                "Raging Goblin",
                "Craw Wurm",
            ],
            "arrived": ["Hill Giant", "Raging Goblin"],
            "tapped": ["Craw Wurm"],
        },
        HOLD,
    )
    assert game.decision == "attackers"
    assert_illegal(game, Attack(game.find("Hill Giant")), "MG 4.1")
    assert_illegal(game, Attack(game.find("Wall of Stone")), "MG 4.1")
    assert_illegal(game, Attack(game.find("Craw Wurm")), "MG 4.1")
    game.apply(Attack(game.find("Raging Goblin")))  # haste
    game.apply(Attack(game.find("Serra Angel")))
    assert_illegal(game, Attack(game.find("Serra Angel")), "MG 4.1")  # already attacking
    game.apply(Attack(game.find("Grizzly Bears")))
    state = {c.name: (c.attacking, c.tapped) for c in game.table.creatures(0)}
    assert state["Serra Angel"] == (True, False)  # vigilance
    assert state["Grizzly Bears"] == (True, True)
    assert state["Raging Goblin"] == (True, True)
    assert state["Hill Giant"] == (False, False)
    assert texts(game, "MG 4.1") == [
        "Raging Goblin attacks Bob",
        "Serra Angel attacks Bob",
        "Grizzly Bears attacks Bob",
    ]


@pytest.mark.rule("MG 4.1")
def test_attackers_only_in_the_declare_attackers_step_and_only_your_own() -> None:
    game = (
        Scenario("leveler")
        .player(0, hand=["Shock"], battlefield=["Grizzly Bears", "Mountain"], library=ISLANDS)
        .player(1, library=ISLANDS)
        .build()
    )
    assert_illegal(game, Attack(game.find("Grizzly Bears")), "MG 4.1")
    assert_illegal(game, EndAttacks(), "MG 4.1")
    game = combat({"battlefield": ["Grizzly Bears"]}, {"battlefield": ["Hill Giant"]})
    assert_illegal(game, Attack(game.find("Hill Giant")), "MG 4.1")
    assert_illegal(game, Attack(10_000), "MG 4.1")


@pytest.mark.rule("MG 4.2")
def test_several_untapped_creatures_may_block_one_attacker() -> None:
    game = combat(
        {"battlefield": ["Craw Wurm"]},
        {
            "battlefield": ["Grizzly Bears", "Hill Giant", "Giant Spider"],
            "tapped": ["Giant Spider"],
        },
    )
    wurm = game.find("Craw Wurm")
    game.apply(Attack(wurm))
    assert (game.step, game.decision, game.priority) == ("declare_blockers", "blockers", 1)
    assert_illegal(game, Block(game.find("Giant Spider"), wurm), "MG 4.2")
    game.apply(Block(game.find("Grizzly Bears"), wurm))
    assert_illegal(game, Block(game.find("Grizzly Bears"), wurm), "MG 4.2")
    game.apply(Block(game.find("Hill Giant"), wurm))
    assert texts(game, "MG 4.2") == [
        "Grizzly Bears blocks Craw Wurm",
        "Hill Giant blocks Craw Wurm",
    ]
    game.apply(AssignDamage(wurm, (2, 4)))
    assert game.table.where[wurm] == "graveyard:0"  # 2 + 3 damage


@pytest.mark.rule("MG 4.2")
def test_each_blocker_blocks_one_attacker_of_the_other_side() -> None:
    game = combat(
        {"battlefield": ["Grizzly Bears", "Balduvian Bears"]},
        {"battlefield": ["Hill Giant", "Giant Spider"]},
    )
    first, second = game.find("Grizzly Bears"), game.find("Balduvian Bears")
    game.apply(Attack(first))
    game.apply(Attack(second))
    game.apply(Block(game.find("Hill Giant"), first))
    assert_illegal(game, Block(game.find("Hill Giant"), second), "MG 4.2")
    assert_illegal(game, Block(first, second), "MG 4.2")  # not Bob's creature
    assert_illegal(game, Block(game.find("Giant Spider"), game.find("Hill Giant")), "MG 4.2")
    assert_illegal(game, Attack(first), "MG 4.1")
    game.apply(Block(game.find("Giant Spider"), second))
    assert_illegal(game, EndBlocks(), "MG 4.2")  # declaring is over


@pytest.mark.rule("MG 4.3")
def test_flying_needs_flying_or_reach_and_unblockable_means_unblockable() -> None:
    game = combat(
        {"battlefield": ["Wind Drake", "Latch Seeker", "Suntail Hawk"]},
        {"battlefield": ["Grizzly Bears", "Giant Spider", "Dusk Imp"]},
    )
    drake, seeker, hawk = (game.find(n) for n in ("Wind Drake", "Latch Seeker", "Suntail Hawk"))
    for attacker in (drake, seeker, hawk):
        game.apply(Attack(attacker))
    bears, spider, imp = (game.find(n) for n in ("Grizzly Bears", "Giant Spider", "Dusk Imp"))
    offered = {a for a in game.legal_actions() if isinstance(a, Block)}
    assert offered == {
        Block(spider, drake),
        Block(spider, hawk),
        Block(imp, drake),
        Block(imp, hawk),
    }
    error = assert_illegal(game, Block(bears, drake), "MG 4.3")
    assert "flying" in error.reason
    error = assert_illegal(game, Block(spider, seeker), "MG 4.3")
    assert error.reason == "Latch Seeker can't be blocked"
    assert_illegal(game, Block(imp, seeker), "MG 4.3")


@pytest.mark.rule("MG 4.4")
def test_combat_damage_is_simultaneous() -> None:
    game = combat({"battlefield": ["Grizzly Bears"]}, {"battlefield": ["Balduvian Bears"]})
    game.apply(Attack(game.find("Grizzly Bears")))
    game.apply(Block(game.find("Balduvian Bears"), game.find("Grizzly Bears")))
    assert game.table.names("graveyard:0") == ["Grizzly Bears"]
    assert game.table.names("graveyard:1") == ["Balduvian Bears"]


@pytest.mark.rule("MG 4.4")
def test_first_strike_deals_damage_in_an_earlier_step() -> None:
    game = combat(
        {"battlefield": ["Youthful Knight", "Hill Giant"]},
        {"battlefield": ["Grizzly Bears", "Elvish Warrior"]},
    )
    knight, giant = game.find("Youthful Knight"), game.find("Hill Giant")
    game.apply(Attack(knight))
    game.apply(Attack(giant))
    game.apply(Block(game.find("Grizzly Bears"), knight))
    game.apply(Block(game.find("Elvish Warrior"), giant))
    assert texts(game, "MG 4.4") == [
        "Youthful Knight deals 2 damage to Grizzly Bears",
        "Hill Giant deals 3 damage to Elvish Warrior",
        "Elvish Warrior deals 2 damage to Hill Giant",
    ]
    assert game.table.where[knight] == "battlefield"  # the Bears died before striking


@pytest.mark.rule("MG 4.4")
def test_unblocked_attackers_damage_the_defending_player() -> None:
    game = combat({"battlefield": ["Grizzly Bears", "Hill Giant"]}, {})
    game.apply(Attack(game.find("Grizzly Bears")))
    game.apply(Attack(game.find("Hill Giant")))
    bob = game.table.players[1]
    assert (bob.life, bob.damage_taken) == (25, 5)


@pytest.mark.rule("MG 4.5", "MG R4")
def test_the_attacking_player_divides_damage_among_blockers_as_they_choose() -> None:
    # CR 510.1c: no order between blockers; the Wurm may spare the first blocker.
    game = combat({"battlefield": ["Craw Wurm"]}, {"battlefield": ["Grizzly Bears", "Hill Giant"]})
    wurm = game.find("Craw Wurm")
    game.apply(Attack(wurm))
    game.apply(Block(game.find("Grizzly Bears"), wurm))
    game.apply(Block(game.find("Hill Giant"), wurm))
    assert (game.step, game.decision, game.priority) == ("combat_damage", "damage", 0)
    assert texts(game, "MG 4.4") == []  # nothing is dealt before the division
    offered = game.legal_actions()
    assert offered[0] == AssignDamage(wurm, (2, 4))  # the default: lethal damage in turn
    assert AssignDamage(wurm, (0, 6)) in offered
    game.apply(AssignDamage(wurm, (0, 6)))
    assert texts(game, "MG R4") == ["Alice assigns Craw Wurm's 6 damage: 6 to Hill Giant"]
    assert texts(game, "MG 4.4")[0] == "Craw Wurm deals 6 damage to Hill Giant"
    assert game.table.where[game.find("Grizzly Bears")] == "battlefield"
    assert game.table.players[1].damage_taken == 0  # no trample


@pytest.mark.rule("MG 4.5")
def test_trample_sends_the_excess_to_the_player_counting_damage_already_marked() -> None:
    game = (
        Scenario("leveler")
        .player(0, hand=["Shock"], battlefield=["Mountain", "Colossal Dreadmaw"], library=ISLANDS)
        .player(1, battlefield=["Hill Giant"], library=ISLANDS)
        .build()
    )
    giant = game.find("Hill Giant")
    game.apply(Cast(game.find("Shock"), giant))
    dreadmaw = game.find("Colossal Dreadmaw")
    assert game.decision == "attackers"
    game.apply(Attack(dreadmaw))
    game.apply(Block(giant, dreadmaw))
    assert game.legal_actions()[0] == AssignDamage(dreadmaw, (1,), 5)
    assert_illegal(game, AssignDamage(dreadmaw, (0,), 6), "MG R4")  # the Giant needs 1 first
    game.apply(AssignDamage(dreadmaw, (1,), 5))
    assert texts(game, "MG 4.4")[0] == "Colossal Dreadmaw deals 1 damage to Hill Giant"
    assert game.table.players[1].damage_taken == 5


@pytest.mark.rule("MG 4.5")
def test_with_deathtouch_one_damage_is_lethal() -> None:
    game = combat(
        {"battlefield": ["Deathgaze Cockatrice"]}, {"battlefield": ["Wind Drake", "Air Elemental"]}
    )
    cockatrice = game.find("Deathgaze Cockatrice")
    game.apply(Attack(cockatrice))
    game.apply(Block(game.find("Air Elemental"), cockatrice))
    game.apply(Block(game.find("Wind Drake"), cockatrice))
    assert len(game.legal_actions()) == 3  # 1 and 1, or both to one of them
    game.apply(game.legal_actions()[0])
    assert texts(game, "MG 4.4")[:2] == [
        "Deathgaze Cockatrice deals 1 damage to Air Elemental",
        "Deathgaze Cockatrice deals 1 damage to Wind Drake",
    ]
    assert sorted(game.table.names("graveyard:1")) == ["Air Elemental", "Wind Drake"]


@pytest.mark.rule("MG 4.6")
def test_lifelink_gains_life_for_damage_to_players_and_creatures() -> None:
    game = combat(
        {"battlefield": ["Knight of Meadowgrain", "Vampire Nighthawk"]},
        {"battlefield": ["Grizzly Bears"]},
    )
    knight, nighthawk = game.find("Knight of Meadowgrain"), game.find("Vampire Nighthawk")
    game.apply(Attack(knight))
    game.apply(Attack(nighthawk))
    game.apply(Block(game.find("Grizzly Bears"), knight))
    assert texts(game, "MG 4.6") == ["Alice gains 2 life", "Alice gains 2 life"]
    assert game.table.players[0].life == 34
    assert game.table.players[1].life == 28


# 5. State-based actions.


@pytest.mark.rule("MG 5.1")
def test_state_based_actions_happen_together_before_anyone_gets_priority() -> None:
    game = (
        Scenario("leveler")
        .player(0, hand=["Chandra's Outrage"], battlefield=["Mountain"] * 4, library=ISLANDS)
        .player(1, life=2, battlefield=["Grizzly Bears"], library=ISLANDS)
        .build()
    )
    game.apply(Cast(game.find("Chandra's Outrage"), game.find("Grizzly Bears")))
    rules = [event.rule for event in game.log][-3:]
    assert rules == ["MG 5.2", "MG 5.4", "MG 5.2"]
    assert game.table.names("graveyard:1") == ["Grizzly Bears"]
    assert game.outcome is not None
    assert game.outcome.winners == (0,)


@pytest.mark.rule("MG 5.1")
def test_a_check_on_request_changes_nothing_when_nothing_applies() -> None:
    game = (
        Scenario("leveler")
        .player(0, library=ISLANDS, **HOLD)
        .player(1, battlefield=["Grizzly Bears"], library=ISLANDS)
        .build()
    )
    before = game.dumps()
    game.check_state_based_actions()
    assert game.dumps() == before


@pytest.mark.rule("MG 5.2")
@pytest.mark.parametrize("life", [0, -3])
def test_a_player_at_zero_or_less_life_loses(life: int) -> None:
    game = (
        Scenario("leveler").player(0, library=ISLANDS).player(1, life=life, library=ISLANDS).build()
    )
    game.check_state_based_actions()
    assert game.table.players[1].lost
    assert game.outcome is not None
    assert (game.outcome.result, game.outcome.winners, game.outcome.reason_rule) == (
        "win",
        (0,),
        "MG 5.2",
    )


@pytest.mark.rule("MG 5.2")
def test_one_life_is_enough_to_stay_in() -> None:
    game = (
        Scenario("leveler")
        .player(0, library=ISLANDS, **HOLD)
        .player(1, life=1, library=ISLANDS)
        .build()
    )
    game.check_state_based_actions()
    assert game.outcome is None


@pytest.mark.rule("MG 5.3")
def test_drawing_from_an_empty_library_loses_at_the_next_check() -> None:
    game = Scenario("leveler").player(0, library=ISLANDS).player(1, library=[]).at("end").build()
    game.apply(Pass())
    assert texts(game, "MG 5.3") == [
        "Bob tries to draw from an empty library",
        "Bob drew from an empty library and loses",
        "Alice wins: Bob lost",
    ]
    assert game.outcome is not None
    assert game.outcome.winners == (0,)


@pytest.mark.rule("MG 5.3")
def test_an_empty_library_alone_loses_nothing() -> None:
    game = Scenario("leveler").player(0, library=[], **HOLD).player(1, library=ISLANDS).build()
    game.check_state_based_actions()
    assert game.outcome is None


@pytest.mark.rule("MG 5.4")
def test_lethal_damage_and_deathtouch_put_creatures_into_their_owners_graveyard() -> None:
    game = combat(
        {"battlefield": ["Hill Giant", "Craw Wurm"]},
        {"battlefield": ["Typhoid Rats", "Giant Spider"]},
    )
    giant, wurm = game.find("Hill Giant"), game.find("Craw Wurm")
    game.apply(Attack(giant))
    game.apply(Attack(wurm))
    game.apply(Block(game.find("Typhoid Rats"), giant))
    game.apply(Block(game.find("Giant Spider"), wurm))
    assert sorted(texts(game, "MG 5.4")) == [
        "Giant Spider is put into its owner's graveyard",
        "Hill Giant is put into its owner's graveyard",
        "Typhoid Rats is put into its owner's graveyard",
    ]
    assert game.table.names("graveyard:0") == ["Hill Giant"]
    assert "Giant Spider deals 2 damage to Craw Wurm" in texts(game, "MG 4.4")
    assert game.table.where[wurm] == "battlefield"  # 2 damage is not lethal to a 6/4


@pytest.mark.rule("MG 5.5")
def test_the_last_player_standing_wins() -> None:
    game = (
        Scenario("leveler")
        .player(0, hand=["Lightning Bolt"], battlefield=["Mountain"], library=ISLANDS)
        .player(1, life=3, library=ISLANDS)
        .build()
    )
    game.apply(Cast(game.find("Lightning Bolt"), Player(1)))
    assert str(game.outcome) == "seat 0 won: Bob lost (MG 5.2)"
    assert game.outcome.describe(player_names(game)) == "Alice won: Bob lost (MG 5.2)"
    assert game.legal_actions() == []
    assert_illegal(game, Pass(), "MG 5.2")


@pytest.mark.rule("MG 5.5")
def test_when_everyone_loses_at_once_the_game_is_a_draw() -> None:
    game = Scenario("leveler").player(0, life=0).player(1, life=-2).build()
    game.check_state_based_actions()
    assert game.outcome is not None
    assert (game.outcome.result, game.outcome.winners, game.outcome.reason_rule) == (
        "draw",
        (),
        "MG 5.5",
    )


# 6. What the cards do.


@pytest.mark.rule("MG 6.1")
def test_damage_to_any_target_a_creature_a_player_or_a_creatures_controller() -> None:
    game = (
        Scenario("leveler")
        .player(
            0,
            hand=["Shock", "Lava Spike", "Chandra's Outrage"],
            battlefield=["Mountain"] * 6,
            library=ISLANDS,
        )
        .player(1, battlefield=["Hill Giant", "Craw Wurm"], library=ISLANDS)
        .build()
    )
    giant, wurm = game.find("Hill Giant"), game.find("Craw Wurm")
    game.apply(Cast(game.find("Shock"), giant))
    game.apply(Pass())
    assert game.table.cards[giant].damage == 2
    game.apply(Cast(game.find("Chandra's Outrage"), wurm))
    game.apply(Pass())
    assert game.table.where[wurm] == "graveyard:1"
    assert game.table.players[1].damage_taken == 2
    game.apply(Cast(game.find("Lava Spike"), Player(1)))
    assert game.table.players[1].damage_taken == 5
    assert texts(game, "MG 6.1") == [
        "Shock deals 2 damage to Hill Giant",
        "Chandra's Outrage deals 4 damage to Craw Wurm",
        "Chandra's Outrage deals 2 damage to Bob (life 28, damage taken 2)",
        "Lava Spike deals 3 damage to Bob (life 25, damage taken 5)",
    ]


@pytest.mark.rule("MG 6.2")
def test_drawing_takes_cards_from_the_top_of_the_library() -> None:
    game = (
        Scenario("leveler")
        .player(
            0,
            hand=["Divination"],
            battlefield=["Island"] * 3,
            library=["Forest", "Swamp", "Plains"],
        )
        .player(1, library=ISLANDS)
        .build()
    )
    game.apply(Cast(game.find("Divination")))
    assert game.table.names("hand:0")[:2] == ["Forest", "Swamp"]
    assert texts(game, "MG 6.2") == ["Alice draws 2 cards"]


@pytest.mark.rule("MG 6.2", "MG 6.3")
def test_a_spell_can_make_its_target_draw_and_lose_life() -> None:
    game = (
        Scenario("leveler")
        .player(0, hand=["Sign in Blood"], battlefield=["Swamp"] * 2, library=ISLANDS)
        .player(1, library=["Forest", "Plains", *ISLANDS])
        .build()
    )
    game.apply(Cast(game.find("Sign in Blood"), Player(1)))
    bob = game.table.players[1]
    assert (bob.life, bob.damage_taken) == (28, 0)
    assert game.table.names("hand:1")[:2] == ["Forest", "Plains"]


@pytest.mark.rule("MG 6.3")
def test_gaining_and_losing_life() -> None:
    game = (
        Scenario("leveler")
        .player(
            0,
            hand=["Night's Whisper", "Sacred Nectar"],
            battlefield=["Swamp", "Swamp", "Plains", "Plains"],
            library=ISLANDS,
        )
        .player(1, library=ISLANDS)
        .build()
    )
    game.apply(Cast(game.find("Night's Whisper")))
    game.apply(Pass())
    alice = game.table.players[0]
    assert (alice.life, alice.damage_taken) == (28, 0)
    game.apply(Cast(game.find("Sacred Nectar")))
    assert (alice.life, alice.damage_taken) == (32, 0)
    assert texts(game, "MG 6.3") == ["Alice loses 2 life", "Alice gains 4 life"]


@pytest.mark.rule("MG 6.4")
def test_milling_moves_the_top_cards_to_the_graveyard() -> None:
    game = (
        Scenario("leveler")
        .player(0, hand=["Tome Scour"], battlefield=["Island"], library=ISLANDS)
        .player(1, library=["Forest", "Swamp", "Plains", "Mountain", "Wastes", "Island"])
        .build()
    )
    game.apply(Cast(game.find("Tome Scour"), Player(1)))
    assert game.table.names("graveyard:1") == ["Forest", "Swamp", "Plains", "Mountain", "Wastes"]
    assert texts(game, "MG 6.4") == ["Bob mills 5"]


@pytest.mark.rule("MG 6.4")
def test_milling_more_than_the_library_holds_takes_what_there_is() -> None:
    game = (
        Scenario("leveler")
        .player(
            0,
            hand=["Mind Sculpt", "Shock"],
            battlefield=["Island", "Island", "Mountain", "Mountain"],
            library=ISLANDS,
        )
        .player(1, library=["Forest", "Swamp"])
        .build()
    )
    game.apply(Cast(game.find("Mind Sculpt"), Player(1)))
    game.apply(Pass())
    assert texts(game, "MG 6.4") == ["Bob mills 2"]
    assert game.table.names("graveyard:1") == ["Forest", "Swamp"]
    # Milling is not drawing: an emptied library loses nothing until Bob must draw (MG 5.3).
    assert game.table.zones["library:1"] == []
    assert not game.table.players[1].drew_from_empty
    assert game.outcome is None


@pytest.mark.rule("MG 6.5")
def test_destroy_ignores_toughness() -> None:
    game = (
        Scenario("leveler")
        .player(0, hand=["Murder"], battlefield=["Swamp"] * 3, library=ISLANDS)
        .player(1, battlefield=["Colossal Dreadmaw"], library=ISLANDS)
        .build()
    )
    game.apply(Cast(game.find("Murder"), game.find("Colossal Dreadmaw")))
    assert texts(game, "MG 6.5") == ["Murder destroys Colossal Dreadmaw"]
    assert game.table.names("graveyard:1") == ["Colossal Dreadmaw"]


# Rulings.


@pytest.mark.rule("MG R1")
def test_a_game_that_reaches_the_turn_limit_is_a_draw() -> None:
    assert TURN_LIMIT == 200
    game = (
        Scenario("leveler")
        .player(0, library=ISLANDS)
        .player(1, library=ISLANDS)
        .at("end", turn=TURN_LIMIT)
        .build()
    )
    game.apply(Pass())
    assert game.outcome is not None
    assert (game.outcome.result, game.outcome.reason_rule) == ("draw", "MG R1")
    assert texts(game, "MG R1") == ["the game is a draw after 200 turns"]


@pytest.mark.rule("MG R1")
def test_the_turn_before_the_limit_plays_on() -> None:
    game = (
        Scenario("leveler")
        .player(0, library=ISLANDS)
        .player(1, library=ISLANDS)
        .at("end", turn=TURN_LIMIT - 1)
        .build()
    )
    game.apply(Pass())
    assert game.outcome is None
    assert game.turn == TURN_LIMIT


@pytest.mark.rule("MG R2")
def test_mana_is_paid_coloured_first_then_from_the_least_needed_colour() -> None:
    game = (
        Scenario("leveler")
        .player(
            0,
            hand=["Searing Spear", "Shock"],
            battlefield=["Mountain", "Mountain", "Forest"],
            library=ISLANDS,
        )
        .player(1, library=ISLANDS)
        .build()
    )
    game.apply(Cast(game.find("Searing Spear"), Player(1)))
    assert [(c.name, c.tapped) for c in game.table.permanents(0)] == [
        ("Mountain", True),
        ("Mountain", False),
        ("Forest", True),
    ]
    assert Cast(game.find("Shock"), Player(1)) in game.legal_actions()


@pytest.mark.rule("MG R2")
def test_payment_never_strands_a_colour_the_cost_could_use() -> None:
    cost = ManaCost.parse("{1}{W}{U}")
    assert cost.payment(["W", "W", "U"]) == [0, 2, 1]
    assert cost.payment(["U", "W"]) is None
    assert ManaCost.parse("{2}").payment(["C", "R"]) == [0, 1]


@pytest.mark.rule("MG 3.3", "MG R2")
def test_whether_lands_pay_a_cost_is_what_choosing_them_finds() -> None:
    """Judging a spell asks only whether its cost can be paid, from how many untapped lands
    make each colour; that must agree with choosing the lands, for every cost and lands."""
    rng = random.Random(5)
    colours = ["W", "U", "B", "R", "G", "C", ""]  # "": a land that makes no mana colour
    for _ in range(20_000):
        cost = ManaCost(rng.randrange(4), "".join(sorted(rng.choices("WUBRG", k=rng.randrange(4)))))
        sources = rng.choices(colours, k=rng.randrange(7))
        paid = cost.is_paid_by("".join(sources), len(sources))
        assert paid == (cost.payment(sources) is not None)


@pytest.mark.rule("MG R3")
def test_passing_is_automatic_only_when_it_is_the_only_choice() -> None:
    game = (
        Scenario("leveler")
        .player(0, hand=["Lightning Bolt"], battlefield=["Mountain"], library=ISLANDS)
        .player(1, library=ISLANDS)
        .build()
    )
    game.apply(Cast(game.find("Lightning Bolt"), Player(1)))
    assert game.table.names("stack") == []
    held = (
        Scenario("leveler")
        .player(0, hand=["Lightning Bolt"], battlefield=["Mountain"], library=ISLANDS)
        .player(1, library=ISLANDS, **HOLD)
        .build()
    )
    held.apply(Cast(held.find("Lightning Bolt"), Player(1)))
    assert held.table.names("stack") == ["Lightning Bolt"]
    assert held.priority == 1
    assert len(held.legal_actions()) > 1


@pytest.mark.rule("MG R3", "MG R5")
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_every_decision_offered_in_a_bot_game_is_a_real_choice(seed: int) -> None:
    game = FORMATS["leveler"].new_game(seed, 2)
    assert isinstance(game, MagicGame)
    assert [len(game.table.zones[f"hand:{p}"]) for p in (0, 1)] == [7, 7]  # MG R5
    forced: list[Action] = []
    kinds: set[str] = set()

    def watch(state: object, action: Action) -> None:
        assert isinstance(state, MagicGame)
        actions = state.legal_actions()
        kinds.update(type(a).__name__ for a in actions)
        if len(actions) == 1 and isinstance(actions[0], FORCED):
            forced.append(actions[0])

    play(game, [RandomAgent(seed), HeuristicAgent(seed)], on_action=watch)
    assert forced == []
    assert "Mulligan" not in kinds  # MG R5: nothing offers to replace a hand
    assert kinds <= {
        "Pass",
        "PlayLand",
        "Cast",
        "Attack",
        "EndAttacks",
        "Block",
        "EndBlocks",
        "AssignDamage",
        "Discard",
    }


@pytest.mark.rule("MG R4")
def test_each_distinct_division_is_offered_once_with_the_former_order_first() -> None:
    for first, second in (("Hill Giant", "Grizzly Bears"), ("Grizzly Bears", "Hill Giant")):
        game = combat(
            {"battlefield": ["Craw Wurm"]}, {"battlefield": ["Hill Giant", "Grizzly Bears"]}
        )
        wurm = game.find("Craw Wurm")
        game.apply(Attack(wurm))
        game.apply(Block(game.find(first), wurm))
        game.apply(Block(game.find(second), wurm))
        lethal = {"Hill Giant": 3, "Grizzly Bears": 2}
        offered = game.legal_actions()
        # Shares in blocking order; damage beyond lethal is written on the last blocker
        # assigned lethal damage, so no outcome is offered twice.
        assert offered[0] == AssignDamage(wurm, (lethal[first], 6 - lethal[first]))
        assert len(offered) == len(set(offered)) == 6
        assert_illegal(
            game, AssignDamage(wurm, (3, 3) if first == "Grizzly Bears" else (4, 2)), "MG R4"
        )
        game.apply(offered[0])
        assert texts(game, "MG 4.4")[:2] == [
            f"Craw Wurm deals {lethal[first]} damage to {first}",
            f"Craw Wurm deals {6 - lethal[first]} damage to {second}",
        ]


@pytest.mark.rule("MG R4")
def test_one_way_to_divide_is_no_decision() -> None:
    # One blocker and no trample, or trample with no more power than the blocker needs.
    for attacker, blocker in (("Craw Wurm", "Hill Giant"), ("Colossal Dreadmaw", "Wall of Stone")):
        game = combat({"battlefield": [attacker]}, {"battlefield": [blocker]})
        game.apply(Attack(game.find(attacker)))
        game.apply(Block(game.find(blocker), game.find(attacker)))
        assert texts(game, "MG R4") == []
        assert texts(game, "MG 4.4")[0].startswith(f"{attacker} deals")


@pytest.mark.rule("MG R5")
def test_every_player_keeps_the_opening_seven() -> None:
    game = plain_game([["Forest"] * 20, ["Island"] * 20], seed=7)
    assert [len(game.table.zones[f"hand:{p}"]) for p in (0, 1)] == [7, 7]
    assert {type(a).__name__ for a in game.legal_actions()} == {"Pass", "PlayLand"}
