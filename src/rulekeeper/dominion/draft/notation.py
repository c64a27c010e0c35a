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

from rulekeeper.dominion.draft.actions import DiscardLandscape, MoveToCentre, SetAside
from rulekeeper.dominion.game import DominionGame
from rulekeeper.dominion.notation import DominionVocabulary
from rulekeeper.engine.game import Action, PlayerId


class DraftVocabulary(DominionVocabulary):
    """Dominion's words, and the draft's (DD 2.1, DD 2.4, DD 5.2)."""

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
