"""The benchmark and the game fingerprint a speed-up must leave unchanged."""

from __future__ import annotations

import re

import pytest

from rulekeeper.bench import fingerprint, games_per_second, main
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


def test_a_rate_counts_whole_games() -> None:
    games, rate = games_per_second(FORMATS["leveler"], 0.0, 2)
    assert games == 1
    assert rate > 0
