"""A game of Magic in the compact model: turns, priority and the stack (MG 2, MG 3).

The engine takes every step it can by itself and stops only where a player has a real choice
(MG R3): a step where the only legal action is to pass priority passes by itself.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable, Sequence
from functools import partial
from typing import Any, Final, Self

from rulekeeper.engine import seats
from rulekeeper.engine.chance import Chance
from rulekeeper.engine.game import Action, Outcome, Violation
from rulekeeper.engine.seats import PLAYING
from rulekeeper.engine.turns import PriorityGame
from rulekeeper.errors import InputError
from rulekeeper.mtg import TURN_LIMIT, combat, effects, saving, sba, views
from rulekeeper.mtg.actions import (
    AssignDamage,
    Attack,
    Block,
    Cast,
    Discard,
    EndAttacks,
    EndBlocks,
    Pass,
    Player,
    PlayLand,
    Target,
)
from rulekeeper.mtg.hooks import Deck, MagicFormat
from rulekeeper.mtg.judging import Judgement
from rulekeeper.mtg.mana import ManaCost
from rulekeeper.mtg.state import (
    CORE_DECISIONS,
    FORMAT_CARDS,
    PLAYER_ZONES,
    SHARED_ZONES,
    CardState,
    PlayerState,
    Table,
)
from rulekeeper.mtg.timing import (
    can_only_pass,
    why_not_attack,
    why_not_attack_with,
    why_not_block,
    why_not_cast,
    why_not_cast_card,
    why_not_play_land,
)
from rulekeeper.rules import RuleId

STEPS: Final = (
    "untap",
    "upkeep",
    "draw",
    "main1",
    "beginning_of_combat",
    "declare_attackers",
    "declare_blockers",
    "first_strike_damage",
    "combat_damage",
    "end_of_combat",
    "main2",
    "end",
    "cleanup",
)
"""The steps of a turn in order (MG 2.1)."""

TURN_BASED_STEPS: Final[frozenset[str]] = frozenset(
    {"untap", "draw", "first_strike_damage", "combat_damage", "cleanup"}
)
"""The steps that begin with turn-based actions of the game's own (untapping, drawing, combat
damage, discarding and removing damage); the others only change the step (MG 2.2, MG 2.3)."""

NEXT_STEP: Final[dict[str, str]] = dict(itertools.pairwise(STEPS))
"""The step that follows each step of :data:`STEPS` within the turn (the cleanup step has none:
the turn ends). Looked up when a step ends, which happens a dozen times a turn."""

PRIORITY_ACTIONS: Final = (Pass, PlayLand, Cast)
"""The actions taken with priority, and only then (MG 2.5). The hot paths test them one
isinstance at a time (:func:`is_priority_action`; speed guide)."""

MAX_FORCED_ACTIONS: Final = TURN_LIMIT * len(STEPS) * 8
"""More forced actions in a row than any game can take: every step of every turn passed by
more players than any format seats."""


def is_priority_action(action: Action) -> bool:
    """Whether ``action`` is one of :data:`PRIORITY_ACTIONS`."""
    taken = isinstance(action, Pass) or isinstance(action, PlayLand)  # noqa: SIM101
    return taken or isinstance(action, Cast)


def is_forced_kind(action: Action) -> bool:
    """Whether ``action`` is of a kind the engine takes by itself when it is the only choice
    (:data:`~rulekeeper.mtg.actions.FORCED`), tested without building that tuple."""
    forced = isinstance(action, Pass) or isinstance(action, EndAttacks)  # noqa: SIM101
    return forced or isinstance(action, EndBlocks)


class MagicGame(PriorityGame):
    """A two-player game of Magic under one :class:`~rulekeeper.mtg.hooks.MagicFormat`."""

    def __init__(self, fmt: MagicFormat, chance: Chance, names: Sequence[str]) -> None:
        """:enforces: MG 1.1"""
        super().__init__(chance)
        self.forced_action_limit = MAX_FORCED_ACTIONS
        # A format object of the game's own, which keeps the game's bookkeeping.
        self.variant = fmt = fmt.fresh()
        self.table = Table(
            [PlayerState(i, name, fmt.starting_life) for i, name in enumerate(names)]
        )
        for kind, player in itertools.product(PLAYER_ZONES, range(len(names))):
            self.table.add_zone(f"{kind}:{player}")
        for player in range(len(names)):
            for extra in fmt.extra_zones(player):
                self.table.add_zone(extra)
        for shared in (*SHARED_ZONES, *fmt.shared_zones()):
            self.table.add_zone(shared)
        FORMAT_CARDS.update(fmt.extra_cards())
        if type(fmt).redirect is not MagicFormat.redirect:
            self.table.redirect = partial(fmt.redirect, self)
        self.turn = 1
        self.active = 0
        self.first_player = 0
        self.step = "untap"
        self.decision = "priority"
        self.priority = 0
        self.passes = 0
        # What the game goes back to once the format's own decisions are made (drafting picks,
        # opening turns, ...): ["priority", player], ["begin_turn", player] or ["end_turn", 0].
        self.resume: list[Any] = ["priority", 0]
        # Answers kept while one call judges many candidates; None between calls.
        self.judgement: Judgement | None = None
        # Settled (see PriorityGame) from a state-based check on until the next logged event,
        # action but a pass, resolving spell or turn-based action: every other change the rules
        # govern is logged (record() unsettles), so a pass that only hands priority on and a
        # step without turn-based actions (enter) skip a check that could find nothing. A
        # state changed directly, behind the engine's back, is not logged and could go
        # unchecked until the turn moves on; a test that does so should use an action or a
        # card instead.
        self.settled = False

    @property
    def format_key(self) -> str:  # type: ignore[override]
        """The registry key of this game's format."""
        return self.variant.facts.key

    # Starting a game.

    @classmethod
    def new(
        cls,
        fmt: MagicFormat,
        decks: Sequence[Deck],
        *,
        seed: int,
        names: Sequence[str] | None = None,
    ) -> MagicGame:
        """Set up a new game: libraries shuffled, a random first player, seven cards each.

        The game then runs on to the first real decision (MG R3).

        The player count is checked here, once, against the format's facts (MG 1.1; Leveler's
        LV R9, Vortex's VX 1.2, Stockpile Draft's SD 1.4), before anything is made for that
        many players; a format's ``setup`` is then handed one deck for each player.

        :raises InputError: if the format is not played by this many players (MG 1.1), or the
            names are not one for each deck.

        :enforces: MG 1.1, MG 1.3, MG R3, MG R5, LV R9, SD 1.4, VX 1.2
        """
        fmt.facts.check_players(len(decks))
        names = list(names or [f"Player {i + 1}" for i in range(len(decks))])
        if len(names) != len(decks):
            raise InputError(f"{len(names)} names for {len(decks)} decks: give one for each")
        game = cls(fmt, Chance(seed), names)
        fmt = game.variant  # the game's own, which keeps its bookkeeping
        fmt.setup(game, decks)
        for player in range(len(names)):
            game.chance.shuffle(game.table.zones[f"library:{player}"])
        game.first_player = game.active = game.chance.pick(len(names), kind="first player")
        game.record("MG 1.3", f"{names[game.active]} goes first")
        fmt.before_first_turn(game)
        game.resume = ["begin_turn", game.active]
        game.resume_play()
        game.take_forced_actions()
        return game

    def find(self, name: str, zone: str | None = None) -> int:
        """The ID of the first card called ``name`` (in ``zone`` if given).

        :raises InputError: if there is no such card.
        """
        return self.table.find(name, zone)

    def check_state_based_actions(self) -> None:
        """Perform the state-based actions that apply now (MG 5.1)."""
        sba.check(self)

    def record(self, rule: RuleId, text: str) -> None:
        """Add an event to the log for the current turn."""
        self.settled = False  # something happened: the next check may find something
        self.log.record(self.turn, rule, text)

    def name_of(self, player: int) -> str:
        """A player's name, for the log."""
        return self.table.players[player].name

    # The Game protocol.

    def current_player(self) -> int:
        """The player who must decide next."""
        return self.priority

    def _legal_list(self) -> list[Action]:
        # Judged under one Judgement for the call, opened and dropped here, not in a helper
        # given the inherited method (see the speed guide).
        outermost = self._open_judgement()
        try:
            return super()._legal_list()
        finally:
            if outermost:
                self.judgement = None

    def _only(self) -> Action | None:
        # Judged under one Judgement for the call, as _legal_list() is.
        outermost = self._open_judgement()
        try:
            return super()._only()
        finally:
            if outermost:
                self.judgement = None

    def _open_judgement(self) -> bool:
        """Open a Judgement unless one is open: whether this call opened it, and so must drop
        it as it returns (nothing it remembers outlives the outermost call)."""
        if self.judgement is not None:
            return False
        self.judgement = Judgement(self.priority)
        return True

    def _candidates(self) -> Iterable[Action]:
        player = self.priority
        if self.decision == "priority":
            return self._priority_candidates(player)
        if self.decision not in CORE_DECISIONS:
            return self.variant.candidates(self)
        if self.decision == "attackers":
            if self.variant.attacks_any_opponent:
                opponents = [p for p in self.in_game() if p != player]
                return [
                    *(Attack(c.id, p) for c in self.table.creatures(player) for p in opponents),
                    EndAttacks(),
                ]
            return [*(Attack(c.id) for c in self.table.creatures(player)), EndAttacks()]
        if self.decision == "damage":
            attacker = combat.to_divide(self, first_strike=self.step == "first_strike_damage")
            return [] if attacker is None else combat.divisions(self, attacker)
        if self.decision == "blockers":
            attackers = [
                c.id
                for c in self.table.creatures(self.active)
                if c.attacking and combat.attacked_player(c) == player
            ]
            return [
                *(Block(b.id, a) for b in self.table.creatures(player) for a in attackers),
                EndBlocks(),
            ]
        return [Discard(c) for c in self.table.hands[player]]

    def _priority_candidates(self, player: int) -> list[Action]:
        """Pass; each card in hand played or cast (a targeted spell at every possible target);
        then the format's own actions."""
        # A list, not a generator, though _only() stops at the second legal
        # candidate (see the speed guide).
        found: list[Action] = [Pass()]
        cards = self.table.cards
        targets: list[Target] | None = None  # worked out at the first targeted spell
        for card_id in self.table.hands[player]:
            definition = cards[card_id].definition
            if definition.is_land:
                found.append(PlayLand(card_id))
            elif why_not_cast_card(self, player, card_id) is not None:
                continue  # not castable now, whatever the target: skip the target search
            elif definition.target is None:
                found.append(Cast(card_id))
            else:
                if targets is None:
                    targets = [Player(i) for i in range(len(self.table.players))]
                    targets += [c.id for c in self.table.creatures()]
                found += [Cast(card_id, target) for target in targets]
        found += self.variant.priority_actions(self, player)
        return found

    def _violation(self, action: Action) -> Violation | None:
        # isinstance, not match, here and in _do (speed guide, "A compiled engine").
        player = self.priority
        if self.decision != "priority" and is_priority_action(action):
            return (
                "MG 2.5",
                f"{self.name_of(player)} must first finish the {self.decision} decision",
            )
        if isinstance(action, Pass):
            return None
        if isinstance(action, PlayLand):
            return why_not_play_land(self, player, action.card)
        if isinstance(action, Cast):
            return why_not_cast(self, player, action.card, action.target)
        if isinstance(action, Attack):
            return why_not_attack(self, player, action.creature, action.player)
        if isinstance(action, Block):
            return why_not_block(self, player, action.blocker, action.attacker)
        if isinstance(action, AssignDamage):
            return combat.why_not_divide(self, player, action)
        if isinstance(action, EndAttacks):
            return (
                None
                if self.decision == "attackers"
                else ("MG 4.1", "no attackers are being declared")
            )
        if isinstance(action, EndBlocks):
            return (
                None
                if self.decision == "blockers"
                else ("MG 4.2", "no blockers are being declared")
            )
        if isinstance(action, Discard):
            if self.decision != "discard":
                return ("MG 2.4", "cards are discarded to hand size only in cleanup")
            if self.table.where.get(action.card) != self.table.hand_zones[player]:
                return ("MG 2.4", "you can discard only a card from your own hand")
            return None
        return self.variant.violation(self, action)

    def _step(self) -> str:
        return self.step

    def _perform(self, action: Action) -> None:
        self._do(action)
        self.take_forced_actions()

    def _perform_listing(self, action: Action) -> list[Action] | None:
        # The forced actions are found by judging the candidates; at the decision where they
        # stop, that judging is the list of legal actions, so it is returned, not thrown away.
        self._do(action)
        return self.take_forced_actions_then_list()

    def can_only_pass(self) -> bool:
        """Whether the player with priority certainly has nothing to do but pass (see
        :func:`~rulekeeper.mtg.timing.can_only_pass`)."""
        return can_only_pass(self)

    def is_forced(self, action: Action) -> bool:
        """Whether ``action``, as the only legal one, is taken by itself (MG R3)."""
        return is_forced_kind(action)

    def _do(self, action: Action) -> None:
        player = self.priority
        if isinstance(action, Pass):
            self.pass_priority()
            return
        self.settled = False  # any action but a pass changes the game
        if isinstance(action, PlayLand):
            card_id = action.card
            self.table.move(card_id, "battlefield")
            self.table.cards[card_id].arrived_turn = self.turn
            self.table.players[player].lands_played += 1
            self.record("MG 3.1", f"{self.name_of(player)} plays {self.table.cards[card_id].name}")
            self.passes = 0
        elif isinstance(action, Cast):
            self.cast_spell(player, action.card, action.target)
        elif isinstance(action, Attack):
            combat.declare_attacker(self, action.creature, action.player)
        elif isinstance(action, Block):
            combat.declare_blocker(self, action.blocker, action.attacker)
        elif isinstance(action, AssignDamage):
            combat.assign(self, action)
            self.combat_damage(first_strike=self.step == "first_strike_damage")
        elif isinstance(action, EndAttacks):
            self._after_attacks()
        elif isinstance(action, EndBlocks):
            # MG R8: each attacked player declares blockers in turn, then the active player
            # receives priority.
            following = combat.next_defending_player(self, after=player)
            if following is None:
                self.give_priority(self.active)
            else:
                self.priority = following
        elif isinstance(action, Discard):
            self.table.move(action.card, f"graveyard:{player}")
            self.record(
                "MG 2.4",
                f"{self.name_of(player)} discards "
                f"{self.table.cards[action.card].name} to hand size",
            )
            self.cleanup()
        else:
            self.variant.perform(self, action)
            self.resume_play()

    # Priority and the stack.

    def give_priority(self, player: int, *, check: bool = True) -> None:
        """Check state-based actions (unless ``check`` is false: nothing has happened since the
        last check), then give ``player`` priority.

        The format's own decisions
        (:meth:`~rulekeeper.engine.variants.Variant.next_decision`) come first; priority follows
        once they are made.

        :enforces: MG 2.5, MG 5.1
        """
        # Changed in place rather than made anew: every pass hands priority on through here,
        # and only resume_play reads the list (a save copies it).
        resume = self.resume
        resume[0], resume[1] = "priority", player
        self.resume_play(check=check)

    def resume_play(self, *, check: bool = True) -> None:
        """Check state-based actions (unless ``check`` is false), let the format ask for its
        decisions, then carry on with what ``resume`` says: give priority, begin a turn, or end
        the turn at once."""
        if check:
            self.settled = True  # until the check or anything after it logs an event
            sba.check(self)
        if self.outcome is not None:
            return
        pending = self.variant.next_decision(self)
        if pending is not None:
            self.decision, self.priority = pending
            return
        # Read as what they are: resume is JSON-ready (saved with the game), so typed Any.
        kind: str = self.resume[0]
        player: int = self.resume[1]
        if kind == "begin_turn":
            self.begin_turn()
        elif kind == "end_turn":
            self.end_turn_now()
        elif self.table.players[player].status != PLAYING:
            # MG R6: a player who has left never gets priority; the turn's owner leaving ends it.
            if player == self.active:
                self.end_turn_now()
            else:
                self.give_priority(self.next_player(player))
        else:
            self.decision, self.priority = "priority", player

    def next_player(self, player: int) -> int:
        """The next player in turn order after ``player`` who has not left the game.

        :enforces: MG R6
        """
        count = len(self.table.players)
        for step in range(1, count + 1):
            candidate = (player + step) % count
            if self.table.players[candidate].status == PLAYING:
                return candidate
        return player

    def in_game(self) -> list[int]:
        """The players still in the game, in seat order (the kernel's
        :func:`~rulekeeper.engine.seats.in_game`)."""
        return seats.in_game(self.table.players)

    def more_in_game_than(self, count: int) -> bool:
        """Whether more than ``count`` players are still in the game (``len(in_game()) >
        count``), counting no further than needed: every pass asks it, so the kernel's
        :func:`~rulekeeper.engine.seats.in_game` is counted here without a call or a list."""
        for player in self.table.players:
            if player.status == PLAYING:
                count -= 1
                if count < 0:
                    return True
        return False

    def end_turn_now(self) -> None:
        """End the turn at once (MG R7): every spell still on the stack is exiled, creatures
        leave combat, and the game goes straight to the cleanup step.

        :enforces: MG R7
        """
        # Top first, as the stack is emptied; a spell whose owner has left went with them.
        for card_id in list(reversed(self.table.stack)):
            name = self.table.cards[card_id].name
            self.table.move(card_id, "exile")
            self.record("MG R7", f"{name} is exiled as the turn ends")
        combat.end_combat(self)
        self.resume = ["priority", self.active]
        self.enter("cleanup")

    def leave_game(self, player: int) -> None:
        """A player who lost while others play on leaves the game with every card they own
        (MG R6); the format first deals with zones of its own (e.g. a Vortex pack).

        :enforces: MG R6
        """
        self.variant.on_player_left(self, player)
        for card in self.table.cards:
            if card.owner == player and self.table.where[card.id] != "left":
                self.table.move(card.id, "left")
        self.record("MG R6", f"{self.name_of(player)} leaves the game with their cards")

    # The round of passes (PriorityGame.pass_priority): what ends it.

    def stack_is_empty(self) -> bool:
        """Whether the stack is empty."""
        return not self.table.stack

    def resolve_top(self) -> None:
        """Resolve the top of the stack; then the active player gets priority."""
        self.settled = False  # resolving a spell changes the game
        effects.resolve_top(self)
        self.give_priority(self.active)

    def payment(self, player: int, card_id: int) -> list[int] | None:
        """The untapped lands that would pay for ``card_id``, or ``None`` (MG 3.3, MG R2)."""
        cost = self.table.cards[card_id].definition.mana_cost
        return self.lands_paying(player, cost, casting=card_id)

    def lands_paying(self, player: int, cost: ManaCost, *, casting: int = -1) -> list[int] | None:
        """The untapped lands of ``player`` that would pay ``cost``, or ``None``, keeping where
        it can a land of each colour the other spells in their hand need (MG R2); ``casting``
        is the card being paid for, which is not among them."""
        lands = self.untapped_lands(player)
        chosen = cost.payment(
            [c.definition.produces for c in lands], self.colours_wanted(player, casting)
        )
        return None if chosen is None else [lands[i].id for i in chosen]

    def colours_wanted(self, player: int, casting: int = -1) -> dict[str, int]:
        """For each colour, the most symbols of it that one spell in ``player``'s hand (other
        than ``casting``) asks for: the lands of that colour a payment keeps if it can (MG R2).
        The player's own hand, which they know.

        :enforces: MG R2
        """
        wanted: dict[str, int] = {}
        cards = self.table.cards
        for card_id in self.table.hands[player]:
            definition = cards[card_id].definition
            if card_id == casting or definition.is_land:
                continue
            colored = definition.mana_cost.colored
            for colour in set(colored):
                wanted[colour] = max(wanted.get(colour, 0), colored.count(colour))
        return wanted

    def can_pay(self, player: int, cost: ManaCost) -> bool:
        """Whether ``player``'s untapped lands would pay ``cost`` (MG 3.3): what
        ``lands_paying(player, cost) is not None`` answers, from the colours those lands make
        (:meth:`~rulekeeper.mtg.mana.ManaCost.is_paid_by`). Under a
        :class:`~rulekeeper.mtg.judging.Judgement` they are counted once per player."""
        judgement = self.judgement
        if judgement is None:
            colours, sources = self.untapped_mana(player)
        else:
            found = judgement.untapped_mana.get(player)
            if found is None:
                found = judgement.untapped_mana[player] = self.untapped_mana(player)
            colours, sources = found
        return cost.is_paid_by(colours, sources)

    def untapped_mana(self, player: int) -> tuple[str, int]:
        """The colours ``player``'s untapped lands make, a letter for each land that makes one
        (``"RRG"``), and how many untapped lands there are: all a payment depends on."""
        # The lands of untapped_lands, their colours joined once at the end (adding to a string
        # land by land makes a new string each time; a string counts its letters faster than a
        # list its items, which is why the answer is a string).
        produced = [
            land.definition.produces for land in self.table.lands(player) if not land.tapped
        ]
        return "".join(produced), len(produced)

    def untapped_lands(self, player: int) -> list[CardState]:
        """The untapped lands ``player`` controls, in battlefield order."""
        return [land for land in self.table.lands(player) if not land.tapped]

    def cast_spell(self, player: int, card_id: int, target: Target | None) -> None:
        """Pay for a spell with untapped lands and put it on the stack; the caster keeps
        priority.

        :enforces: MG 3.2, MG 3.3
        """
        for land in self.payment(player, card_id) or []:
            self.table.cards[land].tapped = True
        self.table.move(card_id, "stack")
        self.table.cards[card_id].target = target
        aim = f" targeting {self.describe_target(target)}" if target is not None else ""
        self.record("MG 3.3", f"{self.name_of(player)} casts {self.table.cards[card_id].name}{aim}")
        self.passes = 0
        self.give_priority(player)

    def describe_target(self, target: Target) -> str:
        """A target in words, for the log."""
        if isinstance(target, Player):
            return self.name_of(target.index)
        return self.table.cards[target].name

    # Turns and steps.

    def next_step(self) -> None:
        """Leave the current step for the next one, or end the turn. A step whose turn-based
        actions change the game unsettles it (:meth:`enter`).

        :enforces: MG 2.1
        """
        if self.step == "end_of_combat":
            self.settled = False  # a turn-based action: creatures leave combat
            combat.end_combat(self)
        following = NEXT_STEP.get(self.step)
        if self.step == "declare_attackers" and not any(
            c.attacking for c in self.table.creatures(self.active)
        ):
            # MG 2.1 (CR 508.8): with no creature attacking, there is nothing to block and no
            # combat damage; those steps are skipped.
            following = "end_of_combat"
        if following is None:
            self.next_turn()
        else:
            self.enter(following)

    def next_turn(self) -> None:
        """End the turn: the next player's turn begins, or the game is drawn at the limit.

        :enforces: MG R1
        """
        facts = self.variant.facts
        if facts.turn_limit_reached(self.turn):
            limit = facts.turn_limit
            self.outcome = Outcome("draw", (), "MG R1", f"the game reached {limit} turns")
            self.record("MG R1", f"the game is a draw after {limit} turns")
            return
        self.turn += 1
        self.active = self.next_player(self.active)
        self.begin_turn()

    def begin_turn(self) -> None:
        """Start the active player's turn with the untap step."""
        self.record("MG 2.1", f"{self.name_of(self.active)} begins turn {self.turn}")
        for player in self.table.players:
            player.lands_played = 0
        self.enter("untap")

    def enter(self, step: str) -> None:
        """Begin ``step``: its turn-based actions, then priority where players get it.

        A step without turn-based actions changes nothing but the step, so where nothing was
        logged since the last state-based check (``settled``), the check it would make when
        priority is given could find nothing and is skipped (MG 5.1); any other unsettles the
        game first.

        :enforces: MG 2.2, MG 2.3
        """
        self.step, self.passes = step, 0
        if step in TURN_BASED_STEPS:
            self.settled = False
        if step == "untap":
            for permanent in self.table.permanents(self.active):
                permanent.tapped = False
            self.enter("upkeep")
        elif step == "draw":
            # Only a game of two skips the first player's first draw: at a larger table nobody
            # skips it, as in Magic's own multiplayer games.
            if self.turn == 1 and self.active == self.first_player and len(self.table.players) == 2:
                self.record("MG 2.3", f"{self.name_of(self.active)} skips the first draw")
            else:
                self.record("MG 2.3", f"{self.name_of(self.active)} draws for the turn")
                self.variant.draw_one(self, self.active)
            self.give_priority(self.active)
        elif step == "declare_attackers":
            if any(
                why_not_attack_with(self, self.active, c) is None
                for c in self.table.creatures(self.active)
            ):
                self.decision, self.priority = "attackers", self.active
            else:
                # MG 2.1 (CR 508.8): with nothing able to attack, none is declared, and players
                # still receive priority in this step; only the next steps are skipped.
                self.give_priority(self.active, check=not self.settled)
        elif step == "declare_blockers":
            # MG R8: each attacked player still in the game declares blockers in turn; with
            # none left (every one of them has left, or no creature attacks any more), nobody
            # does, and the active player receives priority.
            first = combat.next_defending_player(self, after=self.active)
            if first is None:
                self.give_priority(self.active)
            else:
                self.decision, self.priority = "blockers", first
        elif step == "first_strike_damage":
            if combat.has_first_strike_step(self):
                self.combat_damage(first_strike=True)
            else:
                self.enter("combat_damage")
        elif step == "combat_damage":
            self.combat_damage(first_strike=False)
        elif step == "cleanup":
            self.cleanup()
        else:
            self.give_priority(self.active, check=not self.settled)

    def combat_damage(self, *, first_strike: bool) -> None:
        """The turn-based action of a combat damage step: the attacking player divides the
        damage of each attacker that can divide it in more than one way, one attacker at a
        time (MG R4); then all combat damage is dealt at once, and the active player receives
        priority.

        :enforces: MG 4.5, MG R4
        """
        if combat.to_divide(self, first_strike=first_strike) is not None:
            self.decision, self.priority = "damage", self.active
            return
        self.decision = "priority"
        combat.deal_damage(self, first_strike=first_strike)
        self.give_priority(self.active)

    @property
    def defender(self) -> int:
        """The defending player: the next player in turn order still in the game, whom a
        creature declared as an attacker now attacks where attackers do not choose (MG R6)."""
        return self.next_player(self.active)

    def _after_attacks(self) -> None:
        # Attackers declared or not, players receive priority in the declare attackers step
        # (MG 2.1); next_step() skips the blockers and damage steps when none attacks.
        self.give_priority(self.active)

    def cleanup(self) -> None:
        """Discard to hand size, then remove damage from creatures and end the turn.

        :enforces: MG 2.4
        """
        hand = self.table.hands[self.active]
        if len(hand) > self.variant.max_hand_size:
            self.decision, self.priority = "discard", self.active
            return
        for creature in self.table.creatures():
            creature.damage, creature.deathtouched = 0, False
        self.variant.end_of_turn(self)
        # What the format does at the end of the turn may be a state-based action (a Vortex
        # pass step); check now, before the next turn begins.
        sba.check(self)
        if self.outcome is None:
            self.next_turn()

    # Damage and life.

    def damage_player(self, source: CardState, player: int, amount: int, rule: RuleId) -> None:
        """Deal damage to a player: it lowers life and adds to the damage they have taken.

        :enforces: MG 1.4, MG 4.6
        """
        target = self.table.players[player]
        target.life -= amount
        target.damage_taken += amount
        self.record(
            rule,
            f"{source.name} deals {amount} damage to {target.name} "
            f"(life {target.life}, damage taken {target.damage_taken})",
        )
        self._lifelink(source, amount)

    def damage_creature(
        self, source: CardState, creature: CardState, amount: int, rule: RuleId
    ) -> None:
        """Mark damage on a creature; damage from a deathtouch source is always lethal."""
        creature.damage += amount
        if source.definition.has_keyword("Deathtouch"):
            creature.deathtouched = True
        self.record(rule, f"{source.name} deals {amount} damage to {creature.name}")
        self._lifelink(source, amount)

    def _lifelink(self, source: CardState, amount: int) -> None:
        if source.definition.has_keyword("Lifelink") and amount > 0:
            self.gain_life(source.controller, amount, "MG 4.6")

    def gain_life(self, player: int, amount: int, rule: RuleId) -> None:
        """A player gains life; the damage they have taken is unchanged (MG 1.4)."""
        self.table.players[player].life += amount
        self.record(rule, f"{self.name_of(player)} gains {amount} life")

    # Drawing.

    def draw_from_library(self, player: int) -> None:
        """Draw the top card of ``player``'s library; from an empty one, mark the attempt.

        :enforces: MG 5.3
        """
        library = self.table.zones[self.variant.library_zone(player)]
        if not library:
            self.table.players[player].drew_from_empty = True
            self.record("MG 5.3", f"{self.name_of(player)} tries to draw from an empty library")
            return
        self.table.move(library[-1], self.table.hand_zones[player])

    # Views and saving.

    def view(self, player: int) -> dict[str, Any]:
        """What ``player`` may see (see :func:`rulekeeper.mtg.views.view`)."""
        return views.view(self, player)

    def _names(self) -> list[str]:
        return [p.name for p in self.table.players]

    def _zones(self) -> dict[str, list[int]]:
        return {name: list(ids) for name, ids in self.table.zones.items()}

    def to_json(self) -> dict[str, Any]:
        """The whole game, RNG and log included, as JSON-ready data."""
        return saving.game_to_json(self)

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Self:
        """Restore a game saved by :meth:`to_json`, checked completely (see
        :func:`rulekeeper.mtg.saving.restore_game`).

        :raises SerializationError: naming the field and the reason, if the data is not a
            saved game of a known Magic format that could have been reached.
        """
        return saving.restore_game(cls, data)

    @classmethod
    def _from_trusted_json(cls, data: dict[str, Any]) -> Self:
        return saving.restore_game(cls, data, trusted=True)
