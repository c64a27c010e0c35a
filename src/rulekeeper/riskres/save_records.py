"""A saved game of Risk & Resource, declared once: what :func:`~rulekeeper.riskres.saving.dump`
writes and :func:`~rulekeeper.riskres.saving.load` accepts, from which the published JSON Schema
is generated (see :mod:`rulekeeper.engine.save_records`).

Seats are numbered from 0 in turn order and cards by their position in ``cards``; the meaning
checks on load (card IDs, zones, seats in range for the number of players, the format's
invariants) come after this structure.

>>> from rulekeeper.riskres.save_records import RiskSave
>>> from rulekeeper.engine.save_records import check_record
>>> from rulekeeper.games import FORMATS
>>> check_record(FORMATS["rr"].new_game(1, 2).to_json(), RiskSave)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Annotated, Any, Literal

from annotated_types import Ge, Le, MaxLen, MinLen
from typing_extensions import TypedDict

from rulekeeper.engine.save_records import (
    ChanceRecord,
    Count,
    Log,
    Matches,
    OutcomeRecord,
    RuleId,
    SavedAs,
    array_record_of,
    record_of,
)
from rulekeeper.riskres import FACTS
from rulekeeper.riskres.state import CardState, PlayerState

FEWEST, MOST = FACTS.players
"""The fewest and the most players of a game, as the format declares them."""

Seat = Annotated[int, Ge(0), Le(MOST - 1)]
"""A seat at the table, counted from 0 (RR R63: at most six players)."""

CardId = Annotated[int, Ge(0), Le(9999)]
"""A card's ID: its position in ``cards``."""

Amount = Annotated[int, Ge(-1_000_000), Le(1_000_000)]
"""A change that may be negative: a pump, a counter of the variants' bookkeeping."""

TurnNumber = Annotated[int, Ge(0), Le(10_000)]
"""A turn's number."""

CardName = Annotated[str, MaxLen(200)]
"""A card's name (or a player's)."""

ZoneName = Annotated[
    str, Matches(r"^(stack|gone|(library|hand|battlefield|graveyard|exile|traps):[0-5])$")
]
"""The stack, a player's zone (RR 2), or where the old IDs of renumbered cards go (RR R83)."""


class PlayerTarget(TypedDict):
    """A player aimed at."""

    player: Seat


Target = CardId | PlayerTarget
"""What an attack, spell or ability is aimed at: a card or a player."""

Pair = tuple[Seat, Seat]


class VariantRecord(TypedDict):
    """The variants' bookkeeping (RR 10.4): the King, and the alliances and offers between players."""  # noqa: E501 - one line, as the published schema has it

    # Each variant keeps only its own part, as attributes of its own, and writes every field,
    # empty where it keeps none (RiskVariant.save_state): one record declares them for all.
    king: Seat | None
    alliances: Annotated[list[Pair], MaxLen(36)]
    offers: Annotated[list[Pair], MaxLen(36)]
    offers_made: Annotated[list[Pair], MaxLen(36)]


# The records of a player and a card are made from their state classes, field by field in
# their order; the bounds are given here, as the compiled build keeps a compiled class's
# annotations without them (record_of says more).
# Written as `if not TYPE_CHECKING`, not `if TYPE_CHECKING`: the API pages' type hints run a
# module's `if TYPE_CHECKING:` block, which would put the checker's alias in the record's place.
if not TYPE_CHECKING:
    PlayerRecord = record_of(
        PlayerState,
        __name__,
        "PlayerRecord",
        "A player's resources and standing, field by field as "
        ":class:`~rulekeeper.riskres.state.PlayerState` takes them.",
        index=Seat,
        name=CardName,
        ep=Count,
        intel=Count,
        intel_used=Count,
        lost=RuleId,
        won=RuleId,
        # The seat's one status: whether the player lost is their ``lost`` rule; whether they
        # left, a flag of its own, as saves held it before it was one status.
        status=SavedAs(after="drew_from_empty", left=bool),
        mulligans=Annotated[int, Ge(0), Le(100)],
        pending=Literal["", "keep", "mulligan"],
        extra=Annotated[dict[Annotated[str, MaxLen(40)], Amount], MaxLen(64)],
    )

    CardRecord = array_record_of(
        CardState,
        __name__,
        "CardRecord",
        "A card and what is true of it now, saved as an array in the order of "
        ":class:`~rulekeeper.riskres.state.CardState`'s fields.",
        id=CardId,
        printed=CardName,  # the card's own name, even while it is face down
        owner=Seat,
        controller=Seat,
        zone=ZoneName,
        damage=Count,
        arrived_turn=TurnNumber,
        attacked_turn=TurnNumber,
        plus=Count,
        minus=Count,
        pump_power=Amount,
        pump_defense=Amount,
        attached_to=CardId | None,
        prevented=Count,
    )
else:
    # To the type checker, the saved forms: a JSON object, or an array.
    PlayerRecord = dict[str, Any]
    CardRecord = list[Any]


class StackItem(TypedDict):
    """A spell or ability on the stack."""

    card: CardId | None
    source: CardId
    controller: Seat
    ability: Annotated[int, Ge(-1000), Le(1000)]
    target: Target | None


# Written out, as a Literal must be; a test holds it to rulekeeper.riskres.turn.STEPS.
Step = Literal[
    "setup",
    "untap",
    "draw",
    "resource",
    "main1",
    "beginning_of_combat",
    "declare_attackers",
    "declare_blockers",
    "first_damage",
    "second_damage",
    "pressure",
    "end_of_combat",
    "main2",
    "end",
    "cleanup",
]
"""The steps of a turn (RR 3), or the setup before the first."""

Decision = Literal[
    "priority", "mulligan", "scry", "legend", "attackers", "blockers", "order", "damage",
    "triggers", "discard", "turn",
]  # fmt: skip
"""What the game waits for."""

Mulligans = Literal["standard", "competitive", "limited"]
Variant = Literal["", "alliance", "bounty", "king"]

Pump = (
    tuple[Seat, CardId, Amount, Amount, Literal["turn", "combat"]]
    | tuple[Seat, CardId, Amount, Amount]
)
"""An until-end-of-turn or -combat change: controller, card, power, defense, duration (saves
written before a pump could last until end of combat have no duration: a turn)."""

Trigger = tuple[Seat, CardId, Annotated[int, Ge(0), Le(100)]] | tuple[Seat]

Share = tuple[Target, Annotated[int, Ge(1), Le(1_000_000)]]
"""One recipient of an attacker's combat damage and the damage it is given."""

DamageOrder = (
    tuple[CardId, Annotated[list[CardId], MaxLen(1000)]]
    | tuple[CardId, Annotated[list[CardId], MaxLen(1000)], Annotated[list[Share], MaxLen(1000)]]
)
"""An attacker, its blockers in the order it deals them damage (RR R39) and, once the
attacking player has divided its damage in the damage step under way, each recipient and the
damage it is given (RR 6.3a)."""


@dataclass
class RiskSave:
    """Everything a game of Risk & Resource is, RNG included."""

    format: Literal["rr"]
    chance: ChanceRecord
    log: Log
    outcome: OutcomeRecord
    options: tuple[Mulligans, bool, Annotated[int, Ge(1), Le(10_000)], Variant, bool]
    """mulligan procedure, simultaneous mulligans, turn limit, variant, betrayal allowed"""
    variant_state: VariantRecord
    pumps: Annotated[list[Pump], MaxLen(10_000)]
    players: Annotated[list[PlayerRecord], MinLen(FEWEST), MaxLen(MOST)]
    cards: Annotated[list[CardRecord], MaxLen(10_000)]
    zones: dict[ZoneName, Annotated[list[CardId], MaxLen(10_000)]]
    turn: tuple[TurnNumber, Seat, Seat, Step, Decision]
    """turn number, active seat, first seat, step, decision"""
    turn_order: tuple[Seat, Annotated[list[Seat], MaxLen(64)]]
    """whose regular turn it is, and the seats owed extra turns"""
    priority: tuple[Seat, Annotated[int, Ge(0), Le(MOST - 1)]]
    """who has priority, and how many players have passed in a row"""
    stack: Annotated[list[StackItem], MaxLen(1000)]
    attacks: Annotated[list[tuple[CardId, Target]], MaxLen(1000)]
    blocks: Annotated[list[tuple[CardId, CardId]], MaxLen(1000)]
    blocked: Annotated[list[CardId], MaxLen(1000)]
    damage_order: Annotated[list[DamageOrder], MaxLen(1000)]
    pressure: Annotated[list[Count], MinLen(2), MaxLen(6)]
    legend_choices: Annotated[list[tuple[Seat, CardName]], MaxLen(100)]
    scry_pending: Annotated[list[Seat], MaxLen(100)]
    triggers: Annotated[list[Trigger], MinLen(1), MaxLen(1000)]
    """waiting triggers (controller, card, trigger index), then last the seat that gets
    priority once they are on the stack"""
