"""Traps (RR 8): setting them face down, springing them, and challenging them.

A player sets a trap from their own hand for 1 EP whenever they have priority, at most two at a
time, and never a sorcery (RR 8.1, RR R1, RR R42). A card with a trap trigger is a real trap: a
true trap if it is an instant, a delayed trap if it is a permanent; anything else is a bluff
(RR 8.2, RR R43). Every trap trigger of the starter set is "when an opponent attacks you".
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rulekeeper.riskres import MAX_TRAPS
from rulekeeper.riskres.actions import Player
from rulekeeper.riskres.state import CardState
from rulekeeper.rules import enforces

if TYPE_CHECKING:
    from rulekeeper.riskres.game import RiskGame
    from rulekeeper.riskres.timing import Violation

TRAP_COST = 1  # RR 8.1a
CHALLENGE_COST = 2  # RR 8.4a


@enforces("RR R43", "RR 8.2a", "RR 8.2b", "RR 8.2c")
def is_real(trap: CardState) -> bool:
    """True for a real trap: a card with a trap trigger (RR R43); any other is a bluff."""
    return trap.definition.trap is not None


@enforces(
    "RR 8.1a",
    "RR 8.1b",
    "RR 8.1c",
    "RR 8.1d",
    "RR 2.7b",
    "RR R1",
    "RR R42",
    "RR 3.2.1c",
    "RR 3.2.2c",
)
def why_not_set_trap(game: RiskGame, player: int, card_id: int) -> Violation | None:
    """A card from your own hand, not a sorcery, while you have fewer than two traps, for 1 EP."""
    state = game.table.cards[card_id]
    if state.zone != f"hand:{player}":
        return ("RR R42", "a trap is set from your own hand")
    if state.definition.has_type("Sorcery"):
        return ("RR R1", "a sorcery cannot be set as a trap")
    if len(game.table.zones[f"traps:{player}"]) >= MAX_TRAPS:
        return ("RR 8.1c", f"you already have {MAX_TRAPS} traps")
    if game.table.players[player].ep < TRAP_COST:
        return ("RR 1.1d", f"setting a trap costs {TRAP_COST} EP")
    return None


def set_trap(game: RiskGame, player: int, card_id: int) -> None:
    """Pay 1 EP and put the card face down in your trap zone; the others learn only that a
    trap was set (RR R42)."""
    game.table.players[player].ep -= TRAP_COST
    game.table.move(card_id, f"traps:{player}")
    game.passes = 0
    game.record("RR R42", f"{game.name_of(player)} sets a trap for {TRAP_COST} EP")


@enforces("RR 8.4a", "RR R45")
def why_not_challenge(game: RiskGame, player: int, trap: int) -> Violation | None:
    """A player may pay 2 EP to challenge a trap an opponent controls (RR 8.4a, RR R45)."""
    zone = game.table.cards[trap].zone
    if not zone.startswith("traps:") or zone == f"traps:{player}":
        return ("RR R45", "you challenge a trap that an opponent controls")
    if game.table.players[player].ep < CHALLENGE_COST:
        return ("RR 1.1d", f"a challenge costs {CHALLENGE_COST} EP")
    return None


@enforces("RR 8.4b", "RR 8.4c", "RR 8.4d")
def challenge(game: RiskGame, player: int, trap: int) -> None:
    """Reveal the trap: a bluff goes to its owner's graveyard and the challenger draws a card;
    a real trap springs, aimed at the challenger."""
    state = game.table.cards[trap]
    game.table.players[player].ep -= CHALLENGE_COST
    game.passes = 0
    owner = game.name_of(state.owner)
    game.record(
        "RR 8.4b", f"{game.name_of(player)} challenges a trap of {owner}'s: it is {state.name}"
    )
    if is_real(state):
        spring(game, state, player)
        return
    game.table.move(trap, f"graveyard:{state.owner}")
    game.record("RR 8.4c", f"{state.name} was a bluff; {game.name_of(player)} draws a card")
    game.draw(player, "RR 8.4c")


@enforces("RR 8.3a", "RR 8.3b", "RR R44")
def check_triggers(game: RiskGame) -> None:
    """Spring every real trap whose trigger has happened: its owner is being attacked."""
    if not game.attacks:
        return
    attacker = game.active
    for player in range(len(game.table.players)):
        if player == attacker:
            continue
        for trap in list(game.table.zones[f"traps:{player}"]):
            state = game.table.cards[trap]
            if is_real(state):
                game.record("RR 8.3b", f"{game.name_of(player)}'s trap is triggered by the attack")
                spring(game, state, attacker)


@enforces("RR 8.3c", "RR R44", "RR 8.5c")
def spring(game: RiskGame, trap: CardState, aimed_at: int) -> None:
    """Reveal a real trap: an instant goes on the stack, aimed at ``aimed_at`` where it needs
    a player; a permanent enters the battlefield under its owner's control. Until then it was
    neither a spell nor a permanent (RR 8.5c)."""
    from rulekeeper.riskres.effects import enter_battlefield

    owner = trap.owner
    game.record("RR 8.3c", f"{game.name_of(owner)} reveals the trap {trap.name}")
    if trap.definition.has_type("Instant"):
        target = Player(aimed_at) if trap.definition.target in ("opponent", "player") else None
        game.table.move(trap.id, "stack")
        game.stack.append(
            {
                "card": trap.id,
                "source": trap.id,
                "controller": owner,
                "ability": -1,
                "target": target,
            }
        )
        return
    game.table.move(trap.id, "stack")  # passes through, so it enters as a new object
    enter_battlefield(game, trap, owner, None)
