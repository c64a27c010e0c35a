"""The games every format plays, pinned, as python-chess's tests pin perft counts.

Each line of ``tests/fixtures/fingerprints.txt`` is a hash of the logs and final saves of three
seeded random games (:func:`rulekeeper.bench.fingerprint`) of one format at one table size. A
change meant to restructure or speed up the engine must leave every one as it is. A change
meant to fix a rule changes some: write them again with

    python -m rulekeeper.bench --fingerprint --games 3 (the first line of the file says so)

and say in the commit which changed and why. A failure says what changed: the format, the
table size, the seed and the first line of the game's log (or final save) that differs from the
game the engine of the commit that last wrote the pins plays (:mod:`rulekeeper.gamediff`).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from rulekeeper import gamediff
from rulekeeper.bench import fingerprint
from rulekeeper.gamediff import Played, explain, first_difference, play_games
from rulekeeper.games import FORMATS

REPO = Path(__file__).resolve().parents[1]
PINNED = REPO / "tests" / "fixtures" / "fingerprints.txt"
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
    if found == PINS[entry.name, players]:
        return
    # Only now, on failure: the pinned games are played again by the engine that wrote the pins.
    what = explain(REPO, PINNED, entry, players, GAMES, PINS[entry.name, players])
    pytest.fail(
        f"{entry.name} with {players} players no longer plays the pinned games.\n{what}\nIf a "
        f"rule was changed on purpose, write {PINNED.name} again (see its first line) and say "
        "in the commit which fingerprints changed and why; otherwise the change altered the "
        "games.",
        pytrace=False,
    )


def test_a_changed_game_is_reported_by_its_seed_and_first_differing_line() -> None:
    pinned = [Played(0, "a\nb", "{}"), Played(1, "a\nb\nc", "{}")]
    assert first_difference(pinned, pinned) is None
    longer = [pinned[0], Played(1, "a\nb\nc\nd", "{}")]
    assert first_difference(pinned, longer) == (
        "seed 1, log line 4:\n  pinned: (the game had ended)\n  now:    d"
    )
    # Logs that agree leave the save to tell.
    saved = [pinned[0], Played(1, "a\nb\nc", '{"turn": 2}')]
    assert first_difference(pinned, saved) == (
        'seed 1, save line 1:\n  pinned: {}\n  now:    {"turn": 2}'
    )


@pytest.mark.skipif(not (REPO / ".git").exists(), reason="needs the project's git history")
def test_a_failure_replays_the_pinned_games_with_the_engine_that_wrote_them(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    entry = FORMATS["leveler"]
    pin = PINS[entry.name, 2]
    assert "the games read as the engine at" in explain(REPO, PINNED, entry, 2, GAMES, pin)

    # A change to this engine's second game, at its sixth log line, is found there.
    def changed(*args: object) -> list[Played]:
        games = play_games(entry, GAMES, 2)
        lines = games[1].log.splitlines()
        lines[5] += " (changed)"
        games[1] = Played(1, "\n".join(lines), games[1].save)
        return games

    monkeypatch.setattr(gamediff, "play_games", changed)
    report = explain(REPO, PINNED, entry, 2, GAMES, pin)
    assert "Leveler, 2 players, seeds 0-2" in report
    assert "seed 1, log line 6:" in report
    assert report.endswith(" (changed)")
    # A pin that no commit's engine wrote is said to be one.
    assert "does not play the pinned games either" in explain(REPO, PINNED, entry, 2, GAMES, "0")
