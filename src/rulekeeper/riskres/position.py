"""Risk & Resource positions in plain words (see :mod:`rulekeeper.engine.position`).

>>> from rulekeeper.riskres.position import from_position, position
>>> from rulekeeper.riskres.scenario import Scenario
>>> game = (Scenario().player(0, ep=2, hand=["Ember Scout"], battlefield=["Gloom Brute"])
...         .player(1, intel=1, library=["Sparkshot", "Sparkshot"]).build())
>>> print(position(game), end="")
Format: rr
Seed: 0
Turn: 2
Step: main1
Active: Alice
<BLANKLINE>
Alice: ep 2; hand Ember Scout; battlefield Gloom Brute
Bob: intel 1; library 2 Sparkshot
>>> position(from_position(position(game))) == position(game)
True

A player's fields are ``ep`` and ``intel`` and the zones ``hand``, ``library`` (from the top
card down), ``graveyard``, ``battlefield``, ``exile`` and ``traps`` (set face down). A
permanent's marks are ``face down`` (RR 13.1; in the view of a player other than its
controller, the card is written ``face-down creature``, without its name), ``tapped``,
``new`` (it came this turn, so it cannot attack yet), ``damage N``, ``+1/+1 N`` and ``-1/-1 N``
(counters) and, for an Aura, ``attached to X`` (the first permanent called X). Any card in
another player's zone is marked ``owned by Bob``. The header says the format, the seed,
the turn, the step, whose turn it is and, where another player holds it, who has priority.
It also writes a decision other than priority (``Decision: scry for Bob``), what is on the
stack, bottom first, each item with its controller and target (``Stack: Sparkshot (Alice,
targeting Bob), ability 1 of Gloom Brute (Bob)``; a spell cast face down is marked ``face
down`` after its controller, or written ``face-down creature`` in another player's view; an
ability is ``ability N of X``, ``enter ability of X`` or ``trigger N of X``, the number left
out where the card has only one, as in moves) and the attacks and blocks under way
(``Combat: Ember Scout attacks Bob; Mire Lurker blocks Ember Scout``, each attacker's
blockers in the order it deals them damage). All of these build back. Without a
``Decision`` line the step's decisions are made and a player has priority (the active
player, or the one the ``Priority`` line names); with one, it must be the decision the
builder comes to: the attackers at the declare attackers step, or the first defender's
blockers when attacks are written without blocks. Other decisions (a scry, a blocker order
half made) are written for the reader and cannot be built yet.
"""

from __future__ import annotations

import re
from typing import Any

from rulekeeper.engine import position as kernel
from rulekeeper.engine.game import Game
from rulekeeper.engine.position import Card, PlayerLine, Position, PositionError, PositionForm, Zone
from rulekeeper.riskres.actions import Player, Target
from rulekeeper.riskres.cards import card_pool
from rulekeeper.riskres.effects import ENTER
from rulekeeper.riskres.game import RiskGame
from rulekeeper.riskres.scenario import Scenario
from rulekeeper.riskres.state import CardState, zone_name
from rulekeeper.riskres.triggers import TRIGGER_BASE
from rulekeeper.riskres.views import CARDS, TOP, sight

ZONES = ("hand", "library", "graveyard", "battlefield", "exile", "traps")
COUNTERS = ("ep", "intel")
MARKS = ("face down", "tapped", "new", "damage", "+1/+1", "-1/-1")

ATTACHED = "attached to "
"""The mark of an Aura attached to a permanent: ``attached to Ember Scout``, the first
permanent of that name on the battlefield, in the players' order."""

OWNED = "owned by "
"""The mark of a card in another player's zone: ``owned by Bob`` (a permanent Alice controls,
a trap she stole); it goes to its owner's graveyard when it dies."""

FACE_DOWN = "face-down creature"
"""A face-down permanent in the view of a player who may not look at it (RR 13.1d)."""


def _name(game: RiskGame, card_id: int, viewer: int | None) -> str:
    """A card's name as the text writes it: its real name, except a face-down permanent in
    the view of a player other than its controller, who alone may look at it (RR 13.1d)."""
    state = game.table.cards[card_id]
    if state.face_down and viewer is not None and viewer != state.controller:
        return FACE_DOWN
    return state.printed.name


def _card(game: RiskGame, card_id: int, viewer: int | None = None) -> Card:
    state = game.table.cards[card_id]
    marks = ["face down"] if state.face_down else []
    if _name(game, card_id, viewer) == FACE_DOWN:
        marks = []  # the name already says so
    if state.tapped:
        marks.append("tapped")
    if state.zone.startswith("battlefield") and state.arrived_turn == game.turn:
        marks.append("new")
    for word, number in (("damage", state.damage), ("+1/+1", state.plus), ("-1/-1", state.minus)):
        if number:
            marks.append(f"{word} {number}")
    if state.attached_to is not None:
        marks.append(f"{ATTACHED}{_name(game, state.attached_to, viewer)}")
    if state.owner != _seat_of(state):
        marks.append(f"{OWNED}{game.name_of(state.owner)}")
    return Card(_name(game, card_id, viewer), tuple(marks))


def _seat_of(state: CardState) -> int:
    """The player whose zone holds a card (the controller of a permanent or a set trap)."""
    return int(state.zone.rpartition(":")[2])


def _stack_item_name(game: RiskGame, item: dict[str, Any], viewer: int | None) -> str:
    """A stack item as written: a spell by its card, an ability by its source:
    ``ability 1 of X`` (activated), ``enter ability of X``, ``trigger 1 of X``."""
    card: int | None = item["card"]
    if card is not None:
        return _name(game, card, viewer)
    name, index = _name(game, item["source"], viewer), item["ability"]
    printed = game.table.cards[item["source"]].printed
    if index == ENTER:
        return f"enter ability of {name}"
    # The number only where the card has several, as the move notation writes them.
    if index <= TRIGGER_BASE:
        number = f" {TRIGGER_BASE - index + 1}" if len(printed.triggers) > 1 else ""
        return f"trigger{number} of {name}"
    number = f" {index + 1}" if len(printed.abilities) > 1 else ""
    return f"ability{number} of {name}"


def _aimed(game: RiskGame, aim: Target, viewer: int | None) -> str:
    """A player or a card something is aimed at, as the text writes it."""
    return game.name_of(aim.index) if isinstance(aim, Player) else _name(game, aim, viewer)


def _stack(game: RiskGame, viewer: int | None) -> str:
    """What is on the stack, bottom first, each item with its controller and target."""
    items = []
    for item in game.stack:
        aim = item["target"]
        marks = [game.name_of(item["controller"])]
        spell = item["card"]
        hidden = spell is not None and _name(game, spell, viewer) == FACE_DOWN
        if spell is not None and game.table.cards[spell].face_down and not hidden:
            marks.append("face down")
        if aim is not None:
            marks.append(f"targeting {_aimed(game, aim, viewer)}")
        items.append(Card(_stack_item_name(game, item, viewer), tuple(marks)).text())
    return ", ".join(items)


def _combat(game: RiskGame, viewer: int | None) -> str:
    """The attacks and blocks under way."""
    parts = []
    for attacker, aim in game.attacks.items():
        parts.append(f"{_name(game, attacker, viewer)} attacks {_aimed(game, aim, viewer)}")
    # Each attacker's blockers in the order it deals them damage, once that is decided.
    ordered = [b for blockers in game.damage_order.values() for b in blockers if b in game.blocks]
    for blocker in [*ordered, *(b for b in game.blocks if b not in ordered)]:
        blocked = _name(game, game.blocks[blocker], viewer)
        parts.append(f"{_name(game, blocker, viewer)} blocks {blocked}")
    return "; ".join(parts)


_STACK_ITEM = re.compile(
    r"(?:(?P<kind>ability|trigger)(?: (?P<n>\d+))?|(?P<enter>enter ability)) of (?P<source>.+)"
)
"""An ability on the stack as :func:`_stack_item_name` writes it."""


def _combat_parts(read: Position) -> tuple[dict[str, str], list[tuple[str, str]]]:
    """The ``Combat`` line: the attacks (attacker by the name of what it attacks) and the
    blocks (blocker, attacker), as names.

    :raises PositionError: on a part that is neither ``X attacks Y`` nor ``X blocks Y``.
    """
    attacks: dict[str, str] = {}
    blocks: list[tuple[str, str]] = []
    line = read.lines.get("Combat", 0)
    for part in (p.strip() for p in read.header.get("Combat", "").split(";")):
        if not part:
            continue
        attacker, verb, aim = part.partition(" attacks ")
        if not verb:
            blocker, verb, blocked = part.partition(" blocks ")
            if not verb or not blocker.strip() or not blocked.strip():
                raise PositionError(
                    f"expected 'CREATURE attacks PLAYER' or 'CREATURE blocks CREATURE', not "
                    f"{part!r}",
                    line=line,
                )
            blocks.append((blocker.strip(), blocked.strip()))
            continue
        if not attacker.strip() or not aim.strip():
            raise PositionError(f"expected 'CREATURE attacks PLAYER', not {part!r}", line=line)
        if attacker.strip() in attacks:
            raise PositionError(f"{attacker.strip()} attacks twice", line=line)
        attacks[attacker.strip()] = aim.strip()
    return attacks, blocks


def _declare_blocks(game: RiskGame, blocks: list[tuple[str, str]], *, line: int) -> None:
    """The blocks declared and ordered for damage as written, and the active player given
    priority, as after the declare blockers step's decisions.

    :raises PositionError: if a blocker is not a defending creature or blocks no attacker.
    """
    for blocker_name, attacker_name in blocks:
        attacker = next(
            (a for a in game.attacks if game.table.cards[a].printed.name == attacker_name), None
        )
        if attacker is None:
            raise PositionError(
                f"{blocker_name} blocks {attacker_name}, which is not attacking", line=line
            )
        blocker = next(
            (
                c.id
                for c in game.table.permanents()
                if c.printed.name == blocker_name
                and c.controller != game.active
                and c.id not in game.blocks
            ),
            None,
        )
        if blocker is None:
            raise PositionError(
                f"{blocker_name} blocks, but no defending creature of that name is left to block",
                line=line,
            )
        game.blocks[blocker] = attacker
        if attacker not in game.blocked:
            game.blocked.append(attacker)
    for attacker in game.attacks:
        game.damage_order[attacker] = [b for b, a in game.blocks.items() if a == attacker]
    game.decision, game.priority = "priority", game.active


def _target(game: RiskGame, name: str, *, line: int) -> Target:
    """A player by their name, or the first card of that name on the battlefield, then on the
    stack, then anywhere.

    :raises PositionError: if nothing is called that.
    """
    names = [p.name for p in game.table.players]
    if name in names:
        return Player(names.index(name))
    for zone in ("battlefield", "stack", ""):
        for state in game.table.cards:
            if state.printed.name == name and state.zone.startswith(zone):
                return state.id
    raise PositionError(
        f"the stack targets {name!r}, which is neither a player nor a card", line=line
    )


def _build_stack(game: RiskGame, read: Position) -> None:
    """Put the ``Stack`` line's items on the stack, bottom first: a spell as its card, owned by
    its controller; an ability by its source, the first card of that name its controller
    controls (or any card of that name).

    :raises PositionError: on an item without its controller, or naming no card.
    """
    line = read.lines["Stack"]
    names = [p.name for p in game.table.players]
    for item in kernel.read_cards(read.get("Stack"), line=line):
        if not item.marks or item.marks[0] not in names:
            raise PositionError(
                f"{item.name} on the stack needs its controller first in brackets: "
                f"'{item.name} (Alice, targeting Bob)'",
                line=line,
            )
        controller = names.index(item.marks[0])
        face_down = "face down" in item.marks[1:2]
        rest = item.marks[1 + face_down :]
        aims = [m.removeprefix("targeting ") for m in rest if m.startswith("targeting ")]
        if len(aims) != len(rest):
            raise PositionError(
                f"{item.text()}: expected 'face down' or 'targeting X' after the controller",
                line=line,
            )
        ability = _STACK_ITEM.fullmatch(item.name)
        card: int | None = None
        if ability is None:
            kernel.check_names([item.name], card_pool(), line=line)
            card = game.table.create(item.name, controller, "stack")
            game.table.cards[card].face_down = face_down
            source, index = card, -1
        else:
            name = ability["source"]
            kernel.check_names([name], card_pool(), line=line)
            mine = [c.id for c in game.table.permanents(controller) if c.printed.name == name]
            anywhere = [c.id for c in game.table.cards if c.printed.name == name]
            if not mine + anywhere:
                raise PositionError(f"{item.name}: no {name} is in play", line=line)
            source = (mine + anywhere)[0]
            number = int(ability["n"] or 1)  # a card's only ability or trigger has no number
            index = (
                ENTER if ability["enter"] else
                TRIGGER_BASE - (number - 1) if ability["kind"] == "trigger" else number - 1
            )  # fmt: skip
        target = _target(game, aims[0], line=line) if aims else None
        game.stack.append(
            {
                "card": card,
                "source": source,
                "controller": controller,
                "ability": index,
                "target": target,
            }
        )


def position(game: RiskGame, viewer: int | None = None) -> str:
    """The text of ``game``'s position; for ``viewer``, what that player may see (libraries,
    traps and the other players' hands as counts, the other players' face-down permanents
    without their names)."""
    header = {
        "Format": "rr",
        "Seed": str(game.chance.seed),
        "Turn": str(game.turn),
        "Step": game.step,
    }
    if game.variant.option:
        header["Variant"] = game.variant.option
    header["Active"] = game.name_of(game.active)
    if game.decision != "priority":
        header["Decision"] = f"{game.decision} for {game.name_of(game.priority)}"
    elif game.priority != game.active:
        header["Priority"] = game.name_of(game.priority)
    if game.stack:
        header["Stack"] = _stack(game, viewer)
    if game.attacks or game.blocks:
        header["Combat"] = _combat(game, viewer)
    seats = []
    for player in game.table.players:
        fields: dict[str, int | Zone] = {"ep": player.ep, "intel": player.intel}
        for kind in ZONES:
            ids = list(game.table.zones[zone_name(kind, player.index)])
            if kind == "library":
                ids.reverse()  # stored bottom first, written from the top down
            seen = sight(game, kind, player.index, viewer)
            if seen == CARDS:
                fields[kind] = Zone.of(_card(game, i, viewer) for i in ids)
            else:  # written from the top down: the top card is the first
                top = _card(game, ids[0], viewer) if seen == TOP and ids else None
                fields[kind] = Zone.hidden(len(ids), top)
        seats.append(PlayerLine(player.name, fields))
    return Position(header, seats).text()


def from_position(text: str) -> RiskGame:
    """Build the game a position's text describes, held to the checks of a saved game
    (:func:`~rulekeeper.engine.position.build`).

    :raises PositionError: with the line at fault, if the text does not describe a position
        or the game it describes could not be played on.
    """
    return kernel.build(text, _build)


def _build(read: Position) -> RiskGame:
    """Build the game a position's text describes, through the scenario builder.

    :raises PositionError: with the line at fault, if the text does not describe a position.
    """
    if read.get("Format") != "rr":
        raise PositionError(
            "this is not a Risk & Resource position", line=read.lines.get("Format", 0)
        )
    pool = card_pool()
    builder = Scenario(
        seed=read.integer("Seed", 0),
        names=[s.name for s in read.seats],
        variant=read.get("Variant", ""),
    )
    marked: list[tuple[int, str, list[Card]]] = []
    for index, seat in enumerate(read.seats):
        kernel.check_fields(seat, (*COUNTERS, *ZONES))
        zones = {kind: seat.cards(kind) for kind in ZONES}
        for cards in zones.values():
            kernel.check_names((c.name for c in cards), pool, line=seat.line)
            for card in cards:
                plain = [m for m in card.marks if not m.startswith((ATTACHED, OWNED))]
                kernel.check_marks(Card(card.name, tuple(plain)), MARKS, line=seat.line)
        builder.player(
            index,
            ep=seat.number("ep"),
            intel=seat.number("intel"),
            **{kind: [c.name for c in cards] for kind, cards in zones.items()},
        )
        marked += [(index, kind, cards) for kind, cards in zones.items()]
    turn, active = read.place_in_turn(builder)
    attacks, blocks = _combat_parts(read)
    if attacks:
        attacking = read.seats[active]
        for attacker, aim in attacks.items():
            names = [c.name for c in attacking.cards("battlefield")]
            if attacker not in names:
                raise PositionError(
                    f"{attacker} attacks, but it is not on {attacking.name}'s battlefield",
                    line=read.lines["Combat"],
                )
            defenders = [s.name for s in read.seats] + [
                c.name for s in read.seats if s is not attacking for c in s.cards("battlefield")
            ]
            if aim not in defenders:
                raise PositionError(
                    f"{attacker} attacks {aim!r}, which is neither a player nor a permanent of "
                    "another player",
                    line=read.lines["Combat"],
                )
        builder.attacking(attacks)
    game = builder.build()
    if blocks:
        _declare_blocks(game, blocks, line=read.lines["Combat"])
    for index, kind, cards in marked:
        ids = list(game.table.zones[zone_name(kind, index)])
        if kind == "library":
            ids.reverse()  # stored bottom first, written from the top down
        for card_id, card in zip(ids, cards, strict=True):
            _owned(game, game.table.cards[card_id], card, line=read.seats[index].line)
        if kind != "battlefield":
            continue
        for card_id, card in zip(ids, cards, strict=True):
            state = game.table.cards[card_id]
            _attach(game, state, card, line=read.seats[index].line)
            state.face_down = "face down" in card.marks
            state.tapped = "tapped" in card.marks
            state.arrived_turn = turn if "new" in card.marks else 0
            state.damage = kernel.mark_number(card, "damage")
            state.plus = kernel.mark_number(card, "+1/+1")
            state.minus = kernel.mark_number(card, "-1/-1")
    if "Stack" in read.header:
        _build_stack(game, read)
    written = read.header.get("Decision")
    if written is None:  # a player has priority: the step's decisions, if any, are made
        game.decision, game.priority = "priority", game.active
    decision = f"{game.decision} for {game.name_of(game.priority)}"
    if written is not None and (game.decision == "priority" or written != decision):
        built = "priority" if game.decision == "priority" else repr(decision)
        raise PositionError(
            f"the position builds to the decision {built}, not {written!r}; other decisions "
            "cannot be built yet",
            line=read.lines["Decision"],
        )
    if "Priority" in read.header:
        game.priority = read.seat_index(read.get("Priority"), key="Priority")
    return game


def _owned(game: RiskGame, state: CardState, card: Card, *, line: int) -> None:
    """Give the card the owner its ``owned by`` mark names; off the battlefield, its owner
    also controls it.

    :raises PositionError: if the mark names no player.
    """
    for mark in card.marks:
        if mark.startswith(OWNED):
            names = [p.name for p in game.table.players]
            owner = mark.removeprefix(OWNED)
            if owner not in names:
                raise PositionError(f"{card.name}: {owner!r} is not a player here", line=line)
            state.owner = names.index(owner)
            if not state.zone.startswith("battlefield"):
                state.controller = state.owner


def _attach(game: RiskGame, state: CardState, card: Card, *, line: int) -> None:
    """Attach an Aura to the first permanent its ``attached to`` mark names.

    :raises PositionError: if the card is no Aura or no permanent has that name.
    """
    for mark in card.marks:
        if mark.startswith(ATTACHED):
            name = mark.removeprefix(ATTACHED)
            if not state.printed.is_aura:
                raise PositionError(
                    f"{card.name} is not an Aura: it attaches to nothing", line=line
                )
            found = _first_permanent(game, name)
            if found is None:
                raise PositionError(
                    f"{card.name} is attached to {name!r}, which is not on the battlefield",
                    line=line,
                )
            state.attached_to = found


def _first_permanent(game: RiskGame, name: str) -> int | None:
    """The first permanent called ``name`` on the battlefield, in the players' order."""
    return next((c.id for c in game.table.permanents() if c.printed.name == name), None)


def _combat_written(game: RiskGame) -> bool:
    """Whether the combat under way is one the text builds back: attacks only, the defender
    deciding on blockers as the declare blockers step begins, or blocks declared and ordered
    for damage with a player holding priority. The Combat line names each permanent by its
    name, so two attackers or two blockers of one name cannot be told apart there."""
    attacked = {c.id for c in game.table.cards if c.attacked_turn == game.turn}
    if attacked != set(game.attacks):
        return False
    for fighting in (game.attacks, game.blocks):
        names = [game.table.cards[card].name for card in fighting]
        if len(set(names)) != len(names):
            return False
    if not game.blocks:
        return not game.blocked and not game.damage_order and game.decision == "priority"
    by_attacker = {a: [b for b, x in game.blocks.items() if x == a] for a in game.attacks}
    return (
        game.decision == "priority"
        and set(game.blocked) == set(game.blocks.values())
        and {a: list(b) for a, b in game.damage_order.items()} == by_attacker
    )


def covers(game: Game) -> bool:
    """Whether the position form carries everything that decides how ``game`` plays on from
    here (chance aside): a player has priority, with what is on the stack and the combat
    under way written (see ``_combat_written``), nothing else waiting, every card off the
    battlefield under its owner's control, every Aura attached to the first permanent of its
    name, and no effect lasting until the end of the turn. The
    conformance suite checks the round trip at such steps."""
    assert isinstance(game, RiskGame)
    if game.outcome is not None or game.decision != "priority" or game.step == "setup":
        return False
    waiting = (game.pending_triggers, game.pumps, game.legend_choices, game.scry_pending)
    # A variant's bookkeeping (a King, alliances, offers) is not written either.
    if any(waiting) or game.extra_turns or game.passes or any(game.pressure) or game.variant.option:
        return False
    if (game.attacks or game.blocks or game.blocked or game.damage_order) and not _combat_written(
        game
    ):
        return False
    for player in game.table.players:
        if player.left or player.lost or player.won or player.intel_used or player.extra:
            return False
        if player.drew_from_empty or not player.kept or player.pending:
            return False
    for state in game.table.cards:
        attached = state.attached_to
        if (
            attached is not None
            and _first_permanent(game, game.table.cards[attached].printed.name) != attached
        ):
            return False  # attached to a later copy: the text names the first
        if state.controller != state.owner and not state.zone.startswith("battlefield"):
            return False
        if state.prevented or state.deadly_hit or state.pump_power or state.pump_defense:
            return False
    return True


FORM = PositionForm(position, from_position, covers)
"""Risk & Resource's position notation."""
