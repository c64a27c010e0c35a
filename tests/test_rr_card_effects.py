"""Risk & Resource card effects: effects on several players, extra turns, the checks the card
loader makes of the newer effect kinds, and random games with the newer cards."""

from __future__ import annotations

import pytest

from rulekeeper.engine.conformance import check_game
from rulekeeper.errors import InputError
from rulekeeper.riskres.actions import Cast, Concede, EndAttacks, Pass
from rulekeeper.riskres.cards import parse_card
from rulekeeper.riskres.decks import check_deck
from rulekeeper.riskres.game import RiskGame
from rulekeeper.riskres.invariants import risk_invariants
from rulekeeper.riskres.scenario import Scenario

HOLD = ["Brace"]
NAMES = ["Alice", "Bob", "Carol", "Dan"]


def table_of_four(hand: list[str], ep: int) -> RiskGame:
    """Four players with ten-card libraries; Alice, active, holds ``hand`` and ``ep`` EP."""
    scenario = Scenario(names=NAMES)
    for seat in range(4):
        scenario = scenario.player(
            seat,
            ep=ep if seat == 0 else 0,
            hand=[*hand, *HOLD] if seat == 0 else HOLD,
            library=["Raze"] * 10,
        )
    return scenario.build()


def resolve_for(game: RiskGame, players: int) -> None:
    for _ in range(players):
        game.apply(Pass())


def test_stolen_hour_grants_its_caster_an_extra_turn() -> None:
    game = table_of_four(["Stolen Hour"], ep=7)
    game.apply(Cast(game.find("Stolen Hour")))
    resolve_for(game, 4)
    assert game.extra_turns == [0]
    assert game.log.citing("RR 10.1c")[0].text == "Alice will take an extra turn after this one"
    while game.turn == 2:
        game.apply(Pass())
    assert game.active == 0


@pytest.mark.rule("RR 10.2a")
def test_scouring_winds_affects_each_opponent_still_in_the_game() -> None:
    game = table_of_four(["Scouring Winds"], ep=3)
    game.apply(Concede(2))
    game.apply(Cast(game.find("Scouring Winds")))
    resolve_for(game, 3)
    assert [len(game.table.zones[f"exile:{seat}"]) for seat in (0, 1, 3)] == [0, 2, 2]
    milled = [e.text for e in game.log.citing("RR 2.5a")]
    assert milled == [
        "Bob exiles 2 cards from the top of their library",
        "Dan exiles 2 cards from the top of their library",
    ]


@pytest.mark.rule("RR 10.2c")
def test_common_harvest_affects_every_player_starting_with_its_controller() -> None:
    game = table_of_four(["Common Harvest"], ep=1)
    game.apply(Cast(game.find("Common Harvest")))
    resolve_for(game, 4)
    assert [p.ep for p in game.table.players] == [2, 2, 2, 2]
    gains = [e.text.split()[0] for e in game.log if "gains 2 EP" in e.text]
    assert gains == ["Alice", "Bob", "Carol", "Dan"]


@pytest.mark.rule("RR 10.2a", "RR 10.2c")
def test_each_player_starts_with_the_controller_in_turn_order() -> None:
    from rulekeeper.riskres.effects import each_opponent, each_player

    game = table_of_four([], ep=0)
    assert each_player(game, 2) == [2, 3, 0, 1]
    assert each_opponent(game, 2) == [3, 0, 1]


GOOD = {"name": "Test", "types": ["Sorcery"], "subtype": "", "cost": 1, "pitch": 1, "text": ""}


@pytest.mark.parametrize(
    ("changes", "problem"),
    [
        ({"effects": [{"kind": "ep", "amount": 1, "players": "everyone"}]}, "players are one"),
        ({"effects": [{"kind": "mill", "amount_of": "cost"}]}, "only from the source's power"),
        ({"effects": [{"kind": "destroy_each"}]}, "names the creature type"),
        ({"triggers": [{"when": "dies", "effects": []}]}, "only a creature has"),
        ({"static": {"risk": {"bonus": 0}}}, "bonus must be a whole number"),
        ({"static": {"risk": {}}}, "static risk modifiers"),
        ({"risk": {"level": "low", "success": [{"kind": "wish"}]}}, "unknown effect kind"),
        (
            {"effects": [{"kind": "risk", "choice": {"low": [], "high": []}}]},
            "only an activated ability offers a choice",
        ),
    ],
)
def test_the_loader_checks_the_newer_effects(changes: dict[str, object], problem: str) -> None:
    parse_card(GOOD)
    with pytest.raises(InputError, match=problem):
        parse_card(GOOD | changes)


NEWER = (
    "Barrow Wight",
    "Mask Mimic",
    "Fatespinner Wheel",
    "Loaded Die",
    "Fortune's Spindle",
    "Steady Nerves",
    "Searchlight Sweep",
    "Echo Snare",
    "Light Fingers",
    "Exorcist's Rite",
    "Daring Gambit",
    "Stolen Hour",
    "Scouring Winds",
    "Common Harvest",
    "War Cry",
    "War Table",
)
OLDER = (
    "Snare Wire",
    "Hidden Sentry",
    "Shade of the Pact",
    "Sparkshot",
)
DECK = [name for name in (*NEWER, *OLDER) for _ in range(2)]


def test_random_games_with_the_newer_cards_break_no_invariant() -> None:
    assert check_deck(DECK) == []

    def new_game(seed: int, players: int) -> RiskGame:
        return RiskGame.new([DECK] * players, seed=seed)

    for seed in range(30):
        run = check_game(new_game, risk_invariants, seed=seed, players=2 + seed % 3)
        assert run.violations == []


@pytest.mark.rule("RR 4.5.6a")
def test_an_until_end_of_combat_pump_ends_with_combat() -> None:
    game = (
        Scenario()
        .player(0, ep=1, hand=["War Cry", *HOLD], battlefield=["Mire Lurker"])
        .player(1, hand=["Brace"], library=["Raze"] * 10)
        .at("beginning_of_combat")
        .build()
    )
    lurker = game.table.cards[game.find("Mire Lurker")]
    game.apply(Cast(game.find("War Cry"), lurker.id))
    resolve_for(game, 2)
    assert (lurker.pump_power, game.pumps) == (2, [(0, lurker.id, 2, 0, "combat")])
    saved = RiskGame.loads(game.dumps())
    assert saved.pumps == game.pumps
    while game.step != "main2":
        game.apply(EndAttacks() if game.decision == "attackers" else Pass())
    assert (lurker.pump_power, game.pumps) == (0, [])
    assert [e.text for e in game.log.citing("RR 4.5.6a")] == [
        "Mire Lurker's +2/+0 until end of combat ends"
    ]


def test_only_a_pump_lasts_until_end_of_combat() -> None:
    raw = dict(GOOD, effects=[{"kind": "ep", "amount": 1, "until": "combat"}])
    with pytest.raises(InputError, match="a pump lasts until the end of one of turn, combat"):
        parse_card(raw)
    raw = dict(GOOD, effects=[{"kind": "pump", "power": 1, "defense": 1, "until": "dawn"}])
    with pytest.raises(InputError, match="a pump lasts"):
        parse_card(raw)
