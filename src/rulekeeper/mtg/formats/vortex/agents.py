"""A Vortex bot: picks sensibly from its pack, seeing only its own view."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import Any

from rulekeeper.engine.game import Action
from rulekeeper.mtg.agents import HeuristicAgent
from rulekeeper.mtg.cards import card
from rulekeeper.mtg.formats.vortex.actions import ExilePack, Pick, TakeBasic

LAND_SHARE = 0.4  # aim for about two lands in five cards, as a limited deck does
LAND_COLOURS = {"Plains": "W", "Island": "U", "Swamp": "B", "Mountain": "R", "Forest": "G"}


class VortexAgent(HeuristicAgent):
    """Plays like :class:`~rulekeeper.mtg.agents.HeuristicAgent`, and drafts: lands when short
    of them, otherwise the strongest card in the colours it already holds."""

    def choose(self, view: dict[str, Any], actions: Sequence[Action]) -> Action:
        """Return the action this agent prefers."""
        if actions and isinstance(actions[0], Pick | TakeBasic | ExilePack):
            return max(actions, key=lambda a: (self._draft_score(view, a), -actions.index(a)))
        return super().choose(view, actions)

    def _draft_score(self, view: dict[str, Any], action: Action) -> float:
        mine = [name for _, name in view["hand"]]
        mine += [p["name"] for p in view["battlefield"] if p["controller"] == view["you"]]
        lands = sum(card(n).has_type("Land") for n in mine)
        colours = Counter(c for n in mine for c in card(n).mana_cost.colored)
        main = {c for c, _ in colours.most_common(2)}
        match action:
            case Pick(card_id):
                definition = card(dict(view["pack"])[card_id])
                if definition.has_type("Land"):
                    wanted = lands < LAND_SHARE * (len(mine) + 1)
                    return 30 if wanted else 1 + (definition.produces in main)
                fits = set(definition.mana_cost.colored) <= main or len(main) < 2
                power = (definition.power or 0) + (definition.toughness or 0) / 2
                burn = sum(e.amount for e in definition.effects if e.kind == "damage")
                return 10 + 5 * fits + power + burn - definition.mana_cost.mana_value / 2
            case TakeBasic(name):
                return colours[LAND_COLOURS[name]]
            case ExilePack():
                return 1 if lands >= 3 else -1
        return 0
