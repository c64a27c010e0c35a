"""Dominion Draft's words for its actions: the draft's, then Dominion's (see
:mod:`rulekeeper.engine.notation`).

>>> from rulekeeper.dominion.draft.notation import VOCABULARY
>>> from rulekeeper.dominion.draft.scenario import new_draft_game
>>> from rulekeeper.engine.notation import Notation
>>> game = new_draft_game(seed=1, players=3)
>>> Notation(game, VOCABULARY).moves()[0].text
'Player 1 sets aside Witch'
"""

from __future__ import annotations

from collections.abc import Iterable

from rulekeeper.dominion.cards import CARDS
from rulekeeper.dominion.draft.actions import DiscardLandscape, MoveToCentre, SetAside
from rulekeeper.dominion.game import DominionGame
from rulekeeper.dominion.notation import DominionVocabulary
from rulekeeper.engine.game import Action, Game, PlayerId
from rulekeeper.engine.notation import Named


class DraftVocabulary(DominionVocabulary):
    """Dominion's words, and the draft's (DD 2.1, DD 2.4, DD 5.2)."""

    def refusable(self, game: Game, named: Named) -> Iterable[Action]:
        """Dominion's, and before play setting aside, moving to the centre or discarding any
        card: one not in the pile the player holds, not their neighbour's or not in the
        landscape pile is refused with its rule (DD 2.1, DD 2.4, DD 5.2)."""
        yield from super().refusable(game, named)
        assert isinstance(game, DominionGame)
        if game.phase != "pregame":
            return
        for name in CARDS:
            yield SetAside(name)
            yield MoveToCentre(name)
            yield DiscardLandscape(name)

    def _more(self, game: DominionGame, player: PlayerId, action: Action) -> tuple[PlayerId, str]:
        match action:
            case SetAside(name):
                return player, f"sets aside {name}"
            case MoveToCentre(name):
                return player, f"moves {name} to the centre"
            case DiscardLandscape(name):
                return player, f"discards the landscape {name}"
        raise KeyError(action)


VOCABULARY = DraftVocabulary()
"""Dominion Draft's vocabulary."""
