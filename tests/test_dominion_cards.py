"""What each kingdom card and landscape of the compact Dominion model does."""

from __future__ import annotations

import json

import pytest

from rulekeeper.dominion.actions import Buy, Choose, EndPhase, Play
from rulekeeper.dominion.cards import CARDS, kingdom_cards, landscapes, load_cards
from rulekeeper.dominion.effects import ACTIONS, PLUS
from rulekeeper.dominion.game import DominionGame
from rulekeeper.dominion.kingdom import CARD_EFFECTS, EVENTS
from rulekeeper.dominion.scenario import scenario, zones
from rulekeeper.errors import InputError

COPPERS = ["Copper"] * 5


def test_the_card_pool_has_what_the_draft_needs() -> None:
    kingdom = kingdom_cards()
    assert len(kingdom) >= 36
    base_second_edition = [
        c for c in kingdom if CARDS[c].set == "Dominion" and CARDS[c].edition == 2
    ]
    assert len(base_second_edition) == 26  # all of Base, second edition
    assert {"Masquerade", "Lurker", "Smugglers", "Jester"} <= set(kingdom)
    kinds = [CARDS[n].landscape_type for n in landscapes()]
    assert all(kinds.count(k) >= 2 for k in ("Event", "Landmark", "Project", "Way"))
    assert "Populate" in landscapes()


def test_every_action_card_does_something() -> None:
    for name in ACTIONS:
        assert name in PLUS or name in CARD_EFFECTS, name
    assert set(EVENTS) == {n for n in landscapes() if CARDS[n].landscape_type == "Event"}


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"kind": "promo"}, "unknown kind"),
        ({"cost": "4"}, "wrong type"),
        ({"wiki": "https://example.org/Smithy"}, "wiki"),
        ({"colour": "red"}, "unknown fields"),
        ({"pile": "many"}, "bad pile size"),
    ],
)
def test_bad_card_data_is_refused(change: dict[str, object], message: str) -> None:
    entry = {"name": "Smithy", "kind": "kingdom", "types": ["Action"], "cost": 4,
             "set": "Dominion", "summary": "", "wiki": CARDS["Smithy"].wiki, **change}  # fmt: skip
    with pytest.raises(InputError, match=message):
        load_cards(json.dumps([entry]))


def test_duplicate_names_and_non_json_are_refused() -> None:
    entry = {"name": "Smithy", "kind": "kingdom", "types": ["Action"], "cost": 4,
             "set": "Dominion", "summary": "", "wiki": CARDS["Smithy"].wiki}  # fmt: skip
    with pytest.raises(InputError, match="duplicate"):
        load_cards(json.dumps([entry, entry]))
    with pytest.raises(InputError, match="not JSON"):
        load_cards("{")


def test_library_draws_to_seven_and_may_skip_actions() -> None:
    game = scenario(kingdom=["Library", "Village"], hands={0: ["Library", *COPPERS[:4]]},
                    decks={0: ["Village", "Gold", "Gold", "Gold", "Gold"]})  # fmt: skip
    game.apply(Play("Library"))
    assert game.legal_actions() == [Choose("keep"), Choose("set aside")]
    game.apply(Choose("set aside"))
    assert zones(game, 0)["discard"] == ["Village"]
    assert zones(game, 0)["play"].count("Gold") == 3


def test_throne_room_plays_a_card_twice() -> None:
    game = scenario(kingdom=["Throne Room", "Smithy"],
                    hands={0: ["Throne Room", "Smithy", *COPPERS[:3]]},
                    decks={0: ["Gold"] * 6})  # fmt: skip
    game.apply(Play("Throne Room"))
    game.apply(Choose("Smithy"))
    assert zones(game, 0)["play"].count("Gold") == 6


def test_lurker_trashes_from_the_supply_or_gains_from_the_trash() -> None:
    game = scenario(kingdom=["Lurker", "Village"], hands={0: ["Lurker", *COPPERS[:4]]})
    before = len(game.pile("Village"))
    game.apply(Play("Lurker"))
    game.apply(Choose("trash from the Supply"))
    game.apply(Choose("Village"))
    assert len(game.pile("Village")) == before - 1
    assert game.table.names("trash") == ["Village"]


def test_smugglers_copies_what_the_player_on_the_right_gained() -> None:
    game = scenario(kingdom=["Smugglers"], hands={0: ["Smugglers", *COPPERS[:4]]})
    game.gained[1] = ["Gold", "Province"]  # Bob's last turn
    game.apply(Play("Smugglers"))
    assert game.legal_actions() == [Choose("Gold")]  # a Province costs more than $6


def test_jester_gives_a_curse_for_a_victory_card() -> None:
    game = scenario(kingdom=["Jester"], hands={0: ["Jester", *COPPERS[:4]]},
                    decks={1: ["Estate"]})  # fmt: skip
    game.apply(Play("Jester"))
    assert "Curse" in game.all_cards_of(1)


def test_jester_lets_its_player_choose_who_gains_the_copy() -> None:
    game = scenario(kingdom=["Jester"], hands={0: ["Jester", *COPPERS[:4]]},
                    decks={1: ["Silver"]})  # fmt: skip
    game.apply(Play("Jester"))
    assert (game.current_player(), game.legal_actions()) == (0, [Choose("me"), Choose("them")])
    game.apply(Choose("me"))
    assert zones(game, 0)["discard"][-1] == "Silver"


def test_swindler_swaps_a_card_for_one_of_the_same_cost() -> None:
    game = scenario(kingdom=["Swindler", "Village"], hands={0: ["Swindler", *COPPERS[:4]]},
                    decks={1: ["Silver"]})  # fmt: skip
    game.apply(Play("Swindler"))
    assert Choose("Village") in game.legal_actions()
    game.apply(Choose("Village"))
    assert "Village" in game.all_cards_of(1)
    assert "Silver" not in zones(game, 1)["deck"]


def test_bandit_trashes_a_silver_and_spares_copper() -> None:
    game = scenario(kingdom=["Bandit"], hands={0: ["Bandit", *COPPERS[:4]]},
                    decks={1: ["Copper", "Silver"]})  # fmt: skip
    game.apply(Play("Bandit"))
    assert game.table.names("trash") == ["Silver"]
    assert "Gold" in game.all_cards_of(0)


def test_moneylender_and_mine() -> None:
    game = scenario(kingdom=["Moneylender"], hands={0: ["Moneylender", *COPPERS[:4]]})
    game.apply(Play("Moneylender"))
    game.apply(Choose("Copper"))
    assert game.coins == 3 + 3
    game = scenario(kingdom=["Mine"], hands={0: ["Mine", "Silver", *COPPERS[:3]]})
    game.apply(Play("Mine"))
    game.apply(Choose("Silver"))
    game.apply(Choose("Gold"))
    assert game.coins == 3 + 3


def test_ironworks_rewards_by_type() -> None:
    game = scenario(kingdom=["Ironworks", "Village"], hands={0: ["Ironworks", *COPPERS[:4]]})
    game.apply(Play("Ironworks"))
    game.apply(Choose("Silver"))
    assert game.coins == 4 + 1


def test_nobles_courtyard_shanty_town_council_room() -> None:
    game = scenario(kingdom=["Nobles", "Village"], hands={0: ["Nobles", "Village", *COPPERS[:3]]})
    game.apply(Play("Nobles"))
    game.apply(Choose("+2 Actions"))
    assert game.actions == 2
    game = scenario(kingdom=["Courtyard"], hands={0: ["Courtyard", *COPPERS[:4]]},
                    decks={0: ["Gold", "Gold", "Gold"]})  # fmt: skip
    game.apply(Play("Courtyard"))
    game.apply(Choose("Gold"))
    assert zones(game, 0)["deck"] == ["Gold"]
    game = scenario(kingdom=["Shanty Town"], hands={0: ["Shanty Town", *COPPERS[:4]]},
                    decks={0: ["Gold", "Gold", "Gold"]})  # fmt: skip
    game.apply(Play("Shanty Town"))
    assert zones(game, 0)["play"].count("Gold") == 2
    game = scenario(kingdom=["Council Room"], hands={0: ["Council Room", *COPPERS[:4]]})
    game.apply(Play("Council Room"))
    assert len(game.hand(1)) == 6


def test_merchant_vassal_harbinger_poacher_cellar() -> None:
    game = scenario(hands={0: ["Merchant", "Silver", *COPPERS[:3]]}, decks={0: ["Estate"]})
    game.apply(Play("Merchant"))
    assert game.coins == 2 + 1 + 3
    game = scenario(kingdom=["Vassal", "Village"], hands={0: ["Vassal", *COPPERS[:4]]},
                    decks={0: ["Village", "Gold"]})  # fmt: skip
    game.apply(Play("Vassal"))
    game.apply(Choose("play Village"))
    assert "Village" in zones(game, 0)["play"]
    game = scenario(kingdom=["Harbinger"], hands={0: ["Harbinger", *COPPERS[:4]]},
                    discards={0: ["Gold"]})  # fmt: skip
    game.apply(Play("Harbinger"))
    game.apply(Choose("Gold"))
    assert zones(game, 0)["deck"][0] == "Gold"
    game = scenario(kingdom=["Poacher", "Village"], empty=["Village"],
                    hands={0: ["Poacher", "Estate", *COPPERS[:3]]})  # fmt: skip
    game.apply(Play("Poacher"))
    game.apply(Choose("Estate"))
    assert "Estate" in zones(game, 0)["discard"]


def test_gardens_and_bandit_fort_score_at_the_end() -> None:
    game = scenario(kingdom=["Gardens"], landscapes=["Bandit Fort"], empty=["Province"],
                    hands={0: COPPERS})  # fmt: skip
    game.apply(EndPhase())
    assert game.outcome is not None
    assert "VP" in game.outcome.reason


def test_populate_gains_only_action_piles() -> None:
    game = scenario(kingdom=["Gardens", "Smithy"], landscapes=["Populate"],
                    hands={0: ["Gold", "Gold", "Gold", "Gold", "Copper"]})  # fmt: skip
    game.apply(Buy("Populate"))
    assert "Smithy" in game.all_cards_of(0)
    assert "Gardens" not in game.all_cards_of(0)


@pytest.mark.rule("DM 3.3")
def test_vassal_names_the_card_it_would_play() -> None:
    # Every choice names its card, as Sentry's do (DM 4.10): "play" alone says not what.
    game = scenario(kingdom=["Vassal", "Smithy"], hands={0: ["Vassal", *COPPERS[:4]]},
                    decks={0: ["Smithy", "Gold"]})  # fmt: skip
    game.apply(Play("Vassal"))
    assert game.legal_actions() == [Choose("play Smithy"), Choose("leave Smithy")]
    game.apply(Choose("leave Smithy"))
    assert zones(game, 0)["discard"] == ["Smithy"]
    assert game.phase == "buy"


def test_a_save_from_before_vassal_named_its_card_restores_the_named_choice() -> None:
    game = scenario(kingdom=["Vassal", "Smithy"], hands={0: ["Vassal", *COPPERS[:4]]},
                    decks={0: ["Smithy", "Gold"]})  # fmt: skip
    game.apply(Play("Vassal"))
    data = json.loads(game.dumps())
    data["steps"][-1]["options"] = ["play", "no"]
    restored = DominionGame.from_json(data)
    assert restored.legal_actions() == [Choose("play Smithy"), Choose("leave Smithy")]
    restored.apply(Choose("play Smithy"))
    assert "Smithy" in zones(restored, 0)["play"]
