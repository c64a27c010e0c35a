"""Mulligans (RR 12): the procedure is a game option, standard by default (RR R9).

* ``standard`` (RR 12.1): one free mulligan to seven, then six, five, ... each followed by
  scry 1;
* ``competitive`` (RR 12.2, the Paris mulligan): each mulligan draws one card fewer, no scry;
* ``limited`` (RR 12.3): two free mulligans to seven, then as standard;
* with simultaneous decisions (RR 12.4), always in a game of three or more players and by
  choice in a game of two, every player decides each round in secret, then the decisions are
  revealed and the mulligans carried out, and turn order does not change.

>>> from rulekeeper.riskres.mulligan import next_hand
>>> [next_hand("standard", n) for n in (1, 2, 3)]
[(7, False), (6, True), (5, True)]
>>> [next_hand("competitive", n) for n in (1, 2)]
[(6, False), (5, False)]
>>> [next_hand("limited", n) for n in (1, 2, 3)]
[(7, False), (7, False), (6, True)]
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from rulekeeper.engine.game import Action
from rulekeeper.riskres import MULTIPLAYER, OPENING_HAND
from rulekeeper.riskres.actions import Keep, Mulligan, Scry
from rulekeeper.riskres.combat import cards
from rulekeeper.riskres.state import zone_name

if TYPE_CHECKING:
    from rulekeeper.engine.game import Violation
    from rulekeeper.riskres.game import RiskGame

FREE_MULLIGANS: Final = {"standard": 1, "limited": 2, "competitive": 0}  # RR 12.1b, 12.3b, 12.2b


def next_hand(rule: str, number: int) -> tuple[int, bool]:
    """The size of the hand drawn by mulligan ``number`` (1 for the first) and whether a
    scry 1 follows.

    :enforces: RR 12.1b, RR 12.1c, RR 12.2b, RR 12.3b, RR 12.3c
    """
    free = FREE_MULLIGANS[rule]
    if number <= free:
        return OPENING_HAND, False
    if rule == "competitive":
        return OPENING_HAND - number, False
    return OPENING_HAND - (number - free), True


def is_simultaneous(players: int, *, chosen: bool) -> bool:
    """Whether a game of ``players`` players makes its mulligan decisions at once: always a
    multiplayer game, of three or more (RR 12.4a); a game of two if ``chosen``.

    >>> is_simultaneous(2, chosen=False), is_simultaneous(2, chosen=True)
    (False, True)
    >>> is_simultaneous(3, chosen=False)
    True

    :enforces: RR 12.4a, RR 12.4b, RR R81
    """
    return chosen or players >= MULTIPLAYER


def why_not_mulligan(game: RiskGame, player: int) -> Violation | None:
    """A mulligan may not leave a player with fewer than one card (RR 12.1d).

    :enforces: RR 12.1d, RR 12.2b
    """
    size, _ = next_hand(game.mulligan_rule, game.table.players[player].mulligans + 1)
    if size < 1:
        return ("RR 12.1d", "a mulligan cannot go below one card")
    return None


def start(game: RiskGame) -> None:
    """Opening hands are drawn; ask the first player whether to keep.

    :enforces: RR 12.1a, RR 12.2a, RR 12.3a
    """
    game.step = "setup"
    advance(game)


def _order(game: RiskGame) -> list[int]:
    seats = len(game.table.players)
    order = [(game.first_player + i) % seats for i in range(seats)]
    return [p for p in order if not game.table.players[p].left]


def advance(game: RiskGame) -> None:
    """Ask the next decision of the mulligan procedure, or begin the first turn.

    With simultaneous decisions, mulligans are carried out only once every player still
    deciding has chosen (RR 12.4b); turn order is never changed (RR 12.4d).

    :enforces: RR 12.4a, RR 12.4b, RR 12.4d, RR R81
    """
    from rulekeeper.riskres.turn import begin_turn

    if game.scry_pending:
        game.decision, game.priority = "scry", game.scry_pending[0]
        return
    undecided = [p for p in _order(game) if not game.table.players[p].kept]
    if game.simultaneous:
        waiting = [p for p in undecided if not game.table.players[p].pending]
        if not waiting and undecided:
            reveal(game, undecided)
            advance(game)
            return
        undecided = waiting
    if undecided:
        game.decision, game.priority = "mulligan", undecided[0]
        return
    game.decision = "priority"
    if game.table.players[game.first_player].left:  # conceded during the mulligans
        game.first_player = game.regular = game.next_player(game.first_player)
    begin_turn(game, game.first_player, 1)


def reveal(game: RiskGame, players: list[int]) -> None:
    """Reveal every secret decision, then carry out the mulligans in turn order."""
    for player in players:
        seat = game.table.players[player]
        decision, seat.pending = seat.pending, ""
        game.record("RR 12.4b", f"{seat.name} reveals the decision: {decision}")
        if decision == "keep":
            seat.kept = True
        else:
            take_mulligan(game, player)


def take_mulligan(game: RiskGame, player: int) -> None:
    """Shuffle the hand into the library and draw the next hand; queue a scry if due.

    :enforces: RR 12.1c, RR 12.4c
    """
    seat = game.table.players[player]
    seat.mulligans += 1
    size, scry = next_hand(game.mulligan_rule, seat.mulligans)
    for card_id in list(game.table.zones[zone_name("hand", player)]):
        game.table.move(card_id, zone_name("library", player))
    game.chance.shuffle(game.table.zones[zone_name("library", player)])
    for _ in range(size):
        game.draw(player, "RR 12.1c")
    game.record("RR 12.1c", f"{seat.name} mulligans and draws {cards(size)}")
    if scry:
        game.scry_pending.append(player)


def perform(game: RiskGame, player: int, action: Action) -> None:
    """Carry out a keep, a mulligan or a scry decision."""
    seat = game.table.players[player]
    if isinstance(action, Scry):
        scry(game, player, action.bottom)
        game.scry_pending.pop(0)
        if game.step != "setup":
            game.give_priority(game.active)
            return
    elif game.simultaneous:
        seat.pending = "keep" if isinstance(action, Keep) else "mulligan"
        game.record("RR 12.4a", f"{seat.name} decides in secret")
    elif isinstance(action, Keep):
        seat.kept = True
        game.record(
            "RR 12.1a",
            f"{seat.name} keeps {len(game.table.zones[zone_name('hand', player)])} cards",
        )
    elif isinstance(action, Mulligan):
        take_mulligan(game, player)
    advance(game)


def scry(game: RiskGame, player: int, bottom: bool) -> None:
    """Scry 1: look at the top card of the library and leave it or put it on the bottom.

    :enforces: RR R30
    """
    library = game.table.zones[zone_name("library", player)]
    if library and bottom:
        game.table.move(library[-1], zone_name("library", player), bottom=True)
    where = "the bottom" if bottom else "the top"
    game.record("RR R30", f"{game.name_of(player)} scries 1 and leaves the card on {where}")
