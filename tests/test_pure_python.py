"""The rules engine imports and plays without compiled extensions (so that it runs where they
are unavailable, such as Pyodide in a browser): pydantic and jsonschema, whose cores are
compiled, and rapidfuzz are imported only on the paths that need them, reading a save and
suggesting "did you mean"."""

from __future__ import annotations

import json
import subprocess
import sys

COMPILED_OR_ABOVE_THEM = ("jsonschema", "rpds", "pydantic", "pydantic_core", "rapidfuzz")

PLAY_EVERY_FORMAT = f"""
import json, sys
from rulekeeper.engine.agents import RandomAgent, play
from rulekeeper.games import FORMATS
from rulekeeper.notation import describe
from rulekeeper.position import position

played = []
for key, entry in FORMATS.items():
    low, high = entry.players
    for players in sorted({{low, high}}):
        game = entry.new_game(1, players)
        # The notation writes the position and the moves too, without "did you mean".
        assert position(game) and describe(game, game.legal_actions()[0])
        play(game, [RandomAgent(seat) for seat in range(players)])
        played.append((key, players, game.outcome is not None))
loaded = sorted({{m.split(".")[0] for m in sys.modules}} & set({COMPILED_OR_ABOVE_THEM!r}))
print(json.dumps({{"played": played, "loaded": loaded}}))
"""


def _run(code: str) -> dict[str, list[object]]:
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, timeout=300
    )
    result: dict[str, list[object]] = json.loads(done.stdout)
    return result


def test_every_format_plays_without_compiled_libraries() -> None:
    result = _run(PLAY_EVERY_FORMAT)
    assert {key for key, _, _ in result["played"]} >= {"rr", "dominion", "leveler"}
    assert all(over for _, _, over in result["played"])
    assert result["loaded"] == []


def test_reading_a_save_still_validates_with_pydantic() -> None:
    code = PLAY_EVERY_FORMAT.replace(
        "print(",
        "type(game).loads(game.dumps())\nloaded = sorted({m.split('.')[0] for m in sys.modules}"
        f" & set({COMPILED_OR_ABOVE_THEM!r}))\nprint(",
    )
    assert "pydantic_core" in _run(code)["loaded"]
