"""Set up a Magic position in a few lines, for worked examples and tests.

>>> from rulekeeper.mtg.scenario import Scenario
>>> from rulekeeper.mtg.actions import Cast, Player
>>> game = (Scenario("leveler")
...         .player(0, hand=["Lightning Bolt"], battlefield=["Mountain"])
...         .player(1, life=12)
...         .at("main1")
...         .build())
>>> game.apply(Cast(game.find("Lightning Bolt"), target=Player(1)))
>>> for event in game.log[:3]:
...     print(event)
turn 2: Alice casts Lightning Bolt targeting Bob (MG 3.3)
turn 2: Lightning Bolt resolves (MG 3.6)
turn 2: Lightning Bolt deals 3 damage to Bob (life 9, damage taken 3) (MG 6.1)

Neither player had anything to do but pass priority, so the engine passed for them (MG R3)
and the bolt resolved. With nothing left to decide, the game then plays on by itself until
Bob has to draw from his empty library.

Libraries are listed from the top down. Permanents are on the battlefield since before this
turn, so creatures may attack, unless listed in ``arrived`` (they came this turn). Nothing
happens on :meth:`Scenario.build`: state-based actions wait for the first priority.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from rulekeeper.engine.chance import Chance
from rulekeeper.engine.game import seat_of
from rulekeeper.engine.scenario import TurnScenario
from rulekeeper.mtg.formats import magic_format
from rulekeeper.mtg.game import STEPS, MagicGame
from rulekeeper.mtg.state import UNOWNED


@dataclass
class _Seat:
    life: int | None = None
    damage_taken: int = 0
    zones: dict[str, list[str]] = field(default_factory=dict)
    arrived: list[str] = field(default_factory=list)
    tapped: list[str] = field(default_factory=list)


class Scenario(TurnScenario):
    """A fluent builder for a :class:`~rulekeeper.mtg.game.MagicGame` position."""

    steps = STEPS

    def __init__(
        self, format_key: str = "leveler", *, seed: int = 0, names: Iterable[str] = ("Alice", "Bob")
    ) -> None:
        super().__init__(seed=seed, names=names)
        self._format = magic_format(format_key)
        self._seats = [_Seat() for _ in self._names]
        self._zones: dict[str, tuple[list[str], int]] = {}

    def player(
        self,
        index: int,
        *,
        life: int | None = None,
        damage_taken: int = 0,
        hand: Iterable[str] = (),
        library: Iterable[str] = (),
        graveyard: Iterable[str] = (),
        battlefield: Iterable[str] = (),
        arrived: Iterable[str] = (),
        tapped: Iterable[str] = (),
        **zones: Iterable[str],
    ) -> Scenario:
        """Describe player ``index``: life, damage taken, and the cards in their zones.

        Extra keyword arguments name the format's own zones by kind, e.g. ``outside_2=[...]``
        for Leveler's second sub-deck.

        :raises InputError: if the table has no player ``index``.
        """
        seat = self._seats[seat_of(index, len(self._seats))]
        seat.life, seat.damage_taken = life, damage_taken
        seat.zones = {
            "hand": list(hand),
            "library": list(library)[::-1],
            "graveyard": list(graveyard),
            "battlefield": list(battlefield),
        }
        seat.zones |= {kind: list(cards) for kind, cards in zones.items()}
        seat.arrived, seat.tapped = list(arrived), list(tapped)
        return self

    def zone(self, name: str, cards: Iterable[str], *, owner: int = UNOWNED) -> Scenario:
        """Put cards in any zone by name, top last, e.g. ``zone("shoe", [...])`` or
        ``zone("pack:1", [...])``; by default nobody owns them (as in a Vortex shoe or pack)."""
        self._zones[name] = (list(cards), owner)
        return self

    def build(self) -> MagicGame:
        """Create the game in the described position, with the active player to act."""
        fmt = self._format
        game = MagicGame(fmt, Chance(self._seed), self._names)
        for index, seat in enumerate(self._seats):
            for kind, cards in seat.zones.items():
                where = "battlefield" if kind == "battlefield" else _zone(kind, index)
                for name in cards:
                    card_id = game.table.create(name, index, where)
                    state = game.table.cards[card_id]
                    state.arrived_turn = self._turn if name in seat.arrived else 0
                    state.tapped = name in seat.tapped and where == "battlefield"
            player = game.table.players[index]
            player.life = fmt.starting_life if seat.life is None else seat.life
            player.damage_taken = seat.damage_taken
        for name, (cards, owner) in self._zones.items():
            for card_name in cards:
                game.table.create(card_name, owner, name)
        game.turn, game.active, game.first_player = self._turn, self._active, self._active
        game.step, game.decision, game.priority = self._step, "priority", self._active
        return game


def _zone(kind: str, player: int) -> str:
    if kind.startswith("outside_"):
        return f"outside:{player}:{kind.removeprefix('outside_')}"
    return f"{kind}:{player}"


def describe(game: MagicGame) -> dict[str, Any]:
    """A compact summary of a position: life, damage taken and zone sizes per player."""
    return {
        p.name: {
            "life": p.life,
            "damage taken": p.damage_taken,
            **{
                k.split(":")[0]: len(v)
                for k, v in game.table.zones.items()
                if k.endswith(f":{p.index}") and k.count(":") == 1
            },
        }
        for p in game.table.players
    }
