"""A heuristic Magic agent: plays lands, casts what it can, attacks and blocks sensibly.

It decides from a player's view only, never from the full game state.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from mypy_extensions import mypyc_attr

from rulekeeper.engine.agents import ScoringAgent
from rulekeeper.engine.game import Action
from rulekeeper.mtg.actions import Attack, Block, Cast, Discard, EndAttacks, Pass, Player, PlayLand
from rulekeeper.mtg.cards import card


@mypyc_attr(allow_interpreted_subclasses=True)
class HeuristicAgent(ScoringAgent):
    """Land first, then the most expensive spell, burn at the opponent's face or a big
    creature, attack when the attacker would survive or the opponent is open, chump-block only
    when life is low. Between actions it likes equally that aim at different players, it
    prefers the player nearest after its own seat in turn order, so that no seat is everyone's
    first target.
    """

    def choose(self, view: dict[str, Any], actions: Sequence[Action]) -> Action:
        """Return the best-scoring action; among equals, the one aimed at the player nearest
        after this one in turn order (the earliest listed breaks ties by seat number, and the
        first player is drawn at random, so seat order must not decide whom a bot hits); then
        the earliest."""
        return max(
            actions,
            key=lambda a: (self._score(view, a), -_turn_distance(view, a), -actions.index(a)),
        )

    def _score(self, view: dict[str, Any], action: Action) -> float:
        me = view["you"]
        permanents = {p["id"]: p for p in view["battlefield"]}
        match action:
            case PlayLand():
                return 100
            case Cast(card_id, target):
                definition = card(_hand_name(view, card_id))
                score = 50 + definition.mana_cost.mana_value
                if isinstance(target, Player):
                    harmful = any(e.kind in ("damage", "mill", "lose") for e in definition.effects)
                    score += 5 if harmful == (target.index != me) else -200
                elif target is not None:
                    creature = permanents[target]
                    mine = creature["controller"] == me
                    score += -200 if mine else 10 + (card(creature["name"]).power or 0)
                return score
            case Attack(creature_id):
                return self._attack_score(view, creature_id)
            case Block(blocker, attacker):
                return self._block_score(view, permanents[blocker], permanents[attacker])
            case Discard(card_id):
                return -card(_hand_name(view, card_id)).mana_cost.mana_value
            case Pass() | EndAttacks():
                return 0
        return 0

    def _attack_score(self, view: dict[str, Any], creature_id: int) -> float:
        me = view["you"]
        attacker = next(p for p in view["battlefield"] if p["id"] == creature_id)
        power = card(attacker["name"]).power or 0
        blockers = [
            card(p["name"])
            for p in view["battlefield"]
            if p["controller"] != me and not p["tapped"] and card(p["name"]).has_type("Creature")
        ]
        toughness = card(attacker["name"]).toughness or 0
        if power <= 0:
            return -1
        if all((b.power or 0) < toughness for b in blockers):
            return 10 + power
        return 1 if self._rng.random() < 0.3 else -1

    def _block_score(
        self, view: dict[str, Any], blocker: dict[str, Any], attacker: dict[str, Any]
    ) -> float:
        mine, theirs = card(blocker["name"]), card(attacker["name"])
        kills = (mine.power or 0) >= (theirs.toughness or 0) - int(attacker["damage"])
        survives = (theirs.power or 0) < (mine.toughness or 0) - int(blocker["damage"])
        life: int = view["players"][view["you"]]["life"]
        if survives:
            return 20 + kills
        if kills:
            return 10
        return 5 if life <= (theirs.power or 0) * 2 else -1


def _turn_distance(view: dict[str, Any], action: Action) -> int:
    """How many seats after the viewing player, in turn order, sits the player ``action`` aims
    at (attacks or targets); 0 for an action aimed at no player."""
    aimed: int | None = None
    if isinstance(action, Attack):
        aimed = action.player
    elif isinstance(action, Cast) and isinstance(action.target, Player):
        aimed = action.target.index
    if aimed is None:
        return 0
    return (aimed - int(view["you"])) % len(view["players"])


def _hand_name(view: dict[str, Any], card_id: int) -> str:
    """The name of a card in the viewing player's own hand."""
    return next(str(name) for held, name in view["hand"] if held == card_id)
