"""``rulekeeper play FORMAT --human SEAT``: a person at the table, driven by scripted input."""

from __future__ import annotations

import io
import sys
from pathlib import Path

import pytest

from rulekeeper.cli import main
from rulekeeper.cli.human import Human, Terminal
from rulekeeper.engine.agents import play
from rulekeeper.engine.game import Game, player_names
from rulekeeper.games import FORMATS
from rulekeeper.notation import notation
from rulekeeper.position import position
from rulekeeper.records import Record, replay


class _FirstMove(io.StringIO):
    """A person who types the first move listed, in short: without their name, lower case."""

    def __init__(self, game: Game, shown: io.StringIO) -> None:
        super().__init__()
        self.game, self.shown = game, shown
        self.typed: list[str] = []

    def readline(self, size: int | None = -1) -> str:
        # A move refused would be typed again for ever: stop at the first refusal instead.
        last = self.shown.getvalue().rsplit("> ", 1)[-1]
        assert not last.startswith(("refused", "no legal move", "'")), last
        move = notation(self.game).moves()[0].text
        name = player_names(self.game)[self.game.current_player()]
        self.typed.append(move.removeprefix(name + " ").lower())
        return self.typed[-1] + "\n"


@pytest.mark.parametrize("key", sorted(FORMATS))
def test_a_person_can_play_a_whole_game_of_every_format(key: str) -> None:
    entry = FORMATS[key]
    game = entry.new_game(3, entry.players[0])
    shown = io.StringIO()
    reader = _FirstMove(game, shown)
    agents = [Human(Terminal(game, reader, shown), 0), entry.agents["heuristic"](1)]
    agents += [entry.agents["heuristic"](seat) for seat in range(2, entry.players[0])]
    assert play(game, agents).result in ("win", "draw")
    assert reader.typed, "the person was never asked"
    assert "your moves:" in shown.getvalue()


def _session(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], typed: str, *args: str
) -> tuple[int, str]:
    monkeypatch.setattr(sys, "stdin", io.StringIO(typed))
    status = main(["play", *args])
    return status, capsys.readouterr().out


def test_help_moves_rules_refusals_and_quit_with_a_record(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    record = tmp_path / "stopped.record"
    typed = f"help\nmoves\nrule dm 2.3\nbuy provi\nbuy xilver\nbuy c\nbuy sil\nquit {record}\n"
    status, out = _session(
        monkeypatch, capsys, typed, "dominion", "--seed", "1", "--kingdom", "first-game",
        "--human", "2",
    )  # fmt: skip
    assert status == 0
    assert "quit [FILE]" in out  # help
    assert "  Player 2 buys Silver" in out  # the moves, listed
    assert "DM 2.3 (The Buy phase):" in out  # the rule
    assert "refused: Player 2 buys Province breaks DM 2.3: Province costs $8" in out
    assert "did you mean 'Player 2 buys Silver'" in out
    assert "is ambiguous" in out
    assert "turn 1: Player 2 buys Silver (DM 2.3)" in out
    saved = Record.parse(record.read_text(encoding="utf-8"))
    assert saved.result == "unfinished"
    assert saved.moves[0] == "Player 2 buys Silver"
    assert replay(saved).outcome is None


def test_the_end_of_the_input_stops_the_game(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    status, out = _session(monkeypatch, capsys, "", "leveler", "--human", "1")
    assert status == 0
    assert "the game is stopped" in out


def test_a_person_sees_the_position_as_the_pages_write_it(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    game = FORMATS["rr"].new_game(0, 2)  # as the command sets it up, before anyone decides
    me = game.current_player()
    _, out = _session(
        monkeypatch, capsys, "view\nquit\n", "rr", "--seed", "0", "--human", str(me + 1)
    )
    seen = position(game, viewer=me)
    assert out.count(seen) == 2  # before the moves, and again for "view"
    assert "Format: rr\nSeed: 0\nTurn: 1" in out
    # Not the view's raw fields.
    assert "you: " not in out
    assert "step: " not in out
    # The other player's hand is a count, their library too; the whole position names them.
    assert f"Player {2 - me}: hand 7; library 33" in out
    theirs = [line for line in position(game).splitlines() if line.startswith(f"Player {2 - me}:")]
    assert theirs[0] not in out


def test_a_person_sees_the_legal_moves_in_the_notation(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    game = FORMATS["dominion"].new_game(1, 2, kingdom="first-game")
    _, out = _session(
        monkeypatch, capsys, "quit\n", "dominion", "--seed", "1", "--kingdom", "first-game",
        "--human", "2",
    )  # fmt: skip
    listed = out.split("your moves:\n", 1)[1].split("Player 2> ", 1)[0].splitlines()
    assert [line.strip() for line in listed] == [m.text for m in notation(game).moves()]


def test_a_seat_that_is_not_at_the_table_is_refused(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    status = main(["play", "leveler", "--human", "3"])
    assert status == 2
    assert "the seats are 1 to 2" in capsys.readouterr().err


def test_the_terminal_tells_a_person_only_what_their_player_may_see() -> None:
    """A card Alice puts onto her deck from her hand (Courtyard) is named to her alone: a
    person at Bob's seat reads that she put a card there, and never which."""
    from rulekeeper.notation import push
    from rulekeeper.position import from_position

    game = from_position(
        "Format: dominion\nSeed: 1\nActions: 1\nBuys: 1\n"
        "Kingdom: Cellar, Courtyard, Market, Merchant, Militia, Mine, Moat, Remodel, Smithy,"
        " Village\n\n"
        "Alice: turns 1; hand Courtyard, Gold, 3 Copper; deck 5 Estate\n"
        "Bob: hand 5 Copper; deck 5 Estate\n"
    )
    push(game, "Alice plays Courtyard")
    push(game, "Alice chooses Gold")
    bob = Terminal(game, io.StringIO(), io.StringIO(), seats=[1]).news()
    alice = Terminal(game, io.StringIO(), io.StringIO(), seats=[0]).news()
    assert "Gold" in alice
    assert "puts a card from hand onto their deck" in bob
    assert "Gold" not in bob
