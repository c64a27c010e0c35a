"""The property tests' example database: explorations keep what they find outside the checkout,
in the user's cache directory (or where ``RULEKEEPER_EXAMPLES_DIR`` says), CI keeps that folder
between runs, and the next run replays it before it tries new inputs (``tests/conftest.py``)."""

from __future__ import annotations

import re
import unittest
from pathlib import Path
from typing import Any

import platformdirs
import pytest
from hypothesis import Phase, given, settings
from hypothesis import strategies as st

REPO = Path(__file__).resolve().parents[1]
VARIABLE = "RULEKEEPER_EXAMPLES_DIR"


def test_explorations_keep_their_examples_in_the_users_cache_unless_told_otherwise(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, exploring: Any
) -> None:
    monkeypatch.delenv(VARIABLE, raising=False)
    folder = exploring.folder()
    assert folder == platformdirs.user_cache_path("rulekeeper") / "hypothesis" / "explore"
    assert not folder.resolve().is_relative_to(REPO)  # a fresh clone finds it too
    monkeypatch.setenv(VARIABLE, str(tmp_path / "examples"))
    assert exploring.folder() == tmp_path / "examples"


def _explore(database: object, **changes: Any) -> settings:
    return settings(
        settings.get_profile("explore"),
        database=database,
        max_examples=100,
        print_blob=False,
        **changes,
    )


def _at_most_499(seen: list[int]) -> Any:
    def body(number: int) -> None:
        seen.append(number)
        assert number < 500

    return body


def test_what_an_exploration_finds_failing_the_next_run_replays_first(
    tmp_path: Path, exploring: Any
) -> None:
    database = exploring.database(tmp_path)
    seen: list[int] = []
    body = _at_most_499(seen)
    with pytest.raises(AssertionError):
        _explore(database)(given(st.integers(0, 1000))(body))()
    assert any(tmp_path.rglob("*")), "the failing example was not kept"
    seen.clear()
    # Only what is stored: the first example tried is the one found failing, shrunk to 500.
    with pytest.raises(AssertionError):
        _explore(database, phases=[Phase.reuse])(given(st.integers(0, 1000))(body))()
    assert seen[0] == 500


def test_a_test_with_no_stored_example_is_run_not_skipped(tmp_path: Path, exploring: Any) -> None:
    seen: list[int] = []

    def body(number: int) -> None:
        seen.append(number)

    try:
        _explore(exploring.database(tmp_path / "empty"))(given(st.integers(0, 10))(body))()
    except unittest.SkipTest as skipped:  # a replay-only pass would say this
        pytest.fail(f"reported as skipped: {skipped}")
    assert seen, "no example was tried"
    assert Phase.generate in settings.get_profile("explore").phases


def test_ci_keeps_the_folder_it_points_the_explorations_at() -> None:
    workflow = (REPO / ".github" / "workflows" / "ci.yml").read_text(encoding="utf-8")
    assert "uses: actions/cache@" in workflow
    [cached] = re.findall(r"^\s+path: (.+)$", workflow, re.MULTILINE)
    [pointed] = re.findall(rf"^\s+{VARIABLE}: (.+)$", workflow, re.MULTILINE)
    assert cached == pointed
    assert f"--preserve-env=PATH,pythonLocation,{VARIABLE}" in workflow  # through sudo
