"""The notation of every registered format: write a move, read one, play one.

Each format's vocabulary is found from the game's entry in :data:`rulekeeper.games.FORMATS`;
the writing and reading themselves are the kernel's (:mod:`rulekeeper.engine.notation`). A move
prints the events it caused, up to the next decision:

>>> from rulekeeper.games import FORMATS
>>> from rulekeeper.notation import describe, push
>>> game = FORMATS["dominion"].new_game(seed=1, players=2, kingdom="first-game")
>>> push(game, "buy vill")
turn 1: Player 2 buys Village (DM 2.3)
turn 1: Player 2 gains Village (DM 4.3)
turn 2: Player 1 begins their turn (DM 2.1)
turn 2: Player 1 plays Copper, Copper, Copper, Copper, Copper ($5) (DM 3.2)
>>> describe(game, game.legal_actions()[-1])
'Player 1 ends the Buy phase'
"""

from __future__ import annotations

from rulekeeper.engine import notation as kernel
from rulekeeper.engine.game import Action, Game
from rulekeeper.engine.notation import Notation, Played, Vocabulary
from rulekeeper.games import FORMATS


def vocabulary(game: Game) -> Vocabulary:
    """The vocabulary of ``game``'s format, as its entry in :data:`~rulekeeper.games.FORMATS`
    declares it."""
    return FORMATS[game.format_key].vocabulary


def notation(game: Game) -> Notation:
    """The notation of ``game`` as it stands now."""
    return Notation(game, vocabulary(game))


def describe(game: Game, action: Action) -> str:
    """The canonical text of ``action`` in ``game`` now."""
    return notation(game).text(action)


def parse(game: Game, text: str) -> Action:
    """The legal action ``text`` names in ``game`` now.

    :raises ~rulekeeper.engine.notation.MoveError: if it names no single legal action.
    :raises ~rulekeeper.engine.notation.IllegalMoveError: if it names one that breaks a rule.
    """
    return notation(game).parse(text)


def push(game: Game, text: str) -> Played:
    """Apply the move ``text`` names and return the events it caused, printed as the log.

    :raises ~rulekeeper.engine.notation.MoveError: if it names no single legal action.
    :raises ~rulekeeper.engine.notation.IllegalMoveError: if it names one that breaks a rule.
    """
    return kernel.push(game, vocabulary(game), text)


def round_trip_problems(game: Game) -> list[str]:
    """What breaks the notation's round trip in ``game`` now (see
    :func:`rulekeeper.engine.notation.round_trip_problems`)."""
    return kernel.round_trip_problems(game, vocabulary(game))
