"""Cubes: the default cube, the cube loader, and ``rulekeeper cube check``."""

from __future__ import annotations

import io
import sys
from collections import Counter
from importlib import resources
from pathlib import Path

import pytest

from rulekeeper.bench import engine_build
from rulekeeper.cli import main
from rulekeeper.decklist import parse_decklist
from rulekeeper.errors import InputError
from rulekeeper.mtg.carddb import CardIndex
from rulekeeper.mtg.cards import card, card_pool
from rulekeeper.mtg.cube import (
    check_cube,
    default_cube,
    load_cube,
    parse_cube_list,
    pool_index,
    read_cube,
)
from rulekeeper.mtg.formats.stockpile import CUBE_MINIMUM
from rulekeeper.mtg.hints import SUGGESTED_NAMES
from rulekeeper.mtg.scenario import Scenario

DEFAULT = Path(str(resources.files("rulekeeper.mtg") / "data" / "cube.txt"))
NAMES = default_cube().names


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    status = main(["cube", "check", *args])
    out, err = capsys.readouterr()
    return status, out, err


def cube_file(tmp_path: Path, lines: list[str], name: str = "cube.txt") -> str:
    path = tmp_path / name
    path.write_text("".join(f"{line}\n" for line in lines), encoding="utf-8")
    return str(path)


# The default cube.


def test_the_default_cube_holds_at_least_150_different_cards_all_in_the_pool() -> None:
    assert len(NAMES) >= CUBE_MINIMUM
    assert len(set(NAMES)) == len(NAMES)
    pool = card_pool()
    assert all(name in pool for name in NAMES)
    assert not [name for name in NAMES if pool[name].has_type("Land")]


def test_the_default_cube_spreads_over_the_colours_and_the_curve() -> None:
    cards = default_cube().cards
    colours = Counter(c for d in cards for c in set(d.mana_cost.colored))
    assert all(colours[c] >= 25 for c in "WUBRG"), colours
    assert sum(not d.mana_cost.colored for d in cards) >= 5  # artifacts anyone can play
    curve = Counter(min(d.mana_cost.mana_value, 6) for d in cards)
    assert all(curve[value] >= 10 for value in range(1, 7)), curve
    creatures = sum(d.is_creature for d in cards)
    assert len(cards) // 2 < creatures < len(cards)  # mostly creatures, with spells among them


def test_the_default_cube_file_passes_the_check(capsys: pytest.CaptureFixture[str]) -> None:
    assert run(capsys, str(DEFAULT)) == (0, f"{DEFAULT}: usable ({len(NAMES)} cards)\n", "")


def test_the_pool_index_judges_a_cube_of_pool_cards_as_the_full_index_does() -> None:
    from rulekeeper.mtg.carddb import card_index

    listed = "".join(f"1 {name}\n" for name in NAMES) + f"1 {NAMES[0]}\n"
    decklist = parse_decklist(listed, sub_decks=1)
    assert check_cube(decklist, pool_index()) == check_cube(decklist, card_index())
    assert len(check_cube(decklist, pool_index())) == 1  # the copy of the first card


def test_a_loaded_cube_gives_the_definitions_in_the_list_s_order() -> None:
    decklist = parse_decklist(
        "".join(f"1 {name.upper()}\n" for name in reversed(NAMES)), sub_decks=1
    )
    cube = load_cube(decklist)
    assert cube.names == tuple(reversed(NAMES))  # the pool's spelling, whatever the list's
    assert cube.cards[0] is card(NAMES[-1])


# Problems, each on its own line with its line number and rule.


@pytest.mark.rule("SD 1.3")
def test_a_cube_of_149_cards_is_too_small(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path = cube_file(tmp_path, [f"1 {name}" for name in NAMES[:149]])
    status, out, _ = run(capsys, path)
    assert status == 1
    assert out == (
        f"{path}: the cube holds 149 different cards; "
        "a Stockpile Draft cube needs at least 150 (SD 1.3)\n"
    )


@pytest.mark.rule("SD 1.3")
def test_copies_do_not_make_up_the_size_and_each_is_reported(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    first = NAMES[0]
    lines = [f"1 {name}" for name in NAMES[:149]] + [f"1 {first.upper()}"]
    status, out, _ = run(capsys, cube_file(tmp_path, lines))
    assert status == 1
    assert [line.split(": ", 1)[1] for line in out.splitlines()] == [
        "the cube holds 149 different cards; a Stockpile Draft cube needs at least 150 (SD 1.3)",
        f"line 150: '{first}' is already in the cube (line 1); a cube holds each card once "
        "(SD 1.3)",
    ]


@pytest.mark.rule("SD 1.3")
def test_a_count_above_one_is_a_copy(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    lines = [f"1 {name}" for name in NAMES if name != "Shock"] + ["3 Shock"]
    status, out, _ = run(capsys, cube_file(tmp_path, lines))
    assert status == 1
    assert out.endswith(
        f"line {len(lines)}: 3 copies of 'Shock'; a cube holds each card once (SD 1.3)\n"
    )
    assert len(out.splitlines()) == 1


@pytest.mark.rule("SD 1.3")
def test_an_unknown_name_gets_the_deck_check_s_did_you_mean(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    lines = ["# my cube", *[f"1 {name}" for name in NAMES], "1 Lightning Blot", "1 Xyzzy Qwerty"]
    status, out, _ = run(capsys, cube_file(tmp_path, lines))
    assert status == 1
    assert out.splitlines()[0].endswith(
        f"line {len(lines) - 1}: 'Lightning Blot' is not a Magic card; "
        "did you mean 'Lightning Bolt'? (SD 1.3)"
    )
    assert out.splitlines()[1].endswith(
        f"line {len(lines)}: 'Xyzzy Qwerty' is not a Magic card (SD 1.3)"
    )


@pytest.mark.rule("SD 1.3")
def test_only_the_first_distinct_unknown_names_get_a_did_you_mean(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    # Near misses of a real name, so that every name searched for shows its suggestion.
    unknown = [f"Lightning Bolt {number}" for number in range(SUGGESTED_NAMES + 10)]
    status, out, _ = run(capsys, cube_file(tmp_path, [f"1 {name}" for name in unknown]))
    assert status == 1
    reported = [line for line in out.splitlines() if "is not a Magic card" in line]
    assert len(reported) == len(unknown)
    assert sum("did you mean 'Lightning Bolt'" in line for line in reported) == SUGGESTED_NAMES
    assert reported[-1].endswith(
        f"line {len(unknown)}: '{unknown[-1]}' is not a Magic card (SD 1.3)"
    )


@pytest.mark.rule("SD 1.3")
@pytest.mark.skipif(engine_build() != "interpreted", reason="patches the card index's search")
def test_a_list_of_unknown_names_searches_the_card_index_a_bounded_number_of_times(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    searched: list[str] = []
    suggest = CardIndex.suggest

    def counted(self: CardIndex, name: str, limit: int = 3) -> list[str]:
        searched.append(name)
        return suggest(self, name, limit)

    monkeypatch.setattr(CardIndex, "suggest", counted)
    # 2,000 distinct names that are no card (a list at the size limit holds some 40,000),
    # each on two lines: each costs a search over every card name unless the searches stop.
    names = [f"Qx{number:04d} Zzyzx" for number in range(2000)]
    text = "".join(f"1 {name}\n" for name in names + names)
    problems = check_cube(parse_decklist(text, source="unknown.txt", sub_decks=1))
    assert sum("is not a Magic card" in str(problem) for problem in problems) == 2 * len(names)
    assert searched == names[:SUGGESTED_NAMES]


@pytest.mark.rule("MG 6.6")
def test_a_real_card_the_engine_cannot_play_is_reported(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    lines = [f"1 {name}" for name in NAMES] + ["1 black lotus"]
    status, out, _ = run(capsys, cube_file(tmp_path, lines))
    assert status == 1
    assert out.splitlines() == [
        f"{tmp_path / 'cube.txt'}: line {len(lines)}: the engine cannot play 'Black Lotus': "
        "it is not in the card pool (MG 6.6)"
    ]


@pytest.mark.rule("SD 1.3")
def test_a_cube_has_no_sideboard(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    lines = [f"1 {name}" for name in NAMES] + ["Sideboard", "1 Shock"]
    status, out, _ = run(capsys, cube_file(tmp_path, lines))
    assert status == 1
    assert f"line {len(NAMES) + 1}: a cube has no sideboard (SD 1.3)" in out


@pytest.mark.rule("MG 6.6")
def test_a_card_outside_the_pool_cannot_be_put_into_a_game() -> None:
    with pytest.raises(InputError, match=r"'Black Lotus' \(MG 6\.6\)"):
        card("Black Lotus")
    with pytest.raises(InputError, match=r"MG 6\.6"):
        Scenario("leveler").player(0, hand=["Black Lotus"]).build()


def test_the_loader_refuses_a_cube_with_problems() -> None:
    decklist = parse_decklist("1 Shock\n1 Shock\n", source="two.txt", sub_decks=1)
    with pytest.raises(
        InputError,
        match=r"two.txt: not a usable cube: the cube holds 1 .*"
        r"\(and 1 more problems\)",
    ):
        load_cube(decklist)


def test_read_cube_reads_a_file(tmp_path: Path) -> None:
    assert read_cube(cube_file(tmp_path, [f"1 {n}" for n in NAMES])).names == NAMES


def test_check_cube_takes_the_minimum_a_format_asks_for() -> None:
    decklist = parse_decklist("1 Shock\n1 Lightning Bolt\n", sub_decks=1)
    assert check_cube(decklist, minimum=2) == []


# The two forms of a line: a card's name alone, as cube sites export a list, or with a count.


@pytest.mark.rule("SD 1.3")
def test_a_list_of_names_alone_is_a_cube_list(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path = cube_file(tmp_path, list(NAMES))
    assert run(capsys, path) == (0, f"{path}: usable ({len(NAMES)} cards)\n", "")
    assert read_cube(path).names == NAMES


@pytest.mark.rule("SD 1.3", "MG 6.6")
def test_both_forms_get_the_same_checks_and_messages(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    problems = ["Lightning Blot", "Black Lotus", NAMES[0].upper(), "Start"]
    reports = []
    for form, write in (("counted", "1 {}".format), ("names", "{}".format)):
        lines = [write(name) for name in (*NAMES[:140], *problems)]
        status, out, err = run(capsys, cube_file(tmp_path, lines, name=f"{form}.txt"))
        assert (status, err) == (1, "")
        reports.append([line.split(": ", 1)[1] for line in out.splitlines()])
    counted, names = reports
    assert names == counted
    assert names == [
        "the cube holds 143 different cards; a Stockpile Draft cube needs at least 150 (SD 1.3)",
        "line 141: 'Lightning Blot' is not a Magic card; did you mean 'Lightning Bolt'? (SD 1.3)",
        "line 142: the engine cannot play 'Black Lotus': it is not in the card pool (MG 6.6)",
        f"line 143: '{NAMES[0]}' is already in the cube (line 1); a cube holds each card once "
        "(SD 1.3)",
        "line 144: 'Start' is not a Magic card; did you mean 'Start // Finish' or "
        "'Start // Fire'? (SD 1.3)",
    ]


@pytest.mark.rule("SD 1.3")
def test_the_forms_mix_and_a_name_alone_is_one_copy(tmp_path: Path) -> None:
    lines = ["# exported", *NAMES[:80], "", "# added by hand", *[f"1x {n}" for n in NAMES[80:]]]
    assert read_cube(cube_file(tmp_path, lines)).names == NAMES


def test_a_line_that_starts_with_a_number_is_read_as_a_count(tmp_path: Path) -> None:
    # "+2 Mace" and "1996 World Champion" are card names; alone, they read as a bad count,
    # and the message says how to write them.
    path = cube_file(tmp_path, ["Lightning Bolt", "+2 Mace"])
    with pytest.raises(InputError) as refused:
        read_cube(path)
    assert str(refused.value) == (
        f"{path}:2: quantity '+2' is not a whole number from 1 to 1000; "
        "if that is a card's name, write '1 +2 Mace'"
    )
    cube = parse_cube_list("1 +2 Mace\n1 1996 World Champion\n", source="cube.txt")
    assert [entry.name for entry in cube.entries()] == ["+2 Mace", "1996 World Champion"]


def test_stockpile_is_cut_from_a_cube_of_names_alone(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path = cube_file(tmp_path, list(reversed(NAMES)))
    assert main(["simulate", "stockpile", "-n", "1", "--no-progress", "--cube", path]) == 0
    assert capsys.readouterr().out.startswith("Stockpile Draft: 1 games, 2 players")


# Input that is not a cube list at all.


def test_standard_input(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    stdin = io.TextIOWrapper(io.BytesIO(DEFAULT.read_bytes()), encoding="utf-8")
    monkeypatch.setattr(sys, "stdin", stdin)
    assert run(capsys, "-") == (0, f"<stdin>: usable ({len(NAMES)} cards)\n", "")


@pytest.mark.parametrize(
    ("data", "message"),
    [
        (b"1.5 Lightning Bolt\n", "quantity '1.5' is not a whole number"),
        (b"Sub-deck 2\n1 Lightning Bolt\n", "a single deck"),
        (b"\x00\x01binary", "binary"),
        (b"", "empty"),
    ],
)
def test_unusable_input_exits_2_with_one_line(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, data: bytes, message: str
) -> None:
    path = tmp_path / "cube.txt"
    path.write_bytes(data)
    status, out, err = run(capsys, str(path))
    assert (status, out) == (2, "")
    assert len(err.splitlines()) == 1
    assert message in err


def test_a_missing_file_exits_2(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    status, out, err = run(capsys, str(tmp_path / "nothing.txt"))
    assert (status, out) == (2, "")
    assert "no such file" in err
