"""Risk & Resource as a whole: mulligans (RR 12), decks (RR R8), saving, agents and views."""

from __future__ import annotations

import dataclasses
import json

import pytest

from rulekeeper.engine.agents import RandomAgent, play
from rulekeeper.engine.game import Action, explain
from rulekeeper.errors import SerializationError
from rulekeeper.games import FORMATS
from rulekeeper.riskres.actions import (
    Activate,
    Attack,
    Block,
    Cast,
    CastFaceDown,
    Challenge,
    Discard,
    EndAttacks,
    EndBlocks,
    Keep,
    KeepLegend,
    Mulligan,
    OrderBlocker,
    Pass,
    Pitch,
    Player,
    PlayLandmark,
    Scry,
    SetTrap,
    StackTrigger,
    Target,
    TurnFaceUp,
)
from rulekeeper.riskres.agents import HeuristicAgent
from rulekeeper.riskres.decks import PRECONSTRUCTED, check_deck
from rulekeeper.riskres.game import RiskGame
from rulekeeper.riskres.scenario import refused

DECKS = list(PRECONSTRUCTED.values())
CARD_ACTIONS = (
    Pitch,
    PlayLandmark,
    SetTrap,
    CastFaceDown,
    TurnFaceUp,
    Discard,
    KeepLegend,
)


def hand_size(game: RiskGame, player: int) -> int:
    return len(game.table.zones[f"hand:{player}"])


@pytest.mark.rule("RR 12.1a", "RR 12.1b", "RR 12.1c", "RR R9", "RR R30")
def test_the_standard_mulligan() -> None:
    game = RiskGame.new(DECKS, seed=4)
    first = game.priority
    game.apply(Mulligan())
    assert hand_size(game, first) == 7  # the free one
    game.apply(Mulligan())
    assert hand_size(game, first) == 6
    assert game.decision == "scry"
    top = game.table.zones[f"library:{first}"][-1]
    game.apply(Scry(True))
    assert game.table.zones[f"library:{first}"][0] == top
    assert game.decision == "mulligan"
    game.apply(Keep())
    assert game.priority != first


@pytest.mark.rule("RR 12.1d", "RR 12.2a", "RR 12.2b")
def test_the_competitive_mulligan_goes_down_to_one() -> None:
    game = RiskGame.new(DECKS, seed=4, mulligan_rule="competitive")
    first = game.priority
    sizes = []
    for _ in range(6):
        game.apply(Mulligan())
        sizes.append(hand_size(game, first))
    assert sizes == [6, 5, 4, 3, 2, 1]
    assert game.decision == "mulligan"  # no scry in the competitive mulligan
    assert refused(game, Mulligan()).rule == "RR 12.1d"


@pytest.mark.rule("RR 12.3a", "RR 12.3b", "RR 12.3c")
def test_the_limited_mulligan_has_two_free() -> None:
    game = RiskGame.new(DECKS, seed=4, mulligan_rule="limited")
    first = game.priority
    game.apply(Mulligan())
    game.apply(Mulligan())
    assert (hand_size(game, first), game.decision) == (7, "mulligan")
    game.apply(Mulligan())
    assert (hand_size(game, first), game.decision) == (6, "scry")


@pytest.mark.rule("RR 12.4a", "RR 12.4b", "RR 12.4c", "RR 12.4d")
def test_simultaneous_decisions_are_revealed_together() -> None:
    game = RiskGame.new(DECKS, seed=4, simultaneous=True)
    first = game.first_player
    before = list(game.table.zones[f"hand:{first}"])
    game.apply(Mulligan())
    assert game.table.zones[f"hand:{first}"] == before  # decided, not yet carried out
    assert game.log[-1].text.endswith("decides in secret")
    game.apply(Keep())
    assert game.table.zones[f"hand:{first}"] != before
    assert game.log.citing("RR 12.4b")
    game.apply(Keep())
    assert game.first_player == first
    assert game.step in ("resource", "main1")


@pytest.mark.rule("RR R8")
def test_deck_rules() -> None:
    for deck in PRECONSTRUCTED.values():
        assert check_deck(deck) == []
    deck = PRECONSTRUCTED["Clockwork Conspiracy"]
    problems = check_deck([*deck[:-1], "Spymaster Vell"])
    assert problems == [
        "2 copies of Spymaster Vell; a deck has at most 1 of a legendary name (RR R8)"
    ]
    assert check_deck(deck[:39]) == ["the deck has 39 cards; a deck has exactly 40 (RR R8)"]


def test_json_round_trip_continues_identically() -> None:
    game = FORMATS["rr"].new_game(5, 2)
    agents = [RandomAgent(1), RandomAgent(2)]
    for _ in range(150):
        if game.outcome:
            break
        player = game.current_player()
        game.apply(agents[player].choose(game.view(player), game.legal_actions()))
    copy = RiskGame.loads(game.dumps())
    assert copy.dumps() == game.dumps()
    for _ in range(100):
        if game.outcome:
            break
        action = game.legal_actions()[0]
        game.apply(action)
        copy.apply(action)
    assert copy.dumps() == game.dumps()
    with pytest.raises(SerializationError):
        RiskGame.from_json({"format": "leveler"})
    with pytest.raises(SerializationError):
        RiskGame.from_json(json.loads(game.dumps()) | {"players": 3})
    seven = json.loads(game.dumps())
    seven["players"] += [dict(seven["players"][0], index=i) for i in range(2, 7)]
    with pytest.raises(SerializationError, match=r"played by 2 to 6 players, not 7 \(RR R63\)"):
        RiskGame.from_json(seven)


def test_a_game_saved_in_the_older_format_still_loads() -> None:
    """Saves from before outcomes had causes and pumps had durations load with the defaults."""
    game = FORMATS["rr"].new_game(5, 2)
    play(game, [RandomAgent(1), RandomAgent(2)])
    data = json.loads(game.dumps())
    assert data["outcome"][4]  # the causes of a finished game
    data["outcome"] = data["outcome"][:4]
    data["pumps"] = [[0, 0, 1, 3]]
    old = RiskGame.from_json(data)
    assert game.outcome is not None
    assert old.outcome == dataclasses.replace(game.outcome, causes=())
    assert old.pumps == [(0, 0, 1, 3, "turn")]


def test_the_same_seed_gives_the_same_game() -> None:
    logs = []
    for _ in range(2):
        game = FORMATS["rr"].new_game(11, 2)
        play(game, [RandomAgent(3), RandomAgent(4)])
        logs.append(str(game.log))
    assert logs[0] == logs[1]


def test_heuristic_agents_finish_and_beat_random() -> None:
    wins = 0
    for seed in range(20):
        game = FORMATS["rr"].new_game(seed, 2)
        outcome = play(game, [HeuristicAgent(seed), RandomAgent(seed)])
        wins += outcome.winners == (0,)
    assert wins >= 14


def test_explain_cites_the_rule() -> None:
    game = RiskGame.new(DECKS, seed=4)
    assert explain(game, Keep()) == "Keep() is legal"
    text = explain(game, Pass())
    assert text.startswith("Pass() is illegal: ")
    assert "(RR 5.1c, https://" in text


def _every_action(game: RiskGame) -> list[Action]:
    """Every action of every kind, over every card, target and player: most are illegal."""
    ids = range(len(game.table.cards))
    players: list[Target] = [Player(0), Player(1)]
    found: list[Action] = [Pass(), EndAttacks(), EndBlocks(), Keep(), Mulligan()]
    found += [Scry(True), Scry(False)]
    for i in ids:
        found += [kind(i) for kind in CARD_ACTIONS]
        for target in (None, *players, *ids):
            found += [Cast(i, target), Cast(i, target, True), Activate(i, 0, target)]
        found += [Attack(i, target) for target in (*players, *ids)]
        found += [Block(i, j) for j in ids] + [OrderBlocker(i, j) for j in ids]
        found += [StackTrigger(i, 0)]
    # A trap is named by its controller and place (RR R82): every place, and one past them.
    found += [Challenge(p.index, place) for p in players for place in range(3)]
    return found


def test_legal_actions_are_exactly_the_accepted_ones() -> None:
    """Nothing ``check`` accepts is missing from ``legal_actions``; nothing listed is refused."""
    game = FORMATS["rr"].new_game(3, 2)
    agent = RandomAgent(3)
    for step in range(200):
        if game.outcome is not None:
            break
        legal = game.legal_actions()
        if step % 40 == 0:
            for action in _every_action(game):
                assert (explain(game, action).endswith(" is legal")) == (action in legal), action
        game.apply(agent.choose({}, legal))
