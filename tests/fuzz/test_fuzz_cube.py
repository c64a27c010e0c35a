"""Untrusted cube lists: ``rulekeeper cube check`` answers any file with 0, 1 or 2, never a
traceback, and each problem it prints cites a rule."""

from __future__ import annotations

import io
import re
import tempfile
from contextlib import redirect_stderr, redirect_stdout
from pathlib import Path

from hypothesis import given
from hypothesis import strategies as st

from rulekeeper.cli import main
from rulekeeper.mtg.cube import default_cube

NAMES = default_cube().names

# Lines a cube list might hold: real cube cards, near misses, cards the engine does not play,
# copies, headings, comments and noise.
LINES = st.one_of(
    st.sampled_from(NAMES).map(lambda name: f"1 {name}"),
    st.sampled_from(NAMES).map(lambda name: f"2 {name.upper()}"),
    st.sampled_from(["1 Lightning Blot", "1 Black Lotus", "1 Island", "4x Shock", "Sideboard"]),
    st.sampled_from(["# a comment", "", "Sub-deck 1", "Sub-deck 2", "0 Shock", "1"]),
    st.text(max_size=40),
)
PROBLEM = re.compile(r"^.+: (line \d+: )?.+ \((SD|MG) [0-9.]+\)$")


@given(lines=st.lists(LINES, max_size=12))
def test_any_cube_list_gets_an_exit_code_and_problems_that_cite_rules(lines: list[str]) -> None:
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "cube.txt"
        path.write_text("\n".join(lines), encoding="utf-8", errors="surrogatepass")
        out_stream, err_stream = io.StringIO(), io.StringIO()
        with redirect_stdout(out_stream), redirect_stderr(err_stream):
            status = main(["cube", "check", str(path)])
    out, err = out_stream.getvalue(), err_stream.getvalue()
    assert status in (0, 1, 2)
    if status == 0:
        assert out.endswith("cards)\n")
        assert not err
    elif status == 1:
        assert out
        assert not err
        assert all(PROBLEM.match(line) for line in out.splitlines()), out
    else:
        assert not out
        assert len(err.splitlines()) == 1, err
