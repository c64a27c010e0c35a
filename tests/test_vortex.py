"""Vortex Based Magic (VX 1 to VX 7), its rulings (VX R1 to VX R11), and the multiplayer rulings
of the Magic essentials it relies on (MG R6, MG R7, MG R8).

Positions come from the scenario builder. Ann is player 0, Ben player 1 and Cat player 2; unless
a test says otherwise it is Ann's turn 2, in her first main phase. Cards a test puts in the shoe,
a pack or the passed pack belong to no one. The engine passes by itself wherever passing is the
only choice (MG R3), so a test that needs the game to stop gives a player an instant and an
untapped land to hold.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from rulekeeper.cli import main
from rulekeeper.engine import play
from rulekeeper.engine.chance import Chance
from rulekeeper.engine.game import Action
from rulekeeper.engine.game import player_names as names_of
from rulekeeper.errors import IllegalActionError, InputError
from rulekeeper.games import FORMATS, magic_format
from rulekeeper.mtg.actions import Attack, Cast, Discard, Pass, Player
from rulekeeper.mtg.formats.vortex import (
    BASIC_LANDS,
    MULLIGAN_PACK_SIZE,
    OPENING_BASICS,
    OPENING_TURNS,
    PACK_SIZE,
)
from rulekeeper.mtg.formats.vortex.actions import ExilePack, KeepPack, Pick, TakeBasic
from rulekeeper.mtg.formats.vortex.agents import VortexAgent
from rulekeeper.mtg.game import MagicGame
from rulekeeper.mtg.scenario import Scenario
from rulekeeper.mtg.state import UNOWNED

VORTEX = magic_format("vortex")
NAMES = ["Ann", "Ben", "Cat"]
HOLD = {"hand": ["Shock"], "battlefield": ["Mountain"]}  # an instant to hold: the game waits


# Helpers.


def texts(game: MagicGame, rule: str) -> list[str]:
    return [event.text for event in game.log.citing(rule)]


def names(game: MagicGame, zone: str) -> list[str]:
    return game.table.names(zone)


def owners(game: MagicGame, zone: str) -> list[int]:
    return [game.table.cards[c].owner for c in game.table.zones[zone]]


def assert_illegal(game: MagicGame, action: Action, rule: str) -> IllegalActionError:
    """``action`` is refused citing ``rule``, is not offered, and changes nothing."""
    before = game.dumps()
    with pytest.raises(IllegalActionError) as raised:
        game.apply(action)
    assert raised.value.rule == rule, raised.value
    assert game.dumps() == before
    assert action not in game.legal_actions()
    return raised.value


def shown_ids(view: Any) -> set[int]:
    """Every card ID a view shows: ``(id, name)`` pairs and objects with an ``"id"``."""
    found: set[int] = set()
    if isinstance(view, dict):
        if isinstance(view.get("id"), int):
            found.add(view["id"])
        for value in view.values():
            found |= shown_ids(value)
    elif isinstance(view, tuple) and len(view) == 2 and isinstance(view[0], int):
        if isinstance(view[1], str):
            found.add(view[0])
    elif isinstance(view, list | tuple):
        for item in view:
            found |= shown_ids(item)
    return found


def hidden_from(game: MagicGame, player: int) -> set[int]:
    """The cards ``player`` may not see: the shoe, the passed pack, other packs and hands."""
    zones = game.table.zones
    hidden = set(zones["shoe"]) | set(zones["passed_pack"])
    for other in range(len(game.table.players)):
        if other != player:
            hidden |= set(zones[f"pack:{other}"]) | set(zones[f"hand:{other}"])
    return hidden


def advance(game: MagicGame, done: Callable[[MagicGame], bool], limit: int = 300) -> None:
    """Pick the first card or pass priority until ``done`` holds."""
    for _ in range(limit):
        if done(game):
            return
        actions = game.legal_actions()
        game.apply(Pass() if Pass() in actions else actions[0])
    raise AssertionError("the game never reached the wanted position")


def finish_opening(game: MagicGame) -> None:
    """Play the opening (picks, then basic lands) with the first legal action each time."""
    while game.variant.state.phase != "play":
        game.apply(game.legal_actions()[0])


def new_game(seed: int, players: int) -> MagicGame:
    """A new bot-deck game of Vortex."""
    game = FORMATS["vortex"].new_game(seed, players)
    assert isinstance(game, MagicGame)
    return game


def bot_actions(seed: int, players: int) -> tuple[MagicGame, list[Action]]:
    """A whole bot game and the actions taken in it, in order."""
    game = new_game(seed, players)
    taken: list[Action] = []
    play(
        game,
        [VortexAgent(seed * 10 + seat) for seat in range(players)],
        on_action=lambda _, action: taken.append(action),
    )
    return game, taken


# 1. Requirements.


@pytest.mark.rule("VX 1.1", "VX 3.2", "VX R5")
def test_the_pool_is_every_card_plus_one_of_each_basic_per_player_all_in_the_shoe() -> None:
    decks = [[["Grizzly Bears"] * 10], [["Shock"] * 9], [["Storm Crow"] * 8]]
    game = MagicGame.new(VORTEX, decks, seed=3, names=NAMES)
    assert texts(game, "VX 1.1") == ["the shoe holds 42 cards"]
    pool = [c.name for c in game.table.cards if not game.table.where[c.id].startswith("outside")]
    assert len(pool) == 27 + 3 * len(BASIC_LANDS)
    for basic in BASIC_LANDS:
        assert pool.count(basic) == 3  # one per player
    assert "Wastes" not in pool


@pytest.mark.rule("VX 1.1", "VX R5")
@pytest.mark.parametrize("players", [2, 5])
def test_a_bot_pool_adds_one_of_each_basic_land_type_per_player(players: int) -> None:
    game = new_game(11, players)
    pool = [c.name for c in game.table.cards if not game.table.where[c.id].startswith("outside")]
    assert texts(game, "VX 1.1") == [f"the shoe holds {len(pool)} cards"]
    for basic in BASIC_LANDS:
        assert pool.count(basic) == 4 + players  # four in the cube, one for each player
    assert "Wastes" not in [c.name for c in game.table.cards]
    assert any(not card.definition.has_type("Land") for card in game.table.cards)


@pytest.mark.rule("VX 1.2")
@pytest.mark.parametrize("players", [1, 6])
def test_vortex_is_played_by_two_to_five_players(players: int) -> None:
    assert FORMATS["vortex"].players == (2, 5)
    with pytest.raises(InputError, match=rf"2 to 5 players, not {players} \(VX 1\.2\)"):
        FORMATS["vortex"].new_game(3, players)


@pytest.mark.rule("VX 1.2")
@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_two_to_five_players_may_start_a_game(players: int) -> None:
    game = new_game(2, players)
    assert len(game.table.players) == players
    assert game.outcome is None


@pytest.mark.rule("VX 1.1", "VX 3.8")
def test_a_pool_too_small_to_deal_every_pack_is_refused() -> None:
    with pytest.raises(InputError, match=r"too few to deal 3 packs of 7 \(VX 1.1, VX 3.8\)"):
        MagicGame.new(VORTEX, [[["Grizzly Bears"]], [["Shock"]]], seed=1)


# 3. Zones.


@pytest.mark.rule("VX 3.1", "VX 3.2", "VX 3.8")
@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_at_the_start_every_card_is_unowned_and_seven_are_dealt_to_each_pack(
    players: int,
) -> None:
    game = new_game(5, players)
    zones = game.table.zones
    total = int(texts(game, "VX 1.1")[0].split()[3])
    dealt = [len(zones[f"pack:{p}"]) for p in range(players)] + [len(zones["passed_pack"])]
    assert dealt == [PACK_SIZE] * (players + 1)
    assert len(zones["shoe"]) == total - PACK_SIZE * (players + 1)
    assert texts(game, "VX 3.8") == ["each player and the passed pack are dealt seven cards"]
    assert texts(game, "VX 5.2") == []  # the first pack needed no refill
    for zone in ["shoe", "passed_pack", *(f"pack:{p}" for p in range(players))]:
        assert set(owners(game, zone)) == {UNOWNED}
        assert {game.table.cards[c].controller for c in zones[zone]} == {UNOWNED}
    assert all(len(zones[f"hand:{p}"]) == 0 for p in range(players))
    assert all(len(zones[f"library:{p}"]) == 0 for p in range(players))


def hidden_table() -> MagicGame:
    """Ann, Ben and Cat with a card of a different name in every hidden place."""
    return (
        Scenario("vortex", names=NAMES)
        .player(0, hand=["Lightning Bolt"])
        .player(1, hand=["Murder"])
        .player(2)
        .zone("pack:0", ["Grizzly Bears", "Forest", "Shock"])
        .zone("pack:1", ["Wind Drake", "Island"])
        .zone("passed_pack", ["Serra Angel"] * 7)
        .zone("shoe", ["Air Elemental", "Craw Wurm", "Hill Giant"])
        .at("main1")
        .build()
    )


@pytest.mark.rule("VX 3.1", "VX 3.5", "VX 3.7")
def test_shoe_packs_and_passed_pack_cards_are_owned_by_no_one() -> None:
    game = hidden_table()
    for zone in ("shoe", "pack:0", "pack:1", "passed_pack"):
        assert set(owners(game, zone)) == {UNOWNED}
    assert FORMATS["vortex"].invariants(game) == []


@pytest.mark.rule("VX 3.4", "VX 3.5", "VX 3.6", "VX 3.7", "VX R10")
@pytest.mark.parametrize("player", [0, 1, 2])
def test_a_view_shows_the_own_pack_and_only_counts_of_other_hidden_zones(player: int) -> None:
    game = hidden_table()
    view = game.view(player)
    zones = game.table.zones
    own_pack = zones[f"pack:{player}"]
    assert view["pack"] == [(c, game.table.cards[c].name) for c in own_pack]
    assert view["packs"] == [3, 2, 0]
    assert (view["passed_pack"], view["shoe"]) == (7, 3)
    shown = shown_ids(view)
    assert set(own_pack) | set(zones[f"hand:{player}"]) <= shown
    assert not shown & hidden_from(game, player)
    text = str(view)
    for hidden in ("Serra Angel", "Air Elemental", "Craw Wurm", "Hill Giant"):
        assert hidden not in text  # the passed pack and the shoe, whoever looks
    others = {0: ["Grizzly Bears"], 1: ["Wind Drake", "Murder"], 2: []}
    for other, hidden_names in others.items():
        for name in hidden_names:
            assert (name in text) == (other == player)


@pytest.mark.rule("VX 3.4", "VX R10")
def test_the_shoe_is_shown_as_a_number_never_as_its_cards_or_order() -> None:
    game = hidden_table()
    shoe = game.table.zones["shoe"]
    for player in range(3):
        view = game.view(player)
        assert view["shoe"] == len(shoe)
        assert not shown_ids(view) & set(shoe)
        assert shoe not in view.values()
        assert [game.table.cards[c].name for c in shoe] not in view.values()


@pytest.mark.rule("VX 3.4", "VX 3.6")
def test_a_pick_offers_only_the_pickers_own_pack() -> None:
    game = hidden_table()
    game.enter("draw")  # Ann drafts; the shoe fills her pack from the top
    assert (game.decision, game.priority) == ("pick", 0)
    pack = game.table.zones["pack:0"]
    assert game.legal_actions() == [Pick(c) for c in pack]
    assert names(game, "pack:0")[3:] == ["Hill Giant", "Craw Wurm", "Air Elemental"]
    for player in (1, 2):
        assert not shown_ids(game.view(player)) & set(pack)


@pytest.mark.rule("VX 3.6")
@pytest.mark.parametrize("zone", ["pack:1", "passed_pack", "shoe", "hand:0"])
def test_a_player_cannot_pick_a_card_outside_their_own_pack(zone: str) -> None:
    game = (
        Scenario("vortex", names=NAMES)
        .player(0, hand=["Lightning Bolt"])
        .player(1)
        .player(2)
        .zone("pack:1", ["Wind Drake"])
        .zone("passed_pack", ["Serra Angel"])
        .zone("shoe", ["Air Elemental"] * 10)
        .at("upkeep")
        .build()
    )
    game.enter("draw")
    assert game.decision == "pick"
    assert_illegal(game, Pick(game.table.zones[zone][0]), "VX 3.6")


@pytest.mark.rule("VX 3.6")
def test_no_pick_from_another_pack_during_the_opening() -> None:
    game = new_game(7, 3)
    picker = game.priority
    other = (picker + 1) % 3
    assert game.decision == "pick"
    error = assert_illegal(game, Pick(game.table.zones[f"pack:{other}"][0]), "VX 3.6")
    assert "your own pack" in error.reason


@pytest.mark.rule("VX 3.9", "VX R2")
def test_an_overfull_pack_discards_the_card_chance_picks_to_its_holders_graveyard() -> None:
    cards = ["Forest", "Island", "Swamp", "Plains", "Mountain", "Shock", "Murder", "Storm Crow"]
    game = Scenario("vortex", names=NAMES[:2]).player(0).player(1).zone("pack:1", cards).build()
    game.chance.script("pack discard", 5)
    game.check_state_based_actions()
    assert names(game, "graveyard:1") == ["Shock"]
    assert owners(game, "graveyard:1") == [1]
    assert len(game.table.zones["pack:1"]) == PACK_SIZE
    assert set(owners(game, "pack:1")) == {UNOWNED}
    assert texts(game, "VX 3.9") == [
        "Ben's pack holds more than 7 cards: one is discarded at random"
    ]


@pytest.mark.rule("VX 3.9")
def test_the_random_discard_comes_from_the_games_seeded_chance() -> None:
    cards = ["Forest", "Island", "Swamp", "Plains", "Mountain", "Shock", "Murder", "Storm Crow"]
    expected = cards[Chance(9).pick(len(cards), kind="pack discard")]
    for _ in range(2):
        game = Scenario("vortex", seed=9).player(0).player(1).zone("pack:0", cards).build()
        game.check_state_based_actions()
        assert names(game, "graveyard:0") == [expected]


@pytest.mark.rule("VX 3.9")
def test_a_pack_two_over_discards_twice_and_seven_discards_nothing() -> None:
    game = (
        Scenario("vortex")
        .player(0)
        .player(1)
        .zone("pack:0", ["Forest"] * 9)
        .zone("pack:1", ["Island"] * 7)
        .build()
    )
    game.check_state_based_actions()
    assert len(names(game, "graveyard:0")) == 2
    assert len(game.table.zones["pack:0"]) == PACK_SIZE
    assert names(game, "graveyard:1") == []
    assert len(game.table.zones["pack:1"]) == PACK_SIZE


# 3.3 Library effects use the shoe.


@pytest.mark.rule("VX 3.3", "VX R2")
def test_tome_scour_mills_the_top_of_the_shoe_and_the_milled_player_owns_the_cards() -> None:
    shoe = ["Air Elemental", "Craw Wurm", "Forest", "Island", "Swamp", "Plains", "Mountain"]
    game = (
        Scenario("vortex", names=NAMES[:2])
        .player(0, hand=["Tome Scour", "Shock"], battlefield=["Island", "Mountain"])
        .player(1)
        .zone("shoe", shoe)
        .build()
    )
    game.apply(Cast(game.find("Tome Scour"), target=Player(1)))
    game.apply(Pass())  # Ben has nothing to do, so the spell resolves
    assert texts(game, "MG 6.4") == ["Ben mills 5"]
    assert names(game, "shoe") == ["Air Elemental", "Craw Wurm"]  # the bottom two stay
    assert sorted(names(game, "graveyard:1")) == sorted(shoe[2:])
    assert owners(game, "graveyard:1") == [1] * 5
    assert set(owners(game, "shoe")) == {UNOWNED}
    assert game.table.zones["library:1"] == []


@pytest.mark.rule("VX 3.3")
def test_traumatize_counts_the_shoe() -> None:
    game = (
        Scenario("vortex", names=NAMES[:2])
        .player(0, hand=["Traumatize", "Thought Scour"], battlefield=["Island"] * 6)
        .player(1)
        .zone("shoe", ["Forest"] * 9)
        .build()
    )
    game.apply(Cast(game.find("Traumatize"), target=Player(1)))
    game.apply(Pass())
    assert texts(game, "MG 6.4") == ["Ben mills 4"]
    assert len(game.table.zones["shoe"]) == 5
    assert owners(game, "graveyard:1") == [1] * 4


@pytest.mark.rule("VX 3.3", "VX 5.1")
def test_a_draw_is_not_a_library_effect_it_drafts() -> None:
    game = (
        Scenario("vortex", names=NAMES[:2])
        .player(0, hand=["Thought Scour"], battlefield=["Island"])
        .player(1)
        .zone("pack:0", ["Grizzly Bears"])
        .zone("shoe", ["Forest", "Island", "Swamp"])
        .build()
    )
    game.apply(Cast(game.find("Thought Scour"), target=Player(1)))
    assert texts(game, "MG 6.4") == ["Ben mills 2"]  # the mill uses the shoe...
    assert names(game, "graveyard:1") == ["Swamp", "Island"]
    assert (game.decision, game.priority) == ("pick", 0)  # ...the draw is a draft
    assert names(game, "pack:0") == ["Grizzly Bears", "Forest"]
    assert names(game, "hand:0") == []


# 4. The opening hand.


@pytest.mark.rule("VX 4.1", "VX 4.2", "VX 4.4", "VX R1", "VX R7", "VX R11", "MG 2.3")
@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_the_opening_is_four_rounds_in_turn_order_then_three_basics_each(players: int) -> None:
    game = new_game(8 + players, players)
    first = game.first_player
    order = [(first + seat) % players for seat in range(players)]
    player_names = names_of(game)
    finish_opening(game)

    # The opening's events, up to normal play (whose first draw, at a table of more than two,
    # is a draft of its own: MG 2.3).
    begins = next(i for i, e in enumerate(game.log) if e.rule == "VX 4.4")
    opening = [e for e in game.log[:begins] if e.rule in ("VX 4.1", "VX 5.3", "VX 6.1", "VX 5.2")]
    turns = [e for e in opening if e.rule == "VX 4.1"]
    expected = [
        f"{player_names[p]} takes opening turn {round_ + 1}: a draw step and a pass step"
        for round_ in range(OPENING_TURNS)
        for p in order
    ]
    assert [e.text for e in turns] == expected
    # Every opening turn is a draft (a refill if needed, then a pick) and that player's pass.
    steps = []
    for round_ in range(OPENING_TURNS):
        for p in order:
            name = player_names[p]
            steps += [
                ("VX 4.1", f"{name} takes opening turn {round_ + 1}: a draw step and a pass step"),
                ("VX 5.3", f"{name} picks a card"),
                ("VX 6.1", f"{name} passes their pack and takes the passed pack"),
            ]
    assert [(e.rule, e.text) for e in opening if e.rule != "VX 5.2"] == steps
    for index, event in enumerate(opening):
        if event.rule == "VX 5.2":
            drafter = opening[index - 1].text.split(" takes")[0]
            assert event.text.startswith(f"{drafter} replenishes")

    basics = texts(game, "VX 4.2")
    assert [b.split(" adds")[0] for b in basics] == [
        player_names[p] for p in order for _ in range(OPENING_BASICS)
    ]
    assert texts(game, "VX 4.4") == ["every hand holds seven cards: normal play begins"]
    assert [len(game.table.zones[f"hand:{p}"]) for p in range(players)] == [7] * players
    for p in range(players):
        assert set(owners(game, f"hand:{p}")) == {p}
    # Normal play: the first player's turn 1, whose draw only a game of two skips (MG 2.3);
    # at a larger table it is a draft like any other (VX 5.1).
    if players == 2:
        assert (game.turn, game.active, game.step) == (1, first, "main1")
        assert (game.decision, game.priority) == ("priority", first)
        assert texts(game, "MG 2.3") == [f"{player_names[first]} skips the first draw"]
    else:
        assert (game.turn, game.active, game.step) == (1, first, "draw")
        assert (game.decision, game.priority) == ("pick", first)
        assert texts(game, "MG 2.3") == [f"{player_names[first]} draws for the turn"]
    assert texts(game, "MG 2.1") == [f"{player_names[first]} begins turn 1"]
    assert [p.life for p in game.table.players] == [20] * players


@pytest.mark.rule("VX 3.7", "VX 4.1", "VX 6.1", "VX R7")
def test_each_opening_turn_passes_the_pack_so_every_turn_drafts_a_different_pack() -> None:
    game = new_game(7, 2)
    a, b = game.first_player, 1 - game.first_player
    zones = game.table.zones
    pack_a, pack_b, passed = (
        list(zones[f"pack:{a}"]),
        list(zones[f"pack:{b}"]),
        list(zones["passed_pack"]),
    )
    game.apply(Pick(pack_a[0]))
    assert (zones[f"pack:{a}"], zones["passed_pack"]) == (passed, pack_a[1:])
    assert (game.decision, game.priority) == ("pick", b)
    game.apply(Pick(pack_b[0]))
    assert (zones[f"pack:{b}"], zones["passed_pack"]) == (pack_a[1:], pack_b[1:])
    # Round two: the first player drafts the pack nobody has drafted yet...
    assert (game.decision, game.priority) == ("pick", a)
    assert zones[f"pack:{a}"] == passed
    game.apply(Pick(passed[0]))
    assert (zones[f"pack:{a}"], zones["passed_pack"]) == (pack_b[1:], passed[1:])
    # ...and the second player the pack the first player started with, refilled to seven.
    assert (game.decision, game.priority) == ("pick", b)
    assert zones[f"pack:{b}"][:6] == pack_a[1:]
    assert len(zones[f"pack:{b}"]) == PACK_SIZE


@pytest.mark.rule("VX 4.2", "VX R1")
def test_each_player_chooses_any_mix_of_their_three_basics_one_at_a_time() -> None:
    game = new_game(7, 2)
    while game.decision == "pick":
        game.apply(game.legal_actions()[0])
    first = game.first_player
    shoe = len(game.table.zones["shoe"])
    assert (game.decision, game.priority) == ("basics", first)
    assert game.legal_actions() == [TakeBasic(name) for name in BASIC_LANDS]
    for name in ("Island", "Mountain"):
        game.apply(TakeBasic(name))
        assert (game.decision, game.priority) == ("basics", first)
    game.apply(TakeBasic("Island"))
    assert (game.decision, game.priority) == ("basics", 1 - first)
    hand = names(game, f"hand:{first}")
    assert sorted(hand[-3:]) == ["Island", "Island", "Mountain"]
    assert set(owners(game, f"hand:{first}")) == {first}
    assert len(game.table.zones["shoe"]) == shoe  # the basics come from outside the game


@pytest.mark.rule("VX R1")
@pytest.mark.parametrize("name", ["Wastes", "Grizzly Bears", "Forests"])
def test_only_the_five_basic_land_types_may_be_taken(name: str) -> None:
    game = new_game(7, 2)
    while game.decision == "pick":
        game.apply(game.legal_actions()[0])
    assert_illegal(game, TakeBasic(name), "VX R1")


@pytest.mark.rule("VX 4.2")
def test_basic_lands_cannot_be_taken_during_the_opening_turns_or_normal_play() -> None:
    game = new_game(7, 2)
    assert game.decision == "pick"
    error = assert_illegal(game, TakeBasic("Forest"), "VX 4.2")
    assert "after the opening turns" in error.reason
    finish_opening(game)
    assert game.decision == "priority"
    assert_illegal(game, TakeBasic("Forest"), "VX 4.2")


@pytest.mark.rule("VX 4.3")
@pytest.mark.parametrize("players", [2, 4])
def test_the_opening_offers_no_mulligan(players: int) -> None:
    game = new_game(21, players)
    while game.variant.state.phase != "play":
        actions = game.legal_actions()
        assert all(isinstance(a, Pick | TakeBasic) for a in actions)
        assert not any("ulligan" in type(a).__name__ for a in actions)
        game.apply(actions[0])
    assert "pack mulligan" not in {e.text for e in game.log}


@pytest.mark.rule("VX 4.4")
def test_no_normal_turn_step_happens_before_every_hand_holds_seven() -> None:
    game = new_game(12, 3)
    finish_opening(game)
    log = list(game.log)
    start = next(i for i, e in enumerate(log) if e.rule == "VX 4.4")
    assert not any(e.rule.startswith("MG 2") for e in log[:start])
    assert log[start + 1].rule == "MG 2.1"


# 5. Drawing is drafting.


def drafting(**pack: list[str]) -> MagicGame:
    """Ann in her upkeep, with a pack and a shoe to draft from."""
    return (
        Scenario("vortex", names=NAMES[:2])
        .player(0, **HOLD)
        .player(1)
        .zone("pack:0", pack.get("pack", ["Grizzly Bears", "Forest", "Shock"]))
        .zone(
            "shoe", pack.get("shoe", ["Lightning Bolt", "Hill Giant", "Forest", "Swamp", "Plains"])
        )
        .at("upkeep")
        .build()
    )


@pytest.mark.rule("VX 5.1", "VX 5.2")
def test_the_draw_step_drafts_refilling_the_pack_to_seven_from_the_top_of_the_shoe() -> None:
    game = drafting()
    game.enter("draw")
    assert (game.decision, game.priority) == ("pick", 0)
    assert texts(game, "VX 5.2") == ["Ann replenishes their pack with 4 cards from the shoe"]
    assert names(game, "pack:0") == [
        "Grizzly Bears",
        "Forest",
        "Shock",
        "Plains",
        "Swamp",
        "Forest",
        "Hill Giant",
    ]
    assert names(game, "shoe") == ["Lightning Bolt"]
    assert set(owners(game, "pack:0")) == {UNOWNED}
    assert game.table.players[0].drew_from_empty is False


@pytest.mark.rule("VX 5.2")
def test_a_short_shoe_refills_what_it_can() -> None:
    game = drafting(shoe=["Swamp", "Plains"])
    game.enter("draw")
    assert texts(game, "VX 5.2") == ["Ann replenishes their pack with 2 cards from the shoe"]
    assert len(game.table.zones["pack:0"]) == 5
    assert game.table.zones["shoe"] == []


@pytest.mark.rule("VX 5.2")
def test_with_an_empty_shoe_the_replenish_step_does_nothing() -> None:
    game = drafting(shoe=[])
    game.enter("draw")
    assert texts(game, "VX 5.2") == []
    assert (game.decision, game.priority) == ("pick", 0)
    assert names(game, "pack:0") == ["Grizzly Bears", "Forest", "Shock"]
    assert game.table.players[0].lost is False  # no MG 5.3 loss: there is no library


@pytest.mark.rule("VX 5.2")
def test_a_full_pack_takes_nothing_from_the_shoe() -> None:
    game = drafting(pack=["Forest"] * 7)
    game.enter("draw")
    assert texts(game, "VX 5.2") == []
    assert len(game.table.zones["shoe"]) == 5


@pytest.mark.rule("VX 5.3")
def test_a_pick_puts_the_card_in_hand_and_makes_the_picker_its_owner() -> None:
    game = drafting()
    game.enter("draw")
    bears = game.find("Grizzly Bears")
    game.apply(Pick(bears))
    assert game.table.where[bears] == "hand:0"
    card = game.table.cards[bears]
    assert (card.owner, card.controller) == (0, 0)
    assert set(owners(game, "pack:0")) == {UNOWNED}
    assert len(game.table.zones["pack:0"]) == 6
    assert texts(game, "VX 5.3") == ["Ann picks a card"]
    assert (game.decision, game.priority, game.step) == ("priority", 0, "draw")


@pytest.mark.rule("VX 5.3")
def test_the_picker_keeps_ownership_after_the_pack_moves_on() -> None:
    game = drafting()
    game.enter("draw")
    bears = game.find("Grizzly Bears")
    game.apply(Pick(bears))
    game.end_turn_now()
    assert texts(game, "VX 6.1") == ["Ann passes their pack and takes the passed pack"]
    assert game.table.cards[bears].owner == 0
    assert game.table.where[bears] == "hand:0"


@pytest.mark.rule("VX 5.3")
def test_a_card_is_picked_only_when_drafting() -> None:
    game = drafting()
    game.enter("main1")
    assert game.decision == "priority"
    error = assert_illegal(game, Pick(game.find("Forest", "pack:0")), "VX 5.3")
    assert "only when drafting" in error.reason


@pytest.mark.rule("VX 5.1")
def test_nothing_else_may_be_done_until_the_pick_is_made() -> None:
    game = drafting()
    game.enter("draw")
    assert_illegal(game, Pass(), "MG 2.5")
    assert_illegal(game, Cast(game.find("Shock", "hand:0"), Player(1)), "MG 2.5")


@pytest.mark.rule("VX 5.1")
def test_a_draw_for_another_player_makes_that_player_draft() -> None:
    game = (
        Scenario("vortex", names=NAMES[:2])
        .player(0, hand=["Inspiration"], battlefield=["Island"] * 4)
        .player(1)
        .zone("pack:1", ["Hill Giant"])
        .zone("shoe", ["Forest"] * 10)
        .build()
    )
    game.apply(Cast(game.find("Inspiration"), target=Player(1)))
    assert (game.decision, game.priority) == ("pick", 1)
    assert texts(game, "VX 5.2") == ["Ben replenishes their pack with 6 cards from the shoe"]
    assert game.legal_actions() == [Pick(c) for c in game.table.zones["pack:1"]]


@pytest.mark.rule("VX 5.4", "VX R8")
def test_an_empty_pack_counters_the_whole_stack_ends_the_turn_and_costs_one_life() -> None:
    game = (
        Scenario("vortex", names=NAMES[:2])
        .player(0, hand=["Lightning Bolt", "Thought Scour"], battlefield=["Mountain", "Island"])
        .player(1, hand=["Shock"], battlefield=["Mountain"])
        .zone("pack:1", ["Forest"] * 3)
        .zone("passed_pack", ["Swamp"] * 2)
        .build()
    )
    game.apply(Cast(game.find("Lightning Bolt"), Player(1)))
    game.apply(Pass())
    assert game.priority == 1
    game.apply(Cast(game.find("Shock"), Player(0)))  # Ben's response
    assert (game.priority, names(game, "stack")) == (0, ["Lightning Bolt", "Shock"])
    game.apply(Cast(game.find("Thought Scour"), Player(1)))  # Ann draws from an empty pack
    assert texts(game, "VX 5.4") == [
        "Shock is countered",
        "Lightning Bolt is countered",
        "Ann has an empty pack to pick from, loses 1 life, and the turn ends",
    ]
    assert game.table.zones["stack"] == []
    assert names(game, "graveyard:0") == ["Thought Scour", "Lightning Bolt"]
    assert names(game, "graveyard:1") == ["Shock"]
    assert [p.life for p in game.table.players] == [19, 20]  # neither burn spell dealt damage
    assert texts(game, "VX 6.1") == ["Ann passes their pack and takes the passed pack"]
    assert (game.turn, game.active) == (3, 1)
    assert (game.decision, game.priority) == ("pick", 1)


@pytest.mark.rule("VX 5.4", "VX R8")
def test_a_failed_pick_in_the_draw_step_skips_the_rest_of_the_turn() -> None:
    game = (
        Scenario("vortex", names=NAMES[:2])
        .player(0, battlefield=["Mountain"])
        .player(1, hand=["Shock"], battlefield=["Mountain"])
        .zone("passed_pack", ["Forest"])
        .at("upkeep")
        .build()
    )
    game.enter("draw")
    assert [str(e) for e in game.log][:4] == [
        "turn 2: Ann draws for the turn (MG 2.3)",
        "turn 2: Ann has an empty pack to pick from, loses 1 life, and the turn ends (VX 5.4)",
        "turn 2: Ann passes their pack and takes the passed pack (VX 6.1)",
        "turn 3: Ben begins turn 3 (MG 2.1)",
    ]
    assert game.table.players[0].life == 19
    assert names(game, "pack:0") == ["Forest"]


@pytest.mark.rule("VX 5.4")
def test_a_player_who_cannot_pick_loses_the_life_even_in_the_opponents_turn() -> None:
    game = (
        Scenario("vortex", names=NAMES[:2])
        .player(0, hand=["Inspiration"], battlefield=["Island"] * 4)
        .player(1, **HOLD)
        .build()
    )
    game.apply(Cast(game.find("Inspiration"), target=Player(1)))
    assert (game.priority, names(game, "stack")) == (1, ["Inspiration"])
    game.apply(Pass())  # Ben holds his Shock; Inspiration resolves
    assert texts(game, "VX 5.4") == [
        "Ben has an empty pack to pick from, loses 1 life, and the turn ends"
    ]
    assert [p.life for p in game.table.players] == [20, 19]
    assert game.variant.state.drafts == []  # the second draw of Inspiration is gone too
    assert (game.turn, game.active, game.step) == (3, 1, "upkeep")


@pytest.mark.rule("VX 5.1", "VX R4")
def test_each_card_of_a_multiple_draw_is_a_full_draft_from_the_same_pack() -> None:
    game = (
        Scenario("vortex", names=NAMES[:2])
        .player(0, hand=["Divination"], battlefield=["Island"] * 3)
        .player(1)
        .zone("pack:0", ["Forest"] * 7)
        .zone("passed_pack", ["Swamp"] * 7)
        .zone("shoe", ["Shock"] * 4)
        .build()
    )
    pack = list(game.table.zones["pack:0"])
    game.apply(Cast(game.find("Divination")))
    assert (game.decision, game.priority) == ("pick", 0)
    assert texts(game, "VX 5.2") == []  # the first draft found the pack full
    game.apply(Pick(pack[0]))
    assert (game.decision, game.priority) == ("pick", 0)
    assert texts(game, "VX 5.2") == ["Ann replenishes their pack with 1 card from the shoe"]
    assert game.table.zones["pack:0"][:6] == pack[1:]  # still the same pack: no pass between
    game.apply(Pick(pack[1]))
    assert (game.decision, game.priority) == ("priority", 0)
    assert names(game, "hand:0") == ["Forest", "Forest"]
    assert len(game.table.zones["pack:0"]) == 6
    assert texts(game, "VX 6.1") == []
    assert game.log[-1].rule == "VX 5.3"


@pytest.mark.rule("VX R4")
def test_the_second_draft_fails_if_the_first_emptied_the_pack() -> None:
    game = (
        Scenario("vortex", names=NAMES[:2])
        .player(0, hand=["Divination"], battlefield=["Island"] * 3)
        .player(1)
        .zone("pack:0", ["Grizzly Bears"])
        .zone("pack:1", ["Hill Giant"])
        .build()
    )
    game.apply(Cast(game.find("Divination")))
    game.apply(Pick(game.find("Grizzly Bears")))
    assert game.table.players[0].life == 19
    assert names(game, "hand:0") == ["Grizzly Bears"]
    assert (game.turn, game.active, game.decision) == (3, 1, "pick")


# 6. The pass step.


@pytest.mark.rule("VX 6.1")
def test_after_cleanup_the_pack_is_swapped_for_the_passed_pack() -> None:
    game = (
        Scenario("vortex", names=NAMES[:2])
        .player(0)
        .player(1)
        .zone("pack:0", ["Forest"])
        .zone("passed_pack", ["Island", "Island"])
        .zone("pack:1", ["Hill Giant"] * 7)
        .at("end")
        .build()
    )
    mine, passed = list(game.table.zones["pack:0"]), list(game.table.zones["passed_pack"])
    game.enter("cleanup")
    log = [e.rule for e in game.log]
    assert log.index("VX 6.1") < log.index("MG 2.1")  # before the next turn begins
    assert game.table.zones["pack:0"] == passed
    assert game.table.zones["passed_pack"] == mine
    assert all(game.table.where[c] == "pack:0" for c in passed)
    assert all(game.table.where[c] == "passed_pack" for c in mine)
    assert set(owners(game, "pack:0")) | set(owners(game, "passed_pack")) == {UNOWNED}
    assert game.view(0)["pack"] == [(c, "Island") for c in passed]
    assert game.view(1)["passed_pack"] == 1
    assert names(game, "pack:1")[:7] == ["Hill Giant"] * 7  # only the active player passes


@pytest.mark.rule("VX 6.1")
def test_the_pass_step_waits_until_the_cleanup_discard_is_done() -> None:
    game = (
        Scenario("vortex", names=NAMES[:2])
        .player(0, hand=["Forest"] * 8)
        .player(1)
        .zone("pack:0", ["Shock"])
        .zone("pack:1", ["Hill Giant"])
        .zone("passed_pack", ["Island"])
        .at("end")
        .build()
    )
    game.enter("cleanup")
    assert (game.decision, game.priority) == ("discard", 0)
    assert texts(game, "VX 6.1") == []
    assert names(game, "pack:0") == ["Shock"]
    game.apply(Discard(game.table.zones["hand:0"][0]))
    assert texts(game, "VX 6.1") == ["Ann passes their pack and takes the passed pack"]
    assert names(game, "pack:0") == ["Island"]
    assert game.turn == 3


@pytest.mark.rule("VX 6.1")
def test_the_pass_step_is_a_state_based_action_due_after_cleanup_only() -> None:
    game = (
        Scenario("vortex", names=NAMES[:2])
        .player(0, **HOLD)
        .player(1)
        .zone("pack:0", ["Forest"])
        .zone("passed_pack", ["Island"])
        .at("end")
        .build()
    )
    game.check_state_based_actions()
    assert texts(game, "VX 6.1") == []  # nothing due in the end step
    game.variant.state.pass_due.append(0)
    game.check_state_based_actions()
    assert texts(game, "VX 6.1") == ["Ann passes their pack and takes the passed pack"]
    assert names(game, "pack:0") == ["Island"]
    assert game.variant.state.pass_due == []


# 7. The pack mulligan.


def lands_upkeep(
    pack: list[str], pack_1: tuple[str, ...] = ("Storm Crow",) * 6, **ann: list[str]
) -> MagicGame:
    return (
        Scenario("vortex", names=NAMES[:2])
        .player(0, **ann)
        .player(1, hand=["Hill Giant"])
        .zone("pack:0", pack)
        .zone("pack:1", pack_1)
        .zone("passed_pack", ["Swamp"] * 4)
        .zone("shoe", ["Lava Axe"] * 30)
        .at("untap")
        .build()
    )


FIVE_BASICS = ("Forest", "Island", "Swamp", "Plains", "Mountain", "Shock")


@pytest.mark.rule("VX 7.1")
def test_in_upkeep_a_pack_of_five_basics_may_be_revealed_and_exiled() -> None:
    game = lands_upkeep(FIVE_BASICS)
    game.enter("untap")
    assert (game.step, game.decision, game.priority) == ("upkeep", "pack mulligan", 0)
    assert game.legal_actions() == [ExilePack(), KeepPack()]
    pack = list(game.table.zones["pack:0"])
    game.apply(ExilePack())
    assert texts(game, "VX 7.1") == [
        "Ann reveals their pack (Forest, Island, Swamp, Plains, Mountain, Shock) and exiles it"
    ]
    assert all(game.table.where[c] == "exile" for c in pack)
    assert game.view(1)["exile"] == [*FIVE_BASICS]


@pytest.mark.rule("VX 7.1")
def test_the_pack_may_be_kept_and_the_offer_is_not_repeated() -> None:
    game = lands_upkeep(FIVE_BASICS)
    game.enter("untap")
    game.apply(KeepPack())
    assert (game.decision, game.priority) == ("pick", 0)
    assert texts(game, "VX 7.1") == []
    assert len(game.table.zones["pack:0"]) == PACK_SIZE


@pytest.mark.rule("VX 7.1")
def test_four_basics_are_not_enough_for_a_pack_mulligan() -> None:
    game = lands_upkeep(["Forest", "Island", "Swamp", "Plains", "Shock"], **HOLD)
    game.enter("untap")
    assert (game.step, game.decision, game.priority) == ("upkeep", "priority", 0)
    error = assert_illegal(game, ExilePack(), "VX 7.1")
    assert "five or more basic lands" in error.reason
    assert_illegal(game, KeepPack(), "VX 7.1")


@pytest.mark.rule("VX 7.1")
def test_no_pack_mulligan_outside_your_upkeep() -> None:
    game = lands_upkeep(FIVE_BASICS, **HOLD)
    game.enter("main1")
    assert (game.step, game.decision) == ("main1", "priority")
    assert_illegal(game, ExilePack(), "VX 7.1")
    game = lands_upkeep(FIVE_BASICS, **HOLD)
    game.enter("draw")  # after the upkeep, in the pick
    assert game.decision == "pick"
    assert_illegal(game, ExilePack(), "VX 7.1")


@pytest.mark.rule("VX 7.1")
def test_the_pack_mulligan_is_offered_only_to_the_active_player() -> None:
    game = lands_upkeep(["Hill Giant"] * 5, pack_1=FIVE_BASICS)  # Ben's pack: five basics
    game.enter("untap")
    game.take_forced_actions()
    assert game.decision == "pick"
    assert "pack mulligan" not in str(game.log)
    assert len(game.table.zones["pack:1"]) == 6


@pytest.mark.rule("VX 7.2")
def test_the_smaller_pack_is_only_for_the_player_who_exiled_their_pack() -> None:
    game = lands_upkeep(FIVE_BASICS, hand=["Inspiration"], battlefield=["Island"] * 4)
    game.enter("untap")
    game.apply(ExilePack())
    advance(game, lambda g: g.decision == "pick")
    assert len(game.table.zones["pack:0"]) == MULLIGAN_PACK_SIZE
    game.apply(game.legal_actions()[0])
    advance(game, lambda g: g.step == "main1")
    game.apply(Cast(game.find("Inspiration"), target=Player(1)))
    advance(game, lambda g: g.decision == "pick")
    assert (game.turn, game.priority) == (2, 1)
    assert len(game.table.zones["pack:1"]) == PACK_SIZE  # Ben still fills to seven
    assert texts(game, "VX 5.2")[-1] == "Ben replenishes their pack with 1 card from the shoe"


@pytest.mark.rule("VX 7.2")
def test_after_a_pack_mulligan_the_pack_refills_to_five_for_the_rest_of_that_turn_only() -> None:
    game = lands_upkeep(FIVE_BASICS, hand=["Divination", "Inspiration"], battlefield=["Island"] * 7)
    game.enter("untap")
    game.apply(ExilePack())
    advance(game, lambda g: g.decision == "pick")
    assert game.step == "draw"
    assert texts(game, "VX 5.2") == ["Ann replenishes their pack with 5 cards from the shoe"]
    assert len(game.table.zones["pack:0"]) == MULLIGAN_PACK_SIZE
    game.apply(game.legal_actions()[0])
    advance(game, lambda g: g.step == "main1")
    game.apply(Cast(game.find("Divination")))
    advance(game, lambda g: g.decision == "pick")
    assert len(game.table.zones["pack:0"]) == MULLIGAN_PACK_SIZE  # still five this turn
    game.apply(game.legal_actions()[0])
    assert len(game.table.zones["pack:0"]) == MULLIGAN_PACK_SIZE
    game.apply(game.legal_actions()[0])
    # Ben's turn: Ben fills to seven, and so does Ann when she draws again.
    advance(game, lambda g: g.turn == 3 and g.decision == "pick")
    assert len(game.table.zones["pack:1"]) == PACK_SIZE
    game.apply(game.legal_actions()[0])
    advance(game, lambda g: g.turn == 3 and g.priority == 0 and g.decision == "priority")
    game.apply(Cast(game.find("Inspiration"), target=Player(0)))
    advance(game, lambda g: g.decision == "pick")
    assert game.priority == 0
    assert len(game.table.zones["pack:0"]) == PACK_SIZE
    assert texts(game, "VX 5.2")[-1] == "Ann replenishes their pack with 3 cards from the shoe"


# Rulings on players who leave, and on ending the turn (VX R3, MG R6, MG R7).


def three_players(**ben: Any) -> Scenario:
    return (
        Scenario("vortex", names=NAMES)
        .player(0, battlefield=["Grizzly Bears"])
        .player(1, **ben)
        .player(2)
        .zone("pack:1", ["Shock", "Forest"])
        .zone("shoe", ["Island"] * 10)
    )


@pytest.mark.rule("VX R3", "MG R6")
def test_a_leaving_player_s_pack_goes_under_the_shoe_and_their_cards_leave() -> None:
    game = three_players(
        life=0, hand=["Murder"], battlefield=["Swamp"], graveyard=["Storm Crow"]
    ).build()
    shoe = list(game.table.zones["shoe"])
    pack = set(game.table.zones["pack:1"])
    game.check_state_based_actions()
    assert texts(game, "MG R6") == ["Ben leaves the game with their cards"]
    assert game.table.zones["pack:1"] == []
    assert set(game.table.zones["shoe"][:2]) == pack  # at the bottom
    assert game.table.zones["shoe"][2:] == shoe  # the rest of the shoe keeps its order
    assert set(owners(game, "shoe")) == {UNOWNED}  # the pack never was Ben's
    assert sorted(names(game, "left")) == ["Murder", "Storm Crow", "Swamp"]
    assert set(owners(game, "left")) == {1}
    assert game.outcome is None
    assert game.table.players[1].left


@pytest.mark.rule("MG R6")
def test_turn_order_priority_and_attacks_skip_a_player_who_left() -> None:
    game = three_players(life=0).build()
    game.check_state_based_actions()
    assert (game.next_player(0), game.defender) == (2, 2)
    game.apply(Pass())  # Cat passes by herself; combat begins
    assert (game.decision, game.priority) == ("attackers", 0)
    game.apply(Attack(game.find("Grizzly Bears")))  # the engine ends the declaration itself
    assert texts(game, "MG 4.4") == [
        "Grizzly Bears deals 2 damage to Cat (life 18, damage taken 2)"
    ]
    assert game.table.players[1].life == 0
    advance(game, lambda g: g.turn == 3)
    assert (game.active, game.decision, game.priority) == (2, "pick", 2)
    assert "Ben begins" not in str(game.log)


@pytest.mark.rule("MG R6", "MG R8")
def test_an_attack_stays_on_the_player_it_was_declared_against_when_they_leave() -> None:
    # Ann's Bears attack Ben, the next player; Ben leaves the game during combat. Cat, now next
    # in turn order, is not attacked: she declares no blockers and takes no damage (as in
    # Magic, Comprehensive Rules 508.1b and 510.1c).
    game = (
        Scenario("vortex", names=NAMES)
        .player(0, battlefield=["Grizzly Bears", "Mountain"], hand=["Shock"])
        .player(1, life=2)
        .player(2, battlefield=["Giant Spider"])
        .zone("shoe", ["Island"] * 10)
        .at("beginning_of_combat")
        .build()
    )
    game.apply(Pass())
    game.apply(Attack(game.find("Grizzly Bears")))
    assert texts(game, "MG 4.1") == ["Grizzly Bears attacks Ben"]
    assert (game.step, game.decision, game.priority) == ("declare_attackers", "priority", 0)
    game.apply(Cast(game.find("Shock"), Player(1)))
    assert game.table.players[1].left
    asked: list[int] = []
    while game.turn == 2 and game.outcome is None:
        if game.decision == "blockers":
            asked.append(game.priority)
        actions = game.legal_actions()
        game.apply(Pass() if Pass() in actions else actions[0])
    assert asked == []
    assert texts(game, "MG 4.4") == []
    assert game.table.players[2].life == 20


@pytest.mark.rule("VX R3", "MG R6")
def test_a_leaving_player_s_queued_drafts_are_dropped() -> None:
    game = three_players(life=1).build()
    game.variant.state.drafts = [1, 2]
    game.table.players[1].life = 0
    game.check_state_based_actions()
    assert game.variant.state.drafts == [2]


@pytest.mark.rule("VX R3", "MG R6", "MG R7")
def test_a_player_who_leaves_in_their_own_turn_strands_no_cards_in_their_pack() -> None:
    game = (
        Scenario("vortex", names=NAMES)
        .player(0)
        .player(1, life=1, hand=["Night's Whisper"], battlefield=["Swamp", "Swamp"])
        .player(2)
        .zone("pack:1", ["Shock", "Island"])
        .zone("passed_pack", ["Hill Giant"] * 7)
        .zone("shoe", ["Swamp"] * 20)
        .at("main1", active=1)
        .build()
    )
    game.apply(Cast(game.find("Night's Whisper")))
    assert game.table.players[1].left
    assert (game.turn, game.active) == (3, 2)
    assert game.table.zones["pack:1"] == []
    giants = [c.id for c in game.table.cards if c.name == "Hill Giant"]
    assert all(game.table.where[c] in ("passed_pack", "shoe", "pack:2") for c in giants)


@pytest.mark.rule("MG R7", "VX 6.1")
def test_ending_the_turn_at_once_goes_to_cleanup_and_the_pass_step_still_happens() -> None:
    game = (
        Scenario("vortex", names=NAMES[:2])
        .player(0, battlefield=["Grizzly Bears", "Hill Giant"])
        .player(1)
        .zone("pack:0", ["Forest"])
        .zone("passed_pack", ["Island"])
        .zone("pack:1", ["Hill Giant"])
        .at("main1")
        .build()
    )
    game.apply(Pass())
    assert game.decision == "attackers"
    bears = game.find("Grizzly Bears")
    game.apply(Attack(bears))
    assert (game.decision, game.table.cards[bears].attacking) == ("attackers", True)
    game.end_turn_now()
    assert not game.table.cards[bears].attacking  # combat is over
    assert game.table.players[1].life == 20
    assert [str(e) for e in game.log][-2:] == [
        "turn 2: Ann passes their pack and takes the passed pack (VX 6.1)",
        "turn 3: Ben begins turn 3 (MG 2.1)",
    ]
    assert names(game, "pack:0") == ["Island"]
    game.take_forced_actions()
    assert (game.decision, game.priority) == ("pick", 1)


@pytest.mark.rule("MG R7", "VX R8")
def test_ending_the_turn_at_once_still_discards_to_hand_size_before_passing() -> None:
    game = (
        Scenario("vortex", names=NAMES[:2])
        .player(0, hand=["Forest"] * 9)
        .player(1)
        .zone("pack:0", ["Shock"])
        .zone("pack:1", ["Hill Giant"])
        .zone("passed_pack", ["Island"])
        .build()
    )
    game.end_turn_now()
    assert (game.step, game.decision, game.priority) == ("cleanup", "discard", 0)
    assert texts(game, "VX 6.1") == []
    game.apply(Discard(game.table.zones["hand:0"][0]))
    game.apply(Discard(game.table.zones["hand:0"][0]))
    assert texts(game, "VX 6.1") == ["Ann passes their pack and takes the passed pack"]
    assert game.turn == 3


@pytest.mark.rule("VX R8", "VX 5.4")
def test_a_failed_pick_in_combat_ends_combat_before_damage() -> None:
    game = (
        Scenario("vortex", names=NAMES[:2])
        .player(0, hand=["Thought Scour"], battlefield=["Grizzly Bears", "Island"])
        .player(1)
        .zone("pack:1", ["Hill Giant"])
        .build()
    )
    advance(game, lambda g: g.decision == "attackers")
    bears = game.find("Grizzly Bears")
    game.apply(Attack(bears))
    assert (game.step, game.priority) == ("declare_attackers", 0)
    assert game.table.cards[bears].attacking
    game.apply(Cast(game.find("Thought Scour"), Player(1)))
    assert texts(game, "MG 4.4") == []
    assert [p.life for p in game.table.players] == [19, 20]
    assert not game.table.cards[bears].attacking
    assert (game.turn, game.active) == (3, 1)


@pytest.mark.rule("VX R9")
def test_an_empty_pack_in_an_opening_turn_costs_one_life_and_the_opening_goes_on() -> None:
    game = (
        Scenario("vortex", names=NAMES[:2])
        .player(0)
        .player(1)
        .zone("pack:1", ["Shock"])
        .zone("passed_pack", ["Forest", "Island"])
        .build()
    )
    state = game.variant.state
    state.phase, state.opening, state.basics = "opening", [0, 1], [0, 0]
    game.resume = ["begin_turn", 0]
    game.resume_play()
    assert texts(game, "VX R9") == ["Ann has an empty pack in an opening turn and loses 1 life"]
    assert texts(game, "VX 5.4") == []  # no stack to counter, no turn to end
    assert game.table.players[0].life == 19
    assert texts(game, "VX 6.1") == ["Ann passes their pack and takes the passed pack"]
    assert names(game, "pack:0") == ["Forest", "Island"]
    assert (game.decision, game.priority) == ("pick", 1)  # Ben's opening turn follows
    assert game.variant.state.opening == [1]


# Determinism, saving, whole games and the command line.


@pytest.mark.rule("VX 4.1", "VX 5.1", "VX 6.1")
@pytest.mark.parametrize("players", [2, 3])
def test_the_same_seed_and_actions_give_the_same_game(players: int) -> None:
    game, actions = bot_actions(31, players)
    replay = new_game(31, players)
    for action in actions:
        replay.apply(action)
    assert str(replay.log) == str(game.log)
    assert replay.dumps() == game.dumps()


@pytest.mark.rule("VX 4.1", "VX 5.2", "VX 6.1")
@pytest.mark.parametrize("players", [2, 4])
def test_a_json_round_trip_mid_opening_and_mid_game_continues_identically(players: int) -> None:
    game, actions = bot_actions(17, players)
    replay = new_game(17, players)
    mid_opening = 5
    mid_game = len(actions) // 2
    phases = {}
    for index, action in enumerate(actions):
        if index in (mid_opening, mid_game):
            phases[index] = replay.variant.state.phase
            saved = replay.dumps()
            replay = MagicGame.loads(saved)
            assert replay.dumps() == saved
        replay.apply(action)
    assert phases == {mid_opening: "opening", mid_game: "play"}
    assert str(replay.log) == str(game.log)
    assert replay.dumps() == game.dumps()


@pytest.mark.rule("VX 5.2", "VX 5.3")
def test_a_round_trip_between_replenish_and_pick_keeps_the_draft() -> None:
    game = drafting()
    game.enter("draw")
    restored = MagicGame.loads(game.dumps())
    assert restored.variant.state.replenished is True
    assert restored.legal_actions() == game.legal_actions()
    for copy in (game, restored):
        copy.apply(Pick(copy.find("Hill Giant", "pack:0")))
    assert restored.dumps() == game.dumps()
    assert texts(restored, "VX 5.2") == texts(game, "VX 5.2")  # no second replenish


@pytest.mark.rule("VX 1.2", "VX 4.4", "VX 5.1", "VX 6.1", "MG R6")
@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_a_bot_game_ends_keeping_every_invariant_and_hiding_what_it_should(players: int) -> None:
    problems: list[str] = []
    leaks: list[str] = []

    def check(game: Any, _: Action) -> None:
        problems.extend(FORMATS["vortex"].invariants(game))
        for player in range(players):
            shown = shown_ids(game.view(player)) & hidden_from(game, player)
            if shown:
                leaks.append(f"player {player} sees hidden cards {sorted(shown)}")

    game = new_game(players, players)
    outcome = play(game, [VortexAgent(seat) for seat in range(players)], on_action=check)
    assert outcome is not None
    assert outcome is game.outcome
    assert problems == []
    assert leaks == []
    cited = {event.rule for event in game.log}
    assert {"VX 1.1", "VX 3.8", "VX 4.1", "VX 4.2", "VX 4.4", "VX 5.2", "VX 5.3"} <= cited
    assert "VX 6.1" in cited
    # A player who has left never begins another turn (MG R6).
    log = [str(e) for e in game.log]
    for name in names_of(game):
        left = [i for i, line in enumerate(log) if f"{name} leaves the game" in line]
        if left:
            assert not any(f"{name} begins turn" in line for line in log[left[0] :])


@pytest.mark.rule("VX 1.1", "VX 4.1", "VX 5.3")
def test_the_command_line_plays_a_three_player_game(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["play", "vortex", "--players", "3", "--seed", "4"]) == 0
    out, err = capsys.readouterr()
    assert out.startswith("Vortex Based Magic, seed 4, 3 players")
    for rule in ("VX 1.1", "VX 3.8", "VX 4.1", "VX 4.2", "VX 4.4", "VX 5.3", "VX 6.1"):
        assert f"({rule})" in out
    assert "result: " in out
    assert err == ""


@pytest.mark.rule("VX 1.2")
@pytest.mark.parametrize("players", ["1", "6"])
def test_the_command_line_refuses_a_wrong_number_of_players(
    capsys: pytest.CaptureFixture[str], players: str
) -> None:
    assert main(["play", "vortex", "--players", players, "--seed", "4"]) == 2
    out, err = capsys.readouterr()
    assert out == ""
    assert f"2 to 5 players, not {players}" in err
    assert "Traceback" not in err
    assert err.count("\n") == 1
