"""The table every card game shares: its players, its cards, the zones they are in by name, and
what a game keeps about them to find them quickly.

A zone is a named list of card IDs (``hand:0``, ``battlefield``, ``stack``), its top card last.
Every card is in exactly one zone, and :meth:`Table.move` is the one way to change that: it
takes the card out of where it is and puts it on the top (or the bottom) of where it goes,
and hands the rest to the game's own ``Table._zone_changed``, which records where the card
now is, forgets what the card had only in the zone it left, and drops what the game keeps
about the zones it touched.

What a game keeps instead of working it out again (the permanents of each player, the
creatures on a battlefield, a player's lands) is a kept index. The game says what each one
should hold by a fresh scan (:meth:`Table.kept_indexes`), and one invariant,
:func:`kept_index_problems`, compares the two, so that the conformance runs catch an index that
a direct edit of a zone left stale.
"""

from __future__ import annotations

from abc import abstractmethod
from collections.abc import Iterable, Sequence
from typing import Generic, Protocol, TypeAlias, TypeVar

from rulekeeper.errors import InputError


class NamedCard(Protocol):
    """What the table asks of a card: its name (or the card is its name, a ``str``, as a
    Dominion card is)."""

    @property
    def name(self) -> str: ...  # pragma: no cover - a protocol


PlayerT = TypeVar("PlayerT")
"""The type of a game's players."""
CardT = TypeVar("CardT", bound=NamedCard | str)
"""The type of a game's cards: an object with a name, or a name."""

KeptIndex: TypeAlias = tuple[str, Sequence[object], Sequence[object]]
"""One kept index and what a fresh scan finds: ``(what it is, kept, fresh)``."""

GONE = "gone"
"""The zone of the IDs a card has stopped using when it became a new object
(:meth:`Table.renumber`): no game shows it, and nothing in it can be found or moved."""


def kept_index_problems(indexes: Iterable[KeptIndex]) -> list[str]:
    """Every kept index that differs from what a fresh scan finds (a conformance invariant:
    it must always be empty).

    The two must hold the very same objects in the same order: two cards can be alike, so
    equal ones would not do. Strings and numbers (names, costs) are compared by their value.

    >>> hand = [3, 4]
    >>> kept_index_problems([("hand:0", [hand], [hand]), ("hand names", ["hand:0"], ["hand:1"])])
    ["the kept hand names ['hand:0'] is not what a fresh scan finds (['hand:1'])"]
    """
    return [
        f"the kept {what} {list(kept)!r} is not what a fresh scan finds ({list(fresh)!r})"
        for what, kept, fresh in indexes
        if not _same(kept, fresh)
    ]


def _same(kept: Sequence[object], fresh: Sequence[object]) -> bool:
    return len(kept) == len(fresh) and all(
        a is b or (isinstance(a, str | int) and a == b) for a, b in zip(kept, fresh, strict=True)
    )


def _name(card: NamedCard | str) -> str:
    return card if isinstance(card, str) else card.name


def player_zone_names(kinds: Sequence[str], seats: int) -> dict[str, list[str]]:
    """The name of each player's zone of each kind, ``kind:seat``, made once for a game's
    largest table: the engine asks for them far more often than a name is worth making.

    >>> player_zone_names(("hand", "deck"), 2)
    {'hand': ['hand:0', 'hand:1'], 'deck': ['deck:0', 'deck:1']}
    """
    return {kind: [f"{kind}:{seat}" for seat in range(seats)] for kind in kinds}


class Table(Generic[PlayerT, CardT]):
    """The players, the cards (a card's ID is its index in ``cards``) and the zones by name.

    A game's table subclasses it, says how a card is made (``_new_card``), where a card is
    (:meth:`zone_of`) and what follows a move (``_zone_changed``), and lists the indexes it
    keeps (:meth:`kept_indexes`).
    """

    def __init__(self, players: list[PlayerT]) -> None:
        self.players = players
        self.cards: list[CardT] = []
        self.zones: dict[str, list[int]] = {}

    # What each game says.

    @abstractmethod
    def _new_card(self, card_id: int, name: str, owner: int, zone: str) -> CardT:
        """A new card called ``name`` with this ID, owned by ``owner``, about to be put into
        ``zone``."""

    @abstractmethod
    def zone_of(self, card_id: int) -> str:
        """The name of the zone the card is in."""

    @abstractmethod
    def _zone_changed(self, card: CardT, origin: str, to: str) -> None:
        """``card`` has come from ``origin`` (``""`` for a new card) to ``to``: record where it
        is, forget what it had only where it was, and drop the kept indexes this makes stale."""

    def kept_indexes(self) -> list[KeptIndex]:
        """Each index the table keeps now, with what a fresh scan finds (by default none)."""
        return []

    def reindex(self) -> None:
        """Work out again what the table keeps from its players, cards and zones, once a saved
        game has put them back (by default nothing: a table that keeps indexes says how)."""

    def _left_behind(self, card: CardT, card_id: int) -> CardT:
        """What stays under a card's old ID once it has become a new object: a card of the
        game's own making in :data:`GONE` (only games that renumber cards say what)."""
        raise NotImplementedError  # pragma: no cover - a game that renumbers says

    def _renumbered(self, card: CardT, card_id: int) -> None:
        """``card`` is now known by ``card_id``: record it where the game keeps a card's ID."""
        raise NotImplementedError  # pragma: no cover - a game that renumbers says

    # What every table does.

    def create(self, name: str, owner: int, zone: str) -> int:
        """Make a new card called ``name`` owned by ``owner`` on top of ``zone``; its ID."""
        card_id = len(self.cards)
        card = self._new_card(card_id, name, owner, zone)
        self.cards.append(card)
        self.zones[zone].append(card_id)
        self._zone_changed(card, "", zone)
        return card_id

    def move(
        self, card_id: int, to: str, *, bottom: bool = False, origin: str | None = None
    ) -> None:
        """Move a card to the top (the end) or the bottom (the start) of zone ``to`` from the
        zone it is in, ``origin`` when the caller says (a table that keeps no card's zone,
        Dominion's, is told: its :meth:`zone_of` searches)."""
        if origin is None:
            origin = self.zone_of(card_id)
        leaving = self.zones[origin]
        if leaving and leaving[-1] == card_id:
            leaving.pop()  # the top card (a draw, the top of a pile): no search of the zone
        else:
            leaving.remove(card_id)
        self._zone_changed(self.cards[card_id], origin, to)
        if bottom:
            self.zones[to].insert(0, card_id)
        else:
            self.zones[to].append(card_id)

    def renumber(self, card_id: int) -> int:
        """Give a card a fresh ID, the next one, in the same place of the same zone: what
        anyone knew of its old ID no longer points at it (a card turned face down). The old
        ID stays taken, by what the game leaves behind in :data:`GONE`, so that every other
        card keeps its ID; the new ID.
        """
        card = self.cards[card_id]
        zone = self.zones[self.zone_of(card_id)]
        new_id = len(self.cards)
        self.cards.append(card)
        zone[zone.index(card_id)] = new_id
        self._renumbered(card, new_id)
        self.cards[card_id] = self._left_behind(card, card_id)
        self.zones.setdefault(GONE, []).append(card_id)
        return new_id

    def swap_zones(self, first: str, second: str) -> None:
        """Swap the cards of two zones, each keeping its order (a Vortex pack passed on). The
        zones' lists change places, so neither may be one the game reaches without its name."""
        zones = self.zones
        zones[first], zones[second] = zones[second], zones[first]
        for zone, origin in ((first, second), (second, first)):
            for card_id in zones[zone]:
                self._zone_changed(self.cards[card_id], origin, zone)

    def names(self, zone: str) -> list[str]:
        """The names of the cards in ``zone``, bottom first."""
        cards = self.cards
        return [_name(cards[i]) for i in self.zones[zone]]

    def _true_name(self, card: CardT) -> str:
        """A card's own name, as :meth:`find` looks for it: its name, unless the game hides it
        (a face-down card), when the game says what lies beneath."""
        return _name(card)

    def find(self, name: str, zone: str | None = None) -> int:
        """The ID of the first card whose own name is ``name``, in any case (in ``zone`` if
        given): how scenarios, tests and examples point at a card.

        :raises InputError: if there is no such card.
        """
        wanted = name.casefold()
        for card_id, card in enumerate(self.cards):
            where = self.zone_of(card_id)
            if where == GONE or zone not in (None, where):
                continue  # an ID a card has left (renumber) finds nothing
            if self._true_name(card).casefold() == wanted:
                return card_id
        raise InputError(f"no card named {name!r}" + (f" in {zone}" if zone else ""))

    def kept_index_problems(self) -> list[str]:
        """Every kept index that differs from a fresh scan (see :func:`kept_index_problems`)."""
        return kept_index_problems(self.kept_indexes())


__all__ = [
    "GONE",
    "CardT",
    "KeptIndex",
    "NamedCard",
    "PlayerT",
    "Table",
    "kept_index_problems",
    "player_zone_names",
]
