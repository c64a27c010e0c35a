"""The command line and its standard streams: closed, full or broken, in any encoding.

Each case runs the real command in a subprocess, since what is tested is what the operating
system hands it: a closed file descriptor, ``/dev/full``, a reader that goes away, an output
encoding that cannot show every character. Every one ends with the documented exit code and at
most one line on standard error, never a traceback.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from rulekeeper.cli import EXIT_BROKEN_RULES, EXIT_OK, EXIT_UNUSABLE

REPO = Path(__file__).resolve().parents[1]
LEGAL = REPO / "tests" / "fixtures" / "decks" / "legal.txt"
COMMAND = (sys.executable, "-m", "rulekeeper")
CHECK = (*COMMAND, "deck", "check", "--format", "leveler")

# Accents, a ligature, a curly apostrophe and a snowman: real names (Jötun Grunt, Æther
# Vial, Lim-Dûl's Vault) and one that is no card, whose name must be printed back.
NON_ASCII_DECK = (
    "Sub-deck 1\n1 Jötun Grunt\n1 Æther Vial\n1 Lim-Dûl\u2019s Vault\n1 Snöwman ☃\n46 Island\n"
    "Sub-deck 2\n30 Island\nSub-deck 3\n20 Island\n"
)


def run(
    args: tuple[str, ...],
    *,
    env: dict[str, str] | None = None,
    **streams: object,
) -> subprocess.CompletedProcess[bytes]:
    """Run ``args``; ``streams`` are subprocess.run's stdin/stdout/stderr arguments."""
    options: dict[str, object] = {"stdout": subprocess.PIPE, "stderr": subprocess.PIPE}
    options.update(streams)
    result = subprocess.run(args, env={**os.environ, **(env or {})}, check=False, **options)
    assert b"Traceback" not in (result.stdout or b"") + (result.stderr or b"")
    return result


def one_line(stderr: bytes) -> str:
    """The single line of ``stderr``, decoded."""
    lines = stderr.decode("utf-8", "backslashreplace").splitlines()
    assert len(lines) == 1, lines
    return lines[0]


def test_closed_standard_input() -> None:
    result = run((*CHECK, "-"), stdin=subprocess.DEVNULL, preexec_fn=lambda: os.close(0))
    assert result.returncode == EXIT_UNUSABLE
    assert one_line(result.stderr) == "rulekeeper: <stdin>: standard input is closed"


def test_closed_standard_output() -> None:
    result = run((*CHECK, str(LEGAL)), preexec_fn=lambda: os.close(1))
    assert result.returncode == EXIT_UNUSABLE
    assert one_line(result.stderr) == (
        "rulekeeper: standard output is closed, so nothing could be written"
    )


@pytest.mark.skipif(not Path("/dev/full").exists(), reason="needs /dev/full")
@pytest.mark.parametrize(
    "args",
    [(*CHECK, str(LEGAL)), (*COMMAND, "--help"), (*COMMAND, "rule", "LV", "1.1")],
    ids=["deck check", "--help", "rule"],
)
def test_full_standard_output(args: tuple[str, ...]) -> None:
    with open("/dev/full", "wb") as full:
        result = run(args, stdout=full)
    assert result.returncode == EXIT_UNUSABLE
    assert one_line(result.stderr) == (
        "rulekeeper: cannot write to standard output: No space left on device"
    )


SIMULATE = (*COMMAND, "simulate", "leveler", "-n", "2")


def summary(stdout: bytes) -> list[str]:
    """The lines of a simulate summary, up to the speed, which changes from run to run."""
    return [line for line in stdout.decode().splitlines() if "games per second" not in line]


@pytest.fixture(scope="module")
def installed(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A folder holding the package as an installed copy has it: the rules inside it (as
    ``_rulebook``) and no tests folder beside them, so ``rule`` and ``coverage`` say on
    standard error that no rule counts as tested. Links, not copies."""
    site = tmp_path_factory.mktemp("site-packages")
    package = site / "rulekeeper"
    package.mkdir()
    for entry in (REPO / "src" / "rulekeeper").iterdir():
        if entry.name != "__pycache__":
            (package / entry.name).symlink_to(entry)
    (package / "_rulebook").symlink_to(REPO / "rules")
    return site


def test_closed_standard_error_costs_nothing_but_its_messages() -> None:
    expected = run((*SIMULATE, "--no-progress"))
    result = run(SIMULATE, preexec_fn=lambda: os.close(2))
    assert (result.returncode, summary(result.stdout)) == (EXIT_OK, summary(expected.stdout))
    # An unusable input still ends with its own exit code; only the message is lost.
    assert run((*CHECK, "missing.txt"), preexec_fn=lambda: os.close(2)).returncode == 2


@pytest.mark.skipif(not Path("/dev/full").exists(), reason="needs /dev/full")
def test_full_standard_error_loses_neither_the_summary_nor_the_exit_code() -> None:
    expected = run((*SIMULATE, "--no-progress"))
    with open("/dev/full", "wb") as full:
        result = run(SIMULATE, stderr=full)
    assert (result.returncode, summary(result.stdout)) == (EXIT_OK, summary(expected.stdout))


@pytest.mark.skipif(not Path("/dev/full").exists(), reason="needs /dev/full")
@pytest.mark.parametrize("args", [("rule", "LV", "1.1"), ("coverage", "--json")])
def test_rule_and_coverage_from_an_installed_copy_with_a_full_standard_error(
    installed: Path, args: tuple[str, ...]
) -> None:
    env = {"PYTHONPATH": str(installed)}
    noted = run((*COMMAND, *args), env=env)
    assert noted.returncode == EXIT_OK
    assert b"no rule counts as tested" in noted.stderr  # the message standard error loses
    with open("/dev/full", "wb") as full:
        result = run((*COMMAND, *args), env=env, stderr=full)
    assert (result.returncode, result.stdout) == (EXIT_OK, noted.stdout)


@pytest.mark.rule("LV 1.4")
def test_broken_pipe(tmp_path: Path) -> None:
    # Far more output than a pipe holds, so the command is still writing when the reader
    # has gone: 5,000 unknown names, one problem line each.
    deck = tmp_path / "long.txt"
    names = "".join(f"1 Unknown Card {number}\n" for number in range(5000))
    deck.write_text(f"Sub-deck 1\n{names}Sub-deck 2\n30 Island\nSub-deck 3\n20 Island\n")
    with subprocess.Popen(
        ["head", "-n", "1"], stdin=subprocess.PIPE, stdout=subprocess.PIPE
    ) as reader:
        assert reader.stdin is not None
        assert reader.stdout is not None
        result = run((*CHECK, str(deck)), stdout=reader.stdin)
        reader.stdin.close()
        first = reader.stdout.read()
    assert first.startswith(str(deck).encode())
    assert result.returncode == EXIT_UNUSABLE
    assert one_line(result.stderr) == (
        "rulekeeper: standard output was closed before everything was written (broken pipe)"
    )


@pytest.mark.rule("LV 1.4")
@pytest.mark.parametrize("encoding", ["ascii", "cp1252", "utf-8"])
def test_any_output_encoding(tmp_path: Path, encoding: str) -> None:
    deck = tmp_path / "déck ☃.txt"
    deck.write_text(NON_ASCII_DECK, encoding="utf-8")
    result = run((*CHECK, str(deck)), env={"PYTHONIOENCODING": encoding})
    assert result.returncode == EXIT_BROKEN_RULES
    assert result.stderr == b""
    # What the encoding cannot show comes out as a backslash escape; nothing is dropped.
    shown = str(deck).encode(encoding, "backslashreplace")
    unknown = "'Snöwman ☃' is not a Magic card (LV 1.4)".encode(encoding, "backslashreplace")
    # The three real names are cards, found whatever the output encoding: one problem.
    assert result.stdout.splitlines() == [shown + b": line 5: " + unknown]


@pytest.mark.parametrize("encoding", ["ascii", "cp1252"])
def test_error_messages_in_any_encoding(tmp_path: Path, encoding: str) -> None:
    missing = tmp_path / "nö ☃.txt"
    result = run((*CHECK, str(missing)), env={"PYTHONIOENCODING": encoding})
    assert result.returncode == EXIT_UNUSABLE
    expected = f"rulekeeper: {missing}: no such file".encode(encoding, "backslashreplace")
    assert result.stderr.splitlines() == [expected]


def test_standard_input_in_any_encoding() -> None:
    result = run(
        (*CHECK, "-"), input=NON_ASCII_DECK.encode("utf-8"), env={"PYTHONIOENCODING": "ascii"}
    )
    assert result.returncode == EXIT_BROKEN_RULES
    assert result.stdout.splitlines()[-1] == (
        b"<stdin>: line 5: 'Sn\\xf6wman \\u2603' is not a Magic card (LV 1.4)"
    )


def test_a_legal_deck_still_exits_zero() -> None:
    result = run((*CHECK, str(LEGAL)), env={"PYTHONIOENCODING": "ascii"})
    assert (result.returncode, result.stdout) == (EXIT_OK, f"{LEGAL}: legal (100 cards)\n".encode())
