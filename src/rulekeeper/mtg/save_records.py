"""A saved game of a Magic format, declared once: what
:func:`~rulekeeper.mtg.saving.game_to_json` writes and
:func:`~rulekeeper.mtg.saving.restore_game` accepts, from which the published JSON Schema is
generated (see :mod:`rulekeeper.engine.save_records`).

Leveler, Vortex Based Magic and Stockpile Draft share this save; each format declares its own
bookkeeping, ``variant_state``, through the hook
:meth:`~rulekeeper.mtg.hooks.MagicFormat.variant_state_record`. Seats are numbered from 0 in
turn order and cards by their position in ``cards``; the meaning checks on load (card IDs and
names, zones, seats in range for the number of players, the format's invariants) come after
this structure.

>>> from rulekeeper.mtg.save_records import MagicSave
>>> from rulekeeper.engine.save_records import check_record
>>> from rulekeeper.games import FORMATS
>>> check_record(FORMATS["leveler"].new_game(1, 2).to_json(), MagicSave)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Annotated, Any, Literal

from annotated_types import Ge, Le, MaxLen, MinLen
from typing_extensions import TypedDict

from rulekeeper.engine.save_records import (
    ChanceRecord,
    Count,
    Described,
    Log,
    OutcomeRecord,
    SavedAs,
    record_of,
)
from rulekeeper.mtg import TURN_LIMIT
from rulekeeper.mtg.formats.leveler import FACTS as LEVELER
from rulekeeper.mtg.formats.stockpile import FACTS as STOCKPILE
from rulekeeper.mtg.formats.vortex import FACTS as VORTEX
from rulekeeper.mtg.state import CardState, PlayerState

FEWEST = min(facts.players[0] for facts in (LEVELER, VORTEX, STOCKPILE))
MOST = max(facts.players[1] for facts in (LEVELER, VORTEX, STOCKPILE))
"""The fewest and the most players of a game of any Magic format, as the formats declare
them (the most, eight, are Stockpile Draft's)."""

Seat = Annotated[int, Ge(0), Le(MOST - 1)]
"""A seat at the table, counted from 0."""

Owner = Annotated[int, Ge(-1), Le(MOST - 1)]
"""A seat, or -1 for a card no player owns yet."""

CardId = Annotated[int, Ge(0), Le(9999)]
"""A card's ID: its position in ``cards``."""

Turn = Annotated[int, Ge(0), Le(TURN_LIMIT)]

Name = Annotated[str, MaxLen(200)]


class PlayerTarget(TypedDict):
    """A player aimed at, or attacked."""

    player: Seat


Target = CardId | PlayerTarget | None
"""What a spell aims at or a creature attacks: a card, a player, or nothing."""


# A player's and a card's records are made from their state classes, field by field in their
# order; the types, bounds and schema's words are given here, as the compiled build keeps a
# compiled class's annotations without them and drops docstrings (record_of says more).
# Written as `if not TYPE_CHECKING`, not `if TYPE_CHECKING`: the API pages' type hints run a
# module's `if TYPE_CHECKING:` block, which would put the checker's alias in the record's place.
if not TYPE_CHECKING:
    PlayerRecord = record_of(
        PlayerState,
        __name__,
        "PlayerRecord",
        "A player's public numbers, field by field as :class:`~rulekeeper.mtg.state.PlayerState` "
        "takes them.",
        index=Seat,
        name=Name,
        life=Annotated[int, Ge(-1_000_000), Le(1_000_000)],
        damage_taken=Count,
        lands_played=Annotated[int, Ge(0), Le(1000)],
        # The seat's one status, saved as the flags saves held before it was one status.
        status=SavedAs(after="drew_from_empty", lost=bool, left=bool),
    )

    CardRecord = record_of(
        CardState,
        __name__,
        "CardRecord",
        "One card and what is true of it now.",
        id=CardId,
        name=Name,
        owner=Owner,
        controller=Owner,
        damage=Count,
        arrived_turn=Turn,
        attacking=Annotated[
            bool,
            Described(
                "Whether it is an attacking creature; ``target`` names the player it attacks."
            ),
        ],
        blocking=Annotated[int, Ge(-1), Le(9999), Described("The attacker it blocks, or -1.")],
        blocking_order=Annotated[int, Ge(0), Le(10_000)],
        assigned=Annotated[
            int,
            Ge(-1),
            Le(10_000),
            Described(
                "In a combat damage step whose division is being chosen, the damage the "
                "division assigns this blocker (on an attacker, to the player it attacks); -1 "
                "otherwise (MG R4)."
            ),
        ],
        target=Annotated[
            Target,
            Described(
                "A spell's target: a card, a player, or nothing. An attacking creature's is the "
                "player it attacks, fixed when it was declared (MG R6, MG R8); a save made "
                "before every attacker kept it may leave it null outside a free-for-all, and "
                "the creature then attacks the defending player."
            ),
        ],
    )
else:
    # To the type checker, the saved forms: JSON objects.
    PlayerRecord = dict[str, Any]
    CardRecord = dict[str, Any]


# Written out, as a Literal must be; a test holds it to rulekeeper.mtg.game.STEPS.
Step = Literal[
    "untap", "upkeep", "draw", "main1", "beginning_of_combat", "declare_attackers",
    "declare_blockers", "first_strike_damage", "combat_damage", "end_of_combat", "main2", "end",
    "cleanup",
]  # fmt: skip
"""The steps of a turn (MG 2)."""


Resume = tuple[Literal["priority", "begin_turn", "end_turn"], Seat]
"""What play goes back to, and for which seat."""


@dataclass
class MagicSave:
    """Everything a game of a Magic format is, RNG included."""

    format: Annotated[str, MaxLen(40)]
    """The format's key."""
    turn: Annotated[int, Ge(1), Le(TURN_LIMIT)]
    """The turn number; the game is drawn at turn 200 (MG R1)."""
    active: Seat
    first_player: Seat
    priority: Seat
    """The seat that must decide next."""
    passes: Annotated[int, Ge(0), Le(MOST - 1)]
    """How many players have passed priority in a row."""
    step: Step
    decision: Annotated[str, MaxLen(40)]
    """The decision asked for: one of the core model's or one of the format's."""
    resume: Resume
    """What play goes back to once the format's own decisions are made."""
    variant_state: dict[str, Any]
    """The format's own bookkeeping, declared by the format."""
    players: Annotated[list[PlayerRecord], MinLen(FEWEST), MaxLen(MOST)]
    cards: Annotated[list[CardRecord], MaxLen(10_000)]
    zones: Annotated[
        dict[Annotated[str, MaxLen(40)], Annotated[list[CardId], MaxLen(10_000)]], MaxLen(100)
    ]
    chance: ChanceRecord
    log: Log
    outcome: OutcomeRecord
