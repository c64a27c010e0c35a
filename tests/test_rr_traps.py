"""Risk & Resource chapter 8: setting, springing, challenging, sweeping, stealing and copying
traps."""

from __future__ import annotations

import pytest

from rulekeeper.engine.agents import RandomAgent
from rulekeeper.engine.game import explain
from rulekeeper.games import FORMATS
from rulekeeper.notation import describe, notation
from rulekeeper.records import Record, replay
from rulekeeper.riskres.actions import Attack, Cast, Challenge, EndAttacks, Pass, Player, SetTrap
from rulekeeper.riskres.game import RiskGame
from rulekeeper.riskres.scenario import Scenario, refused, resolve

LIBRARY = ["Raze"] * 10


@pytest.mark.rule("RR 8.1a", "RR 8.1b", "RR 8.1c", "RR 2.7b", "RR R42", "RR 2.7c", "RR 8.5c")
def test_setting_traps() -> None:
    game = (
        Scenario()
        .player(0, ep=2, hand=["Snare Wire", "Gloom Brute", "Mire Lurker", "Sparkshot"])
        .player(1, hand=["Brace"])
        .build()
    )
    game.apply(SetTrap(game.find("Snare Wire")))
    game.apply(SetTrap(game.find("Gloom Brute")))
    assert game.table.players[0].ep == 0
    assert game.table.names("traps:0") == ["Snare Wire", "Gloom Brute"]
    game.table.players[0].ep = 5
    assert refused(game, SetTrap(game.find("Mire Lurker"))).rule == "RR 8.1c"
    assert game.log[-1].text == "Alice sets a trap for 1 EP"  # the card stays secret
    view = game.view(1)
    assert "Snare Wire" not in str(view)
    assert view["players"][0]["traps"] == 2
    assert refused(game, Cast(game.find("Gloom Brute"))).rule == "RR 5.1c"  # not a spell


@pytest.mark.rule("RR R1", "RR 3.2.2c", "RR 3.2.1c", "RR 8.1d")
def test_any_card_but_a_sorcery_at_instant_speed() -> None:
    game = (
        Scenario()
        .player(0, ep=3, hand=["Cinder Wave", "Sparkshot"])
        .player(1, ep=3, hand=["Brace", "Raze"])
        .build()
    )
    assert refused(game, SetTrap(game.find("Cinder Wave"))).rule == "RR R1"
    game.apply(Pass())
    game.apply(SetTrap(game.find("Brace")))  # an instant, in Alice's turn
    assert refused(game, SetTrap(game.find("Raze"))).rule == "RR R1"


@pytest.mark.rule("RR 8.4a", "RR 8.4b", "RR 8.4c", "RR 8.2b", "RR R43", "RR R45")
def test_challenging_a_bluff() -> None:
    game = (
        Scenario()
        .player(0, ep=2, hand=["Sparkshot"], library=["Veil Walker"])
        .player(1, hand=["Brace"])
        .build()
    )
    bluff = game.table.create("Gloom Brute", 1, "traps:1")
    assert game.table.zones["traps:1"] == [bluff]
    assert refused(game, Challenge(0, 0)).rule == "RR R82"  # Alice has no trap
    game.apply(Challenge(1, 0))
    assert game.table.players[0].ep == 0
    assert game.table.names("graveyard:1") == ["Gloom Brute"]
    assert "Veil Walker" in game.table.names("hand:0")
    assert game.log.citing("RR 8.4b")[0].text.endswith("it is Gloom Brute")


@pytest.mark.rule("RR 8.4d", "RR 8.2a", "RR 8.3c", "RR R44", "RR R45")
def test_challenging_a_true_trap_springs_it_at_the_challenger() -> None:
    game = (
        Scenario()
        .player(0, ep=2, hand=["Sparkshot"], library=LIBRARY)
        .player(1, hand=["Brace"])
        .build()
    )
    game.table.create("Snare Wire", 1, "traps:1")
    game.apply(Challenge(1, 0))
    assert game.stack[0]["target"] == Player(0)
    game.apply(Pass())
    game.apply(Pass())
    assert len(game.table.zones["exile:0"]) == 3
    assert game.table.names("graveyard:1") == ["Snare Wire"]


@pytest.mark.rule("RR 8.3a", "RR 8.3b", "RR 8.2c", "RR R44")
def test_an_attack_springs_true_and_delayed_traps() -> None:
    game = (
        Scenario()
        .player(0, hand=["Sparkshot"], battlefield=["Gloom Brute", "Ember Scout"])
        .player(1, hand=["Brace"], library=LIBRARY)
        .at("declare_attackers")
        .build()
    )
    game.table.create("Ambush Volley", 1, "traps:1")
    game.table.create("Hidden Sentry", 1, "traps:1")
    game.apply(Attack(game.find("Gloom Brute"), Player(1)))
    game.apply(EndAttacks())
    assert game.table.zones["traps:1"] == []
    assert game.table.names("battlefield:1") == ["Hidden Sentry"]  # a delayed trap enters
    assert [game.table.cards[i["card"]].name for i in game.stack] == ["Ambush Volley"]
    game.apply(Pass())
    game.apply(Pass())
    assert game.table.cards[game.find("Gloom Brute")].damage == 2
    assert game.table.cards[game.find("Ember Scout")].damage == 0  # it does not attack


def with_traps(hand: list[str], *traps: str, ep: int = 5) -> RiskGame:
    """Alice holds ``hand`` with ``ep`` EP; Bob has set ``traps``, in that order."""
    game = (
        Scenario()
        .player(0, ep=ep, hand=[*hand, "Sparkshot"], library=LIBRARY)
        .player(1, hand=["Brace"], library=LIBRARY)
        .build()
    )
    for name in traps:
        game.table.create(name, 1, "traps:1")
    return game


@pytest.mark.rule("RR 8.5a", "RR R71")
def test_a_sweep_reveals_every_trap_and_each_stays_set() -> None:
    game = with_traps(["Searchlight Sweep"], "Snare Wire", "Hidden Sentry")
    game.apply(SetTrap(game.find("Sparkshot")))  # Alice's own trap is revealed too
    game.apply(Cast(game.find("Searchlight Sweep")))
    resolve(game)
    revealed = [e.text for e in game.log.citing("RR 8.5a")]
    assert revealed == [
        "Searchlight Sweep reveals a trap of Alice's: Sparkshot",
        "Searchlight Sweep reveals a trap of Bob's: Snare Wire",
        "Searchlight Sweep reveals a trap of Bob's: Hidden Sentry",
    ]
    assert game.table.names("traps:1") == ["Snare Wire", "Hidden Sentry"]  # nothing springs
    assert game.table.names("traps:0") == ["Sparkshot"]
    assert (game.table.permanents(), game.stack) == ([], [])
    empty = with_traps(["Searchlight Sweep"])
    empty.apply(Cast(empty.find("Searchlight Sweep")))
    resolve(empty)
    assert [e.text for e in empty.log.citing("RR 8.5a")] == ["Searchlight Sweep finds no traps"]


@pytest.mark.rule("RR 8.5b", "RR R72")
def test_a_stolen_trap_is_picked_at_random_and_becomes_the_thiefs() -> None:
    game = with_traps(["Light Fingers"], "Snare Wire", "Gloom Brute")
    game.chance.script("trap", 1)
    game.apply(Cast(game.find("Light Fingers"), Player(1)))
    resolve(game)
    assert game.table.names("traps:0") == ["Gloom Brute"]
    assert game.table.names("traps:1") == ["Snare Wire"]
    assert game.log.citing("RR R72")[0].text == "Alice steals a trap of Bob's"  # still secret
    assert "Gloom Brute" not in str(game.log.citing("RR R72"))
    assert [name for _, name in game.view(0)["traps"]] == ["Gloom Brute"]
    # Bob may challenge it now: a bluff goes to its owner's graveyard.
    game.apply(Pass())
    game.table.players[1].ep = 2
    game.apply(Challenge(0, 0))
    assert game.table.names("graveyard:1") == ["Gloom Brute"]
    assert game.log.citing("RR 8.4b")[0].text.startswith("Bob challenges a trap of Alice's")


@pytest.mark.rule("RR R72", "RR 8.1c")
def test_a_thief_with_two_traps_steals_nothing() -> None:
    game = with_traps(["Light Fingers", "Mire Lurker", "Ember Scout"], "Snare Wire")
    game.apply(SetTrap(game.find("Mire Lurker")))
    game.apply(SetTrap(game.find("Ember Scout")))
    game.apply(Cast(game.find("Light Fingers"), Player(1)))
    resolve(game)
    assert game.table.names("traps:1") == ["Snare Wire"]
    assert game.log.citing("RR R72")[0].text == "Alice already has 2 traps"
    nothing = with_traps(["Light Fingers"])
    nothing.apply(Cast(nothing.find("Light Fingers"), Player(1)))
    resolve(nothing)
    assert nothing.log.citing("RR R72")[0].text == "Bob has no trap to steal"


@pytest.mark.rule("RR R72", "RR 8.3c", "RR R44")
def test_a_stolen_trap_springs_for_the_thief() -> None:
    game = with_traps(["Light Fingers"], "Hidden Sentry")
    game.apply(Cast(game.find("Light Fingers"), Player(1)))
    resolve(game)
    game.apply(Pass())  # on to Bob's turn: he attacks Alice, the sentry's new controller
    while game.active != 1 or game.step != "main1":
        game.apply(Pass())
    game.table.create("Gloom Brute", 1, "battlefield:1")
    while game.decision != "attackers":
        game.apply(Pass())
    game.apply(Attack(game.find("Gloom Brute"), Player(0)))
    sentry = game.table.cards[game.find("Hidden Sentry")]
    assert (sentry.zone, sentry.controller, sentry.owner) == ("battlefield:0", 0, 1)
    assert game.log.citing("RR 8.3c")[0].text == "Alice reveals the trap Hidden Sentry"


@pytest.mark.rule("RR 8.5b", "RR R73")
def test_copying_a_true_trap_gives_its_effect_to_the_copier() -> None:
    game = with_traps(["Echo Snare"], "Gloom Brute", "Snare Wire")
    game.chance.script("trap", 1)
    game.apply(Cast(game.find("Echo Snare"), Player(1)))
    resolve(game)
    assert len(game.table.zones["exile:1"]) == 3  # Snare Wire, aimed at Bob
    assert game.table.names("traps:1") == ["Gloom Brute", "Snare Wire"]  # it stays set
    assert game.log.citing("RR R73")[0].text == (
        "Echo Snare copies a trap of Bob's: Snare Wire; its effect happens"
    )


@pytest.mark.rule("RR R73")
def test_a_copy_of_a_bluff_or_a_delayed_trap_is_nothing() -> None:
    for trap in ("Gloom Brute", "Hidden Sentry"):
        game = with_traps(["Echo Snare"], trap)
        game.apply(Cast(game.find("Echo Snare"), Player(1)))
        resolve(game)
        assert game.table.names("traps:1") == [trap]
        assert game.table.permanents() == []
        assert game.log.citing("RR R73")[0].text.endswith("a copy of it does nothing")
    game = with_traps(["Echo Snare"])
    game.apply(Cast(game.find("Echo Snare"), Player(1)))
    resolve(game)
    assert game.log.citing("RR R73")[0].text == "Bob has no trap to copy"


def three_players(bob_traps: list[str], carol_traps: list[str]) -> RiskGame:
    """Alice, active, is about to attack with Ember Scout; Carol has Mire Lurker."""
    return (
        Scenario(names=("Alice", "Bob", "Carol"))
        .player(0, battlefield=["Ember Scout"])
        .player(1, hand=["Brace"], traps=bob_traps, library=LIBRARY)
        .player(2, hand=["Brace"], traps=carol_traps, battlefield=["Mire Lurker"], library=LIBRARY)
        .at("declare_attackers")
        .build()
    )


@pytest.mark.rule("RR 8.3a", "RR 10.3a")
def test_only_the_attacked_players_traps_spring() -> None:
    game = three_players(["Snare Wire"], ["Ambush Volley"])
    game.apply(Attack(game.find("Ember Scout"), Player(1)))
    assert [e.text for e in game.log.citing("RR 8.3b")] == ["Bob's trap is triggered by the attack"]
    assert game.table.names("traps:2") == ["Ambush Volley"]  # nobody attacked Carol


@pytest.mark.rule("RR 8.3a", "RR 10.3a")
def test_an_attack_on_a_creature_attacks_its_controller() -> None:
    game = three_players([], ["Ambush Volley"])
    game.apply(Attack(game.find("Ember Scout"), game.find("Mire Lurker")))
    assert game.table.names("traps:2") == []
    assert game.log.citing("RR 8.3b")[0].text == "Carol's trap is triggered by the attack"


@pytest.mark.rule("RR R76", "RR 8.3b")
def test_a_trap_set_during_an_attack_springs() -> None:
    game = (
        Scenario()
        .player(0, battlefield=["Ember Scout", "Mire Lurker"], hand=["Sparkshot"])
        .player(1, ep=1, hand=["Snare Wire", "Brace"], library=LIBRARY)
        .at("declare_attackers")
        .build()
    )
    game.apply(Attack(game.find("Ember Scout"), Player(1)))
    game.apply(EndAttacks())
    game.apply(Pass())
    game.apply(SetTrap(game.find("Snare Wire")))
    # It springs at the check before Bob receives priority again (RR R80).
    assert game.table.names("traps:1") == []
    assert game.log.citing("RR 8.3c")[0].text == "Bob reveals the trap Snare Wire"


def _two_traps() -> RiskGame:
    return (
        Scenario()
        .player(0, ep=4, hand=["Brace"], library=LIBRARY)
        .player(1, hand=["Gloom Brute", "Sparkshot", "Mire Lurker", "Snare Wire"])
        .build()
    )


@pytest.mark.rule("RR R82", "RR 2.7c")
def test_a_challenge_names_a_trap_by_its_place_never_its_card() -> None:
    # Bob's traps are Gloom Brute and Sparkshot in one game, Mire Lurker and Snare Wire (other
    # cards, with other IDs) in the other: Alice's moves must read the same in both.
    games = []
    for first, second in (("Gloom Brute", "Sparkshot"), ("Mire Lurker", "Snare Wire")):
        game = _two_traps()
        game.table.move(game.find(first), "traps:1")
        game.table.move(game.find(second), "traps:1")
        games.append(game)
    legal = [list(game.legal_actions()) for game in games]
    assert legal[0] == legal[1]
    assert [a for a in legal[0] if isinstance(a, Challenge)] == [Challenge(1, 0), Challenge(1, 1)]
    texts = [[m.text for m in notation(game).moves()] for game in games]
    assert texts[0] == texts[1]
    assert "Alice challenges Bob's trap 2" in texts[0]
    assert not [text for text in texts[0] if "#" in text]
    games[0].apply(Challenge(1, 1))
    assert games[0].log.citing("RR 8.4b")[0].text.endswith("it is Sparkshot")
    assert games[0].table.names("traps:1") == ["Gloom Brute"]  # now Bob's trap 1


@pytest.mark.rule("RR R82")
def test_a_trap_that_is_not_there_is_refused_with_its_rule() -> None:
    game = _two_traps()
    game.table.move(game.find("Gloom Brute"), "traps:1")
    for action in (Challenge(1, 1), Challenge(1, -1), Challenge(5, 0)):
        assert refused(game, action).rule == "RR R82", action
    assert "Bob has no trap 2 (RR R82" in explain(game, Challenge(1, 1))


@pytest.mark.rule("RR R82")
def test_a_record_that_named_a_trap_by_its_card_replays() -> None:
    # Before RR R82 a record named a challenged trap by its card's ID: "Bob's trap #17".
    game = FORMATS["rr"].new_game(5, 2)
    agents = [RandomAgent(5), RandomAgent(6)]
    moves, old, challenged = [], [], 0
    while game.outcome is None and challenged < 2:
        action = agents[game.current_player()].choose({}, game.legal_actions())
        text = describe(game, action)
        moves.append(text)
        if isinstance(action, Challenge):
            challenged += 1
            card = game.table.zones[f"traps:{action.controller}"][action.index]
            text = text.rsplit(" ", 1)[0] + f" #{card}"
        old.append(text)
        game.apply(action)
    assert challenged == 2
    assert old != moves
    for written in (moves, old):
        replayed = replay(Record("rr", players=2, seed=5, moves=written))
        assert replayed.dumps() == game.dumps()
