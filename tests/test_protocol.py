"""The game protocol, over every registered format and every variant.

``tests/test_games.py`` looks closely at one Leveler game; here the same promises are asked of
every table the command line can set up (each format at its smallest table, each variant of
it), so that a format or variant added later cannot skip them: ``after`` leaves its receiver
alone, a refused action changes nothing and cites a rule, ``explain`` says why, a saved game
plays on as the original, a bad save is a clear error, a player's view is plain data that
differs from the other players', and the same seed and actions give the same game. The
protocol itself is pinned: its public members, and the lazy legal actions, which must answer
as their list does in every format.
"""

from __future__ import annotations

import json
import random

import pytest

from rulekeeper.engine import RandomAgent, explain, play
from rulekeeper.engine.game import Action, Game, Outcome
from rulekeeper.errors import IllegalActionError, SerializationError
from rulekeeper.games import FORMATS
from rulekeeper.rules import parse_rule_id

STEPS = 60
"""How far into a game the checks look: past the setup into real play, in every format."""


def _tables() -> list[tuple[str, str, int]]:
    """Every (format, variant, players): the smallest table each variant is played at."""
    tables = []
    for key, entry in sorted(FORMATS.items()):
        low, high = entry.players
        for variant in ["", *sorted(entry.variants)]:
            for players in range(low, high + 1):
                try:
                    entry.new_game(0, players, variant)
                except ValueError:
                    continue  # a variant that needs more players (RR R66)
                tables.append((key, variant, players))
                break
    return tables


TABLES = _tables()
IDS = [f"{key}{'-' + variant if variant else ''}-{players}p" for key, variant, players in TABLES]


def _played(
    key: str, variant: str, players: int, seed: int, steps: int = STEPS
) -> tuple[Game, list[Action]]:
    """A game ``steps`` random actions in, or halfway through if it is shorter than twice that
    (a short game, such as Stockpile Draft's with two players, is still under way), and the
    actions taken."""
    whole = _random_actions(FORMATS[key].new_game(seed, players, variant), seed, None)
    return _random_actions(
        FORMATS[key].new_game(seed, players, variant), seed, min(steps, len(whole) // 2)
    )


def _random_actions(game: Game, seed: int, steps: int | None) -> tuple[Game, list[Action]]:
    rng = random.Random(seed)
    taken: list[Action] = []
    while game.outcome is None and (steps is None or len(taken) < steps):
        actions = game.legal_actions()
        taken.append(actions[rng.randrange(len(actions))])
        game.apply(taken[-1])
    return game, taken


def _refused(game: Game, taken: list[Action], rng: random.Random) -> Action | None:
    """An action the game refuses now: one it took earlier, or one a later position offers,
    that this position does not allow."""
    legal = game.legal_actions()
    probe = game
    for _ in range(20):
        stale = [a for a in taken if a not in legal]
        if stale:
            return stale[rng.randrange(len(stale))]
        if probe.outcome is not None:
            return None
        taken = probe.legal_actions()
        probe = probe.after(taken[rng.randrange(len(taken))])
    return None


@pytest.mark.parametrize(("key", "variant", "players"), TABLES, ids=IDS)
def test_the_same_seed_and_actions_give_the_same_game(key: str, variant: str, players: int) -> None:
    one, _ = _played(key, variant, players, seed=5)
    two, _ = _played(key, variant, players, seed=5)
    assert str(one.log) == str(two.log)
    assert one.dumps() == two.dumps()


@pytest.mark.parametrize(("key", "variant", "players"), TABLES, ids=IDS)
def test_after_leaves_the_receiver_alone(key: str, variant: str, players: int) -> None:
    game, _ = _played(key, variant, players, seed=3)
    before = game.dumps()
    successor = game.after(game.legal_actions()[-1])
    assert game.dumps() == before
    assert successor.dumps() != before


@pytest.mark.parametrize(("key", "variant", "players"), TABLES, ids=IDS)
def test_a_refused_action_changes_nothing_and_cites_a_rule(
    key: str, variant: str, players: int
) -> None:
    rng = random.Random(11)
    for seed in range(5):
        game, taken = _played(key, variant, players, seed=seed)
        action = _refused(game, taken, rng)
        if action is None:
            continue
        before = game.dumps()
        with pytest.raises(IllegalActionError) as raised:
            game.apply(action)
        parse_rule_id(raised.value.rule)
        assert game.dumps() == before
        assert "is illegal" in explain(game, action)
        assert f"({raised.value.rule}" in explain(game, action)
        return
    pytest.fail("no position of five games offered an action to refuse")


@pytest.mark.parametrize(("key", "variant", "players"), TABLES, ids=IDS)
def test_explain_calls_a_legal_action_legal(key: str, variant: str, players: int) -> None:
    game, _ = _played(key, variant, players, seed=4)
    for action in game.legal_actions()[:5]:
        assert explain(game, action).endswith("is legal")


@pytest.mark.parametrize(("key", "variant", "players"), TABLES, ids=IDS)
def test_a_saved_game_plays_on_as_the_original(key: str, variant: str, players: int) -> None:
    game, _ = _played(key, variant, players, seed=8)
    restored = type(game).loads(game.dumps())
    assert restored.dumps() == game.dumps()
    play(game, [RandomAgent(20 + seat) for seat in range(players)])
    play(restored, [RandomAgent(20 + seat) for seat in range(players)])
    assert str(restored.log) == str(game.log)
    assert restored.dumps() == game.dumps()


@pytest.mark.parametrize(("key", "variant", "players"), TABLES, ids=IDS)
@pytest.mark.parametrize("text", ["", "[]", "{}", '{"format": "nonsense"}', "not json"])
def test_a_bad_save_is_a_clear_error(key: str, variant: str, players: int, text: str) -> None:
    game_type = type(FORMATS[key].new_game(0, players, variant))
    with pytest.raises(SerializationError):
        game_type.loads(text)


@pytest.mark.parametrize(("key", "variant", "players"), TABLES, ids=IDS)
def test_every_player_s_view_is_plain_data(key: str, variant: str, players: int) -> None:
    game, _ = _played(key, variant, players, seed=2)
    views = [game.view(seat) for seat in range(players)]
    # Each player sees something of their own that the others do not (a hand, a pack).
    assert len({json.dumps(view, sort_keys=True) for view in views}) == players


PROTOCOL = {
    "legal_actions",
    "check",
    "apply",
    "after",
    "current_player",
    "view",
    "to_json",
    "from_json",
    "dumps",
    "loads",
}
"""The public methods of every game: no more, so that what a game offers stays small."""

KERNEL_ONLY = {"legal_actions", "check", "apply", "after", "dumps", "loads"}
"""The protocol methods that the kernel writes once and no format writes again."""

ATTRIBUTES = {"outcome", "log", "chance"}
"""The public attributes every game has (besides the class's ``format_key``)."""


def test_the_game_protocol_is_ten_methods() -> None:
    assert {name for name in dir(Game) if not name.startswith("_")} == PROTOCOL


def _defined_by(cls: type, name: str) -> type:
    """The class of ``cls``'s method resolution order that defines ``name``."""
    return next(c for c in cls.__mro__ if name in vars(c))


@pytest.mark.parametrize(("key", "variant", "players"), TABLES, ids=IDS)
def test_every_format_keeps_the_kernel_s_protocol(key: str, variant: str, players: int) -> None:
    game = FORMATS[key].new_game(0, players, variant)
    assert all(_defined_by(type(game), name) is Game for name in KERNEL_ONLY)
    assert all(hasattr(game, name) for name in ATTRIBUTES)
    assert game.format_key == key
    # The entry points of the old, wider protocol are gone from every format.
    gone = {
        *("offers", "only_legal_action", "apply_then_legal_actions", "decision_view"),
        *("is_over", "over_rule", "player_names", "zones", "needs_view", "lazy_actions"),
    }
    # Dominion's zones by name are its ``zones`` (as the other games' ``table.zones``): data, not
    # the old protocol method.
    left = {name for name in gone if hasattr(game, name)}
    assert not {name for name in left if name != "zones" or callable(getattr(game, name))}


def _positions(key: str, variant: str, players: int) -> list[Game]:
    """Positions along a random game: its first decisions, a few later, and its end."""
    game = FORMATS[key].new_game(6, players, variant)
    found: list[Game] = []
    rng = random.Random(6)
    step = 0
    while game.outcome is None:
        if step < 8 or step % 23 == 0:
            found.append(game.after(game.legal_actions()[0]) if step % 2 else game)
            game = type(game).loads(game.dumps())  # the kept position stays as it is
        actions = game.legal_actions()
        game.apply(actions[rng.randrange(len(actions))])
        step += 1
    return [*found, game]


@pytest.mark.parametrize(("key", "variant", "players"), TABLES, ids=IDS)
def test_the_legal_actions_answer_as_their_list(key: str, variant: str, players: int) -> None:
    positions = _positions(key, variant, players)
    # Actions of other positions, most of them illegal in any one position.
    strangers = [a for p in positions for a in list(p.legal_actions())[:3]]
    for game in positions:
        listed = list(game.legal_actions())
        legal = game.legal_actions()
        # Asked before the list is worked out: each action alone, then the only one.
        for action in [*listed, *strangers]:
            assert (action in game.legal_actions()) == (action in listed), action
        assert game.legal_actions().only == (listed[0] if len(listed) == 1 else None)
        assert ("not an action" in game.legal_actions()) is False
        # Read as the list.
        assert legal == listed
        assert listed == legal
        assert not (legal != listed)  # noqa: SIM202
        assert repr(legal) == repr(listed)
        assert str(legal) == str(listed)
        assert len(legal) == len(listed)
        assert bool(legal) == bool(listed)
        assert list(reversed(legal)) == listed[::-1]
        assert legal[1:] == listed[1:]
        assert [legal.index(a) for a in listed] == list(range(len(listed)))
        assert all(legal.count(a) == 1 for a in listed)
        assert legal.only == (listed[0] if len(listed) == 1 else None)


@pytest.mark.parametrize(("key", "variant", "players"), TABLES, ids=IDS)
def test_the_legal_actions_are_never_stale(key: str, variant: str, players: int) -> None:
    game, _ = _played(key, variant, players, seed=9)
    listed = list(game.legal_actions())
    unread = game.legal_actions()
    read = game.legal_actions()
    assert list(read) == listed
    # A direct change of the state: every answer not worked out yet is the new state's.
    action = listed[0]
    game.outcome = Outcome("draw", (), "MG 1.1", "stopped by hand")
    assert action not in unread
    assert unread.only is None
    assert not game.legal_actions()
    assert list(read) == listed  # worked out before the change: the list it was, as a list
    with pytest.raises(IllegalActionError, match="the game is over"):
        game.check(action)
    # Once an action has been applied, what was not worked out is refused, not guessed.
    game.outcome = None
    before = game.legal_actions()
    game.apply(action)
    with pytest.raises(RuntimeError, match="earlier decision"):
        len(before)
    with pytest.raises(RuntimeError, match="earlier decision"):
        action in before  # noqa: B015
