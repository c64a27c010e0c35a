"""The contributor guide's walkthrough works as written.

Its ``rulekeeper`` commands run here, in order, against a copy of the rules in which DD 1.1 is
changed as the guide changes it, and what they print must be what the guide shows ("..."
stands for lines left out). Its ``nox`` commands must name sessions the noxfile defines.
"""

from __future__ import annotations

import ast
import re
import shlex
import shutil
from pathlib import Path

import pytest

from rulekeeper.cli import main
from rulekeeper.cli import rules as cli_rules
from rulekeeper.rulebook import load_rulebook, rulebook_dir

REPO = Path(__file__).resolve().parents[1]
GUIDE = REPO / "docs" / "guides" / "contributing.md"
WALKTHROUGH = "## A change, step by step"


def _blocks() -> list[tuple[str, list[str]]]:
    """Each ``$ command`` of the walkthrough's console blocks, with the output shown under it."""
    text = GUIDE.read_text(encoding="utf-8")
    section = text[text.index(WALKTHROUGH) :]
    section = section[: section.index("\n## ", len(WALKTHROUGH))]
    found: list[tuple[str, list[str]]] = []
    for block in re.findall(r"```console\n(.*?)```", section, re.DOTALL):
        for line in block.splitlines():
            stripped = line.strip()
            if stripped.startswith("$ "):
                found.append((stripped[2:], []))
            elif found:
                found[-1][1].append(stripped)
    return found


def _sessions() -> set[str]:
    tree = ast.parse((REPO / "noxfile.py").read_text(encoding="utf-8"))
    return {
        node.name.replace("_", "-")
        for node in tree.body
        if isinstance(node, ast.FunctionDef) and "nox.session" in ast.unparse(node.decorator_list)
    }


def _shows(shown: list[str], printed: str) -> bool:
    """True if the output holds the lines shown, in order; "..." skips lines."""
    if "..." not in shown:  # wrapped for the page: compare the words
        return " ".join(" ".join(shown).split()) == " ".join(printed.split())
    lines = [line.strip() for line in printed.splitlines()]
    position = 0
    for expected in (s for s in shown if s not in ("...", "")):
        if expected not in lines[position:]:
            return False
        position = lines.index(expected, position) + 1
    return True


def test_the_walkthrough_runs_as_written(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    copy = tmp_path / "rules"
    shutil.copytree(rulebook_dir(), copy)
    (tmp_path / "tests").symlink_to(REPO / "tests")  # the tests beside the rules, as in a clone
    monkeypatch.setattr(cli_rules, "rulebook_dir", lambda: copy)
    monkeypatch.setattr(cli_rules, "load_rulebook", lambda: load_rulebook.__wrapped__(copy))
    commands = _blocks()
    assert [c for c, _ in commands][:2] == ["rulekeeper rule DD 1.1", "rulekeeper review"]
    for number, (command, shown) in enumerate(commands):
        program, *arguments = shlex.split(command)
        if program == "nox":
            assert arguments[:1] == ["-s"], command
            assert arguments[1] in _sessions(), command
            continue
        assert program == "rulekeeper", command
        if number == 1:  # step 2: the guide changes DD 1.1's text
            page = copy / "dominion-draft.md"
            text = page.read_text(encoding="utf-8")
            page.write_text(text.replace("Two to six players take", "Two to seven players take"))
        main(arguments)
        printed = capsys.readouterr().out
        assert _shows(shown, printed), f"{command} printed:\n{printed}"
