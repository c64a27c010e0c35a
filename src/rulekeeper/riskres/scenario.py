"""Set up a Risk & Resource position in a few lines, for worked examples and tests.

>>> from rulekeeper.riskres.scenario import Scenario
>>> from rulekeeper.riskres.actions import Pitch
>>> game = (Scenario()
...         .player(0, ep=1, hand=["Ember Scout", "Mire Lurker"], library=["Veil Walker"])
...         .player(1, hand=["Sparkshot"])
...         .at("main1")
...         .build())
>>> game.apply(Pitch(game.find("Mire Lurker")))
>>> game.table.players[0].ep
4
>>> game.table.names("library:0")  # bottom first: the pitched card went under the library
['Mire Lurker', 'Veil Walker']

Libraries are listed from the top down. Permanents have been on the battlefield since before
this turn, so creatures may attack, unless listed in ``arrived``. Nothing happens on
:meth:`Scenario.build`: state-based actions wait for the first priority.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Final

from rulekeeper.engine.chance import Chance
from rulekeeper.engine.game import Action, seat_of
from rulekeeper.engine.scenario import TurnScenario
from rulekeeper.errors import IllegalActionError
from rulekeeper.riskres.actions import Pass, Player, Target
from rulekeeper.riskres.combat import begin_blocks
from rulekeeper.riskres.game import RiskGame, check_players
from rulekeeper.riskres.state import zone_name
from rulekeeper.riskres.turn import STEPS


@dataclass
class _Seat:
    ep: int = 0
    intel: int = 0
    zones: dict[str, list[str]] = field(default_factory=dict)
    arrived: list[str] = field(default_factory=list)
    tapped: list[str] = field(default_factory=list)


class Scenario(TurnScenario):
    """A fluent builder for a :class:`~rulekeeper.riskres.game.RiskGame` position.

    :raises InputError: if there are not two to six names (RR R63).
    """

    steps = STEPS

    def __init__(
        self,
        *,
        seed: int = 0,
        names: Iterable[str] = ("Alice", "Bob"),
        mulligan_rule: str = "standard",
        variant: str = "",
        betrayal: bool = True,
    ) -> None:
        super().__init__(seed=seed, names=names)
        self._variant, self._betrayal = variant, betrayal
        check_players(len(self._names))
        self._seats = [_Seat() for _ in self._names]
        self._attacks: dict[str, str] = {}
        self._mulligan_rule = mulligan_rule

    def player(
        self,
        index: int,
        *,
        ep: int = 0,
        intel: int = 0,
        hand: Iterable[str] = (),
        library: Iterable[str] = (),
        graveyard: Iterable[str] = (),
        battlefield: Iterable[str] = (),
        exile: Iterable[str] = (),
        traps: Iterable[str] = (),
        arrived: Iterable[str] = (),
        tapped: Iterable[str] = (),
    ) -> Scenario:
        """Describe player ``index``: EP, Intel tokens and the cards in each zone, traps
        included (set face down, as if for 1 EP each before the position).

        :raises InputError: if the table has no player ``index``.
        """
        seat = self._seats[seat_of(index, len(self._seats))]
        seat.ep, seat.intel = ep, intel
        seat.zones = {
            "hand": list(hand),
            "library": list(library)[::-1],
            "graveyard": list(graveyard),
            "battlefield": list(battlefield),
            "exile": list(exile),
            "traps": list(traps),
        }
        seat.arrived, seat.tapped = list(arrived), list(tapped)
        return self

    def attacking(self, attacks: Mapping[str, str]) -> Scenario:
        """Creatures of the active player already attacking, by name: a player's name or the
        name of a creature it attacks. Use with ``at("declare_blockers")``."""
        self._attacks = dict(attacks)
        return self

    def build(self) -> RiskGame:
        """Create the game in the described position.

        :raises InputError: if a card name is unknown.
        """
        game = RiskGame(
            Chance(self._seed),
            self._names,
            mulligan_rule=self._mulligan_rule,
            variant=self._variant,
            betrayal=self._betrayal,
        )
        for index, seat in enumerate(self._seats):
            for kind, cards in seat.zones.items():
                for name in cards:
                    card_id = game.table.create(name, index, f"{kind}:{index}")
                    state = game.table.cards[card_id]
                    if kind == "battlefield":
                        state.arrived_turn = self._turn if name in seat.arrived else 0
                        state.tapped = name in seat.tapped
            player = game.table.players[index]
            player.ep, player.intel, player.kept = seat.ep, seat.intel, True
        game.turn, game.active, game.first_player = self._turn, self._active, self._active
        game.regular = self._active
        game.variant.take_position(game)
        game.step, game.decision, game.priority = self._step, "priority", self._active
        for attacker, aim in self._attacks.items():
            card_id = game.find(attacker, zone_name("battlefield", self._active))
            target: Target = (
                Player(self._names.index(aim))
                if aim in self._names
                else next(
                    c.id
                    for c in game.table.permanents()
                    if c.name == aim and c.controller != self._active
                )
            )
            game.attacks[card_id] = target
            game.table.cards[card_id].attacked_turn = self._turn
        if self._step == "declare_attackers":
            game.decision = "attackers"
        elif self._step == "declare_blockers" and game.attacks:
            begin_blocks(game)  # the defender is asked only if they can block
        return game


def describe(game: RiskGame) -> dict[str, dict[str, int]]:
    """A compact summary of a position: EP, Intel and zone sizes per player."""
    return {
        p.name: {
            "ep": p.ep,
            "intel": p.intel,
            **{
                kind: len(game.table.zones[f"{kind}:{p.index}"])
                for kind in ("library", "hand", "battlefield", "graveyard", "exile")
            },
        }
        for p in game.table.players
    }


def refused(game: RiskGame, action: Action) -> IllegalActionError:
    """Apply an action that must be illegal and return its error, having checked that the
    action is not offered and that the refusal left the game exactly as it was.

    :raises AssertionError: if the action is accepted, offered or changes the state.
    """
    before = game.dumps()
    if action in game.legal_actions():
        raise AssertionError(f"{action!r} is offered as legal")
    try:
        game.apply(action)
    except IllegalActionError as error:
        if game.dumps() != before:
            raise AssertionError(f"refusing {action!r} changed the game") from None
        return error
    raise AssertionError(f"{action!r} was accepted")


# Helpers for worked examples: each rules page imports them rather than defining its own.


def attempt(game: RiskGame, action: Action) -> None:
    """Apply ``action``; if it is illegal, print the rule it breaks and why instead of raising.

    >>> from rulekeeper.riskres.scenario import Scenario, attempt
    >>> from rulekeeper.riskres.actions import Cast
    >>> game = Scenario().player(0, ep=2, hand=["Gloom Brute"]).build()
    >>> attempt(game, Cast(game.find("Gloom Brute")))
    RR 1.1d: Gloom Brute costs 3 EP and you have 2
    """
    try:
        game.apply(action)
    except IllegalActionError as error:
        print(f"{error.rule}: {error.reason}")


def events(game: RiskGame, start: int = 0) -> None:
    """Print the game's log from event number ``start`` on, one event a line."""
    for event in game.log.since(start):
        print(event)


def resolve(game: RiskGame) -> None:
    """Every player still in the game passes priority once: the top of the stack resolves."""
    for _ in game.in_game():
        game.apply(Pass())


MAX_PASSES: Final = 1000
"""More passes than any step takes: passing resolves the stack one object at a time, and no
position an example builds holds this many objects."""


def everyone_passes(game: RiskGame) -> None:
    """Every player passes in turn until the current step ends (or the game does).

    :raises RuntimeError: if the step has not ended after :data:`MAX_PASSES` passes, so that an
        example set up wrong fails instead of hanging the test run.
    """
    step = game.step
    for _ in range(MAX_PASSES):
        if game.decision != "priority" or game.step != step or game.outcome is not None:
            return
        game.apply(Pass())
    raise RuntimeError(f"step {step} did not end after {MAX_PASSES} passes")
