"""Face-down permanents (RR 13): casting a card with morph face down and turning it face up.

>>> from rulekeeper.riskres.scenario import Scenario
>>> from rulekeeper.riskres.actions import TurnFaceUp
>>> game = (Scenario()
...         .player(0, ep=2, hand=["Sparkshot"], battlefield=["Shade of the Pact"])
...         .player(1, hand=["Brace"])
...         .build())
>>> shade = game.table.cards[game.find("Shade of the Pact")]
>>> shade.face_down = True
>>> shade.name, shade.definition.power, shade.definition.keywords
('a face-down creature', 2, ())
>>> game.apply(TurnFaceUp(shade.id))
>>> shade.name, shade.definition.power, shade.definition.keywords
('Shade of the Pact', 3, ('Evasive',))
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from rulekeeper.riskres.state import CardState, zone_name
from rulekeeper.riskres.timing import is_sorcery_speed

if TYPE_CHECKING:
    from rulekeeper.engine.game import Violation
    from rulekeeper.riskres.game import RiskGame

FACE_DOWN_COST: Final = 3  # RR 13.2a: exactly 3 EP, which nothing changes (RR R59, RR R41)


def why_not_cast_face_down(game: RiskGame, player: int, card_id: int) -> Violation | None:
    """A card with morph is cast face down from hand at sorcery speed for exactly 3 EP.

    :enforces: RR 13.2a, RR R59
    """
    state = game.table.cards[card_id]
    if state.zone != zone_name("hand", player):
        return ("RR R59", "a card is cast face down from your own hand")
    if state.printed.morph is None:
        return ("RR 13.2a", f"{state.name} has no morph")
    if not is_sorcery_speed(game, player):
        return ("RR R59", "a face-down creature is cast at sorcery speed")
    if game.table.players[player].ep < FACE_DOWN_COST:
        return ("RR 1.1d", f"casting face down costs {FACE_DOWN_COST} EP")
    return None


def cast_face_down(game: RiskGame, player: int, card_id: int) -> int:
    """Pay 3 EP and put the card on the stack face down: only its controller knows what it
    is (RR 13.1d); it is a creature spell like any other, and can be targeted as a creature
    once on the battlefield (RR 13.3a). Turned face down, it is a new object with a fresh ID
    (RR R83), which it keeps until it leaves the battlefield; the new ID.

    :enforces: RR 13.1a, RR 13.1b, RR 13.1d, RR 13.3a, RR R83
    """
    card_id = turn_face_down(game, card_id)
    me = game.table.players[player]
    me.ep -= FACE_DOWN_COST
    game.table.move(card_id, "stack")
    game.stack.append(
        {"card": card_id, "source": card_id, "controller": player, "ability": -1, "target": None}
    )
    game.passes = 0
    game.record("RR R59", f"{me.name} casts a card face down for {FACE_DOWN_COST} EP (EP {me.ep})")
    return card_id


def turn_face_down(game: RiskGame, card_id: int) -> int:
    """Turn a card face down as a new object with a fresh ID, the next one: nothing a player
    saw of the card before (its ID while it was revealed, on the battlefield or named in a
    move) tells which face-down creature it is (RR R83); its new ID.

    :enforces: RR R83
    """
    card_id = game.table.renumber(card_id)
    game.table.cards[card_id].face_down = True
    return card_id


def why_not_turn_face_up(game: RiskGame, player: int, card_id: int) -> Violation | None:
    """Your face-down permanent turns face up whenever you have priority, for its morph cost.

    :enforces: RR 13.1c, RR 13.4a, RR 5.3c, RR R74
    """
    state = game.table.cards[card_id]
    if state.zone != zone_name("battlefield", player) or not state.face_down:
        return ("RR 13.4a", "you turn up a face-down permanent that you control")
    if state.printed.morph is None:
        return ("RR R74", "a face-down copy has no morph cost and cannot be turned face up")
    cost = state.printed.morph
    if game.table.players[player].ep < cost:
        return ("RR 1.1d", f"its morph cost is {cost} EP")
    return None


def turn_face_up(game: RiskGame, player: int, card_id: int) -> None:
    """Turn it face up at once, without the stack: it has the card's own characteristics
    from now on, and its enter abilities do not trigger (RR 13.4b to RR 13.4d).

    :enforces: RR 13.4b, RR 13.4c, RR 13.4d
    """
    state = game.table.cards[card_id]
    me = game.table.players[player]
    me.ep -= state.printed.morph or 0
    state.face_down = False
    game.passes = 0
    game.record("RR 13.4b", f"{me.name} turns a face-down creature up: it is {state.name}")


def has_creature_type(creature: CardState, creature_type: str) -> bool:
    """True if ``creature`` has ``creature_type`` among the words of its subtype. A face-down
    permanent has no creature type, whatever card it really is (RR 13.3b).

    :enforces: RR 13.3b
    """
    return not creature.face_down and creature_type in creature.definition.subtype.split()


def copy_face_down(game: RiskGame, clone: CardState, original: CardState) -> None:
    """``clone`` becomes a copy of ``original`` if that is face down: a face-down 2/2 with no
    characteristics (RR 13.3d). The copy has no morph cost, so it cannot be turned face up
    (RR R74); like any face-down permanent it is revealed as the card it is when it leaves the
    battlefield (RR 13.5a, RR 13.5b). A face-up creature is not copied.

    :enforces: RR 13.3d, RR R74
    """
    if not clone.zone.startswith("battlefield"):
        return
    if not original.face_down or not original.zone.startswith("battlefield"):
        game.record("RR 13.3d", f"{clone.name} copies only a face-down creature")
        return
    name = clone.name
    clone.face_down = True
    game.record("RR 13.3d", f"{name} becomes a copy of a face-down creature: a face-down 2/2")
