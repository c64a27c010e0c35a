"""``rulekeeper coverage`` counts tested rules from a checkout's tests, says when it cannot, and
exits 1 when a rule lacks code, an example or a test, or needs a review, as the tests fail; it
counts a rule reached, or reports it unreached, from the last test session's record."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from rulekeeper.cli import main
from rulekeeper.cli import rules as cli_rules
from rulekeeper.reach import Reach
from rulekeeper.rulebook import rulebook_dir

TESTS = rulebook_dir().parent / "tests"


@pytest.fixture
def record(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Path:
    """A reach record of the test's own, not the one the last test session left."""
    path = tmp_path / "reach.json"
    monkeypatch.setattr(cli_rules, "reach_record", lambda _tests: path)
    return path


def _reach_all(record: Path, **left_out: str) -> None:
    """Record that every marked test ran and reached every enforcer of its rules, but those
    ``left_out`` (a test's name to the enforcer it did not reach)."""
    cli_rules.load_engine()
    found = cli_rules.find_rule_tests(TESTS)
    registry = cli_rules.enforcers_in(["rulekeeper"], cli_rules.enforcers())
    tests: dict[str, set[str]] = {}
    for rule_id, names in found.items():
        for name in names:
            tests.setdefault(name, set()).update(registry.get(rule_id, ()))
    for name, enforcer in left_out.items():
        tests[name].discard(enforcer)
    record.write_text(Reach({t: frozenset(e) for t, e in tests.items()}).as_json())


def test_a_checkout_counts_its_tests(record: Path, capsys: pytest.CaptureFixture[str]) -> None:
    _reach_all(record)
    assert main(["coverage", "--json"]) == 0
    captured = capsys.readouterr()
    totals = json.loads(captured.out)["RR"]
    assert totals["tested"] > 0
    assert totals["reached"] == totals["normative"]
    assert captured.err == ""


def test_without_a_record_nothing_counts_as_reached_and_it_says_so(
    record: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["coverage"]) == 0
    captured = capsys.readouterr()
    assert "no record at" in captured.err
    assert "nox -s tests" in captured.err
    assert captured.out.splitlines()[1].endswith(" -")


def test_a_broken_record_is_named_not_a_traceback(
    record: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    record.write_text('{"format": 1, "tests": []}')
    assert main(["coverage"]) == 0
    assert f"{record} is not a record of what marked tests reached" in capsys.readouterr().err


def test_a_rule_whose_marked_tests_never_reach_its_code_exits_1_naming_them(
    record: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    [enforcer] = cli_rules.enforcers_in(["rulekeeper"], cli_rules.enforcers())["SD 6.4"][:1]
    tests = cli_rules.find_rule_tests(TESTS)["SD 6.4"]
    _reach_all(record, **dict.fromkeys(tests, enforcer))
    assert main(["coverage"]) == 1
    [problem] = capsys.readouterr().err.splitlines()
    assert problem.startswith("rulekeeper: SD 6.4 (rules/stockpile.md:")
    assert "has no marked test that reaches its code" in problem
    assert all(test in problem for test in tests)


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
    monkeypatch: pytest.MonkeyPatch, record: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    _reach_all(record)
    found = cli_rules.find_rule_tests(rulebook_dir().parent / "tests")
    del found["DD 1.1"]
    monkeypatch.setattr(cli_rules, "find_rule_tests", lambda _folder: found)
    assert main(["coverage"]) == 1
    [problem] = capsys.readouterr().err.splitlines()
    assert problem.startswith("rulekeeper: DD 1.1 (rules/dominion-draft.md:")
    assert '@pytest.mark.rule("DD 1.1")' in problem
