"""The games every format plays, pinned, as python-chess's tests pin perft counts.

Each line of ``tests/fixtures/fingerprints.txt`` is a hash of the logs and final saves of three
seeded random games (:func:`rulekeeper.bench.fingerprint`) of one format at one table size. A
change meant to restructure or speed up the engine must leave every one as it is. A change
meant to fix a rule changes some: write them again with

    python -m rulekeeper.bench --fingerprint --games 3 (the first line of the file says so)

and say in the commit which changed and why.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from rulekeeper.bench import fingerprint
from rulekeeper.games import FORMATS

PINNED = Path(__file__).parent / "fixtures" / "fingerprints.txt"
GAMES = 3


def _pinned() -> dict[tuple[str, int], str]:
    pins = {}
    for line in PINNED.read_text(encoding="utf-8").splitlines():
        if not line or line.startswith("#"):
            continue
        table, _, digest = line.rpartition(": ")
        name, _, players = table.rpartition(", ")
        pins[name, int(players.removesuffix(" players"))] = digest
    return pins


PINS = _pinned()
TABLES = [
    (entry.key, players)
    for entry in FORMATS.values()
    for players in range(entry.players[0], entry.players[1] + 1)
]


def test_every_format_and_table_size_is_pinned() -> None:
    names = {entry.key: entry.name for entry in FORMATS.values()}
    assert sorted(PINS) == sorted((names[key], players) for key, players in TABLES)


@pytest.mark.parametrize(("key", "players"), TABLES, ids=[f"{k}-{p}p" for k, p in TABLES])
def test_the_engine_plays_the_pinned_games(key: str, players: int) -> None:
    entry = FORMATS[key]
    found = fingerprint(entry, GAMES, players)
    assert found == PINS[entry.name, players], (
        f"{entry.name} with {players} players no longer plays the pinned games. If a rule was "
        f"changed on purpose, write {PINNED.name} again (see its first line) and say in the "
        "commit which fingerprints changed and why; otherwise the change altered the games."
    )
