"""Game records are untrusted input (issue 34): ``rulekeeper replay`` ends with its documented
exit code and a message naming the line, never a traceback, a hang or minutes of work.

Exit codes: 0 the record replays to its ``Result``; 1 a move is refused, or the moves replay to
another result; 2 the record is unusable (the file, or a header that sets up no game).
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from rulekeeper.cli import main
from rulekeeper.games import FORMATS
from rulekeeper.records import MAX_MOVE_CHARS, HeaderError, Record, replay


def _run(tmp_path: Path, text: str, capsys: pytest.CaptureFixture[str]) -> tuple[int, str]:
    path = tmp_path / "game.record"
    path.write_text(text, encoding="utf-8")
    code = main(["replay", str(path)])
    return code, capsys.readouterr().err


@pytest.mark.parametrize(
    ("header", "line", "error"),
    [
        ("Format: leveler\nPlayers: 3\nSeed: 1\n", 2, "Leveler is played by 2 players"),
        ("Format: nope\nPlayers: 2\nSeed: 1\n", 1, "unknown format 'nope'"),
        ("Format: leveler\nPlayers: 2\nSeed: x\n", 3, "Seed must be a whole number"),
        ("Format: leveler\nPlayers: 2\nSeed: ²\n", 3, "Seed must be a whole number"),
        ("Format: leveler\nPlayers: 2\nSeed: " + "9" * 5000 + "\n", 3, "at most 30 digits"),
        ("Format: leveler\nPlayers: 2\nSeed: 1\nVariant: zz\n", 4, "no variant 'zz'"),
        ('Format: leveler\nPlayers: 2\nSeed: 1\nCube: ["Shock"]\n', 4, "not played from a cube"),
        # json.loads of the Cube line escaped with a RecursionError
        (
            "Format: stockpile\nPlayers: 2\nSeed: 1\nCube: " + "[" * 100_000 + "]" * 100_000,
            4,
            "Cube must be a JSON list",
        ),
    ],
)
def test_an_unusable_header_exits_2_naming_its_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], header: str, line: int, error: str
) -> None:
    code, err = _run(tmp_path, header + "\n", capsys)
    assert code == 2
    assert f"game.record:{line}: " in err
    assert error in err
    assert "Traceback" not in err


def test_a_header_error_from_the_api_names_the_line() -> None:
    record = Record.parse("Format: leveler\nPlayers: 3\nSeed: 1\n", source="x.record")
    with pytest.raises(HeaderError, match=r"x\.record:2: Leveler is played by 2"):
        replay(record)


def _played(key: str, seed: int) -> Record:
    """The record of a seeded bot game, as ``rulekeeper play --record`` writes it."""
    from rulekeeper.engine.agents import RandomAgent
    from rulekeeper.engine.game import player_names
    from rulekeeper.notation import describe

    entry = FORMATS[key]
    players = entry.players[0]
    game = entry.new_game(seed, players)
    record = Record(key, players=players, seed=seed)
    agents = [RandomAgent(seat) for seat in range(players)]
    while game.outcome is None:
        action = agents[game.current_player()].choose({}, game.legal_actions())
        record.moves.append(describe(game, action))
        game.apply(action)
    record.result = game.outcome.describe(player_names(game))
    return record


def test_a_record_cut_short_disagrees_with_its_result_and_exits_1(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    record = _played("leveler", 7)
    code, err = _run(tmp_path, record.text(), capsys)
    assert (code, err) == (0, "")
    record.moves = record.moves[:-3]  # cut short: before, this replayed with exit code 0
    code, err = _run(tmp_path, record.text(), capsys)
    assert code == 1
    assert "game.record:5: the record says the result is" in err
    assert "replay to 'unfinished': it was cut short or edited" in err


def test_an_edited_result_exits_1(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    record = _played("leveler", 7)
    record.result = "Player 2 won: by decree (LV 0.0)"
    code, err = _run(tmp_path, record.text(), capsys)
    assert code == 1
    assert "the record says the result is 'Player 2 won: by decree (LV 0.0)'" in err


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs here")
def test_a_fifo_is_refused_without_waiting(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    fifo = tmp_path / "game.record"
    os.mkfifo(fifo)  # nobody writes to it: reading it would wait forever
    assert main(["replay", str(fifo)]) == 2
    assert "not a regular file" in capsys.readouterr().err


def test_a_directory_is_refused(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["replay", str(tmp_path)]) == 2
    assert "cannot read the record" in capsys.readouterr().err


def test_a_50_mb_move_line_is_refused_at_once(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    text = "Format: leveler\nPlayers: 2\nSeed: 7\n\nPlayer 2 casts " + "Forest " * 7_000_000
    # Before: the notation read it, 19 s, and the error quoted all 50 MB.
    code, err = _run(tmp_path, text, capsys)
    assert code == 1
    assert (
        f"game.record:5: a move of 49000014 characters names no move (a move is at most "
        f"{MAX_MOVE_CHARS})" in err
    )
    assert len(err) < 500, "the error quoted the whole line"


def test_the_notation_finds_the_cards_and_players_a_text_names_by_their_whole_names() -> None:
    # _named now indexes the text's runs of words once instead of scanning the text per card
    # (a 50 MB move took 19 s); what it finds is what the scan found.
    from rulekeeper.notation import notation
    from rulekeeper.position import from_position

    game = from_position(
        "Format: leveler\n\nAlice: battlefield Grizzly Bears, Hill Giant, Mountain\n"
        "Bob: battlefield Grizzly Bears\n"
    )
    named = notation(game)._named(
        [["alice", "attacks", "with", "grizzly", "bears", "and", "hill", "giant"], ["bob"]]
    )
    names = sorted(game.table.cards[card].name for card in named.cards)
    assert names == ["Grizzly Bears", "Grizzly Bears", "Hill Giant"]
    assert named.players == (0, 1)
    alone = notation(game)._named([["grizzly", "giant", "mountains"]])
    assert (alone.cards, alone.players) == ((), ())
