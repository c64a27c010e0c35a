"""A Stockpile Draft bot: acquires with a plan, seeing only its own view.

It keeps a colour pair (the colours of its lands, in play and acquired), acquires the
strongest cards on offer it can afford in those colours, preferring mana values its deck is
short of (a limited deck's curve), buys a basic land when its deck runs short of a colour or
of lands, and returns Junk before acquiring. It plays to the clock of SD 6.5: while it has
the most life it buys lands to run the landpile out, while it trails it leaves the last lands
alone; in the final round it acquires nothing (a card acquired then is never drawn), and as
the end nears it attacks the opponent with the most life rather than the one with the least.
Otherwise it plays like :class:`~rulekeeper.mtg.agents.HeuristicAgent`.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from rulekeeper.engine.game import Action
from rulekeeper.mtg.actions import Attack, Discard
from rulekeeper.mtg.agents import HeuristicAgent
from rulekeeper.mtg.cards import CardDef, card
from rulekeeper.mtg.decks import BASICS
from rulekeeper.mtg.formats.stockpile import JUNK, LAND_PRICE, MINIMUM_PRICE
from rulekeeper.mtg.formats.stockpile.actions import Acquire, AcquireLand, ReturnJunk

COLOUR_OF = {land: colour for colour, land in BASICS.items()}
LAND_SHARE = 0.4  # aim for about two lands in five cards, as a limited deck does
CURVE = {1: 2, 2: 4, 3: 4, 4: 3, 5: 2}  # spells wanted at each mana value; 1 above five


class StockpileAgent(HeuristicAgent):
    """Plays like the Magic heuristic agent, and builds its deck as it goes."""

    def _score(self, view: dict[str, Any], action: Action) -> float:
        match action:
            case Acquire(pile):
                if view["final_round"]:
                    return -1  # SD 6.5: a card acquired now would never be drawn
                offer = view["stockpiles"][pile - 1]["top"]
                return self._card_value(view, card(offer[1]))
            case AcquireLand(name):
                if view["final_round"]:
                    return -1
                return self._land_value(view, name) + self._clock_value(view)
            case ReturnJunk():
                # After casting spells (50 and up), before acquiring; not in the final round,
                # when the Junk would never be drawn again anyway.
                return -1 if view["final_round"] else 45
            case Discard(card_id):
                name = next(n for held, n in view["hand"] if held == card_id)
                return 100 if name == JUNK else -card(name).mana_cost.mana_value
            case Attack(creature_id, player) if player is not None:
                base = self._attack_score(view, creature_id)
                life: int = view["players"][player]["life"]
                if view["final_round"]:
                    # SD 6.5: the most life wins and nothing comes after this round, so a
                    # creature lost in combat costs nothing; hit the leader.
                    return 10 + life / 100
                if self._end_is_near(view):
                    return base + life / 100  # the most life wins; hit the leader
                return base - life / 100  # otherwise the opponent closest to losing
        return super()._score(view, action)

    def _end_is_near(self, view: dict[str, Any]) -> bool:
        """Whether the landpile is about to run out (SD 6.5): no more lands left than a
        round of acquisitions could take, or the final round."""
        standing = sum(p["life"] > 0 for p in view["players"])
        return bool(view["final_round"]) or sum(view["landpile"].values()) <= standing

    def _clock_value(self, view: dict[str, Any]) -> float:
        """How much running the landpile down is worth: a leader wants the game over, a
        player behind wants more time."""
        me = view["you"]
        life = {i: p["life"] for i, p in enumerate(view["players"]) if p["life"] > 0}
        others = [value for seat, value in life.items() if seat != me]
        if not self._end_is_near(view):
            return 0
        # Only a player strictly ahead hurries the end; a tie is no lead to keep.
        return 20 if life[me] > max(others, default=0) else -30

    def _my_cards(self, view: dict[str, Any]) -> list[str]:
        me = view["you"]
        mine = [name for _, name in view["hand"]]
        mine += [p["name"] for p in view["battlefield"] if p["controller"] == me]
        mine += view["players"][me]["graveyard"]
        return [name for name in mine if name != JUNK]

    def _colours(self, view: dict[str, Any]) -> set[str]:
        """The two colours its lands make most of."""
        lands = Counter(COLOUR_OF[n] for n in self._my_cards(view) if n in COLOUR_OF)
        return {c for c, _ in lands.most_common(2)}

    def _card_value(self, view: dict[str, Any], definition: CardDef) -> float:
        colours = self._colours(view)
        fits = set(definition.mana_cost.colored) <= colours
        power = (definition.power or 0) + (definition.toughness or 0) / 2
        burn = sum(e.amount for e in definition.effects if e.kind in ("damage", "lose"))
        removal = 4 * sum(e.kind == "destroy" for e in definition.effects)
        draw = 2 * sum(e.amount for e in definition.effects if e.kind == "draw")
        strength = power + burn + removal + draw
        value = definition.mana_cost.mana_value
        cost = max(MINIMUM_PRICE, value)
        held = sum(
            card(n).mana_cost.mana_value == value
            for n in self._my_cards(view)
            if n not in COLOUR_OF
        )
        on_curve = 3 if held < CURVE.get(value, 1) else 0
        return 10 + strength + (8 if fits else -6) + on_curve - cost / 2

    def _land_value(self, view: dict[str, Any], name: str) -> float:
        mine = self._my_cards(view)
        lands = sum(n in COLOUR_OF for n in mine)
        spells = len(mine) - lands
        wanted = Counter(c for n in mine if n not in COLOUR_OF for c in card(n).mana_cost.colored)
        sources = Counter(COLOUR_OF[n] for n in mine if n in COLOUR_OF)
        need = wanted[COLOUR_OF[name]] - 2 * sources[COLOUR_OF[name]]
        short_of_lands = lands < LAND_SHARE * (lands + spells)
        return 8 + LAND_PRICE + 3 * max(0, need) + (6 if short_of_lands else 0)
