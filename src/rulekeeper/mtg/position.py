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

What a format adds is written in the header: a decision other than priority (``Decision:
pick`` and ``Deciding: Bob``, in a Vortex draft), the format's bookkeeping as ``State KEY:``
lines in JSON (``State opening: [0, 1]``), and the zones no player's line holds as ``Zone NAME:``
lines (``Zone shoe: ...``, ``Zone stockpile 1: ...``, with ``:`` in a zone's name written as a
space), each card nobody owns unless marked ``of NAME``. A player's view counts those zones.
It also writes what is on the stack, bottom first, each spell with its controller and target
(``Stack: Lightning Bolt (Alice, targeting Grizzly Bears)``), and the attackers declared, each
with the player it attacks, then the blockers in the order they were declared (``Combat:
Hill Giant attacks Bob; Gray Ogre blocks Hill Giant``). Both build back: a spell is made on
the stack, owned by its controller, and a target or an attacker or blocker named is the first
card of that name that fits.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import get_type_hints

from typing_extensions import is_typeddict

from rulekeeper.engine import position as kernel
from rulekeeper.engine.game import Game
from rulekeeper.engine.position import Card, PlayerLine, Position, PositionError, PositionForm, Zone
from rulekeeper.errors import InputError, SerializationError
from rulekeeper.mtg import combat
from rulekeeper.mtg.actions import Player
from rulekeeper.mtg.cards import card_pool
from rulekeeper.mtg.game import MagicGame
from rulekeeper.mtg.scenario import Scenario
from rulekeeper.mtg.state import FORMAT_CARDS, UNOWNED
from rulekeeper.mtg.views import CARDS, TOP, sight

COUNTERS = ("life", "damage", "lands")
ZONES = ("hand", "library", "graveyard", "battlefield", "exile")
MARKS = ("tapped", "new", "damage", "unowned")
SHARED = frozenset({"battlefield", "exile", "stack", "left"})
"""Zones every game has that hold several players' cards: written on the players' lines or
not at all (a position has nothing on the stack and nobody who left)."""


def _field(zone: str, player: int) -> str:
    """The field of ``player``'s line for one of their zones (``outside:0:2`` is
    ``outside_2``, ``pack:0`` is ``pack``), or ``""`` if it is not theirs."""
    kind, _, rest = zone.partition(":")
    seat, _, sub = rest.partition(":")
    if seat != str(player) or not rest:
        return ""
    return f"{kind}_{sub}" if sub else kind


def _own_zones(game: MagicGame, player: int) -> dict[str, str]:
    """The player's zones beyond the usual ones whose cards they own, by field and zone."""
    found = {}
    for zone, ids in game.table.zones.items():
        field = _field(zone, player)
        if field and field not in ZONES and all(game.table.cards[i].owner == player for i in ids):
            found[field] = zone
    return found


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


def _shared_card(game: MagicGame, card_id: int) -> Card:
    owner = game.table.cards[card_id].owner
    marks = () if owner == UNOWNED else (f"of {game.name_of(owner)}",)
    return Card(game.table.cards[card_id].name, marks)


def _stack_card(game: MagicGame, card_id: int) -> Card:
    state = game.table.cards[card_id]
    marks = [game.name_of(state.controller)]
    if state.target is not None:
        aim = state.target
        aimed = game.name_of(aim.index) if isinstance(aim, Player) else game.table.cards[aim].name
        marks.append(f"targeting {aimed}")
    return Card(state.name, tuple(marks))


def _combat(game: MagicGame) -> str:
    """The attackers, each with the player it attacks, then each attacker's blockers in the
    order they were declared."""
    attackers = [
        game.table.cards[i]
        for i in game.table.zones["battlefield"]
        if game.table.cards[i].attacking
    ]
    parts = []
    for state in attackers:
        aim = state.target
        parts.append(
            f"{state.name} attacks {game.name_of(aim.index)}"
            if isinstance(aim, Player)
            else f"{state.name} attacks"
        )
    blockers = sorted(
        (game.table.cards[i] for i in game.table.zones["battlefield"]),
        key=lambda c: (c.blocking, c.blocking_order),
    )
    for state in blockers:
        if state.blocking >= 0:
            parts.append(f"{state.name} blocks {game.table.cards[state.blocking].name}")
    return "; ".join(parts)


def _build_combat(game: MagicGame, read: Position) -> None:
    """The ``Combat`` line's attackers (each attacking the player named) and blockers (in the
    order declared, each blocking the first attacker of that name).

    :raises PositionError: on a part that is neither ``X attacks PLAYER`` nor ``X blocks Y``,
        or that names no creature of the right side.
    """
    line = read.lines["Combat"]
    names = [s.name for s in read.seats]
    attacking: list[int] = []
    for part in (p.strip() for p in read.get("Combat").split(";")):
        if not part:
            continue
        attacker, verb, aim = part.partition(" attacks ")
        blocker, blocks, blocked = part.partition(" blocks ")
        if verb and aim in names:
            found = [
                c.id
                for c in game.table.creatures(game.active)
                if c.name == attacker and not c.attacking
            ]
            if not found:
                raise PositionError(
                    f"{attacker} attacks, but {game.name_of(game.active)} controls no other "
                    "creature of that name",
                    line=line,
                )
            state = game.table.cards[found[0]]
            state.attacking, state.target = True, Player(names.index(aim))
            attacking.append(state.id)
        elif blocks:
            target = next((a for a in attacking if game.table.cards[a].name == blocked), None)
            found = [
                c.id
                for c in game.table.creatures()
                if c.name == blocker and c.controller != game.active and c.blocking < 0
            ]
            if target is None or not found:
                raise PositionError(
                    f"{part!r}: the blocker must be a defending creature and the attacker one "
                    "written as attacking before it",
                    line=line,
                )
            order = 1 + max(
                (c.blocking_order for c in game.table.creatures() if c.blocking == target),
                default=0,
            )
            state = game.table.cards[found[0]]
            state.blocking, state.blocking_order = target, order
            game.table.cards[target].blocked = True
        else:
            raise PositionError(
                f"expected 'CREATURE attacks PLAYER' or 'CREATURE blocks CREATURE', not {part!r}",
                line=line,
            )


def _build_stack(game: MagicGame, read: Position, pool: Mapping[str, object]) -> None:
    """The ``Stack`` line's spells, bottom first, each owned and controlled by the player
    written first in its brackets and aimed at the player or card named after ``targeting``
    (the first card of that name on the battlefield, then on the stack).

    :raises PositionError: on a spell without its controller, or a target that is not there.
    """
    line = read.lines["Stack"]
    names = [s.name for s in read.seats]
    for item in kernel.read_cards(read.get("Stack"), line=line):
        kernel.check_names([item.name], pool, line=line)
        aims = [m.removeprefix("targeting ") for m in item.marks[1:] if m.startswith("targeting ")]
        if not item.marks or item.marks[0] not in names or len(aims) != len(item.marks) - 1:
            raise PositionError(
                f"{item.text()}: a spell on the stack is written 'NAME (CONTROLLER)' or "
                "'NAME (CONTROLLER, targeting X)'",
                line=line,
            )
        card_id = game.table.create(item.name, names.index(item.marks[0]), "stack")
        if not aims:
            continue
        if aims[0] in names:
            game.table.cards[card_id].target = Player(names.index(aims[0]))
            continue
        aimed = [
            c
            for zone in ("battlefield", "stack")
            for c in (game.table.cards[i] for i in game.table.zones[zone])
            if c.name == aims[0] and c.id != card_id
        ]
        if not aimed:
            raise PositionError(
                f"{item.name} targets {aims[0]!r}, which is neither a player nor a card on the "
                "battlefield or the stack",
                line=line,
            )
        game.table.cards[card_id].target = aimed[0].id


def _shared(game: MagicGame) -> dict[str, list[int]]:
    """The non-empty zones no player's line holds, by zone name."""
    held = {z for p in range(len(game.table.players)) for z in _own_zones(game, p).values()}
    held |= {f"{kind}:{p}" for kind in ZONES for p in range(len(game.table.players))}
    return {
        zone: list(ids)
        for zone, ids in game.table.zones.items()
        if ids and zone not in held and zone not in SHARED
    }


def position(game: MagicGame, viewer: int | None = None) -> str:
    """The text of ``game``'s position; for ``viewer``, what that player may see."""
    header = {
        "Format": game.format_key,
        "Seed": str(game.chance.seed),
        "Turn": str(game.turn),
        "Step": game.step,
        "Active": game.name_of(game.active),
    }
    if game.decision != "priority":
        header["Decision"] = game.decision
        header["Deciding"] = game.name_of(game.priority)
    elif game.priority != game.active:
        header["Priority"] = game.name_of(game.priority)
    if game.table.zones["stack"]:
        header["Stack"] = ", ".join(_stack_card(game, i).text() for i in game.table.zones["stack"])
    combat = _combat(game)
    if combat:
        header["Combat"] = combat
    for key, value in sorted(game.variant.save_state().items()):
        header[f"State {key}"] = json.dumps(value)
    for zone, ids in sorted(_shared(game).items()):
        seen = sight(game, zone.partition(":")[0], None, viewer)
        cards = (
            Zone.of(_shared_card(game, i) for i in ids)
            if seen == CARDS
            # The top card is the last: a zone's cards are written from the bottom up.
            else Zone.hidden(len(ids), _shared_card(game, ids[-1]) if seen == TOP else None)
        )
        header[f"Zone {zone.replace(':', ' ')}"] = cards.text()
    seats = []
    for player in game.table.players:
        fields: dict[str, int | Zone] = {
            "life": player.life,
            "damage": player.damage_taken,
            "lands": player.lands_played,
        }
        zones = {kind: _ids(game, kind, player.index) for kind in ZONES}
        zones |= {k: list(game.table.zones[z]) for k, z in _own_zones(game, player.index).items()}
        for kind, ids in zones.items():
            hidden = sight(game, kind, player.index, viewer) != CARDS
            fields[kind] = Zone.hidden(len(ids)) if hidden else Zone.of(_card(game, i) for i in ids)
        seats.append(PlayerLine(player.name, fields))
    return Position(header, seats).text()


def from_position(text: str) -> MagicGame:
    """Build the game a position's text describes, held to the checks of a saved game
    (:func:`~rulekeeper.engine.position.build`).

    :raises PositionError: with the line at fault, if the text does not describe a position
        or the game it describes could not be played on.
    """
    return kernel.build(text, _build)


def _build(read: Position) -> MagicGame:
    """Build the game a position's text describes, through the scenario builder.

    :raises PositionError: with the line at fault, if the text does not describe a position.
    """
    try:
        builder = Scenario(
            read.get("Format"), seed=read.integer("Seed", 0), names=[s.name for s in read.seats]
        )
    except InputError as error:
        raise PositionError(str(error), line=read.lines.get("Format", 0)) from None
    pool = card_pool() | FORMAT_CARDS  # a format's own cards too (Stockpile Draft's Junk)
    builder_zones = _format_zones(read.get("Format"), len(read.seats))
    cards_of: list[dict[str, list[Card]]] = []
    for index, seat in enumerate(read.seats):
        outside = _fields(builder_zones, index)
        kernel.check_fields(seat, (*COUNTERS, *ZONES, *outside))
        outside = [k for k in outside if k in seat.fields]
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
    turn, _ = read.place_in_turn(builder)
    shared = _read_shared(read, pool, builder_zones)
    for zone, cards in shared.items():
        builder.zone(zone, [c.name for c in cards])
    game = builder.build()
    names = [s.name for s in read.seats]
    for zone, cards in shared.items():
        for card_id, card in zip(game.table.zones[zone], cards, strict=True):
            owner = next((m.removeprefix("of ") for m in card.marks if m.startswith("of ")), "")
            if owner:
                state = game.table.cards[card_id]
                state.owner = state.controller = names.index(owner)
    _read_state(game, read)
    if "Decision" in read.header:
        game.decision = read.get("Decision")
        game.priority = read.seat_index(read.get("Deciding", read.get("Active")), key="Deciding")
    for index, seat in enumerate(read.seats):
        player = game.table.players[index]
        if "life" not in seat.fields:
            player.life = game.variant.starting_life
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
    if "Combat" in read.header:
        _build_combat(game, read)
    if "Stack" in read.header:
        _build_stack(game, read, pool)
    if "Priority" in read.header:
        game.priority = read.seat_index(read.get("Priority"), key="Priority")
    if game.decision == "damage":
        _check_division(game, read)
    return game


def _read_state(game: MagicGame, read: Position) -> None:
    """Set the format's bookkeeping from the ``State`` lines, each a field of its saved form
    (:meth:`~rulekeeper.mtg.hooks.MagicFormat.save_state`) over the bookkeeping of a game in
    normal play, held to the format's declaration of it first where it can be (not in a
    reader's browser, where the save's checks catch the rest).

    :raises PositionError: naming the line of a field the format does not keep, or of one
        that is not what the format declares.
    """
    lines = {k.removeprefix("State "): k for k in read.header if k.startswith("State ")}
    if not lines:
        return
    fmt = game.variant
    saved = fmt.save_state()
    written = {name: kernel.read_json(read, key) for name, key in lines.items()}
    record = fmt.variant_state_record()
    known = get_type_hints(record) if is_typeddict(record) else {}
    for name, key in lines.items():
        if name not in known:
            kept = ", ".join(known) or "nothing"
            raise PositionError(
                f"{fmt.facts.name} keeps no {name!r} (its State lines: {kept})",
                line=read.lines[key],
            )
    saved.update(written)
    # The declarations, and pydantic beneath them, only here and where they can be imported.
    from rulekeeper.engine.save_records import check_record, engine_made

    try:
        with engine_made():
            check_record(saved, record, at=("variant_state",))
    except SerializationError as error:
        reason = error.message.removeprefix(kernel.NOT_A_SAVE)
        path = reason.removeprefix("variant_state.").partition(":")[0]
        name = path.partition(".")[0].partition("[")[0]
        raise PositionError(
            f"the position cannot be played on: {reason}",  # as a save's check would say
            line=read.lines[lines[name]] if name in lines else 0,
        ) from None
    fmt.restore_state(saved)


def _check_division(game: MagicGame, read: Position) -> None:
    """A division of combat damage read from the text must be one the game asks for now: the
    active player's, for an attacker in combat with more than one way to divide (MG R4)."""
    first_strike = game.step == "first_strike_damage"
    if game.step not in ("first_strike_damage", "combat_damage") or game.priority != game.active:
        problem = "combat damage is divided by the active player in a combat damage step"
    elif combat.to_divide(game, first_strike=first_strike) is None:
        problem = "no attacker here has its combat damage to divide"
    else:
        return
    raise PositionError(f"{problem} (MG R4)", line=read.lines["Decision"])


def _format_zones(key: str, players: int) -> set[str]:
    """Every zone a game of format ``key`` has, from an empty game of it."""
    empty = Scenario(key, names=[f"P{i}" for i in range(players)]).build()
    return set(empty.table.zones)


def _fields(zones: set[str], player: int) -> list[str]:
    return sorted({f for f in (_field(z, player) for z in zones) if f and f not in ZONES})


def _read_shared(
    read: Position, pool: Mapping[str, object], zones: set[str]
) -> dict[str, list[Card]]:
    """The cards of the ``Zone NAME:`` header lines, by zone name."""
    names = [s.name for s in read.seats]
    shared = {}
    for key, value in read.header.items():
        if not key.startswith("Zone "):
            continue
        line = read.lines[key]
        zone = key.removeprefix("Zone ").replace(" ", ":")
        if zone not in zones:
            raise PositionError(f"this format has no zone {zone!r}", line=line)
        # A zone one player's line already fills (``pack`` is ``pack:0`` on the first line)
        # cannot be filled here too: the two would be laid out one after the other.
        writers = [s for i, s in enumerate(read.seats) if _field(zone, i) in s.fields]
        if writers:
            raise PositionError(
                f"{key}: {writers[0].name}'s line already writes this zone", line=line
            )
        cards = kernel.read_cards(value, line=line)
        kernel.check_names((c.name for c in cards), pool, line=line)
        for card in cards:
            owners = [m.removeprefix("of ") for m in card.marks if m.startswith("of ")]
            if len(owners) != len(card.marks) or any(o not in names for o in owners):
                raise PositionError(f"{card.name}: a card here is marked only 'of NAME'", line=line)
        shared[zone] = cards
    return shared


def _combat_written(game: MagicGame) -> bool:
    """Whether the combat under way reads back from its text: each attacker aims at a player
    and counts as blocked exactly when it has blockers, numbered 1, 2... in their order,
    every blocker blocks an attacker still in combat, no two attackers or blockers share a
    name (the text names them by name), and no creature was dealt deathtouch damage."""
    attackers = {c.id for c in game.table.creatures() if c.attacking}
    blockers = [c for c in game.table.creatures() if c.blocking != -1]
    if any(c.blocking not in attackers for c in blockers):
        return False  # it blocked a creature that has left combat: the text cannot say so
    for fighting in ([game.table.cards[i].name for i in attackers], [c.name for c in blockers]):
        if len(set(fighting)) != len(fighting):
            return False
    for card in game.table.creatures():
        if card.deathtouched or (not card.attacking and card.blocked):
            return False
        if not card.attacking:
            continue
        orders = sorted(c.blocking_order for c in game.table.creatures() if c.blocking == card.id)
        if not isinstance(card.target, Player) or card.blocked != bool(orders):
            return False
        if orders != list(range(1, len(orders) + 1)):
            return False
    return True


def covers(game: Game) -> bool:
    """Whether the position form carries everything that decides how ``game`` plays on from
    here (chance aside): what is on the stack and the combat under way written (see
    ``_combat_written``), no decision waiting behind this one, nobody asked for blockers
    yet, and every card under its owner's control."""
    assert isinstance(game, MagicGame)
    if game.outcome is not None or game.decision == "blockers" or game.passes:
        return False
    if game.decision == "damage":
        return False  # a division under way (MG R4): the text has no words for it
    if game.table.zones.get("left") or game.judgement is not None:
        return False
    if game.resume != ["priority", game.active]:
        return False
    if any(p.drew_from_empty or p.lost or p.left for p in game.table.players):
        return False
    in_play = [*game.table.zones["battlefield"], *game.table.zones["stack"]]
    if any(game.table.cards[i].controller != game.table.cards[i].owner for i in in_play):
        return False
    on_battlefield = (game.table.cards[i] for i in game.table.zones["battlefield"])
    if any(c.target is not None and not c.attacking for c in on_battlefield):
        return False  # an aim kept on the battlefield that the text does not carry
    return _combat_written(game)


FORM = PositionForm(position, from_position, covers)
"""The position notation of the Magic formats."""
