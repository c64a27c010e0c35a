"""The Stockpile Draft design study's plots and table (``docs/stockpile_study.py``)."""

from __future__ import annotations

import shutil
import sys
from pathlib import Path

import pytest

DOCS = Path(__file__).parents[2] / "docs"
sys.path.insert(0, str(DOCS))
from stockpile_study import FILES, OUT, RESULTS, win_shares, write_study  # noqa: E402

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")


@pytest.fixture
def rules_dir(tmp_path: Path) -> Path:
    """A rules folder holding only the study's committed results file."""
    shutil.copy(DOCS / "rules" / RESULTS, tmp_path / RESULTS)
    return tmp_path


def _files(rules_dir: Path) -> dict[str, bytes]:
    return {name: (rules_dir / OUT / name).read_bytes() for name in FILES}


def test_the_study_is_drawn_from_its_results_file_the_same_way_every_time(
    rules_dir: Path,
) -> None:
    assert write_study(rules_dir) is True
    first = _files(rules_dir)
    assert all(first.values())
    table = first["stockpile-study-table.md"].decode()
    assert table.startswith("| players |")
    assert "The targets of the redesign" in table
    shutil.rmtree(rules_dir / OUT)
    assert write_study(rules_dir) is True
    assert _files(rules_dir) == first, "the same results must draw the same files, byte for byte"


def test_a_build_with_unchanged_results_does_not_draw_again(rules_dir: Path) -> None:
    write_study(rules_dir)
    times = {name: (rules_dir / OUT / name).stat().st_mtime_ns for name in FILES}
    assert write_study(rules_dir) is False
    assert {name: (rules_dir / OUT / name).stat().st_mtime_ns for name in FILES} == times


def test_new_results_or_a_missing_file_draw_again(rules_dir: Path) -> None:
    write_study(rules_dir)
    (rules_dir / OUT / FILES[0]).unlink()
    assert write_study(rules_dir) is True
    assert (rules_dir / OUT / FILES[0]).is_file()
    results = rules_dir / RESULTS
    results.write_text(results.read_text(encoding="utf-8") + "\n", encoding="utf-8")
    assert write_study(rules_dir) is True


def test_win_shares_by_seat_and_by_turn_order() -> None:
    # [players, first player, winners]: Player 2 first and wins; Player 2 first, Player 1 wins;
    # Player 1 first, both win; a game of three nobody won.
    results = {"new": {"seats": [[2, 1, [1]], [2, 1, [0]], [2, 0, [0, 1]], [3, 0, []]]}}
    assert win_shares(results, "new", 2, "seat") == [100 * 1.5 / 3, 100 * 1.5 / 3]
    assert win_shares(results, "new", 2, "order") == [100 * 1.5 / 3, 100 * 1.5 / 3]
    results = {"new": {"seats": [[3, 2, [2]], [3, 2, [0]], [3, 1, [1]], [3, 0, [2]]]}}
    assert win_shares(results, "new", 3, "seat") == [25.0, 25.0, 50.0]
    assert win_shares(results, "new", 3, "order") == [50.0, 25.0, 25.0]
    assert win_shares(results, "new", 4, "seat") == [0.0] * 4


def test_the_seats_table_compares_the_bots_before_and_after_the_fix(rules_dir: Path) -> None:
    write_study(rules_dir)
    table = (rules_dir / OUT / "stockpile-seats-table.md").read_text(encoding="utf-8")
    assert table.startswith("| players (fair share) |")
    assert "| 8 (12.5%) |" in table
