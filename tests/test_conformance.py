"""The conformance suite over every registered format (DESIGN: "The conformance suite")."""

from __future__ import annotations

import pytest

from rulekeeper.engine.conformance import check_format, check_game
from rulekeeper.games import FORMATS

# Games per format: the issues ask for at least 500 seeded Leveler games and 500 Vortex games
# across two to five players (the suite cycles through every allowed player count), and 1000
# two-player Risk & Resource games.
GAMES = {"leveler": 500, "vortex": 500, "rr": 1000}


@pytest.mark.parametrize("key", sorted(FORMATS))
def test_seeded_random_games_break_no_invariant(key: str) -> None:
    entry = FORMATS[key]
    low, high = entry.players
    report = check_format(
        entry.new_game,
        entry.invariants,
        name=key,
        games=GAMES.get(key, 200),
        players=tuple(range(low, high + 1)),
    )
    assert report.violations == []
    assert report.games == GAMES.get(key, 200)
    assert sum(report.results.values()) == report.games


def test_the_suite_can_fail() -> None:
    """A format whose invariant is broken must be reported, or the suite proves nothing."""
    entry = FORMATS["leveler"]
    run = check_game(entry.new_game, lambda game: ["always broken"], seed=0, players=2)
    assert run.violations == ["seed 0 step 1: always broken"]
