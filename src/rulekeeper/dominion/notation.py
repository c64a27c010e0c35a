"""Dominion's words for its actions, the Draft's included (see
:mod:`rulekeeper.engine.notation`).

>>> from rulekeeper.dominion.game import DominionGame
>>> from rulekeeper.dominion import KINGDOMS
>>> from rulekeeper.dominion.notation import VOCABULARY
>>> from rulekeeper.engine.notation import Notation
>>> game = DominionGame.new(KINGDOMS["first-game"][0], seed=1, players=2)
>>> Notation(game, VOCABULARY).parse("buy vill")
Buy(card='Village')
"""

from __future__ import annotations

from collections.abc import Iterable

from rulekeeper.dominion.actions import Buy, Choose, EndPhase, Play, PlayWay
from rulekeeper.dominion.cards import CARDS
from rulekeeper.dominion.game import DominionGame
from rulekeeper.engine.game import Action, Game, PlayerId
from rulekeeper.engine.notation import CardNamer, Named


class DominionVocabulary:
    """The words of every Dominion action. Dominion's actions name cards rather than number
    them (two Coppers are one choice), so no card ever needs its ``#ID``."""

    def card_name(self, game: Game, card: int) -> str:
        """A card's name (the actions carry names already; this serves the kernel's form)."""
        assert isinstance(game, DominionGame)
        return game.table.cards[card]

    def refusable(self, game: Game, named: Named) -> Iterable[Action]:
        """Buying any card or landscape the model knows, and playing any card in hand: a card
        with no pile in the game, or a landscape not in use, is refused with its rule (DM 1.5,
        DM 5.1) rather than read as no move at all. No Dominion action has a target, so what
        the text names does not matter."""
        assert isinstance(game, DominionGame)
        player = game.current_player()
        yield from (Buy(name) for name in dict.fromkeys((*game.piles, *game.landscapes, *CARDS)))
        yield from (Play(name) for name in dict.fromkeys(game.hand(player)))

    def words(self, game: Game, action: Action, card: CardNamer) -> tuple[PlayerId, str]:
        """Who takes ``action`` and what they do.

        :raises KeyError: if ``action`` is not a Dominion action.
        """
        assert isinstance(game, DominionGame)
        player = game.current_player()
        match action:
            case Play(name):
                return player, f"plays {name}"
            case PlayWay(name, way):
                return player, f"plays {name} using {way}"
            case Buy(name):
                return player, f"buys {name}"
            case EndPhase():
                return player, f"ends the {game.phase.capitalize()} phase"
            case Choose(option):
                return player, f"chooses {option}"
        return self._more(game, player, action)

    def _more(self, game: DominionGame, player: PlayerId, action: Action) -> tuple[PlayerId, str]:
        """The words of a variant's actions; the plain game has none."""
        raise KeyError(action)


VOCABULARY = DominionVocabulary()
"""Dominion's vocabulary."""
