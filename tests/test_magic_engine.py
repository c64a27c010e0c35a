"""What the compact Magic model keeps or skips to be fast, held to what it would work out in full.

The engine asks a cheap question before it judges every candidate action
(:func:`~rulekeeper.mtg.timing.can_only_pass`), keeps the creatures on the battlefield between
zone changes (:meth:`~rulekeeper.mtg.state.Table.creatures`), and remembers answers within one
call that judges many candidates (:class:`~rulekeeper.mtg.judging.Judgement`). None of it may
change a game: these tests hold each to the full answer, and `rulekeeper.bench --fingerprint`
holds whole games to what they were. The values the engine makes at every decision spell out
their ``__init__`` (see :mod:`rulekeeper.mtg.actions`); they must stay the frozen dataclasses
they were.
"""

from __future__ import annotations

import dataclasses
from typing import Any

import pytest

from rulekeeper.bench import engine_build
from rulekeeper.dominion.draft import actions as draft_actions
from rulekeeper.engine import RandomAgent, play
from rulekeeper.engine.game import Action
from rulekeeper.errors import IllegalActionError
from rulekeeper.games import FORMATS
from rulekeeper.mtg import actions
from rulekeeper.mtg.actions import Cast, Pass, Player
from rulekeeper.mtg.formats.stockpile import actions as stockpile_actions
from rulekeeper.mtg.formats.vortex import actions as vortex_actions
from rulekeeper.mtg.game import MagicGame
from rulekeeper.mtg.mana import ManaCost
from rulekeeper.mtg.scenario import Scenario

ISLANDS = ["Island"] * 5  # a library to draw from, so nobody loses by MG 5.3 by accident

VALUES: list[Any] = [
    actions.Pass(),
    actions.PlayLand(3),
    actions.Cast(4),
    actions.Cast(4, Player(1)),
    actions.Cast(4, target=7),
    actions.Attack(5),
    actions.Attack(5, player=1),
    actions.EndAttacks(),
    actions.Block(6, 5),
    actions.EndBlocks(),
    actions.AssignDamage(5, (2, 4)),
    actions.AssignDamage(5, (1,), player=5),
    actions.Discard(2),
    Player(0),
    vortex_actions.Pick(9),
    vortex_actions.TakeBasic("Island"),
    vortex_actions.ExilePack(),
    vortex_actions.KeepPack(),
    stockpile_actions.Acquire(2),
    stockpile_actions.AcquireLand("Forest"),
    stockpile_actions.ReturnJunk(8),
    ManaCost(2, "RR"),
    ManaCost(generic=1),
    draft_actions.SetAside("Smithy"),
    draft_actions.MoveToCentre("Moat"),
    draft_actions.DiscardLandscape("Way of the Ox"),
]
"""A value of every class that spells out its own ``__init__``."""


@pytest.mark.parametrize("value", VALUES, ids=repr)
def test_a_value_with_its_own_init_is_the_frozen_dataclass_it_was(value: Any) -> None:
    """Made by position or by keyword it is equal, hashes alike, pastes back from its repr, and
    refuses a change; the defaults are the fields' own."""
    kind, fields = type(value), dataclasses.fields(value)
    values = [getattr(value, f.name) for f in fields]
    by_position, by_keyword = (
        kind(*values),
        kind(**{f.name: getattr(value, f.name) for f in fields}),
    )
    assert by_position == by_keyword == value
    assert hash(by_position) == hash(value)
    names = {
        **vars(actions),
        **vars(vortex_actions),
        **vars(stockpile_actions),
        **vars(draft_actions),
        "ManaCost": ManaCost,
    }
    assert eval(repr(value), names) == value  # our own reprs, pasted back
    assert dataclasses.replace(value) == value
    required = [f for f in fields if f.default is dataclasses.MISSING]
    shortest = kind(*values[: len(required)])
    assert [getattr(shortest, f.name) for f in fields[len(required) :]] == [
        f.default for f in fields[len(required) :]
    ]
    if fields:
        with pytest.raises(dataclasses.FrozenInstanceError):
            setattr(value, fields[0].name, None)


@pytest.mark.rule("MG R3")
@pytest.mark.parametrize(("key", "players"), [("leveler", 2), ("vortex", 3), ("stockpile", 4)])
@pytest.mark.skipif(
    engine_build() != "interpreted",
    reason="compiled code calls can_only_pass directly, so a patch cannot reach it",
)
def test_a_pass_is_forced_only_when_it_is_the_one_legal_action(
    monkeypatch: pytest.MonkeyPatch, key: str, players: int
) -> None:
    """The engine passes for a player when the cheap can_only_pass() says so, without judging
    every candidate; here they are judged anyway each time and must leave only the pass."""
    from rulekeeper.mtg import game as game_module
    from rulekeeper.mtg.timing import can_only_pass

    forced = 0

    def checked_can_only_pass(game: MagicGame) -> bool:
        nonlocal forced
        if can_only_pass(game):
            assert game.legal_actions() == [Pass()], game.log[-1]
            forced += 1
            return True
        return False

    monkeypatch.setattr(game_module, "can_only_pass", checked_can_only_pass)
    for seed in range(3):
        game = FORMATS[key].new_game(seed, players)
        play(game, [RandomAgent(seed + seat) for seat in range(players)])
    assert forced > 100


@pytest.mark.parametrize(("key", "players"), [("leveler", 2), ("stockpile", 3)])
def test_the_kept_creatures_and_lands_are_the_battlefield_s_at_every_step(
    key: str, players: int
) -> None:
    game = FORMATS[key].new_game(5, players)
    assert isinstance(game, MagicGame)
    checked = 0

    def watch(state: object, _action: object) -> None:
        nonlocal checked
        assert isinstance(state, MagicGame)
        assert state.table.kept_index_problems() == []
        checked += 1

    play(game, [RandomAgent(seat) for seat in range(players)], on_action=watch)
    assert checked > 50
    assert game.table.kept_index_problems() == []


def test_a_battlefield_changed_behind_the_model_s_back_is_caught_by_the_invariant() -> None:
    """Zones change through Table.move and Table.create; a list changed directly leaves the
    kept creatures stale, and the conformance invariant says so."""
    from rulekeeper.games import magic_invariants

    game = Scenario("leveler").player(0, battlefield=["Grizzly Bears"]).build()
    assert [c.name for c in game.table.creatures()] == ["Grizzly Bears"]
    giant = game.table.create("Hill Giant", 1, "hand:1")
    game.table.zones["hand:1"].remove(giant)
    game.table.zones["battlefield"].append(giant)  # not through Table.move
    game.table.where[giant] = "battlefield"
    assert any("kept creatures" in problem for problem in magic_invariants(game))
    game.table.move(giant, "battlefield")  # the model's own way: the kept list is redone
    assert magic_invariants(game) == []


def test_a_controller_changed_behind_the_model_s_back_is_caught_by_the_invariant() -> None:
    """The kept lands of each controller follow the zones; a controller set directly on the
    battlefield leaves them stale, and the conformance invariant says so."""
    from rulekeeper.games import magic_invariants

    game = Scenario("leveler").player(0, battlefield=["Forest", "Mountain"]).build()
    assert (game.untapped_mana(0), game.untapped_mana(1)) == (("GR", 2), ("", 0))
    forest = game.find("Forest")
    game.table.cards[forest].controller = 1  # not a change the model makes
    assert any("kept lands" in problem for problem in magic_invariants(game))
    game.table.cards[forest].controller = 0
    assert magic_invariants(game) == []
    game.table.move(forest, "graveyard:0")  # through the model: the kept lands follow
    assert magic_invariants(game) == []
    assert (game.untapped_mana(0), game.untapped_mana(1)) == (("R", 1), ("", 0))


def test_a_hand_replaced_behind_the_model_s_back_is_caught_by_the_invariant() -> None:
    """The stack and the hands are reached through the very lists the zones hold, so a card
    moved through the model is seen through both; a zone's list replaced rather than changed
    in place is caught by the invariant, and a restored game links its own."""
    game = Scenario("leveler").player(0, hand=["Lightning Bolt"]).build()
    bolt = game.find("Lightning Bolt")
    assert game.table.hands[0] == [bolt]
    assert game.table.stack == []
    game.table.move(bolt, "stack")
    assert game.table.hands[0] == []
    assert game.table.stack == [bolt]
    restored = MagicGame.loads(game.dumps())
    assert restored.table.stack == [bolt]
    assert restored.table.kept_index_problems() == []
    game.table.zones["hand:0"] = [*game.table.zones["hand:0"]]  # not a change the model makes
    assert any("linked hand of seat 0" in p for p in game.table.kept_index_problems())


def test_the_kept_zone_names_follow_the_players_and_a_restored_table() -> None:
    """The names of each player's hand, library and graveyard are made once per table from the
    number of players; a restored game names its own, and a table whose players were replaced
    behind the model's back is caught by the invariant."""
    from rulekeeper.mtg.state import PlayerState

    game = FORMATS["stockpile"].new_game(2, 3)
    assert isinstance(game, MagicGame)
    assert game.table.hand_zones == ["hand:0", "hand:1", "hand:2"]
    assert game.table.library_zones[2] == "library:2"
    assert game.table.graveyard_zones[1] == "graveyard:1"
    restored = MagicGame.loads(game.dumps())
    assert restored.table.hand_zones == game.table.hand_zones
    assert restored.table.kept_index_problems() == []
    game.table.players.append(PlayerState(3, "Player 4", 20))  # not a table the model made
    assert any("kept hand names" in problem for problem in game.table.kept_index_problems())


@pytest.mark.rule("MG 3.3")
def test_nothing_judged_in_one_call_is_kept_for_the_next() -> None:
    """A state changed directly between two calls is judged as it is: the answers one call
    keeps (which lands pay which cost) are gone when it returns."""
    game = (
        Scenario("leveler")
        .player(0, hand=["Lightning Bolt"], battlefield=["Mountain"], library=ISLANDS)
        .player(1, library=ISLANDS)
        .build()
    )
    bolt = game.find("Lightning Bolt")
    assert Cast(bolt, Player(1)) in game.legal_actions()
    game.table.cards[game.find("Mountain")].tapped = True
    assert game.legal_actions() == [Pass()]
    with pytest.raises(IllegalActionError, match=r"MG 3\.3"):
        game.apply(Cast(bolt, Player(1)))
    assert game.judgement is None


class _Checking:
    """A random agent that holds the list play() gives it to the game's own list."""

    def __init__(self, game: MagicGame, seed: int) -> None:
        self.game, self.random, self.decisions = game, RandomAgent(seed), 0

    def choose(self, view: dict[str, Any], actions: Any) -> Any:
        assert list(actions) == self.game.legal_actions()
        self.decisions += 1
        return self.random.choose(view, actions)


@pytest.mark.rule("MG R3")
@pytest.mark.parametrize(("key", "players"), [("leveler", 2), ("vortex", 3), ("stockpile", 5)])
def test_the_list_found_while_taking_forced_actions_is_the_legal_actions(
    key: str, players: int
) -> None:
    """Taking forced actions judges the next decision's candidates; play() hands agents what
    that found instead of judging them again, and it must be exactly the legal actions."""
    game = FORMATS[key].new_game(4, players)
    assert isinstance(game, MagicGame)
    agents = [_Checking(game, seat) for seat in range(players)]
    play(game, agents)
    assert sum(agent.decisions for agent in agents) > 50


def test_applying_and_listing_rejects_what_apply_rejects() -> None:
    """The protocol judges the action as apply() does, and changes nothing when it refuses."""
    game = (
        Scenario("leveler")
        .player(0, hand=["Lightning Bolt"], library=ISLANDS)
        .player(1, library=ISLANDS)
        .build()
    )
    before = game.dumps()
    with pytest.raises(IllegalActionError, match=r"MG 3\.3"):
        game._apply_listing(Cast(game.find("Lightning Bolt"), Player(1)))
    assert game.dumps() == before
    assert game._apply_listing(Pass()) == game.legal_actions()


@pytest.mark.parametrize("value", [v for v in VALUES if isinstance(v, Action)], ids=repr)
def test_the_kinds_tested_one_at_a_time_are_the_tuples_they_stand_for(value: Any) -> None:
    """The hot paths test an action's kind one isinstance at a time (a tuple of classes is
    built at every test in the compiled build); they must say what the tuples say."""
    from rulekeeper.mtg.game import PRIORITY_ACTIONS, is_forced_kind, is_priority_action

    assert is_forced_kind(value) == isinstance(value, actions.FORCED)
    assert is_priority_action(value) == isinstance(value, PRIORITY_ACTIONS)


@pytest.mark.rule("MG 5.1")
@pytest.mark.parametrize(("key", "players"), [("leveler", 2), ("vortex", 4), ("stockpile", 6)])
@pytest.mark.skipif(
    engine_build() != "interpreted",
    reason="compiled code calls resume_play directly, so a patch cannot reach it",
)
def test_a_state_based_check_is_skipped_only_when_it_could_find_nothing(
    monkeypatch: pytest.MonkeyPatch, key: str, players: int
) -> None:
    """A pass that only hands priority on, and a step without turn-based actions, skip the
    state-based check when nothing was logged since the last one (MagicGame.settled); here each
    skipped check is made anyway, and it must find nothing to do."""
    from rulekeeper.mtg import sba

    skipped = 0
    resume_play = MagicGame.resume_play

    def checked_resume_play(game: MagicGame, *, check: bool = True) -> None:
        nonlocal skipped
        if not check:
            found = sba.core_state_based_actions(game) + game.variant.state_based_actions(game)
            assert found == [], game.log[-1]
            assert all(p.left or not p.lost for p in game.table.players)
            skipped += 1
        resume_play(game, check=check)

    monkeypatch.setattr(MagicGame, "resume_play", checked_resume_play)
    for seed in range(3):
        game = FORMATS[key].new_game(seed, players)
        play(game, [RandomAgent(seed + seat) for seat in range(players)])
    assert skipped > 100


@pytest.mark.rule("MG 5.1")
def test_an_event_logged_after_a_check_makes_the_next_pass_check_again() -> None:
    """Whatever the engine logs unsettles the game, so the next pass checks again."""
    game = (
        Scenario("leveler")
        .player(0, hand=["Lightning Bolt"], battlefield=["Mountain"], library=ISLANDS)
        .player(1, library=ISLANDS)
        .build()
    )
    game.settled = True
    game.record("MG 1.4", "something happened")
    assert not game.settled
