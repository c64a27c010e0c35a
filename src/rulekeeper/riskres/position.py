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
permanent's marks are ``tapped``, ``new`` (it came this turn, so it cannot attack yet),
``damage N``, ``+1/+1 N`` and ``-1/-1 N`` (counters). The header says the format, the seed,
the turn, the step, whose turn it is and, where another player holds it, who has priority.
It also writes a decision other than priority (``Decision: scry for Bob``), what is on the
stack, bottom first (``Stack: Sparkshot (Alice, targeting Bob)``) and the attacks and blocks
under way (``Combat: Ember Scout attacks Bob; Mire Lurker blocks Ember Scout``). A position
whose combat is attacks only builds (the attackers declared, as at the declare blockers step);
its ``Decision`` line, if any, must be the one the builder comes to. A stack, a block or
another decision is written for the reader and cannot be built yet.
"""

from __future__ import annotations

from rulekeeper.engine import position as kernel
from rulekeeper.engine.game import Game
from rulekeeper.engine.position import Card, Position, PositionError, PositionForm, Seat, Zone
from rulekeeper.errors import InputError
from rulekeeper.riskres.actions import Player
from rulekeeper.riskres.cards import card_pool
from rulekeeper.riskres.game import RiskGame
from rulekeeper.riskres.scenario import Scenario
from rulekeeper.riskres.state import zone_name

ZONES = ("hand", "library", "graveyard", "battlefield", "exile", "traps")
COUNTERS = ("ep", "intel")
MARKS = ("tapped", "new", "damage", "+1/+1", "-1/-1")


def _card(game: RiskGame, card_id: int) -> Card:
    state = game.table.cards[card_id]
    marks = ["tapped"] if state.tapped else []
    if state.zone.startswith("battlefield") and state.arrived_turn == game.turn:
        marks.append("new")
    for word, number in (("damage", state.damage), ("+1/+1", state.plus), ("-1/-1", state.minus)):
        if number:
            marks.append(f"{word} {number}")
    return Card(state.printed.name, tuple(marks))


def _stack(game: RiskGame) -> str:
    """What is on the stack, bottom first: a spell by its card, an ability by its source."""
    items = []
    for item in game.stack:
        card = item["card"] if item["card"] is not None else item["source"]
        name = game.table.cards[card].name
        if item["card"] is None:
            name = f"ability {item['ability'] + 1} of {name}"
        aim = item["target"]
        marks = [game.name_of(item["controller"])]
        if aim is not None:
            aimed = (
                game.name_of(aim.index) if isinstance(aim, Player) else game.table.cards[aim].name
            )
            marks.append(f"targeting {aimed}")
        items.append(Card(name, tuple(marks)).text())
    return ", ".join(items)


def _combat(game: RiskGame) -> str:
    """The attacks and blocks under way."""
    parts = []
    for attacker, aim in game.attacks.items():
        whom = game.name_of(aim.index) if isinstance(aim, Player) else game.table.cards[aim].name
        parts.append(f"{game.table.cards[attacker].name} attacks {whom}")
    for blocker, attacker in game.blocks.items():
        blocked = game.table.cards[attacker].name
        parts.append(f"{game.table.cards[blocker].name} blocks {blocked}")
    return "; ".join(parts)


UNBUILDABLE = ("Stack",)
"""Header lines written for the reader that :func:`from_position` cannot build yet."""


def _attacks(read: Position) -> dict[str, str]:
    """The ``Combat`` line's attacks, attacker by the name of what it attacks.

    :raises PositionError: on a block, or a part that is not ``X attacks Y``.
    """
    attacks: dict[str, str] = {}
    line = read.lines.get("Combat", 0)
    for part in (p.strip() for p in read.header.get("Combat", "").split(";")):
        attacker, verb, aim = part.partition(" attacks ")
        if " blocks " in part:
            raise PositionError(
                f"a combat with blockers ({part!r}) is written for reading; it cannot be built "
                "yet",
                line=line,
            )
        if not verb or not attacker.strip() or not aim.strip():
            raise PositionError(f"expected 'CREATURE attacks PLAYER', not {part!r}", line=line)
        if attacker.strip() in attacks:
            raise PositionError(f"{attacker.strip()} attacks twice", line=line)
        attacks[attacker.strip()] = aim.strip()
    return attacks


def position(game: RiskGame, viewer: int | None = None) -> str:
    """The text of ``game``'s position; for ``viewer``, what that player may see (libraries,
    traps and the other players' hands as counts)."""
    header = {
        "Format": "rr",
        "Seed": str(game.chance.seed),
        "Turn": str(game.turn),
        "Step": game.step,
    }
    if game.variant:
        header["Variant"] = game.variant
    header["Active"] = game.name_of(game.active)
    if game.decision != "priority":
        header["Decision"] = f"{game.decision} for {game.name_of(game.priority)}"
    elif game.priority != game.active:
        header["Priority"] = game.name_of(game.priority)
    if game.stack:
        header["Stack"] = _stack(game)
    if game.attacks or game.blocks:
        header["Combat"] = _combat(game)
    seats = []
    for player in game.table.players:
        fields: dict[str, int | Zone] = {"ep": player.ep, "intel": player.intel}
        for kind in ZONES:
            ids = list(game.table.zones[zone_name(kind, player.index)])
            if kind == "library":
                ids.reverse()  # stored bottom first, written from the top down
            hidden = viewer is not None and (
                kind == "library" or (kind in ("hand", "traps") and player.index != viewer)
            )
            fields[kind] = Zone.hidden(len(ids)) if hidden else Zone.of(_card(game, i) for i in ids)
        seats.append(Seat(player.name, fields))
    return Position(header, seats).text()


def from_position(text: str) -> RiskGame:
    """Build the game a position's text describes, through the scenario builder.

    :raises PositionError: with the line at fault, if the text does not describe a position.
    """
    read = kernel.read(text)
    if read.get("Format") != "rr":
        raise PositionError(
            "this is not a Risk & Resource position", line=read.lines.get("Format", 0)
        )
    kernel.check_buildable(read, UNBUILDABLE)
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
                kernel.check_marks(card, MARKS, line=seat.line)
        builder.player(
            index,
            ep=seat.number("ep"),
            intel=seat.number("intel"),
            **{kind: [c.name for c in cards] for kind, cards in zones.items()},
        )
        marked.append((index, "battlefield", zones["battlefield"]))
    turn = read.integer("Turn", 2)
    active = read.seat_index(read.get("Active", read.seats[0].name), key="Active")
    try:
        builder.at(read.get("Step", "main1"), active=active, turn=turn)
    except InputError as error:
        raise PositionError(str(error), line=read.lines.get("Step", 0)) from None
    if "Combat" in read.header:
        attacks = _attacks(read)
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
    for index, kind, cards in marked:
        for card_id, card in zip(game.table.zones[zone_name(kind, index)], cards, strict=True):
            state = game.table.cards[card_id]
            state.tapped = "tapped" in card.marks
            state.arrived_turn = turn if "new" in card.marks else 0
            state.damage = kernel.mark_number(card, "damage")
            state.plus = kernel.mark_number(card, "+1/+1")
            state.minus = kernel.mark_number(card, "-1/-1")
    if "Priority" in read.header:
        game.priority = read.seat_index(read.get("Priority"), key="Priority")
    written = read.header.get("Decision")
    decision = f"{game.decision} for {game.name_of(game.priority)}"
    if written is not None and (game.decision == "priority" or written != decision):
        built = "priority" if game.decision == "priority" else repr(decision)
        raise PositionError(
            f"the position builds to the decision {built}, not {written!r}; other decisions "
            "cannot be built yet",
            line=read.lines["Decision"],
        )
    return game


def covers(game: Game) -> bool:
    """Whether the position form carries everything that decides how ``game`` plays on from
    here (chance aside): a player has priority with nothing on the stack, no combat under way,
    nothing waiting, every card face up and under its owner's control, and no effect lasting
    until the end of the turn. The conformance suite checks the round trip at such steps."""
    assert isinstance(game, RiskGame)
    if game.outcome is not None or game.decision != "priority" or game.step == "setup":
        return False
    waiting = (
        game.stack, game.attacks, game.blocks, game.blocked, game.damage_order,
        game.pending_triggers, game.pumps, game.legend_choices, game.scry_pending,
        game.extra_turns, game.alliances, game.alliance_offers, game.offers_made,
    )  # fmt: skip
    if any(waiting) or game.passes or any(game.pressure) or game.variant or game.king is not None:
        return False
    for player in game.table.players:
        if player.left or player.lost or player.won or player.intel_used or player.extra:
            return False
        if player.drew_from_empty or not player.kept or player.pending:
            return False
    for state in game.table.cards:
        if state.face_down or state.controller != state.owner or state.attached_to is not None:
            return False
        if state.prevented or state.deadly_hit or state.pump_power or state.pump_defense:
            return False
        if state.attacked_turn == game.turn:
            return False
    return True


FORM = PositionForm(position, from_position, covers)
"""Risk & Resource's position notation."""
