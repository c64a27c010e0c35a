"""The Dominion essentials (DM rules), one or more tests per rule."""

from __future__ import annotations

import json
import random

import pytest

from rulekeeper.dominion import copper_pile, curse_pile, piles_to_end, province_pile
from rulekeeper.dominion.actions import Buy, Choose, EndPhase, Play, PlayWay
from rulekeeper.dominion.cards import CARDS, load_cards
from rulekeeper.dominion.game import DominionGame
from rulekeeper.dominion.scenario import scenario, zones
from rulekeeper.dominion.scoring import card_points, landmark_points
from rulekeeper.engine.views import decision_view
from rulekeeper.errors import IllegalActionError, InputError, SerializationError

COPPERS = ["Copper"] * 5


def _rule_of(game: DominionGame, action: object) -> str:
    with pytest.raises(IllegalActionError) as error:
        game.apply(action)  # type: ignore[arg-type]
    return error.value.rule


@pytest.mark.rule("DM 1.1")
@pytest.mark.parametrize("players", [1, 7])
def test_two_to_six_players(players: int) -> None:
    with pytest.raises(InputError, match=r"DM 1\.1"):
        DominionGame.new(["Smithy"], seed=1, players=players)


@pytest.mark.rule("DM 1.2")
def test_base_pile_sizes_follow_the_player_count() -> None:
    assert [province_pile(n) for n in range(2, 7)] == [8, 12, 12, 15, 18]  # rulebook p. 9
    assert [curse_pile(n) for n in range(2, 7)] == [10, 20, 30, 40, 50]
    game = DominionGame.new(["Smithy"], seed=1, players=3)
    assert len(game.pile("Copper")) == 60 - 21
    assert len(game.pile("Estate")) == 12


@pytest.mark.rule("DM 1.3")
def test_starting_decks_and_hands() -> None:
    game = DominionGame.new(["Smithy"], seed=2, players=4)
    for player in range(4):
        cards = game.all_cards_of(player)
        assert sorted(cards) == ["Copper"] * 7 + ["Estate"] * 3
    assert game.turns_taken[game.active] == 1
    assert sum(game.turns_taken) == 1


@pytest.mark.rule("DM 1.4")
def test_victory_kingdom_piles_use_the_victory_size() -> None:
    assert len(DominionGame.new(["Duke"], seed=1, players=2).pile("Duke")) == 8
    assert len(DominionGame.new(["Nobles"], seed=1, players=4).pile("Nobles")) == 12
    with pytest.raises(InputError, match=r"DM 1\.4"):
        DominionGame.new(["Copper"], seed=1)


@pytest.mark.rule("DM 1.5")
def test_only_supply_piles_can_be_bought() -> None:
    game = scenario(hands={0: ["Gold", "Gold", "Gold", "Copper", "Copper"]})
    assert _rule_of(game, Buy("Witch")) == "DM 1.5"


@pytest.mark.rule("DM 1.6")
def test_a_view_hides_other_hands_and_deck_order() -> None:
    game = scenario(hands={1: ["Witch", "Gold", "Gold", "Gold", "Gold"]})
    alice = game.view(0)
    assert "Witch" not in json.dumps(alice["players"])
    assert alice["players"][1]["hand"] == 5
    assert "deck" not in alice or isinstance(alice["players"][0]["deck"], int)


@pytest.mark.rule("DM 1.6")
def test_only_the_chooser_sees_the_options_of_a_choice() -> None:
    game = scenario(hands={0: ["Militia", *COPPERS[:4]], 1: ["Moat", *COPPERS[:4]]})
    game.apply(Play("Militia"))
    assert game.view(1)["choice"]["options"] == ["Moat", "no"]
    assert game.view(0)["choice"] == {"kind": "react", "card": "Militia", "player": 1,
                                      "options": []}  # fmt: skip
    assert decision_view(game, 0) == game.view(0)


@pytest.mark.rule("DM 2.1")
def test_a_turn_starts_with_one_action_and_one_buy() -> None:
    game = scenario(hands={0: ["Village", *COPPERS[:4]]})
    assert (game.phase, game.actions, game.buys, game.coins) == ("action", 1, 1, 0)
    game.apply(EndPhase())
    assert game.phase == "buy"


@pytest.mark.rule("DM 2.2")
def test_an_action_card_needs_an_action() -> None:
    game = scenario(hands={0: ["Smithy", "Smithy", "Copper", "Copper", "Copper"]})
    game.apply(Play("Smithy"))
    assert _rule_of(game, Play("Smithy")) == "DM 2.2"


@pytest.mark.rule("DM 2.3")
def test_buying_costs_coins_and_a_buy() -> None:
    game = scenario(hands={0: ["Silver", "Copper", "Copper", "Estate", "Estate"]})
    assert _rule_of(game, Buy("Gold")) == "DM 2.3"
    game.apply(Buy("Smithy"))
    assert game.active == 1  # the only Buy was used, so the turn ended


@pytest.mark.rule("DM 2.4")
def test_clean_up_discards_and_draws_five() -> None:
    game = scenario(hands={0: ["Copper", "Copper", "Estate", "Estate", "Estate"]})
    game.apply(EndPhase())
    mine = zones(game, 0)
    assert len(mine["hand"]) == 5
    assert mine["play"] == []
    assert len(mine["discard"]) == 5


@pytest.mark.rule("DM 2.5")
def test_an_empty_deck_is_reshuffled_from_the_discard_pile() -> None:
    game = scenario(hands={0: ["Smithy", *COPPERS[:4]]}, decks={0: []}, discards={0: ["Gold"]})
    game.apply(Play("Smithy"))
    assert "Gold" in zones(game, 0)["play"]
    assert game.log.citing("DM 2.5")


@pytest.mark.rule("DM 3.1")
def test_unknown_types_are_refused_in_card_data() -> None:
    entry = {"name": "X", "kind": "kingdom", "types": ["Duration"], "cost": 3, "set": "S",
             "summary": "", "wiki": "https://wiki.dominionstrategy.com/index.php/X"}  # fmt: skip
    with pytest.raises(InputError, match="unknown types"):
        load_cards(json.dumps([entry]))
    assert CARDS["Witch"].types == ("Action", "Attack")


@pytest.mark.rule("DM 3.2")
def test_treasures_make_their_coins() -> None:
    game = scenario(hands={0: ["Gold", "Silver", "Copper", "Estate", "Estate"]})
    assert game.coins == 6


@pytest.mark.rule("DM 3.3")
def test_a_choice_must_be_answered_with_an_offered_option() -> None:
    game = scenario(hands={0: ["Chapel", "Copper", "Estate", "Estate", "Estate"]})
    game.apply(Play("Chapel"))
    assert _rule_of(game, Choose("Gold")) == "DM 3.3"
    assert _rule_of(game, EndPhase()) == "DM 3.3"


@pytest.mark.rule("DM 3.4")
def test_plus_cards_actions_buys_and_coins() -> None:
    game = scenario(hands={0: ["Market", "Estate", "Estate", "Estate", "Estate"]})
    game.apply(Play("Market"))
    assert (game.actions, game.buys) == (1, 2)
    assert len(game.hand(0)) == 5 - 1 + 1 - game.coins + 1


@pytest.mark.rule("DM 4.2")
def test_gaining_from_an_empty_pile_gains_nothing() -> None:
    game = scenario(kingdom=["Workshop", "Village"], empty=["Village"],
                    hands={0: ["Workshop", "Estate", "Estate", "Estate", "Estate"]})  # fmt: skip
    game.apply(Play("Workshop"))
    assert Choose("Village") not in game.legal_actions()
    assert game.gain(0, "Village") == -1


@pytest.mark.rule("DM 4.3")
def test_a_bought_card_goes_to_the_discard_pile() -> None:
    game = scenario(hands={0: ["Gold", "Copper", "Copper", "Estate", "Estate"]})
    game.apply(Buy("Smithy"))
    assert "Smithy" in zones(game, 0)["discard"]


@pytest.mark.rule("DM 4.4")
def test_trashed_cards_leave_the_game() -> None:
    game = scenario(hands={0: ["Remodel", "Estate", "Copper", "Copper", "Copper"]})
    game.apply(Play("Remodel"))
    game.apply(Choose("Estate"))
    assert game.table.names("trash") == ["Estate"]
    game.apply(Choose("Silver"))  # up to $4
    assert "Silver" in game.all_cards_of(0)


@pytest.mark.rule("DM 4.5")
def test_militia_makes_others_discard_down_to_three() -> None:
    game = scenario(hands={0: ["Militia", *COPPERS[:4]], 1: COPPERS})
    game.apply(Play("Militia"))
    game.apply(Choose("Copper"))
    game.apply(Choose("Copper"))
    assert len(game.hand(1)) == 3
    assert len(zones(game, 1)["discard"]) == 2


@pytest.mark.rule("DM 4.6")
def test_artisan_puts_a_card_on_the_deck() -> None:
    game = scenario(kingdom=["Artisan"], hands={0: ["Artisan", "Estate", *COPPERS[:3]]})
    game.apply(Play("Artisan"))
    game.apply(Choose("Silver"))
    game.apply(Choose("Estate"))
    assert zones(game, 0)["deck"][0] == "Estate"


@pytest.mark.rule("DM 4.7")
def test_moat_blocks_an_attack() -> None:
    game = scenario(kingdom=["Witch", "Moat"], hands={0: ["Witch", *COPPERS[:4]],
                                                      1: ["Moat", *COPPERS[:4]]})  # fmt: skip
    game.apply(Play("Witch"))
    game.apply(Choose("Moat"))
    assert "Curse" not in game.all_cards_of(1)


@pytest.mark.rule("DM 4.8")
def test_attacks_go_round_the_table_from_the_left() -> None:
    game = scenario(kingdom=["Witch"], players=4, hands={0: ["Witch", *COPPERS[:4]]})
    game.apply(Play("Witch"))
    assert [e.text for e in game.log.citing("DM 4.2")] == [
        "Bob gains Curse", "Carol gains Curse", "Dan gains Curse"]  # fmt: skip


@pytest.mark.rule("DM 4.9")
def test_masquerade_passes_cards_left_all_at_once() -> None:
    game = scenario(kingdom=["Masquerade"], players=3,
                    hands={0: ["Masquerade", "Gold", *COPPERS[:3]], 1: ["Estate", *COPPERS[:4]],
                           2: ["Curse", *COPPERS[:4]]})  # fmt: skip
    game.apply(Play("Masquerade"))
    for option in ("Gold", "Estate", "Curse"):
        game.apply(Choose(option))
    assert "Gold" in game.hand(1)
    assert "Estate" in game.hand(2)
    assert "Curse" in game.hand(0)


@pytest.mark.rule("DM 4.9")
def test_masquerade_skips_a_player_with_an_empty_hand() -> None:
    game = scenario(kingdom=["Masquerade"], players=3,
                    hands={0: ["Masquerade", "Gold", *COPPERS[:3]], 1: [],
                           2: ["Curse", *COPPERS[:4]]})  # fmt: skip
    game.apply(Play("Masquerade"))
    game.apply(Choose("Gold"))
    game.apply(Choose("Curse"))
    assert game.hand(1) == []
    assert "Gold" in game.hand(2)
    assert "Curse" in game.hand(0)


@pytest.mark.rule("DM 4.11")
def test_a_returned_card_goes_on_top_of_its_pile_and_one_without_a_pile_stays() -> None:
    game = scenario(hands={0: ["Village", "Witch", *COPPERS[:3]]})
    village, witch = game.table.hands[0][:2]
    assert game.return_to_pile(village, "hand:0")
    assert game.pile("Village")[-1] == village
    assert not game.return_to_pile(witch, "hand:0")
    assert game.hand(0) == ["Witch", *COPPERS[:3]]
    assert game.table.zones["trash"] == []  # neither trashed
    assert "Village" not in game.gained[0]  # nor gained


@pytest.mark.rule("DM 5.1")
def test_only_landscapes_in_use_can_be_bought() -> None:
    game = scenario(hands={0: ["Gold", "Gold", "Gold", "Gold", "Copper"]})
    assert _rule_of(game, Buy("Populate")) == "DM 5.1"


@pytest.mark.rule("DM 5.2")
def test_an_event_is_bought_but_not_gained() -> None:
    game = scenario(landscapes=["Delve"], hands={0: ["Silver", "Copper", *COPPERS[:3]]})
    game.apply(Buy("Delve"))
    assert game.buys == 1
    assert "Delve" not in game.all_cards_of(0)
    assert game.coins == 6 - 2


@pytest.mark.rule("DM 5.3")
def test_landmarks_score_and_cannot_be_bought() -> None:
    assert landmark_points(["Bandit Fort", "Fountain"], ["Gold"] + ["Copper"] * 10) == 13
    game = scenario(landscapes=["Bandit Fort"], hands={0: COPPERS})
    assert _rule_of(game, Buy("Bandit Fort")) == "DM 5.3"


@pytest.mark.rule("DM 5.4")
def test_a_project_is_bought_once_per_player() -> None:
    game = scenario(landscapes=["Cathedral"], hands={0: ["Gold", "Gold", *COPPERS[:3]]})
    game.apply(Buy("Cathedral"))
    assert game.projects == {"Cathedral": [0]}


@pytest.mark.rule("DM 5.5")
def test_a_way_replaces_the_cards_effect() -> None:
    game = scenario(landscapes=["Way of the Sheep"], hands={0: ["Smithy", *COPPERS[:4]]})
    game.apply(PlayWay("Smithy", "Way of the Sheep"))
    assert game.coins == 6
    assert len(game.hand(0)) == 0
    game = scenario(hands={0: ["Smithy", *COPPERS[:4]]})
    assert _rule_of(game, PlayWay("Smithy", "Way of the Sheep")) == "DM 5.5"


@pytest.mark.rule("DM 5.5")
def test_each_play_of_a_throne_roomed_card_may_use_a_way() -> None:
    game = scenario(kingdom=["Throne Room", "Smithy"], landscapes=["Way of the Ox"],
                    hands={0: ["Throne Room", "Smithy", "Copper", "Copper", "Estate"]},
                    decks={0: ["Silver"] * 6})  # fmt: skip
    game.apply(Play("Throne Room"))
    game.apply(Choose("Smithy"))
    offered = [Choose("Smithy"), Choose("Smithy using Way of the Ox")]
    assert game.legal_actions() == offered
    game.apply(Choose("Smithy using Way of the Ox"))
    assert game.legal_actions() == offered  # the second play asks again
    game.apply(Choose("Smithy"))
    assert game.actions == 2
    assert zones(game, 0)["play"].count("Silver") == 3  # one Smithy drew
    assert "Alice plays Smithy using Way of the Ox" in [e.text for e in game.log.citing("DM 5.5")]


@pytest.mark.rule("DM 5.5")
def test_a_card_vassal_plays_may_use_a_way() -> None:
    game = scenario(kingdom=["Vassal", "Smithy"], landscapes=["Way of the Sheep"],
                    hands={0: ["Vassal", "Copper", "Copper", "Estate", "Estate"]},
                    decks={0: ["Smithy"]})  # fmt: skip
    game.apply(Play("Vassal"))
    game.apply(Choose("play Smithy"))
    assert game.legal_actions() == [Choose("Smithy"), Choose("Smithy using Way of the Sheep")]
    game.apply(Choose("Smithy using Way of the Sheep"))
    assert game.coins == 2 + 2 + 2
    assert zones(game, 0)["play"][:2] == ["Vassal", "Smithy"]


@pytest.mark.rule("DM 5.5")
def test_without_a_way_a_card_played_by_another_asks_nothing() -> None:
    game = scenario(kingdom=["Throne Room", "Smithy"],
                    hands={0: ["Throne Room", "Smithy", "Copper", "Copper", "Estate"]},
                    decks={0: ["Silver"] * 6})  # fmt: skip
    game.apply(Play("Throne Room"))
    game.apply(Choose("Smithy"))
    assert game.phase == "buy"
    assert zones(game, 0)["play"].count("Silver") == 6


@pytest.mark.rule("DM 6.1")
def test_four_empty_piles_end_a_five_player_game() -> None:
    assert [piles_to_end(n) for n in range(2, 7)] == [3, 3, 3, 4, 4]
    game = scenario(players=5, empty=["Village", "Cellar", "Moat"], hands={0: COPPERS})
    game.apply(EndPhase())
    assert game.outcome is None
    game = scenario(players=5, empty=["Village", "Cellar", "Moat", "Mine"], hands={0: COPPERS})
    game.apply(EndPhase())
    assert game.outcome is not None
    assert game.outcome.reason_rule == "DM 6.1"


@pytest.mark.rule("DM 6.2")
def test_victory_points() -> None:
    assert card_points(["Gardens"] * 2 + ["Copper"] * 28) == 6
    assert card_points(["Nobles", "Curse", "Curse"]) == 0


@pytest.mark.rule("DM 6.3")
def test_equal_points_and_turns_share_the_win() -> None:
    game = scenario(empty=["Province"], hands={0: COPPERS, 1: COPPERS},
                    decks={0: COPPERS, 1: COPPERS})  # fmt: skip
    game.turns_taken[1] = 1  # as if Bob had taken a turn too
    game.apply(EndPhase())
    assert game.outcome is not None
    assert game.outcome.winners == (0, 1)
    assert game.outcome.result == "draw"
    assert game.outcome.causes == ()  # nobody lost by a rule: the points decided


@pytest.mark.rule("DM R1")
def test_five_players_use_two_sets_of_base_treasure() -> None:
    assert copper_pile(6) == 120 - 42
    assert len(DominionGame.new(["Smithy"], seed=1, players=6).pile("Gold")) == 60


@pytest.mark.rule("DM R2")
def test_a_bot_game_ends_at_the_turn_limit() -> None:
    game = scenario(hands={0: COPPERS})
    game.turn = 300
    game.apply(EndPhase())
    assert game.outcome is not None
    assert game.outcome.reason_rule == "DM R2"


@pytest.mark.rule("DM R3")
def test_no_choice_no_stop() -> None:
    game = scenario(hands={0: ["Estate", *COPPERS[:4]]})
    assert game.phase == "buy"


def _sentry_game(deck: list[str]) -> DominionGame:
    game = scenario(kingdom=["Sentry"], hands={0: ["Sentry", *COPPERS[:4]]},
                    decks={0: ["Estate", *deck]})  # fmt: skip
    game.apply(Play("Sentry"))
    return game


@pytest.mark.rule("DM R4")
def test_sentry_can_trash_and_discard() -> None:
    game = _sentry_game(["Curse", "Curse"])
    game.apply(Choose("trash Curse"))
    game.apply(Choose("discard Curse"))
    assert game.table.names("trash") == ["Curse"]
    assert "Curse" in zones(game, 0)["discard"]


@pytest.mark.rule("DM 4.10")
def test_sentry_shows_the_cards_it_looks_at_to_its_player_only() -> None:
    game = _sentry_game(["Gold", "Silver"])
    alice, bob = game.view(0), game.view(1)
    assert alice["aside"] == ["Gold", "Silver"]
    assert bob["aside"] == []
    hidden = {key: seen for key, seen in bob.items() if key != "supply"}
    assert "Gold" not in json.dumps(hidden)  # neither set aside, nor in the choice's options
    assert bob["choice"] == {"kind": "sentry", "card": "Sentry", "player": 0, "options": []}
    assert alice["choice"]["options"] == ["trash Gold", "discard Gold", "keep Gold"]
    assert decision_view(game, 0) == alice


@pytest.mark.rule("DM 4.10", "DM 1.6")
def test_everyone_sees_how_many_cards_sentry_sets_aside_not_which() -> None:
    game = _sentry_game(["Gold", "Silver"])
    for viewer in (0, 1):
        assert [p["aside"] for p in game.view(viewer)["players"]] == [2, 0]
    game.apply(Choose("trash Gold"))
    assert [p["aside"] for p in game.view(1)["players"]] == [1, 0]
    game.apply(Choose("keep Silver"))
    assert [p["aside"] for p in game.view(1)["players"]] == [0, 0]


@pytest.mark.rule("DM 4.10")
def test_every_choice_about_a_looked_at_card_names_it() -> None:
    game = _sentry_game(["Gold", "Silver"])
    assert game.legal_actions() == [
        Choose("trash Gold"), Choose("discard Gold"), Choose("keep Gold")
    ]  # fmt: skip
    game.apply(Choose("keep Gold"))
    assert game.legal_actions() == [
        Choose("trash Silver"), Choose("discard Silver"), Choose("keep Silver")
    ]  # fmt: skip
    # The others are told what is public: that two cards were looked at, not which; Alice is
    # told which.
    told = [event.text for event in game.log.seen_by(1) if event.rule == "DM 4.10"]
    assert told == ["Alice looks at the top 2 cards of their deck (Sentry)"]
    assert not [event for event in game.log.seen_by(1) if "Gold" in event.text]
    mine = [event.text for event in game.log.seen_by(0) if event.rule == "DM 4.10"]
    assert mine == ["Alice looks at Gold, Silver from the top of their deck (Sentry)"]


@pytest.mark.rule("DM R4")
@pytest.mark.parametrize(("order", "deck"), [
    ("Gold on top of Silver", ["Gold", "Silver"]),
    ("Silver on top of Gold", ["Silver", "Gold"]),
])  # fmt: skip
def test_sentry_puts_kept_cards_back_in_the_order_chosen(order: str, deck: list[str]) -> None:
    game = _sentry_game(["Gold", "Silver", "Duchy"])
    game.apply(Choose("keep Gold"))
    game.apply(Choose("keep Silver"))
    assert game.legal_actions() == [
        Choose("Gold on top of Silver"), Choose("Silver on top of Gold")
    ]  # fmt: skip
    game.apply(Choose(order))
    assert zones(game, 0)["deck"] == [*deck, "Duchy"]
    assert zones(game, 0)["aside"] == []


@pytest.mark.rule("DM R4")
def test_sentry_asks_no_order_for_two_cards_alike() -> None:
    game = _sentry_game(["Gold", "Gold"])
    game.apply(Choose("keep Gold"))
    game.apply(Choose("keep Gold"))
    assert game.phase == "buy"
    assert zones(game, 0)["deck"] == ["Gold", "Gold"]


@pytest.mark.rule("DM 4.10")
def test_a_save_keeps_what_sentry_looks_at_and_refuses_a_card_not_set_aside() -> None:
    game = _sentry_game(["Gold", "Silver"])
    game.apply(Choose("keep Gold"))
    data = json.loads(game.dumps())
    restored = DominionGame.from_json(data)
    assert restored.dumps() == game.dumps()
    assert restored.view(0)["aside"] == ["Gold", "Silver"]
    moved = json.loads(game.dumps())
    gold = moved["steps"][-1]["kept"][0]
    moved["zones"]["aside:0"].remove(gold)
    moved["zones"]["hand:0"].append(gold)
    with pytest.raises(SerializationError, match=r"steps\[0\].*DM 4\.10"):
        DominionGame.from_json(moved)
    twice = json.loads(game.dumps())
    twice["steps"].append(dict(twice["steps"][-1]))
    with pytest.raises(SerializationError, match=r"DM 4\.10"):
        DominionGame.from_json(twice)
    missing = json.loads(game.dumps())
    del missing["steps"][-1]["looking"]
    # The schema declares a Sentry step's fields, so the loader names the one missing.
    with pytest.raises(SerializationError, match=r"steps\[0\]: 'looking' is a required"):
        DominionGame.from_json(missing)


def test_a_save_from_before_the_order_choice_restores_each_card_as_a_sentry_step() -> None:
    game = _sentry_game(["Gold", "Silver"])
    data = json.loads(game.dumps())
    gold, silver = data["steps"][-1]["looking"]
    data["steps"] = [
        {"do": "choose", "player": 0, "card": "Sentry", "options": ["trash", "discard", "keep"],
         "target": card, "name": name}
        for card, name in ((gold, "Gold"), (silver, "Silver"))
    ]  # fmt: skip
    restored = DominionGame.from_json(data)
    assert restored.legal_actions()[0] == Choose("trash Silver")
    restored.apply(Choose("keep Silver"))
    restored.apply(Choose("keep Gold"))
    assert zones(restored, 0)["deck"] == ["Gold", "Silver"]


@pytest.mark.rule("DM R5")
def test_treasures_are_played_when_the_buy_phase_starts() -> None:
    game = scenario(hands={0: ["Village", *COPPERS[:4]]})
    game.apply(EndPhase())
    assert zones(game, 0)["play"] == COPPERS[:4]


def test_legal_actions_are_exactly_what_check_accepts() -> None:
    from rulekeeper.dominion.actions import Buy as B

    game = scenario(landscapes=["Fair", "Way of the Ox"],
                    hands={0: ["Village", "Smithy", "Gold", "Silver", "Copper"]})  # fmt: skip
    for _ in range(3):
        legal = game.legal_actions()
        assert all(game.why_illegal(a) is None for a in legal)
        others = [B(n) for n in CARDS] + [Play(n) for n in CARDS] + [EndPhase()]
        assert all(game.why_illegal(a) is not None for a in others if a not in legal)
        assert all(game._offers(a) == (a in legal) for a in [*legal, *others])
        game.apply(legal[0])


def test_a_cards_choice_offers_exactly_what_check_accepts() -> None:
    # The options of every kind of step are offered without being judged again, so each must
    # pass the check; seeded random games with random kingdoms meet every kind that asks.
    from rulekeeper.dominion import effects
    from rulekeeper.games import FORMATS

    asking = {kind for kind, (offers, _) in effects.KINDS.items() if offers != effects.no_options}
    met: set[str] = set()
    for seed in range(20):
        game = FORMATS["dominion"].new_game(seed, 2 + seed % 3)
        rng = random.Random(seed)
        while game.outcome is None:
            legal = list(game.legal_actions())
            if game.steps:
                met.add(game.steps[-1]["do"])
                assert all(game.why_illegal(a) is None for a in legal)
            game.apply(legal[rng.randrange(len(legal))])
    assert met == asking


def test_a_saved_game_round_trips_and_bad_saves_are_refused() -> None:
    game = scenario(hands={0: ["Militia", *COPPERS[:4]]})
    game.apply(Play("Militia"))
    data = json.loads(game.dumps())
    assert DominionGame.from_json(data).dumps() == game.dumps()
    with pytest.raises(SerializationError):
        DominionGame.loads("[]")
    broken = json.loads(game.dumps())
    broken["zones"]["trash"].append(0)
    with pytest.raises(SerializationError, match="card 0 is also in"):
        DominionGame.from_json(broken)
    del broken["turn"]
    with pytest.raises(SerializationError):
        DominionGame.from_json(broken)


GARBLED = [
    (field, garbage)
    for field in ("cards", "zones", "piles", "turn", "steps", "gained", "phase", "chance", "log")
    for garbage in (None, 7, "x", [1, "a"], {"a": 1})
    if (field, garbage) != ("turn", 7)  # a valid turn number
]


@pytest.mark.parametrize(("field", "garbage"), GARBLED)
def test_a_garbled_save_field_is_refused_cleanly(field: str, garbage: object) -> None:
    game = scenario(hands={0: ["Militia", *COPPERS[:4]]})
    game.apply(Play("Militia"))
    data = json.loads(game.dumps())
    data[field] = garbage
    with pytest.raises(SerializationError):
        DominionGame.from_json(data)


def test_the_kept_zone_lists_are_the_tables_and_a_replaced_list_is_caught() -> None:
    from rulekeeper.dominion.invariants import dominion_invariants

    game = scenario(hands={0: ["Smithy", *COPPERS[:4]]})
    game.apply(Play("Smithy"))
    assert dominion_invariants(game) == []
    restored = DominionGame.from_json(game.to_json())  # a new table is linked again
    assert restored.table.hands[0] is restored.table.zones["hand:0"]
    assert dominion_invariants(restored) == []
    # Replacing a zone's list, rather than changing it in place, leaves the kept one stale.
    game.table.zones["hand:0"] = list(game.table.zones["hand:0"])
    assert any(p.startswith("the kept hand:0 ") for p in dominion_invariants(game))
    game.table.zones["pile:Smithy"] = []
    assert any(p.startswith("the kept Supply piles ") for p in dominion_invariants(game))


def test_in_supply_is_membership_of_supply_of() -> None:
    from rulekeeper.dominion.draft.scenario import new_draft_game

    game = scenario()
    draft = new_draft_game(3, 3)
    for each in (game, draft):
        for player in range(len(each.table.players)):
            supply = each.supply_of(player)
            assert all(each.in_supply(player, n) == (n in supply) for n in CARDS)
    game.piles.remove("Smithy")  # a direct edit: the Supply is game.piles, nothing kept
    assert not game.in_supply(0, "Smithy")


def test_a_pile_is_laid_out_once_and_a_landscape_never() -> None:
    game = scenario()
    for name in ("Copper", "Smithy", "Fair"):
        with pytest.raises(InputError, match="cannot lay out"):
            game.add_pile(name)
