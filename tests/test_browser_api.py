"""The operations the site's worker answers, run in CPython (``rulekeeper.browser.api``)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from rulekeeper.browser import api
from rulekeeper.browser.api import explain, finish, play, run_page
from rulekeeper.browser.pages import page_blocks
from rulekeeper.browser.session import PageSession
from rulekeeper.cli import main
from rulekeeper.errors import InputError
from rulekeeper.records import Record

REPO = Path(__file__).resolve().parents[1]

START = """Format: rr

Alice: ep 3; hand Barrow Wight, Gloom Brute, Sparkshot
Bob: hand Brace
"""
"""Barrow Wight costs 4 EP but can be cast face down for 3; Gloom Brute has no morph."""


def _page(name: str) -> list[dict[str, object]]:
    return [b.as_json() for b in page_blocks(REPO / "rules" / name)]


def _examples(blocks: list[dict[str, object]]) -> list[int]:
    return [i for i, b in enumerate(blocks) if b["kind"] == "example"]


@pytest.fixture(autouse=True)
def fresh_session() -> None:
    """Each test starts with no page's namespace kept."""
    api._session = PageSession()


def test_run_page_compares_statement_by_statement() -> None:
    blocks = _page("leveler.md")
    first = _examples(blocks)[0]
    results = run_page(blocks, first)
    assert [r["ok"] for r in results] == [True] * len(results)
    assert results[-1]["got"] == results[-1]["want"]
    assert results[0]["line"] == blocks[first]["line"]


def test_an_edited_example_shows_what_the_engine_says() -> None:
    blocks = _page("leveler.md")
    first = _examples(blocks)[0]
    edited = dict(blocks[first])
    edited["source"] = str(edited["source"]).replace("50 Mountain", "48 Mountain")
    results = run_page([*blocks[:first], edited], first)
    wrong = [r for r in results if not r["ok"]]
    assert len(wrong) == 1
    assert "the deck has 99 cards" in wrong[0]["got"]


def test_a_later_run_is_the_same_as_a_run_from_the_start() -> None:
    blocks = _page("risk-and-resource/13-face-down-permanents.md")
    examples = _examples(blocks)
    for index in examples:  # as a reader running each in turn; the namespace is kept
        kept = run_page(blocks, index)
    api._session = PageSession()
    assert run_page(blocks, examples[-1]) == kept
    assert all(r["ok"] for r in kept)


def test_an_error_is_reported_as_doctest_writes_it() -> None:
    blocks = [{"kind": "example", "source": ">>> 1 / 0\n1\n", "line": 5, "rule": None}]
    [result] = run_page(blocks, 0)
    assert not result["ok"]
    assert result["got"].endswith("ZeroDivisionError: division by zero\n")
    assert result["line"] == 5


def test_two_blocks_with_one_line_do_not_crash_doctest() -> None:
    blocks = [
        {"kind": "example", "source": ">>> x = 1\n", "line": 3, "rule": None},
        {"kind": "example", "source": ">>> x\n2\n", "line": 3, "rule": None},
    ]
    [result] = run_page(blocks, 1)
    assert (result["ok"], result["got"]) == (False, "1\n")


def test_upto_out_of_range_is_refused() -> None:
    with pytest.raises(ValueError, match="upto must be between 0 and 0"):
        run_page([{"kind": "setup", "source": "x = 1\n", "line": 1, "rule": None}], 3)


def test_play_gives_the_log_the_position_and_the_legal_moves() -> None:
    answer = play(position=START, moves=["Alice casts Barrow Wight face down"])
    assert answer["ok"]
    assert answer["error"] is None
    assert answer["log"] == ["Alice casts a card face down for 3 EP (EP 0) (RR R59)"]
    assert "Stack: Barrow Wight (Alice, face down)" in answer["position"]
    assert answer["deciding"] == "Alice"
    assert {"move": "Alice passes"} in answer["legal"]
    assert not answer["over"]
    assert answer["result"] is None
    json.dumps(answer)  # the worker posts it as it is


def test_a_viewer_sees_only_their_own_hand() -> None:
    answer = play(position=START, moves=[], viewer=1)
    assert "Alice: ep 3; hand 3" in answer["position"]


def test_a_format_is_added_to_a_position_without_one() -> None:
    answer = play(position=START.removeprefix("Format: rr\n"), moves=[], format="rr")
    assert answer["ok"]


def test_a_position_that_cannot_be_built_names_its_line() -> None:
    answer = play(position=START.replace("Gloom", "Glom"), moves=[])
    assert not answer["ok"]
    assert answer["error"] == {
        "line": 3,
        "message": "position:3: no card named 'Glom Brute'; did you mean 'Gloom Brute'?",
    }
    assert "Traceback" not in json.dumps(answer)


def test_an_illegal_move_gives_its_rule() -> None:
    moves = ["Alice pitches Sparkshot", "Alice casts Gloom Brute face down", "Alice passes"]
    answer = play(position=START, moves=moves)
    assert answer["error"] == {
        "line": 2,
        "message": "illegal action: Alice casts Gloom Brute face down (RR 13.2a: Gloom Brute has "
        "no morph)",
        "rule": "RR 13.2a",
        "url": "r/RR-13.2a.html",
    }
    assert not answer["ok"]
    # The moves stop at the refusal: the log and the position are the game before it.
    assert answer["log"] == ["Alice pitches Sparkshot for 1 EP (EP 4) (RR 1.2a)"]
    assert "Alice: ep 4" in answer["position"]


def test_a_move_that_names_nothing_says_so() -> None:
    answer = play(position=START, moves=["Alice flies away"])
    assert answer["error"]["line"] == 1
    assert "no legal move reads 'Alice flies away'" in answer["error"]["message"]
    assert "rule" not in answer["error"]


def test_explain_a_legal_and_an_illegal_move() -> None:
    legal = explain(position=START, moves=[], move="Alice casts Barrow Wight face down")
    assert legal["legal"]
    assert legal["rules"] == [{"id": "RR R59", "url": "r/RR-R59.html"}]
    refused = explain(position=START, moves=[], move="Alice casts Gloom Brute face down")
    assert not refused["legal"]
    assert refused["text"].endswith("(RR 13.2a: Gloom Brute has no morph)")
    assert refused["rules"] == [{"id": "RR 13.2a", "url": "r/RR-13.2a.html"}]


def test_finish_ends_the_game_and_the_same_seed_ends_it_the_same_way() -> None:
    answer = finish(position=START, moves=["Alice pitches Sparkshot"], seed=3)
    assert answer["over"]
    assert answer["result"]
    assert answer["deciding"] is None
    assert answer["legal"] == []
    assert answer == finish(position=START, moves=["Alice pitches Sparkshot"], seed=3)


def test_the_record_replays(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    answer = finish(position=START, moves=["Alice casts Barrow Wight face down"], seed=1)
    record = Record.parse(answer["record"])
    assert record.position == START
    assert record.moves[0] == "Alice casts Barrow Wight face down"
    path = tmp_path / "game.record"
    path.write_text(answer["record"])
    assert main(["replay", str(path)]) == 0
    assert capsys.readouterr().out.rstrip().endswith(f"result: {answer['result']}")


def test_a_record_whose_position_is_not_a_json_string_is_refused() -> None:
    text = "Format: rr\nPlayers: 2\nSeed: 0\nPosition: Alice: ep 3\n\nAlice passes\n"
    with pytest.raises(InputError, match="Position must be a JSON string"):
        Record.parse(text)


def test_a_record_whose_position_is_another_format_is_refused() -> None:
    record = Record("dominion", players=2, seed=0, position=START)
    with pytest.raises(ValueError, match="the Position is a rr game, not dominion"):
        record.start()


# --- Running an example again -------------------------------------------------------------------

MUTATING = [
    {"kind": "setup", "source": "seen = [1]\n", "line": 1, "rule": None},
    {
        "kind": "example",
        "source": ">>> seen.append(2)\n>>> seen\n[1, 2]\n",
        "line": 3,
        "rule": None,
    },
    {
        "kind": "example",
        "source": ">>> seen.append(3)\n>>> seen\n[1, 2, 3]\n",
        "line": 7,
        "rule": None,
    },
]
"""A page whose examples change what the blocks before them made."""


@pytest.fixture
def blocks_run(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """The line of every block run silently (before the one asked for), in order."""
    ran: list[int] = []
    run_block = api._run_block

    def counted(namespace: dict[str, object], block: dict[str, object]) -> None:
        ran.append(int(str(block["line"])))
        run_block(namespace, block)

    monkeypatch.setattr(api, "_run_block", counted)
    return ran


def test_running_an_example_again_starts_from_the_namespace_before_it(
    blocks_run: list[int],
) -> None:
    first = run_page(MUTATING, 1)
    assert run_page(MUTATING, 1) == first  # [1, 2] again, not [1, 2, 2]
    assert all(r["ok"] for r in first)
    assert blocks_run == [1]  # the setup block ran once: the second run began at its checkpoint


def test_an_earlier_example_runs_again_from_its_checkpoint(blocks_run: list[int]) -> None:
    run_page(MUTATING, 1)
    run_page(MUTATING, 2)
    assert [r["ok"] for r in run_page(MUTATING, 1)] == [True, True]
    assert [r["ok"] for r in run_page(MUTATING, 2)] == [True, True]
    assert blocks_run == [1]


def test_an_edited_example_runs_from_its_checkpoint(blocks_run: list[int]) -> None:
    blocks = _page("leveler.md")
    first = _examples(blocks)[0]
    run_page(blocks, first)
    edited = dict(blocks[first])
    edited["source"] = str(edited["source"]).replace("50 Mountain", "48 Mountain")
    before = len(blocks_run)
    results = run_page([*blocks[:first], edited, *blocks[first + 1 :]], first)
    assert len(blocks_run) == before
    assert ["the deck has 99 cards" in r["got"] for r in results if not r["ok"]] == [True]


def test_an_edited_block_drops_the_checkpoints_after_it(blocks_run: list[int]) -> None:
    run_page(MUTATING, 2)
    changed = [{**MUTATING[0], "source": "seen = [0]\n"}, *MUTATING[1:]]
    results = run_page(changed, 2)
    assert results[-1]["got"] == "[0, 2, 3]\n"  # the page as it is now, from its first block
    assert blocks_run == [1, 3, 1, 3]


def test_a_namespace_that_cannot_be_copied_is_run_again_from_the_start(
    blocks_run: list[int],
) -> None:
    blocks = [
        {"kind": "setup", "source": "numbers = (n for n in range(10))\n", "line": 1, "rule": None},
        {"kind": "example", "source": ">>> next(numbers)\n0\n", "line": 3, "rule": None},
    ]
    assert run_page(blocks, 1)[0]["ok"]
    assert run_page(blocks, 1)[0]["ok"]  # a fresh generator, as a run from the start has
    assert blocks_run == [1, 1]


@pytest.mark.parametrize("name", ["leveler.md", "vortex.md", "risk-and-resource/12-mulligans.md"])
def test_every_example_run_again_gives_what_its_first_run_gave(name: str) -> None:
    from rulekeeper.browser.examples import check_pages

    report = check_pages({name: _page(name)}, again=True)
    assert report["failed"] == []
    assert report["passed"] == len(_examples(_page(name)))


def test_loaded_grows_with_the_modules_and_the_card_index() -> None:
    import subprocess
    import sys

    # Reading the index imports a few modules of its own (importlib's resource readers): the
    # index read counts one more than those.
    script = (
        "import sys\n"
        "from rulekeeper.browser import api\n"
        "before = api.loaded()\n"
        "from rulekeeper.games import FORMATS\n"
        "FORMATS['dominion']\n"
        "from rulekeeper.mtg.carddb import card_index\n"
        "imported, modules = api.loaded(), len(sys.modules)\n"
        "card_index()\n"
        "print(before < imported, api.loaded() == imported + len(sys.modules) - modules + 1)\n"
    )
    out = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, check=True)
    assert out.stdout.split() == ["True", "True"]


def test_a_leveler_page_imports_no_other_formats_package() -> None:
    # In the browser each module is compiled from its source when imported: the Leveler page's
    # examples up to its first position, as the bench runs them, must not import Risk &
    # Resource or Dominion. Looking their formats up does.
    import subprocess
    import sys

    script = (
        "import json, sys\n"
        "from pathlib import Path\n"
        "from rulekeeper.browser import api\n"
        "from rulekeeper.browser.pages import page_blocks\n"
        "blocks = [b.as_json() for b in page_blocks(Path('rules/leveler.md'))]\n"
        "upto = next(i for i, b in enumerate(blocks) if 'from_position' in b['source'])\n"
        "assert all(r['ok'] for r in api.run_page(blocks, upto))\n"
        "others = lambda: sorted({m.split('.')[1] for m in sys.modules\n"
        "    if m.split('.')[:2] in (['rulekeeper', 'riskres'], ['rulekeeper', 'dominion'])})\n"
        "print(json.dumps(others()))\n"
        "from rulekeeper.games import FORMATS\n"
        "FORMATS['rr'], FORMATS['dominion-draft']\n"
        "print(json.dumps(others()))\n"
    )
    out = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, check=True, cwd=REPO
    )
    assert [json.loads(line) for line in out.stdout.splitlines()] == [[], ["dominion", "riskres"]]
