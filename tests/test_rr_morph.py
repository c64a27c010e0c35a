"""Risk & Resource chapter 13: face-down permanents (morph)."""

from __future__ import annotations

import json
from dataclasses import replace

import pytest

from rulekeeper.errors import SerializationError
from rulekeeper.riskres.actions import Cast, CastFaceDown, Pass, SetTrap, TurnFaceUp
from rulekeeper.riskres.game import RiskGame
from rulekeeper.riskres.scenario import Scenario, refused, resolve

HOLD = ["Sparkshot"]


def face_down_shade(ep: int = 3) -> RiskGame:
    """Alice has cast Shade of the Pact face down, and it has resolved."""
    game = (
        Scenario()
        .player(0, ep=ep, hand=["Shade of the Pact", *HOLD])
        .player(1, ep=3, hand=["Cinder Wave", "Brace"])
        .build()
    )
    game.apply(CastFaceDown(game.find("Shade of the Pact")))
    game.apply(Pass())
    game.apply(Pass())
    return game


@pytest.mark.rule("RR 13.2a", "RR 13.2b", "RR R31", "RR R59", "RR 13.1a", "RR 13.1b")
def test_casting_face_down() -> None:
    game = face_down_shade(ep=5)
    shade = game.table.cards[game.find("Shade of the Pact")]
    assert game.table.players[0].ep == 2  # exactly 3 EP
    assert shade.zone == "battlefield:0"
    assert shade.tapped
    assert (shade.name, shade.definition.power, shade.definition.defense) == (
        "a face-down creature",
        2,
        2,
    )
    assert shade.definition.keywords == ()
    assert "Shade of the Pact" not in str([e.text for e in game.log])


@pytest.mark.rule("RR R59", "RR 13.2a")
def test_face_down_needs_morph_sorcery_speed_and_3_ep() -> None:
    game = (
        Scenario()
        .player(0, ep=2, hand=["Shade of the Pact", "Gloom Brute", *HOLD])
        .player(1, hand=["Brace"])
        .build()
    )
    assert refused(game, CastFaceDown(game.find("Gloom Brute"))).rule == "RR 13.2a"
    assert refused(game, CastFaceDown(game.find("Shade of the Pact"))).rule == "RR 1.1d"
    game = (
        Scenario()
        .player(0, ep=3, hand=["Shade of the Pact", *HOLD])
        .player(1, hand=["Brace"])
        .at("beginning_of_combat")
        .build()
    )
    assert refused(game, CastFaceDown(game.find("Shade of the Pact"))).rule == "RR R59"


@pytest.mark.rule("RR 13.1d", "RR 13.3a")
def test_only_the_controller_knows_and_it_can_be_targeted() -> None:
    game = face_down_shade()
    shade = game.find("Shade of the Pact")
    assert game.view(0)["face_down_mine"] == {shade: "Shade of the Pact"}
    assert "Shade of the Pact" not in str(game.view(1))
    game.apply(Pass())
    game.apply(Pass())  # on to combat; nobody attacks; main phase 2 for the sorcery
    while game.step != "main2":
        game.apply(Pass())
    game.apply(Pass())  # Bob gets priority in Alice's main phase 2: instants only
    game.apply(Cast(game.find("Brace"), shade))  # a face-down creature is a legal target


@pytest.mark.rule("RR 13.1c", "RR 13.4a", "RR 13.4b", "RR 13.4c", "RR 13.4d")
def test_turning_face_up() -> None:
    game = face_down_shade()
    shade = game.table.cards[game.find("Shade of the Pact")]
    assert refused(game, TurnFaceUp(shade.id)).rule == "RR 1.1d"  # morph 2, 0 EP left
    game.table.players[0].ep = 2
    game.apply(TurnFaceUp(shade.id))
    assert game.stack == []
    assert (shade.name, shade.definition.power, shade.definition.keywords) == (
        "Shade of the Pact",
        3,
        ("Evasive",),
    )
    assert game.table.players[0].ep == 0
    assert refused(game, TurnFaceUp(shade.id)).rule == "RR 13.4a"


@pytest.mark.rule("RR 13.4d")
def test_turning_face_up_does_not_trigger_an_enter_ability() -> None:
    # No card with a morph cost has an enter ability, so this position gives one to a card that
    # has: Archivist of Whispers ("when it enters, you gain 2 Intel tokens"), face down.
    game = (
        Scenario()
        .player(0, ep=2, hand=HOLD, battlefield=["Archivist of Whispers"])
        .player(1, hand=["Brace"])
        .build()
    )
    archivist = game.table.cards[game.find("Archivist of Whispers")]
    archivist.printed = replace(archivist.printed, morph=2)
    archivist.face_down = True
    game.apply(TurnFaceUp(archivist.id))
    assert archivist.name == "Archivist of Whispers"
    assert game.stack == []
    assert game.log.citing("RR R51") == []
    game.apply(Pass())
    game.apply(Pass())
    assert game.table.players[0].intel == 0


@pytest.mark.rule("RR 13.5a", "RR 13.5b", "RR 13.3c")
def test_a_face_down_permanent_is_revealed_as_it_leaves() -> None:
    game = (
        Scenario()
        .player(0, ep=4, hand=["Raze", *HOLD])
        .player(1, hand=["Brace"], battlefield=["Shade of the Pact"])
        .build()
    )
    shade = game.table.cards[game.find("Shade of the Pact")]
    shade.face_down = True
    game.apply(Cast(game.find("Raze"), shade.id))
    game.apply(Pass())
    game.apply(Pass())
    assert shade.zone == "graveyard:1"
    assert not shade.face_down
    assert game.log[-1].text == "Raze destroys a face-down creature (it was Shade of the Pact)"


@pytest.mark.rule("RR 13.2c")
def test_a_trap_is_not_a_face_down_creature() -> None:
    game = (
        Scenario()
        .player(0, ep=1, hand=["Shade of the Pact", *HOLD])
        .player(1, hand=["Brace"])
        .build()
    )
    shade = game.table.cards[game.find("Shade of the Pact")]
    game.apply(SetTrap(shade.id))
    assert (shade.zone, shade.face_down, game.table.players[0].ep) == ("traps:0", False, 0)
    assert game.table.permanents() == []


def spirits(hand: list[str], ep: int = 9) -> RiskGame:
    """Alice holds ``hand`` and has Veil Walker (a Spirit); Bob has a face-down Barrow Wight."""
    game = (
        Scenario()
        .player(0, ep=ep, hand=[*hand, *HOLD], battlefield=["Veil Walker"], library=["Raze"] * 5)
        .player(1, hand=["Brace"], battlefield=["Barrow Wight"], library=["Raze"] * 5)
        .build()
    )
    game.table.cards[game.find("Barrow Wight")].face_down = True
    return game


@pytest.mark.rule("RR 13.3b")
def test_a_face_down_creature_has_no_creature_type() -> None:
    game = spirits(["Exorcist's Rite"])
    game.apply(Cast(game.find("Exorcist's Rite")))
    resolve(game)
    assert game.table.names("graveyard:0") == ["Veil Walker", "Exorcist's Rite"]
    assert game.table.cards[game.find("Barrow Wight")].zone == "battlefield:1"
    game = spirits(["Exorcist's Rite"])
    game.table.cards[game.find("Barrow Wight")].face_down = False
    game.apply(Cast(game.find("Exorcist's Rite")))
    resolve(game)
    assert game.table.cards[game.find("Barrow Wight")].zone == "graveyard:1"


@pytest.mark.rule("RR 13.3d", "RR R74")
def test_a_copy_of_a_face_down_creature_is_a_face_down_2_2_for_good() -> None:
    game = spirits(["Mask Mimic"])
    game.apply(Cast(game.find("Mask Mimic"), game.find("Barrow Wight")))
    resolve(game)
    resolve(game)  # the enter ability
    mimic = game.table.cards[game.find("Mask Mimic")]
    assert (mimic.face_down, mimic.zone) == (True, "battlefield:0")
    assert (mimic.name, mimic.definition.power, mimic.definition.defense) == (
        "a face-down creature",
        2,
        2,
    )
    assert (mimic.definition.subtype, mimic.definition.triggers) == ("", ())
    assert refused(game, TurnFaceUp(mimic.id)).rule == "RR R74"
    game.table.players[1].ep = 1
    game.table.create("Sparkshot", 1, "hand:1")
    game.apply(Pass())  # Bob kills it: it is revealed as Mask Mimic as it goes
    game.apply(Cast(game.find("Sparkshot", "hand:1"), mimic.id))
    resolve(game)
    assert (mimic.zone, mimic.face_down, mimic.name) == ("graveyard:0", False, "Mask Mimic")


@pytest.mark.rule("RR 13.3d")
def test_a_face_up_creature_is_not_copied() -> None:
    game = spirits(["Mask Mimic"])
    game.apply(Cast(game.find("Mask Mimic"), game.find("Veil Walker")))
    resolve(game)
    resolve(game)
    mimic = game.table.cards[game.find("Mask Mimic")]
    assert (mimic.face_down, mimic.definition.power) == (False, 1)
    assert game.log.citing("RR 13.3d")[0].text == "Mask Mimic copies only a face-down creature"


@pytest.mark.rule("RR 13.5c", "RR R75")
def test_a_face_down_creatures_death_trigger_uses_the_real_card() -> None:
    game = spirits(["Raze"])
    game.apply(Cast(game.find("Raze"), game.find("Barrow Wight")))
    resolve(game)
    assert (game.pending_triggers, len(game.stack)) == ([], 1)
    assert game.stack[0]["controller"] == 1  # Bob controlled it as it died
    resolve(game)
    assert len(game.table.zones["exile:0"]) == 3  # the Wight's power, not a face-down 2


@pytest.mark.rule("RR 13.5c")
def test_a_face_up_creatures_death_trigger() -> None:
    game = spirits(["Exorcist's Rite"])
    game.table.cards[game.find("Barrow Wight")].face_down = False
    game.apply(Cast(game.find("Exorcist's Rite")))
    resolve(game)
    resolve(game)
    assert len(game.table.zones["exile:0"]) == 3


@pytest.mark.rule("RR 13.5c")
def test_a_death_trigger_from_lethal_damage() -> None:
    game = spirits(["Cinder Wave"])
    game.apply(Cast(game.find("Cinder Wave"), game.find("Barrow Wight")))
    resolve(game)
    assert game.table.cards[game.find("Barrow Wight")].zone == "graveyard:1"
    resolve(game)
    assert len(game.table.zones["exile:0"]) == 3


@pytest.mark.rule("RR 13.5a", "RR 11.1a")
def test_a_face_down_creature_destroyed_by_damage_is_revealed() -> None:
    game = spirits(["Cinder Wave"])
    game.apply(Cast(game.find("Cinder Wave"), game.find("Barrow Wight")))
    resolve(game)
    assert game.table.cards[game.find("Barrow Wight")].zone == "graveyard:1"
    [destroyed] = game.log.citing("RR 11.1a")
    assert destroyed.text == (
        "a face-down creature has lethal damage and is destroyed (it was Barrow Wight)"
    )


@pytest.mark.rule("RR R83")
def test_a_card_cast_face_down_leaves_its_old_id_behind() -> None:
    game = (
        Scenario()
        .player(0, ep=3, hand=["Shade of the Pact", *HOLD])
        .player(1, ep=3, hand=["Cinder Wave", "Brace", "Sparkshot"])
        .build()
    )
    old = game.find("Shade of the Pact")
    count = len(game.table.cards)
    game.apply(CastFaceDown(old))
    new = game.find("Shade of the Pact")
    assert new == count  # the next ID, whichever card it is
    assert game.table.cards[new].face_down
    assert game.table.cards[old].zone == "gone"
    assert old not in game.table.zones["stack"]
    resolve(game)
    game.apply(Pass())  # Alice passes in her main phase: Bob may act
    # The old ID names nothing anyone can act on.
    sparkshot = game.find("Sparkshot", "hand:1")
    assert refused(game, Cast(sparkshot, old))
    game.apply(Cast(sparkshot, new))
    # A save holds the old ID where it went, and loads checked.
    loaded = RiskGame.loads(game.dumps())
    assert loaded.table.zones["gone"] == [old]
    assert loaded.find("Shade of the Pact") == new


@pytest.mark.rule("RR R83")
def test_a_save_whose_gone_id_no_later_card_left_is_refused() -> None:
    game = (
        Scenario()
        .player(0, ep=3, hand=["Shade of the Pact", *HOLD])
        .player(1, ep=3, hand=["Cinder Wave", "Brace"])
        .build()
    )
    hand = game.find("Sparkshot")
    game.apply(CastFaceDown(game.find("Shade of the Pact")))
    data = json.loads(game.dumps())
    data["zones"]["hand:0"].remove(hand)  # Sparkshot was never cast face down
    data["zones"]["gone"].append(hand)
    data["cards"][hand][4] = "gone"
    with pytest.raises(SerializationError, match=r"zones\.gone: card 1 was left by no later"):
        RiskGame.loads(json.dumps(data))
