"""Risk & Resource combat: RR 4.5, RR 6 and the combat rulings RR R11, R12 and R19.

Alice (player 0) attacks Bob (player 1). Both hold a card, so neither player's priority is
passed for them, and Bob has a library to exile from.
"""

from __future__ import annotations

import pytest

from rulekeeper.riskres.actions import (
    Attack,
    Block,
    Cast,
    EndAttacks,
    EndBlocks,
    OrderBlocker,
    Pass,
    Player,
)
from rulekeeper.riskres.game import RiskGame
from rulekeeper.riskres.scenario import Scenario, refused

HOLD = ["Sparkshot"]
LIBRARY = ["Raze"] * 12  # a card no test puts on the battlefield
BOB = Player(1)


def combat(alice: list[str], bob: list[str], **options: list[str]) -> RiskGame:
    """Alice's declare-attackers step with these creatures on each side."""
    return (
        Scenario()
        .player(0, hand=HOLD, battlefield=alice, **options)
        .player(1, hand=HOLD, library=LIBRARY, battlefield=bob)
        .at("declare_attackers")
        .build()
    )


def to_blocks(game: RiskGame, attacks: dict[str, Player | str]) -> None:
    """Declare the attacks and pass on to the blockers decision."""
    for name, target in attacks.items():
        aim = target if isinstance(target, Player) else game.find(target, "battlefield:1")
        game.apply(Attack(game.find(name, "battlefield:0"), aim))
    if game.decision == "attackers":
        game.apply(EndAttacks())
    while game.step == "declare_attackers":
        game.apply(Pass())


def finish(game: RiskGame) -> None:
    """Pass until combat is over, dividing damage as a player who does not choose would (the
    first division offered: RR R39)."""
    for _ in range(20):
        if game.step in ("end_of_combat", "main2"):
            return
        if game.decision == "damage":
            game.apply(game.legal_actions()[0])
            continue
        game.apply(EndBlocks() if game.decision == "blockers" else Pass())
    raise AssertionError("combat did not end")


def exiled(game: RiskGame) -> int:
    return len(game.table.zones["exile:1"])


@pytest.mark.rule("RR 4.5.2b", "RR 4.5.2c", "RR 4.5.5a", "RR 4.5.5b", "RR 4.5.2e")
def test_an_unblocked_attacker_pressures_the_defender() -> None:
    game = combat(["Gloom Brute", "Watchtower Warden"], [])
    to_blocks(game, {"Gloom Brute": BOB, "Watchtower Warden": BOB})
    assert game.table.cards[game.find("Gloom Brute")].tapped
    assert not game.table.cards[game.find("Watchtower Warden")].tapped  # Vigilance
    finish(game)
    assert exiled(game) == 4 + 2
    assert game.log.citing("RR 4.5.5a")[-1].text.startswith("pressure: Bob exiles 6 cards")


@pytest.mark.rule("RR 6.1a", "RR 6.1b", "RR 6.1c", "RR 6.1d", "RR 3.1.1b", "RR R37")
def test_who_may_attack_and_block() -> None:
    game = combat(
        ["Ember Scout", "Mire Lurker", "Quickstep Courier", "Gloom Brute"],
        ["Ironbark Sentry", "Veil Walker"],
        tapped=["Mire Lurker"],
        arrived=["Ember Scout", "Quickstep Courier"],
    )
    assert refused(game, Attack(game.find("Mire Lurker"), BOB)).rule == "RR 6.1a"
    assert refused(game, Attack(game.find("Ember Scout"), BOB)).rule == "RR 6.1b"
    game.apply(Attack(game.find("Quickstep Courier"), BOB))  # haste
    assert refused(game, Attack(game.find("Quickstep Courier"), BOB)).rule == "RR 6.1d"
    game.table.cards[game.find("Veil Walker")].tapped = True
    game.table.cards[game.find("Ironbark Sentry")].arrived_turn = game.turn  # arrived: may block
    game.apply(EndAttacks())
    game.apply(Pass())
    game.apply(Pass())
    courier = game.find("Quickstep Courier")
    assert refused(game, Block(game.find("Veil Walker"), courier)).rule == "RR 6.1a"
    game.apply(Block(game.find("Ironbark Sentry"), courier))


@pytest.mark.rule("RR 4.5.3b", "RR 4.5.3c", "RR 6.3a", "RR 6.3b", "RR 6.3c", "RR 4.5.4b", "RR R27")
def test_damage_is_assigned_lethal_first_in_block_order() -> None:
    game = combat(["Lumbering Golem"], ["Mire Lurker", "Skyhook Drifter"])
    golem = game.find("Lumbering Golem")
    to_blocks(game, {"Lumbering Golem": BOB})
    game.apply(Block(game.find("Mire Lurker"), golem))
    assert refused(game, Block(game.find("Mire Lurker"), golem)).rule == "RR 4.5.3b"
    game.apply(Block(game.find("Skyhook Drifter"), golem))
    game.apply(OrderBlocker(golem, game.find("Mire Lurker")))
    finish(game)
    assert game.table.names("graveyard:1") == ["Mire Lurker", "Skyhook Drifter"]
    dealt = [e.text for e in game.log.citing("RR 4.5.4a")]
    assert "Lumbering Golem deals 2 damage to Mire Lurker" in dealt
    assert "Lumbering Golem deals 2 damage to Skyhook Drifter" in dealt
    assert exiled(game) == 0  # a blocked attacker puts no pressure


@pytest.mark.rule("RR R39", "RR 6.3a")
def test_the_attacking_player_orders_the_blockers() -> None:
    game = combat(["Lumbering Golem"], ["Mire Lurker", "Ironbark Sentry"])
    golem = game.find("Lumbering Golem")
    lurker, sentry = game.find("Mire Lurker", "battlefield:1"), game.find("Ironbark Sentry")
    to_blocks(game, {"Lumbering Golem": BOB})
    game.apply(Block(lurker, golem))
    game.apply(Block(sentry, golem))
    assert (game.decision, game.priority) == ("order", 0)
    assert refused(game, OrderBlocker(sentry, lurker)).rule == "RR R39"
    game.apply(OrderBlocker(golem, sentry))  # all 4 damage is lethal for the Sentry
    assert game.damage_order == {golem: [sentry, lurker]}
    finish(game)
    assert game.table.names("graveyard:1") == ["Ironbark Sentry"]
    assert game.table.names("battlefield:1") == ["Mire Lurker"]


@pytest.mark.rule("RR 4.5.4a", "RR 4.5.4c", "RR 4.5.4e", "RR 6.2.1a", "RR 6.2.1b", "RR R26")
def test_fast_creatures_strike_first() -> None:
    game = combat(["Ember Scout"], ["Mire Lurker"])
    to_blocks(game, {"Ember Scout": BOB})
    game.apply(Block(game.find("Mire Lurker"), game.find("Ember Scout")))
    finish(game)
    assert game.table.names("graveyard:1") == ["Mire Lurker"]
    assert game.table.names("battlefield:0") == ["Ember Scout"]  # it never took damage


@pytest.mark.rule(
    "RR 4.5.4d", "RR 4.5.4i", "RR 4.5.4j", "RR 4.5.4k", "RR 4.5.4f", "RR 4.5.4g", "RR R34"
)
def test_priority_between_the_damage_steps_only() -> None:
    game = combat(["Gale Harrier", "Lumbering Golem"], [])
    game.table.players[1].ep = 1
    to_blocks(game, {"Gale Harrier": BOB, "Lumbering Golem": BOB})
    game.apply(Pass())
    game.apply(Pass())
    assert game.step == "first_damage"
    assert exiled(game) == 0
    assert game.pressure[1] == 3
    assert game.priority == 0
    game.apply(Pass())
    game.apply(Cast(game.find("Sparkshot", "hand:1"), game.find("Lumbering Golem")))
    game.apply(Pass())
    game.apply(Pass())
    finish(game)
    assert exiled(game) == 3 + 4  # the golem, damaged, still dealt its damage


@pytest.mark.rule("RR 6.2.4c", "RR R25")
def test_double_strike_deals_damage_twice() -> None:
    game = combat(["Twinblade Duelist"], [])
    to_blocks(game, {"Twinblade Duelist": BOB})
    finish(game)
    assert exiled(game) == 4


@pytest.mark.rule("RR 6.2.2a", "RR 6.2.3b", "RR 6.2.2b")
def test_evasive_and_unblockable() -> None:
    game = combat(["Skyhook Drifter", "Veil Walker"], ["Mire Lurker", "Ironbark Sentry"])
    to_blocks(game, {"Skyhook Drifter": BOB, "Veil Walker": BOB})
    drifter, walker = game.find("Skyhook Drifter"), game.find("Veil Walker")
    assert refused(game, Block(game.find("Mire Lurker"), drifter)).rule == "RR 6.2.2a"
    assert refused(game, Block(game.find("Mire Lurker"), walker)).rule == "RR 6.2.2b"
    game.apply(Block(game.find("Ironbark Sentry"), drifter))  # Reach


@pytest.mark.rule("RR 6.2.2c")
def test_menace_needs_two_blockers() -> None:
    game = combat(["Gloom Brute", "Mire Lurker"], ["Ironbark Sentry", "Ember Scout"])
    to_blocks(game, {"Gloom Brute": BOB, "Mire Lurker": BOB})
    brute, lurker = game.find("Gloom Brute"), game.find("Mire Lurker", "battlefield:0")
    game.apply(Block(game.find("Ironbark Sentry"), brute))
    assert refused(game, EndBlocks()).rule == "RR 6.2.2c"
    assert refused(game, Block(game.find("Ember Scout"), lurker)).rule == "RR 6.2.2c"
    game.apply(Block(game.find("Ember Scout"), brute))
    assert game.decision == "order"  # blocks ended by themselves; Alice orders the blockers


@pytest.mark.rule("RR 6.2.3a", "RR R36")
def test_guardian_must_be_blocked_if_able() -> None:
    game = combat(["Bannerhold Knight"], ["Mire Lurker"])
    to_blocks(game, {"Bannerhold Knight": BOB})
    assert refused(game, EndBlocks()).rule == "RR 6.2.3a"
    game.apply(Block(game.find("Mire Lurker"), game.find("Bannerhold Knight")))
    assert game.decision == "priority"


@pytest.mark.rule("RR 6.2.3a", "RR R78")
def test_guardian_needs_the_blocker_used_elsewhere() -> None:
    game = combat(["Bannerhold Knight", "Lumbering Golem"], ["Mire Lurker"])
    to_blocks(game, {"Bannerhold Knight": BOB, "Lumbering Golem": BOB})
    knight, golem = game.find("Bannerhold Knight"), game.find("Lumbering Golem")
    lurker = game.find("Mire Lurker")
    error = refused(game, Block(lurker, golem))
    assert (error.rule, error.reason) == (
        "RR 6.2.3a",
        "Bannerhold Knight has Guardian: Mire Lurker is needed to block it",
    )
    game.apply(Block(lurker, knight))
    assert game.decision == "priority"


@pytest.mark.rule("RR 6.2.3a", "RR R78")
def test_blocks_cannot_end_with_guardian_unblocked_by_a_creature_used_elsewhere() -> None:
    # The position the engine refuses to reach by Block, set up directly: the Lurker already
    # blocks the Golem, so ending the blocks now would leave the Knight unblocked.
    game = combat(["Bannerhold Knight", "Lumbering Golem"], ["Mire Lurker"])
    to_blocks(game, {"Bannerhold Knight": BOB, "Lumbering Golem": BOB})
    game.blocks[game.find("Mire Lurker")] = game.find("Lumbering Golem")
    assert refused(game, EndBlocks()).rule == "RR 6.2.3a"


@pytest.mark.rule("RR 6.2.3a", "RR R78")
def test_one_blocker_for_two_guardians_blocks_either() -> None:
    for blocked in ("Bannerhold Knight", "Stonehide Behemoth"):
        game = combat(["Bannerhold Knight", "Stonehide Behemoth"], ["Mire Lurker"])
        to_blocks(game, {"Bannerhold Knight": BOB, "Stonehide Behemoth": BOB})
        assert refused(game, EndBlocks()).rule == "RR 6.2.3a"
        game.apply(Block(game.find("Mire Lurker"), game.find(blocked)))
        assert game.decision == "priority"  # the other Guardian may go unblocked


@pytest.mark.rule("RR 6.2.3a", "RR R78", "RR 6.2.2a")
def test_the_only_reach_creature_is_kept_for_an_evasive_guardian() -> None:
    # Skyhook Drifter wears Mark of the Hunted, so it has Guardian and Evasive: only the
    # Sentry, with Reach, can block it, and the Lurker is left for the Knight.
    game = combat(
        ["Bannerhold Knight", "Skyhook Drifter", "Mark of the Hunted"],
        ["Ironbark Sentry", "Mire Lurker"],
    )
    drifter = game.find("Skyhook Drifter")
    game.table.cards[game.find("Mark of the Hunted")].attached_to = drifter
    to_blocks(game, {"Bannerhold Knight": BOB, "Skyhook Drifter": BOB})
    sentry, lurker = game.find("Ironbark Sentry"), game.find("Mire Lurker")
    knight = game.find("Bannerhold Knight")
    error = refused(game, Block(sentry, knight))
    assert error.reason == "Skyhook Drifter has Guardian: Ironbark Sentry is needed to block it"
    game.apply(Block(lurker, knight))
    assert refused(game, EndBlocks()).rule == "RR 6.2.3a"
    game.apply(Block(sentry, drifter))
    assert game.decision == "priority"


@pytest.mark.rule("RR 6.2.3a", "RR R78", "RR 6.2.2c")
def test_a_menace_block_may_not_use_up_the_blockers_a_guardian_needs() -> None:
    game = combat(["Bannerhold Knight", "Gloom Brute"], ["Mire Lurker", "Ember Scout"])
    to_blocks(game, {"Bannerhold Knight": BOB, "Gloom Brute": BOB})
    lurker, scout = game.find("Mire Lurker"), game.find("Ember Scout")
    brute, knight = game.find("Gloom Brute"), game.find("Bannerhold Knight")
    # A first blocker on the Brute would need the second creature to finish the Menace block,
    # leaving none for the Knight.
    assert refused(game, Block(lurker, brute)).rule == "RR 6.2.3a"
    game.apply(Block(lurker, knight))
    assert refused(game, Block(scout, brute)).rule == "RR 6.2.2c"  # one is not enough
    game.apply(EndBlocks())
    assert game.blocks == {lurker: knight}


@pytest.mark.rule("RR 6.2.3c", "RR R19", "RR R4", "RR 4.5.4h")
def test_armored_prevents_the_first_damage_each_turn() -> None:
    game = combat(["Gloom Brute"], ["Plated Tortoise"])
    to_blocks(game, {"Gloom Brute": "Plated Tortoise"})
    finish(game)
    tortoise = game.table.cards[game.find("Plated Tortoise")]
    assert (tortoise.damage, tortoise.prevented) == (2, 2)  # 4 damage, 2 prevented
    assert tortoise.definition.defense == 5


@pytest.mark.rule("RR 6.2.4a", "RR 6.3d")
def test_deadly_damage_destroys() -> None:
    game = combat(["Nightfang Adder"], ["Ironbark Sentry"])
    to_blocks(game, {"Nightfang Adder": BOB})
    game.apply(Block(game.find("Ironbark Sentry"), game.find("Nightfang Adder")))
    finish(game)
    assert "Ironbark Sentry" in game.table.names("graveyard:1")
    assert "Nightfang Adder" in game.table.names("graveyard:0")


@pytest.mark.rule("RR 6.2.4b", "RR R12")
def test_piercing_excess_is_pressure() -> None:
    game = combat(["Rampart Breaker"], ["Ember Scout"])
    to_blocks(game, {"Rampart Breaker": BOB})
    game.apply(Block(game.find("Ember Scout"), game.find("Rampart Breaker")))
    finish(game)
    assert exiled(game) == 3  # 4 power, 1 to the blocker


@pytest.mark.rule("RR R11", "RR R38")
def test_an_attack_on_a_creature_is_one_sided() -> None:
    game = combat(["Gloom Brute"], ["Lumbering Golem"])
    to_blocks(game, {"Gloom Brute": "Lumbering Golem"})
    finish(game)
    assert game.table.names("graveyard:1") == ["Lumbering Golem"]
    assert game.table.cards[game.find("Gloom Brute")].damage == 0
    assert exiled(game) == 0


@pytest.mark.rule("RR 4.5.6a", "RR 4.5.6b", "RR 4.5.3a", "RR 4.5.3e")
def test_combat_ends_and_players_get_priority() -> None:
    game = combat(["Gloom Brute"], [])
    to_blocks(game, {"Gloom Brute": BOB})  # Bob has no creature: no blockers decision
    finish(game)
    assert game.step == "end_of_combat"
    assert game.attacks == {}
    assert game.priority == 0
    assert game.decision == "priority"


@pytest.mark.rule("RR R24")
def test_fast_wins_over_slow() -> None:
    game = combat(["Lumbering Golem", "Battle Fervor"], [])
    golem = game.find("Lumbering Golem")
    game.table.cards[game.find("Battle Fervor")].attached_to = golem
    to_blocks(game, {"Lumbering Golem": BOB})
    game.apply(Pass())
    game.apply(Pass())
    assert game.step == "first_damage"
    assert game.pressure[1] == 6  # Slow is printed, Fast is granted: the first step


@pytest.mark.rule("RR R33", "RR R35", "RR 2.5a")
def test_pressure_beyond_the_library_exiles_it_all() -> None:
    game = (
        Scenario()
        .player(0, hand=HOLD, battlefield=["Gloom Brute"])
        .player(1, hand=HOLD, library=["Raze"] * 2)
        .at("declare_attackers")
        .build()
    )
    to_blocks(game, {"Gloom Brute": BOB})
    finish(game)
    assert game.outcome is None
    assert game.table.names("exile:1") == ["Raze", "Raze"]
    assert game.table.names("exile:0") == []


@pytest.mark.rule("RR R38", "RR 4.5.2c")
def test_only_the_defenders_creatures_can_be_attacked() -> None:
    game = combat(["Gloom Brute", "Mire Lurker"], ["Ember Scout"])
    error = refused(game, Attack(game.find("Gloom Brute"), game.find("Mire Lurker")))
    assert error.rule == "RR 4.5.2c"
    assert refused(game, Attack(game.find("Gloom Brute"), Player(0))).rule == "RR 4.5.2c"


@pytest.mark.rule("RR 4.5.2a")
def test_the_declare_attackers_step_asks_for_every_attacker_at_once() -> None:
    def into_declare_attackers(alice: list[str], **options: list[str]) -> RiskGame:
        game = (
            Scenario()
            .player(0, hand=HOLD, battlefield=alice, **options)
            .player(1, hand=HOLD, library=LIBRARY)
            .at("beginning_of_combat")
            .build()
        )
        game.apply(Pass())
        game.apply(Pass())
        return game

    game = into_declare_attackers(["Gloom Brute", "Ember Scout", "Mire Lurker"])
    assert (game.step, game.decision, game.priority) == ("declare_attackers", "attackers", 0)
    game.apply(Attack(game.find("Gloom Brute"), BOB))
    game.apply(Attack(game.find("Ember Scout"), BOB))
    assert game.decision == "attackers"  # one decision holds them all, until Alice ends it
    assert refused(game, Pass()).rule == "RR 5.1c"
    game.apply(EndAttacks())
    assert len(game.attacks) == 2
    # With no creature able to attack there is nothing to declare: combat moves to its end.
    game = into_declare_attackers(["Gloom Brute"], tapped=["Gloom Brute"])
    assert game.step == "end_of_combat"
    assert game.decision != "attackers"
