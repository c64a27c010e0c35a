"""Saved games written by an earlier release still load (issue #24: "migrate them").

``tests/fixtures/saves-0.1.0/`` holds games saved by release 0.1.0, one of every format (and
Risk & Resource's King variant), each after sixty seeded random actions. They are that release's
output: never write them again with today's engine. A change that renames or reshapes a saved
field adds the old form to the format's ``RENAMED`` (or upgrades it otherwise), and these tests
say whether every old save still loads and saves back with nothing lost.
"""

from __future__ import annotations

import json
import subprocess
import sys
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import pytest

from rulekeeper.dominion import saving as dominion_saving
from rulekeeper.dominion.game import DominionGame
from rulekeeper.engine.game import Game
from rulekeeper.engine.saves import upgrade
from rulekeeper.errors import SerializationError
from rulekeeper.games import FORMATS, load_game
from rulekeeper.mtg import saving as magic_saving
from rulekeeper.mtg.game import MagicGame
from rulekeeper.riskres import saving as risk_saving
from rulekeeper.riskres.game import RiskGame

OLD_SAVES = sorted((Path(__file__).parent / "fixtures" / "saves-0.1.0").glob("*.json"))

GAMES: Mapping[str, tuple[type[Game], Mapping[str, str]]] = {
    "leveler": (MagicGame, magic_saving.RENAMED),
    "vortex": (MagicGame, magic_saving.RENAMED),
    "stockpile": (MagicGame, magic_saving.RENAMED),
    "rr": (RiskGame, risk_saving.RENAMED),
    "dominion": (DominionGame, dominion_saving.RENAMED),
    "dominion-draft": (DominionGame, dominion_saving.RENAMED),
}
"""Each format's game class, and the fields its saves have renamed since 0.1.0."""


def today(data: dict[str, Any], renamed: Mapping[str, str]) -> dict[str, Any]:
    """An old save in today's form: its fields renamed, and a Magic card given the
    ``assigned`` field every card has had since combat damage is divided by choice (MG R4)."""
    upgraded = upgrade(data, renamed)
    magic = GAMES[data["format"]][0] is MagicGame
    return magic_saving.with_assignments(upgraded) if magic else upgraded


def test_there_is_an_old_save_of_every_format() -> None:
    # The registry is what makes the Draft's saves restore (it registers its variant).
    assert set(GAMES) == set(FORMATS)
    assert {json.loads(path.read_text())["format"] for path in OLD_SAVES} == set(GAMES)


@pytest.mark.parametrize("path", OLD_SAVES, ids=[path.stem for path in OLD_SAVES])
def test_an_old_save_loads_and_saves_back_with_only_the_renamed_fields_changed(
    path: Path,
) -> None:
    text = path.read_text()
    old = json.loads(text)
    cls, renamed = GAMES[old["format"]]
    game = cls.loads(text, source=path.name)
    assert json.loads(game.dumps()) == today(old, renamed)
    assert game.outcome is None
    assert len(game.legal_actions()) > 0


@pytest.mark.parametrize("path", OLD_SAVES, ids=[path.stem for path in OLD_SAVES])
def test_an_old_save_plays_on_as_its_upgraded_form_does(path: Path) -> None:
    old = json.loads(path.read_text())
    cls, renamed = GAMES[old["format"]]
    first, second = cls.from_json(old), cls.from_json(today(old, renamed))
    for _ in range(20):
        if first.outcome is not None:
            break
        action = first.legal_actions()[-1]
        first.apply(action)
        second.apply(action)
    assert first.dumps() == second.dumps()


def test_an_upgrade_leaves_the_callers_data_alone() -> None:
    old = {"turn": 3, "format_state": {"phase": "play"}}
    new = upgrade(old, magic_saving.RENAMED)
    assert new == {"turn": 3, "variant_state": {"phase": "play"}}
    assert old == {"turn": 3, "format_state": {"phase": "play"}}
    assert upgrade(new, magic_saving.RENAMED) is new  # today's form is not copied


def test_a_save_holding_both_names_is_refused_not_merged() -> None:
    for path in OLD_SAVES:
        data = json.loads(path.read_text())
        cls, renamed = GAMES[data["format"]]
        for old_name, new_name in renamed.items():
            data[new_name] = data[old_name]
            with pytest.raises(SerializationError, match=f"{old_name!r} was unexpected"):
                cls.from_json(data)


@pytest.mark.parametrize("path", OLD_SAVES, ids=[path.stem for path in OLD_SAVES])
def test_load_game_reads_a_save_of_any_format_by_the_format_it_names(path: Path) -> None:
    text = path.read_text()
    game = load_game(text, source=path.name)
    assert type(game) is GAMES[json.loads(text)["format"]][0]
    assert game.dumps() == GAMES[json.loads(text)["format"]][0].loads(text).dumps()


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ('{"format": "chess"}', "format: 'chess' is not a format: choose from dominion, "),
        ('{"turn": 1}', "format: None is not a format"),
        ("[1]", "expected a JSON object, not an array"),
    ],
)
def test_load_game_names_the_file_and_the_reason(text: str, reason: str) -> None:
    with pytest.raises(SerializationError, match=r"^save\.json: not a saved game: ") as caught:
        load_game(text, source="save.json")
    assert reason in str(caught.value)


def test_a_draft_save_of_0_1_0_loads_in_a_program_that_never_imported_the_draft() -> None:
    # The Dominion model lists its variants, so the Draft's save loads with only the game class
    # imported (nothing registers itself on import).
    path = Path(__file__).parent / "fixtures" / "saves-0.1.0" / "dominion-draft.json"
    script = (
        "import sys; from rulekeeper.dominion.game import DominionGame\n"
        "print(DominionGame.loads(open(sys.argv[1]).read()).format_key)\n"
    )
    shown = subprocess.run(
        [sys.executable, "-c", script, str(path)], capture_output=True, text=True, check=True
    ).stdout
    assert shown.split() == ["dominion-draft"]


def test_a_save_of_no_dominion_format_says_how_to_read_it() -> None:
    with pytest.raises(SerializationError, match="'leveler' is not a Dominion game") as caught:
        DominionGame.from_json({"format": "leveler"})
    assert "rulekeeper.games.load_game" in str(caught.value)
