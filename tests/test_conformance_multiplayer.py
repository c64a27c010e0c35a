"""The conformance suite over Risk & Resource's multiplayer tables and variants.

A file of its own so that pytest-xdist, which hands out whole files, can run it beside the
two-player runs in ``test_conformance.py``.
"""

from __future__ import annotations

import pytest

from rulekeeper.engine.conformance import check_format
from rulekeeper.engine.game import Game
from rulekeeper.games import FORMATS

# Each Risk & Resource variant at every multiplayer table size (RR 10.4, RR R63, RR R66), six
# games each. Random players in Alliance mode make and break alliances at every chance, which
# makes a turn very long at big tables, so that variant plays three and four players only.
RR_TABLES = {"": (3, 4, 5, 6), **dict.fromkeys(FORMATS["rr"].variants, (3, 4, 5, 6))}
RR_TABLES["alliance"] = (3, 4)
RR_GAMES_PER_TABLE = 6


def _rr_blocks(*, soak: bool) -> list[object]:
    """(variant, first seed) for each block of one game at every table size of the variant.

    The soak run plays every block (``RR_GAMES_PER_TABLE`` games per table); the default
    session plays the first block of each variant.
    """
    blocks: list[object] = []
    for variant, tables in sorted(RR_TABLES.items()):
        for block in range(RR_GAMES_PER_TABLE if soak else 1):
            first = 1000 + block * len(tables)
            marks = [pytest.mark.soak] if soak else []
            blocks.append(pytest.param(variant, first, marks=marks, id=f"{variant}-{first}"))
    return blocks


def _check_multiplayer_block(variant: str, first_seed: int) -> None:
    entry = FORMATS["rr"]

    def new_game(seed: int, players: int) -> Game:
        return entry.new_game(seed, players, variant)

    tables = RR_TABLES[variant]
    report = check_format(
        new_game,
        entry.invariants,
        name=f"rr {variant or 'plain'}",
        games=len(tables),
        players=tables,
        first_seed=first_seed,
        vocabulary=entry.vocabulary,
    )
    assert report.violations == []
    assert report.games == len(tables)
    assert sum(report.results.values()) == report.games


@pytest.mark.parametrize(("variant", "first_seed"), _rr_blocks(soak=True))
def test_multiplayer_risk_and_resource_breaks_no_invariant(variant: str, first_seed: int) -> None:
    _check_multiplayer_block(variant, first_seed)


@pytest.mark.parametrize(("variant", "first_seed"), _rr_blocks(soak=False))
def test_a_sample_of_multiplayer_risk_and_resource(variant: str, first_seed: int) -> None:
    _check_multiplayer_block(variant, first_seed)
