"""The game protocol: apply/after, explain, JSON round trips, views, determinism."""

from __future__ import annotations

import json
from collections.abc import Sequence

import pytest

from rulekeeper.engine import RandomAgent, explain, play
from rulekeeper.engine.game import Action
from rulekeeper.errors import IllegalActionError, SerializationError
from rulekeeper.games import FORMATS, game_format
from rulekeeper.mtg.actions import Attack, PlayLand
from rulekeeper.mtg.game import MagicGame

LEVELER = FORMATS["leveler"]


def _random_game(seed: int) -> MagicGame:
    game = LEVELER.new_game(seed, 2)
    assert isinstance(game, MagicGame)
    return game


def test_same_seed_and_actions_give_the_same_game() -> None:
    one, two = _random_game(11), _random_game(11)
    play(one, [RandomAgent(1), RandomAgent(2)])
    play(two, [RandomAgent(1), RandomAgent(2)])
    assert str(one.log) == str(two.log)
    assert one.dumps() == two.dumps()


def test_after_leaves_the_receiver_alone() -> None:
    game = _random_game(3)
    before = game.dumps()
    action = game.legal_actions()[-1]
    successor = game.after(action)
    assert game.dumps() == before
    assert successor.dumps() != before


def test_rejected_action_changes_nothing_and_cites_a_rule() -> None:
    game = _random_game(4)
    before = game.dumps()
    opponent_card = game.table.zones[f"hand:{1 - game.current_player()}"][0]
    with pytest.raises(IllegalActionError) as raised:
        game.apply(PlayLand(opponent_card))
    assert raised.value.rule == "MG 3.1"
    assert raised.value.url.endswith("rules/magic.html#rule-mg-3-1")
    assert game.dumps() == before


@pytest.mark.rule("MG 3.1")
def test_an_edit_after_listing_legal_actions_cannot_let_an_illegal_action_through() -> None:
    # A list of legal actions made before a direct edit of the state must not vouch for an
    # action the edit made illegal: here the land leaves its owner's hand.
    game = _random_game(4)
    land = next(a for a in game.legal_actions() if isinstance(a, PlayLand))
    game.table.move(land.card, f"graveyard:{game.current_player()}")
    before = game.dumps()
    with pytest.raises(IllegalActionError) as raised:
        game.apply(land)
    assert raised.value.rule == "MG 3.1"
    assert game.dumps() == before


def test_explain_says_why() -> None:
    game = _random_game(4)
    assert explain(game, game.legal_actions()[0]).endswith("is legal")
    message = explain(game, Attack(10_000))
    assert "is illegal" in message
    assert "(MG 4.1" in message


def test_round_trip_mid_game_continues_identically() -> None:
    game = _random_game(8)
    agents = [RandomAgent(5), RandomAgent(6)]
    for _ in range(40):
        game.apply(agents[game.current_player()].choose({}, game.legal_actions()))
    restored = MagicGame.loads(game.dumps())
    assert restored.dumps() == game.dumps()
    twin_agents = [RandomAgent(7), RandomAgent(8)]
    play(game, [RandomAgent(7), RandomAgent(8)])
    play(restored, twin_agents)
    assert str(restored.log) == str(game.log)


@pytest.mark.parametrize("text", ["", "[]", "{}", '{"format": "nonsense"}', "not json"])
def test_bad_saved_games_are_clear_errors(text: str) -> None:
    with pytest.raises(SerializationError):
        MagicGame.loads(text)


def test_view_hides_the_opponents_hand_and_library_order() -> None:
    game = _random_game(2)
    view = game.view(0)
    hidden = {game.table.cards[i].name for i in game.table.zones["hand:1"]}
    hidden |= {game.table.cards[i].name for i in game.table.zones["library:1"]}
    shown = {name for _, name in view["hand"]}
    assert view["players"][1]["hand"] == len(game.table.zones["hand:1"])
    assert not (hidden - shown) & set(json.dumps(view).split('"'))
    assert all(game.table.cards[i].owner == 0 for i, _ in view["hand"])


def test_unknown_format_is_a_clear_error() -> None:
    with pytest.raises(ValueError, match="unknown format 'chess'"):
        game_format("chess")


def test_play_builds_views_only_for_agents_that_read_them() -> None:
    seen: list[int] = []
    unread: list[dict[str, object]] = []

    class Watcher:
        """An agent that records how much of the game its views showed it."""

        def choose(self, view: dict[str, object], actions: list[object]) -> object:
            seen.append(len(view))
            return actions[0]

    class Blind:
        """A random agent that keeps the views it is handed, and never reads them."""

        def __init__(self) -> None:
            self.random = RandomAgent(3)

        def choose(self, view: dict[str, object], actions: Sequence[Action]) -> Action:
            unread.append(view)
            return self.random.choose(view, actions)

    game = _random_game(12)
    play(game, [Watcher(), Blind()])  # type: ignore[list-item]
    assert seen
    assert min(seen) > 0  # a view for every decision of the agent that reads one
    assert unread
    # and none built for the other: they hold only what an unread view holds
    assert all(not any(isinstance(k, str) for k in dict.keys(view)) for view in unread)


def _tables() -> list[tuple[str, str, str, int]]:
    """Every (format, agent, variant, players) the command line can set up."""
    tables = []
    for key, entry in sorted(FORMATS.items()):
        low, high = entry.players
        for agent in sorted(entry.agents):
            for variant in ["", *sorted(entry.variants)]:
                for players in range(low, high + 1):
                    try:
                        entry.new_game(0, players, variant)
                    except ValueError:
                        continue  # a variant that needs more players (RR R66)
                    tables.append((key, agent, variant, players))
    return tables


@pytest.mark.slow
@pytest.mark.parametrize(("key", "agent", "variant", "players"), _tables())
def test_every_agent_finishes_games_at_every_table(
    key: str, agent: str, variant: str, players: int
) -> None:
    """The conformance suite plays random agents; the other agents play here, so that a view
    an agent misreads (a face-down card, a player who left) cannot hide until a user runs
    ``rulekeeper simulate``."""
    entry = FORMATS[key]
    for seed in range(3):
        game = entry.new_game(seed, players, variant)
        outcome = play(game, [entry.agents[agent](seed * 101 + s) for s in range(players)])
        assert outcome is game.outcome is not None
