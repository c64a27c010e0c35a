"""The Stockpile Draft design study (scripts/stockpile_study.py): run on a couple of seeds, it
writes a results file of the shape the study page plots from. Its numbers are the study's
business, not this test's."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).parent.parent
SCRIPT = ROOT / "scripts" / "stockpile_study.py"
PUBLISHED = ROOT / "docs" / "rules" / "stockpile_study.json"

# What the script keeps of each game: numbers, the rule that ended it and what triggered the
# last round, and lists with one entry a round.
NUMBERS = (
    "players", "seed", "winners", "first", "turns", "rounds", "draws", "empty_draws", "junk_paid"
)  # fmt: skip
PER_ROUND = ("acquisitions", "junk_returned", "junk_taken")
SAMPLED = ("deck", "library")  # at most one entry a round: the rounds a player was standing


def _study(out: Path, *arguments: str) -> dict[str, Any]:
    command = [sys.executable, str(SCRIPT), "--games", "2", "--seat-games", "3", "--workers", "1"]
    command += ["--out", str(out)]
    subprocess.run([*command, *arguments], check=True, cwd=out.parent)
    results: dict[str, Any] = json.loads(out.read_text())
    return results


def _check_game(game: dict[str, Any]) -> None:
    assert set(game) == {*NUMBERS, *PER_ROUND, *SAMPLED, "ending", "trigger", "won"}
    assert all(type(game[key]) is int for key in NUMBERS)
    assert 0 <= game["first"] < game["players"]
    assert len(game["won"]) == game["winners"]
    assert all(0 <= seat < game["players"] for seat in game["won"])
    assert re.fullmatch(r"(SD|MG) [\w.]+", game["ending"])  # the rule that ended it
    assert game["trigger"] in ("", "landpile", "stockpiles")
    for key in PER_ROUND:
        assert len(game[key]) == game["rounds"]
        assert all(type(count) is int and count >= 0 for count in game[key])
    for key in SAMPLED:
        assert len(game[key]) <= game["rounds"]
        assert all(isinstance(mean, int | float) for mean in game[key])


def test_the_study_writes_every_table_size_and_seed(tmp_path: Path) -> None:
    results = _study(tmp_path / "study.json")
    assert list(results) == ["new"]
    entry = results["new"]
    assert set(entry) == {
        "commit", "games_per_table", "seeds", "games", "seat_games_per_table", "seats"
    }  # fmt: skip
    assert (entry["games_per_table"], entry["seeds"]) == (2, "0 to 1")
    tables = [(game["players"], game["seed"]) for game in entry["games"]]
    assert tables == [(players, seed) for players in range(2, 9) for seed in (0, 1)]
    for game in entry["games"]:
        _check_game(game)
    # The win rates by seat come from more games: three at each table size, the first two
    # of them the games kept whole.
    assert entry["seat_games_per_table"] == 3
    assert [size for size, _, _ in entry["seats"]] == [n for n in range(2, 9) for _ in range(3)]
    whole = [[g["players"], g["first"], g["won"]] for g in entry["games"]]
    assert [s for i, s in enumerate(entry["seats"]) if i % 3 < 2] == whole


def test_the_study_adds_its_entry_and_keeps_the_others(tmp_path: Path) -> None:
    out = tmp_path / "study.json"
    out.write_text(json.dumps({"old": {"kept": True}}))
    results = _study(out, "--label", "again")
    assert list(results) == ["old", "again"]
    assert results["old"] == {"kept": True}


def test_the_published_results_have_the_shape_the_study_writes() -> None:
    # The study page plots the published file: its newest entry is what the script writes.
    published = json.loads(PUBLISHED.read_text())
    for game in published["new"]["games"]:
        _check_game(game)
    # The bots before the seat fix: the seats only, kept as measured.
    for entry in (published["new"], published["biased"]):
        assert len(entry["seats"]) == 7 * entry["seat_games_per_table"]
