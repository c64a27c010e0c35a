"""``rulekeeper coverage`` counts tested rules from a checkout's tests, and says when it cannot."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from rulekeeper.cli import main
from rulekeeper.cli import rules as cli_rules


def test_a_checkout_counts_its_tests(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["coverage", "--json"]) == 0
    captured = capsys.readouterr()
    assert json.loads(captured.out)["RR"]["tested"] > 0
    assert captured.err == ""


def test_an_installed_copy_without_tests_says_so(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # A wheel keeps the rules in the package and ships no tests beside them.
    monkeypatch.setattr(cli_rules, "rulebook_dir", lambda: tmp_path / "_rulebook")
    assert main(["coverage", "--json"]) == 0
    captured = capsys.readouterr()
    assert "no tests folder" in captured.err
    assert {totals["tested"] for totals in json.loads(captured.out).values()} == {0}
