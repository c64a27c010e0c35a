"""Risk & Resource with three or more players (RR 10) and its variants (RR 10.4)."""

from __future__ import annotations

import json

import pytest

from rulekeeper.engine.agents import RandomAgent, play
from rulekeeper.engine.chance import Chance
from rulekeeper.errors import InputError
from rulekeeper.games import FORMATS
from rulekeeper.riskres.actions import (
    Attack,
    Block,
    BreakAlliance,
    Cast,
    Concede,
    EndBlocks,
    OfferAlliance,
    Pass,
    Pitch,
    Player,
)
from rulekeeper.riskres.agents import HeuristicAgent
from rulekeeper.riskres.decks import PRECONSTRUCTED
from rulekeeper.riskres.game import RiskGame
from rulekeeper.riskres.scenario import Scenario, refused
from rulekeeper.riskres.turn import next_turn

THREE = ("Alice", "Bob", "Carol")
FOUR = (*THREE, "Dave")
DECKS = list(PRECONSTRUCTED.values())


def _table(names: tuple[str, ...] = THREE, **options: object) -> Scenario:
    scenario = Scenario(names=names, **options)  # type: ignore[arg-type]
    for seat in range(len(names)):
        scenario.player(seat, hand=["Brace"], library=["Raze"] * 6)
    return scenario


def _pass_step(game: RiskGame) -> None:
    step = game.step
    while game.decision == "priority" and game.step == step and game.outcome is None:
        game.apply(Pass())


def _texts(game: RiskGame, start: int = 0) -> list[str]:
    return [event.text for event in game.log.since(start)]


@pytest.mark.rule("RR 10.1a")
def test_turns_pass_clockwise() -> None:
    game = _table(FOUR).at("end", active=1).build()
    order = []
    for _ in range(4):
        _pass_step(game)
        while game.step != "end":
            _pass_step(game)
        order.append(game.active)
    assert order == [2, 3, 0, 1]


@pytest.mark.rule("RR 10.1b", "RR R54")
def test_turn_order_skips_a_player_who_left() -> None:
    game = _table(FOUR).at("end", active=0).build()
    game.apply(Concede(1))
    game.apply(Concede(2))
    _pass_step(game)
    assert game.active == 3
    assert "Bob and Carol have left the game: the next turn is Dave's" in _texts(game)
    assert game.outcome is None
    assert game.in_game() == [0, 3]


@pytest.mark.rule("RR 10.1c", "RR R62")
def test_an_extra_turn_comes_next_and_does_not_move_the_order_on() -> None:
    game = _table().at("end", active=0).build()
    game.extra_turns.append(2)
    _pass_step(game)
    assert game.active == 2  # Carol's extra turn comes straight after Alice's
    assert "Carol takes an extra turn" in _texts(game)
    assert next_turn(game) == 1  # then Bob's regular turn, as if the extra turn never was


@pytest.mark.rule("RR R62")
def test_an_extra_turn_owed_to_a_player_who_left_is_skipped() -> None:
    game = _table().at("end", active=0).build()
    game.extra_turns.append(2)
    game.apply(Concede(2))
    _pass_step(game)
    assert game.active == 1
    assert game.extra_turns == []


@pytest.mark.rule("RR 10.2b")
def test_a_player_who_left_cannot_be_targeted() -> None:
    game = _table().player(0, ep=3, hand=["Mind Flood"]).build()
    assert Cast(game.find("Mind Flood"), Player(1)) in game.legal_actions()
    game.apply(Concede(1))
    error = refused(game, Cast(game.find("Mind Flood"), Player(1)))
    assert error.rule == "RR R54"
    assert Cast(game.find("Mind Flood"), Player(2)) in game.legal_actions()


@pytest.mark.rule("RR 10.3a", "RR 10.3b")
def test_attackers_choose_among_every_opponent_and_may_split() -> None:
    game = (
        _table()
        .player(0, battlefield=["Lumbering Golem", "Ember Scout"])
        .player(2, battlefield=["Plated Tortoise"])
        .at("declare_attackers")
        .build()
    )
    golem, scout = game.find("Lumbering Golem"), game.find("Ember Scout")
    tortoise = game.find("Plated Tortoise")
    targets = {
        a.target for a in game.legal_actions() if isinstance(a, Attack) and a.attacker == golem
    }
    assert targets == {Player(1), Player(2), tortoise}
    assert refused(game, Attack(golem, Player(0))).rule == "RR 4.5.2c"
    game.apply(Attack(golem, Player(1)))
    game.apply(Attack(scout, Player(2)))
    assert game.attacks == {golem: Player(1), scout: Player(2)}


@pytest.mark.rule("RR 10.3c")
def test_each_opponent_blocks_only_their_own_attackers_in_turn_order() -> None:
    game = (
        _table()
        .player(0, battlefield=["Lumbering Golem", "Ember Scout"])
        .player(1, battlefield=["Mire Lurker"])
        .player(2, battlefield=["Plated Tortoise", "Gloom Brute"])
        .at("declare_attackers")
        .build()
    )
    golem, scout = game.find("Lumbering Golem"), game.find("Ember Scout")
    game.apply(Attack(golem, Player(2)))
    game.apply(Attack(scout, Player(1)))
    _pass_step(game)
    assert (game.decision, game.priority) == ("blockers", 1)
    lurker = game.find("Mire Lurker")
    assert refused(game, Block(lurker, golem)).rule == "RR 10.3c"
    game.apply(EndBlocks())
    assert (game.decision, game.priority) == ("blockers", 2)
    assert refused(game, Block(game.find("Plated Tortoise"), scout)).rule == "RR 10.3c"
    game.apply(Block(game.find("Plated Tortoise"), golem))


@pytest.mark.rule("RR 10.3c")
def test_a_player_nobody_attacks_is_not_asked_to_block() -> None:
    game = (
        _table()
        .player(0, battlefield=["Lumbering Golem"])
        .player(1, battlefield=["Mire Lurker"])
        .player(2, battlefield=["Plated Tortoise"])
        .at("declare_attackers")
        .build()
    )
    game.apply(Attack(game.find("Lumbering Golem"), Player(2)))
    _pass_step(game)
    assert (game.decision, game.priority) == ("blockers", 2)


@pytest.mark.rule("RR 10.4.1a", "RR R58")
def test_an_alliance_forms_when_both_offer() -> None:
    game = _table(variant="alliance").build()
    game.apply(OfferAlliance(2))
    assert game.variant.offers == [(0, 2)]
    assert refused(game, OfferAlliance(2)).rule == "RR R58"  # already waiting
    game.apply(Pass())
    game.apply(Pass())  # Bob passes; Carol has priority
    game.apply(OfferAlliance(0))
    assert game.variant.alliances == [(0, 2)]
    assert game.variant.offers == []


@pytest.mark.rule("RR R58")
def test_alliances_need_alliance_mode_and_a_player_in_the_game() -> None:
    plain = _table().build()
    assert refused(plain, OfferAlliance(1)).reason == "alliances are made only in Alliance mode"
    assert not any(isinstance(a, OfferAlliance) for a in plain.legal_actions())
    game = _table(variant="alliance").build()
    assert refused(game, OfferAlliance(0)).rule == "RR R58"
    assert refused(game, OfferAlliance(7)).rule == "RR R58"
    game.apply(Concede(1))
    assert refused(game, OfferAlliance(1)).rule == "RR R58"


@pytest.mark.rule("RR R58")
def test_one_offer_to_each_player_a_turn() -> None:
    game = _table(variant="alliance").build()
    game.variant.alliances = [(0, 1)]
    game.apply(BreakAlliance(1))
    game.apply(OfferAlliance(1))
    game.variant.offers.clear()  # Bob ignores it
    error = refused(game, OfferAlliance(1))
    assert error.reason == "you have already offered Bob an alliance this turn"


@pytest.mark.rule("RR 10.4.1b", "RR R58", "RR R48")
def test_a_win_condition_wins_for_allies_together() -> None:
    game = (
        _table(variant="alliance")
        .player(2, ep=19, hand=["Raze"], battlefield=["Brimming Coffers"])
        .at("main1", active=2)
        .build()
    )
    game.variant.alliances = [(1, 2)]
    game.apply(Pitch(game.find("Raze", "hand:2")))
    assert game.outcome is not None
    assert game.outcome.winners == (1, 2)


@pytest.mark.rule("RR R58")
def test_allies_with_nobody_else_left_win_together() -> None:
    game = _table(variant="alliance").build()
    game.variant.alliances = [(0, 2)]
    game.apply(Concede(1))
    assert game.outcome is not None
    assert game.outcome.winners == (0, 2)
    assert game.outcome.reason_rule == "RR R58"


@pytest.mark.rule("RR 10.4.1c")
def test_betrayal_ends_an_alliance_unless_forbidden() -> None:
    game = _table(variant="alliance").build()
    game.variant.alliances = [(0, 1)]
    game.apply(BreakAlliance(1))
    assert game.variant.alliances == []
    assert refused(game, BreakAlliance(1)).rule == "RR 10.4.1c"
    loyal = _table(variant="alliance", betrayal=False).build()
    loyal.variant.alliances = [(0, 1)]
    assert refused(loyal, BreakAlliance(1)).reason == "this game forbids betrayal: alliances last"


@pytest.mark.rule("RR 10.4.2a", "RR R55", "RR R56")
def test_the_active_player_collects_the_bounty() -> None:
    game = (
        _table(variant="bounty")
        .player(0, ep=1)
        .player(1, ep=5, hand=["Brace", "Raze", "Sparkshot"])
        .build()
    )
    game.apply(Concede(1))
    alice, bob = game.table.players[0], game.table.players[1]
    assert (alice.ep, bob.ep) == (6, 0)
    assert len(game.table.zones["hand:0"]) == 1  # one of Bob's three cards
    assert len(game.table.zones["hand:1"]) == 2


@pytest.mark.rule("RR R55", "RR R56")
def test_no_bounty_when_the_active_player_is_eliminated() -> None:
    game = _table(variant="bounty").player(0, ep=5).build()
    game.apply(Concede(0))
    assert [p.ep for p in game.table.players] == [5, 0, 0]
    assert not any("bounty" in text for text in _texts(game))


@pytest.mark.rule("RR 10.4.3a", "RR 10.4.3b", "RR R57")
def test_the_first_player_is_king_with_ten_ep() -> None:
    for seed in range(4):
        game = RiskGame.new([DECKS[0]] * 3, seed=seed, variant="king")
        assert game.variant.king == game.first_player
        assert [p.ep for p in game.table.players][game.variant.king] == 10
        assert sum(p.ep for p in game.table.players) == 10


@pytest.mark.rule("RR 10.4.3c", "RR R67")
def test_everyone_but_the_king_draws_an_extra_card() -> None:
    game = _table(variant="king").at("end", active=2).build()
    assert game.variant.king == 2
    _pass_step(game)  # Alice's turn: not the King
    assert len(game.table.zones["hand:0"]) == 1 + 3
    game = _table(variant="king").at("end", active=2).build()
    game.variant.king = 0
    _pass_step(game)
    assert len(game.table.zones["hand:0"]) == 1 + 2


@pytest.mark.rule("RR 10.4.3d", "RR R57")
def test_defeating_the_king_takes_the_crown() -> None:
    game = _table(variant="king").at("main1", active=1).build()
    game.variant.king = 2
    game.apply(Concede(2))
    assert game.variant.king == 1
    orphaned = _table(variant="king").at("main1", active=1).build()
    orphaned.variant.king = 1
    orphaned.apply(Concede(1))  # the King leaves in his own turn: nobody defeated him
    assert orphaned.variant.king is None


@pytest.mark.rule("RR 10.5a", "RR 10.5b", "RR 10.5c", "RR 10.5d", "RR R68")
def test_a_player_who_leaves_takes_everything_they_control() -> None:
    game = (
        Scenario(names=THREE)
        .player(0, hand=["Sparkshot"])
        .player(1, ep=2, hand=["Brace", "Brace"], battlefield=["Ember Scout"])
        .player(2, hand=["Brace"], battlefield=["Mire Lurker"])
        .build()
    )
    game.table.create("Snare Wire", 1, "traps:1")
    lurker = game.table.cards[game.find("Mire Lurker")]
    game.apply(Pass())
    game.apply(Cast(game.find("Brace", "hand:1"), lurker.id))
    for _ in range(3):  # Bob, Carol and Alice pass: the first Brace resolves
        game.apply(Pass())
    game.apply(Pass())  # Alice passes again, and Bob casts the second
    game.apply(Cast(game.find("Brace", "hand:1"), lurker.id))
    assert lurker.pump_defense == 3
    game.apply(Concede(1))
    assert game.table.zones["battlefield:1"] == []
    assert game.table.zones["traps:1"] == []
    assert game.stack == []
    assert game.table.zones["stack"] == []
    assert sorted(game.table.names("exile:1")) == ["Brace", "Ember Scout", "Snare Wire"]
    assert lurker.pump_defense == 0  # Bob's Brace on Carol's creature ends
    assert game.table.names("hand:1") == []  # nothing else moves
    assert game.priority == 2  # Bob held priority; Carol is asked next (RR R64)


@pytest.mark.rule("RR R64")
def test_the_turn_goes_on_when_the_active_player_leaves() -> None:
    game = _table().player(2, ep=1).at("main1", active=0).build()
    game.apply(Concede(0))
    assert game.outcome is None
    assert game.priority == 1
    _pass_step(game)
    assert game.active == 0
    assert game.step != "main1"
    while game.active == 0:
        _pass_step(game)
    assert game.active == 1


@pytest.mark.rule("RR R65")
def test_attackers_aimed_at_a_player_who_leaves_leave_combat() -> None:
    game = (
        _table()
        .player(0, battlefield=["Lumbering Golem", "Ember Scout"])
        .player(2, battlefield=["Plated Tortoise"])
        .at("declare_attackers")
        .build()
    )
    golem, scout = game.find("Lumbering Golem"), game.find("Ember Scout")
    game.apply(Attack(golem, Player(1)))
    game.apply(Attack(scout, game.find("Plated Tortoise")))
    game.apply(Concede(2))
    assert game.attacks == {golem: Player(1)}
    assert game.table.cards[scout].tapped


@pytest.mark.rule("RR R63")
def test_two_to_six_players() -> None:
    for players in (2, 6):
        game = RiskGame.new([DECKS[0]] * players, seed=1)
        assert len(game.table.players) == players
    for players in (1, 7):
        with pytest.raises(InputError, match="2 to 6 players"):
            RiskGame.new([DECKS[0]] * players, seed=1)


@pytest.mark.rule("RR R63")
@pytest.mark.parametrize("players", [0, 1, 7])
def test_a_table_of_the_wrong_size_is_refused_when_it_is_made(players: int) -> None:
    names = [f"Player {seat + 1}" for seat in range(players)]
    message = rf"2 to 6 players, not {players} \(RR R63\)"
    with pytest.raises(InputError, match=message):
        RiskGame(Chance(0), names)
    with pytest.raises(InputError, match=message):
        Scenario(names=names)  # refused at once, not when the position is built


@pytest.mark.rule("RR R63")
def test_every_deck_needs_a_name() -> None:
    with pytest.raises(InputError, match="3 names for 2 decks"):
        RiskGame.new(DECKS[:2], seed=1, names=THREE)


@pytest.mark.rule("RR R66")
def test_variants_need_three_players_and_a_known_name() -> None:
    with pytest.raises(InputError, match="needs 3 or more players"):
        RiskGame.new(DECKS[:2], seed=1, variant="bounty")
    with pytest.raises(InputError, match="unknown variant"):
        RiskGame.new([DECKS[0]] * 3, seed=1, variant="chaos")


@pytest.mark.parametrize("variant", ["", "alliance", "bounty", "king"])
def test_a_saved_multiplayer_game_continues_identically(variant: str) -> None:
    game = FORMATS["rr"].new_game(3, 4, variant)
    agents = [RandomAgent(seat) for seat in range(4)]
    for _ in range(400):
        if game.outcome is not None:
            break
        game.apply(agents[game.current_player()].choose({}, game.legal_actions()))
    restored = RiskGame.from_json(json.loads(json.dumps(game.to_json())))
    assert restored.dumps() == game.dumps()
    assert restored.legal_actions() == game.legal_actions()


@pytest.mark.parametrize("players", [3, 4, 6])
def test_heuristic_agents_finish_multiplayer_games(players: int) -> None:
    game = FORMATS["rr"].new_game(5, players)
    outcome = play(game, [HeuristicAgent(seat) for seat in range(players)])
    assert outcome.result in ("win", "draw")
