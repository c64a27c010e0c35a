"""What changed in a pinned game: the first line where the engine now plays it otherwise.

``tests/fixtures/fingerprints.txt`` pins only hashes, so that a rule fix updates one line per
table. When a hash differs, the games behind it are played again by the engine of the commit
that last wrote the pins (taken from git into a scratch folder) and by the engine at hand, and
compared game by game: the format, the table size, the seed and the first line of the log (or,
if the logs agree, of the final save) that differs. Nothing but the hashes is pinned, so there
is nothing else to keep up to date.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tarfile
import tempfile
from collections.abc import Sequence
from dataclasses import dataclass
from io import BytesIO
from pathlib import Path

from rulekeeper.engine.agents import RandomAgent, play
from rulekeeper.games import GameFormat

PLAYED = """
import hashlib, json, sys
from rulekeeper.engine.agents import RandomAgent, play
from rulekeeper.games import FORMATS
key, players, games = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
digest = hashlib.sha256()
records = []
for seed in range(games):
    game = FORMATS[key].new_game(seed, players)
    play(game, [RandomAgent(seed * 7 + seat) for seat in range(players)])
    records.append([str(game.log), game.dumps()])
    digest.update(records[-1][0].encode())
    digest.update(records[-1][1].encode())
print(json.dumps({"fingerprint": digest.hexdigest(), "games": records}))
"""
"""The games of :func:`rulekeeper.bench.fingerprint`, played by whichever engine is imported.

It is a script, not a call, because it runs against an older engine that knows nothing of this
module; it uses only what every engine since the pins began has (``FORMATS``, ``play``,
``RandomAgent``), and must play the games exactly as ``fingerprint`` does."""


@dataclass(frozen=True)
class Played:
    """One seeded game's log and final save."""

    seed: int
    log: str
    save: str


def play_games(entry: GameFormat, games: int, players: int) -> list[Played]:
    """The games :func:`rulekeeper.bench.fingerprint` hashes, played by this engine."""
    played = []
    for seed in range(games):
        game = entry.new_game(seed, players)
        play(game, [RandomAgent(seed * 7 + seat) for seat in range(players)])
        played.append(Played(seed, str(game.log), game.dumps()))
    return played


def play_at_commit(
    repo: Path, commit: str, key: str, players: int, games: int
) -> tuple[str, list[Played]]:
    """The fingerprint and the games that the engine of ``commit`` plays.

    :raises RuntimeError: if git or the old engine cannot be run (the message says which).
    """
    with tempfile.TemporaryDirectory(prefix="rulekeeper-pinned-") as scratch:
        archive = _git(repo, "archive", "--format=tar", commit, "src")
        with tarfile.open(fileobj=BytesIO(archive)) as tar:
            tar.extractall(scratch, filter="data")
        env = {**os.environ, "PYTHONPATH": str(Path(scratch) / "src")}
        done = subprocess.run(
            [sys.executable, "-c", PLAYED, key, str(players), str(games)],
            capture_output=True,
            text=True,
            env=env,
            check=False,
        )
    if done.returncode:
        raise RuntimeError(f"the engine at {commit[:12]} could not play: {done.stderr.strip()}")
    data = json.loads(done.stdout)
    return data["fingerprint"], [
        Played(seed, log, save) for seed, (log, save) in enumerate(data["games"])
    ]


def last_commit_of(repo: Path, path: Path) -> str:
    """The last commit that changed ``path``: the one whose engine wrote the pins in it.

    :raises RuntimeError: if git cannot say (no git, or not a checkout).
    """
    found = _git(repo, "log", "-1", "--format=%H", "--", str(path)).decode().strip()
    if not found:
        raise RuntimeError(f"git knows no commit of {path.name}")
    return found


def _git(repo: Path, *args: str) -> bytes:
    try:
        done = subprocess.run(["git", *args], cwd=repo, capture_output=True, check=False)
    except OSError as error:
        raise RuntimeError(f"git could not be run ({error})") from None
    if done.returncode:
        raise RuntimeError(f"git {args[0]} failed: {done.stderr.decode().strip()}")
    return done.stdout


def first_difference(pinned: Sequence[Played], now: Sequence[Played]) -> str | None:
    """The first game (by seed) that differs and its first differing line, or None.

    The log is compared first, since it says in words what happened; only when the logs agree
    is the final save compared.
    """
    for old, new in zip(pinned, now, strict=True):
        for what, before, after in (("log", old.log, new.log), ("save", old.save, new.save)):
            line = _first_line_differing(before.splitlines(), after.splitlines())
            if line is not None:
                number, was, is_now = line
                return (
                    f"seed {new.seed}, {what} line {number}:\n  pinned: {was}\n  now:    {is_now}"
                )
    return None


def _first_line_differing(
    before: Sequence[str], after: Sequence[str]
) -> tuple[int, str, str] | None:
    for number in range(max(len(before), len(after))):
        was = before[number] if number < len(before) else "(the game had ended)"
        is_now = after[number] if number < len(after) else "(the game has ended)"
        if was != is_now:
            return number + 1, was, is_now
    return None


def explain(
    repo: Path, pins: Path, entry: GameFormat, players: int, games: int, pinned_hash: str
) -> str:
    """Say what changed in ``entry``'s pinned games at ``players``, for a failing test.

    Never raises: if the old engine cannot be played, it says why and what is known.
    """
    table = f"{entry.name}, {players} players, seeds 0-{games - 1}"
    try:
        commit = last_commit_of(repo, pins)
        old_hash, pinned = play_at_commit(repo, commit, entry.key, players, games)
    except RuntimeError as error:
        return f"{table}: the pinned games could not be replayed to compare ({error})"
    if old_hash != pinned_hash:
        return (
            f"{table}: the engine at {commit[:12]}, which last wrote {pins.name}, does not play "
            "the pinned games either (the pins were edited without being written again?)"
        )
    difference = first_difference(pinned, play_games(entry, games, players))
    if difference is None:
        return f"{table}: the games read as the engine at {commit[:12]} played them"
    return f"{table}: against the engine at {commit[:12]}, the first difference is at {difference}"
