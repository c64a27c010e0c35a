"""The Dominion table: its players, its cards and the zones they are in (the kernel's
:class:`~rulekeeper.engine.table.Table`, DM 1.6).

A Dominion card is its name and nothing more: nothing about a card changes while it is in play,
so ``cards`` holds each card's name by its ID, and a card belongs to whoever's zone it is in.
The players are the kernel's :class:`~rulekeeper.engine.seats.Seat`, every one of them playing
until the game ends (no one leaves a game of Dominion early).

The engine reaches the zones it moves cards through most often without their names: each
player's deck, hand, discard pile and cards in play by seat, and each Supply pile by its card.
These kept indexes are the very lists ``zones`` holds, so a card moved through either is moved
in both (the speed guide, "Making the engine faster", says when they go stale).

>>> from rulekeeper.engine.seats import Seat
>>> table = Table([Seat(0, "Ann"), Seat(1, "Bo")])
>>> table.lay_out("Copper", 3)
>>> table.move(table.pile_ids["Copper"][-1], "hand:1", origin="pile:Copper")
>>> table.names("hand:1"), table.hands[1] is table.zones["hand:1"], len(table.pile_ids["Copper"])
(['Copper'], True, 2)
"""

from __future__ import annotations

import sys
from typing import Final

from rulekeeper.dominion.actions import Buy
from rulekeeper.dominion.cards import CARDS
from rulekeeper.dominion.zones import PLAYER_ZONES, pile_zone, zone_name
from rulekeeper.engine import table
from rulekeeper.engine.seats import Seat
from rulekeeper.engine.table import KeptIndex

COSTS: Final[dict[str, int]] = {name: c.cost or 0 for name, c in CARDS.items()}
"""What each card costs, in coins (every cost in the model is fixed)."""
BUY: Final = {name: Buy(name) for name in CARDS}
"""The action that buys each card, made once: a legal list of buys is built without making any."""
_intern: Final = sys.intern  # a constant, for the compiled build (see the speed guide)


def _first(entry: tuple[str, int, list[int], Buy]) -> str:
    return entry[0]


class Table(table.Table[Seat, str]):
    """The players, the cards (each card's name by its ID) and the zones by name, with the
    zones' lists the engine reaches by seat or by pile (:meth:`reindex`)."""

    def __init__(self, players: list[Seat]) -> None:
        super().__init__(players)
        self.zones["trash"] = []
        for kind in PLAYER_ZONES:
            for player in range(len(players)):
                self.zones[zone_name(kind, player)] = []
        self.player_zones: dict[str, list[list[int]]] = {}
        """Each player's zones of each kind (:data:`~rulekeeper.dominion.zones.PLAYER_ZONES`)
        by seat: the very lists ``zones`` holds as ``deck:0`` and so on."""
        self.decks: list[list[int]] = []
        self.hands: list[list[int]] = []
        self.discards: list[list[int]] = []
        self.in_play: list[list[int]] = []
        """Those of ``player_zones``, by the kinds the engine names most."""
        self.pile_ids: dict[str, list[int]] = {}
        """Each Supply pile by its card's name: the very list ``zones`` holds as ``pile:NAME``."""
        self.pile_lists: list[list[int]] = []
        """The same lists, to scan without their names."""
        self.buy_list: list[tuple[str, int, list[int], Buy]] = []
        """What a legal list of buys needs of each pile, in the order they were laid out: the
        card's name and cost, the pile, and the action that buys it."""
        self.reindex()

    # What the kernel asks of a game's table.

    def _new_card(self, card_id: int, name: str, owner: int, zone: str) -> str:
        return _intern(name)  # interned, as the card data's names are (speed guide)

    def zone_of(self, card_id: int) -> str:
        """The name of the zone the card is in, found by a scan (Dominion keeps no card's zone:
        the engine always knows where it takes a card from, and says so to
        :meth:`~rulekeeper.engine.table.Table.move`).

        :raises KeyError: if no zone holds the card.
        """
        for name, ids in self.zones.items():
            if card_id in ids:
                return name
        raise KeyError(card_id)

    def _zone_changed(self, card: str, origin: str, to: str) -> None:
        pass  # a card is its name wherever it is, and the kept lists are the zones' own

    def reindex(self) -> None:
        """Find the lists of ``zones`` again, for the engine to reach them without a name (once
        a saved game has put the zones back, see :mod:`rulekeeper.dominion.saving`).

        The lists by seat and by pile go stale only if a list in ``zones`` is replaced by
        another (``table.zones["hand:0"] = [...]``) rather than changed in place; the
        invariants compare them with ``zones`` (:meth:`kept_indexes`)."""
        zones = self.zones
        seats = range(len(self.players))
        self.player_zones = {
            kind: [zones.get(zone_name(kind, p), []) for p in seats] for kind in PLAYER_ZONES
        }
        self.decks = self.player_zones["deck"]
        self.hands = self.player_zones["hand"]
        self.discards = self.player_zones["discard"]
        self.in_play = self.player_zones["play"]
        self.pile_ids = {
            _intern(zone[5:]): ids for zone, ids in zones.items() if zone.startswith("pile:")
        }
        self.pile_lists = list(self.pile_ids.values())
        self.buy_list = [(name, COSTS[name], ids, BUY[name]) for name, ids in self.pile_ids.items()]

    def kept_indexes(self) -> list[KeptIndex]:
        """The kept zone lists, each with the list ``zones`` holds, and what a legal list of
        buys keeps of each pile with what ``zones`` and the card data give."""
        zones = self.zones
        found: list[KeptIndex] = [
            (zone_name(kind, player), [ids], [zones.get(zone_name(kind, player))])
            for kind, lists in self.player_zones.items()
            for player, ids in enumerate(lists)
        ]
        piles = {zone[5:]: ids for zone, ids in zones.items() if zone.startswith("pile:")}
        names = sorted(piles)
        found.append(("Supply pile names", sorted(self.pile_ids), names))
        found.append(
            ("Supply piles", [self.pile_ids.get(n) for n in names], [piles[n] for n in names])
        )
        found.append(
            (
                "Supply piles to scan",
                sorted(self.pile_lists, key=id),
                sorted(piles.values(), key=id),
            )
        )
        # Each pile's entry flattened: its name, cost, list and the action that buys it.
        kept_buys = [part for entry in sorted(self.buy_list, key=_first) for part in entry]
        fresh_buys = [part for n in names for part in (n, COSTS[n], piles[n], BUY[n])]
        found.append(("Supply piles to buy from", kept_buys, fresh_buys))
        return found

    # What only Dominion's table does.

    def create_copies(self, name: str, count: int, zone: str) -> None:
        """Make ``count`` new cards called ``name`` on top of ``zone``, as that many calls of
        :meth:`~rulekeeper.engine.table.Table.create` would (a game's setup makes a hundred
        and more at once)."""
        cards = self.cards
        first = len(cards)
        cards.extend([_intern(name)] * count)
        # Not list(range(...)), for the compiled build (see the speed guide); hence the noqa.
        self.zones[zone].extend([card_id for card_id in range(first, first + count)])  # noqa: C416

    def lay_out(self, name: str, count: int) -> None:
        """Lay out a Supply pile of ``count`` cards called ``name`` (the game checks the card
        and says how many, DM 1.4), and link it with the other piles."""
        name = _intern(name)
        ids: list[int] = []
        self.zones[pile_zone(name)] = ids
        self.create_copies(name, count, pile_zone(name))
        self.pile_ids[name] = ids  # the very list zones holds (see reindex)
        self.buy_list.append((name, COSTS[name], ids, BUY[name]))
        self.pile_lists.append(ids)


__all__ = ["BUY", "COSTS", "Table"]
