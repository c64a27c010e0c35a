"""The conformance suite over every registered format (DESIGN: "The conformance suite")."""

from __future__ import annotations

import pytest

from rulekeeper.engine.conformance import check_format, check_game
from rulekeeper.engine.game import Action, Game
from rulekeeper.games import FORMATS
from rulekeeper.mtg.actions import Pass

# Games per format in the soak run (`nox -s soak`, which CI runs): the issues ask for at least
# 500 seeded Leveler games and 500 Vortex games across two to five players (the suite cycles
# through every allowed player count), 500 Dominion Draft games across two to six, and 1000
# two-player Risk & Resource games; Risk & Resource with more players has a file of its own
# (test_conformance_multiplayer.py). Stockpile Draft's soak run is its own file's
# (test_stockpile_conformance.py: 315 games with these checks and the ones that need a game's
# history), so it plays none here; any other format plays 200.
GAMES = {"leveler": 500, "vortex": 500, "dominion-draft": 500, "rr": 1000, "stockpile": 0}
PLAYER_COUNTS = {"rr": (2,)}

# A soak run is played in blocks of this many seeds, so that pytest-xdist can share one format's
# games among its workers (the seed picks the table size, so the blocks play one run's games).
SOAK_BLOCK = 50

# The default session plays a sample of each soak run, from other seeds than the soak run's
# first ones, so that the two together cover more games.
SAMPLE_GAMES = 12
SAMPLE_FIRST_SEED = 100_000


def _check_seeded_games(key: str, games: int, first_seed: int) -> None:
    entry = FORMATS[key]
    low, high = entry.players
    report = check_format(
        entry.new_game,
        entry.invariants,
        name=key,
        games=games,
        players=PLAYER_COUNTS.get(key, tuple(range(low, high + 1))),
        first_seed=first_seed,
        vocabulary=entry.vocabulary,
    )
    assert report.violations == []
    assert report.games == games
    assert sum(report.results.values()) == report.games


def _soak_blocks() -> list[tuple[str, int, int]]:
    """(format, first seed, games) for every block of every format's soak run."""
    blocks = []
    for key in sorted(FORMATS):
        total = GAMES.get(key, 200)
        blocks += [
            (key, first, min(SOAK_BLOCK, total - first)) for first in range(0, total, SOAK_BLOCK)
        ]
    return blocks


@pytest.mark.soak
@pytest.mark.parametrize(("key", "first_seed", "games"), _soak_blocks())
def test_seeded_random_games_break_no_invariant(key: str, first_seed: int, games: int) -> None:
    _check_seeded_games(key, games, first_seed=first_seed)


def test_soak_blocks_cover_every_seed_once() -> None:
    for key in FORMATS:
        seeds = [
            seed
            for block_key, first, games in _soak_blocks()
            if block_key == key
            for seed in range(first, first + games)
        ]
        assert seeds == list(range(GAMES.get(key, 200)))


@pytest.mark.parametrize("key", sorted(FORMATS))
def test_a_sample_of_seeded_games_breaks_no_invariant(key: str) -> None:
    _check_seeded_games(key, SAMPLE_GAMES, first_seed=SAMPLE_FIRST_SEED)


def test_the_suite_can_fail() -> None:
    """A format whose invariant is broken must be reported, or the suite proves nothing."""
    entry = FORMATS["leveler"]
    run = check_game(entry.new_game, lambda game: ["always broken"], seed=0, players=2)
    assert run.violations == ["seed 0 step 1: always broken"]


def test_the_suite_catches_a_wrong_list_after_an_action() -> None:
    """A format that says what the next decision offers must say it right (see
    Game._apply_listing), or the suite reports it."""
    entry = FORMATS["leveler"]

    def new_game(seed: int, players: int) -> Game:
        game = entry.new_game(seed, players)
        apply = game.apply

        def wrong_list(action: Action) -> list[Action] | None:
            apply(action)
            return [Pass()]  # only the pass, whatever the state offers

        game._apply_listing = wrong_list  # type: ignore[method-assign]
        return game

    run = check_game(new_game, lambda game: [], seed=0, players=2)
    assert any("applying the last action gave" in v for v in run.violations)


def test_the_suite_catches_two_moves_that_read_alike() -> None:
    """A vocabulary that writes two legal actions the same way fails the notation's round
    trip, or the suite proves nothing about it."""
    from rulekeeper.engine.game import PlayerId
    from rulekeeper.engine.notation import CardNamer, Named

    vocabulary = FORMATS["leveler"].vocabulary

    class Careless:
        def card_name(self, game: Game, card: int) -> str:
            return vocabulary.card_name(game, card)

        def words(self, game: Game, action: Action, card: CardNamer) -> tuple[PlayerId, str]:
            return game.current_player(), "does something"

        def refusable(self, game: Game, named: Named) -> list[Action]:
            return []

    run = check_game(FORMATS["leveler"].new_game, lambda game: [], 0, 2, Careless())
    assert any("read alike" in v for v in run.violations)
