"""The Dominion side-by-side of the bench: its tally and its agreement tests."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import pytest

from rulekeeper import bench
from rulekeeper.bench import (
    Tally,
    compare,
    interleave,
    rulekeeper_engine,
    rulekeeper_versus,
    versus,
)
from rulekeeper.dominion import KINGDOMS
from rulekeeper.dominion.agents import BigMoney, BigMoneySmithy
from rulekeeper.dominion.game import DominionGame
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


def test_an_engine_plays_in_blocks_the_games_of_one_run() -> None:
    # The side-by-side plays each engine in blocks between the other's: the games, and so the
    # win split, must be those of one run from the same seeds.
    whole = rulekeeper_versus(9)
    blocks = Tally("rulekeeper")
    engine = rulekeeper_engine()
    for games in (4, 1, 4):
        engine(games, blocks)
    assert (blocks.games, blocks.wins, blocks.turns) == (whole.games, whole.wins, whole.turns)


def test_interleave_swaps_the_engines_in_each_pair_of_blocks_and_plays_every_game() -> None:
    order: list[str] = []

    def engine(name: str) -> bench.Engine:
        def play_games(games: int, tally: Tally) -> None:
            order.extend([name] * games)
            for _ in range(games):
                tally.add([0], 16)
            tally.seconds += games * (1.0 if name == "ours" else 3.0)

        return play_games

    ours, theirs = Tally("ours"), Tally("theirs")
    ratios = interleave(7, engine("ours"), engine("theirs"), (ours, theirs), 3)
    assert order == ["ours"] * 3 + ["theirs"] * 6 + ["ours"] * 4 + ["theirs"]
    assert (ours.games, theirs.games) == (7, 7)
    assert ratios == [3.0, 3.0, 3.0]  # theirs took three times as long for each block


def test_the_side_by_side_is_timed_by_processor_time(monkeypatch: pytest.MonkeyPatch) -> None:
    # Each block is timed by the processor time the process used, which work elsewhere on
    # the machine does not add to; wall-clock time is not read at all.
    ticks = iter(range(1000))
    monkeypatch.setattr(bench.time, "process_time", lambda: float(next(ticks)))

    def no_wall_clock() -> float:
        raise AssertionError("the side-by-side read the wall clock")

    monkeypatch.setattr(bench.time, "perf_counter", no_wall_clock)
    monkeypatch.setattr(bench.time, "time", no_wall_clock)
    tally = Tally("rulekeeper")
    engine = rulekeeper_engine()
    engine(2, tally)
    engine(2, tally)
    assert tally.seconds == 2.0  # one tick from the start to the end of each block


def test_the_side_by_side_reports_both_engines_the_ratio_and_the_comparison() -> None:
    lines: list[str] = []
    # rulekeeper against itself: the same games, so every comparison agrees.
    versus(6, lines.append, block=2, opponent=rulekeeper_engine())
    assert "6 games each, in alternating blocks of 2" in lines[0]
    assert lines[1].startswith("  rulekeeper: ")
    assert lines[1].endswith("(6 games)")
    assert lines[2].startswith("  the opponent: ")
    # The same mean turns and win split after each one's games per second.
    assert lines[1].split("games/s, ")[1] == lines[2].split("games/s, ")[1]
    assert lines[3].startswith("  rulekeeper / the opponent games per second: ")
    assert len(lines) == 8
    assert all(line.endswith("agree") for line in lines[4:])


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
    """A bot given the whole list at every decision, not the lazy legal actions (a wrapper, as
    a compiled bot cannot be subclassed)."""

    def __init__(self, bot: BigMoney) -> None:
        self.bot = bot

    def choose(self, view: dict[str, Any], actions: Sequence[Action]) -> Action:
        return self.bot.choose(view, list(actions))


def test_the_bots_play_the_same_games_with_lazy_legal_actions() -> None:
    # Asked lazily, the bots judge the one move they want (Game._offers) instead of finding it
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

    kingdom, _ = KINGDOMS["first-game"]
    game = DominionGame.new(kingdom, seed=2, players=2)
    listed = list(game.legal_actions())
    actions = game.legal_actions()
    assert EndPhase() in actions
    assert Buy("Colony") not in actions
    assert actions == listed
    assert list(actions) == listed
    assert len(actions) == len(listed)
    assert [actions[i] for i in range(len(listed))] == listed
    assert actions.index(listed[-1]) == len(listed) - 1
    assert actions.count(listed[0]) == 1
    assert repr(actions) == repr(listed)
    late = game.legal_actions()
    game.apply(listed[0])
    assert list(actions) == listed  # worked out during the decision: still that decision's
    with pytest.raises(RuntimeError, match="earlier decision"):
        len(late)
    with pytest.raises(RuntimeError, match="earlier decision"):
        EndPhase() in late  # noqa: B015
