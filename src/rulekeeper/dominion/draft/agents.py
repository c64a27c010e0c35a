"""A heuristic agent for Dominion Draft: it drafts with some sense and plays Big Money with
the best "key card" its own Supply offers.

Drafting: it sets aside the randomizer it rates highest (strong attacks and draw first), moves
its left-hand neighbour's best randomizer to the centre so that it can buy it too, and discards
the landscape it rates lowest. Playing: it plays cards that give +Actions before the others;
with the coins its Treasures make, it buys Provinces with $8, Gold with $6 or $7, up to two
key cards (the best terminal it can afford, Witch first), a Laboratory or Market at
$5 once it has a key card, Silver with $3 or more, and Duchies and Estates as the Provinces run
out. It answers a card's questions by
trashing and discarding its worst cards and gaining its best; what Sentry looks at it trashes
if it is junk and keeps otherwise, the better card on top.

>>> from rulekeeper.dominion.draft.agents import DraftAgent
>>> from rulekeeper.dominion.draft.actions import SetAside
>>> DraftAgent().choose({}, [SetAside("Cellar"), SetAside("Witch"), SetAside("Village")])
SetAside(card='Witch')
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import Any, Final

from rulekeeper.dominion.actions import Buy, Choose, EndPhase, Play
from rulekeeper.dominion.cards import CARDS
from rulekeeper.dominion.draft.actions import DiscardLandscape, MoveToCentre, SetAside
from rulekeeper.dominion.effects import PLUS
from rulekeeper.engine.game import Action

# How much the agent wants each Kingdom card in its Supply, 0-10. Attacks that hand out Curses
# and strong draw come first; cards that need a careful engine to shine come last. Cards not
# listed are worth their cost.
DRAFT_VALUE: Final = {
    "Witch": 10,
    "Masquerade": 8,
    "Courtyard": 8,
    "Smithy": 8,
    "Laboratory": 8,
    "Council Room": 7,
    "Militia": 7,
    "Library": 7,
    "Jester": 6,
    "Market": 6,
    "Nobles": 6,
    "Festival": 5,
    "Moneylender": 5,
    "Swindler": 5,
    "Bureaucrat": 5,
    "Artisan": 5,
    "Moat": 4,
    "Village": 3,
    "Shanty Town": 3,
    "Chapel": 2,
    "Gardens": 1,
}

# Terminal cards worth a Big Money deck's one or two copies, best first.
KEY_CARDS: Final = (
    "Witch",
    "Courtyard",
    "Smithy",
    "Masquerade",
    "Council Room",
    "Library",
    "Militia",
    "Jester",
    "Moneylender",
    "Bureaucrat",
    "Moat",
)
KEY_COPIES: Final = 2  # a Big Money deck collides with a third terminal too often
CANTRIPS: Final = ("Laboratory", "Market")  # bought at $5 once the key cards are in

# What a card is worth in a Big Money deck, for gaining, trashing, discarding and passing.
BASE_WORTH: Final = {
    "Province": 90,
    "Gold": 60,
    "Duchy": 20,
    "Silver": 30,
    "Copper": 10,
    "Estate": 2,
    "Curse": -50,
}
LANDSCAPE_VALUE: Final = {"Populate": 3, "Way of the Ox": 2, "Delve": 2, "Fair": 2}


def draft_value(name: str) -> int:
    """How much the agent wants ``name`` among its Kingdom piles."""
    cost = CARDS[name].cost if name in CARDS else 0
    return DRAFT_VALUE.get(name, cost or 0)


def worth(name: str) -> int:
    """How much a copy of ``name`` helps the agent's deck."""
    if name in BASE_WORTH:
        return BASE_WORTH[name]
    if name in CARDS:
        return 25 + 3 * draft_value(name)
    return 0


class DraftAgent:
    """Drafts good randomizers, then plays Big Money with its best key card."""

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed
        self.bought: Counter[str] = Counter()

    def __repr__(self) -> str:
        return "DraftAgent()"

    def choose(self, view: dict[str, Any], actions: Sequence[Action]) -> Action:
        """Draft, answer a card's question, play or buy, as the module says."""
        first = actions[0]
        if isinstance(first, SetAside | MoveToCentre):
            return max(actions, key=lambda a: draft_value(getattr(a, "card", "")))
        if isinstance(first, DiscardLandscape):
            return min(actions, key=lambda a: LANDSCAPE_VALUE.get(getattr(a, "card", ""), 0))
        if isinstance(first, Choose):
            return self.answer(view, actions)
        if view["phase"] == "action":
            return self.play(actions)
        for name in self.wants(view):
            if Buy(name) in actions:
                self.bought[name] += 1
                return Buy(name)
        return EndPhase()

    # Playing.

    def play(self, actions: Sequence[Action]) -> Action:
        """Cards that give +Actions first (villages before cantrips), then the best terminal."""
        plays = [a for a in actions if isinstance(a, Play)]
        if not plays:
            return EndPhase()

        def rank(action: Play) -> tuple[int, int]:
            cards, extra, _, _ = PLUS.get(action.card, (0, 0, 0, 0))
            return (min(extra, 2), draft_value(action.card) + cards)

        return max(plays, key=rank)

    # Buying.

    def wants(self, view: dict[str, Any]) -> list[str]:
        """The cards it would buy now, best first."""
        coins: int = view["coins"]
        supply: dict[str, int] = view["supply"]
        provinces = supply.get("Province", 0)
        found = []
        if coins >= 8:
            found.append("Province")
        if coins >= 5 and provinces <= 4:
            found.append("Duchy")
        if coins >= 6:
            found.append("Gold")
        terminals = sum(self.bought[n] for n in KEY_CARDS)
        if terminals < KEY_COPIES:
            # The best key card it can afford now: a Smithy at $4 rather than no Witch at all.
            found += [n for n in KEY_CARDS if supply.get(n) and (CARDS[n].cost or 0) <= coins][:1]
        if coins >= 5 and terminals >= 1:
            found += [n for n in CANTRIPS if supply.get(n)]
        if coins >= 2 and provinces <= 2:
            found.append("Estate")
        if coins >= 3:
            found.append("Silver")
        return found

    # A card's questions.

    def answer(self, view: dict[str, Any], actions: Sequence[Action]) -> Action:
        """Trash, discard and pass the worst card; gain and keep the best; say yes to a
        reaction; otherwise take the first option."""
        choice = view.get("choice") or {}
        kind = choice.get("kind", "")
        options = [a for a in actions if isinstance(a, Choose)]
        cards = [a for a in options if a.option in CARDS]
        words = [a for a in options if a.option not in CARDS]
        if kind == "react":
            return next((a for a in options if a.option == "yes"), options[0])
        if kind == "sentry":
            return self.sentry(options)
        if not cards:
            return options[0]
        worst = min(cards, key=lambda a: worth(a.option))
        best = max(cards, key=lambda a: worth(a.option))
        if kind in ("trash", "discard", "pass"):
            junk = worth(worst.option) <= BASE_WORTH["Estate"]
            if junk or not words or kind == "pass":
                return worst
            return words[0]  # "done": nothing worth losing
        return best

    def sentry(self, options: list[Choose]) -> Choose:
        """Trash what Sentry looks at if it is junk, else keep it; the better card on top."""
        first = options[0].option
        if first.startswith("trash "):
            junk = worth(first.removeprefix("trash ")) <= BASE_WORTH["Estate"]
            return options[0] if junk else options[-1]  # trash, or keep
        return max(options, key=lambda a: worth(a.option.split(" on top of ")[0]))
