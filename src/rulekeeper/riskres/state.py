"""The table: cards, zones and players (RR 2). Zones are named ``kind:player`` or ``stack``.

Every card is in exactly one zone. Libraries are listed bottom first, so the top card is the
last one; graveyards keep the order cards arrived in (RR 2.4b).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from rulekeeper.engine import table
from rulekeeper.engine.seats import Seat, status_of
from rulekeeper.engine.table import KeptIndex, player_zone_names
from rulekeeper.riskres import PLAYERS
from rulekeeper.riskres.cards import CardDef, card

FACE_DOWN: Final = CardDef(
    name="",
    types=("Creature",),
    subtype="",
    cost=0,
    pitch=1,
    text="",
    power=2,
    defense=2,
)
"""A face-down permanent: a 2/2 creature with no name, cost, subtype or abilities (RR 13.1a,
RR 13.1b)."""

PLAYER_ZONES: Final = ("library", "hand", "battlefield", "graveyard", "exile", "traps")
"""Each player's zones (RR 2.1 to 2.5, 2.7); the stack (RR 2.6) is shared."""

HIDDEN_ZONES: Final = ("library", "hand", "traps")  # RR 2.1a, 2.2c, 2.7c

# Every zone name, made once (speed guide, "Patterns in the hot code").
_ZONE_NAMES: Final = player_zone_names(PLAYER_ZONES, PLAYERS[1])


def zone_name(kind: str, player: int) -> str:
    """The name of ``player``'s zone of ``kind``, one of :data:`PLAYER_ZONES`.

    >>> zone_name("hand", 1)
    'hand:1'
    """
    return _ZONE_NAMES[kind][player]


# A dataclass so that its fields, in this order, make the save's record
# (rulekeeper.riskres.save_records). Compared by identity, as before it was one (eq=False): two
# cards alike are still two cards. Its defaults are its constructor's, spelled out below, so
# that the compiled build sets no default it then overwrites.
@dataclass(slots=True, eq=False)
class CardState:
    """One physical card and what is true of it now."""

    id: int
    printed: CardDef  # the card's own characteristics
    owner: int
    controller: int
    zone: str
    tapped: bool
    damage: int  # RR R4: damage is marked, defense never changes
    arrived_turn: int
    attacked_turn: int
    plus: int  # +1/+1 counters
    minus: int  # -1/-1 counters
    pump_power: int  # until end of turn
    pump_defense: int
    attached_to: int | None
    prevented: int  # RR R19: Armored damage prevented this turn
    deadly_hit: bool  # dealt damage by a Deadly source (RR 6.2.4)
    face_down: bool  # RR 13.1: a face-down permanent is a plain 2/2

    # Spelled out (speed guide, "A compiled engine").
    def __init__(
        self,
        id: int,  # the attribute's name, as the save's record names it
        printed: CardDef,
        owner: int,
        zone: str,
        *,
        controller: int | None = None,
        tapped: bool = False,
        damage: int = 0,
        arrived_turn: int = 0,
        attacked_turn: int = 0,
        plus: int = 0,
        minus: int = 0,
        pump_power: int = 0,
        pump_defense: int = 0,
        attached_to: int | None = None,
        prevented: int = 0,
        deadly_hit: bool = False,
        face_down: bool = False,
    ) -> None:
        # Every attribute can be given by name, so that a saved card is made in one call
        # (rulekeeper.riskres.saving); a new card gives only the first four.
        self.id = id
        self.printed = printed
        self.face_down = face_down
        self.owner = owner
        self.controller = owner if controller is None else controller
        self.zone = zone
        self.tapped = tapped
        self.damage = damage
        self.arrived_turn = arrived_turn
        self.attacked_turn = attacked_turn
        self.plus, self.minus = plus, minus
        self.pump_power, self.pump_defense = pump_power, pump_defense
        self.attached_to = attached_to
        self.prevented = prevented
        self.deadly_hit = deadly_hit

    def __repr__(self) -> str:
        return f"<CardState id={self.id} name={self.name!r} zone={self.zone!r}>"

    @property
    def definition(self) -> CardDef:
        """The characteristics the card has now: a face-down card's are those of
        :data:`FACE_DOWN` (RR 13.1a, RR 13.1b, RR 13.4c)."""
        return FACE_DOWN if self.face_down else self.printed

    @property
    def name(self) -> str:
        """The card's name, or "a face-down creature" while it is face down (RR 13.1b)."""
        return "a face-down creature" if self.face_down else self.printed.name

    def become_new_object(self) -> None:
        """Forget everything that was true only on the battlefield (a new object elsewhere)."""
        self.tapped = False
        self.damage = self.plus = self.minus = self.pump_power = self.pump_defense = 0
        self.attached_to = None
        self.prevented = 0
        self.deadly_hit = False
        self.controller = self.owner
        self.face_down = False  # RR 13.5b: it goes to its new zone face up


@dataclass
class PlayerState(Seat):
    """A player's resources and standing, at their seat (the kernel's
    :class:`~rulekeeper.engine.seats.Seat`: a player who lost leaves the game while others play
    on, RR 10.5, RR R54, and is skipped by turns, priority and effects from the moment they
    lose)."""

    ep: int  # RR 1.1, RR R6: starting EP 0
    intel: int  # RR 1.4
    intel_used: int  # Intel abilities activated this turn (RR 1.4, RR R16)
    lost: str  # the rule under which this player lost, if they have (see lose())
    won: str  # the rule under which this player would win
    drew_from_empty: bool  # RR 9.2a, checked as a state-based action (RR 11.1d)
    mulligans: int
    kept: bool
    pending: str  # a hidden simultaneous mulligan decision (RR 12.4)
    extra: dict[str, int]

    # Spelled out (speed guide, "A compiled engine"). A save says whether a player left as a
    # flag of its own (the record's ``left``, read back from the seat's property of that name):
    # with the rule they lost under, it is taken here as the one status they mean.
    def __init__(
        self,
        index: int,
        name: str,
        ep: int = 0,
        intel: int = 0,
        intel_used: int = 0,
        lost: str = "",
        won: str = "",
        drew_from_empty: bool = False,
        left: bool = False,
        mulligans: int = 0,
        kept: bool = False,
        pending: str = "",
        extra: dict[str, int] | None = None,
    ) -> None:
        self.index, self.name, self.status = index, name, status_of(bool(lost), left)
        self.ep, self.intel, self.intel_used = ep, intel, intel_used
        self.lost, self.won, self.drew_from_empty = lost, won, drew_from_empty
        self.mulligans, self.kept, self.pending = mulligans, kept, pending
        self.extra = {} if extra is None else extra

    def lose(self, rule: str = "RR 9.2") -> None:
        """The player loses the game under ``rule`` (the section on losing, RR 9.2, if the
        caller names none; the first rule stays, should they lose again before they leave).
        The game's :meth:`~rulekeeper.riskres.game.RiskGame.mark_lost` calls it."""
        self.lost = self.lost or rule
        super().lose()


class Table(table.Table[PlayerState, CardState]):
    """The cards, the zones and the players (the kernel's :class:`~rulekeeper.engine.table.Table`);
    a card knows its zone (``CardState.zone``)."""

    def __init__(self, players: list[PlayerState]) -> None:
        super().__init__(players)
        self.zones["stack"] = []
        # permanents() by controller (None for everyone). Asked for far more often than the
        # battlefield changes, so kept until a card enters or leaves it; a change replaces the
        # dict rather than emptying it, so a list someone is iterating over stays as it was. A
        # zone's list changed directly would leave it stale, and kept_indexes() gives the
        # invariants a fresh scan to compare it with.
        self._battlefield: dict[int | None, list[CardState]] = {}
        for player in range(len(players)):
            for kind in PLAYER_ZONES:
                self.zones[zone_name(kind, player)] = []

    def _new_card(self, card_id: int, name: str, owner: int, zone: str) -> CardState:
        return CardState(card_id, card(name), owner, zone)

    def _left_behind(self, card: CardState, card_id: int) -> CardState:
        return CardState(card_id, card.printed, card.owner, table.GONE)

    def _renumbered(self, card: CardState, card_id: int) -> None:
        card.id = card_id

    def _true_name(self, card: CardState) -> str:
        return card.printed.name  # a face-down card is found by the name it hides (RR 13.1b)

    def zone_of(self, card_id: int) -> str:
        """The name of the zone the card is in."""
        return self.cards[card_id].zone

    def _zone_changed(self, card: CardState, origin: str, to: str) -> None:
        if origin.startswith("battlefield") or to.startswith("battlefield"):
            self._battlefield = {}
            if not to.startswith("battlefield"):
                card.become_new_object()
        card.zone = to

    def permanents(self, player: int | None = None) -> list[CardState]:
        """The permanents on the battlefield, of one controller or of everyone.

        The list is shared and not to be changed; moving a card makes a new one.
        """
        found = self._battlefield.get(player)
        if found is None:
            found = self._battlefield[player] = self.scan_permanents(player)
        return found

    def scan_permanents(self, player: int | None = None) -> list[CardState]:
        """The permanents on the battlefield, of one controller or of everyone, found by
        looking at every card there."""
        seats = range(len(self.players)) if player is None else (player,)
        return [self.cards[i] for p in seats for i in self.zones[zone_name("battlefield", p)]]

    def kept_indexes(self) -> list[KeptIndex]:
        """The kept permanents of each controller asked about, with a fresh scan of each."""
        return [
            (
                f"permanents of {'everyone' if p is None else f'seat {p}'}",
                kept,
                self.scan_permanents(p),
            )
            for p, kept in self._battlefield.items()
        ]

    def creatures(self, player: int | None = None) -> list[CardState]:
        """The creatures on the battlefield, of one controller or of everyone."""
        return [c for c in self.permanents(player) if c.definition.has_type("Creature")]
