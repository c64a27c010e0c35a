"""A heuristic Risk & Resource agent. It decides from a player's view only.

It keeps any hand with two or more cheap cards, pitches its least useful cards when that lets
it cast something it holds, casts the most expensive spell it can, aims removal at the
opponent's biggest creature, attacks when the attacker survives the likely blocks or the
defender has no untapped creatures, and blocks when its blocker survives or trades.
"""

from __future__ import annotations

from typing import Any, Final

from rulekeeper.engine.agents import ScoringAgent
from rulekeeper.engine.game import Action
from rulekeeper.riskres.actions import (
    Activate,
    Attack,
    Block,
    BreakAlliance,
    Cast,
    CastFaceDown,
    Challenge,
    Discard,
    Keep,
    KeepLegend,
    Mulligan,
    OfferAlliance,
    Pitch,
    Player,
    PlayLandmark,
    Scry,
    SetTrap,
    TurnFaceUp,
)
from rulekeeper.riskres.cards import CardDef, card
from rulekeeper.riskres.state import FACE_DOWN

HARMFUL: Final = ("damage", "destroy", "tap", "bounce")


def _as_seen(permanent: dict[str, Any]) -> CardDef:
    """What a permanent in the view is: a plain 2/2 if it is face down (RR 13.1b), whoever
    controls it, or else its card."""
    return FACE_DOWN if permanent["face_down"] else card(permanent["name"])


class HeuristicAgent(ScoringAgent):
    """Plays its cards, pitches for what it can cast, attacks and blocks sensibly."""

    def _score(self, view: dict[str, Any], action: Action) -> float:
        me = view["you"]
        hand = dict(view["hand"])
        permanents = {p["id"]: p for p in view["battlefield"]}
        match action:
            case Keep():
                cheap = sum(1 for name in hand.values() if card(name).cost <= 3)
                return 1 if cheap >= 2 or len(hand) <= 5 else -1
            case Mulligan() | Scry(False):
                return 0
            case Scry(True):
                return -1
            case PlayLandmark():
                return 90
            case Cast(card_id, target, alternative):
                definition = card(hand[card_id])
                return (
                    50
                    + definition.cost
                    - alternative
                    + self._aim(view, definition, target, permanents)
                )
            case Activate(card_id, _, target):
                definition = _as_seen(permanents[card_id])
                ability = definition.abilities[action.ability]
                kinds = [e["kind"] for e in ability.effects]
                fake = CardDef(
                    definition.name,
                    (),
                    "",
                    0,
                    1,
                    "",
                    target=ability.target,
                    effects=ability.effects,
                )
                score = 30 + self._aim(view, fake, target, permanents)
                return score if "ep" not in kinds else 25
            case Pitch(card_id):
                return self._pitch_score(view, card_id)
            case Attack(attacker, target):
                return self._attack_score(view, permanents[attacker], target, permanents)
            case Block(blocker, attacker):
                return self._block_score(view, permanents[blocker], permanents[attacker])
            case SetTrap(card_id):
                # Set real traps; a bluff is not worth the EP to this agent.
                return 3 if card(hand[card_id]).trap is not None else -1
            case Challenge():
                return -1
            case CastFaceDown(card_id):
                # Face down only when the card itself cannot be afforded yet.
                ep = view["players"][me]["ep"]
                return 40 if card(hand[card_id]).cost > ep else -1
            case TurnFaceUp():
                return 45
            case KeepLegend(card_id):
                return -float(permanents[card_id]["damage"])
            case OfferAlliance(other):
                # Accept an ally's offer (it can only share a win); never offer first.
                return 2 if [other, me] in view["alliance_offers"] else -1
            case BreakAlliance():
                return -1
            case Discard(card_id):
                return -card(hand[card_id]).cost
        del me
        return 0

    def _aim(
        self, view: dict[str, Any], definition: CardDef, target: Any, permanents: dict[int, Any]
    ) -> float:
        me = view["you"]
        if target is None:
            return 0
        harmful = any(
            e["kind"] in HARMFUL or (e["kind"] == "counters" and e["counter"] == "-1/-1")
            for e in definition.effects
        )
        harmful |= definition.is_aura and definition.static.get("aura", {}).get("power", 0) < 0
        if isinstance(target, Player):
            return 5 if (target.index != me) else -200
        permanent = permanents[target]
        mine = permanent["controller"] == me
        if harmful == mine:
            return -200
        return (_as_seen(permanent).power or 0) + _as_seen(permanent).cost

    def _pitch_score(self, view: dict[str, Any], card_id: int) -> float:
        # Pitch only to afford the dearest card left in hand; pitch the cheapest card first.
        hand = dict(view["hand"])
        ep = view["players"][view["you"]]["ep"]
        others = [card(n).cost for i, n in hand.items() if i != card_id]
        if not others or max(others) <= ep:
            return -1
        return 10 - card(hand[card_id]).cost

    def _attack_score(
        self,
        view: dict[str, Any],
        attacker: dict[str, Any],
        target: Any,
        permanents: dict[int, Any],
    ) -> float:
        mine = _as_seen(attacker)
        # Only the attacked player's creatures can block this attacker (RR 10.3c).
        defender = target.index if isinstance(target, Player) else permanents[target]["controller"]
        blockers = [
            _as_seen(p)
            for p in view["battlefield"]
            if p["controller"] == defender and not p["tapped"] and _as_seen(p).has_type("Creature")
        ]
        power = mine.power or 0
        if not isinstance(target, Player):
            victim = _as_seen(permanents[target])
            kills = power >= (victim.defense or 0) - permanents[target]["damage"]
            return 8 + (victim.power or 0) if kills and not blockers else -1
        if power <= 0:
            return -1
        if all((b.power or 0) < (mine.defense or 0) for b in blockers):
            return 10 + power
        return 1 if self._rng.random() < 0.3 else -1

    def _block_score(
        self, view: dict[str, Any], blocker: dict[str, Any], attacker: dict[str, Any]
    ) -> float:
        mine, theirs = _as_seen(blocker), _as_seen(attacker)
        kills = (mine.power or 0) >= (theirs.defense or 0) - int(attacker["damage"])
        survives = (theirs.power or 0) < (mine.defense or 0) - int(blocker["damage"])
        library = view["players"][view["you"]]["library"]
        if survives:
            return 20 + kills
        if kills:
            return 10
        # Chump-block when pressure would cost more of a short library.
        return 5 if library <= (theirs.power or 0) * 3 else -1
