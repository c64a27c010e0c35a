"""A game of Risk & Resource: setup, the deciding player, priority and the stack (RR 4, RR 5).

The engine takes every step it can by itself and stops only where a player has a real choice:
when passing priority is the only legal action, it passes.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import Any, Final, Self

from rulekeeper.engine import seats
from rulekeeper.engine.chance import Chance
from rulekeeper.engine.game import Action, Violation
from rulekeeper.engine.seats import PLAYING
from rulekeeper.engine.turns import PriorityGame
from rulekeeper.errors import InputError, SerializationError
from rulekeeper.riskres import (
    FACTS,
    OPENING_HAND,
    combat,
    division,
    morph,
    mulligan,
    outcome,
    sba,
    traps,
    triggers,
    turn,
    variants,
)
from rulekeeper.riskres.actions import (
    FORCED,
    Activate,
    Attack,
    Block,
    BreakAlliance,
    Cast,
    CastFaceDown,
    Challenge,
    Concede,
    Discard,
    DivideDamage,
    EndAttacks,
    EndBlocks,
    Keep,
    KeepLegend,
    Mulligan,
    OfferAlliance,
    OrderBlocker,
    Pass,
    Pitch,
    Player,
    PlayLandmark,
    Scry,
    SetTrap,
    StackTrigger,
    Target,
    TurnFaceUp,
)
from rulekeeper.riskres.choices import can_only_pass, candidates
from rulekeeper.riskres.state import PlayerState, Table, zone_name
from rulekeeper.riskres.timing import (
    why_not_activate,
    why_not_attack,
    why_not_block,
    why_not_cast,
    why_not_end_blocks,
    why_not_pitch,
    why_not_play_landmark,
)
from rulekeeper.rules import RuleId

_DECISION_OF: Final[dict[type[Action], str]] = {
    Keep: "mulligan",
    Mulligan: "mulligan",
    Scry: "scry",
    KeepLegend: "legend",
    Attack: "attackers",
    EndAttacks: "attackers",
    Block: "blockers",
    EndBlocks: "blockers",
    OrderBlocker: "order",
    DivideDamage: "damage",
    StackTrigger: "triggers",
    Discard: "discard",
}
"""The decision each kind of action answers; every other action needs priority."""

MULLIGANS: Final = ("standard", "competitive", "limited")
"""The mulligan procedures of RR 12.1 to 12.3; RR 12.4's simultaneous decisions is a flag, always
set for three or more players."""


def check_players(count: int) -> None:
    """Refuse a table of fewer than two or more than six players (RR R63).

    >>> check_players(7)
    Traceback (most recent call last):
    ...
    rulekeeper.errors.InputError: Risk & Resource is played by 2 to 6 players, not 7 (RR R63)

    :raises InputError: if ``count`` players cannot play.

    :enforces: RR R63
    """
    FACTS.check_players(count)


class RiskGame(PriorityGame):
    """A game of Risk & Resource for two to six players (RR R63), in one of the variants of
    :data:`~rulekeeper.riskres.variants.VARIANTS` or none.

    :raises InputError: if there are not two to six names (RR R63), the mulligan procedure is
        unknown, the variant is unknown or needs more players, or betrayal is forbidden
        outside Alliance mode (RR R66).
    """

    format_key = FACTS.key

    def __init__(
        self,
        chance: Chance,
        names: Sequence[str],
        *,
        mulligan_rule: str = "standard",
        simultaneous: bool = False,
        turn_limit: int | None = None,
        variant: str = "",
        betrayal: bool = True,
    ) -> None:
        super().__init__(chance)
        self._screens = True  # card and player IDs from outside are checked (_screen)
        check_players(len(names))
        if mulligan_rule not in MULLIGANS:
            raise InputError(
                f"unknown mulligan procedure {mulligan_rule!r}; choose from {MULLIGANS}"
            )
        # What the variant changes, and its bookkeeping; only Alliance mode takes ``betrayal``
        # (RR 10.4.1c, RR R66).
        self.variant = variants.variant_for(variant, len(names), betrayal=betrayal)
        self.table = Table([PlayerState(i, name) for i, name in enumerate(names)])
        self.mulligan_rule = mulligan_rule
        self.simultaneous = simultaneous
        # A bot game is drawn past the format's turn limit, unless the game is given its own.
        limit = self.variant.facts.turn_limit if turn_limit is None else turn_limit
        assert limit is not None  # Risk & Resource's facts declare one
        self.turn_limit: int = limit
        self.turn = 0
        self.active = self.first_player = 0
        self.step = "setup"
        self.decision = "priority"
        self.priority = 0
        self.passes = 0
        self.stack: list[dict[str, Any]] = []  # RR 2.6: the last item is the top
        self.attacks: dict[int, Target] = {}  # attacker -> the player or creature it targets
        self.blocks: dict[int, int] = {}  # blocker -> attacker (RR 4.5.3b: one attacker each)
        self.blocked: list[int] = []  # attackers that were blocked, even if blockers died
        self.damage_order: dict[int, list[int]] = {}  # attacker -> blockers, RR R39
        # RR 6.3a: attacker -> how its controller divided its damage in this damage step.
        self.damage_division: dict[int, division.Shares] = {}
        self.pending_triggers: list[tuple[int, int, int]] = []  # (controller, card, index)
        self.priority_after_triggers = 0  # who gets priority once waiting triggers are on the stack
        self.pressure = [0] * len(names)  # RR 4.5.5: combat damage dealt to each player
        self.legend_choices: list[tuple[int, str]] = []  # RR 11.1i: (player, name) to choose
        self.scry_pending: list[int] = []  # players who must scry 1 before play goes on
        self.extra_turns: list[int] = []  # RR 10.1c: players owed a turn after this one, in order
        self.regular = 0  # whose regular turn it is; extra turns do not move the order on
        # RR 10.5d: who made each until-end-of-turn or -combat change, so it can end if they
        # leave, and how long it lasts: (controller, card, power, defense, "turn" or "combat").
        self.pumps: list[tuple[int, int, int, int, str]] = []
        self._opponents: dict[int, list[int]] = {}  # opponents() by player, until someone leaves
        self._in_game: list[int] | None = None  # in_game(), until someone leaves
        # Settled (see PriorityGame) from a state-based check on until an action but a pass,
        # or the end of a round of passes: the check ran until none applied (RR 11.2e).
        self.settled = False

    # Starting a game.

    @classmethod
    def new(
        cls,
        decks: Sequence[Sequence[str]],
        *,
        seed: int,
        names: Sequence[str] | None = None,
        mulligan_rule: str = "standard",
        simultaneous: bool = False,
        variant: str = "",
        betrayal: bool = True,
    ) -> RiskGame:
        """Set up a game: shuffled libraries, a random first player, opening hands of seven.

        Players start with 0 EP (RR R6); the game's chance picks the first player (RR R7).
        ``variant`` picks a multiplayer variant (RR 10.4), set up here (the King's EP, for
        example); ``betrayal=False`` forbids breaking alliances in Alliance mode (RR 10.4.1c,
        RR R66). Mulligan
        decisions are made at once with ``simultaneous=True``, and always with three or more
        players (RR 12.4a). Play continues to the first mulligan decision.

        :raises InputError: if there are not two to six decks (RR R63), not one name for each
            deck, the variant is unknown or needs more players, or betrayal is forbidden
            outside Alliance mode (RR R66).

        :enforces: RR R7, RR 2.1b, RR R6, RR R9
        """
        # The player count is checked once, by the game made below (RR R63).
        names = list(names or [f"Player {i + 1}" for i in range(len(decks))])
        if len(names) != len(decks):
            raise InputError(f"{len(names)} names for {len(decks)} decks: give one for each")
        game = cls(
            Chance(seed),
            names,
            mulligan_rule=mulligan_rule,
            simultaneous=mulligan.is_simultaneous(len(names), chosen=simultaneous),
            variant=variant,
            betrayal=betrayal,
        )
        for player, deck in enumerate(decks):
            # Card IDs are handed out in a random order, so that an ID (of a face-down trap,
            # say) tells nothing about the card to someone who knows the decklist.
            cards = list(deck)
            game.chance.shuffle(cards, kind="card ids")
            for name in cards:
                game.table.create(name, player, zone_name("library", player))
            game.chance.shuffle(game.table.zones[zone_name("library", player)])
        game.turn = 1
        game.first_player = game.active = game.regular = game.chance.pick(
            len(names), kind="first player"
        )
        game.record("RR R7", f"{names[game.active]} is chosen at random to go first")
        game.variant.setup(game)
        for player in range(len(names)):
            for _ in range(OPENING_HAND):
                game.draw(player, "RR 12.1a")
        mulligan.start(game)
        game.take_forced_actions()
        return game

    def find(self, name: str, zone: str | None = None) -> int:
        """The ID of the first card called ``name`` (in ``zone`` if given).

        :raises InputError: if there is no such card.
        """
        return self.table.find(name, zone)

    def record(self, rule: RuleId, text: str) -> None:
        """Add an event to the log for the current turn."""
        self.log.record(self.turn, rule, text)

    def name_of(self, player: int) -> str:
        """A player's name, for the log."""
        return self.table.players[player].name

    def opponents(self, player: int) -> list[int]:
        """The other players still in the game, in turn order starting after ``player``.

        "Each opponent" means all of them (RR 10.2a); where one opponent has to be picked
        without a choice, it is the first (RR R47). The list is shared: do not change it.
        """
        found = self._opponents.get(player)
        if found is None:
            count = len(self.table.players)
            after = ((player + step) % count for step in range(1, count))
            players = self.table.players
            found = self._opponents[player] = [p for p in after if players[p].status == PLAYING]
        return found

    def mark_lost(self, player: int, rule: RuleId) -> None:
        """Record that ``player`` has lost under ``rule``: from now on they are no longer in the
        game, and they leave it when the game next checks who has won or lost
        (:func:`~rulekeeper.riskres.outcome.check_win_conditions`)."""
        self.table.players[player].lose(rule)
        self._opponents.clear()
        self._in_game = None

    def mark_left(self, player: int) -> None:
        """Record that ``player`` has left the game (see
        :func:`~rulekeeper.riskres.leaving.leave_game` for everything that goes with them)."""
        self.table.players[player].leave()
        self._opponents.clear()
        self._in_game = None

    def defending_player(self, target: Target) -> int:
        """The player an attack aimed at ``target`` is made against: the player, or the
        creature's controller (RR 10.3a)."""
        if isinstance(target, Player):
            return target.index
        return self.table.cards[target].controller

    def next_player(self, player: int) -> int:
        """The next player still in the game in turn order after ``player`` (RR 10.1b)."""
        return self.opponents(player)[0]

    def in_game(self) -> list[int]:
        """The players still in the game, in seat order (RR 10.1b; the kernel's
        :func:`~rulekeeper.engine.seats.in_game`). The list is shared: do not change it."""
        if self._in_game is None:
            self._in_game = seats.in_game(self.table.players)
        return self._in_game

    def describe_target(self, target: Target | None) -> str:
        """A target in words."""
        if isinstance(target, Player):
            return self.name_of(target.index)
        return "nothing" if target is None else self.table.cards[target].name

    # Drawing, the one place a library is taken from.

    def draw(self, player: int, rule: RuleId) -> bool:
        """Draw the top card; from an empty library, mark the player to lose (RR 9.2a).

        An empty library alone loses nothing (RR 2.1c); only drawing from it does, checked
        with the state-based actions, so drawing two with one card left draws it and then
        loses (RR R17).

        :enforces: RR 2.1c, RR 9.2a, RR R17, RR R50
        """
        library = self.table.zones[zone_name("library", player)]
        if not library:
            self.table.players[player].drew_from_empty = True
            self.record("RR 9.2a", f"{self.name_of(player)} must draw from an empty library")
            return False
        self.table.move(library[-1], zone_name("hand", player))
        return True

    # The Game protocol.

    def current_player(self) -> int:
        """The player who must decide next: the one who holds priority, or makes the decision
        at hand. An action is always that player's, so nobody else acts (RR 5.1c).

        :enforces: RR 5.1c
        """
        return self.priority

    def _candidates(self) -> Iterator[Action]:
        # Conceding is always legal (RR R20) and is left out of the legal actions, so that
        # agents choosing from them play their games out: a player concedes by applying
        # Concede directly.
        return candidates(self)

    def _violation(self, action: Action) -> Violation | None:
        player = self.priority
        expected = _DECISION_OF.get(type(action), "priority")
        if isinstance(action, Concede):
            if not 0 <= action.player < len(self.table.players):
                return ("RR R20", "there is no such player")
            if self.table.players[action.player].left:
                return ("RR R54", f"{self.name_of(action.player)} has already left the game")
            return None
        if self.decision != expected:
            return (
                "RR 5.1c",
                f"{self.name_of(player)} must first finish the {self.decision} decision",
            )
        # The cases most often asked come first: each one passed over costs a type test.
        match action:
            case Pass():
                return None
            case Pitch(card_id):
                return why_not_pitch(self, player, card_id)
            case SetTrap(card_id):
                return traps.why_not_set_trap(self, player, card_id)
            case Cast(card_id, target, alternative):
                return why_not_cast(self, player, card_id, target, alternative)
            case Activate(card_id, index, target):
                return why_not_activate(self, player, card_id, index, target)
            case EndAttacks() | Keep() | Scry():
                return None
            case Mulligan():
                return mulligan.why_not_mulligan(self, player)
            case PlayLandmark(card_id):
                return why_not_play_landmark(self, player, card_id)
            case CastFaceDown(card_id):
                return morph.why_not_cast_face_down(self, player, card_id)
            case TurnFaceUp(card_id):
                return morph.why_not_turn_face_up(self, player, card_id)
            case Challenge(controller, index):
                return traps.why_not_challenge(self, player, controller, index)
            case Attack(attacker, target):
                return why_not_attack(self, player, attacker, target)
            case Block(blocker, attacker):
                return why_not_block(self, player, blocker, attacker)
            case EndBlocks():
                return why_not_end_blocks(self, player)
            case OrderBlocker(attacker, blocker):
                return combat.why_not_order(self, attacker, blocker)
            case DivideDamage(attacker, shares):
                return division.why_not_divide(self, attacker, shares)
            case StackTrigger(source, index):
                return triggers.why_not_stack(self, player, source, index)
            case OfferAlliance(other):
                return self.variant.why_not_offer(self, player, other)
            case BreakAlliance(other):
                return self.variant.why_not_break(self, player, other)
            case KeepLegend(card_id):
                state = self.table.cards[card_id]
                if (
                    state.zone != zone_name("battlefield", player)
                    or state.name != self.legend_choices[0][1]
                ):
                    return (
                        "RR 11.1i",
                        f"choose one of your permanents named {self.legend_choices[0][1]}",
                    )
                return None
            case Discard(card_id):
                if self.table.cards[card_id].zone != zone_name("hand", player):
                    return ("RR 4.7.2a", "you discard a card from your own hand")
                return None
        return ("RR 5.1c", f"{action!r} is not an action of this game")

    def _screen(self, action: object) -> Violation | None:
        # What check() asks before _violation(): only an action from outside can be something
        # else than an action of this game, or name a card or a player that does not exist,
        # and the predicates look such IDs up.
        if not isinstance(action, Action):
            return ("RR 5.1c", "not an action of this game")
        for name in ("card", "attacker", "blocker"):
            value = getattr(action, name, None)
            if isinstance(value, int) and not 0 <= value < len(self.table.cards):
                return ("RR 5.1c", f"there is no card {value}")
        if isinstance(action, OfferAlliance | BreakAlliance) and not (
            0 <= action.player < len(self.table.players)
        ):
            return ("RR R58", "there is no such player")
        return None

    def _step(self) -> str:
        return self.step

    def _perform(self, action: Action) -> None:
        self._do(action)
        self.take_forced_actions()

    def can_only_pass(self) -> bool:
        """Whether the player with priority certainly has nothing to do but pass (see
        :func:`~rulekeeper.riskres.choices.can_only_pass`)."""
        return can_only_pass(self)

    def is_forced(self, action: Action) -> bool:
        """Whether ``action``, as the only legal one, is taken by itself (RR R77)."""
        return isinstance(action, FORCED)

    def _do(self, action: Action) -> None:
        if isinstance(action, Pass):
            self.pass_priority()
            return
        self.settled = False
        player = self.priority
        # RR R80: whoever acts with priority, by a spell, an ability or a special action,
        # receives it again, and so state-based actions are checked before they act again.
        acted = self.decision == "priority" and not isinstance(action, Concede)
        match action:
            case Concede(who):
                turn.concede(self, who)
            case Pitch(card_id):
                turn.pitch(self, player, card_id)
            case PlayLandmark(card_id):
                turn.play_landmark(self, player, card_id)
            case Cast(card_id, target, alternative):
                turn.cast(self, player, card_id, target, alternative)
            case Activate(card_id, index, target):
                turn.activate(self, player, card_id, index, target)
            case SetTrap(card_id):
                traps.set_trap(self, player, card_id)
            case CastFaceDown(card_id):
                morph.cast_face_down(self, player, card_id)
            case TurnFaceUp(card_id):
                morph.turn_face_up(self, player, card_id)
            case Challenge(controller, index):
                traps.challenge(self, player, controller, index)
            case Keep() | Mulligan() | Scry():
                mulligan.perform(self, player, action)
            case KeepLegend(card_id):
                sba.keep_legend(self, player, card_id)
            case StackTrigger(source, index):
                triggers.put_on_stack(self, player, source, index)
                self.give_priority(self.priority_after_triggers)
            case OfferAlliance(other):
                if self.variant.offer_alliance(self, player, other):
                    outcome.settle(self)  # allies with no one else left win together (RR R58)
            case BreakAlliance(other):
                self.variant.break_alliance(self, player, other)
            case _:
                turn.perform_combat_or_cleanup(self, player, action)
        if acted:
            self.regain_priority()

    def regain_priority(self) -> None:
        """Give priority back to the player who has just acted with it (by a spell, an
        ability or a special action), so that state-based actions, wins and waiting triggers
        are checked before they can act again (RR R80).

        :enforces: RR R80, RR R50, RR R15
        """
        if self.outcome is None and self.decision == "priority":
            self.give_priority(self.priority)

    # Priority and the stack.

    def give_priority(self, player: int, *, check: bool = True) -> None:
        """Check state-based actions (RR 11.2a) unless the game is settled or ``check`` is
        false, then give ``player`` priority, or the next player still in the game if
        ``player`` has left (RR R64).

        :enforces: RR 5.1a, RR 11.2a, RR R64
        """
        if check and not self.settled:
            sba.check(self)
            self.settled = True
        if self.outcome is not None or self.decision == "legend":
            return
        if self.table.players[player].left:
            player = self.next_player(player)
        if self.pending_triggers:
            self.priority_after_triggers = player
            if triggers.stack_pending(self):
                return
        if self.scry_pending:
            self.decision, self.priority = "scry", self.scry_pending[0]
        else:
            self.decision, self.priority = "priority", player

    # The round of passes (PriorityGame.pass_priority): what ends it.

    def stack_is_empty(self) -> bool:
        """Whether the stack is empty (RR 2.6)."""
        return not self.stack

    def resolve_top(self) -> None:
        """Resolve the top of the stack (RR 2.6b); then the active player gets priority
        (RR 5.2c)."""
        self.settled = False  # resolving changes the game
        turn.resolve_top(self)
        if self.outcome is None:
            self.give_priority(self.active)

    def next_step(self) -> None:
        """Move on to the next step or phase (RR 5.2d)."""
        self.settled = False  # moving on changes the game
        turn.next_step(self)

    # Views and saving.

    def view(self, player: int) -> dict[str, Any]:
        """What ``player`` may see (see :func:`rulekeeper.riskres.views.view`).

        Libraries are face down (RR 2.1a), hands hidden (RR 2.2c) and traps face down and
        private (RR 2.7a, RR 2.7c); the battlefield, graveyards and exile are public.

        :enforces: RR 2.1a, RR 2.2c, RR 2.3a, RR 2.4c, RR 2.5d, RR 2.7a, RR 2.7c
        """
        from rulekeeper.riskres.views import view

        return view(self, player)

    def _names(self) -> list[str]:
        return [p.name for p in self.table.players]

    def _zones(self) -> dict[str, list[int]]:
        return {name: list(ids) for name, ids in self.table.zones.items()}

    def to_json(self) -> dict[str, Any]:
        """The whole state, RNG included, as JSON-ready data."""
        from rulekeeper.riskres.saving import dump

        return dump(self)

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Self:
        """Restore a state saved by :meth:`to_json`, checked completely (see
        :func:`rulekeeper.riskres.saving.load`).

        :raises SerializationError: naming the field and the reason, if the data is not a
            saved Risk & Resource game that could have been reached.
        """
        return cls._restore(data, trusted=False)

    @classmethod
    def _from_trusted_json(cls, data: dict[str, Any]) -> Self:
        return cls._restore(data, trusted=True)

    @classmethod
    def _restore(cls, data: dict[str, Any], *, trusted: bool) -> Self:
        from rulekeeper.riskres.saving import load

        game = load(data, trusted=trusted)
        if not isinstance(game, cls):  # pragma: no cover - only RiskGame is ever saved
            raise SerializationError("not a saved Risk & Resource game")
        return game
