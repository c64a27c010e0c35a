"""Positions of the Magic formats in plain words (see :mod:`rulekeeper.engine.position`).

>>> from rulekeeper.mtg.position import from_position, position
>>> game = from_position('''Format: leveler
... Turn: 3
... Step: main1
... Active: Alice
...
... Alice: life 30; hand Lightning Bolt, Forest; battlefield Mountain (tapped)
... Bob: life 12; library 2 Forest''')
>>> print(position(game, viewer=1), end="")
Format: leveler
Seed: 0
Turn: 3
Step: main1
Active: Alice
<BLANKLINE>
Alice: life 30; hand 2; battlefield Mountain (tapped)
Bob: life 12; library 2

A player's fields are ``life``, ``damage`` (the damage they have taken, MG 1.4) and ``lands``
(lands played this turn), and the zones ``hand``, ``library`` (from the top card down),
``graveyard``, ``battlefield`` (the permanents they control), ``exile`` (the cards they own
there) and a format's zones outside the game by kind (Leveler's sub-decks ``outside_2`` and
``outside_3``). A permanent's marks are ``tapped``, ``new`` (it came this turn) and
``damage N``. Libraries and zones outside the game are counted in a player's view, as are the
other players' hands.
"""

from __future__ import annotations

from rulekeeper.engine import position as kernel
from rulekeeper.engine.game import Game
from rulekeeper.engine.position import Card, Position, PositionError, PositionForm, Seat, Zone
from rulekeeper.errors import InputError
from rulekeeper.mtg.cards import card_pool
from rulekeeper.mtg.game import MagicGame
from rulekeeper.mtg.scenario import Scenario
from rulekeeper.mtg.state import FORMAT_CARDS

COUNTERS = ("life", "damage", "lands")
ZONES = ("hand", "library", "graveyard", "battlefield", "exile")
MARKS = ("tapped", "new", "damage")


def _outside(game: MagicGame, player: int) -> dict[str, str]:
    """The player's zones outside the game, by field name (``outside_2``) and zone name."""
    prefix = f"outside:{player}:"
    return {
        f"outside_{zone.removeprefix(prefix)}": zone
        for zone in game.table.zones
        if zone.startswith(prefix)
    }


def _ids(game: MagicGame, kind: str, player: int) -> list[int]:
    if kind in ("battlefield", "exile"):
        whose = "controller" if kind == "battlefield" else "owner"
        return [i for i in game.table.zones[kind] if getattr(game.table.cards[i], whose) == player]
    ids = list(game.table.zones[f"{kind}:{player}"])
    return ids[::-1] if kind == "library" else ids  # a library is written from the top down


def _card(game: MagicGame, card_id: int) -> Card:
    state = game.table.cards[card_id]
    marks = ["tapped"] if state.tapped else []
    if game.table.where[card_id] == "battlefield" and state.arrived_turn == game.turn:
        marks.append("new")
    if state.damage:
        marks.append(f"damage {state.damage}")
    return Card(state.name, tuple(marks))


def position(game: MagicGame, viewer: int | None = None) -> str:
    """The text of ``game``'s position; for ``viewer``, what that player may see."""
    header = {
        "Format": game.format_key,
        "Seed": str(game.chance.seed),
        "Turn": str(game.turn),
        "Step": game.step,
        "Active": game.name_of(game.active),
    }
    if game.priority != game.active and game.decision == "priority":
        header["Priority"] = game.name_of(game.priority)
    seats = []
    for player in game.table.players:
        fields: dict[str, int | Zone] = {
            "life": player.life,
            "damage": player.damage_taken,
            "lands": player.lands_played,
        }
        zones = {kind: _ids(game, kind, player.index) for kind in ZONES}
        zones |= {k: list(game.table.zones[z]) for k, z in _outside(game, player.index).items()}
        for kind, ids in zones.items():
            hidden = viewer is not None and (
                kind == "library"
                or kind.startswith("outside_")
                or (kind == "hand" and player.index != viewer)
            )
            fields[kind] = Zone.hidden(len(ids)) if hidden else Zone.of(_card(game, i) for i in ids)
        seats.append(Seat(player.name, fields))
    return Position(header, seats).text()


def from_position(text: str) -> MagicGame:
    """Build the game a position's text describes, through the scenario builder.

    :raises PositionError: with the line at fault, if the text does not describe a position.
    """
    read = kernel.read(text)
    try:
        builder = Scenario(
            read.get("Format"), seed=read.integer("Seed", 0), names=[s.name for s in read.seats]
        )
    except InputError as error:
        raise PositionError(str(error), line=read.lines.get("Format", 0)) from None
    pool = card_pool() | FORMAT_CARDS  # a format's own cards too (Stockpile Draft's Junk)
    cards_of: list[dict[str, list[Card]]] = []
    for index, seat in enumerate(read.seats):
        outside = [k for k in seat.fields if k.startswith("outside_")]
        kernel.check_fields(seat, (*COUNTERS, *ZONES, *outside))
        zones = {kind: seat.cards(kind) for kind in (*ZONES, *outside)}
        for cards in zones.values():
            kernel.check_names((c.name for c in cards), pool, line=seat.line)
            for card in cards:
                kernel.check_marks(card, MARKS, line=seat.line)
        cards_of.append(zones)
        built = {k: [c.name for c in v] for k, v in zones.items() if k != "exile"}
        builder.player(
            index, life=seat.number("life", -1), damage_taken=seat.number("damage"), **built
        )
    turn = read.integer("Turn", 2)
    active = read.seat_index(read.get("Active", read.seats[0].name), key="Active")
    try:
        builder.at(read.get("Step", "main1"), active=active, turn=turn)
    except InputError as error:
        raise PositionError(str(error), line=read.lines.get("Step", 0)) from None
    game = builder.build()
    for index, seat in enumerate(read.seats):
        player = game.table.players[index]
        if "life" not in seat.fields:
            player.life = game.format.starting_life
        player.lands_played = seat.number("lands")
        for card in cards_of[index]["exile"]:
            game.table.create(card.name, index, "exile")
        for card_id, card in zip(
            _ids(game, "battlefield", index), cards_of[index]["battlefield"], strict=True
        ):
            state = game.table.cards[card_id]
            state.tapped = "tapped" in card.marks
            state.arrived_turn = turn if "new" in card.marks else 0
            state.damage = kernel.mark_number(card, "damage")
    if "Priority" in read.header:
        game.priority = read.seat_index(read.get("Priority"), key="Priority")
    return game


def covers(game: Game) -> bool:
    """Whether the position form carries everything that decides how ``game`` plays on from
    here (chance aside): a player has priority with nothing on the stack and no combat under
    way, every permanent is under its owner's control, and the format keeps no bookkeeping."""
    assert isinstance(game, MagicGame)
    if game.outcome is not None or game.decision != "priority" or game.passes:
        return False
    if game.table.zones["stack"] or game.table.zones.get("left") or game.judgement is not None:
        return False
    if game.format_state != game.format.initial_state():
        return False
    if any(p.drew_from_empty or p.lost or p.left for p in game.table.players):
        return False
    return all(
        not (c.attacking or c.blocked or c.deathtouched or c.blocking >= 0 or c.target is not None)
        and c.controller == c.owner
        for c in game.table.cards
        if game.table.where[c.id] == "battlefield"
    )


FORM = PositionForm(position, from_position, covers)  # type: ignore[arg-type]
"""The position notation of the Magic formats."""
