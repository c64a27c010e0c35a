"""A saved game of Dominion, declared once: what :func:`~rulekeeper.dominion.saving.save` writes
and :func:`~rulekeeper.dominion.saving.restore` accepts, from which the published JSON Schema
is generated (see :mod:`rulekeeper.engine.save_records`).

Both the plain game and the Draft save this way; the Draft keeps its draft and each player's
Supply in ``variant_state``, which its variant checks.

>>> from rulekeeper.dominion.save_records import DominionSave
>>> from rulekeeper.engine.save_records import check_record
>>> from rulekeeper.games import FORMATS
>>> check_record(FORMATS["dominion"].new_game(1, 2).to_json(), DominionSave)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated, Any, Literal, NotRequired

from annotated_types import Ge, Le, MaxLen, MinLen
from typing_extensions import TypedDict

from rulekeeper.dominion import FACTS
from rulekeeper.engine.save_records import (
    ChanceRecord,
    Count,
    Distinct,
    Log,
    Matches,
    OutcomeRecord,
    Tagged,
)

FEWEST, MOST = FACTS.players
"""The fewest and the most players of a game (DM 1.1), as the format declares them."""

Name = Annotated[str, MinLen(1), MaxLen(60)]
"""A card's name (or a card type's, or an option's)."""

Seat = Annotated[int, Ge(0), Le(MOST - 1)]
"""A seat at the table, counted from 0 (DM 1.1: at most six players)."""

CardId = Annotated[int, Ge(0), Le(4999)]
"""A card's number: its position in ``cards``."""

Looked = Annotated[list[CardId], MaxLen(2), Distinct()]
"""Cards a card looks at, by card number, top card first (DM 4.10)."""

Options = Annotated[list[Name], MinLen(1), MaxLen(200)]


# The pending steps (DM 3.3): each kind declares the fields it requires and the only others it
# may have. A new kind of step is declared here, beside the code that makes it
# (rulekeeper.dominion.effects.KINDS), and added to Step.


class CardStep(TypedDict):
    """The fields of every step that a card under way makes and that says nothing more."""

    player: Seat
    card: Name


class TrashStep(TypedDict):
    """Trash between ``min`` and ``max`` cards from hand."""

    do: Literal["trash"]
    player: Seat
    min: Count
    max: Count
    card: NotRequired[Name]
    type: NotRequired[Name]
    only: NotRequired[Name]
    after: NotRequired[Literal["remodel", "mine", "moneylender"]]


class GainStep(TypedDict):
    """Gain a card costing up to ``up_to``."""

    do: Literal["gain"]
    player: Seat
    up_to: Count
    type: NotRequired[Name]
    to: NotRequired[Literal["hand", "deck", "discard"]]
    only: NotRequired[Options]
    copy: NotRequired[bool]
    after: NotRequired[Literal["ironworks"]]


class DiscardStep(TypedDict):
    """Discard cards: a number, down to a hand size, or as many as the player likes."""

    do: Literal["discard"]
    player: Seat
    optional: NotRequired[Count]
    after: NotRequired[Literal["cellar"]]
    discarded: NotRequired[Count]
    count: NotRequired[Count]
    down_to: NotRequired[Count]


class TopdeckStep(TypedDict):
    """Put a card from hand onto the deck."""

    do: Literal["topdeck"]
    player: Seat
    card: NotRequired[Name]
    type: NotRequired[Name]


class ReactStep(CardStep):
    """Reveal a Reaction, or not, when an attack is played."""

    do: Literal["react"]


class EffectStep(CardStep):
    """Play a card's effect."""

    do: Literal["effect"]


class ChooseStep(TypedDict):
    """Choose one of a card's options."""

    do: Literal["choose"]
    player: Seat
    card: Name
    options: Options
    target: NotRequired[CardId]
    name: NotRequired[Name]
    victim: NotRequired[Seat]


class VictimStep(TypedDict):
    """An attack reaching one player."""

    do: Literal["victim"]
    player: Seat
    card: Name
    attacker: NotRequired[Seat]


class LibraryStep(TypedDict):
    """Draw to seven, setting Action cards aside or not."""

    do: Literal["library"]
    player: Seat
    pending: NotRequired[CardId]


class SentryStep(TypedDict):
    """Trash, discard or keep the cards a Sentry looks at (DM 4.10)."""

    do: Literal["sentry"]
    player: Seat
    card: Literal["Sentry"]
    looking: Looked
    kept: Looked


class PassStep(CardStep):
    """Pass a card to the next player."""

    do: Literal["pass"]


class DeliverStep(CardStep):
    """Put the cards set aside where they go."""

    do: Literal["deliver"]


Step = Annotated[
    TrashStep
    | GainStep
    | DiscardStep
    | TopdeckStep
    | ReactStep
    | EffectStep
    | ChooseStep
    | VictimStep
    | LibraryStep
    | SentryStep
    | PassStep
    | DeliverStep,
    Tagged("do"),
]
"""A pending step; its kind (``do``) picks the fields it has."""

ZoneName = Annotated[str, Matches(r"^(trash|pile:.+|(deck|hand|discard|play|aside):[0-5])$")]


@dataclass
class DominionSave:
    """Everything a game of the compact Dominion model is: its cards and zones, the turn, the
    card effects under way, the variant's own bookkeeping, the chance and the log."""

    format: Annotated[str, MaxLen(40)]
    """The format's key: ``dominion`` or ``dominion-draft``."""
    version: Literal[1]
    variant: Annotated[str, MaxLen(40)]
    """The variant's key."""
    players: Annotated[list[Annotated[str, MaxLen(100)]], MinLen(FEWEST), MaxLen(MOST)]
    """The players' names in seat order (DM 1.1)."""
    cards: Annotated[list[Name], MaxLen(5000)]
    """Each card's name, by card number."""
    zones: Annotated[dict[ZoneName, Annotated[list[CardId], MaxLen(5000)]], MaxLen(200)]
    """Every zone by name, with the numbers of the cards in it, top card last."""
    piles: Annotated[list[Name], MaxLen(100), Distinct()]
    landscapes: Annotated[list[Name], MaxLen(20), Distinct()]
    turn: Count
    turns_taken: Annotated[list[Count], MinLen(FEWEST), MaxLen(MOST)]
    active: Seat
    phase: Literal["pregame", "action", "buy"]
    actions: Count
    buys: Count
    coins: Count
    steps: Annotated[list[Step], MaxLen(1000)]
    """Card effects waiting to happen, the next one last (DM 3.3)."""
    projects: Annotated[dict[str, Annotated[list[Seat], MaxLen(MOST), Distinct()]], MaxLen(20)]
    """Each Project's cubes, by owner (DM 5.4)."""
    gained: Annotated[list[Annotated[list[Name], MaxLen(1000)]], MinLen(FEWEST), MaxLen(MOST)]
    """What each player gained on their latest turn."""
    turn_flags: Annotated[dict[str, Count], MaxLen(50)]
    variant_state: dict[str, Any]
    """The variant's own bookkeeping; the variant checks it."""
    chance: ChanceRecord
    log: Log
    outcome: OutcomeRecord
