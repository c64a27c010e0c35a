"""``rulekeeper play``, ``simulate`` and ``deal`` for Dominion Draft, through ``main`` and as a
real subprocess."""

from __future__ import annotations

import subprocess
import sys

import pytest

from rulekeeper.cli import main
from rulekeeper.dominion.draft.scenario import new_draft_game


def test_play_prints_the_draft_and_the_game(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["play", "dominion-draft", "--players", "4", "--seed", "7"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("Dominion Draft, seed 7, 4 players\n")
    for rule in ("DD 1.3", "DD 2.1", "DD 2.2", "DD 2.3", "DD 2.4", "DD 5.2", "DD 5.3", "DD 2.5"):
        assert f"({rule})" in out
    assert "turn 1: " in out
    assert out.splitlines()[-1].startswith("result: ")


def test_play_is_the_same_game_for_the_same_seed(capsys: pytest.CaptureFixture[str]) -> None:
    main(["play", "dominion-draft", "--players", "3", "--seed", "2", "--variant", "private"])
    first = capsys.readouterr().out
    main(["play", "dominion-draft", "--players", "3", "--seed", "2", "--variant", "private"])
    assert capsys.readouterr().out == first
    assert "face down" in first


@pytest.mark.rule("DD 1.3")
def test_deal_shows_the_piles_play_deals(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["deal", "DD", "--players", "4", "--seed", "7"]) == 0
    out = capsys.readouterr().out
    piles = new_draft_game(7, 4).variant_state["draft"]["piles"]
    for seat, pile in enumerate(piles):
        section = out.split(f"Player {seat + 1}'s randomizers (DD 1.3):\n")[1].split("\n\n")[0]
        assert sorted(line.split(" (")[0].strip() for line in section.splitlines()) == sorted(pile)
    assert "Landscape pile, handed to Player" in out


def test_deal_without_landscapes(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["deal", "dominion-draft", "--variant", "no-landscapes"]) == 0
    out = capsys.readouterr().out
    assert "Landscape pile" not in out
    assert out.count("randomizers (DD 1.3)") == 2


@pytest.mark.rule("DD 1.1")
@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["deal", "dominion-draft", "--players", "7"], "not 7 (DD 1.1)"),
        (["deal", "dominion-draft", "--players", "1"], "not 1 (DD 1.1)"),
        (["deal", "leveler"], "Leveler has no deal"),
        (["deal", "chess"], "unknown format 'chess'"),
        (["deal", "dominion-draft", "--variant", "open"], "no variant 'open'"),
        (["play", "dominion-draft", "--players", "7"], "not 7 (DD 1.1)"),
        (["play", "dominion-draft", "--variant", "open"], "no variant 'open'"),
        (["simulate", "dominion-draft", "-n", "0"], "-n must be between"),
    ],
)
def test_bad_arguments_exit_2_with_a_message(
    argv: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(argv) == 2
    captured = capsys.readouterr()
    assert message in captured.err
    assert "Traceback" not in captured.err


def test_simulate_summarises_draft_games(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["simulate", "dominion-draft", "--players", "3", "-n", "3", "--no-progress"]
    assert main([*argv, "--agents", "heuristic,random,random"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("Dominion Draft: 3 games, 3 players, agents heuristic,random,random")
    assert "mean turns:" in out
    assert "how the games ended:\n    DD 6." in out


def test_the_commands_run_as_a_subprocess() -> None:
    run = subprocess.run(
        [sys.executable, "-m", "rulekeeper", "deal", "dominion-draft", "--players", "3"],
        capture_output=True,
        text=True,
        check=False,
    )
    assert run.returncode == 0
    assert "Player 3's randomizers" in run.stdout
    bad = subprocess.run(
        [sys.executable, "-m", "rulekeeper", "deal", "dominion-draft", "--players", "x"],
        capture_output=True,
        text=True,
        check=False,
    )
    assert bad.returncode == 2
    assert "invalid int value: 'x'" in bad.stderr
    progress = subprocess.run(
        [sys.executable, "-m", "rulekeeper", "simulate", "dominion-draft", "-n", "2"],
        capture_output=True,
        text=True,
        check=False,
    )
    assert progress.returncode == 0
    assert "Dominion Draft: 2 games" in progress.stdout
    assert "2/2" in progress.stderr  # the progress bar
