"""``rulekeeper deck check``: exit codes 0, 1 and 2, and never a traceback."""

from __future__ import annotations

import io
import os
import subprocess
import sys
from pathlib import Path

import pytest

from rulekeeper.cli import main

REPO = Path(__file__).resolve().parents[1]
DECKS = REPO / "tests" / "fixtures" / "decks"
LEGAL = DECKS / "legal.txt"
ILLEGAL = DECKS / "illegal.txt"


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    status = main(["deck", "check", *args])
    out, err = capsys.readouterr()
    assert "Traceback" not in out + err
    return status, out, err


def test_legal_deck(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = run(capsys, "--format", "leveler", str(LEGAL))
    assert (status, out, err) == (0, f"{LEGAL}: legal (100 cards)\n", "")


@pytest.mark.rule("LV 1.2", "LV 1.3", "LV 1.4", "LV 1.5", "LV 1.6", "LV R1")
def test_illegal_deck_prints_each_problem_with_its_rule(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = run(capsys, "--format", "leveler", str(ILLEGAL))
    assert status == 1
    assert err == ""
    lines = out.splitlines()
    assert len(lines) == 10
    assert all(line.startswith(f"{ILLEGAL}: line ") for line in lines)
    assert lines[2] == (
        f"{ILLEGAL}: line 4: 'Lightning Bolt' appears 2 times (lines 4 and 14); a deck may hold "
        "only one of each card other than basic lands (LV 1.3)"
    )
    assert lines[7] == (
        f"{ILLEGAL}: line 9: 'Lightning Blot' is not a Magic card; did you mean "
        "'Lightning Bolt'? (LV 1.4)"
    )
    assert {line.rsplit("(", 1)[1] for line in lines} == {
        "LV 1.2)",
        "LV 1.3)",
        "LV 1.4)",
        "LV 1.5)",
        "LV 1.6)",
        "LV R1)",
    }


def test_format_name_is_case_insensitive(capsys: pytest.CaptureFixture[str]) -> None:
    assert run(capsys, "--format", "Leveler", str(LEGAL))[0] == 0


def deck_file(tmp_path: Path, data: bytes) -> str:
    path = tmp_path / "deck.txt"
    path.write_bytes(data)
    return str(path)


SUB_DECKS = b"Sub-deck 1\n50 Island\nSub-deck 2\n30 Island\nSub-deck 3\n"


@pytest.mark.parametrize(
    ("data", "message"),
    [
        (b"", "deck.txt: the file is empty"),
        (
            b"\x7fELF\x02\x01\x01\x00\x00\x00",
            "deck.txt: this is a binary file, not a text decklist",
        ),
        (b"Sub-deck 1\n1 Island\nSub-deck 3\n", "deck.txt: sub-deck 2 is missing"),
        (b"1 Island\n", "deck.txt:1: 'Island' comes before the first 'Sub-deck 1' heading"),
        (SUB_DECKS + b"0 Island\n", "deck.txt:6: quantity 0: a line must hold at least one card"),
        (SUB_DECKS + b"-1 Island\n", "deck.txt:6: quantity '-1' is not a whole number"),
        (SUB_DECKS + b"1e9 Island\n", "deck.txt:6: quantity '1e9' is not a whole number"),
        (SUB_DECKS + b"1000000000 Island\n", "deck.txt:6: quantity 1000000000 is absurd"),
        (SUB_DECKS + b"Island\n", "deck.txt:6: expected 'N card name'"),
        (b"Sub-deck 1\n\xff\xfe1 Island\n", "deck.txt:2: the file is not UTF-8 text"),
    ],
)
def test_unusable_file(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, data: bytes, message: str
) -> None:
    status, out, err = run(capsys, "--format", "leveler", deck_file(tmp_path, data))
    assert status == 2
    assert out == ""
    assert err.startswith("rulekeeper: ")
    assert message in err
    assert err.count("\n") == 1


def test_unknown_names_break_the_rules_rather_than_the_file(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path = deck_file(tmp_path, SUB_DECKS + b"19 Island\n1 Tarmogoyff\n")
    status, out, _ = run(capsys, "--format", "leveler", path)
    assert status == 1
    assert out == (
        f"{path}: line 7: 'Tarmogoyff' is not a Magic card; did you mean 'Tarmogoyf'? (LV 1.4)\n"
    )


def test_directory(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    status, out, err = run(capsys, "--format", "leveler", str(tmp_path))
    assert (status, out) == (2, "")
    assert err == f"rulekeeper: {tmp_path}: is a directory, not a decklist file\n"


LIST_FILE_COMMANDS = {
    "deck check": ("deck", "check", "--format", "leveler"),
    "cube check": ("cube", "check"),
    "--cube": ("simulate", "stockpile", "-n", "1", "--no-progress", "--cube"),
}


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs named pipes")
@pytest.mark.parametrize("command", LIST_FILE_COMMANDS.values(), ids=LIST_FILE_COMMANDS)
def test_a_named_pipe_is_refused_rather_than_waited_on(
    tmp_path: Path, command: tuple[str, ...]
) -> None:
    # Run for real: opening a FIFO that nobody writes to would block this process for good.
    fifo = tmp_path / "cube.fifo"
    os.mkfifo(fifo)
    result = subprocess.run(
        [sys.executable, "-m", "rulekeeper", *command, str(fifo)],
        capture_output=True,
        timeout=120,
        check=False,
    )
    assert (result.returncode, result.stdout) == (2, b"")
    assert result.stderr.decode() == (
        f"rulekeeper: {fifo}: is a named pipe (FIFO), not a regular file; give a decklist "
        "file, or - to read standard input\n"
    )


@pytest.mark.skipif(not Path("/dev/zero").exists(), reason="needs /dev/zero")
def test_a_device_is_refused(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = run(capsys, "--format", "rr", "/dev/zero")
    assert (status, out) == (2, "")
    assert err == (
        "rulekeeper: /dev/zero: is a device, not a regular file; give a decklist file, "
        "or - to read standard input\n"
    )


def test_nonexistent_path(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    missing = tmp_path / "missing.txt"
    status, out, err = run(capsys, "--format", "leveler", str(missing))
    assert (status, out, err) == (2, "", f"rulekeeper: {missing}: no such file\n")


def test_unknown_format_lists_the_choices(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exited:
        main(["deck", "check", "--format", "modern", str(LEGAL)])
    assert exited.value.code == 2
    err = capsys.readouterr().err
    assert "invalid choice: 'modern' (choose from 'leveler', 'rr')" in err
    assert "Traceback" not in err


def test_format_is_required(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exited:
        main(["deck", "check", str(LEGAL)])
    assert exited.value.code == 2
    assert "the following arguments are required: --format" in capsys.readouterr().err


def test_standard_input(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    stdin = io.TextIOWrapper(io.BytesIO(LEGAL.read_bytes()), encoding="utf-8")
    monkeypatch.setattr(sys, "stdin", stdin)
    assert run(capsys, "--format", "leveler", "-") == (0, "<stdin>: legal (100 cards)\n", "")


def test_python_dash_m(tmp_path: Path) -> None:
    command = [sys.executable, "-m", "rulekeeper", "deck", "check", "--format", "leveler"]
    legal = subprocess.run([*command, str(LEGAL)], capture_output=True, text=True, check=False)
    assert (legal.returncode, legal.stdout, legal.stderr) == (
        0,
        f"{LEGAL}: legal (100 cards)\n",
        "",
    )
    illegal = subprocess.run([*command, str(ILLEGAL)], capture_output=True, text=True, check=False)
    assert illegal.returncode == 1
    assert len(illegal.stdout.splitlines()) == 10
    binary = tmp_path / "deck.bin"
    binary.write_bytes(bytes(range(256)))
    unusable = subprocess.run([*command, str(binary)], capture_output=True, text=True, check=False)
    assert unusable.returncode == 2
    assert "Traceback" not in unusable.stderr
    assert unusable.stderr == f"rulekeeper: {binary}: this is a binary file, not a text decklist\n"
    piped = subprocess.run(
        [*command, "-"], input=LEGAL.read_text("utf-8"), capture_output=True, text=True, check=False
    )
    assert (piped.returncode, piped.stdout) == (0, "<stdin>: legal (100 cards)\n")


# Risk & Resource decks (RR R8).

RR_LEGAL = DECKS / "rr-vanguard-assault.txt"


def test_the_risk_and_resource_fixture_is_the_preconstructed_deck() -> None:
    from rulekeeper.decklist import read_decklist
    from rulekeeper.riskres.decks import PRECONSTRUCTED

    decklist = read_decklist(RR_LEGAL, sub_decks=1)
    names = [e.name for e in decklist.entries() for _ in range(e.quantity)]
    assert sorted(names) == sorted(PRECONSTRUCTED["Vanguard Assault"])


@pytest.mark.rule("RR R8")
def test_a_legal_risk_and_resource_deck(capsys: pytest.CaptureFixture[str]) -> None:
    assert run(capsys, "--format", "rr", str(RR_LEGAL)) == (
        0,
        f"{RR_LEGAL}: legal (40 cards)\n",
        "",
    )


@pytest.mark.rule("RR R8")
def test_an_illegal_risk_and_resource_deck_names_each_line_and_rule(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path = deck_file(tmp_path, b"4 gloom brute\n2 Warlord Kesh\n1 Moonblade\nSideboard\n1 Brace\n")
    status, out, err = run(capsys, "--format", "rr", path)
    assert (status, err) == (1, "")
    assert out.splitlines() == [
        f"{path}: line 4: a Risk & Resource deck has no sideboard (RR R8)",
        f"{path}: line 3: unknown card 'Moonblade' (RR R8)",
        f"{path}: line 1: 4 copies of Gloom Brute; a deck has at most 3 of a name (RR R8)",
        f"{path}: line 2: 2 copies of Warlord Kesh; a deck has at most 1 of a legendary name "
        "(RR R8)",
        f"{path}: the deck has 7 cards; a deck has exactly 40 (RR R8)",
    ]


def test_a_risk_and_resource_deck_has_no_sub_decks(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path = deck_file(tmp_path, b"3 Gloom Brute\nSub-deck 2\n3 Sparkshot\n")
    status, out, err = run(capsys, "--format", "rr", path)
    assert (status, out) == (2, "")
    assert err == (
        f"rulekeeper: {path}:2: this format's deck is a single deck, with no sub-decks\n"
    )
