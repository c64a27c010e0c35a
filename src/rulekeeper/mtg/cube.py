"""Cubes: the sets of cards a Stockpile Draft game is cut from, checked and loaded.

A cube list is a decklist (:mod:`rulekeeper.decklist`) of a single deck: one card a line,
either as the card's name alone (the plain text cube sites export) or as ``1 Card Name``, the
two forms mixed as they come, with blank lines and ``#`` comments allowed
(:func:`parse_cube_list`). :func:`check_cube` reports every way a list falls short of a cube
the engine can play, each problem citing its rule, whichever form its lines take:

- at least 150 different cards, enough for six stockpiles of 25 (SD 1.3);
- each card once, and no sideboard: a cube is a set of cards (SD 1.3);
- every card a real Magic card, with a "did you mean" from the card index (SD 1.3);
- every card one the compact Magic model plays (MG 6.6).

:func:`load_cube` turns a list without problems into a :class:`Cube` of card definitions, and
:func:`default_cube` loads the project's own cube, ``data/cube.txt``.

>>> from rulekeeper.mtg.cube import check_cube, default_cube, parse_cube_list
>>> cube = parse_cube_list('''
... 1 Lightning Bolt
... Lightning Blot
... 1 Black Lotus
... lightning bolt
... ''', source="cube.txt")
>>> for problem in check_cube(cube):
...     print(problem)
the cube holds 3 different cards; a Stockpile Draft cube needs at least 150 (SD 1.3)
line 3: 'Lightning Blot' is not a Magic card; did you mean 'Lightning Bolt'? (SD 1.3)
line 4: the engine cannot play 'Black Lotus': it is not in the card pool (MG 6.6)
line 5: 'Lightning Bolt' is already in the cube (line 2); a cube holds each card once (SD 1.3)
>>> len(default_cube()), default_cube().cards[0].name
(160, "Chaplain's Blessing")
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import Final

from rulekeeper.decklist import Decklist, Problem, decode_decklist, parse_decklist, read_decklist
from rulekeeper.errors import InputError
from rulekeeper.mtg.carddb import CardIndex, CardRecord, card_index, name_key
from rulekeeper.mtg.cards import CardDef, card_pool
from rulekeeper.mtg.formats.stockpile import CUBE_MINIMUM
from rulekeeper.mtg.hints import NameHints, quote

CUBE_RULE: Final = "SD 1.3"
"""The Stockpile Draft rule that says what a cube is: at least 150 Magic cards."""

DEFAULT_CUBE: Final = "rulekeeper/mtg/data/cube.txt"
"""Where the project's own cube is, as error messages name it."""


@dataclass(frozen=True)
class Cube:
    """A checked cube: its cards' definitions, each once, in the order the list gives them."""

    source: str
    cards: tuple[CardDef, ...]

    def __len__(self) -> int:
        return len(self.cards)

    def __repr__(self) -> str:
        return f"<Cube source={self.source!r} cards={len(self.cards)}>"

    @property
    def names(self) -> tuple[str, ...]:
        """The cards' names, in the list's order."""
        return tuple(definition.name for definition in self.cards)


def check_cube(
    cube: Decklist, cards: CardIndex | None = None, *, minimum: int = CUBE_MINIMUM
) -> list[Problem]:
    """Return every problem with the cube list ``cube``; none means the engine can play it.

    The size comes first, then each line's problems in line order. ``cards`` is the card index
    to look names up in (the shipped one by default).
    """
    index = card_index() if cards is None else cards
    by_line = [
        *check_no_sideboard(cube),
        *check_real_cards(cube, index),
        *check_playable(cube, index),
        *check_each_card_once(cube, index),
    ]
    return [
        *check_size(cube, index, minimum),
        *sorted(by_line, key=lambda problem: (problem.line, problem.rule)),
    ]


def check_size(cube: Decklist, cards: CardIndex, minimum: int = CUBE_MINIMUM) -> list[Problem]:
    """A cube holds at least ``minimum`` different cards (SD 1.3): different, since copies of
    one card would fill six stockpiles with fewer cards than the format asks for.

    :enforces: SD 1.3
    """
    different = {_identity(entry.name, cards) for entry in cube.entries()}
    if len(different) >= minimum:
        return []
    message = (
        f"the cube holds {len(different)} different cards; "
        f"a Stockpile Draft cube needs at least {minimum}"
    )
    return [Problem(CUBE_RULE, message)]


def check_no_sideboard(cube: Decklist) -> list[Problem]:
    """A cube is one set of cards (SD 1.3): it has no sideboard.

    :enforces: SD 1.3
    """
    if cube.sideboard is None:
        return []
    return [Problem(CUBE_RULE, "a cube has no sideboard", cube.sideboard.line)]


def check_real_cards(cube: Decklist, cards: CardIndex) -> list[Problem]:
    """Every card of a cube is a real Magic card (SD 1.3), found in the card index; the first
    :data:`~rulekeeper.mtg.hints.SUGGESTED_NAMES` distinct unknown names get the closest real
    name, as ``deck check`` gives it.

    :enforces: SD 1.3
    """
    problems = []
    hints = NameHints(cards)
    for entry in cube.entries():
        if entry.name in cards:
            continue
        message = f"{quote(entry.name)} is not a Magic card{hints.hint(entry.name)}"
        problems.append(Problem(CUBE_RULE, message, entry.line))
    return problems


def check_playable(cube: Decklist, cards: CardIndex) -> list[Problem]:
    """Every card of a cube is one the compact Magic model plays (MG 6.6). A name the card
    index does not know is left to :func:`check_real_cards`.

    :enforces: MG 6.6
    """
    pool = card_pool()
    problems = []
    for entry in cube.entries():
        record = cards.get(entry.name)
        if record is None or record.display_name in pool:
            continue
        message = f"the engine cannot play {quote(record.display_name)}: it is not in the card pool"
        problems.append(Problem("MG 6.6", message, entry.line))
    return problems


def check_each_card_once(cube: Decklist, cards: CardIndex) -> list[Problem]:
    """A cube holds each card once (SD 1.3 calls it a set of cards): a second copy, on a line of
    its own or as a count above one, is a problem. Spellings of one card count as one card.

    :enforces: SD 1.3
    """
    first: dict[str, int] = {}
    problems = []
    for entry in cube.entries():
        identity = _identity(entry.name, cards)
        shown = _shown(entry.name, cards)
        if identity in first:
            message = (
                f"{quote(shown)} is already in the cube (line {first[identity]}); "
                "a cube holds each card once"
            )
            problems.append(Problem(CUBE_RULE, message, entry.line))
        elif entry.quantity > 1:
            message = f"{entry.quantity} copies of {quote(shown)}; a cube holds each card once"
            problems.append(Problem(CUBE_RULE, message, entry.line))
        first.setdefault(identity, entry.line)
    return problems


def parse_cube_list(text: str, *, source: str) -> Decklist:
    """Parse the text of a cube list: one deck, whose lines may give a card's name alone.

    :raises InputError: if the text is not a list (see
        :func:`~rulekeeper.decklist.parse_decklist`).
    """
    return parse_decklist(text, source=source, sub_decks=1, names_alone=True)


def load_cube(cube: Decklist, cards: CardIndex | None = None) -> Cube:
    """Check the cube list ``cube`` and return its cards' definitions.

    :raises InputError: if the list has any problem (:func:`check_cube`); the message names
        the first, and how many more there are.
    """
    index = card_index() if cards is None else cards
    problems = check_cube(cube, index)
    if problems:
        more = f" (and {len(problems) - 1} more problems)" if len(problems) > 1 else ""
        raise InputError(f"not a usable cube: {problems[0]}{more}", source=cube.source)
    pool = card_pool()
    return Cube(cube.source, tuple(pool[_shown(e.name, index)] for e in cube.entries()))


def read_cube(path: str) -> Cube:
    """Read, check and load the cube list in the file at ``path``.

    :raises InputError: if the file cannot be read as a decklist or the cube has a problem.
    """
    return load_cube(read_decklist(path, sub_decks=1, names_alone=True))


@cache
def default_cube() -> Cube:
    """The project's own cube, ``data/cube.txt``: 160 different cards over the five colours,
    artifacts and two-colour cards, every one of them in the card pool.

    :raises InputError: if the data file is not a usable cube.
    """
    raw = (resources.files("rulekeeper.mtg") / "data" / "cube.txt").read_bytes()
    text = decode_decklist(raw, source=DEFAULT_CUBE)
    return load_cube(parse_cube_list(text, source=DEFAULT_CUBE), pool_index())


@cache
def pool_index() -> CardIndex:
    """The card pool as a card index, to check a cube that should hold only pool cards.

    Every pool card is a real card (the pool's facts are the full index's), so a cube checked
    against this index passes or fails as against the full one, apart from the "did you mean"
    hints; it spares a game cut from the default cube the loading of 34,000 cards.
    """
    return CardIndex(
        [
            CardRecord(d.name, d.supertypes, d.types, d.subtypes, d.cost)
            for d in card_pool().values()
        ],
        source="rulekeeper/mtg/data/pool.json",
    )


def _identity(name: str, cards: CardIndex) -> str:
    """What makes two lines the same card: the index's name, or the folded spelling."""
    record = cards.get(name)
    return record.name if record is not None else name_key(name)


def _shown(name: str, cards: CardIndex) -> str:
    record = cards.get(name)
    return record.display_name if record is not None else name
