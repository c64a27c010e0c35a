"""The kernel's seat (``engine/seats.py``): one status for a player in every game, who is still in
the game worked out from it once, and saves that keep the flags they always held."""

from __future__ import annotations

import json
from typing import Any

import pytest

from rulekeeper.engine import seats
from rulekeeper.engine.game import Game
from rulekeeper.engine.seats import LEFT, LOST, PLAYING, Seat
from rulekeeper.games import FORMATS, load_game
from rulekeeper.mtg.game import MagicGame
from rulekeeper.mtg.state import PlayerState as MagicPlayer
from rulekeeper.riskres.game import RiskGame
from rulekeeper.riskres.state import PlayerState as RiskPlayer


def test_a_status_only_moves_forward() -> None:
    seat = Seat(0, "Ann")
    assert (seat.status, seat.playing, seat.left) == (PLAYING, True, False)
    seat.lose()
    assert (seat.status, seat.playing, seat.left) == (LOST, False, False)
    seat.leave()
    seat.lose()  # losing again does not bring a player back to the table
    assert (seat.status, seat.playing, seat.left) == (LEFT, False, True)


def test_in_game_counts_only_the_players_still_playing() -> None:
    table = [Seat(i, name) for i, name in enumerate(["Ann", "Bo", "Cy", "Di"])]
    table[1].lose()
    table[3].lose()
    table[3].leave()
    assert seats.in_game(table) == [0, 2]


def test_the_magic_model_counts_the_players_in_game_as_the_kernel_lists_them() -> None:
    # MagicGame.more_in_game_than counts without making the list (every pass asks it).
    game = FORMATS["vortex"].new_game(3, 3)
    assert isinstance(game, MagicGame)
    for seat in (1, 2):
        game.table.players[seat].lose()
        assert len(game.in_game()) == 3 - seat
        assert [game.more_in_game_than(n) for n in range(3)] == [
            len(game.in_game()) > n for n in range(3)
        ]


def test_every_game_s_player_is_a_seat() -> None:
    assert issubclass(MagicPlayer, Seat)
    assert issubclass(RiskPlayer, Seat)
    assert MagicPlayer(0, "Ann", 20).status == RiskPlayer(0, "Ann").status == PLAYING


@pytest.mark.parametrize(
    ("lost", "left", "status"),
    [(False, False, PLAYING), (True, False, LOST), (True, True, LEFT)],
)
def test_a_magic_player_is_made_from_the_flags_a_save_holds(
    lost: bool, left: bool, status: str
) -> None:
    player = MagicPlayer(1, "Bo", 20, lost=lost, left=left)
    assert (player.status, player.lost, player.left) == (status, lost, left)


@pytest.mark.parametrize(
    ("lost", "left", "status"),
    [("", False, PLAYING), ("RR 9.2d", False, LOST), ("RR 11.1d", True, LEFT)],
)
def test_a_risk_player_is_made_from_the_rule_and_flag_a_save_holds(
    lost: str, left: bool, status: str
) -> None:
    player = RiskPlayer(1, "Bo", lost=lost, left=left)
    assert (player.status, player.lost, player.left) == (status, lost, left)


def _three_player_save(key: str) -> dict[str, Any]:
    game = FORMATS[key].new_game(3, 3)
    data: dict[str, Any] = json.loads(game.dumps())
    return data


@pytest.mark.parametrize(
    ("key", "lost"),
    [("vortex", True), ("stockpile", True), ("rr", "RR 9.2d")],
)
def test_a_save_with_a_lost_and_a_departed_player_loads_and_saves_back_unchanged(
    key: str, lost: object
) -> None:
    # A save names a player's standing by the flags it always did (``lost``, ``left``): one
    # written before seats had one status loads into the status it means, and saves back as it
    # was.
    data = _three_player_save(key)
    data["players"][1].update(lost=lost, left=False)
    data["players"][2].update(lost=lost, left=True)
    game: Game = load_game(json.dumps(data))
    assert isinstance(game, MagicGame | RiskGame)
    statuses = [p.status for p in game.table.players]
    assert statuses == [PLAYING, LOST, LEFT]
    assert game.in_game() == [0]
    assert json.loads(game.dumps())["players"] == data["players"]


def test_a_risk_player_who_loses_is_out_of_the_game_at_once() -> None:
    # The game keeps who is in the game and each player's opponents; a loss must drop both, not
    # only a departure, or a player who lost would still be counted until they leave.
    game = FORMATS["rr"].new_game(3, 3)
    assert isinstance(game, RiskGame)
    assert game.in_game() == [0, 1, 2]
    assert game.opponents(0) == [1, 2]
    game.mark_lost(1, "RR 9.2d")
    assert game.table.players[1].status == LOST
    assert game.table.players[1].lost == "RR 9.2d"
    assert game.in_game() == [0, 2]
    assert game.opponents(0) == [2]
    game.mark_lost(1, "RR 11.1d")
    assert game.table.players[1].lost == "RR 9.2d"  # the first rule it came under stays
