"""The position notation of the registered formats: write a game's position, build one.

Each format's words live beside its move notation (:mod:`rulekeeper.riskres.position`,
:mod:`rulekeeper.mtg.position` for Leveler, Vortex and Stockpile Draft,
:mod:`rulekeeper.dominion.position`); the shape of the
text and its reading are the kernel's (:mod:`rulekeeper.engine.position`).

>>> from rulekeeper.games import FORMATS
>>> from rulekeeper.position import from_position, position
>>> game = FORMATS["leveler"].new_game(seed=3, players=2)
>>> position(from_position(position(game))) == position(game)
True
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from importlib import import_module

from rulekeeper.engine.game import Game
from rulekeeper.engine.position import PositionError, PositionForm
from rulekeeper.engine.position import read as read_position
from rulekeeper.errors import InputError
from rulekeeper.games import FORMATS
from rulekeeper.ondemand import OnDemand


def _form(module: str) -> Callable[[], PositionForm]:
    """The notation ``FORM`` of ``module``, imported when first asked for."""

    def make() -> PositionForm:
        found = import_module(module).FORM
        assert isinstance(found, PositionForm)
        return found

    return make


FORMS: Mapping[str, PositionForm] = OnDemand(
    {
        "rr": _form("rulekeeper.riskres.position"),
        "dominion": _form("rulekeeper.dominion.position"),
        "dominion-draft": _form("rulekeeper.dominion.position"),
        "leveler": _form("rulekeeper.mtg.position"),
        "vortex": _form("rulekeeper.mtg.position"),
        "stockpile": _form("rulekeeper.mtg.position"),
    }
)
"""The formats that have a position notation, by key."""


def form(key: str) -> PositionForm:
    """The position notation of format ``key``.

    :raises PositionError: if the format has none yet.
    """
    try:
        return FORMS[key]
    except KeyError:
        known = ", ".join(sorted(FORMS))
        raise PositionError(
            f"no position notation for {key!r}; formats with one: {known}"
        ) from None


def position(game: Game, viewer: int | None = None) -> str:
    """The text of ``game``'s position; for player ``viewer``, what that player may see."""
    return str(form(game.format_key).write(game, viewer))


def from_position(text: str) -> Game:
    """Build the game the position ``text`` describes (its ``Format`` line says which format).

    :raises PositionError: with the line at fault, if the text describes no position or
        seats a number of players its format is not played by.
    """
    read = read_position(text)
    key = read.get("Format")
    building = form(key)
    try:  # the registry's count check, as for a new game
        FORMATS[key].check_players(len(read.seats))
    except InputError as error:
        raise PositionError(str(error), line=read.seats[-1].line) from None
    return building.build(text)
