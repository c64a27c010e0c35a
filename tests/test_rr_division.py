"""Risk & Resource: the attacking player divides a blocked attacker's damage (RR 6.3a, RR 6.3b,
RR R39), a choice offered only where the rule leaves one, written and read back in the notation,
kept by a save, and made by default for a player who does not choose."""

from __future__ import annotations

import pytest

from rulekeeper.errors import SerializationError
from rulekeeper.notation import describe, parse, round_trip_problems
from rulekeeper.riskres.actions import (
    Block,
    Concede,
    DivideDamage,
    EndBlocks,
    OrderBlocker,
    Pass,
    Player,
)
from rulekeeper.riskres.agents import HeuristicAgent
from rulekeeper.riskres.game import RiskGame
from rulekeeper.riskres.scenario import Scenario, refused

HOLD = ["Sparkshot"]
LIBRARY = ["Raze"] * 12
BOB = Player(1)


def blocked(
    attackers: list[str], blockers: dict[str, str], *, names: tuple[str, ...] = ("Alice", "Bob")
) -> RiskGame:
    """Alice's attackers at Bob, blocked as ``blockers`` (blocker name: attacker name) says, each
    attacker's blockers ordered as listed, and play passed on to the first decision in the
    damage steps."""
    alice = [name for name in attackers if name != "Battle Fervor"]
    scenario = (
        Scenario(names=names)
        .player(0, hand=HOLD, battlefield=attackers)
        .player(1, hand=HOLD, library=LIBRARY, battlefield=list(blockers))
    )
    for seat in range(2, len(names)):
        scenario = scenario.player(seat, hand=HOLD, library=LIBRARY)
    scenario = scenario.at("declare_blockers").attacking(dict.fromkeys(alice, "Bob"))
    game = scenario.build()
    if "Battle Fervor" in attackers:
        game.table.cards[game.find("Battle Fervor")].attached_to = game.find(alice[0])
    for blocker, attacker in blockers.items():
        game.apply(Block(game.find(blocker, "battlefield:1"), game.find(attacker)))
    if game.decision == "blockers":
        game.apply(EndBlocks())
    while game.decision == "order":
        action = game.legal_actions()[0]
        assert isinstance(action, OrderBlocker)
        game.apply(action)
    while game.decision == "priority" and game.step in ("declare_blockers", "first_damage"):
        game.apply(Pass())
    return game


def adder_against_tortoise() -> RiskGame:
    # The case: Nightfang Adder with Battle Fervor (3 power, Deadly, Fast), blocked by
    # Plated Tortoise (Armored 2), then Mire Lurker.
    return blocked(
        ["Nightfang Adder", "Battle Fervor"],
        {"Plated Tortoise": "Nightfang Adder", "Mire Lurker": "Nightfang Adder"},
    )


@pytest.mark.rule("RR 6.3a", "RR R39")
def test_the_attacker_may_put_all_its_damage_on_the_armored_blocker() -> None:
    game = adder_against_tortoise()
    adder, tortoise = game.find("Nightfang Adder"), game.find("Plated Tortoise")
    assert (game.step, game.decision, game.priority) == ("first_damage", "damage", 0)
    game.apply(DivideDamage(adder, ((tortoise, 3),)))
    # 2 prevented by Armored, the third is Deadly damage: the Tortoise is destroyed.
    assert game.table.cards[tortoise].zone == "graveyard:1"
    assert game.table.cards[game.find("Mire Lurker")].zone == "battlefield:1"


@pytest.mark.rule("RR 6.3a", "RR 6.3b", "RR 6.3d", "RR R39")
def test_every_division_the_rule_allows_is_offered_the_default_first() -> None:
    game = adder_against_tortoise()
    adder, tortoise, lurker = (
        game.find("Nightfang Adder"),
        game.find("Plated Tortoise"),
        game.find("Mire Lurker"),
    )
    assert list(game.legal_actions()) == [
        DivideDamage(adder, ((tortoise, 1), (lurker, 2))),  # lethal first, the rest last
        DivideDamage(adder, ((tortoise, 3),)),
        DivideDamage(adder, ((tortoise, 2), (lurker, 1))),
    ]


@pytest.mark.rule("RR 6.3b", "RR 6.3c")
def test_a_division_that_skips_lethal_or_leaves_damage_is_refused() -> None:
    game = blocked(
        ["Lumbering Golem"],
        {"Mire Lurker": "Lumbering Golem", "Ironbark Sentry": "Lumbering Golem"},
    )
    golem, lurker, sentry = (
        game.find("Lumbering Golem"),
        game.find("Mire Lurker"),
        game.find("Ironbark Sentry"),
    )
    assert game.decision == "damage"
    for shares in (
        ((lurker, 1), (sentry, 3)),  # the Lurker needs 2 before the Sentry gets any
        ((lurker, 2), (sentry, 1)),  # 1 of the 4 left unassigned
        ((lurker, 5),),  # more than its power
        ((sentry, 4),),  # the Sentry is second in the damage order
        ((Player(1), 4),),  # no Piercing: nothing for the player
    ):
        assert refused(game, DivideDamage(golem, shares)).rule == "RR 6.3b"
    assert refused(game, DivideDamage(lurker, ((golem, 1),))).rule == "RR 6.3a"
    assert refused(game, Pass()).rule == "RR 5.1c"


@pytest.mark.rule("RR 6.3a", "RR R39")
def test_no_division_is_asked_for_where_the_rule_leaves_one() -> None:
    # One blocker, no Piercing: all the damage goes to it.
    game = blocked(["Lumbering Golem"], {"Mire Lurker": "Lumbering Golem"})
    assert game.step == "end_of_combat"
    assert not game.log.citing("RR 6.3a")
    # 4 power and a Sentry first that needs all 4: nothing is left to divide.
    game = blocked(
        ["Lumbering Golem"],
        {"Ironbark Sentry": "Lumbering Golem", "Mire Lurker": "Lumbering Golem"},
    )
    assert game.step == "end_of_combat"


@pytest.mark.rule("RR 6.2.4b", "RR R12", "RR R39")
def test_piercing_reaches_the_player_only_past_lethal_and_may_stay_on_the_blocker() -> None:
    game = blocked(["Rampart Breaker"], {"Mire Lurker": "Rampart Breaker"})
    breaker, lurker = game.find("Rampart Breaker"), game.find("Mire Lurker")
    assert [a.shares for a in game.legal_actions() if isinstance(a, DivideDamage)] == [
        ((lurker, 2), (BOB, 2)),
        ((lurker, 4),),
        ((lurker, 3), (BOB, 1)),
    ]
    assert refused(game, DivideDamage(breaker, ((lurker, 1), (BOB, 3)))).rule == "RR 6.3b"
    game.apply(DivideDamage(breaker, ((lurker, 4),)))
    assert game.table.cards[lurker].zone == "graveyard:1"
    assert len(game.table.zones["exile:1"]) == 0  # nothing reached Bob: no pressure


@pytest.mark.rule("RR 6.3a", "RR 6.2.4c")
def test_double_strike_divides_in_each_step() -> None:
    # Twinblade Duelist with Battle Fervor: 4 power, Fast and Double Strike.
    game = blocked(
        ["Twinblade Duelist", "Battle Fervor"],
        {
            "Ember Scout": "Twinblade Duelist",
            "Mire Lurker": "Twinblade Duelist",
            "Ironbark Sentry": "Twinblade Duelist",
        },
    )
    duelist, scout = game.find("Twinblade Duelist"), game.find("Ember Scout")
    lurker, sentry = game.find("Mire Lurker"), game.find("Ironbark Sentry")
    assert (game.step, game.decision) == ("first_damage", "damage")
    game.apply(DivideDamage(duelist, ((scout, 4),)))
    assert game.damage_division == {}  # a division is for one step
    while game.decision == "priority" and game.step == "first_damage":
        game.apply(Pass())
    assert (game.step, game.decision) == ("second_damage", "damage")
    assert DivideDamage(duelist, ((lurker, 2), (sentry, 2))) == game.legal_actions()[0]
    game.apply(DivideDamage(duelist, ((lurker, 4),)))
    assert game.table.names("graveyard:1") == ["Ember Scout", "Mire Lurker"]


@pytest.mark.rule("RR 6.3a")
def test_every_division_is_written_and_read_back() -> None:
    game = adder_against_tortoise()
    assert round_trip_problems(game) == []
    texts = [describe(game, action) for action in game.legal_actions()]
    assert texts[1] == "Alice divides Nightfang Adder's damage: 3 to Plated Tortoise"
    assert [parse(game, text) for text in texts] == list(game.legal_actions())
    game = blocked(["Rampart Breaker"], {"Mire Lurker": "Rampart Breaker"})
    assert round_trip_problems(game) == []
    assert describe(game, game.legal_actions()[0]) == (
        "Alice divides Rampart Breaker's damage: 2 to Mire Lurker, 2 to Bob"
    )


@pytest.mark.rule("RR 6.3a")
def test_a_division_made_is_kept_by_a_save_until_the_damage() -> None:
    game = blocked(
        ["Lumbering Golem", "Rampart Breaker"],
        {
            "Mire Lurker": "Lumbering Golem",
            "Skyhook Drifter": "Lumbering Golem",
            "Ember Scout": "Rampart Breaker",
        },
    )
    golem = game.find("Lumbering Golem")
    choice = game.legal_actions()[-1]
    assert isinstance(choice, DivideDamage)
    assert choice.attacker == golem
    game.apply(choice)
    assert game.decision == "damage"
    assert golem in game.damage_division
    copy = RiskGame.from_json(game.to_json())
    assert copy.dumps() == game.dumps()
    last = game.legal_actions()[-1]
    for each in (game, copy):
        each.apply(last)
    assert copy.dumps() == game.dumps()
    assert game.damage_division == {}
    assert game.log.citing("RR 6.3a")[0].text.startswith("Alice divides Lumbering Golem's damage")


@pytest.mark.rule("RR 6.3a", "RR R64")
def test_a_defender_who_concedes_while_damage_is_divided_takes_the_attack_away() -> None:
    game = blocked(
        ["Lumbering Golem"],
        {"Mire Lurker": "Lumbering Golem", "Skyhook Drifter": "Lumbering Golem"},
        names=("Alice", "Bob", "Carol"),
    )
    assert game.decision == "damage"
    game.apply(Concede(1))
    assert game.outcome is None
    assert game.decision == "priority"
    assert game.step == "end_of_combat"


@pytest.mark.rule("RR R39")
def test_a_bot_that_does_not_choose_makes_the_default_division() -> None:
    game = adder_against_tortoise()
    actions = game.legal_actions()
    chosen = HeuristicAgent(0).choose(game.view(0), list(actions))
    assert chosen == actions[0]
    assert isinstance(chosen, DivideDamage)
    assert chosen.shares[0][1] == 1  # lethal to the first blocker, the rest to the last


@pytest.mark.rule("RR 6.3b")
def test_a_save_holding_a_division_the_rule_does_not_allow_is_refused() -> None:
    game = blocked(
        ["Lumbering Golem", "Rampart Breaker"],
        {
            "Mire Lurker": "Lumbering Golem",
            "Skyhook Drifter": "Lumbering Golem",
            "Ember Scout": "Rampart Breaker",
        },
    )
    game.apply(game.legal_actions()[0])
    data = game.to_json()
    entry = next(e for e in data["damage_order"] if len(e) == 3)
    entry[2] = [[entry[1][0], 1], [entry[1][1], 3]]  # the first blocker short of lethal
    with pytest.raises(SerializationError, match=r"RR 6\.3b"):
        RiskGame.from_json(data)
