"""``rulekeeper simulate``'s summary: results counted by the names the game log uses."""

from __future__ import annotations

import re

import pytest

from rulekeeper.cli import main
from rulekeeper.engine.agents import play
from rulekeeper.games import FORMATS


def _result_lines(out: str) -> dict[str, int]:
    """The summary's result lines, as label -> games."""
    found = re.findall(r"^  (.+): (\d+) \(\d+\.\d%\)$", out, flags=re.MULTILINE)
    return {label: int(count) for label, count in found}


def test_results_name_the_players_and_add_up(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "rr", "-n", "6", "--agents", "random", "--no-progress"]) == 0
    lines = _result_lines(capsys.readouterr().out)
    assert sum(lines.values()) == 6
    assert set(lines) <= {"Player 1 wins", "Player 2 wins", "draw"}


def test_a_shared_win_is_counted_as_shared_not_as_a_draw(
    capsys: pytest.CaptureFixture[str],
) -> None:
    # Two money players often split the Provinces evenly; with equal turns they share the win
    # (DM 6.3). Find such a game among the first seeds rather than hard-coding one.
    entry = FORMATS["dominion"]
    expected: dict[str, int] = {}
    for seed in range(1, 21):
        game = entry.new_game(seed, 2)
        agents = [entry.agents["heuristic"](seed * 101 + seat) for seat in range(2)]
        winners = play(game, agents).winners
        label = {1: f"Player {winners[0] + 1} wins", 2: "Player 1, Player 2 share the win"}
        expected[label[len(winners)]] = expected.get(label[len(winners)], 0) + 1
    assert "Player 1, Player 2 share the win" in expected, "no shared win in 20 games"
    assert main(["simulate", "dominion", "-n", "20", "--seed", "1", "--no-progress"]) == 0
    assert _result_lines(capsys.readouterr().out) == expected


def test_players_lost_by_rule_only_where_players_lose(capsys: pytest.CaptureFixture[str]) -> None:
    # In Dominion the points decide among everyone (DM 6.3): nobody is knocked out, so the
    # summary has no line of players lost by rule. Risk & Resource knocks players out.
    assert main(["simulate", "dominion", "-n", "5", "--no-progress"]) == 0
    out = capsys.readouterr().out
    assert "how the games ended:\n    DM 6.1 (When the game ends): 5 games (100.0%)" in out
    assert "players lost by rule" not in out
    assert main(["simulate", "rr", "-n", "5", "--agents", "random", "--no-progress"]) == 0
    assert "players lost by rule: RR " in capsys.readouterr().out


@pytest.mark.parametrize("key", sorted(FORMATS))
def test_every_format_reports_its_endings_and_mean_rounds(
    key: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["simulate", key, "-n", "2", "--no-progress", "--jobs", "1"]) == 0
    out = capsys.readouterr().out
    assert re.search(r"^  mean rounds: \d+\.\d$", out, flags=re.MULTILINE)
    endings = re.findall(r"^    (\S+ \S+) .*: (\d+) games \(", out, flags=re.MULTILINE)
    assert endings
    assert sum(int(count) for _, count in endings) == 2


def test_a_process_pool_plays_the_same_games_as_one_process() -> None:
    from rulekeeper.cli.play import SimulationSpec, play_games

    spec = SimulationSpec("stockpile", 3, "", "", "heuristic", None)
    seeds = range(5, 11)
    assert play_games(spec, seeds, jobs=2) == play_games(spec, seeds, jobs=1)


def test_jobs_out_of_range_is_a_usage_error(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "leveler", "-n", "1", "--jobs", "0", "--no-progress"]) == 2
    assert "--jobs must be between 1 and 1024, not 0" in capsys.readouterr().err


def test_rounds_are_counted_around_the_table() -> None:
    from rulekeeper.cli.rounds import RoundCounter

    class Table:
        def __init__(self) -> None:
            self.turn, self.active, self.first_player = 1, 2, 2

        def _names(self) -> list[str]:
            return ["A", "B", "C"]

    counter, game = RoundCounter(), Table()
    for turn, active in enumerate([2, 0, 1, 2, 0, 2], start=1):  # seat 1 has left by turn 6
        game.turn, game.active = turn, active
        counter(game)
        counter(game)  # a second action in the same turn changes nothing
    assert counter.round_of == {1: 1, 2: 1, 3: 1, 4: 2, 5: 2, 6: 3}
    assert counter.rounds == 3
