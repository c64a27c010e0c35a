"""The engine where a reader runs it: Pyodide in a browser has no rapidfuzz, no pydantic core,
no processes and no threads. Each test takes them away in CPython and checks what the pages
use still works, or says plainly what is not offered."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from unittest import mock

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rulekeeper.engine import fuzzy
from rulekeeper.engine.save_records import SaveCheckUnavailable
from rulekeeper.errors import SerializationError
from rulekeeper.games import FORMATS
from rulekeeper.mtg.carddb import card_index, name_key
from rulekeeper.notation import push
from rulekeeper.position import from_position

REPO = Path(__file__).resolve().parents[1]

START = "Format: rr\n\nAlice: ep 1; hand Mire Lurker, Gloom Brute\nBob: hand Brace\n"


def _suggestions() -> dict[str, object]:
    """Every "did you mean" the engine gives: a card of the index, a move, a position's card."""
    found: dict[str, object] = {"card": card_index().suggest("Lightning Blot")}
    try:
        push(from_position(START), "Bob casts Brace targeting Mire Lurker")
    except ValueError as error:
        found["move"] = str(error)
    try:
        from_position(START.replace("Gloom", "Glom"))
    except ValueError as error:
        found["position"] = str(error)
    return found


def test_did_you_mean_falls_back_to_difflib(monkeypatch: pytest.MonkeyPatch) -> None:
    with_rapidfuzz = _suggestions()
    monkeypatch.setitem(sys.modules, "rapidfuzz", None)  # import rapidfuzz now fails
    assert not fuzzy._has_rapidfuzz()
    without = _suggestions()
    assert without == with_rapidfuzz
    assert without["card"][0] == "Lightning Bolt"
    assert "did you mean 'Alice casts Mire Lurker' or" in str(without["move"])
    assert str(without["position"]).endswith("did you mean 'Gloom Brute'?")


@pytest.mark.parametrize(
    ("query", "choice"),
    [
        ("Lightning Blot", "Lightning Bolt"),
        ("Bob casts Brace targeting Mire Lurker", "Alice pitches Brace"),
        ("casts gloom", "Alice casts Gloom Brute"),
        ("Ember Scot", "Ember Scout"),
    ],
)
def test_the_fallback_scores_as_rapidfuzz_does(query: str, choice: str) -> None:
    from rapidfuzz import fuzz

    assert fuzzy._wratio(query, choice) == pytest.approx(fuzz.WRatio(query, choice), abs=6)
    assert fuzzy._ratio(query, choice) == pytest.approx(fuzz.ratio(query, choice), abs=6)


def test_checking_a_save_says_plainly_it_is_not_offered(monkeypatch: pytest.MonkeyPatch) -> None:
    game = FORMATS["rr"].new_game(seed=1, players=2)
    saved = game.dumps()
    monkeypatch.setitem(sys.modules, "pydantic", None)
    monkeypatch.setitem(sys.modules, "pydantic_core", None)
    with pytest.raises(SaveCheckUnavailable, match="checking saves is not offered in the browser"):
        type(game).loads(saved)
    assert issubclass(SaveCheckUnavailable, SerializationError)  # the CLI's handlers show it


BROWSER_PATHS = """
import json, sys, threading, os
# What Pyodide lacks: importing any of these fails, and starting a thread or a process raises.
for name in ("rapidfuzz", "pydantic", "pydantic_core", "multiprocessing", "_multiprocessing",
             "concurrent.futures", "tqdm"):
    sys.modules[name] = None
def refuse(*args, **kwargs):
    raise AssertionError("a page's path started a thread or a process")
threading.Thread.start = refuse
os.fork = refuse
import subprocess
subprocess.Popen = refuse

from pathlib import Path
from rulekeeper.browser.api import explain, finish, play
from rulekeeper.browser.examples import check_pages
pages = json.loads(sys.stdin.read())
report = check_pages(pages)
start = %(start)r
answers = [
    play(position=start, moves=["Alice pitches Mire Lurker"]),
    play(position=start, moves=["Bob casts Brace targeting Mire Lurker"]),
    explain(position=start, moves=[], move="Alice casts Gloom Brute"),
    finish(position=start, moves=[], seed=2),
]
print(json.dumps({"passed": report["passed"], "failed": report["failed"],
                  "over": answers[-1]["over"], "threads": threading.active_count()}))
"""


def test_the_pages_paths_start_no_thread_or_process() -> None:
    from rulekeeper.browser.pages import page_blocks

    pages = {
        name: [b.as_json() for b in page_blocks(REPO / "rules" / name)]
        for name in ("leveler.md", "risk-and-resource/05-priority-and-timing.md", "dominion.md")
    }
    done = subprocess.run(
        [sys.executable, "-c", BROWSER_PATHS % {"start": START}],
        input=json.dumps(pages),
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
        cwd=REPO,
    )
    assert done.returncode == 0, done.stderr
    result = json.loads(done.stdout)
    assert result["failed"] == []
    assert result["passed"] > 50
    assert result["over"]
    assert result["threads"] == 1


_TEXT = st.text(alphabet=st.sampled_from("abcab ?\n\u00e9\u0436'"), max_size=8)


@given(_TEXT, st.lists(_TEXT, max_size=12), st.sampled_from([0, 40, 75, 90]))
def test_the_fallback_leaves_out_only_choices_out_of_reach(
    query: str, choices: list[str], cutoff: int
) -> None:
    # What the fallback finds with its bound, and trying every choice: the same.
    with mock.patch.dict(sys.modules, {"rapidfuzz": None}):
        found = fuzzy.scored(query, choices, "ratio", 20, cutoff)
        with mock.patch.object(fuzzy, "_within_reach", lambda q, c, _: range(len(c))):
            assert found == fuzzy.scored(query, choices, "ratio", 20, cutoff)


def test_the_fallback_bound_leaves_few_card_names() -> None:
    keys = card_index()._keys
    reach = fuzzy._within_reach(name_key("Lightning Blot"), keys, 75)
    assert 0 < len(reach) < len(keys) / 10
    assert keys.index("lightning bolt") in reach
