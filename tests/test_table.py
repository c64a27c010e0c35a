"""The kernel's table layer (:mod:`rulekeeper.engine.table`) and how a game moves on by itself
(:mod:`rulekeeper.engine.turns`), as every game that builds on them uses them."""

from __future__ import annotations

import pytest

from rulekeeper.dominion.game import DominionGame
from rulekeeper.engine.agents import RandomAgent
from rulekeeper.engine.game import Game, player_names
from rulekeeper.engine.seats import Seat
from rulekeeper.engine.table import Table, kept_index_problems
from rulekeeper.engine.turns import AutomaticGame, PriorityGame
from rulekeeper.games import FORMATS
from rulekeeper.mtg.game import MagicGame
from rulekeeper.riskres.decks import PRECONSTRUCTED
from rulekeeper.riskres.game import RiskGame


def _risk_game() -> RiskGame:
    return RiskGame.new(list(PRECONSTRUCTED.values())[:2], seed=3)


def _first_creature(game: RiskGame) -> int:
    library = game.table.zones["library:0"]
    return next(i for i in library if game.table.cards[i].definition.has_type("Creature"))


def test_every_game_builds_on_the_kernel_s_table_and_seats() -> None:
    games = {key: entry.new_game(1, entry.facts.players[0]) for key, entry in FORMATS.items()}
    for key, game in games.items():
        assert isinstance(game, AutomaticGame), key
        assert isinstance(game, RiskGame | MagicGame | DominionGame), key
        assert isinstance(game.table, Table), key
        assert all(isinstance(player, Seat) for player in game.table.players), key
        names = [game.name_of(seat) for seat in range(len(game.table.players))]
        assert names == player_names(game), key
        if not isinstance(game, DominionGame):  # Dominion's turns have no priority
            assert isinstance(game, PriorityGame), key


def test_a_dominion_move_names_the_zone_the_card_leaves_and_finds_it_when_not_told() -> None:
    game = FORMATS["dominion"].new_game(2, 2)
    assert isinstance(game, DominionGame)
    table = game.table
    silver = table.pile_ids["Silver"][-1]
    table.move(silver, "hand:1", origin="pile:Silver")
    assert table.hands[1][-1] == silver
    assert silver not in table.pile_ids["Silver"]
    table.move(silver, "trash", bottom=True)  # the table searches for the zone it is in
    assert table.zone_of(silver) == "trash"
    assert table.names("trash")[0] == "Silver"
    assert table.kept_index_problems() == []


def test_a_move_takes_a_card_out_of_its_zone_and_puts_it_on_top_or_at_the_bottom() -> None:
    game = _risk_game()
    table = game.table
    card_id = _first_creature(game)
    table.move(card_id, "graveyard:0")
    assert table.zone_of(card_id) == "graveyard:0"
    assert card_id not in table.zones["library:0"]
    assert table.zones["graveyard:0"][-1] == card_id
    table.move(card_id, "library:0", bottom=True)
    assert table.zones["library:0"][0] == card_id
    created = table.create("Surge of Insight", 1, "graveyard:1")
    assert table.zone_of(created) == "graveyard:1"
    assert table.names("graveyard:1")[-1] == "Surge of Insight"


def test_leaving_the_battlefield_drops_the_kept_permanents_and_forgets_the_status() -> None:
    game = _risk_game()
    table = game.table
    card_id = _first_creature(game)
    table.move(card_id, "battlefield:0")
    assert [c.id for c in table.permanents(0)] == [card_id]
    table.cards[card_id].tapped = True
    table.move(card_id, "graveyard:0")
    assert table.permanents(0) == []
    assert not table.cards[card_id].tapped
    assert table.kept_index_problems() == []


def test_the_invariant_finds_a_kept_index_that_a_direct_edit_left_stale() -> None:
    game = _risk_game()
    table = game.table
    card_id = _first_creature(game)
    assert table.permanents(0) == []  # kept from now on
    table.zones["library:0"].remove(card_id)
    table.zones["battlefield:0"].append(card_id)  # behind the table's back
    problems = table.kept_index_problems()
    assert len(problems) == 1
    assert problems[0].startswith("the kept permanents of seat 0 []")


def test_the_invariant_compares_objects_by_identity_and_names_by_text() -> None:
    alike = [[1], [1]]
    assert kept_index_problems([("lists", [alike[0]], [alike[1]])]) != []
    assert kept_index_problems([("names", ["hand:0"], ["".join(["hand:", "0"])])]) == []


@pytest.mark.parametrize("key", ["rr", "leveler", "dominion"])
def test_kept_indexes_stay_true_through_a_game(key: str) -> None:
    entry = FORMATS[key]
    game = entry.new_game(5, entry.facts.players[0])
    agents = [RandomAgent(seat) for seat in range(entry.facts.players[0])]
    while game.outcome is None:
        assert _kept_index_problems(game) == []
        seat = game.current_player()
        game.apply(agents[seat].choose(game.view(seat), game.legal_actions()))


def _kept_index_problems(game: Game) -> list[str]:
    assert isinstance(game, RiskGame | MagicGame | DominionGame)  # every game is on the table
    return game.table.kept_index_problems()


def test_a_pass_hands_priority_to_the_next_player_still_in_the_game() -> None:
    game = _risk_game()
    while game.decision != "priority" or game.can_only_pass():
        game.apply(game.legal_actions()[0])
    step, holder = game.step, game.priority
    assert game.in_game() == [0, 1]
    assert game.next_player(holder) == 1 - holder
    game.pass_priority()
    assert (game.priority, game.passes, game.step) == (1 - holder, 1, step)


def test_two_zones_swap_their_cards_and_each_card_knows_where_it_is() -> None:
    game = _risk_game()
    table = game.table
    library, hand = list(table.zones["library:0"]), list(table.zones["hand:0"])
    table.swap_zones("library:0", "hand:0")
    assert table.zones["library:0"] == hand
    assert table.zones["hand:0"] == library
    assert {table.zone_of(i) for i in hand} == {"library:0"}
    assert {table.zone_of(i) for i in library} == {"hand:0"}
