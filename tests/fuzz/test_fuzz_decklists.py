"""Fuzzing decklists in both formats, and ``rulekeeper deck check`` itself.

Decklists are generated line by line from the pieces a real one is made of (headings in their
many spellings, card lines with odd quantities, comments, stray text) and made by damaging the
two decklists in the repository's fixtures byte by byte. The properties: the parser returns a
decklist whose counts add up, or raises an :class:`~rulekeeper.errors.InputError` that names the
file; a parsed decklist is then checked, and every problem cites a rule of the format; and the
command, run in-process on the same files, exits 0, 1 or 2 with no traceback.
"""

from __future__ import annotations

import contextlib
import io
import re
from pathlib import Path

import pytest
from hypothesis import example, given
from hypothesis import strategies as st

from rulekeeper.cli import main
from rulekeeper.cli.deck import check_risk_and_resource
from rulekeeper.decklist import (
    MAX_QUANTITY,
    Decklist,
    decode_decklist,
    parse_decklist,
)
from rulekeeper.errors import InputError
from rulekeeper.mtg.banlist import legacy_banned_list
from rulekeeper.mtg.carddb import card_index
from rulekeeper.mtg.formats.leveler import DECK_SIZE, SUB_DECK_SIZES
from rulekeeper.mtg.formats.leveler.deck import check_deck
from rulekeeper.riskres.decks import PRECONSTRUCTED

SOURCE = "fuzzed.txt"
REPO = Path(__file__).resolve().parents[2]
LEVELER_LIST = (REPO / "tests" / "fixtures" / "decks" / "legal.txt").read_bytes()
RR_LIST = (REPO / "tests" / "fixtures" / "decks" / "rr-vanguard-assault.txt").read_bytes()

NAMES = st.sampled_from(
    [
        "Island",
        "Lightning Bolt",
        "lightning blot",
        "Fire // Ice",
        "Thassa\u2019s Oracle",
        "Jötun Grunt",
        "Black Lotus",
        "Ember Scout",
        "Warlord Kesh",
        "A",
        "Snow-Covered Island",
    ]
) | st.text(min_size=1, max_size=30)
QUANTITIES = st.sampled_from(["1", "4", "1x", "46x", "1000", "1001", "0", "-1", "1.5", "1e9"]) | (
    st.integers(0, 10**6).map(str)
)
LINES = st.one_of(
    st.builds("{} {}".format, QUANTITIES, NAMES),
    st.sampled_from(
        ["Sub-deck 1", "sub-deck 2:", "SUB-DECK 3", "Subdeck #4", "Sideboard", "side board:"]
    ),
    st.sampled_from(["", "# a comment", "// another", "   ", "\t"]),
    st.text(max_size=40),
)
DECKLISTS = st.lists(LINES, max_size=40).map("\n".join)


@st.composite
def damaged(draw: st.DrawFn, original: bytes) -> bytes:
    """``original`` with a few bytes cut, replaced or inserted."""
    data = bytearray(original)
    for _ in range(draw(st.integers(1, 4))):
        at = draw(st.integers(0, len(data)))
        how = draw(st.sampled_from(["cut", "replace", "insert"]))
        if how == "cut":
            del data[at : at + draw(st.integers(1, 20))]
        else:
            data[at : at + (how == "replace")] = bytes([draw(st.integers(0, 255))])
    return bytes(data)


FILES = DECKLISTS.map(lambda text: text.encode("utf-8")) | damaged(LEVELER_LIST) | damaged(RR_LIST)

# Each line of the memory test asked for 1000 copies of a card no one has heard of.
THOUSANDS = b"1000 A\n" * 2000


def parsed(raw: bytes, sub_decks: int) -> Decklist | None:
    """Decode and parse ``raw``: a decklist, or ``None`` after an error naming the file."""
    try:
        decklist = parse_decklist(
            decode_decklist(raw, source=SOURCE), source=SOURCE, sub_decks=sub_decks
        )
    except InputError as error:
        refused = error
    else:
        assert len(decklist.sub_decks) == sub_decks
        entries = list(decklist.entries())
        assert all(1 <= entry.quantity <= MAX_QUANTITY and entry.name for entry in entries)
        assert decklist.size == sum(entry.quantity for entry in entries)
        return decklist
    assert str(refused).startswith(SOURCE), refused
    return None


@pytest.mark.rule("LV 1.1", "LV 1.2", "LV 1.3", "LV 1.4", "LV 1.5", "LV 1.6", "LV R1")
@given(raw=FILES)
@example(raw=LEVELER_LIST)
@example(raw=b"Sub-deck 1\n" + THOUSANDS + b"Sub-deck 2\n1 Island\nSub-deck 3\n1 Island\n")
@example(raw=b"Sub-deck 1\n1e9 Island\n")
@example(raw="Sub-deck 1\n1 J\u00f6tun Grunt\n1 \ud800\n".encode("utf-8", "surrogatepass"))
def test_leveler_decklists(raw: bytes) -> None:
    decklist = parsed(raw, sub_decks=3)
    if decklist is None:
        return
    problems = check_deck(decklist, card_index(), legacy_banned_list())
    assert all(re.fullmatch(r"LV (1\.[1-6]|R[1-4])", problem.rule) for problem in problems)
    if not problems:  # a legal deck: 100 cards in sub-decks of 50, 30 and 20
        assert decklist.size == DECK_SIZE
        assert tuple(sub.size for sub in decklist.sub_decks) == SUB_DECK_SIZES


@pytest.mark.rule("RR R8")
@given(raw=FILES)
@example(raw=RR_LIST)
@example(raw=THOUSANDS)
def test_risk_and_resource_decklists(raw: bytes) -> None:
    decklist = parsed(raw, sub_decks=1)
    if decklist is None:
        return
    problems = check_risk_and_resource(decklist)
    assert all(str(problem).endswith("(RR R8)") for problem in problems)
    if not problems:  # a legal deck: forty cards, each name at most three times
        assert decklist.size == len(PRECONSTRUCTED["Vanguard Assault"]) == 40
        assert all(entry.quantity <= 3 for entry in decklist.entries())


def run_deck_check(deck_format: str, path: str) -> tuple[int, str, str]:
    """Run ``rulekeeper deck check`` in-process; return the exit code, stdout and stderr."""
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        status = main(["deck", "check", "--format", deck_format, path])
    return status, out.getvalue(), err.getvalue()


@pytest.fixture(scope="module")
def folder(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Where the generated files are written (one fixture for all examples of a test)."""
    return tmp_path_factory.mktemp("decks")


@pytest.mark.rule("LV 1.1", "RR R8")
@given(
    raw=FILES,
    deck_format=st.sampled_from(["leveler", "rr"]),
    name=st.sampled_from(["d.txt", "d\u00e9 \u2603.txt"]),
)
@example(raw=THOUSANDS, deck_format="rr", name="d.txt")
@example(raw=b"", deck_format="leveler", name="d.txt")
def test_deck_check_command(folder: Path, raw: bytes, deck_format: str, name: str) -> None:
    path = folder / name
    path.write_bytes(raw)
    status, out, err = run_deck_check(deck_format, str(path))
    assert "Traceback" not in out + err
    if status == 2:  # unusable: one line on standard error, naming the file
        assert out == ""
        assert err.startswith(f"rulekeeper: {path}"), err
        assert err.count("\n") == 1, err
        return
    assert err == ""
    if status == 0:
        assert re.fullmatch(rf"{re.escape(str(path))}: legal \(\d+ cards\)\n", out), out
    else:
        assert status == 1
        assert out
        assert all(line.startswith(f"{path}: ") for line in out.splitlines())
