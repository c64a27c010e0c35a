"""Dominion Draft played on the Dominion model: Supplies, cards that cross them, and the end
(DD 2.5, DD 3, DD 4, DD 6)."""

from __future__ import annotations

import subprocess
import sys
from typing import Any

import pytest

from rulekeeper.dominion.actions import Buy, Choose, EndPhase, Play, PlayWay
from rulekeeper.dominion.cards import CARDS
from rulekeeper.dominion.draft.actions import DRAFT_ACTIONS
from rulekeeper.dominion.draft.agents import DraftAgent
from rulekeeper.dominion.draft.play import DominionDraft
from rulekeeper.dominion.draft.scenario import drafted, new_draft_game
from rulekeeper.dominion.game import DominionGame
from rulekeeper.dominion.hooks import DominionVariant
from rulekeeper.engine.agents import RandomAgent, play
from rulekeeper.errors import IllegalActionError, InputError

ANN = ["Masquerade", "Smugglers", "Jester", "Lurker", "Workshop"]
BEN = ["Village", "Witch", "Gardens", "Festival", "Cellar"]
SHARED = ["Smithy", "Market"]
BASE = ["Copper", "Silver", "Gold", "Estate", "Duchy", "Province", "Curse"]


def table(**position: Any) -> DominionGame:
    """Ann and Ben after the draft above, in the position given."""
    return drafted([ANN, BEN], shared=SHARED, names=["Ann", "Ben"], **position)


def finished_draft(seed: int, players: int, variant: str = "") -> DominionGame:
    game = new_draft_game(seed, players, variant)
    while game.phase == "pregame":
        game.apply(game.legal_actions()[-1])
    return game


@pytest.mark.rule("DD 2.5")
@pytest.mark.rule("DD R8")
@pytest.mark.parametrize("players", range(2, 7))
def test_every_randomizer_becomes_a_pile_of_its_usual_size(players: int) -> None:
    game = finished_draft(players, players)
    draft = game.variant_state["draft"]
    kingdom = [p for p in game.piles if CARDS[p].kind == "kingdom"]
    drafted_cards = draft["centre"] + [c for cards in draft["set_aside"] for c in cards]
    assert sorted(kingdom) == sorted(drafted_cards)
    assert len(kingdom) == 6 * players
    for name in kingdom:
        assert len(game.pile(name)) == game.pile_size(CARDS[name])
    victory = 8 if players == 2 else 12
    assert all(len(game.pile(n)) == victory for n in kingdom if CARDS[n].has_type("Victory"))


@pytest.mark.rule("DD 3.1")
@pytest.mark.rule("DD 3.2")
@pytest.mark.rule("DD R9")
def test_each_supply_is_base_shared_and_own() -> None:
    game = table()
    assert set(game.supply_of(0)) == {*BASE, *SHARED, *ANN}
    assert set(game.supply_of(1)) == {*BASE, *SHARED, *BEN}
    assert len(game.supply_of(0)) == len(BASE) + len(SHARED) + len(ANN)


@pytest.mark.rule("DM 1.5", "DD 3.1")
@pytest.mark.parametrize("variant", [DominionVariant, DominionDraft])
def test_a_variant_says_whether_its_supply_is_every_pile(variant: type[DominionVariant]) -> None:
    # The core skips supply_of while every_pile_supply is True: a variant that overrides
    # supply_of must say so, or its players would buy from every pile.
    below = variant.__mro__[: variant.__mro__.index(DominionVariant)]
    overrides = any("supply_of" in vars(c) for c in below)
    assert variant.every_pile_supply is not overrides


@pytest.mark.rule("DD 3.1")
def test_before_the_draft_ends_only_the_base_piles_are_a_supply() -> None:
    game = new_draft_game(3, 3)
    assert game.supply_of(1) == tuple(BASE)


@pytest.mark.rule("DD 3.3")
def test_buying_another_players_private_card_is_refused() -> None:
    game = table(hands={0: ["Silver", "Copper", "Copper", "Estate", "Estate"]})
    before = game.dumps()
    with pytest.raises(IllegalActionError, match=r"DD 3.3: Village is not in your Supply"):
        game.apply(Buy("Village"))
    assert game.dumps() == before
    assert Buy("Village") not in game.legal_actions()
    assert Buy("Smithy") in game.legal_actions()
    game.apply(Buy("Smugglers"))
    assert game.gained[0] == ["Smugglers"]


@pytest.mark.rule("DD 3.4")
def test_a_gainer_chooses_from_its_players_supply() -> None:
    game = table(hands={0: ["Workshop", "Copper", "Copper", "Estate", "Estate"]})
    game.apply(Play("Workshop"))
    options = game.view(0)["choice"]["options"]
    assert "Village" not in options
    assert {"Smugglers", "Smithy", "Silver"} <= set(options)


@pytest.mark.rule("DD 3.4")
@pytest.mark.rule("DD 5.3")
@pytest.mark.rule("DD R10")
def test_populate_gains_from_the_buyers_action_piles_only() -> None:
    game = table(
        landscapes=["Populate", "Way of the Ox"],
        discarded=["Fair", "Delve"],
        hands={0: ["Gold", "Gold", "Gold", "Gold", "Estate"]},
    )
    assert game.landscapes == ["Populate", "Way of the Ox"]
    game.apply(Buy("Populate"))
    assert sorted(game.gained[0]) == sorted([*ANN, *SHARED])


@pytest.mark.rule("DD R10")
def test_an_attack_gives_curses_from_the_shared_pile() -> None:
    game = table(first=1, hands={1: ["Witch", "Copper", "Copper", "Estate", "Estate"]})
    game.apply(Play("Witch"))
    assert len(game.pile("Curse")) == 9
    assert "Curse" in game.table.names("discard:0")


@pytest.mark.rule("DD 3.5")
@pytest.mark.rule("DD R11")
def test_lurker_trashes_from_its_players_supply_and_gains_from_any_pile() -> None:
    game = table(hands={0: ["Lurker", "Copper", "Copper", "Estate", "Estate"]})
    game.apply(Play("Lurker"))
    game.apply(Choose("trash from the Supply"))
    options = game.view(0)["choice"]["options"]
    assert set(options) == {n for n in [*ANN, *SHARED] if CARDS[n].has_type("Action")}
    with pytest.raises(IllegalActionError):
        game.apply(Choose("Village"))


@pytest.mark.rule("DD 4.5")
@pytest.mark.rule("DD R15")
def test_gaining_from_the_trash_ignores_whose_pile_it_was() -> None:
    game = table(
        hands={0: ["Lurker", "Copper", "Copper", "Estate", "Estate"]}, trashed=["Festival"]
    )
    game.apply(Play("Lurker"))
    game.apply(Choose("gain from the trash"))
    game.apply(Choose("Festival"))
    assert "Festival" in game.table.names("discard:0")
    assert game.table.zones["trash"] == []


@pytest.mark.rule("DD 4.1")
def test_a_card_from_another_private_pile_plays_normally() -> None:
    game = table(hands={0: ["Village", "Smithy", "Copper", "Estate", "Estate"]})
    game.apply(Play("Village"))
    assert game.actions == 2
    assert Play("Smithy") in game.legal_actions()


@pytest.mark.rule("DD 4.2")
@pytest.mark.rule("DD R12")
def test_masquerade_passes_a_private_card_without_a_gain() -> None:
    game = table(
        hands={
            0: ["Masquerade", "Copper", "Copper", "Estate", "Estate"],
            1: ["Village", "Copper", "Copper", "Copper", "Copper"],
        }
    )
    game.apply(Play("Masquerade"))
    game.apply(Choose("Estate"))
    game.apply(Choose("Village"))
    assert "Village" in game.hand(0)
    assert game.gained == [[], []]


@pytest.mark.rule("DD 4.3")
@pytest.mark.rule("DD R13")
def test_smugglers_copies_from_a_pile_outside_the_supply() -> None:
    game = table(
        first=1,
        hands={0: ["Smugglers", "Copper", "Copper", "Estate", "Estate"], 1: ["Copper"] * 5},
    )
    game.apply(Buy("Festival"))
    before = len(game.pile("Festival"))
    game.apply(Play("Smugglers"))
    game.apply(Choose("Festival"))
    assert len(game.pile("Festival")) == before - 1
    assert "Festival" in game.gained[0]


@pytest.mark.rule("DD R13")
def test_smugglers_finds_nothing_in_an_empty_pile() -> None:
    game = table(
        first=1,
        hands={0: ["Smugglers", "Copper", "Copper", "Estate", "Estate"], 1: ["Copper"] * 5},
    )
    game.apply(Buy("Festival"))
    while game.pile("Festival"):  # the rest of the pile goes to the trash
        game.table.move(game.pile("Festival")[-1], "trash", origin="pile:Festival")
    game.apply(Play("Smugglers"))
    assert game.gained[0] == []
    assert not any(isinstance(a, Choose) for a in game.legal_actions())


@pytest.mark.rule("DD 4.4")
@pytest.mark.rule("DD R14")
@pytest.mark.parametrize(("answer", "gainer"), [("me", 0), ("them", 1)])
def test_jesters_copy_comes_from_the_cards_own_pile(answer: str, gainer: int) -> None:
    game = table(
        hands={0: ["Jester", "Copper", "Copper", "Estate", "Estate"]}, decks={1: ["Village"]}
    )
    game.apply(Play("Jester"))
    game.apply(Choose(answer))
    assert len(game.pile("Village")) == 10 - 2  # one in Ben's deck, one gained now
    assert game.table.names(f"discard:{gainer}")[-1] == "Village"


@pytest.mark.rule("DD 6.1")
@pytest.mark.rule("DD 6.2")
def test_three_empty_piles_in_one_supply_end_the_game() -> None:
    game = table(emptied=["Smithy", "Masquerade", "Lurker"], hands={0: ["Estate"] * 5})
    assert game.outcome is None  # checked at the end of a turn
    game.apply(EndPhase())
    assert game.outcome is not None
    assert game.outcome.reason_rule == "DD 6.1"


@pytest.mark.rule("DD 6.2")
def test_empty_piles_count_player_by_player() -> None:
    # The source's example: one empty shared pile and one empty private pile each.
    game = table(emptied=["Smithy", "Masquerade", "Village"], hands={0: ["Estate"] * 5})
    game.apply(EndPhase())
    assert game.outcome is None
    assert game.active == 1


@pytest.mark.rule("DD 6.3")
@pytest.mark.rule("DD R18")
def test_an_empty_province_pile_ends_the_game() -> None:
    game = table(emptied=["Province"], hands={0: ["Estate"] * 5})
    game.apply(EndPhase())
    assert game.outcome is not None
    assert game.outcome.reason_rule == "DD 6.3"


@pytest.mark.rule("DD R19")
@pytest.mark.parametrize("players", [5, 6])
def test_three_piles_are_enough_at_five_and_six(players: int) -> None:
    game = finished_draft(11, players)
    draft = game.variant_state["draft"]
    own = draft["set_aside"][game.active][:2]
    for name in ["Curse", *own]:
        while game.pile(name):
            game.table.move(game.pile(name)[-1], "trash", origin=f"pile:{name}")
    while game.outcome is None and game.current_player() == game.active:
        game.apply(game.legal_actions()[-1])
    assert game.outcome is not None
    assert game.outcome.reason_rule == "DD 6.1"


@pytest.mark.rule("DD R4")
@pytest.mark.rule("DD R17")
def test_unknown_variant_is_refused() -> None:
    with pytest.raises(InputError, match="no variant 'hidden'"):
        new_draft_game(1, 2, "hidden")


@pytest.mark.rule("DD 2.6")
@pytest.mark.rule("DD R7")
def test_after_the_draft_every_pile_is_public() -> None:
    game = finished_draft(5, 3, "private")
    view = game.view(2)
    set_aside = game.variant_state["draft"]["set_aside"]
    assert view["private_piles"] == dict(
        zip([s.name for s in game.table.players], set_aside, strict=True)
    )
    assert view["shared_piles"] == game.variant_state["draft"]["centre"]


@pytest.mark.parametrize("variant", ["", "private", "no-landscapes"])
def test_the_draft_offers_exactly_the_actions_its_check_accepts(variant: str) -> None:
    # The game offers the variant's pre-game candidates without judging them again.
    game = new_draft_game(3, 3, variant)
    cards = sorted({c for pile in game.variant_state["draft"]["piles"] for c in pile})
    cards += sorted(n for n, c in CARDS.items() if c.kind == "landscape")
    others = [kind(c) for kind in DRAFT_ACTIONS for c in cards] + [EndPhase()]
    while game.phase == "pregame":
        legal = game.legal_actions()
        assert legal
        assert all(game.why_illegal(a) is None for a in legal)
        assert all(game.why_illegal(a) is not None for a in others if a not in legal)
        game.apply(legal[-1])


def test_a_saved_draft_game_restores_mid_draft_and_plays_on_identically() -> None:
    game = new_draft_game(9, 4, "private")
    for _ in range(13):
        game.apply(game.legal_actions()[0])
    copy = DominionGame.loads(game.dumps())
    assert copy.dumps() == game.dumps()
    for _ in range(60):
        action = game.legal_actions()[-1]
        game.apply(action)
        copy.apply(action)
    assert copy.dumps() == game.dumps()


@pytest.mark.parametrize("players", range(2, 7))
def test_the_heuristic_agent_plays_whole_games(players: int) -> None:
    game = new_draft_game(players, players)
    agents = [DraftAgent(seat) if seat == 0 else RandomAgent(seat) for seat in range(players)]
    outcome = play(game, agents)
    assert outcome.reason_rule in ("DD 6.1", "DD 6.3", "DM R2")


@pytest.mark.rule("DD R20")
def test_a_tie_goes_to_fewer_turns_and_passed_cards_count() -> None:
    junk = ["Estate", "Estate", "Estate", "Estate", "Curse"]
    game = table(emptied=["Province"], hands={0: junk, 1: junk})
    game.apply(EndPhase())
    assert game.outcome is not None
    assert game.outcome.winners == (1,)
    # A Gardens from Ben's private pile counts for Ann, who has it: 15 cards make it 1 VP.
    game = table(emptied=["Province"], hands={0: ["Gardens", *junk[:4]], 1: junk})
    game.apply(EndPhase())
    assert game.outcome is not None
    assert "Ann 8 VP, Ben 6 VP" in game.outcome.reason


def test_a_bandit_victim_with_two_treasures_chooses_one_to_trash() -> None:
    # Found by the Draft's soak run: the choice had no resolver in the model.
    game = drafted(
        [["Bandit", *ANN[1:]], BEN],
        shared=SHARED,
        names=["Ann", "Ben"],
        hands={0: ["Bandit", "Copper", "Copper", "Estate", "Estate"]},
        decks={1: ["Silver", "Gold"]},
    )
    game.apply(Play("Bandit"))
    assert game.current_player() == 1
    assert game.view(1)["choice"]["options"] == ["Gold", "Silver"]
    game.apply(Choose("Silver"))
    assert game.table.names("trash") == ["Silver"]
    assert game.table.zones["aside:1"] == []


def test_the_heuristic_agent_beats_the_random_agent() -> None:
    # `rulekeeper simulate dominion-draft -n 150 --agents heuristic,random` (and the seats
    # swapped) shows it winning every game; twelve here, the seats alternating.
    wins = 0
    for seed in range(12):
        seat = seed % 2
        agents = [DraftAgent(seed) if s == seat else RandomAgent(seed) for s in range(2)]
        outcome = play(new_draft_game(seed, 2), agents)
        wins += outcome.winners == (seat,)
    assert wins >= 11


def _poacher_discards(seat: int) -> int:
    """How many cards a shared Poacher has ``seat`` discard, with the shared Smithy pile and
    Ben's Village and Cellar piles empty."""
    hand = ["Poacher", "Copper", "Copper", "Estate", "Estate"]
    game = drafted([ANN, BEN], shared=["Poacher", "Smithy"], names=["Ann", "Ben"], first=seat,
                   emptied=["Smithy", "Village", "Cellar"], hands={seat: hand},
                   decks={seat: ["Silver"] * 5})  # fmt: skip
    game.apply(Play("Poacher"))
    while game.steps:
        game.apply(game.legal_actions()[0])
    return len(game.log.citing("DM 4.5"))


@pytest.mark.rule("DD R21")
def test_poacher_counts_the_empty_piles_of_its_players_supply() -> None:
    assert _poacher_discards(0) == 1  # the shared Smithy, not Ben's two
    assert _poacher_discards(1) == 3  # the shared Smithy and his own two


@pytest.mark.rule("DD R22")
def test_populate_reaches_every_pile_of_its_buyers_supply_and_no_other() -> None:
    game = table(
        landscapes=["Populate", "Way of the Ox"],
        discarded=["Fair", "Delve"],
        hands={0: ["Gold", "Gold", "Gold", "Gold", "Estate"]},
    )
    before = {name: len(game.pile(name)) for name in game.piles}
    game.apply(Buy("Populate"))
    taken = {name for name in game.piles if len(game.pile(name)) < before[name]}
    assert taken == set(ANN) | set(SHARED)  # one shared pile, shorter for Ben too


@pytest.mark.rule("DD R23")
def test_both_landscapes_serve_every_player_whatever_their_supply() -> None:
    game = table(
        landscapes=["Fair", "Way of the Ox"],
        discarded=["Populate", "Delve"],
        hands={0: ["Village", "Gold", "Silver", "Estate", "Estate"],
               1: ["Village", "Gold", "Copper", "Estate", "Estate"]},
    )  # fmt: skip
    for seat in (0, 1):
        assert game.variant.landscapes_of(game, seat) == ("Fair", "Way of the Ox")
    # Ann plays a Village from Ben's private pile using the Way, and buys the Project.
    game.apply(PlayWay("Village", "Way of the Ox"))
    game.apply(Buy("Fair"))
    # Ben may use both too, and put his own cube on the same Project.
    assert PlayWay("Village", "Way of the Ox") in game.legal_actions()
    game.apply(EndPhase())
    game.apply(Buy("Fair"))
    assert game.projects == {"Fair": [0, 1]}


@pytest.mark.rule("DD R24")
def test_a_card_returns_to_its_own_pile_even_another_players_private_one() -> None:
    game = table(emptied=["Village"], hands={0: ["Village", *["Copper"] * 4]})
    assert not game.in_supply(0, "Village")
    assert game.return_to_pile(game.table.hands[0][0], "hand:0")
    assert len(game.pile("Village")) == 1
    assert "Village" not in game.hand(0)
    # Ben's empty Village pile no longer counts towards his three empty piles.
    assert "Village" not in [p for p in game.supply_of(1) if not game.pile(p)]


def test_the_heuristic_agent_trashes_junk_sentry_finds_and_keeps_the_best_on_top() -> None:
    from rulekeeper.dominion.scenario import scenario

    game = scenario(kingdom=["Sentry"], hands={0: ["Sentry", *["Copper"] * 4]},
                    decks={0: ["Estate", "Curse", "Silver", "Gold"]})  # fmt: skip
    game.apply(Play("Sentry"))
    agent = DraftAgent()
    assert agent.choose(game.view(0), game.legal_actions()) == Choose("trash Curse")
    game.apply(Choose("trash Curse"))
    assert agent.choose(game.view(0), game.legal_actions()) == Choose("keep Silver")
    game = scenario(kingdom=["Sentry"], hands={0: ["Sentry", *["Copper"] * 4]},
                    decks={0: ["Estate", "Silver", "Gold"]})  # fmt: skip
    game.apply(Play("Sentry"))
    for _ in range(3):
        game.apply(agent.choose(game.view(0), game.legal_actions()))
    assert game.table.names("deck:0")[-2:] == ["Silver", "Gold"]  # Gold on top


@pytest.mark.rule("DD 1.4")
@pytest.mark.parametrize(("variant", "private"), [("", False), ("private", True)])
def test_the_table_sets_randomizers_aside_face_up_or_down_for_the_whole_game(
    variant: str, private: bool
) -> None:
    game = new_draft_game(7, 3, variant)
    for _ in range(3):  # one round: each player has set a randomizer aside
        game.apply(game.legal_actions()[0])
    for seen in (game, DominionGame.loads(game.dumps())):  # a save keeps the choice
        draft = seen.view(0)["draft"]
        assert draft["private"] is private
        others = list(draft["others_set_aside"].values())
        if private:  # only how many each has set aside
            assert others == [1, 1]
        else:  # which randomizer each has set aside
            assert [len(cards) for cards in others] == [1, 1]
            assert all(isinstance(name, str) for cards in others for name in cards)


def test_a_draft_save_loads_in_a_program_that_never_imported_the_draft() -> None:
    # The Dominion model lists its variants (rulekeeper.dominion.variants): nothing registers
    # itself on import, so the Draft's save loads with only the game class imported.
    text = new_draft_game(9, 3, "private").dumps()
    script = (
        "import sys\n"
        "from rulekeeper.dominion.game import DominionGame\n"
        "game = DominionGame.loads(sys.stdin.read())\n"
        "print(type(game.variant).__name__, game.variant.option, game.dumps() == sys.argv[1])\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", script, text],
        input=text,
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.stderr == ""
    assert done.stdout.split() == ["DominionDraft", "private", "True"]


@pytest.mark.rule("DD 1.4", "DD R4", "DD R17")
@pytest.mark.parametrize("option", ["", "private", "no-landscapes"])
def test_a_draft_says_the_option_it_was_set_up_with(option: str) -> None:
    assert DominionDraft.with_option(option).option == option
    assert DominionVariant.with_option("").option == ""
    with pytest.raises(InputError, match="Dominion has no variant 'private'"):
        DominionVariant.with_option("private")
