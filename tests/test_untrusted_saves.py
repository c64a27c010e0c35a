"""Saves, what remained of issue 34: edits that loaded, then failed a move or two later or
refused their own save. Each case is the edit that got through before its fix."""

from __future__ import annotations

import json
from collections.abc import Callable
from functools import cache
from typing import Any

import pytest

from rulekeeper.dominion.game import DominionGame
from rulekeeper.dominion.scenario import scenario
from rulekeeper.engine.agents import RandomAgent
from rulekeeper.engine.game import Game
from rulekeeper.errors import SerializationError
from rulekeeper.games import FORMATS
from rulekeeper.position import from_position

ATTACKS = ["Throne Room", "Jester", "Swindler", "Library", "Militia", "Witch", "Bandit",
           "Harbinger", "Lurker", "Vassal"]  # fmt: skip


def _first(game: Game, found: Callable[[Game], bool], limit: int = 5000) -> Game | None:
    """``game`` played on by seeded random bots until ``found`` holds (or None)."""
    agents = [RandomAgent(seat) for seat in range(8)]
    for _ in range(limit):
        if found(game):
            return game
        if game.outcome is not None:
            return None
        game.apply(agents[game.current_player()].choose({}, game.legal_actions()))
    return None


def _attacking_save(key: str) -> str:
    """A save of ``key`` in its declare blockers step: Alice's Grizzly Bears attack Bob, whose
    Hill Giant has not blocked."""
    return from_position(f"""Format: {key}
Turn: 3
Step: declare_blockers
Active: Alice
Priority: Bob
Combat: Grizzly Bears attacks Bob

Alice: battlefield Grizzly Bears (tapped), Mountain
Bob: battlefield Hill Giant
""").dumps()


@pytest.mark.rule("MG 4.1")
@pytest.mark.parametrize("key", ["leveler", "vortex", "stockpile"])
def test_an_attacker_with_no_target_is_held_to_the_rule_a_written_one_is(key: str) -> None:
    data = json.loads(_attacking_save(key))
    active = data["active"]
    defenders = [
        i
        for i, c in enumerate(data["cards"])
        if c["controller"] not in (active, -1) and not c["attacking"]
        and data["zones"]["battlefield"].count(i)
    ]  # fmt: skip
    assert defenders, "the defending player controls no permanent"
    card = data["cards"][defenders[0]]
    card["attacking"], card["target"] = True, None
    # Before: filled in as an attack on its own controller, loaded, and its own save refused.
    cls = type(FORMATS[key].new_game(1, 2))
    with pytest.raises(SerializationError, match=r"attacks an opponent, not its controller"):
        cls.loads(json.dumps(data))


@pytest.mark.parametrize("key", ["leveler", "vortex", "stockpile"])
def test_an_old_save_s_attacker_with_no_target_still_attacks_the_defender(key: str) -> None:
    data = json.loads(_attacking_save(key))
    attacker = next(i for i, c in enumerate(data["cards"]) if c["attacking"])
    written = data["cards"][attacker]["target"]
    data["cards"][attacker]["target"] = None
    cls = type(FORMATS[key].new_game(1, 2))
    game = cls.loads(json.dumps(data))
    assert json.loads(game.dumps())["cards"][attacker]["target"] == written
    cls.loads(game.dumps())  # and its own save loads


@cache
def _dominion_save(step: str, card: str) -> str:
    """A save of a Dominion game with a pending ``step`` of ``card`` on top."""
    for seed in range(40):
        game = _first(scenario(ATTACKS, players=3, seed=seed), lambda g: any(
            s["do"] == step and s.get("card") == card
            for s in g.steps))  # type: ignore[attr-defined]  # fmt: skip
        if game is not None:
            return game.dumps()
    raise AssertionError(f"no {step} step of {card} in 40 games")


def _edit(step: str, card: str, change: Callable[[dict[str, Any], dict[str, Any]], None]) -> str:
    data = json.loads(_dominion_save(step, card))
    pending = next(s for s in data["steps"] if s["do"] == step and s.get("card") == card)
    change(data, pending)
    return json.dumps(data)


@pytest.mark.rule("DM 3.3")
@pytest.mark.parametrize("card", ["Jester", "Swindler"])
def test_a_victim_step_without_its_attacker_is_refused(card: str) -> None:
    # Before: loaded, then KeyError 'attacker' when the attack reached the player.
    text = _edit("victim", card, lambda data, step: step.pop("attacker"))
    with pytest.raises(
        SerializationError, match=rf"a {card} victim step needs attacker \(DM 3.3\)"
    ):
        DominionGame.loads(text)


@pytest.mark.rule("DM 3.3")
def test_a_throne_room_choice_of_a_card_not_in_hand_is_refused() -> None:
    # Before: an AssertionError in _throne_room when the choice was answered.
    def change(data: dict[str, Any], step: dict[str, Any]) -> None:
        hand = {data["cards"][i] for i in data["zones"][f"hand:{step['player']}"]}
        absent = next(n for n in ("Village", "Smithy", "Festival", "Market") if n not in hand)
        step["options"] = [absent, "no"]

    with pytest.raises(SerializationError, match=r"which is no Action card in hand:\d \(DM 3.3\)"):
        DominionGame.loads(_edit("choose", "Throne Room", change))


@pytest.mark.parametrize("version", [True, 1.0])
def test_a_dominion_save_s_version_is_the_whole_number_1(version: object) -> None:
    data = FORMATS["dominion"].new_game(1, 2).to_json()
    data["version"] = version  # read as version 1 before
    with pytest.raises(SerializationError, match=r"version: must be the whole number 1"):
        DominionGame.loads(json.dumps(data))
