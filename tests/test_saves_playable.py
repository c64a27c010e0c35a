"""Saves that are well-formed but could not be played on: refused at load with the documented
error, citing the rule, by each format's checks and by the kernel's check that a loaded game
can go on (rulekeeper.engine.saves.check_playable)."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import pytest

from rulekeeper.engine.agents import RandomAgent
from rulekeeper.engine.events import EventLog
from rulekeeper.engine.game import Game
from rulekeeper.engine.saves import check_playable
from rulekeeper.errors import SerializationError
from rulekeeper.games import FORMATS
from rulekeeper.notation import push
from rulekeeper.position import from_position


def reached(key: str, found: Callable[[Any], bool], *, players: int = 2, seed: int = 1) -> Game:
    """The first state of a seeded random game of ``key`` where ``found(game)`` holds."""
    for attempt in range(seed, seed + 20):
        game = FORMATS[key].new_game(attempt, players)
        agents = [RandomAgent(attempt * 10 + s) for s in range(players)]
        while game.outcome is None:
            if found(game):
                return game
            game.apply(agents[game.current_player()].choose({}, game.legal_actions()))
    raise AssertionError(f"no {key} game reached the state wanted")


def refused(game: Game, edit: Callable[[dict[str, Any]], None], message: str) -> None:
    data = json.loads(game.dumps())
    edit(data)
    with pytest.raises(SerializationError, match=message):
        type(game).loads(json.dumps(data))


def pending(kind: str) -> Callable[[Any], bool]:
    return lambda game: bool(game.steps) and game.steps[-1]["do"] == kind


# The kernel.


@pytest.mark.parametrize("key", sorted(FORMATS))
@pytest.mark.parametrize("value", [[1, 2], 7, "save", None])
def test_from_json_refuses_a_value_that_is_not_an_object(key: str, value: Any) -> None:
    cls = type(FORMATS[key].new_game(1, FORMATS[key].players[0]))
    with pytest.raises(SerializationError, match="is a JSON object, not"):
        cls.from_json(value)


def test_check_playable_refuses_a_game_whose_offered_action_fails() -> None:
    # Harbinger offers to put back a card its player's discard pile does not hold (an edit
    # behind the engine's back): the choice is offered, and taking it fails.
    game: Any = FORMATS["dominion"].new_game(1, 2)
    game.steps = [{"do": "choose", "player": game.active, "card": "Harbinger",
                   "options": ["Province", "no"]}]  # fmt: skip
    with pytest.raises(SerializationError, match=r"Choose\(option='Province'\) fails"):
        check_playable(game)
    game.steps[0]["options"] = ["no"]
    check_playable(game)


@pytest.mark.parametrize("key", sorted(FORMATS))
def test_check_playable_tries_the_actions_on_copies_without_the_log(
    key: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    # No rule reads the events before an action to decide it: copying a long game's log for
    # each action offered only made loading a save slower.
    game = reached(key, lambda g: len(g.log) > 20 and len(g.legal_actions()) > 1)
    copied: list[int] = []
    restore = EventLog.from_json

    def counted(data: list[list[Any]]) -> EventLog:
        copied.append(len(data))
        return restore(data)

    monkeypatch.setattr(EventLog, "from_json", counted)
    check_playable(game)
    assert copied
    assert not any(copied)


# Dominion: the pending steps.


@pytest.mark.rule("DM 3.3")
@pytest.mark.parametrize(
    ("edit", "message"),
    [
        (lambda s: s.pop("card"), "'card' is a required property"),
        (lambda s: s.update(colour="blue"), "'colour' was unexpected"),
        (lambda s: s.update(do="dance"), "Input tag 'dance' found using 'do' does not match"),
        (lambda s: s.update(player=5), "5 is not a player"),
        (lambda s: s.update(card="Chapel"), "is not one any card makes"),
        (lambda s: s.update(card="No Such Card"), "is not a Dominion card"),
    ],
)
def test_dominion_refuses_a_pending_step_with_a_missing_or_unknown_field(
    edit: Callable[[dict[str, Any]], None], message: str
) -> None:
    # An attack's first victim: their reaction on top, the attack reaching them below it.
    game = reached("dominion", pending("react"), players=3)
    refused(game, lambda data: edit(data["steps"][-2]), message)


@pytest.mark.rule("DM 3.3")
def test_every_kind_of_step_declares_its_fields() -> None:
    from typing import get_args, get_type_hints

    from rulekeeper.dominion.effects import KINDS
    from rulekeeper.dominion.save_records import Step

    members = get_args(get_args(Step)[0])
    declared = [get_args(get_type_hints(member)["do"])[0] for member in members]
    assert sorted(declared) == sorted(KINDS)


@pytest.mark.rule("DM R3")
def test_dominion_refuses_an_automatic_step_left_on_top() -> None:
    game = reached("dominion", pending("react"), players=3)
    # A Witch's attack on one player asks nothing (an effect step may: a Way in use, DM 5.5).
    top = {"do": "victim", "player": 1, "card": "Witch", "attacker": 0}
    refused(game, lambda data: data["steps"].append(top), "offers no choice runs at once")


@pytest.mark.rule("DM R3")
def test_dominion_refuses_a_plain_game_put_back_in_its_pregame_phase() -> None:
    game = reached("dominion", lambda g: not g.steps and g.phase == "buy")
    refused(game, lambda data: data.update(phase="pregame"), "pre-game phase is over")


@pytest.mark.rule("DM R3")
def test_dominion_refuses_a_buy_phase_with_no_buy() -> None:
    game = reached("dominion", lambda g: not g.steps and g.phase == "buy")
    refused(game, lambda data: data.update(buys=0), "no Buy left ends the turn")


@pytest.mark.rule("DM 3.3")
def test_dominion_refuses_a_card_moved_aside_while_a_step_is_pending() -> None:
    game = reached("dominion", pending("react"), players=3)

    def edit(data: dict[str, Any]) -> None:
        data["zones"]["aside:1"].append(data["zones"]["hand:1"].pop())

    refused(game, edit, "set aside only while the effect")


def _dominion(kingdom: str, alice: str, bob: str, *moves: str) -> Game:
    """Alice's turn of plain Dominion from a position, after ``moves``."""
    game = from_position(
        f"Format: dominion\nSeed: 1\nActions: 1\nBuys: 1\nKingdom: {kingdom}\n\n"
        f"Alice: turns 1; {alice}\nBob: {bob}\n"
    )
    for move in moves:
        push(game, move)
    return game


def _masquerade(*moves: str) -> Game:
    return _dominion(
        "Masquerade",
        "hand Masquerade, Gold, 3 Copper; deck 5 Estate",
        "hand Duchy, 4 Copper; deck 5 Copper",
        "Alice plays Masquerade",
        *moves,
    )


def _steps(*edits: Callable[[list[dict[str, Any]]], None]) -> Callable[[dict[str, Any]], None]:
    def edit(data: dict[str, Any]) -> None:
        for change in edits:
            change(data["steps"])

    return edit


def _swap(one: int, other: int) -> Callable[[list[dict[str, Any]]], None]:
    def change(steps: list[dict[str, Any]]) -> None:
        steps[one], steps[other] = steps[other], steps[one]

    return change


@pytest.mark.rule("DM 3.3")
@pytest.mark.parametrize(
    ("moves", "edit"),
    [
        # Steps run from the last: the trash, the delivery, Bob's pass, Alice's pass.
        ((), _steps(lambda steps: steps.pop(1))),  # no delivery at all
        ((), _steps(_swap(0, 2))),  # Bob passes after the delivery
        ((), _steps(_swap(1, 2))),  # Bob passes after the delivery, before the trashing
        ((), _steps(_swap(0, 3))),  # Alice passes last
        (("Alice chooses Gold",), _steps(lambda steps: steps[1].update(do="pass"))),
    ],
)
def test_dominion_refuses_a_pass_that_no_delivery_follows(
    moves: tuple[str, ...], edit: Callable[[dict[str, Any]], None]
) -> None:
    # Loaded, such a save played on and left the passed cards set aside after every effect
    # had ended (issue #34).
    game = _masquerade(*moves)
    refused(
        game,
        edit,
        r"would stay set aside: no delivery runs after this pass to hand it on \(DM 3.3, DM 4.9\)",
    )
    type(game).loads(game.dumps())  # the save as the engine wrote it loads


@pytest.mark.rule("DM 3.3")
@pytest.mark.parametrize(
    "game",
    [
        _dominion(
            "Library, Village",
            "hand Library, 4 Copper; deck Village, Village, Gold, Smithy, Copper",
            "hand 2 Copper, 3 Estate; deck 5 Copper",
            "Alice plays Library",
            "Alice chooses set aside",
        ),
        _dominion(
            "Bandit",
            "hand Bandit, 4 Copper; deck 5 Estate",
            "hand 5 Copper; deck Gold, Silver, Copper",
            "Alice plays Bandit",
        ),
    ],
    ids=["Library", "Bandit"],
)
def test_dominion_refuses_two_steps_that_hold_one_players_set_aside_cards(game: Game) -> None:
    # Each would put them all away when it ended; the second found them gone (a ValueError
    # for Library, an AssertionError for Bandit, a move or two after the load).
    def twice(data: dict[str, Any]) -> None:
        data["steps"].append(dict(data["steps"][-1]))

    refused(game, twice, r"as steps\[0\] does: one effect holds them at a time \(DM 3.3\)")
    type(game).loads(game.dumps())


# Dominion Draft: the draft's own state.


def _draft_at(stage: str) -> Game:
    return reached(
        "dominion-draft",
        lambda g: (
            g.phase == "pregame"
            and g.variant_state["draft"]["stage"] == stage
            and not any(g.variant_state["draft"]["picked"])
        ),
        players=3,
    )


@pytest.mark.rule("DD 1.1")
def test_draft_refuses_a_draft_of_another_table_size() -> None:
    game = _draft_at("pick")
    refused(game, lambda d: d["variant_state"]["draft"]["names"].pop(), "not one of 3 players")
    refused(game, lambda d: d["variant_state"]["draft"]["piles"].pop(), "one entry per player")


@pytest.mark.rule("DD 5.1")
@pytest.mark.parametrize(
    ("edit", "message"),
    [
        (lambda d: d.update(landscape_holder=3), "landscape holder 3 is not a seat"),
        (lambda d: d["landscape_pile"].append("Delve"), "landscapes, not 5"),
    ],
)
def test_draft_refuses_its_landscapes_out_of_range(
    edit: Callable[[dict[str, Any]], None], message: str
) -> None:
    game = _draft_at("pick")
    refused(game, lambda data: edit(data["variant_state"]["draft"]), message)


@pytest.mark.rule("DD 2.2")
def test_draft_refuses_a_randomizer_moved_between_piles() -> None:
    game = _draft_at("pick")

    def edit(data: dict[str, Any]) -> None:
        piles = data["variant_state"]["draft"]["piles"]
        piles[1].append(piles[0].pop())

    refused(game, edit, "piles are not as round")


@pytest.mark.rule("DD 2.2")
def test_draft_refuses_a_filled_pick_list_and_seven_set_aside() -> None:
    game = _draft_at("pick")

    def fill(data: dict[str, Any]) -> None:
        draft = data["variant_state"]["draft"]
        draft["picked"] = [
            c or pile.pop() for c, pile in zip(draft["picked"], draft["piles"], strict=True)
        ]

    refused(game, fill, "no pick left to make")
    centre = reached(
        "dominion-draft",
        lambda g: g.phase == "pregame" and g.variant_state["draft"]["stage"] == "centre",
        players=3,
    )

    def seventh(data: dict[str, Any]) -> None:
        draft = data["variant_state"]["draft"]
        draft["set_aside"][0].append(draft["set_aside"][1].pop())

    refused(centre, seventh, "moved to the centre are not")


def test_a_draft_save_relabelled_as_plain_dominion_is_refused() -> None:
    for stage in ("pick", "done"):
        game = reached("dominion-draft", lambda g, s=stage: g.variant_state["draft"]["stage"] == s)
        data = json.loads(game.dumps())
        data.update(format="dominion", variant="dominion")
        with pytest.raises(SerializationError):
            type(FORMATS["dominion"].new_game(1, 2)).loads(json.dumps(data))


# Vortex: the decision and the phase.


@pytest.mark.rule("VX 5.1")
def test_vortex_refuses_a_pick_asked_in_a_phase_with_no_draft() -> None:
    game = reached("vortex", lambda g: g.decision == "pick" and g.variant.state.phase == "opening")

    def edit(data: dict[str, Any]) -> None:
        data["variant_state"]["phase"] = "play"
        data["variant_state"]["drafts"] = []

    refused(game, edit, "no draft of theirs is under way")


@pytest.mark.rule("VX 4.2")
def test_vortex_refuses_basic_lands_asked_outside_their_phase() -> None:
    game = reached("vortex", lambda g: g.decision == "basics")
    refused(game, lambda d: d["variant_state"].update(phase="play"), "basic lands are taken only")


def test_draft_refuses_bookkeeping_its_declaration_does_not_allow() -> None:
    # The Draft's variant_state is declared (DraftState) and checked as the rest of a save is.
    game = _draft_at("pick")
    refused(
        game,
        lambda d: d["variant_state"]["draft"].update(stage="auction"),
        r"variant_state\.draft\.stage: 'auction' is not one of",
    )
    refused(
        game,
        lambda d: d["variant_state"].update(colour="blue"),
        r"variant_state: Additional properties are not allowed \('colour' was unexpected\)",
    )
