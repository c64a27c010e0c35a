"""``rulekeeper review``: a rule whose text changed needs its code reviewed, and one command
marks it reviewed."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from rulekeeper.cli import main
from rulekeeper.cli import rules as cli_rules
from rulekeeper.reviews import read_stamps
from rulekeeper.rulebook import load_rulebook, rulebook_dir


@pytest.fixture
def rules_copy(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Path:
    """A copy of the rules folder that the command reads (uncached, as it is edited) and writes
    instead of the checkout's."""
    copy = tmp_path / "rules"
    shutil.copytree(rulebook_dir(), copy)
    monkeypatch.setattr(cli_rules, "rulebook_dir", lambda: copy)
    monkeypatch.setattr(cli_rules, "load_rulebook", lambda: load_rulebook.__wrapped__(copy))
    return copy


def _edit(copy: Path, old: str, new: str) -> None:
    page = copy / "dominion-draft.md"
    text = page.read_text(encoding="utf-8")
    assert old in text
    page.write_text(text.replace(old, new, 1), encoding="utf-8")


def test_changed_text_is_listed_until_marked_reviewed(
    rules_copy: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["review"]) == 0
    _edit(rules_copy, "Two to six players take part", "Two to seven players take part")
    capsys.readouterr()
    assert main(["review"]) == 1
    [line] = capsys.readouterr().out.splitlines()
    assert line.startswith("DD 1.1 (rules/dominion-draft.md:")
    assert "rulekeeper.dominion.draft.drafting.Draft.deal" in line
    assert main(["review", "DD", "1.1"]) == 0
    assert capsys.readouterr().out == "marked DD 1.1 reviewed\n"
    assert main(["review"]) == 0


def test_rewrapping_a_rule_needs_no_review(rules_copy: Path) -> None:
    _edit(rules_copy, "Two to six players take part", "Two to six\nplayers   take part")
    assert main(["review"]) == 0


def test_all_changed_marks_new_rules_and_drops_removed_ones(
    rules_copy: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    _edit(rules_copy, ":::{rule} DD 1.1\n", ":::{rule} DD 1.9\n")
    assert main(["review", "--all-changed"]) == 0
    assert capsys.readouterr().out == "marked DD 1.9 reviewed\n"
    stamps = read_stamps(rules_copy)
    assert "DD 1.9" in stamps
    assert "DD 1.1" not in stamps


def test_an_unknown_rule_is_unusable_input(
    rules_copy: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["review", "DD 99.9"]) == 2
    assert capsys.readouterr().err == "rulekeeper: no rule DD 99.9 to mark reviewed\n"
