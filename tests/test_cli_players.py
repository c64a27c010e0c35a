"""``--players``: every command that takes it checks the count against the format's rule first,
before it builds anything for that many players, so an absurd count is a usage error at once.
"""

from __future__ import annotations

import resource
import subprocess
import sys

import pytest

from rulekeeper.cli import EXIT_UNUSABLE, main
from rulekeeper.games import FORMATS

ABSURD = str(10**30)
MEMORY = 1 << 30  # a bound on the command's memory: more means it built something per player


def _bounded() -> None:
    """Cap the child's memory, so that a command that builds 10**30 names fails fast instead
    of filling the machine."""
    resource.setrlimit(resource.RLIMIT_AS, (MEMORY, MEMORY))


@pytest.mark.rule("DD 1.1")
def test_an_absurd_player_count_is_refused_before_the_deal() -> None:
    # A real process with its memory capped: before the check came first, deal never ended.
    result = subprocess.run(
        [sys.executable, "-m", "rulekeeper", "deal", "dominion-draft", "--players", ABSURD],
        capture_output=True,
        preexec_fn=_bounded,
        timeout=120,
        check=False,
    )
    assert result.returncode == EXIT_UNUSABLE
    assert result.stderr.decode() == (
        f"rulekeeper: Dominion Draft is played by 2 to 6 players, not {ABSURD} (DD 1.1)\n"
    )


# Every command that takes --players, with every format it takes.
CASES = [(command, key) for command in ("play", "simulate") for key in sorted(FORMATS)]
CASES.append(("deal", "dominion-draft"))


@pytest.mark.parametrize(("command", "key"), CASES)
def test_every_format_cites_its_player_count_rule(
    command: str, key: str, capsys: pytest.CaptureFixture[str]
) -> None:
    entry = FORMATS[key]
    assert main([command, key, "--players", ABSURD]) == EXIT_UNUSABLE
    error = capsys.readouterr().err
    assert error.startswith(f"rulekeeper: {entry.name} is played by ")
    assert error.endswith(f" players, not {ABSURD} ({entry.facts.players_rule})\n")
