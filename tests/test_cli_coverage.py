"""``rulekeeper coverage`` counts tested rules from a checkout's tests, says when it cannot, and
exits 1 when a rule lacks code, an example or a test, or needs a review, as the tests fail."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from rulekeeper.cli import main
from rulekeeper.cli import rules as cli_rules
from rulekeeper.rulebook import rulebook_dir


def test_a_checkout_counts_its_tests(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["coverage", "--json"]) == 0
    captured = capsys.readouterr()
    assert json.loads(captured.out)["RR"]["tested"] > 0
    assert captured.err == ""


def test_an_installed_copy_without_tests_says_so(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # A wheel keeps the rules and their review stamps in the package and ships no tests.
    shutil.copytree(rulebook_dir() / "reviewed", tmp_path / "_rulebook" / "reviewed")
    monkeypatch.setattr(cli_rules, "rulebook_dir", lambda: tmp_path / "_rulebook")
    assert main(["coverage", "--json"]) == 0
    captured = capsys.readouterr()
    assert "no tests folder" in captured.err
    assert {totals["tested"] for totals in json.loads(captured.out).values()} == {0}


def test_a_rule_without_a_test_exits_1_naming_it(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    found = cli_rules.find_rule_tests(rulebook_dir().parent / "tests")
    del found["DD 1.1"]
    monkeypatch.setattr(cli_rules, "find_rule_tests", lambda _folder: found)
    assert main(["coverage"]) == 1
    [problem] = capsys.readouterr().err.splitlines()
    assert problem.startswith("rulekeeper: DD 1.1 (rules/dominion-draft.md:")
    assert '@pytest.mark.rule("DD 1.1")' in problem
