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
    assert "game ends by rule: DM 6.1" in out
    assert "players lost by rule" not in out
    assert main(["simulate", "rr", "-n", "5", "--agents", "random", "--no-progress"]) == 0
    assert "players lost by rule: RR " in capsys.readouterr().out
