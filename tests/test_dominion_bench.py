"""The Dominion side-by-side of the bench: its tally and its agreement tests."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import pytest

from rulekeeper.bench import Tally, compare, rulekeeper_versus
from rulekeeper.dominion.agents import BigMoney, BigMoneySmithy
from rulekeeper.dominion.game import DominionGame
from rulekeeper.dominion.kingdoms import KINGDOMS
from rulekeeper.engine.agents import play
from rulekeeper.engine.game import Action


def _tally(engine: str, wins: list[int], turns: list[int]) -> Tally:
    tally = Tally(engine, seconds=1.0)
    for winners, length in zip(
        [[0]] * wins[0] + [[1]] * wins[1] + [[0, 1]] * wins[2], turns, strict=True
    ):
        tally.add(winners, length)
    return tally


def test_the_tally_counts_every_game() -> None:
    tally = rulekeeper_versus(6)
    assert tally.games == 6
    assert sum(tally.wins) == 6
    assert 10 < tally.mean_turns < 40


def test_compare_agrees_on_equal_samples_and_flags_different_ones() -> None:
    same = _tally("a", [300, 500, 200], [16] * 500 + [17] * 500)
    assert all(line.endswith("agree") for line in compare(same, same))
    other = _tally("b", [500, 300, 200], [19] * 500 + [20] * 500)
    verdicts = compare(same, other)
    assert verdicts[0].endswith("DIFFERENT")
    assert verdicts[-1].endswith("DIFFERENT")


def test_big_money_with_smithy_beats_big_money() -> None:
    kingdom, _ = KINGDOMS["first-game"]
    wins = [0, 0, 0]
    for seed in range(40):
        game = DominionGame.new(kingdom, seed=seed, players=2)
        outcome = play(game, [BigMoney(), BigMoneySmithy()])
        wins[2 if len(outcome.winners) > 1 else outcome.winners[0]] += 1
    assert wins[1] > wins[0]


class _Listing:
    """A bot that play() gives the whole list at every decision (no lazy_actions here; a
    wrapper, as a compiled bot cannot be subclassed)."""

    def __init__(self, bot: BigMoney) -> None:
        self.bot = bot

    def choose(self, view: dict[str, Any], actions: Sequence[Action]) -> Action:
        assert type(actions) is list
        return self.bot.choose(view, actions)


def test_the_bots_play_the_same_games_with_lazy_legal_actions() -> None:
    # Asked lazily, the bots judge the one move they want (Game.offers) instead of finding it
    # in the list: every game must be the same as with the whole list.
    kingdom, _ = KINGDOMS["first-game"]
    for seed in range(12):
        lazy = DominionGame.new(kingdom, seed=seed, players=2)
        listed = DominionGame.new(kingdom, seed=seed, players=2)
        play(lazy, [BigMoney(), BigMoneySmithy()])
        play(listed, [_Listing(BigMoney()), _Listing(BigMoneySmithy())])
        assert lazy.dumps() == listed.dumps()
        assert [str(e) for e in lazy.log] == [str(e) for e in listed.log]


def test_lazy_legal_actions_read_as_the_list_for_one_decision() -> None:
    from rulekeeper.dominion.actions import Buy, EndPhase
    from rulekeeper.engine.agents import LegalActions

    kingdom, _ = KINGDOMS["first-game"]
    game = DominionGame.new(kingdom, seed=2, players=2)
    listed = game.legal_actions()
    actions = LegalActions(game)
    assert EndPhase() in actions
    assert Buy("Colony") not in actions
    assert actions == listed
    assert list(actions) == listed
    assert len(actions) == len(listed)
    assert [actions[i] for i in range(len(listed))] == listed
    assert actions.index(listed[-1]) == len(listed) - 1
    assert actions.count(listed[0]) == 1
    assert repr(actions) == repr(listed)
    actions.expire()
    assert list(actions) == listed  # worked out during the decision: still that decision's
    late = LegalActions(game)
    late.expire()
    with pytest.raises(RuntimeError, match="earlier decision"):
        len(late)
