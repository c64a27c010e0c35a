"""Dominion Draft under the conformance suite: every table size, both variants, and checks that
can fail.

The 500-game soak run of the plain Draft is in ``tests/test_conformance.py`` (``GAMES``), with
every other format's; it checks at every step that every card is in exactly one zone (each
player's deck, hand, discard pile and play area, the trash and every pile), that no pile holds
more than it started with or a card of another name, and that each player's Supply is exactly
as drafted (``DominionDraft.invariants``). Here: a sample of each variant at every table size by
default, and a soak run of each variant.
"""

from __future__ import annotations

import pytest

from rulekeeper.dominion.draft import VARIANTS
from rulekeeper.dominion.draft.play import DominionDraft
from rulekeeper.dominion.draft.scenario import new_draft_game
from rulekeeper.engine.conformance import check_format, check_game
from rulekeeper.engine.game import Game
from rulekeeper.games import FORMATS

ENTRY = FORMATS["dominion-draft"]
TABLES = (2, 3, 4, 5, 6)
SAMPLE_PER_TABLE = 2  # the default session: two games of each variant at each table size
SOAK_PER_TABLE = 20  # nox -s soak: a hundred games of each variant


def _check(variant: str, games: int, first_seed: int) -> None:
    def new_game(seed: int, players: int) -> Game:
        return ENTRY.new_game(seed, players, variant)

    report = check_format(
        new_game,
        ENTRY.invariants,
        name=f"dominion-draft {variant or 'plain'}",
        games=games,
        players=TABLES,
        first_seed=first_seed,
        vocabulary=ENTRY.vocabulary,
    )
    assert report.violations == []
    assert report.games == games


@pytest.mark.parametrize("variant", ["", *VARIANTS])
def test_a_sample_of_each_variant_at_every_table_size(variant: str) -> None:
    _check(variant, SAMPLE_PER_TABLE * len(TABLES), first_seed=200_000)


@pytest.mark.soak
@pytest.mark.parametrize("variant", sorted(VARIANTS))
def test_soak_each_variant(variant: str) -> None:
    _check(variant, SOAK_PER_TABLE * len(TABLES), first_seed=0)


def test_a_supply_that_is_not_as_drafted_is_reported() -> None:
    game = new_draft_game(4, 3)
    while game.phase == "pregame":
        game.apply(game.legal_actions()[0])
    assert ENTRY.invariants(game) == []
    rules = game.variant
    assert isinstance(rules, DominionDraft)
    rules.supplies[0] += (rules.supplies[1][-1],)  # a pile of Bob's in Alice's Supply
    assert any("is not as drafted" in problem for problem in ENTRY.invariants(game))


def test_a_lost_randomizer_is_reported() -> None:
    game = new_draft_game(4, 3)
    game.apply(game.legal_actions()[0])
    assert isinstance(game.variant, DominionDraft)
    game.variant.dealt.piles[1].pop()
    assert any("are not the kingdom piles" in p for p in ENTRY.invariants(game))


def test_the_suite_reports_a_broken_draft_invariant() -> None:
    run = check_game(ENTRY.new_game, lambda game: ["broken"], seed=0, players=4)
    assert run.violations == ["seed 0 step 1: broken"]
