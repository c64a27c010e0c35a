"""Risk & Resource: in a game of three or more players every mulligan decision is made at once
and in secret, then revealed and carried out (RR 12.4a, RR 12.4b)."""

from __future__ import annotations

import pytest

from rulekeeper.position import position
from rulekeeper.riskres.actions import Keep, Mulligan
from rulekeeper.riskres.decks import PRECONSTRUCTED
from rulekeeper.riskres.game import RiskGame

DECKS = list(PRECONSTRUCTED.values())


def new(players: int, seed: int = 4) -> RiskGame:
    return RiskGame.new([DECKS[i % len(DECKS)] for i in range(players)], seed=seed)


def hands(game: RiskGame) -> list[list[int]]:
    return [list(game.table.zones[f"hand:{p}"]) for p in range(len(game.table.players))]


@pytest.mark.rule("RR 12.4a", "RR 12.4b", "RR R81")
@pytest.mark.parametrize("players", [3, 4, 6])
def test_every_player_decides_before_any_new_hand_is_dealt_or_logged(players: int) -> None:
    game = new(players)
    assert game.simultaneous
    before, start = hands(game), len(game.log)
    deciders = []
    for _ in range(players - 1):
        deciders.append(game.priority)
        game.apply(Mulligan())
        # Not yet dealt, not yet logged: the others have still to decide.
        assert hands(game) == before
        assert not game.log.citing("RR 12.1c")
        assert game.decision == "mulligan"
        assert game.priority not in deciders
    game.apply(Mulligan())
    events = [e.text for e in game.log.since(start)]
    secret = [i for i, text in enumerate(events) if text.endswith("decides in secret")]
    revealed = [i for i, text in enumerate(events) if "reveals the decision" in text]
    dealt = [i for i, text in enumerate(events) if "mulligans and draws" in text]
    assert len(secret) == len(revealed) == len(dealt) == players
    assert max(secret) < min(revealed) < min(dealt)  # decide, reveal, then resolve
    assert all(hands(game)[p] != before[p] for p in range(players))


@pytest.mark.rule("RR 12.4a")
def test_a_hidden_decision_changes_nothing_the_others_see() -> None:
    kept, mulliganed = new(3), new(3)
    first = kept.priority
    kept.apply(Keep())
    mulliganed.apply(Mulligan())
    for viewer in range(3):
        if viewer == first:
            continue
        assert kept.view(viewer) == mulliganed.view(viewer)
        assert position(kept, viewer=viewer) == position(mulliganed, viewer=viewer)
    assert [str(e) for e in kept.log] == [str(e) for e in mulliganed.log]


@pytest.mark.rule("RR 12.4a", "RR 12.1a", "RR R81")
def test_two_players_decide_in_turn_unless_they_choose_otherwise() -> None:
    game = new(2)
    assert not game.simultaneous
    game.apply(Mulligan())
    assert game.log.citing("RR 12.1c")  # dealt at once: the other has not decided yet
    assert RiskGame.new(DECKS, seed=4, simultaneous=True).simultaneous
