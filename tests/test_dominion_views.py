"""The view an agent decides from (rulekeeper.engine.views): built as it is read, it must
show exactly what ``view`` shows, and refuse to answer once it is out of date."""

from __future__ import annotations

import copy
import json
import pickle
from collections.abc import Sequence
from typing import Any

import pytest

from rulekeeper.dominion import KINGDOMS
from rulekeeper.dominion.actions import EndPhase
from rulekeeper.dominion.agents import BigMoney, BigMoneySmithy
from rulekeeper.dominion.draft.agents import DraftAgent
from rulekeeper.dominion.draft.scenario import new_draft_game
from rulekeeper.dominion.game import DominionGame
from rulekeeper.dominion.scenario import scenario
from rulekeeper.engine.agents import play
from rulekeeper.engine.game import Action, Game
from rulekeeper.engine.views import decision_view


def _check_every_decision(game: Game, agents: Sequence[Any]) -> int:
    """Play ``game``, checking at each decision that every way of looking at a fresh decision
    view sees the whole view, in the same order."""
    checked = 0

    def check(game: Game, _action: Action) -> None:
        nonlocal checked
        player = game.current_player()
        whole = game.view(player)
        assert list(decision_view(game, player).items()) == list(whole.items())
        assert dict(decision_view(game, player)) == whole
        assert repr(decision_view(game, player)) == repr(whole)
        assert json.dumps(decision_view(game, player)) == json.dumps(whole)
        assert decision_view(game, player) == whole
        assert len(decision_view(game, player)) == len(whole)
        for key in whole:
            assert decision_view(game, player)[key] == whole[key]
            assert key in decision_view(game, player)
        checked += 1

    play(game, agents, on_action=check)
    return checked


def test_a_decision_view_shows_what_the_view_shows_in_plain_dominion() -> None:
    kingdom, _ = KINGDOMS["first-game"]
    for seed in range(3):
        game = DominionGame.new(kingdom, seed=seed, players=3)
        assert _check_every_decision(game, [BigMoney(), BigMoneySmithy(), BigMoneySmithy()])


def test_a_decision_view_shows_what_the_view_shows_in_the_draft() -> None:
    # The Draft adds entries and hides others (DD 2.6), the draft's choices included.
    for variant in ("", "private"):
        game = new_draft_game(3, 3, variant)
        assert _check_every_decision(game, [DraftAgent(seat) for seat in range(3)])


def test_a_decision_view_holds_the_phase_the_coins_and_the_choice_from_the_start() -> None:
    # _view_facts writes them out itself; each is the whole view's, and reading them builds
    # nothing more.
    game = scenario(hands={0: ["Village", "Copper", "Copper", "Estate", "Estate"]})
    for player in (0, 1):
        seen = decision_view(game, player)
        whole = game.view(player)
        held = [(k, v) for k, v in dict.items(seen) if isinstance(k, str)]
        assert held == [(k, whole[k]) for k in ("phase", "coins", "choice")]
        assert seen["coins"] == whole["coins"]
        assert list(dict.keys(seen)) == ["phase", "coins", "choice"]  # nothing built


def test_entries_not_there_yet_are_built_for_get_and_in() -> None:
    game = scenario(hands={0: ["Village", "Copper", "Copper", "Estate", "Estate"]})
    assert decision_view(game, 0).get("hand") == game.view(0)["hand"]
    assert "trash" in decision_view(game, 0)
    assert "no such entry" not in decision_view(game, 0)
    assert decision_view(game, 0).get("no such entry", 7) == 7
    with pytest.raises(KeyError):
        decision_view(game, 0)["no such entry"]


def test_copies_are_plain_dicts_of_the_whole_view() -> None:
    game = scenario(hands={0: ["Village", "Copper", "Copper", "Estate", "Estate"]})
    whole = game.view(1)
    for kept in (
        copy.copy(decision_view(game, 1)),
        copy.deepcopy(decision_view(game, 1)),
        pickle.loads(pickle.dumps(decision_view(game, 1))),
        decision_view(game, 1).copy(),
        decision_view(game, 1) | {},
    ):
        assert type(kept) is dict
        assert kept == whole


def test_a_decision_view_kept_past_the_next_action_refuses_to_answer() -> None:
    game = scenario(hands={0: ["Village", "Copper", "Copper", "Estate", "Estate"]})
    seen = decision_view(game, 0)
    assert seen["phase"] == "action"  # the facts of the turn it was made in
    game.apply(EndPhase())
    assert seen["phase"] == "action"
    with pytest.raises(RuntimeError, match="out of date"):
        seen["hand"]
    # One read in time keeps the whole view of that decision.
    kept = decision_view(game, 0)
    assert kept["hand"] == game.view(0)["hand"]
    before = game.view(0)
    game.apply(EndPhase())
    assert kept == before
