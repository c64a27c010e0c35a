"""Traps (RR 8): setting them face down, springing them, and challenging them.

A player sets a trap from their own hand for 1 EP whenever they have priority, at most two at a
time, and never a sorcery (RR 8.1, RR R1, RR R42). A card with a trap trigger is a real trap: a
true trap if it is an instant, a delayed trap if it is a permanent; anything else is a bluff
(RR 8.2, RR R43). Every trap trigger of the starter set is "when an opponent attacks you".

A sweep reveals every trap, and each stays set (RR 8.5a, RR R71). A trap can be stolen, and
then it is the thief's (RR R72), or copied, which gives the copier its effect (RR R73); either
way the trap is picked at random, since it is face down. A trap's controller is the player
whose trap zone it is in.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from rulekeeper.riskres import MAX_TRAPS
from rulekeeper.riskres.actions import Player, Target
from rulekeeper.riskres.state import CardState, zone_name

if TYPE_CHECKING:
    from rulekeeper.engine.game import Violation
    from rulekeeper.riskres.game import RiskGame

TRAP_COST: Final = 1  # RR 8.1a
CHALLENGE_COST: Final = 2  # RR 8.4a


def is_real(trap: CardState) -> bool:
    """True for a real trap: a card with a trap trigger (RR R43); any other is a bluff.

    :enforces: RR R43, RR 8.2a, RR 8.2b, RR 8.2c
    """
    return trap.definition.trap is not None


def controller_of(trap: CardState) -> int:
    """The player who controls a set trap: the one whose trap zone it is in (RR R72)."""
    return int(trap.zone.removeprefix("traps:"))


def why_not_set_trap(game: RiskGame, player: int, card_id: int) -> Violation | None:
    """A card from your own hand, not a sorcery, while you have fewer than two traps, for 1 EP.

    :enforces: RR 8.1a, RR 8.1b, RR 8.1c, RR 8.1d, RR 2.7b, RR R1, RR R42, RR 3.2.1c, RR 3.2.2c
    """
    state = game.table.cards[card_id]
    if state.zone != zone_name("hand", player):
        return ("RR R42", "a trap is set from your own hand")
    if state.definition.has_type("Sorcery"):
        return ("RR R1", "a sorcery cannot be set as a trap")
    if len(game.table.zones[zone_name("traps", player)]) >= MAX_TRAPS:
        return ("RR 8.1c", f"you already have {MAX_TRAPS} traps")
    if game.table.players[player].ep < TRAP_COST:
        return ("RR 1.1d", f"setting a trap costs {TRAP_COST} EP")
    return None


def set_trap(game: RiskGame, player: int, card_id: int) -> None:
    """Pay 1 EP and put the card face down in your trap zone; the others learn only that a
    trap was set (RR R42). It is neither a spell nor a permanent there (RR 8.5c), and not a
    face-down creature cast with morph (RR 13.2c).

    :enforces: RR 8.5c, RR 13.2c
    """
    game.table.players[player].ep -= TRAP_COST
    game.table.move(card_id, zone_name("traps", player))
    game.passes = 0
    game.record("RR R42", f"{game.name_of(player)} sets a trap for {TRAP_COST} EP")


def trap_at(game: RiskGame, controller: int, index: int) -> CardState | None:
    """``controller``'s trap at place ``index`` among their traps (0 for the one set or
    stolen first), or None if there is none: how a player names a face-down trap, by what
    every player sees of it and never by its card (RR R82).

    :enforces: RR R82
    """
    if not 0 <= controller < len(game.table.players):
        return None
    traps = game.table.zones[zone_name("traps", controller)]
    return game.table.cards[traps[index]] if 0 <= index < len(traps) else None


def trap_name(game: RiskGame, controller: int, index: int) -> str:
    """A trap as a move names it, by its controller and its place: "Bob's trap 2" (RR R82)."""
    return f"{game.name_of(controller)}'s trap {index + 1}"


def why_not_challenge(game: RiskGame, player: int, controller: int, index: int) -> Violation | None:
    """A player may pay 2 EP to challenge a trap an opponent controls (RR 8.4a, RR R45),
    named by its controller and its place among their traps (RR R82).

    :enforces: RR 8.4a, RR R45, RR R82
    """
    if not 0 <= controller < len(game.table.players):
        return ("RR R82", f"there is no player {controller}")
    if trap_at(game, controller, index) is None:
        return ("RR R82", f"{game.name_of(controller)} has no trap {index + 1}")
    if controller == player:
        return ("RR R45", "you challenge a trap that an opponent controls")
    if game.table.players[player].ep < CHALLENGE_COST:
        return ("RR 1.1d", f"a challenge costs {CHALLENGE_COST} EP")
    return None


def challenge(game: RiskGame, player: int, controller: int, index: int) -> None:
    """Reveal ``controller``'s trap at place ``index``: a bluff goes to its owner's graveyard
    and the challenger draws a card; a real trap springs, aimed at the challenger.

    :enforces: RR 8.4b, RR 8.4c, RR 8.4d
    """
    state = trap_at(game, controller, index)
    assert state is not None  # why_not_challenge refused any other
    trap = state.id
    game.table.players[player].ep -= CHALLENGE_COST
    game.passes = 0
    holder = game.name_of(controller)
    game.record(
        "RR 8.4b", f"{game.name_of(player)} challenges a trap of {holder}'s: it is {state.name}"
    )
    if is_real(state):
        spring(game, state, player)
        return
    game.table.move(trap, zone_name("graveyard", state.owner))
    game.record("RR 8.4c", f"{state.name} was a bluff; {game.name_of(player)} draws a card")
    game.draw(player, "RR 8.4c")


def is_attacked(game: RiskGame, player: int) -> bool:
    """True while an attack is aimed at ``player`` or at a creature they control: the trigger
    "when an opponent attacks you" that every trap of the starter set prints (RR 8.3a), a
    condition that holds until combat ends (RR R76).

    Only the player an attack is made against is attacked (RR 10.3a), so with three or more
    players a trap of a player nobody attacks stays set.

    :enforces: RR 8.3a, RR R76
    """
    return any(game.defending_player(target) == player for target in game.attacks.values())


def check_triggers(game: RiskGame) -> None:
    """Spring every real trap whose printed trigger has happened (RR 8.3a), checked whenever
    state-based actions are (RR R44).

    :enforces: RR 8.3b, RR R44, RR R76
    """
    if not game.attacks:
        return
    attacker = game.active
    for player in range(len(game.table.players)):
        if player == attacker or not is_attacked(game, player):
            continue
        for trap in list(game.table.zones[zone_name("traps", player)]):
            state = game.table.cards[trap]
            if is_real(state):
                game.record("RR 8.3b", f"{game.name_of(player)}'s trap is triggered by the attack")
                spring(game, state, attacker)


def spring(game: RiskGame, trap: CardState, aimed_at: int) -> None:
    """Reveal a real trap: an instant goes on the stack, aimed at ``aimed_at`` where it needs
    a player; a permanent enters the battlefield under the control of the trap's controller
    (its owner, unless it was stolen: RR R72). Until then it was neither a spell nor a
    permanent (RR 8.5c).

    :enforces: RR 8.3c, RR R44, RR 8.5c
    """
    from rulekeeper.riskres.effects import enter_battlefield

    controller = controller_of(trap)
    game.record("RR 8.3c", f"{game.name_of(controller)} reveals the trap {trap.name}")
    if trap.definition.has_type("Instant"):
        game.table.move(trap.id, "stack")
        game.stack.append(
            {
                "card": trap.id,
                "source": trap.id,
                "controller": controller,
                "ability": -1,
                "target": aim(trap, aimed_at),
            }
        )
        return
    game.table.move(trap.id, "stack")  # passes through, so it enters as a new object
    enter_battlefield(game, trap, controller, None)


def aim(trap: CardState, player: int) -> Target | None:
    """What a true trap is aimed at when it springs or is copied: ``player``, if it needs a
    player; nothing otherwise (RR R44, RR R73)."""
    return Player(player) if trap.definition.target in ("opponent", "player") else None


def sweep(game: RiskGame, source: CardState) -> None:
    """Reveal every trap, of every player in seat order, to every player; each stays set,
    face down, where it was (RR 8.5a, RR R71).

    :enforces: RR 8.5a, RR R71
    """
    found = False
    for player in range(len(game.table.players)):
        for trap in game.table.zones[zone_name("traps", player)]:
            found = True
            name = game.table.cards[trap].name
            game.record(
                "RR 8.5a", f"{source.name} reveals a trap of {game.name_of(player)}'s: {name}"
            )
    if not found:
        game.record("RR 8.5a", f"{source.name} finds no traps")


def _pick(game: RiskGame, player: int) -> CardState | None:
    """One of ``player``'s traps at random, or None if they have none (RR R72, RR R73)."""
    traps = game.table.zones[zone_name("traps", player)]
    if not traps:
        return None
    return game.table.cards[traps[game.chance.pick(len(traps), kind="trap")]]


def steal(game: RiskGame, thief: int, victim: int) -> None:
    """Move one of ``victim``'s traps, picked at random, into ``thief``'s trap zone, still
    face down: from now on it is the thief's trap (RR R72). A thief who already has two traps
    steals nothing (RR 8.1c).

    :enforces: RR 8.5b, RR R72
    """
    if len(game.table.zones[zone_name("traps", thief)]) >= MAX_TRAPS:
        game.record("RR R72", f"{game.name_of(thief)} already has {MAX_TRAPS} traps")
        return
    trap = _pick(game, victim)
    if trap is None:
        game.record("RR R72", f"{game.name_of(victim)} has no trap to steal")
        return
    game.table.move(trap.id, zone_name("traps", thief))
    game.record("RR R72", f"{game.name_of(thief)} steals a trap of {game.name_of(victim)}'s")


def copy_trap(game: RiskGame, source: CardState, copier: int, victim: int) -> None:
    """Copy one of ``victim``'s traps, picked at random and revealed: if it is a true trap,
    its effect happens for ``copier`` at once, aimed at ``victim`` where it needs a player; a
    copy of any other card is nothing. The trap itself stays set (RR R73).

    :enforces: RR 8.5b, RR R73
    """
    from rulekeeper.riskres.effects import resolve

    trap = _pick(game, victim)
    if trap is None:
        game.record("RR R73", f"{game.name_of(victim)} has no trap to copy")
        return
    true = is_real(trap) and trap.definition.has_type("Instant")
    result = "its effect happens" if true else "a copy of it does nothing"
    game.record(
        "RR R73",
        f"{source.name} copies a trap of {game.name_of(victim)}'s: {trap.name}; {result}",
    )
    if true:
        definition = trap.definition
        resolve(game, trap, copier, definition.target, aim(trap, victim), definition.effects)
