"""Decklists: the text format, and every way a file from a user can be unusable."""

from __future__ import annotations

from pathlib import Path

import pytest

from rulekeeper.decklist import (
    MAX_BYTES,
    MAX_QUANTITY,
    DeckEntry,
    decode_decklist,
    parse_decklist,
    read_decklist,
)
from rulekeeper.errors import InputError

FIXTURES = Path(__file__).parent / "fixtures"

GOOD = """\
# comment
// another comment
Sub-deck 1:
4 Lightning Bolt
46x Mountain

SUB-DECK 2
30X Island
sub-deck 3:
  20   Snow-Covered   Island
"""


def error_of(text: str) -> InputError:
    with pytest.raises(InputError) as caught:
        parse_decklist(text, source="deck.txt")
    return caught.value


def test_cards_sections_comments_and_blank_lines() -> None:
    deck = parse_decklist(GOOD, source="deck.txt")
    assert [(s.number, s.line, s.size) for s in deck.sub_decks] == [
        (1, 3, 50),
        (2, 7, 30),
        (3, 9, 20),
    ]
    assert deck.size == 100
    assert deck.sideboard is None
    assert list(deck.entries()) == [
        DeckEntry(4, "Lightning Bolt", 4),
        DeckEntry(46, "Mountain", 5),
        DeckEntry(30, "Island", 8),
        DeckEntry(20, "Snow-Covered Island", 10),
    ]


def test_line_endings_and_byte_order_mark() -> None:
    raw = ("\ufeff" + GOOD.replace("\n", "\r\n")).encode("utf-8")
    deck = parse_decklist(decode_decklist(raw, source="deck.txt"), source="deck.txt")
    assert deck.size == 100
    assert deck.sub_decks[0].entries[0] == DeckEntry(4, "Lightning Bolt", 4)


def test_sections_may_come_in_any_order_and_tabs_separate() -> None:
    deck = parse_decklist("Sub-deck 3\n1\tIsland\nSub-deck 1\n1 Forest\nSub-deck 2\n1 Swamp\n")
    assert [(s.number, s.entries[0].name) for s in deck.sub_decks] == [
        (1, "Forest"),
        (2, "Swamp"),
        (3, "Island"),
    ]


def test_a_sideboard_is_parsed_so_the_rules_can_refuse_it() -> None:
    deck = parse_decklist(GOOD + "Sideboard:\n1 Pyroblast\n")
    assert deck.sideboard is not None
    assert deck.sideboard.line == 11
    assert deck.sideboard.size == 1
    assert deck.size == 100  # the sideboard is not part of the deck


def test_an_empty_sub_deck_is_parsed_so_the_rules_can_count_it() -> None:
    deck = parse_decklist("Sub-deck 1\n1 Island\nSub-deck 2\nSub-deck 3\n")
    assert [s.size for s in deck.sub_decks] == [1, 0, 0]


def test_a_different_number_of_sub_decks() -> None:
    deck = parse_decklist("Sub-deck 1\n1 Island\nSub-deck 2\n1 Island\n", sub_decks=2)
    assert len(deck.sub_decks) == 2


def test_error_carries_source_and_line() -> None:
    error = error_of("Sub-deck 1\n1 Island\n0 Forest\n")
    assert (error.source, error.line) == ("deck.txt", 3)
    assert str(error) == "deck.txt:3: quantity 0: a line must hold at least one card"


@pytest.mark.parametrize(
    ("quantity", "message"),
    [
        ("0", "quantity 0: a line must hold at least one card"),
        ("-1", "quantity '-1' is not a whole number from 1 to 1000"),
        ("1e9", "quantity '1e9' is not a whole number from 1 to 1000"),
        ("1.5", "quantity '1.5' is not a whole number from 1 to 1000"),
        ("1001", "quantity 1001 is absurd; a line may hold at most 1000 cards"),
        ("99999999999999999999999", "is absurd; a line may hold at most 1000 cards"),
    ],
)
def test_bad_quantities(quantity: str, message: str) -> None:
    error = error_of(f"Sub-deck 1\n1 Island\n{quantity} Lightning Bolt\n")
    assert error.line == 3
    assert message in error.message


def test_the_largest_quantity_is_accepted() -> None:
    deck = parse_decklist(f"Sub-deck 1\n{MAX_QUANTITY} Island\nSub-deck 2\nSub-deck 3\n")
    assert deck.size == MAX_QUANTITY


@pytest.mark.parametrize(
    ("line", "message"),
    [
        (
            "Lightning Bolt",
            "expected 'N card name' (e.g. '1 Lightning Bolt'), not 'Lightning Bolt'",
        ),
        ("x4 Lightning Bolt", "expected 'N card name'"),
        ("4", "quantity 4 has no card name after it"),
        ("4x", "quantity 4 has no card name after it"),
        ("1 " + "A" * 600, "the line is longer than 500 characters"),
    ],
)
def test_lines_that_are_not_cards(line: str, message: str) -> None:
    error = error_of(f"Sub-deck 1\n{line}\n")
    assert error.line == 2
    assert message in error.message


def test_cards_before_the_first_heading() -> None:
    error = error_of("1 Island\nSub-deck 1\n")
    assert error.line == 1
    assert error.message == "'Island' comes before the first 'Sub-deck 1' heading"


def test_missing_sub_deck() -> None:
    error = error_of("Sub-deck 1\n1 Island\nSub-deck 3\n1 Island\n")
    assert error.line == 0
    assert error.message == "sub-deck 2 is missing (no 'Sub-deck 2' heading)"
    assert str(error) == "deck.txt: sub-deck 2 is missing (no 'Sub-deck 2' heading)"


def test_duplicated_sub_deck() -> None:
    error = error_of("Sub-deck 1\n1 Island\nSub-deck 2\nSub-deck 1:\n")
    assert error.line == 4
    assert error.message == "sub-deck 1 appears twice (first on line 1)"


def test_sub_deck_out_of_range() -> None:
    error = error_of("Sub-deck 1\n1 Island\nSub-deck 4\n")
    assert error.line == 3
    assert error.message == "there is no sub-deck 4; the sub-decks are numbered 1 to 3"


def test_duplicated_sideboard() -> None:
    error = error_of(GOOD + "Sideboard\nSideboard\n")
    assert error.message == "the sideboard appears twice (first on line 11)"


@pytest.mark.parametrize(
    "text", ["", "# only a comment\n\n", "Sub-deck 1\nSub-deck 2\nSub-deck 3\n"]
)
def test_no_cards(text: str) -> None:
    assert error_of(text).message == "the decklist has no cards"


def test_control_characters_in_names_are_escaped_in_messages() -> None:
    error = error_of("\x1b[31m1 Island\nSub-deck 1\n")
    assert "\x1b" not in error.message
    assert "\\x1b" in error.message


# Files.


def write(tmp_path: Path, data: bytes, name: str = "deck.txt") -> Path:
    path = tmp_path / name
    path.write_bytes(data)
    return path


def read_error(path: Path) -> InputError:
    with pytest.raises(InputError) as caught:
        read_decklist(path)
    return caught.value


def test_read_a_file() -> None:
    deck = read_decklist(FIXTURES / "decks" / "legal.txt")
    assert deck.source.endswith("legal.txt")
    assert [s.size for s in deck.sub_decks] == [50, 30, 20]


def test_missing_file(tmp_path: Path) -> None:
    error = read_error(tmp_path / "nope.txt")
    assert error.message == "no such file"
    assert error.source == str(tmp_path / "nope.txt")


def test_directory(tmp_path: Path) -> None:
    assert read_error(tmp_path).message == "is a directory, not a decklist file"


def test_empty_file(tmp_path: Path) -> None:
    assert read_error(write(tmp_path, b"")).message == "the file is empty"
    assert read_error(write(tmp_path, b" \n\t\n")).message == "the file is empty"


def test_binary_file(tmp_path: Path) -> None:
    path = write(tmp_path, b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR")
    assert read_error(path).message == "this is a binary file, not a text decklist"


def test_file_that_is_not_utf8(tmp_path: Path) -> None:
    error = read_error(write(tmp_path, b"Sub-deck 1\n1 Lim-D\xfbl's Vault\n"))
    assert error.message == "the file is not UTF-8 text (byte 0xfb)"
    assert error.line == 2


def test_file_too_large(tmp_path: Path) -> None:
    path = write(tmp_path, b"# padding\n" * (MAX_BYTES // 10 + 1))
    assert "larger than 1,000,000 bytes" in read_error(path).message


def test_unreadable_file(tmp_path: Path) -> None:
    path = write(tmp_path, GOOD.encode())
    path.chmod(0)
    try:
        with path.open("rb"):
            pass
    except PermissionError:
        assert read_error(path).message == "permission denied"
    else:
        pytest.skip("file permissions do not apply to this user (root)")
    finally:
        path.chmod(0o644)
