"""Ctrl-C (SIGINT) ends the command quietly, with exit code 130, whenever it comes.

Each case is a real process sent a real SIGINT. Where the signal comes while the command line
is still loading, a few milliseconds after it starts, a test cannot hit that moment by timing:
an import hook sends the signal just as a chosen module starts to load, and the command is then
run as ``python -m rulekeeper`` runs it.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys

import pytest

from rulekeeper.__main__ import INTERRUPTED
from rulekeeper.cli import EXIT_INTERRUPTED

# Sends SIGINT to itself when the module named by argv[1] starts to load, then runs the
# command line on the rest of argv as `python -m rulekeeper` does.
INTERRUPT_WHILE_LOADING = """
import os, runpy, signal, sys

module = sys.argv[1]

class Interrupt:
    def find_spec(self, name, path=None, target=None):
        if name == module:
            os.kill(os.getpid(), signal.SIGINT)
        return None

sys.meta_path.insert(0, Interrupt())
sys.argv = ["rulekeeper", *sys.argv[2:]]
runpy.run_module("rulekeeper", run_name="__main__", alter_sys=True)
"""


def test_the_two_names_of_the_exit_code_agree() -> None:
    assert INTERRUPTED == EXIT_INTERRUPTED == 128 + signal.SIGINT


@pytest.mark.skipif(sys.platform == "win32", reason="SIGINT is POSIX")
@pytest.mark.parametrize(
    "module",
    [
        "rulekeeper.errors",  # loaded with the command line itself
        "rulekeeper.cli.streams",
        "rulekeeper.rules",  # loaded with the commands
        "tqdm",
    ],
)
def test_ctrl_c_while_the_command_line_loads(module: str) -> None:
    result = subprocess.run(
        [sys.executable, "-c", INTERRUPT_WHILE_LOADING, module, "rule", "LV", "1.1"],
        capture_output=True,
        timeout=120,
        check=False,
    )
    assert b"Traceback" not in result.stderr
    assert (result.returncode, result.stdout) == (EXIT_INTERRUPTED, b"")
    assert result.stderr == b"rulekeeper: interrupted\n"


@pytest.mark.skipif(sys.platform == "win32", reason="SIGINT is POSIX")
def test_ctrl_c_while_a_command_runs() -> None:
    with subprocess.Popen(
        [sys.executable, "-m", "rulekeeper", "simulate", "leveler", "-n", "100000"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        start_new_session=True,  # its own process group, which the test can stop whole
    ) as command:
        assert command.stderr is not None
        command.stderr.read(1)  # the progress bar has started: the games are being played
        command.send_signal(signal.SIGINT)  # to the command alone, not to its workers
        try:
            out, err = command.communicate(timeout=120)
        except subprocess.TimeoutExpired:
            # A worker still holding the output open would make leaving the with-block wait
            # for ever: stop the whole group, and fail.
            os.killpg(command.pid, signal.SIGKILL)
            command.communicate(timeout=30)
            pytest.fail("simulate, or one of its workers, did not stop within 120 s of Ctrl-C")
    assert command.returncode == EXIT_INTERRUPTED
    assert b"Traceback" not in err
    assert err.splitlines()[-1] == b"rulekeeper: interrupted"
    assert out == b""
    with pytest.raises(ProcessLookupError):  # no worker is left playing in its group
        os.killpg(command.pid, 0)
