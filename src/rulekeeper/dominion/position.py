"""Dominion positions in plain words (see :mod:`rulekeeper.engine.position`).

>>> from rulekeeper.dominion.position import from_position, position
>>> from rulekeeper.dominion.scenario import scenario
>>> game = scenario(hands={1: ["Smithy", "Copper", "Copper", "Copper", "Estate"]})
>>> for line in position(game).splitlines():
...     print(line[:60] + " ..." if line.startswith("Supply") else line)
Format: dominion
Seed: 1
Turn: 1
Active: Alice
Phase: buy
Actions: 1
Buys: 1
Coins: 5
Kingdom: Cellar, Market, Merchant, Militia, Mine, Moat, Remodel, Smithy, Village, Workshop
Supply: 46 Copper, 40 Silver, 30 Gold, 8 Estate, 8 Duchy, 8  ...
<BLANKLINE>
Alice: turns 1; deck Copper, 3 Estate, Copper; play 5 Copper
Bob: hand Smithy, 3 Copper, Estate; deck 3 Copper, Estate, Copper
>>> print(*position(game, viewer=0).splitlines()[-2:], sep="~")
Alice: turns 1; deck 5; play 5 Copper~Bob: hand 5; deck 5
>>> position(from_position(position(game))) == position(game)
True

The header says the format, the seed, the turn (turns taken by everyone so far), whose turn it
is, the phase with the Actions, Buys and coins left, the kingdom (and landscapes), the Supply
as ``46 Copper, ...`` (a pile not written is empty) and the trash. A position may leave the
``Supply`` line out: every pile is then at its starting size for that number of players (the
kingdom's, the base cards' and, in a Draft, each player's private piles), so that a position
written by hand is a few lines; the text the engine writes always has it. A player's fields are
``turns`` (the turns they have taken), the zones ``hand``, ``deck`` (from the top card down),
``discard``, ``play`` (in play) and ``aside``, and ``gained`` (what they gained on their
latest turn). A player's view is what :func:`~rulekeeper.dominion.views.sight` lets that
player see: it counts the decks and the other players' hands, gives each discard pile's size and
top card (``discard 7 with Gold on top``), and counts another player's set-aside cards while a
card keeps them private (DM R7).

A Dominion Draft position adds its variant (``Variant: private``) and the draft's state as
``State KEY:`` lines in JSON, one per entry (``State draft.stage: "pick"``). Its piles are those
the draft dealt from the seed, so it is built from its ``Seed`` and refused if its kingdom is
not that deal's. A player's view leaves the draft's state out, as it holds the randomizers the
other players hold.
"""

from __future__ import annotations

import json
from typing import Any

from rulekeeper.dominion import views
from rulekeeper.dominion.cards import CARDS
from rulekeeper.dominion.game import DominionGame
from rulekeeper.dominion.hooks import DominionVariant
from rulekeeper.dominion.scenario import scenario
from rulekeeper.dominion.variants import variant_type
from rulekeeper.dominion.zones import pile_zone
from rulekeeper.engine import position as kernel
from rulekeeper.engine.events import EventLog
from rulekeeper.engine.game import Game
from rulekeeper.engine.position import Card, PlayerLine, Position, PositionError, PositionForm, Zone
from rulekeeper.errors import InputError

BASE = ("Copper", "Silver", "Gold", "Estate", "Duchy", "Province", "Curse")
"""The base cards' piles, laid out in every game (DM 1.2)."""
PHASES = ("pregame", "action", "buy")
ZONES = ("hand", "deck", "discard", "play", "aside")
"""Each player's zones (:data:`~rulekeeper.dominion.zones.PLAYER_ZONES`) in the order written."""


def _cards(game: DominionGame, ids: list[int]) -> Zone:
    return Zone.of(Card(game.table.cards[i]) for i in ids)


def _names(line: str) -> list[str]:
    return [n.strip() for n in line.split(",") if n.strip()]


def _flat(state: dict[str, Any], prefix: str = "") -> list[tuple[str, Any]]:
    """A variant's state entry by entry, one level of nesting written ``draft.stage``."""
    entries: list[tuple[str, Any]] = []
    for key, value in sorted(state.items()):
        if isinstance(value, dict) and not prefix:
            entries += _flat(value, f"{key}.")
        else:
            entries.append((prefix + key, value))
    return entries


def _state(read: Position) -> dict[str, Any]:
    """The ``State`` lines of a position, nested again.

    :raises PositionError: if a value is not JSON.
    """
    state: dict[str, Any] = {}
    for key in read.header:
        if not key.startswith("State "):
            continue
        parsed = kernel.read_json(read, key)
        outer, dot, inner = key.removeprefix("State ").partition(".")
        if dot:
            state.setdefault(outer, {})[inner] = parsed
        else:
            state[outer] = parsed
    return state


def _dealt_game(read: Position, kingdom: list[str], rules: DominionVariant) -> DominionGame:
    """A game of a variant that deals its own kingdom (the Draft) dealt from the position's
    seed, whose piles must be the kingdom written."""
    try:
        game = DominionGame.new(
            (), seed=read.integer("Seed", 0), names=[s.name for s in read.seats], variant=rules
        )
    except InputError as error:
        raise PositionError(str(error), line=read.lines.get("Variant", 0)) from None
    dealt = [p for p in game.piles if p not in BASE]
    if sorted(dealt) != sorted(kingdom):
        raise PositionError(
            f"the seed deals the piles {', '.join(dealt)}, not those written",
            line=read.lines.get("Kingdom", 0),
        )
    return game


def position(game: DominionGame, viewer: int | None = None) -> str:
    """The text of ``game``'s position; for ``viewer``, what that player may see."""
    header = {
        "Format": game.format_key,
        "Seed": str(game.chance.seed),
        "Turn": str(game.turn),
        "Active": game.name_of(game.active),
        "Phase": game.phase,
        "Actions": str(game.actions),
        "Buys": str(game.buys),
        "Coins": str(game.coins),
        "Kingdom": ", ".join(p for p in game.piles if p not in BASE),
    }
    if game.landscapes:
        header["Landscapes"] = ", ".join(game.landscapes)
    header["Variant"] = game.variant.option
    if viewer is None:  # the draft's state holds what others drew: a view leaves it out
        for key, value in _flat(game.variant_state):
            header[f"State {key}"] = json.dumps(value)
    header["Supply"] = ", ".join(f"{len(game.pile(p))} {p}" for p in game.piles if game.pile(p))
    if game.table.zones["trash"]:
        header["Trash"] = _cards(game, game.table.zones["trash"]).text()
    header = {k: v for k, v in header.items() if v and (k, v) != ("Coins", "0")}
    seats = []
    for index, name in enumerate(seat.name for seat in game.table.players):
        fields: dict[str, int | Zone] = {"turns": game.turns_taken[index]}
        for kind in ZONES:
            ids = list(game.table.zones[f"{kind}:{index}"])
            if kind == "deck":
                ids.reverse()  # stored with the top card last, written from the top down
            if views.sight(game, kind, index, viewer) == views.CARDS:
                fields[kind] = _cards(game, ids)
            else:  # a count, with the top card where the viewer sees it (views.seen)
                shown = views.seen(game, kind, index, viewer)
                top = Card(game.table.cards[shown[-1]]) if shown else None
                fields[kind] = Zone.hidden(len(ids), top)
        fields["gained"] = Zone.of(Card(n) for n in game.gained[index])
        seats.append(PlayerLine(name, fields))
    return Position(header, seats).text()


def from_position(text: str) -> DominionGame:
    """Build the game a position's text describes, held to the checks of a saved game
    (:func:`~rulekeeper.engine.position.build`).

    :raises PositionError: with the line at fault, if the text does not describe a position
        or the game it describes could not be played on.
    """
    return kernel.build(text, _build)


def _build(read: Position) -> DominionGame:
    """Build the game a position's text describes: the scenario builder lays out the kingdom,
    then every zone is filled as written.

    :raises PositionError: with the line at fault, if the text does not describe a position.
    """
    known = variant_type(read.get("Format", ""))
    if known is None:
        raise PositionError("this is not a Dominion position", line=read.lines.get("Format", 0))
    try:
        rules = known.with_option(read.get("Variant", ""))
    except InputError as error:
        raise PositionError(str(error), line=read.lines.get("Variant", 0)) from None
    kingdom = _names(read.get("Kingdom"))
    landscapes = _names(read.get("Landscapes", ""))
    for key, names in (("Kingdom", kingdom), ("Landscapes", landscapes)):
        kernel.check_names(names, CARDS, line=read.lines.get(key, 0))
    trash = kernel.read_cards(read.get("Trash", ""), line=read.lines.get("Trash", 0))
    game: DominionGame
    if known.deals_kingdom:
        game = _dealt_game(read, kingdom, rules)
        game.landscapes = landscapes
    else:
        try:
            game = scenario(
                kingdom,
                players=len(read.seats),
                landscapes=landscapes,
                seed=read.integer("Seed", 0),
            )
        except InputError as error:
            raise PositionError(str(error), line=read.lines.get("Kingdom", 0)) from None
    supply = (
        kernel.read_cards(read.get("Supply"), line=read.lines["Supply"])
        if "Supply" in read.header
        else [Card(pile) for pile in game.piles for _ in game.pile(pile)]
    )
    for player, written in zip(game.table.players, read.seats, strict=True):
        player.name = written.name
    game.variant_state = game.variant.initial_state() | _state(read)
    game.log = EventLog()  # the log of a position starts with it
    game.table.cards.clear()
    for ids in game.table.zones.values():
        ids.clear()
    for card in supply:
        if card.name not in game.piles:
            kernel.check_names([card.name], CARDS, line=read.lines.get("Supply", 0))
            raise PositionError(
                f"the Supply has no {card.name} pile in this kingdom", line=read.lines["Supply"]
            )
        game.table.create(card.name, -1, pile_zone(card.name))
    kernel.check_names((c.name for c in trash), CARDS, line=read.lines.get("Trash", 0))
    for card in trash:
        game.table.create(card.name, -1, "trash")
    for index, seat in enumerate(read.seats):
        kernel.check_fields(seat, ("turns", *ZONES, "gained"))
        for kind in ZONES:
            cards = seat.cards(kind)
            kernel.check_names((c.name for c in cards), CARDS, line=seat.line)
            zone = f"{kind}:{index}"
            for card in cards:
                game.table.create(card.name, -1, zone)
            if kind == "deck":  # written from the top card down, kept with the top card last
                game.table.zones[zone].reverse()
        game.turns_taken[index] = seat.number("turns")
        game.gained[index] = [c.name for c in seat.cards("gained")]
    game.turn = read.integer("Turn", 1)
    game.active = read.seat_index(read.get("Active", read.seats[0].name), key="Active")
    game.phase = read.get("Phase", "action")
    if game.phase not in PHASES:
        raise PositionError(
            f"Phase must be one of {', '.join(PHASES)}, not {game.phase!r}",
            line=read.lines["Phase"],
        )
    game.actions = read.integer("Actions", 0)
    game.buys = read.integer("Buys", 0)
    game.coins = read.integer("Coins", 0)
    return game


def covers(game: Game) -> bool:
    """Whether the position form carries everything that decides how ``game`` plays on from
    here (chance aside): a player is drafting or in their Action or Buy phase with no effect
    half done, no Project bought and no card's bookkeeping for the turn."""
    assert isinstance(game, DominionGame)
    if game.outcome is not None or game.phase not in PHASES or game.steps or game.turn_flags:
        return False
    return not any(game.projects.values())


FORM = PositionForm(position, from_position, covers)
"""Dominion's position notation."""
