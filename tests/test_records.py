"""Game records and ``rulekeeper replay`` (DESIGN: "Notation, records and people at the
table")."""

from __future__ import annotations

from pathlib import Path

import pytest

from rulekeeper.cli import main
from rulekeeper.errors import InputError
from rulekeeper.games import FORMATS
from rulekeeper.records import HeaderError, Record, replay


def _recorded(tmp_path: Path, key: str, *extra: str) -> Path:
    """Play a bot game of ``key`` with ``--record``; return the record's path."""
    record = tmp_path / f"{key}.record"
    players = str(FORMATS[key].players[0] + (1 if key in ("vortex", "stockpile") else 0))
    args = ["play", key, "--seed", "4", "--players", players, "--record", str(record), *extra]
    assert main(args) == 0
    return record


@pytest.mark.parametrize("key", sorted(FORMATS))
def test_a_record_replays_to_the_same_log_and_final_state(
    key: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = _recorded(tmp_path, key)
    played = capsys.readouterr().out
    assert main(["replay", str(path)]) == 0
    replayed = capsys.readouterr().out
    # The play command's first line is its title; the rest is the log and the result.
    assert played.split("\n", 1)[1] == replayed
    # The final state too: the record's moves from its setup give the game the bots played.
    record = Record.parse(path.read_text(encoding="utf-8"))
    entry = FORMATS[key]
    game = entry.new_game(record.seed, record.players, record.variant)
    agents = [entry.agents["heuristic"](record.seed * 101 + seat) for seat in range(record.players)]
    from rulekeeper.engine.agents import play

    play(game, agents)
    assert replay(record).dumps() == game.dumps()


def test_the_header_names_format_players_seed_and_version(tmp_path: Path) -> None:
    path = _recorded(tmp_path, "dominion", "--kingdom", "first-game")
    header = path.read_text(encoding="utf-8").split("\n\n", 1)[0].splitlines()
    keys = [line.split(":")[0] for line in header]
    assert keys == ["Format", "Players", "Seed", "Kingdom", "Version", "Result"]


def test_a_kingdom_named_as_a_variant_still_plays_with_a_deprecation_message(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (tmp_path / "new").mkdir()
    (tmp_path / "old").mkdir()
    new = _recorded(tmp_path / "new", "dominion", "--kingdom", "first-game")
    played = capsys.readouterr()
    old = _recorded(tmp_path / "old", "dominion", "--variant", "first-game")
    deprecated = capsys.readouterr()
    assert deprecated.err == (
        "rulekeeper: --variant first-game is deprecated: a named kingdom is chosen with "
        "--kingdom first-game\n"
    )
    assert deprecated.out == played.out
    assert old.read_text(encoding="utf-8") == new.read_text(encoding="utf-8")


def test_a_record_of_0_1_0_naming_its_kingdom_as_its_variant_replays(tmp_path: Path) -> None:
    path = _recorded(tmp_path, "dominion", "--kingdom", "first-game")
    text = path.read_text(encoding="utf-8")
    old = Record.parse(text.replace("Kingdom: first-game", "Variant: first-game"))
    assert old.variant == "first-game"
    assert replay(old).dumps() == replay(Record.parse(text)).dumps()


def test_an_unknown_kingdom_is_refused_at_its_header_line() -> None:
    record = Record.parse("Format: dominion\nPlayers: 2\nSeed: 1\nKingdom: nope\n")
    with pytest.raises(HeaderError, match=r"^Dominion has no kingdom 'nope'") as caught:
        record.start()
    assert caught.value.line == 4
    with pytest.raises(InputError, match="Risk & Resource has no named kingdoms"):
        FORMATS["rr"].new_game(1, 2, kingdom="first-game")


def _broken(tmp_path: Path, line: int, move: str) -> Path:
    """The Dominion record of seed 4 with its ``line``-th line replaced by ``move``."""
    path = _recorded(tmp_path, "dominion")
    lines = path.read_text(encoding="utf-8").splitlines()
    lines[line - 1] = move
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


@pytest.mark.rule("DM 2.3")
def test_an_illegal_move_stops_the_replay_with_its_line_and_rule(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = _broken(tmp_path, 7, "Player 1 buys Province")  # with at most $5
    capsys.readouterr()
    assert main(["replay", str(path)]) == 1
    error = capsys.readouterr().err
    assert f"{path}:7: move 'Player 1 buys Province' breaks DM 2.3" in error


def test_a_move_that_names_nothing_stops_the_replay_with_a_suggestion(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = _broken(tmp_path, 7, "Player 2 buyz Silver")
    capsys.readouterr()
    assert main(["replay", str(path)]) == 1
    error = capsys.readouterr().err
    assert f"{path}:7:" in error
    assert "did you mean" in error


def test_a_malformed_header_is_refused_with_its_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "bad.record"
    path.write_text("Format: dominion\nPlayers two\n\n", encoding="utf-8")
    assert main(["replay", str(path)]) == 2  # an unusable header, as the README says
    assert f"{path}:2:" in capsys.readouterr().err


def test_an_unreadable_record_is_unusable(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["replay", str(tmp_path / "missing.record")]) == 2
    (tmp_path / "binary.record").write_bytes(b"\xff\xfe\x00")
    assert main(["replay", str(tmp_path / "binary.record")]) == 2
    assert "cannot read the record" in capsys.readouterr().err


def test_a_record_made_here_reads_back() -> None:
    record = Record("stockpile", players=3, seed=2, cube=["Forest", "Island"], moves=["x"])
    assert Record.parse(record.text()) == record
