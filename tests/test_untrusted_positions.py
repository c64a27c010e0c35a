"""Positions are untrusted input (issue 34): any text builds a game that can go on, or is
refused with a PositionError naming the line at fault; never another exception.

Each case is the exact input that escaped before its fix.
"""

from __future__ import annotations

import pytest

from rulekeeper.engine.position import MAX_CARDS, PositionError
from rulekeeper.position import from_position

TWO_LEVELER = "\n\nAlice: life 30\nBob: life 30\n"


@pytest.mark.parametrize(
    ("text", "error"),
    [
        # int() refuses more than 4,300 digits with a ValueError
        ("Format: leveler\nTurn: " + "9" * 5000 + TWO_LEVELER, r"position:2: Turn has more"),
        # '²' passes str.isdigit(), and int() refuses it
        ("Format: leveler\nTurn: ²" + TWO_LEVELER, r"position:2: Turn must be a number"),
        ("Format: leveler\n\nAlice: life ²\nBob: life 30\n", r"position:3: Alice's life"),
        ("Format: leveler\n\nAlice: life " + "9" * 5000 + "\nBob: life 30\n", r"position:3:"),
        ("Format: rr\nSeed: " + "1" * 5000 + "\n\nAlice: ep 1\nBob: ep 1\n", r"position:2: Seed"),
    ],
)
def test_a_number_int_cannot_read_is_refused_with_its_line(text: str, error: str) -> None:
    with pytest.raises(PositionError, match=error):
        from_position(text)


@pytest.mark.parametrize(
    "text",
    [
        "Format: dominion\nKingdom: Village\n\nA: hand 99999999999 Copper\nB: turns 0\n",
        "Format: dominion\nKingdom: Village\nSupply: 99999999999 Copper\n\nA: turns 0\nB:\n",
        "Format: leveler\n\nA: library " + ", ".join(["9000 Forest"] * 3) + "\nB: life 30\n",
    ],
)
def test_an_absurd_card_count_is_refused_before_any_card_is_made(text: str) -> None:
    # Before: a MemoryError, or 26 s of work, spelling the copies out.
    with pytest.raises(PositionError, match=r"position:\d+: .*(more than 9 digits|at most 10000)"):
        from_position(text)


def test_the_card_bound_is_the_one_documented() -> None:
    text = f"Format: leveler\n\nA: library {MAX_CARDS + 1} Forest\nB: life 30\n"
    with pytest.raises(PositionError, match=f"at most {MAX_CARDS} cards"):
        from_position(text)


@pytest.mark.parametrize(
    "head",
    [
        "Format: vortex\n",  # mtg/position.py read State lines with json.loads
        "Format: stockpile\n",
        "Format: dominion\nKingdom: Village\n",  # so did dominion/position.py
    ],
)
def test_a_deeply_nested_state_line_is_refused_with_its_line(head: str) -> None:
    lines = head.count("\n") + 1
    text = head + "State x: " + "[" * 100_000 + "]" * 100_000 + "\n\nA: life 20\nB: life 20\n"
    with pytest.raises(PositionError, match=rf"position:{lines}: State x must be JSON \(nested"):
        from_position(text)


def test_a_state_line_with_nan_is_refused_as_a_save_would_be() -> None:
    text = "Format: vortex\nState basics: [NaN, 3]\n\nA: life 20\nB: life 20\n"
    with pytest.raises(PositionError, match=r"position:2: .*NaN is not a JSON number"):
        from_position(text)


def test_a_vortex_pack_written_twice_is_refused_with_its_line() -> None:
    # The player's pack field and a Zone line for the same pack: zip(strict=True) escaped.
    text = "Format: vortex\nZone pack 0: Shock\n\nA: pack Shock, Shock\nB: life 20\n"
    with pytest.raises(PositionError, match=r"position:2: Zone pack 0: A's line already"):
        from_position(text)


def _draft_position(old: str, new: str) -> str:
    from rulekeeper.games import FORMATS
    from rulekeeper.position import position

    text = position(FORMATS["dominion-draft"].new_game(1, 2))
    assert old in text
    return text.replace(old, new)


# Texts that built impossible games before positions were held to a save's checks (the save
# loader refused most of them afterwards); each is refused now with the save's own reason.
@pytest.mark.parametrize(
    ("text", "error"),
    [
        (
            "Format: dominion\nKingdom: Village\nSupply: 100 Copper\n\nA: turns 0\nB: turns 0\n",
            "the Copper pile holds more cards than it started with",
        ),
        (
            "Format: dominion\nKingdom: Village\n\nA: aside Copper\nB: turns 0\n",
            "cards left set aside after every effect ended",
        ),
        (
            "Format: vortex\nZone pack 1: 8 Forest\n\nA: life 20\nB: life 20\n",
            "pack:1 holds 8 cards",
        ),
        (
            "Format: stockpile\nZone stockpile 1: 5024 Forest\n\nA: life 20\nB: life 20\n",
            "stockpile:1 holds 5024 cards",
        ),
        (
            "Format: leveler\n\nA: life 30; outside_2 Forest\nB: life 30\n",
            r"position:3: the position cannot be played on: zones\[\"outside:0:2\"\]: holds 1 "
            r"cards, not 0 or 30 \(LV 1.2\)",
        ),
        (
            _draft_position('State draft.piles: [["Witch"', "State draft.piles: [[5"),
            r"position:\d+: .*variant_state.draft.piles\[0\]\[0\]",
        ),
        (
            _draft_position('State draft.names: ["Player 1", "Player 2"]', "State draft.names: []"),
            "the draft is not one of 2 players",
        ),
    ],
)
def test_a_position_is_held_to_the_checks_of_a_save(text: str, error: str) -> None:
    with pytest.raises(
        PositionError, match=rf"the position cannot be played on: .*{error}|{error}"
    ):
        from_position(text)


def test_a_position_that_builds_can_go_on_and_its_save_loads() -> None:
    from rulekeeper.engine.game import Game

    text = (
        "Format: vortex\nZone pack 1: 7 Forest\n\nAlice: hand Shock; battlefield Mountain\nBob:\n"
    )
    game = from_position(text)
    assert game.legal_actions()
    assert isinstance(type(game).loads(game.dumps()), Game)


@pytest.mark.parametrize(
    ("head", "message"),
    [
        ("Format: vortex\nState colour: 1\n", r"position:2: Vortex Based Magic keeps no 'colour'"),
        ("Format: leveler\nState drafts: []\n", r"position:2: Leveler keeps no 'drafts' \(its "
         r"State lines: nothing\)"),
        ("Format: vortex\nState phase: \"play\"\nState drafts: 5\n",
         r"position:3: the position cannot be played on: variant_state.drafts: 5 is not of type"),
        ("Format: stockpile\nState damage_seen: [-1]\n",
         r"position:2: .*variant_state.damage_seen\[0\]: -1 is less than the minimum of 0"),
    ],
)  # fmt: skip
def test_a_state_line_the_format_does_not_keep_is_refused_with_its_line(
    head: str, message: str
) -> None:
    # A format keeps its bookkeeping as typed state: a State line is one of its fields, of the
    # type its save declares, or the position is refused at that line.
    with pytest.raises(PositionError, match=message):
        from_position(head + "\nA: life 20\nB: life 20\n")
