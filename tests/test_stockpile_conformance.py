"""Stockpile Draft conformance at every player count it allows (SD 1.4).

On top of the suite's own checks (tests/test_conformance.py) and the format's invariants
(hidden cards never in a view that may not see them, pile cards owned by nobody, Junk only
where SD R11 allows it), every step checks that each card of the cube, the junkpile and the
landpile is in exactly one zone, that stockpiles only ever shrink, from the top, and the
landpile only shrinks, that the final round begins only once the landpile or three stockpiles
have run out (SD 6.5), and that no player has more damage counted for Junk than they have taken
(SD 6.6). The soak run (`nox -s soak`, run by CI) plays
at least 300 seeded games over every table size; the default session plays one game each
at two, five and eight players (the suite's own sample covers every table size).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable

import pytest

from rulekeeper.engine.conformance import check_game
from rulekeeper.engine.game import Game
from rulekeeper.games import FORMATS
from rulekeeper.mtg.formats.stockpile import (
    JUNKPILE_SIZE,
    LANDPILE,
    LANDS_PER_TYPE_PER_PLAYER,
    PLAYERS,
    STOCKPILE_SIZE,
    STOCKPILE_ZONES,
    STOCKPILES,
)
from rulekeeper.mtg.formats.stockpile.piles import is_end_reached
from rulekeeper.mtg.game import MagicGame

ENTRY = FORMATS["stockpile"]
PLAYER_COUNTS = tuple(range(PLAYERS[0], PLAYERS[1] + 1))
SOAK_GAMES = 315  # 45 at each of the seven table sizes
SOAK_FIRST_SEED = 0
SAMPLE_FIRST_SEED = 200_000


def stockpile_invariants() -> Callable[[Game], list[str]]:
    """The format's invariants, plus the checks that need the game's history: one closure a
    game, remembering what it saw at the previous step."""
    seen: dict[str, list[int]] = {}
    counted: dict[str, Counter[str]] = {}

    def check(game: Game) -> list[str]:
        assert isinstance(game, MagicGame)
        problems = ENTRY.invariants(game)
        zones = game.table.zones
        placed = [c for ids in zones.values() for c in ids]
        if sorted(placed) != list(range(len(game.table.cards))):
            problems.append("a card of the cube, the junkpile or the landpile is not in one zone")
        names = Counter(c.name for c in game.table.cards)
        players = len(game.table.players)
        if names["Junk"] != JUNKPILE_SIZE:
            problems.append(f"{names['Junk']} Junk cards instead of {JUNKPILE_SIZE}")
        lands = sum(n for name, n in names.items() if _basic(name))
        if lands != 5 * LANDS_PER_TYPE_PER_PLAYER * players:
            problems.append(f"{lands} basic lands in the game")
        if len(game.table.cards) - names["Junk"] - lands != STOCKPILES * STOCKPILE_SIZE:
            problems.append("the cube's 150 cards are not all in the game")
        if counted and counted["all"] != names:
            problems.append("a card changed its name")
        counted["all"] = names
        for zone in (*STOCKPILE_ZONES, LANDPILE):
            before, now = seen.get(zone), zones[zone]
            if before is not None and not set(now) <= set(before):
                problems.append(f"{zone} grew or changed below its top")
            if before is not None and zone != LANDPILE and now != before[: len(now)]:
                problems.append(f"{zone} grew or changed below its top")
            seen[zone] = list(now)
        # SD 6.5: the final round only once the landpile or three stockpiles have run out.
        if game.variant.state.final_round and not is_end_reached(game):
            problems.append("a final round before the end of SD 6.5 was reached")
        # SD 6.6: no more damage seen than taken.
        for seat, amount in enumerate(game.variant.state.damage_seen):
            if amount > game.table.players[seat].damage_taken:
                problems.append(f"player {seat} has more damage seen than taken")
        return problems

    return check


def _basic(name: str) -> bool:
    return name in ("Plains", "Island", "Swamp", "Mountain", "Forest")


def _play(seeds: range) -> None:
    violations: list[str] = []
    for seed in seeds:
        players = PLAYER_COUNTS[seed % len(PLAYER_COUNTS)]
        run = check_game(ENTRY.new_game, stockpile_invariants(), seed, players, ENTRY.vocabulary)
        violations += run.violations
    assert violations == []


# Blocks of seven seeds, one game at each table size: small enough that pytest-xdist keeps
# both workers busy to the end of the soak run (a game for eight takes many times one for two).
SOAK_BLOCK = len(PLAYER_COUNTS)


@pytest.mark.soak
@pytest.mark.parametrize("block", range(SOAK_GAMES // SOAK_BLOCK))
def test_seeded_games_break_no_stockpile_invariant(block: int) -> None:
    first = SOAK_FIRST_SEED + SOAK_BLOCK * block
    _play(range(first, first + SOAK_BLOCK))


@pytest.mark.parametrize("players", [PLAYERS[0], 5, PLAYERS[1]])
def test_a_sample_game_breaks_no_stockpile_invariant(players: int) -> None:
    run = check_game(ENTRY.new_game, stockpile_invariants(), SAMPLE_FIRST_SEED + players, players)
    assert run.violations == []


def test_the_checks_can_fail() -> None:
    """A stockpile that changes below its top must be reported, or the checks prove nothing."""
    game = ENTRY.new_game(1, 2)
    check = stockpile_invariants()
    assert check(game) == []
    zone = game.table.zones[STOCKPILE_ZONES[0]]
    zone[0], zone[1] = zone[1], zone[0]
    assert f"{STOCKPILE_ZONES[0]} grew or changed below its top" in check(game)


def test_the_redesigns_checks_can_fail() -> None:
    """A final round with lands left and three stockpiles full, or damage counted that was
    never taken, must be reported."""
    game = ENTRY.new_game(1, 3)
    check = stockpile_invariants()
    assert check(game) == []
    game.variant.state.final_round = True
    game.variant.state.damage_seen = [0, 4]
    problems = check(game)
    assert "a final round before the end of SD 6.5 was reached" in problems
    assert "player 1 has more damage seen than taken" in problems
