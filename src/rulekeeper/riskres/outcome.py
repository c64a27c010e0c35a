"""How the game ends (RR 9): win conditions, losses, and what happens when they coincide.

A player who has lost cannot win (RR 9.3c). If several players would win at once, the active
player wins (RR 9.3a, RR R13); if every player loses at once, the game is a draw (RR 9.3b).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rulekeeper.engine.game import Outcome
from rulekeeper.riskres import leaving as leaving_module
from rulekeeper.riskres.state import CardState
from rulekeeper.rules import RuleId

if TYPE_CHECKING:
    from rulekeeper.riskres.game import RiskGame


def has_won(game: RiskGame, permanent: CardState) -> bool:
    """True if the requirement printed on a win-condition permanent is met by its controller.

    :enforces: RR 3.1.5a, RR 3.1.5b, RR 9.1a, RR R48
    """
    table, player = game.table, permanent.controller
    requirement = permanent.definition.win
    seat = table.players[player]
    counts = {
        "artifacts": lambda: sum(
            1 for c in table.permanents(player) if c.definition.has_type("Artifact")
        ),
        "creatures": lambda: len(table.creatures(player)),
        "intel": lambda: seat.intel,
        "ep": lambda: seat.ep,
    }
    return all(counts[kind]() >= needed for kind, needed in requirement.items())


def check_win_conditions(game: RiskGame, rule: RuleId) -> bool:
    """Evaluate every win-condition permanent on the battlefield, then settle the game.

    Return True if the game is over.

    :enforces: RR 9.4a, RR 9.4b, RR 11.1e
    """
    for permanent in game.table.permanents():
        if permanent.definition.has_type("Win Condition") and has_won(game, permanent):
            seat = game.table.players[permanent.controller]
            if not seat.won:
                seat.won = "RR 9.1a"
                game.record(rule, f"{seat.name} meets the requirement of {permanent.name}")
    settle(game)
    return game.outcome is not None


def check_named_time(game: RiskGame, player: int, moment: str) -> bool:
    """Check the win conditions of ``player`` that name ``moment`` as a time to be checked.

    A Win Condition may say when its requirement is checked besides the usual times
    (RR 9.4c): Brimming Coffers is also checked whenever its controller gains EP
    (``moment`` ``"gain_ep"``), so a player who reaches 20 EP by pitching a card wins at once,
    before anyone next receives priority. Return True if the game is over.

    >>> from rulekeeper.riskres.scenario import Scenario
    >>> game = (Scenario()
    ...         .player(0, ep=20, battlefield=["Brimming Coffers"])
    ...         .player(1)
    ...         .build())
    >>> check_named_time(game, 1, "gain_ep"), check_named_time(game, 0, "gain_ep")
    (False, True)
    >>> game.outcome.winners
    (0,)

    :enforces: RR 9.4c, RR R15
    """
    for permanent in game.table.permanents(player):
        definition = permanent.definition
        if (
            definition.has_type("Win Condition")
            and moment in definition.checks
            and has_won(game, permanent)
        ):
            seat = game.table.players[player]
            if not seat.won:
                seat.won = "RR 9.1a"
                game.record("RR 9.4c", f"{seat.name} meets the requirement of {permanent.name}")
    settle(game)
    return game.outcome is not None


def settle(game: RiskGame) -> None:
    """Decide the game if any player has won or lost.

    A winner wins with their allies (RR 10.4.1b, RR R58). Players who lost leave the game
    (RR R54); it ends when no player is left (a draw, RR 9.3b), when one is left, or when all
    who are left are allies (RR 9.1b, RR R58).

    :enforces: RR 9.1b, RR 9.3a, RR 9.3b, RR 9.3c, RR R13, RR R49, RR R54, RR 10.4.1b, RR R58
    """
    if game.outcome is not None:
        return
    players = game.table.players
    # Most calls find nothing decided and no alliance: answer those before building lists.
    variant = game.variant
    if not variant.has_alliances() and not any(p.lost or p.won for p in players):
        return
    leaving = [p for p in players if p.lost and not p.left]
    winners = [p for p in players if p.won and not p.lost]  # RR 9.3c
    remaining = [p.index for p in players if not p.lost]
    if not leaving and not winners and not variant.all_allied(remaining):
        return
    if not remaining:
        reason = "every player still in the game lost at the same time"
        game.outcome = Outcome("draw", (), "RR 9.3b", reason)
    elif winners:
        # RR R49: the active player, else the first winner in turn order after them.
        seats = len(players)
        chosen = min(winners, key=lambda p: (p.index - game.active) % seats)
        allied = [a for a in variant.allies(chosen.index) if a in remaining]
        together = tuple(sorted([chosen.index, *allied]))
        if len(winners) > 1 and chosen.index == game.active:
            rule, reason = "RR 9.3a", "several players would win; the active player wins"
        elif len(winners) > 1:
            rule = "RR R49"
            reason = "several players would win, none of them active; the first in turn order wins"
        else:
            rule, reason = chosen.won, _why(chosen.won)
        if allied:
            reason += "; allies win together (RR 10.4.1b)"
        game.outcome = Outcome("win", together, rule, reason)
    elif len(remaining) == 1:
        names = ", ".join(p.name for p in players if p.lost)
        reason = f"{names} lost, and so all opponents have lost"
        causes = tuple(p.lost for p in players if p.lost)
        game.outcome = Outcome("win", tuple(remaining), "RR 9.1b", reason, causes)
    elif variant.all_allied(remaining):
        reason = "every player left in the game is an ally of every other: they win together"
        game.outcome = Outcome("win", tuple(remaining), "RR R58", reason)
    else:
        for seat in leaving:
            leaving_module.leave_game(game, seat.index)
        return
    game.record(game.outcome.reason_rule, _over(game))


def _over(game: RiskGame) -> str:
    outcome = game.outcome
    assert outcome is not None
    if outcome.result == "draw":
        return f"the game is a draw: {outcome.reason}"
    names = " and ".join(game.name_of(w) for w in outcome.winners)
    return f"{names} {'win' if len(outcome.winners) > 1 else 'wins'}: {outcome.reason}"


def _why(rule: RuleId) -> str:
    return {
        "RR 9.1a": "a win condition's requirement is met",
        "RR 9.1c": "an effect says they win",
    }.get(rule, "they won")


def draw_by_turn_limit(game: RiskGame) -> None:
    """End a game that reaches its turn limit as a draw (RR R61).

    :enforces: RR R61
    """
    reason = f"turn {game.turn_limit + 1} was reached"
    game.outcome = Outcome("draw", (), "RR R61", reason)
    game.record("RR R61", _over(game))
