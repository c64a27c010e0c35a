"""The benchmark and the game fingerprint a speed-up must leave unchanged."""

from __future__ import annotations

import re

import pytest

from rulekeeper.bench import fingerprint, main, measure
from rulekeeper.engine.agents import RandomAgent
from rulekeeper.games import FORMATS


def test_a_fingerprint_repeats_and_tells_different_games_apart() -> None:
    entry = FORMATS["rr"]
    first = fingerprint(entry, 3, 2)
    assert fingerprint(entry, 3, 2) == first
    assert fingerprint(entry, 4, 2) != first  # one game more
    assert fingerprint(entry, 3, 3) != first  # another table


def test_the_fingerprint_command_prints_a_hash_per_format_and_table(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["--fingerprint", "--games", "1"]) == 0
    lines = capsys.readouterr().out.splitlines()
    tables = sum(high - low + 1 for low, high in (e.players for e in FORMATS.values()))
    assert len(lines) == tables
    assert all(re.fullmatch(r".+, \d players: [0-9a-f]{64}", line) for line in lines), lines


def test_the_fingerprint_needs_a_game(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exit_info:
        main(["--fingerprint", "--games", "0"])
    assert exit_info.value.code == 2
    assert "--games must be at least 1" in capsys.readouterr().err


def test_a_measurement_counts_whole_games_and_every_action_applied() -> None:
    measured = measure(FORMATS["leveler"], 0.0, 2)
    assert measured.games == 1
    game = FORMATS["leveler"].new_game(0, 2)  # the same game (seed 0), counted by hand
    agents = [RandomAgent(seat) for seat in range(2)]
    actions = 0
    while game.outcome is None:
        game.apply(agents[game.current_player()].choose({}, game.legal_actions()))
        actions += 1
    assert measured.actions == actions
    assert measured.games_per_second > 0
    assert measured.actions_per_second == measured.actions / measured.seconds


def test_the_bench_prints_both_rates_for_each_table_of_a_format(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["--seconds", "0", "--format", "leveler", "--format", "rr"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].startswith("engine: ")
    tables = ["Leveler, 2 players"] + [f"Risk & Resource, {n} players" for n in range(2, 7)]
    assert [line.split(":")[0] for line in lines[1:]] == tables
    assert all(
        re.search(r"[\d.]+ games/s, [\d,]+ actions/s \(1 random", line) for line in lines[1:]
    )
