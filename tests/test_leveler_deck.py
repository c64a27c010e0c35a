"""Leveler's deck rules: LV 1.1 to LV 1.6 and the rulings LV R1 to LV R4 and LV R10."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest

from rulekeeper.decklist import Decklist, Problem, parse_decklist, read_decklist
from rulekeeper.mtg.banlist import BannedList, legacy_banned_list
from rulekeeper.mtg.carddb import CardIndex, card_index
from rulekeeper.mtg.formats.leveler import NAMED_BANS
from rulekeeper.mtg.formats.leveler.deck import check_deck, is_legal
from rulekeeper.rules import enforced_by

FIXTURES = Path(__file__).parent / "fixtures"


@pytest.fixture(scope="module")
def small() -> CardIndex:
    return card_index(str(FIXTURES / "cards_small.json"))


@pytest.fixture(scope="module")
def real() -> CardIndex:
    return card_index()


@pytest.fixture(scope="module")
def banned() -> BannedList:
    return legacy_banned_list()


def deck(
    first: str = "", second: str = "", third: str = "", *, extra: str = "", pad: bool = True
) -> Decklist:
    """A decklist whose sub-decks hold the given lines, padded to 50/30/20 with basic lands."""
    parts = []
    for number, (lines, size, land) in enumerate(
        [(first, 50, "Mountain"), (second, 30, "Island"), (third, 20, "Swamp")], 1
    ):
        body = [line.strip() for line in lines.strip().splitlines() if line.strip()]
        used = sum(int(line.split()[0].rstrip("xX")) for line in body)
        if pad and size - used > 0:
            body.append(f"{size - used} {land}")
        parts.append("\n".join([f"Sub-deck {number}", *body]))
    return parse_decklist("\n".join(parts) + "\n" + extra, source="deck.txt")


def rules(problems: list[Problem]) -> list[str]:
    return [problem.rule for problem in problems]


def test_legal_deck_with_the_small_index(small: CardIndex, banned: BannedList) -> None:
    decklist = deck("1 Lightning Bolt\n1 Fire // Ice", "1 Counterspell", "1 Tarmogoyf")
    assert check_deck(decklist, small, banned) == []
    assert is_legal(decklist, small, banned)


def test_legal_deck_of_real_cards(real: CardIndex, banned: BannedList) -> None:
    decklist = read_decklist(FIXTURES / "decks" / "legal.txt")
    assert check_deck(decklist, real, banned) == []


def test_illegal_deck_reports_every_problem(real: CardIndex, banned: BannedList) -> None:
    decklist = read_decklist(FIXTURES / "decks" / "illegal.txt")
    problems = check_deck(decklist, real, banned)
    assert [(p.rule, p.line) for p in problems] == [
        ("LV 1.2", 3),
        ("LV 1.2", 17),
        ("LV 1.3", 4),
        ("LV 1.5", 5),
        ("LV 1.6", 6),
        ("LV 1.5", 7),
        ("LV 1.5", 8),
        ("LV 1.4", 9),
        ("LV 1.3", 10),
        ("LV R1", 21),
    ]


def test_problem_is_a_frozen_value_with_a_readable_message() -> None:
    problem = Problem("LV 1.3", "'Lightning Bolt' appears 2 times", 12)
    assert str(problem) == "line 12: 'Lightning Bolt' appears 2 times (LV 1.3)"
    assert (
        repr(problem)
        == "Problem(rule='LV 1.3', message=\"'Lightning Bolt' appears 2 times\", line=12)"
    )
    assert str(Problem("LV 1.1", "the deck has 99 cards")) == "the deck has 99 cards (LV 1.1)"
    with pytest.raises(dataclasses.FrozenInstanceError):
        problem.line = 3  # type: ignore[misc]


def test_every_check_cites_its_rules() -> None:
    from rulekeeper.mtg.formats.leveler import deck as module

    cited = {rule for name in dir(module) for rule in enforced_by(getattr(module, name))}
    assert cited == {"LV 1.1", "LV 1.2", "LV 1.3", "LV 1.4", "LV 1.5", "LV 1.6", "LV R1", "LV R2",
                     "LV R3", "LV R4", "LV R10"}  # fmt: skip


# LV 1.1 and LV R1: exactly 100 cards, no sideboard.


@pytest.mark.rule("LV 1.1", "LV R1")
@pytest.mark.parametrize(
    ("third", "size"), [("1 Forest\n18 Swamp", 99), ("1 Forest\n20 Swamp", 101)]
)
def test_deck_of_99_or_101_cards(
    small: CardIndex, banned: BannedList, third: str, size: int
) -> None:
    problems = check_deck(deck("50 Mountain", "30 Island", third, pad=False), small, banned)
    assert str(problems[0]) == f"the deck has {size} cards; a leveler deck has exactly 100 (LV 1.1)"
    assert rules(problems) == ["LV 1.1", "LV 1.2"]


@pytest.mark.rule("LV R1")
def test_no_sideboard(small: CardIndex, banned: BannedList) -> None:
    problems = check_deck(deck(extra="Sideboard\n1 Counterspell\n"), small, banned)
    assert [str(p) for p in problems] == [
        "line 7: the deck has a sideboard (1 card); a leveler deck is exactly its three sub-decks "
        "and has no sideboard (LV R1)"
    ]


# LV 1.2: sub-decks of exactly 50, 30 and 20.


@pytest.mark.rule("LV 1.2", "LV R1")
def test_sub_deck_sizes(small: CardIndex, banned: BannedList) -> None:
    decklist = deck("1 Forest\n50 Mountain", "29 Island", "20 Swamp", pad=False)  # 51/29/20
    assert decklist.size == 100
    assert [str(p) for p in check_deck(decklist, small, banned)] == [
        "line 1: sub-deck 1 has 51 cards; it must have exactly 50 (LV 1.2)",
        "line 4: sub-deck 2 has 29 cards; it must have exactly 30 (LV 1.2)",
    ]


@pytest.mark.rule("LV 1.2")
def test_wrong_number_of_sub_decks(small: CardIndex, banned: BannedList) -> None:
    decklist = parse_decklist("Sub-deck 1\n50 Island\nSub-deck 2\n50 Island\n", sub_decks=2)
    assert "the deck has 2 sub-decks; a leveler deck has 3 (LV 1.2)" in map(
        str, check_deck(decklist, small, banned)
    )


# LV 1.3 and LV R2: one of each card other than basic lands.


@pytest.mark.rule("LV 1.3")
def test_two_copies_on_one_line(small: CardIndex, banned: BannedList) -> None:
    problems = check_deck(deck("2 Lightning Bolt"), small, banned)
    assert [str(p) for p in problems] == [
        "line 2: 'Lightning Bolt' appears 2 times; a deck may hold only one of each card other "
        "than basic lands (LV 1.3)"
    ]


@pytest.mark.rule("LV 1.3")
def test_copies_across_sub_decks_and_spellings_count_together(
    small: CardIndex, banned: BannedList
) -> None:
    decklist = deck("1 Fire // Ice", "1 fire/ice", "1 Ice")
    problems = check_deck(decklist, small, banned)
    assert [str(p) for p in problems] == [
        "line 2: 'Fire // Ice' appears 3 times (lines 2, 5 and 8); a deck may hold only one of "
        "each card other than basic lands (LV 1.3)"
    ]


@pytest.mark.rule("LV 1.3")
def test_only_basic_lands_are_exempt(small: CardIndex, banned: BannedList) -> None:
    problems = check_deck(deck("2 Dryad Arbor\n2 Ancient Tomb"), small, banned)
    assert rules(problems) == ["LV 1.3", "LV 1.3"]


# LV R10: cards whose own text sets their limit.


@pytest.mark.rule("LV R10")
@pytest.mark.rule("LV 1.3")
@pytest.mark.parametrize(
    "lines", ["20 Relentless Rats", "40 Shadowborn Apostle", "7 Seven Dwarves", "9 Nazgul"]
)
def test_a_card_may_appear_as_often_as_its_text_allows(
    real: CardIndex, banned: BannedList, lines: str
) -> None:
    # CR 100.2a and 101.1: the card's text ("A deck can have any number of cards named ...")
    # wins over the one-of-each rule.
    assert check_deck(deck(lines), real, banned) == []


@pytest.mark.rule("LV R10")
def test_no_more_than_its_text_allows_across_sub_decks(real: CardIndex, banned: BannedList) -> None:
    problems = check_deck(deck("4 Seven Dwarves", "", "4 seven dwarves"), real, banned)
    assert [str(p) for p in problems] == [
        "line 2: 'Seven Dwarves' appears 8 times (lines 2 and 7); its own text lets a deck hold "
        "at most 7 (LV R10)"
    ]
    problems = check_deck(deck("10 Nazgûl"), real, banned)
    assert [str(p) for p in problems] == [
        "line 2: 'Nazgûl' appears 10 times; its own text lets a deck hold at most 9 (LV R10)"
    ]


@pytest.mark.rule("LV R10")
def test_a_card_that_allows_only_one_is_a_singleton(real: CardIndex, banned: BannedList) -> None:
    problems = check_deck(deck("2 Once More with Feeling"), real, banned)
    assert rules(problems) == ["LV 1.3"]


@pytest.mark.rule("LV R10")
def test_every_listed_card_is_in_the_card_index(real: CardIndex) -> None:
    from rulekeeper.mtg.formats.leveler.limits import OWN_LIMITS

    assert [name for name in OWN_LIMITS if name not in real] == []


@pytest.mark.rule("LV 1.3", "LV R2")
def test_any_number_of_basic_lands_including_snow_and_wastes(
    small: CardIndex, banned: BannedList
) -> None:
    decklist = deck(
        "25 Snow-Covered Mountain\n5 Wastes\n5 Plains\n5 Forest", "15 Snow-Covered Island"
    )
    assert check_deck(decklist, small, banned) == []


# LV 1.4 and LV R3: real Magic cards, any of them.


@pytest.mark.rule("LV 1.4")
def test_unknown_card_with_a_suggestion(small: CardIndex, banned: BannedList) -> None:
    problems = check_deck(deck("1 Lightning Blot\n1 Xyzzy Plugh"), small, banned)
    assert [str(p) for p in problems] == [
        "line 2: 'Lightning Blot' is not a Magic card; did you mean 'Lightning Bolt'? (LV 1.4)",
        "line 3: 'Xyzzy Plugh' is not a Magic card (LV 1.4)",
    ]


@pytest.mark.rule("LV 1.4")
def test_a_face_shared_by_two_cards_is_ambiguous(small: CardIndex, banned: BannedList) -> None:
    problems = check_deck(deck("1 Start"), small, banned)
    assert [str(p) for p in problems] == [
        "line 2: 'Start' is not a Magic card; did you mean 'Start // Finish' or 'Start // Fire'? "
        "(LV 1.4)"
    ]


@pytest.mark.rule("LV 1.4", "LV R3")
def test_any_card_in_the_index_is_legal_unless_banned(real: CardIndex, banned: BannedList) -> None:
    # Read literally, "cards from all Magic sets are legal": an Un-card and a card from a
    # Commander product are as legal as any other.
    decklist = deck("1 Gleemax\n1 Sol Ring // Sol Ring", "1 Jeska's Will")
    problems = check_deck(decklist, real, banned)
    assert [str(p) for p in problems] == [
        "line 3: 'Sol Ring // Sol Ring' is not a Magic card; did you mean 'Sol Ring'? (LV 1.4)"
    ]


# LV 1.5 and LV R4: the Legacy banned list, wholesale categories included.


@pytest.mark.rule("LV 1.5", "LV R4")
@pytest.mark.parametrize(
    ("line", "message"),
    [
        ("1 Black Lotus", "'Black Lotus' is banned in Legacy (list of 2025-11-10)"),
        (
            "1 Backup Plan",
            "'Backup Plan' is banned in Legacy, which bans cards with the Conspiracy card type "
            "(list of 2025-11-10)",
        ),
        (
            "1 Marchesa's Surprise Party",
            "'Marchesa's Surprise Party' is banned in Legacy, which bans cards with the "
            "Conspiracy card type (list of 2025-11-10)",
        ),
        (
            "1 Contract from Below",
            "'Contract from Below' is banned in Legacy, which bans cards that refer to playing "
            "for ante (list of 2025-11-10)",
        ),
        (
            "1 Invoke Prejudice",
            "'Invoke Prejudice' is banned in Legacy, which bans cards whose art, text or name "
            "is racist or culturally offensive (banned in all formats) (list of 2025-11-10)",
        ),
        (
            "1 _____ Goblin",
            "'________ Goblin' is banned in Legacy, which bans cards that bring a sticker or an "
            "Attraction into the game (list of 2025-11-10)",
        ),
        (
            "1 A Good Day to Pie",
            "'A Good Day to Pie' is banned in Legacy, which bans cards that bring a sticker or "
            "an Attraction into the game (list of 2025-11-10)",
        ),
    ],
)
def test_legacy_bans(small: CardIndex, banned: BannedList, line: str, message: str) -> None:
    assert [str(p) for p in check_deck(deck(line), small, banned)] == [
        f"line 2: {message} (LV 1.5)"
    ]


@pytest.mark.rule("LV 1.5", "LV R4")
def test_recent_legacy_bans_with_the_real_data(real: CardIndex, banned: BannedList) -> None:
    decklist = deck("1 Entomb\n1 Nadu, Winged Wisdom\n1 Troll of Khazad-dum\n1 Psychic Frog")
    assert [(p.rule, p.line) for p in check_deck(decklist, real, banned)] == [
        ("LV 1.5", 2),
        ("LV 1.5", 3),
        ("LV 1.5", 4),
        ("LV 1.5", 5),
    ]


@pytest.mark.rule("LV R4")
def test_unbanned_cards_are_legal(small: CardIndex, banned: BannedList) -> None:
    assert check_deck(deck("1 Mind's Desire"), small, banned) == []  # unbanned 2023-08-07


# LV 1.6: the five cards Leveler bans by name.


@pytest.mark.rule("LV 1.6")
@pytest.mark.parametrize("name", NAMED_BANS)
def test_named_bans(small: CardIndex, banned: BannedList, name: str) -> None:
    assert [str(p) for p in check_deck(deck(f"1 {name}"), small, banned)] == [
        f"line 2: '{name}' is banned in Leveler (LV 1.6)"
    ]


@pytest.mark.rule("LV 1.6")
def test_named_bans_whatever_the_spelling(small: CardIndex, banned: BannedList) -> None:
    problems = check_deck(deck("1 thassa\u2019s oracle"), small, banned)
    assert [str(p) for p in problems] == ["line 2: 'Thassa's Oracle' is banned in Leveler (LV 1.6)"]


@pytest.mark.rule("LV R10")
def test_the_deck_checker_accepts_relentless_rats(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from rulekeeper.cli import main

    path = tmp_path / "rats.txt"
    path.write_text(
        "Sub-deck 1\n30 Relentless Rats\n20 Swamp\nSub-deck 2\n7 Seven Dwarves\n23 Mountain\n"
        "Sub-deck 3\n20 Swamp\n",
        encoding="utf-8",
    )
    assert main(["deck", "check", "--format", "leveler", str(path)]) == 0
    path.write_text(
        path.read_text(encoding="utf-8").replace("23 Mountain", "1 Seven Dwarves\n22 Mountain")
    )
    assert main(["deck", "check", "--format", "leveler", str(path)]) == 1
    assert "at most 7 (LV R10)" in capsys.readouterr().out
