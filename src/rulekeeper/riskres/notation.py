"""Risk & Resource's words for its actions, as the log speaks them (see
:mod:`rulekeeper.engine.notation`).

>>> from rulekeeper.engine.notation import Notation
>>> from rulekeeper.riskres.notation import VOCABULARY
>>> from rulekeeper.riskres.scenario import Scenario
>>> game = Scenario().player(0, hand=["Ember Scout"]).build()
>>> [move.text for move in Notation(game, VOCABULARY).moves()]
['Alice passes', 'Alice pitches Ember Scout']
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from rulekeeper.engine.game import Action, Game, PlayerId
from rulekeeper.engine.notation import CardNamer, Named
from rulekeeper.riskres import actions as act
from rulekeeper.riskres.game import RiskGame
from rulekeeper.riskres.state import zone_name
from rulekeeper.riskres.traps import controller_of, trap_name


def _target(game: RiskGame, target: act.Target | None, card: CardNamer) -> str:
    if target is None:
        return ""
    if isinstance(target, act.Player):
        return game.name_of(target.index)
    return card(target)


def _targeting(game: RiskGame, target: act.Target | None, card: CardNamer) -> str:
    return f" targeting {_target(game, target, card)}" if target is not None else ""


def _ability(game: RiskGame, card_id: int, index: int) -> str:
    """``" ability 2"`` where the permanent has more than one ability, else nothing."""
    count = len(game.table.cards[card_id].definition.abilities)
    return f" ability {index + 1}" if count > 1 else ""


class RiskVocabulary:
    """The words of every Risk & Resource action."""

    def card_name(self, game: Game, card: int) -> str:
        """A card's printed name, except a face-down card in a move of a player other than
        its controller, who alone may look at it (RR 13.1d): that move names it as the log
        does, "a face-down creature" (with its ``#ID`` where there are several), so that no
        move's text tells its player what they may not see."""
        assert isinstance(game, RiskGame)
        state = game.table.cards[card]
        if state.face_down and state.controller != game.current_player():
            return state.name
        return state.printed.name

    def refusable(self, game: Game, named: Named) -> Iterable[Action]:
        """What a player may well name out of turn or beyond their means: passing; casting
        (plainly or aimed at what the text names), casting face down, pitching, setting as a
        trap or discarding a card in a hand (their own first, then another player's);
        activating an ability of a permanent, plainly or aimed; challenging another player's
        trap or their own (RR R45); turning a face-down permanent face up (a copy, RR R74);
        keeping a legend of any player under the legend rule (RR R14); while attackers are
        declared, attacking what the text names (RR R38); and conceding, for a player the text
        names, which the rules allow at any time (RR 9.2d) though it is never offered as a
        move (the kernel reads such a whole text as that move)."""
        assert isinstance(game, RiskGame)
        targets: list[act.Target] = [*map(act.Player, named.players), *named.cards]
        yield act.Pass()
        player, table = game.current_player(), game.table
        seats = sorted(range(len(table.players)), key=lambda p: p != player)
        for seat in seats:
            for card in table.zones[zone_name("hand", seat)]:
                yield from (
                    act.Cast(card), act.CastFaceDown(card), act.Pitch(card), act.SetTrap(card),
                    act.Discard(card),
                )  # fmt: skip
                yield from (act.Cast(card, target) for target in targets)
        for seat in seats:
            for permanent in table.permanents(seat):
                for index in range(len(permanent.definition.abilities)):
                    yield act.Activate(permanent.id, index)
                    yield from (act.Activate(permanent.id, index, t) for t in targets)
        for seat in [*seats[1:], player]:
            # Named by its place, never its card (RR R82).
            count = len(table.zones[zone_name("traps", seat)])
            yield from (act.Challenge(seat, index) for index in range(count))
        for seat in seats:
            yield from (act.TurnFaceUp(c.id) for c in table.permanents(seat) if c.face_down)
        if game.decision == "legend":
            for seat in seats:
                legends = (c for c in table.permanents(seat) if c.definition.legendary)
                yield from (act.KeepLegend(c.id) for c in legends)
        yield from map(act.Concede, named.players)
        if game.decision == "attackers":
            for creature in table.permanents(player):
                yield from (act.Attack(creature.id, target) for target in targets)

    def words(self, game: Game, action: Action, card: CardNamer) -> tuple[PlayerId, str]:
        """Who takes ``action`` and what they do.

        :raises KeyError: if ``action`` is not a Risk & Resource action.
        """
        assert isinstance(game, RiskGame)
        player = game.current_player()
        match action:
            case act.Pass():
                return player, "passes"
            case act.Pitch(c):
                return player, f"pitches {card(c)}"
            case act.Cast(c, target, alternative):
                cost = " for its alternative cost" if alternative else ""
                return player, f"casts {card(c)}{_targeting(game, target, card)}{cost}"
            case act.PlayLandmark(c):
                return player, f"plays {card(c)}"
            case act.Activate(c, index, target):
                ability = _ability(game, c, index)
                return player, f"activates {card(c)}{ability}{_targeting(game, target, card)}"
            case act.SetTrap(c):
                return player, f"sets {card(c)} as a trap"
            case act.Challenge(controller, index):
                # A trap is face down: it is written by who holds it (as the log says; a
                # stolen trap is its thief's) and its place, never its card (RR R82).
                return player, f"challenges {trap_name(game, controller, index)}"
            case act.CastFaceDown(c):
                return player, f"casts {card(c)} face down"
            case act.TurnFaceUp(c):
                return player, f"turns {card(c)} face up"
            case act.Attack(attacker, target):
                return player, f"attacks {_target(game, target, card)} with {card(attacker)}"
            case act.EndAttacks():
                return player, "finishes declaring attackers"
            case act.Block(blocker, attacker):
                return player, f"blocks {card(attacker)} with {card(blocker)}"
            case act.EndBlocks():
                return player, "finishes declaring blockers"
            case act.OrderBlocker(attacker, blocker):
                return player, f"orders {card(blocker)} next against {card(attacker)}"
            case act.DivideDamage(attacker, shares):
                given = ", ".join(f"{a} to {_target(game, t, card)}" for t, a in shares)
                return player, f"divides {card(attacker)}'s damage: {given or 'nothing'}"
            case act.StackTrigger(source, index):
                # Numbered among the card's triggers (it may be face down: its printed ones).
                many = len(game.table.cards[source].printed.triggers) > 1
                which = f"trigger {index + 1} of" if many else "the trigger of"
                return player, f"stacks {which} {card(source)}"
            case act.Discard(c):
                return player, f"discards {card(c)}"
            case act.Keep():
                return player, "keeps their hand"
            case act.Mulligan():
                return player, "mulligans"
            case act.Scry(bottom):
                return player, "scries to the bottom" if bottom else "scries to the top"
            case act.KeepLegend(c):
                return player, f"keeps {card(c)} under the legend rule"
            case act.OfferAlliance(other):
                return player, f"offers an alliance to {game.name_of(other)}"
            case act.BreakAlliance(other):
                return player, f"breaks the alliance with {game.name_of(other)}"
            case act.Concede(who):
                return who, "concedes"
        raise KeyError(action)


VOCABULARY = RiskVocabulary()
"""Risk & Resource's vocabulary."""


_OLD_CHALLENGE = re.compile(r"(.*) challenges .*'s trap #(\d{1,9})", re.IGNORECASE)
"""A challenge as records wrote it before RR R82: the trap named by its card's ID."""


def recorded_move(game: Game, text: str) -> str:
    """A move of a record, in today's words: a record written before RR R82 named a
    challenged trap by its card's ID (``Alice challenges Bob's trap #17``), which a replay
    knows, and this writes it by the trap's place among its controller's traps (``Bob's trap
    1``). Any other text comes back as it is, for the notation to read or refuse.

    >>> from rulekeeper.position import from_position
    >>> game = from_position("Format: rr\\n\\nAlice: ep 2\\nBob: traps Brace, Sparkshot")
    >>> game.table.zones["traps:1"]
    [0, 1]
    >>> recorded_move(game, "Alice challenges Bob's trap #1")
    "Alice challenges Bob's trap 2"
    """
    assert isinstance(game, RiskGame)
    found = _OLD_CHALLENGE.fullmatch(text.strip())
    if found is None:
        return text
    card = int(found[2])
    if card >= len(game.table.cards):
        return text
    zone = game.table.cards[card].zone
    if not zone.startswith("traps:"):
        return text
    place = game.table.zones[zone].index(card)
    return f"{found[1]} challenges {trap_name(game, controller_of(game.table.cards[card]), place)}"
