"""The pieces of a Magic game: players, cards in zones, and how cards move (MG 1).

Zones are named strings: ``library:0``, ``hand:1``, ``graveyard:0`` belong to one player;
``battlefield``, ``exile`` and ``stack`` are shared. A format may add zones of its own (Leveler's
sub-decks waiting outside the game are ``outside:0:2`` and ``outside:0:3``). Every card is in
exactly one zone; :meth:`Table.move` is the only way to change that.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from rulekeeper.engine import table
from rulekeeper.engine.seats import PLAYING, Seat, status_of
from rulekeeper.engine.table import KeptIndex
from rulekeeper.mtg.actions import Target
from rulekeeper.mtg.cards import CardDef, card, card_pool

# Not Final, unlike the model's other constants: typing.get_type_hints refuses a bare Final,
# and the API reference then could not tell which CardDef FORMAT_CARDS holds.
SHARED_ZONES = ("battlefield", "exile", "stack", "left")
"""Zones no player owns. ``left`` holds the cards of players who have left the game (MG R6)."""
PLAYER_ZONES = ("library", "hand", "graveyard")
HIDDEN_ZONES = ("library", "hand")
"""Zones whose contents only their owner may see (the hand), or no one (the library). MG 1.2."""
CORE_DECISIONS = frozenset({"priority", "attackers", "blockers", "damage", "discard"})
"""The decisions the compact model asks for itself; any other belongs to the format."""


UNOWNED = -1
"""The owner of a card that no player owns (yet)."""

FORMAT_CARDS: dict[str, CardDef] = {}
"""Cards a format adds beyond the pool, by the name the engine keeps for them (Stockpile
Draft's Junk). :class:`~rulekeeper.mtg.game.MagicGame` fills it from
:meth:`~rulekeeper.mtg.hooks.MagicFormat.extra_cards` when a game starts; a format always adds
the same cards, so this only ever grows and no game sees a card another game changed."""


def definition_of(name: str) -> CardDef:
    """The characteristics of the card the engine calls ``name``: a pool card or a format's.

    :raises InputError: if no such card is known.
    """
    definition = FORMAT_CARDS.get(name)
    if definition is None:
        # The canonical name, as decks and saves spell it, is read directly: every game makes
        # a hundred cards or more. Another spelling goes through card()'s folding.
        definition = card_pool().get(name)
    return definition if definition is not None else card(name)


def zone_name(kind: str, player: int) -> str:
    """The name of a player's zone, e.g. ``zone_name("hand", 0) == "hand:0"``."""
    return f"{kind}:{player}"


@dataclass(slots=True)
class PlayerState(Seat):
    """A player's public numbers, at their seat (the kernel's
    :class:`~rulekeeper.engine.seats.Seat`: a player who lost while others play on leaves the
    game, MG R6)."""

    life: int
    damage_taken: int  # MG 1.4: a running total that life gain never lowers
    lands_played: int
    drew_from_empty: bool

    # Spelled out (speed guide, "A compiled engine"). A save says whether a player lost and
    # whether they left, each a flag (the record's ``lost`` and ``left``, read back from the
    # seat's properties of those names): they are taken here as the one status they mean.
    def __init__(
        self,
        index: int,
        name: str,
        life: int,
        damage_taken: int = 0,
        lands_played: int = 0,
        drew_from_empty: bool = False,
        lost: bool = False,
        left: bool = False,
    ) -> None:
        self.index, self.name, self.status = index, name, status_of(lost, left)
        self.life, self.damage_taken, self.lands_played = life, damage_taken, lands_played
        self.drew_from_empty = drew_from_empty

    @property
    def lost(self) -> bool:
        """Whether the player has lost (MG 5.2, MG 5.3), whether or not they have left since."""
        return self.status != PLAYING


@dataclass(slots=True)
class CardState:
    """One physical card and the status it has where it is.

    ``owner`` is -1 for a card no player owns yet (a Vortex card in the shoe or a pack).
    ``definition`` is the card's printed characteristics (a
    :class:`~rulekeeper.mtg.cards.CardDef`), looked up once when the card is made.
    """

    id: int
    name: str
    owner: int
    controller: int
    tapped: bool = False
    damage: int = 0
    deathtouched: bool = False
    arrived_turn: int = 0
    attacking: bool = False
    blocking: int = -1
    blocking_order: int = 0
    blocked: bool = False
    # MG R4: in a combat damage step whose division is being chosen, the damage assigned to
    # this blocker by the attacker it blocks (on an attacker: to the player it attacks), once
    # its attacker's division is chosen; -1 otherwise.
    assigned: int = -1
    target: Target | None = None
    definition: CardDef = field(init=False, repr=False, compare=False)

    # Spelled out (speed guide, "A compiled engine").
    def __init__(
        self,
        id: int,
        name: str,
        owner: int,
        controller: int,
        tapped: bool = False,
        damage: int = 0,
        deathtouched: bool = False,
        arrived_turn: int = 0,
        attacking: bool = False,
        blocking: int = -1,
        blocking_order: int = 0,
        blocked: bool = False,
        assigned: int = -1,
        target: Target | None = None,
        definition: CardDef | None = None,
    ) -> None:
        self.id, self.name, self.owner, self.controller = id, name, owner, controller
        self.tapped, self.damage, self.deathtouched = tapped, damage, deathtouched
        self.arrived_turn, self.attacking, self.blocking = arrived_turn, attacking, blocking
        self.blocking_order, self.blocked, self.target = blocking_order, blocked, target
        self.assigned = assigned
        # Looked up once: a card's name never changes, and the engine asks for its definition
        # more than for anything else. A new card (Table.create) brings the definition it has
        # already looked up; a restored one is looked up by its canonical name.
        self.definition = definition if definition is not None else definition_of(name)

    def become_new_object(self) -> None:
        """Forget everything a card had on the battlefield or the stack (a new object)."""
        self.tapped = self.attacking = self.blocked = self.deathtouched = False
        self.damage, self.blocking, self.blocking_order, self.target = 0, -1, 0, None
        self.assigned = -1
        self.controller = self.owner


class Table(table.Table[PlayerState, CardState]):
    """Players, cards and zones: everything on the table, with no rules attached (the kernel's
    :class:`~rulekeeper.engine.table.Table`); ``where`` says which zone each card is in."""

    def __init__(self, players: list[PlayerState]) -> None:
        super().__init__(players)
        self.where: dict[int, str] = {}
        self.redirect: Callable[[int, str], str] | None = None
        """Where a card that would be put onto the stack or the battlefield goes instead, for
        formats with such a replacement (:meth:`~rulekeeper.mtg.hooks.MagicFormat.redirect`)."""
        # The creatures on the battlefield (creatures() of every controller), kept because the
        # engine asks for them at every state-based check and the battlefield changes far less
        # often. Stale once a creature enters or leaves the battlefield (other cards coming and
        # going leave the creatures in the same order), so create(), move() and reindex(), the
        # only ways the model changes a zone, drop it; a zone's list changed directly would
        # leave it stale, and the kept-index invariant (kept_indexes()) compares it with a fresh
        # scan.
        self._creatures: list[CardState] | None = None
        # The lands on the battlefield of each controller asked about (lands()), kept because
        # every priority asks what a player's untapped lands can pay, and in a game of many
        # players the battlefield holds many lands of others. A controller's are stale once one
        # of their lands enters or leaves the battlefield: create() and move() drop theirs,
        # reindex(), claim() and release() (a card changing controller) drop them all; a
        # controller set directly on the battlefield would leave them stale, and the kept-index
        # invariant compares them with a fresh scan as well.
        self._lands: dict[int, tuple[CardState, ...]] = {}
        self._name_player_zones()
        self.stack: list[int] = []
        """The cards on the stack, bottom first: the very list ``zones["stack"]`` holds."""
        self.hands: list[list[int]] = []
        """Each player's hand by seat: the very lists ``zones`` holds under ``hand_zones``."""
        self._link_zones()

    def _name_player_zones(self) -> None:
        # The names of each player's hand, library and graveyard by seat ("hand:0", ...): the
        # engine asks for them whenever a player would receive priority, and making the name
        # each time costs more than finding the zone. They follow from the number of players,
        # which no game changes; reindex(), after a save has replaced the players, names them
        # again.
        seats = range(len(self.players))
        self.hand_zones: list[str] = [zone_name("hand", p) for p in seats]
        self.library_zones: list[str] = [zone_name("library", p) for p in seats]
        self.graveyard_zones: list[str] = [zone_name("graveyard", p) for p in seats]

    def _link_zones(self) -> None:
        # The stack and each player's hand, reached without their names: every priority asks
        # whether the stack is empty and what the hand holds, and finding a zone by its name
        # costs more than the question. They are the very lists ``zones`` holds, so a card
        # moved through either is moved in both; they go stale only if a list in ``zones`` is
        # replaced rather than changed in place, which the model never does to these. Linked
        # again whenever a zone is added and when reindex() finds new zones; the kept-index
        # invariant checks that they are still the same lists.
        zones = self.zones
        self.stack = zones.get("stack", [])
        self.hands = [zones.get(name, []) for name in self.hand_zones]

    def _battlefield_changed(self, card: CardState) -> None:
        # ``card`` entered or left the battlefield: what is kept about the cards of its kind
        # (its controller's, for lands) is worked out again when next asked for.
        definition = card.definition
        if definition.is_creature:
            self._creatures = None
        if definition.is_land:
            self._lands.pop(card.controller, None)

    def add_zone(self, name: str) -> None:
        """Create an empty zone (setup only)."""
        self.zones.setdefault(name, [])
        self._link_zones()

    def reindex(self) -> None:
        """Work out again what the table keeps from its players, cards and zones, once a saved
        game has put them back (see :mod:`rulekeeper.mtg.saving`): where each card is follows
        from the zones."""
        zones = self.zones
        self.where = {i: k for k, v in zones.items() for i in v}
        self._creatures = None
        self._lands = {}
        self._name_player_zones()
        self._link_zones()

    def _new_card(self, card_id: int, name: str, owner: int, zone: str) -> CardState:
        definition = definition_of(name)  # fail early on a card the engine does not implement
        return CardState(card_id, definition.name, owner, owner, definition=definition)

    def zone_of(self, card_id: int) -> str:
        """The name of the zone the card is in."""
        return self.where[card_id]

    def _zone_changed(self, card: CardState, origin: str, to: str) -> None:
        # Leaving the battlefield or the stack makes the card a new object: its status resets.
        if origin == "battlefield" or to == "battlefield":
            self._battlefield_changed(card)
        if (origin == "battlefield" or origin == "stack") and to != origin:
            card.become_new_object()
        self.where[card.id] = to

    def claim(self, card_id: int, player: int) -> None:
        """Make ``player`` the owner and controller of a card nobody owns; others stay put."""
        state = self.cards[card_id]
        if state.owner == UNOWNED:
            state.owner = state.controller = player
            if self.where[card_id] == "battlefield":
                self._lands = {}  # a land may have changed controller: every entry is redone

    def release(self, card_id: int) -> None:
        """Make a card nobody's again (a card back in a pile no player owns)."""
        state = self.cards[card_id]
        state.owner = state.controller = UNOWNED
        if self.where[card_id] == "battlefield":
            self._lands = {}  # a land may have changed controller: every entry is redone

    def move(
        self, card_id: int, to: str, *, bottom: bool = False, origin: str | None = None
    ) -> None:
        """Move a card to the top (end) or bottom (start) of zone ``to``.

        Leaving the battlefield or the stack makes the card a new object: its status resets.
        A card bound for the stack or the battlefield may be sent elsewhere by the format's
        replacement (:attr:`redirect`).
        """
        if self.redirect is not None and (to == "stack" or to == "battlefield"):
            to = self.redirect(card_id, to)
        super().move(card_id, to, bottom=bottom, origin=origin)

    def permanents(self, controller: int | None = None) -> list[CardState]:
        """The cards on the battlefield, optionally only those ``controller`` controls."""
        cards = self.cards
        if controller is None:
            return [cards[i] for i in self.zones["battlefield"]]
        return [c for i in self.zones["battlefield"] if (c := cards[i]).controller == controller]

    def creatures(self, controller: int | None = None) -> list[CardState]:
        """The creatures on the battlefield, optionally only those ``controller`` controls,
        in battlefield order."""
        found = self._creatures
        if found is None:
            found = self._creatures = self.scan_creatures()
        if controller is None:
            return list(found)  # a new list: the kept one is not the caller's to change
        return [c for c in found if c.controller == controller]

    def scan_creatures(self) -> list[CardState]:
        """The creatures on the battlefield, found by looking at every card there."""
        cards = self.cards
        return [c for i in self.zones["battlefield"] if (c := cards[i]).definition.is_creature]

    def lands(self, controller: int) -> tuple[CardState, ...]:
        """The lands ``controller`` controls on the battlefield, in battlefield order."""
        found = self._lands.get(controller)
        if found is None:
            found = self._lands[controller] = self.scan_lands(controller)
        return found

    def scan_lands(self, controller: int) -> tuple[CardState, ...]:
        """The lands ``controller`` controls on the battlefield, found by looking at every card
        there."""
        cards = self.cards
        return tuple(
            card
            for i in self.zones["battlefield"]
            if (card := cards[i]).controller == controller and card.definition.is_land
        )

    def kept_indexes(self) -> list[KeptIndex]:
        """The kept creatures and lands, the kept names of the players' zones and the linked
        stack and hands, each with a fresh scan, fresh names or the zones' own lists."""
        zones, seats = self.zones, range(len(self.players))
        found: list[KeptIndex] = [
            (f"{kind} names", kept, [zone_name(kind, p) for p in seats])
            for kind, kept in (
                ("hand", self.hand_zones),
                ("library", self.library_zones),
                ("graveyard", self.graveyard_zones),
            )
        ]
        found.append(("linked stack", [self.stack], [zones.get("stack")]))
        found += [
            (f"linked hand of seat {seat}", self.hands[seat : seat + 1], [zones.get(name)])
            for seat, name in enumerate(self.hand_zones)
        ]
        if self._creatures is not None:
            found.append(("creatures", self._creatures, self.scan_creatures()))
        found += [
            (f"lands of {controller}", lands, self.scan_lands(controller))
            for controller, lands in self._lands.items()
        ]
        return found
