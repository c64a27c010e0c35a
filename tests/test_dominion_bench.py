"""The Dominion side-by-side of the bench: its tally and its agreement tests."""

from __future__ import annotations

from rulekeeper.bench import Tally, compare, rulekeeper_versus
from rulekeeper.dominion.agents import BigMoney, BigMoneySmithy
from rulekeeper.dominion.game import DominionGame
from rulekeeper.dominion.kingdoms import KINGDOMS
from rulekeeper.engine.agents import play


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
