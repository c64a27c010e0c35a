"""A game of Dominion in the compact model: setup, the turn and its phases (DM 1, DM 2).

Cards are numbered from 0 and each is in exactly one zone: a Supply pile (``pile:Smithy``),
a player's ``deck:P``, ``hand:P``, ``discard:P``, ``play:P`` (in play) or ``aside:P`` (set
aside), or the shared ``trash``. The top of a deck, and of a pile, is the end of its list.

The engine takes every step it can by itself and stops only where a player has a real choice
(DM R3): an Action phase with no Action card to play, or a Buy phase with no Buy left and no
Treasure to play, ends by itself.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, Final, Self

from rulekeeper.dominion import (
    HAND_SIZE,
    STARTING_DECK,
    base_sets,
    copper_pile,
    curse_pile,
    effects,
    kingdom,
    province_pile,
    saving,
    scoring,
    victory_pile,
    views,
)
from rulekeeper.dominion.actions import Buy, Choose, EndPhase, Play, PlayWay
from rulekeeper.dominion.cards import CARD_DICT, CARDS, CardDef, card
from rulekeeper.dominion.effects import ACTIONS
from rulekeeper.dominion.hooks import DominionVariant
from rulekeeper.dominion.state import BUY, COSTS, Table
from rulekeeper.dominion.zones import PLAYER_ZONES, zone_name
from rulekeeper.engine.chance import Chance
from rulekeeper.engine.events import EVERYONE, all_but
from rulekeeper.engine.game import Action, Outcome, Violation
from rulekeeper.engine.seats import Seat
from rulekeeper.engine.turns import AutomaticGame
from rulekeeper.errors import InputError
from rulekeeper.rules import RuleId

# The cards' own effects build on the steps of effects, which does not import them: both are
# known here, so they meet here, once, before any game is set up.
effects.register_cards(kingdom.CARD_EFFECTS, kingdom.CHOICES, kingdom.EVENTS, kingdom.STEP_KINDS)

WAY_NAMES: Final = frozenset(n for n, c in CARDS.items() if c.landscape_type == "Way")
BUYABLE_LANDSCAPES: Final = frozenset(
    n for n, c in CARDS.items() if c.landscape_type in ("Event", "Project")
)
# Actions are values; these are made once, so that a legal list is built without making any.
_PLAY: Final = {name: Play(name) for name in ACTIONS}
_END: Final = EndPhase()


# The text of the events every turn logs, written only when the log is read
# (EventLog.record_later): writing them cost a game more than the rest of its bookkeeping.
_SHUFFLES: Final[Callable[..., str]] = "{} shuffles their discard pile".format
_GAINS: Final[Callable[..., str]] = "{} gains {}".format
_BEGINS: Final[Callable[..., str]] = "{} begins their turn".format


class DominionGame(AutomaticGame):
    """A game of Dominion under one :class:`~rulekeeper.dominion.hooks.DominionVariant`,
    plain Dominion unless another is given; a saved game restores with the variant it names.
    """

    def __init__(self, variant: DominionVariant, chance: Chance, names: Sequence[str]) -> None:
        super().__init__(chance)
        self.variant = variant
        # Read once: in_supply is asked for every card bought or gained.
        self.every_pile_supply = variant.every_pile_supply
        self.table = Table([Seat(index, name) for index, name in enumerate(names)])
        self.piles: list[str] = []  # Supply piles in the order they were laid out
        self.landscapes: list[str] = []
        self.turn = 0  # turns taken by everyone so far; the log counts turns with it
        self.turns_taken = [0] * len(names)
        self.active = 0
        self.phase = "pregame"  # pregame, action or buy
        self.actions = self.buys = self.coins = 0
        # Card effects waiting to happen, the next one last; each is JSON-ready (DM 3.3).
        self.steps: list[dict[str, Any]] = []
        self.projects: dict[str, list[int]] = {}  # DM 5.4: a Project's cubes, by owner
        self.gained: list[list[str]] = [[] for _ in names]  # gains on each one's latest turn
        self.turn_flags: dict[str, int] = {}  # this turn's bookkeeping (Merchant, ...)

    @property
    def format_key(self) -> str:  # type: ignore[override]
        """The format's key: the variant's (``dominion``, ``dominion-draft``)."""
        return self.variant.facts.key

    @property
    def variant_state(self) -> dict[str, Any]:
        """The variant's bookkeeping as saved, written afresh when asked: change the variant,
        not this. Setting it hands a saved state back to the variant."""
        return self.variant.save_state()

    @variant_state.setter
    def variant_state(self, value: dict[str, Any]) -> None:
        self.variant.restore_state(value)

    # Starting a game.

    @classmethod
    def new(
        cls,
        kingdom: Sequence[str],
        *,
        seed: int,
        players: int | None = None,
        names: Sequence[str] | None = None,
        landscapes: Sequence[str] = (),
        variant: DominionVariant | None = None,
        chance: Chance | None = None,
    ) -> Self:
        """Set up a game: base piles, the kingdom, starting decks shuffled, five cards each,
        a random first player. The game then runs on to the first real decision (DM R3).

        ``chance`` replaces the one made from ``seed``, e.g. one with scripted outcomes.

        :raises InputError: if the number of players is not 2 to 6 (DM 1.1) or a card is
            unknown or of the wrong kind (DM 1.4).

        :enforces: DM 1.1, DM 1.2, DM 1.3
        """
        variant = variant or DominionVariant()
        names = list(names or [f"Player {i + 1}" for i in range(players or 2)])
        count = len(names)
        variant.facts.check_players(count)
        for name in kingdom:
            if card(name).kind != "kingdom":
                raise InputError(f"{name} is not a kingdom card (DM 1.4)")
        for name in landscapes:
            if card(name).kind != "landscape":
                raise InputError(f"{name} is not a landscape (DM 5.1)")
        game = cls(variant, chance or Chance(seed), names)
        for name in ("Copper", "Silver", "Gold", "Estate", "Duchy", "Province", "Curse"):
            game.add_pile(name)
        variant.setup(game, kingdom, landscapes)
        for player in range(count):
            for name, copies in STARTING_DECK:
                game.table.create_copies(name, copies, zone_name("discard", player))
            game.draw(player, HAND_SIZE)
        game.active = game.chance.pick(count, kind="first player")
        game.record("DM 1.3", f"{names[game.active]} goes first")
        game.begin_play_if_ready()
        return game

    def pile_size(self, definition: CardDef) -> int:
        """How many cards a pile of ``definition`` holds in this game (DM 1.2, DM 1.4).

        :enforces: DM 1.2, DM 1.4
        """
        players = len(self.table.players)
        size = definition.pile
        if isinstance(size, int):
            if definition.name in ("Silver", "Gold"):
                return size * base_sets(players)
            return size
        if size == "copper":
            return copper_pile(players)
        if size == "victory":
            return victory_pile(players)
        if size == "province":
            return province_pile(players)
        assert size == "curse"
        return curse_pile(players)

    def add_pile(self, name: str) -> None:
        """Lay out a Supply pile of ``name`` with as many cards as the rules give it.

        :raises InputError: if the card is unknown, a landscape, or already has a pile.
        """
        definition = card(name)
        # Every pile laid out (game.piles) has its zone, so its entry in pile_ids (kept with
        # zones): one look-up instead of a scan of the piles.
        if definition.kind == "landscape" or name in self.table.pile_ids:
            raise InputError(f"cannot lay out a pile of {name} (DM 1.4)")
        name = definition.name  # the interned name (see cards.parse_card)
        self.piles.append(name)
        self.table.lay_out(name, self.pile_size(definition))

    def begin_play_if_ready(self) -> None:
        """Start the first turn once the variant's pre-game phase is over (or at once)."""
        if self.phase == "pregame" and self.variant.next_decision(self) is None:
            self.start_turn()
            self.take_forced_actions()

    # Bookkeeping the effects share.

    def name_of(self, player: int) -> str:
        """A player's name, for the log."""
        return self.table.players[player].name

    def record(self, rule: RuleId, text: str, seen_by: int = EVERYONE) -> None:
        """Add an event to the log for the current turn, seen by everyone unless ``seen_by``
        says otherwise (see :mod:`rulekeeper.engine.events`)."""
        self.log.record(self.turn, rule, text, seen_by)

    def record_private(self, rule: RuleId, player: int, told: str, others: str) -> None:
        """Add an event only ``player`` sees, ``told``, which names cards only they know, and
        beside it ``others``, what every other player sees of it."""
        self.log.record(self.turn, rule, told, player)
        self.log.record(self.turn, rule, others, all_but(player))

    def pile(self, name: str) -> list[int]:
        """The cards of the Supply pile ``name`` (its top card last)."""
        return self.table.pile_ids[name]

    def empty_pile_count(self) -> int:
        """How many piles are empty in all, found without a look-up by name: fewer than the
        end of the game needs means no player's Supply can have enough (DM 6.1)."""
        count = 0
        for ids in self.table.pile_lists:
            if not ids:
                count += 1
        return count

    def supply_of(self, player: int) -> tuple[str, ...]:
        """The piles ``player`` may buy and gain from (the variant decides; DM 1.5)."""
        return self.variant.supply_of(self, player)

    def in_supply(self, player: int, name: str) -> bool:
        """Whether ``name``'s pile is in ``player``'s Supply: ``name in supply_of(player)``,
        found without building the tuple when every Supply is every pile."""
        if self.every_pile_supply:
            piles = self.piles
            # Most names are the card data's own strings, found by identity first (see "Interned
            # card names" in the speed guide); a name made elsewhere is found by equality.
            for pile in piles:
                if pile is name:
                    return True
            return name in piles
        return name in self.variant.supply_of(self, player)

    def hand(self, player: int) -> list[str]:
        """The names of the cards in ``player``'s hand, in order."""
        cards = self.table.cards
        return [cards[i] for i in self.table.hands[player]]

    def has_action_card(self, player: int) -> bool:
        """True if ``player`` has an Action card in hand."""
        cards = self.table.cards
        return any(cards[i] in ACTIONS for i in self.table.hands[player])

    def find_in(self, zone: str, name: str) -> int | None:
        """The ID of the last card called ``name`` in ``zone``, or ``None``."""
        return self.last_named(self.table.zones[zone], name)

    def last_named(self, ids: list[int], name: str) -> int | None:
        """The last of the card IDs ``ids`` whose card is called ``name``, or ``None``."""
        cards = self.table.cards
        for index in range(len(ids) - 1, -1, -1):
            if cards[ids[index]] == name:
                return ids[index]
        return None

    def draw(self, player: int, count: int) -> list[int]:
        """Draw ``count`` cards, shuffling the discard pile into the deck when the deck runs
        out (DM 2.5). Returns the cards drawn: fewer if both run out.

        :enforces: DM 2.5
        """
        # Card IDs typed Any and moved one by one: see "Card IDs that only move" in the speed
        # guide.
        deck: list[Any] = self.table.decks[player]
        hand: list[Any] = self.table.hands[player]
        start = len(hand)
        for _ in range(count):
            if not deck and not self.reshuffle(player):
                break
            hand.append(deck.pop())
        return hand[start:]

    def reveal_top(self, player: int) -> int | None:
        """Take the top card of ``player``'s deck, reshuffling if needed (DM 2.5); the caller
        puts it somewhere. ``None`` if deck and discard pile are both empty."""
        deck = self.table.decks[player]
        if not deck and not self.reshuffle(player):
            return None
        return deck.pop()

    def reshuffle(self, player: int) -> bool:
        """Shuffle ``player``'s discard pile to form their deck (DM 2.5); False if it is empty.

        :enforces: DM 2.5
        """
        discard = self.table.discards[player]
        if not discard:
            return False
        deck = self.table.decks[player]
        deck.extend(discard)
        discard.clear()
        self.chance.shuffle(deck)
        if self.turn:
            self.log.record_later(self.turn, "DM 2.5", _SHUFFLES, self.name_of(player))
        return True

    def cost(self, name: str) -> int:
        """What ``name`` costs now, in coins."""
        return COSTS[name]

    def gain(
        self,
        player: int,
        name: str,
        to: str = "discard",
        *,
        rule: RuleId = "DM 4.2",
        copy: bool = False,
    ) -> int:
        """Gain a card of ``name`` from ``player``'s Supply into their zone ``to`` (their
        discard pile unless said otherwise); returns its ID, or -1 if there is none to gain
        (an empty pile, or a pile not in that player's Supply: DM 1.5, DM 4.2).

        :enforces: DM 4.2
        """
        # A copy of a card another card names may come from elsewhere in a variant.
        if copy:
            if name not in self.variant.copy_piles(self, player):
                return -1
        elif not self.in_supply(player, name):
            return -1
        pile = self.table.pile_ids[name]
        if not pile:
            return -1
        card_id = pile.pop()
        self.table.player_zones[to][player].append(card_id)
        if player == self.active:
            self.gained[player].append(name)
        self.log.record_later(self.turn, rule, _GAINS, self.name_of(player), name)
        return card_id

    def trash(self, card_id: int, source: str) -> None:
        """Trash a card from ``source`` (DM 4.4).

        :enforces: DM 4.4
        """
        self.table.move(card_id, "trash", origin=source)
        self.record(
            "DM 4.4", f"{self._whose(source, 'the Supply')} trashes {self.table.cards[card_id]}"
        )

    def _whose(self, zone: str, otherwise: str) -> str:
        """The name of the player whose zone ``zone`` is, or ``otherwise`` (a pile, the trash)."""
        owner = zone.split(":")[-1]
        return self.name_of(int(owner)) if owner.isdigit() else otherwise

    def return_to_pile(self, card_id: int, source: str) -> bool:
        """Return a card from the zone ``source`` to the top of the pile of its name (DM 4.11),
        whoever's Supply that pile is in (DD R24). False, and the card stays where it is, if
        the game has no pile of that name.

        :enforces: DM 4.11
        """
        name = self.table.cards[card_id]
        pile = self.table.pile_ids.get(name)
        if pile is None:
            return False
        self.table.zones[source].remove(card_id)
        pile.append(card_id)
        self.record("DM 4.11", f"{self._whose(source, 'the game')} returns {name} to its pile")
        return True

    # The turn.

    def start_turn(self) -> None:
        """Begin the next turn: one Action, one Buy, $0, and Projects that act now (DM 2.1).

        :enforces: DM 2.1
        """
        self.phase = "action"
        self.turn += 1
        self.turns_taken[self.active] += 1
        self.actions, self.buys, self.coins = 1, 1, 0
        self.turn_flags = {}
        self.gained[self.active] = []
        self.log.record_later(self.turn, "DM 2.1", _BEGINS, self.name_of(self.active))
        effects.start_of_turn(self, self.active)

    def end_turn(self) -> None:
        """Clean-up (DM 2.4), then the end-of-game check (DM 6.1, DM R2), then the next turn.

        :enforces: DM 2.4, DM 6.1, DM R2
        """
        player = self.active
        discard, hand, in_play = (
            self.table.discards[player],
            self.table.hands[player],
            self.table.in_play[player],
        )
        # The hand, then what is in play.
        discard.extend(hand)
        hand.clear()
        discard.extend(in_play)
        in_play.clear()
        self.draw(player, HAND_SIZE)
        self.actions = self.buys = self.coins = 0
        ended = self.variant.is_game_over(self)
        facts = self.variant.facts
        if ended is None and facts.turn_limit_reached(self.turn // len(self.table.players)):
            ended = ("DM R2", f"the turn limit of {facts.turn_limit} turns each is reached")
        if ended is not None:
            self.outcome = scoring.outcome(self, ended[0], ended[1])
            self.record(ended[0], f"the game ends: {ended[1]}")
            winners = ", ".join(self.name_of(w) for w in self.outcome.winners)
            self.record(
                "DM 6.3",
                f"{winners} {'win' if len(self.outcome.winners) > 1 else 'wins'}"
                f" ({self.outcome.reason.split('; ')[-1]})",
            )
            return
        self.active = (self.active + 1) % len(self.table.players)
        self.start_turn()

    def take_forced_action(self) -> bool:
        """Run an effect that needs no choice, or end a phase that leaves none (DM R3): whether
        there was one. A Buy phase starts with every Treasure in hand played (DM R5).

        :enforces: DM R3, DM R5
        """
        if self.steps:
            return effects.run_automatic(self)
        if self.phase == "action":
            if self.actions == 0 or not self.has_action_card(self.active):
                self._start_buy_phase()
                return True
            return False
        if self.phase == "buy" and self.buys == 0:
            self.end_turn()
            return True
        return False

    def _start_buy_phase(self) -> None:
        self.phase = "buy"
        effects.play_treasures(self, self.active)

    # The Game protocol.

    def current_player(self) -> int:
        """The player who must decide next."""
        if self.steps:
            return int(self.steps[-1]["player"])
        if self.phase == "pregame":
            decision = self.variant.next_decision(self)
            return self.active if decision is None else decision[1]
        return self.active

    def _legal_list(self) -> list[Action]:
        # The candidates are built to be exactly the legal ones: a card's choice offers its
        # step's options, which is what why_illegal() accepts there, and so do the Action and
        # Buy phases and the variant's pre-game decisions (tests check each against the
        # predicate check() uses). So they are not judged one by one again.
        if self.outcome is not None:
            return []
        return self._candidates()

    def _offers(self, action: object) -> bool | None:
        # In the Action and Buy phases the list is exactly what why_illegal() accepts (a test
        # checks it), so the one action is judged; a choice or a pre-game decision asks the
        # list.
        if self.outcome is not None:
            return False
        if self.steps or self.phase == "pregame":
            return None
        return isinstance(action, Action) and self._violation(action) is None

    def _candidates(self) -> list[Action]:
        if self.steps:
            return [Choose(o) for o in effects.options(self, self.steps[-1])]
        if self.phase == "pregame":
            return self.variant.candidates(self)
        player = self.active
        found: list[Action] = []
        if self.phase == "action":
            # take_forced_actions() leaves the Action phase at once without an Action or an
            # Action card.
            names = sorted({n for n in self.hand(player) if n in ACTIONS})
            found += [_PLAY[n] for n in names]
            ways = effects.ways_of(self, player)
            found += [PlayWay(n, w) for n in names for w in ways]
        else:
            coins = self.coins
            entries = self.table.buy_list
            k, n = 0, len(entries)
            for name in self.supply_of(player):
                # The kept entries run in the order the piles were laid out, as a plain Supply
                # does: the next one is most likely this pile's. Any other is found by name.
                if k < n and entries[k][0] is name:
                    _, cost, ids, buy = entries[k]
                    k += 1
                else:
                    cost, ids, buy = COSTS[name], self.table.pile_ids[name], BUY[name]
                if cost <= coins and ids:
                    found.append(buy)
            found += [
                BUY[n]
                for n in self.variant.landscapes_of(self, player)
                if n in BUYABLE_LANDSCAPES
                and COSTS[n] <= coins
                and player not in self.projects.get(n, ())
            ]
        found.append(_END)
        return found

    def _violation(self, action: Action) -> Violation | None:
        return self.why_illegal(action)

    def why_illegal(self, action: Action) -> Violation | None:
        """The rule ``action`` would break now and why, or ``None`` if it is legal.

        The Draft leaves playing from the hand unlimited (DD 4.1): this check is what a test of
        that rule must reach.

        :enforces: DD 4.1, DM 2.2, DM 2.3, DM 3.3, DM 5.5
        """
        if self.phase == "pregame" and not self.steps:
            return self.variant.violation(self, action)
        if self.steps:
            if not isinstance(action, Choose):
                who = self.name_of(self.current_player())
                return ("DM 3.3", f"{who} must first answer a choice")
            if action.option not in effects.options(self, self.steps[-1]):
                return ("DM 3.3", f"{action.option!r} is not one of the choices offered")
            return None
        player = self.active
        if isinstance(action, EndPhase):
            return None
        if isinstance(action, Play) or isinstance(action, PlayWay):  # noqa: SIM101
            definition = CARD_DICT.get(action.card)
            # Found in the hand by name without making the list of the hand's names.
            if definition is None or self.last_named(self.table.hands[player], action.card) is None:
                return ("DM 3.2", f"there is no {action.card} in your hand")
            if not definition.has_type("Action"):
                return ("DM 2.3", f"{action.card} is not an Action card (Treasures are played "
                        "when the Buy phase starts)")  # fmt: skip
            if self.phase != "action":
                return ("DM 2.2", f"{action.card} cannot be played in the {self.phase} phase")
            if self.actions < 1:
                return ("DM 2.2", "you have no Action left to play an Action card")
            if isinstance(action, PlayWay):
                if action.way not in self.variant.landscapes_of(self, player):
                    return ("DM 5.5", f"{action.way} is not in use in this game")
                if action.way not in WAY_NAMES:
                    return ("DM 5.5", f"{action.way} is not a Way")
            return None
        if isinstance(action, Buy):
            return self.why_not_buy(player, action.card)
        return ("DM 2.1", f"{action!r} is not an action of this game")

    def why_not_buy(self, player: int, name: str) -> Violation | None:
        """Why ``player`` may not buy ``name`` now, or ``None`` if they may: cards only from
        their Supply (DM 1.5), with a Buy and enough coins (DM 2.3); Events and Projects only
        when in use (DM 5.1), Projects once (DM 5.4), Landmarks and Ways never (DM 5.3).

        :enforces: DM 1.5, DM 2.3, DM 5.1, DM 5.2, DM 5.3, DM 5.4
        """
        if self.phase != "buy":
            return ("DM 2.3", "cards are bought only in the Buy phase")
        if self.buys < 1:
            return ("DM 2.3", "you have no Buy left")
        definition = CARD_DICT.get(name)
        if definition is None:
            return ("DM 2.3", f"there is no card called {name!r}")
        if definition.kind == "landscape":
            if name not in self.variant.landscapes_of(self, player):
                return ("DM 5.1", f"{name} is not in use in this game")
            if definition.landscape_type not in ("Event", "Project"):
                return ("DM 5.3", f"{name} is a {definition.landscape_type} and cannot be bought")
            if player in self.projects.get(name, []):
                return ("DM 5.4", f"you already have a cube on {name}")
        elif not self.in_supply(player, name):
            return (self.variant.supply_rule, f"{name} is not in your Supply")
        elif not self.table.pile_ids[name]:
            return ("DM 2.3", f"the {name} pile is empty")
        cost = self.cost(name)
        if cost > self.coins:
            return ("DM 2.3", f"{name} costs ${cost} and you have ${self.coins}")
        return None

    def _step(self) -> str:
        return self.phase

    def _perform(self, action: Action) -> None:
        if self.steps:
            assert isinstance(action, Choose)
            effects.answer(self, action.option)
        elif self.phase == "pregame":
            self.variant.perform(self, action)
            self.begin_play_if_ready()
            return
        elif isinstance(action, EndPhase):
            if self.phase == "action":
                self._start_buy_phase()
            else:
                self.buys = 0
        elif isinstance(action, Play) or isinstance(action, PlayWay):  # noqa: SIM101
            self.actions -= 1
            way = action.way if isinstance(action, PlayWay) else ""
            effects.play_action(self, self.active, action.card, way=way)
        elif isinstance(action, Buy):
            effects.buy(self, self.active, action.card)
        self.take_forced_actions()

    def view(self, player: int) -> dict[str, Any]:
        """What ``player`` may know: their own hand and the cards they have set aside
        (DM 4.10); counts of others' hands, every deck and every player's set-aside cards;
        discard piles' sizes and top cards; everything in play, in the trash and in the
        Supply; the choice a card asks, its options only to the player who makes it (DM 1.6).
        The variant may add or hide more.

        :enforces: DM 1.6, DM 4.10
        """
        zones, piles, cards = self.table.zones, self.table.pile_ids, self.table.cards
        view = self.turn_facts(player)
        # Every zone as the one model of who sees what says (dominion.views): a player sees
        # their hand, and every card they have set aside, those a card looks at (DM 4.10) too.
        view["hand"] = [cards[i] for i in views.seen(self, "hand", player, player) or ()]
        view["aside"] = [cards[i] for i in views.seen(self, "aside", player, player) or ()]
        view["supply"] = {n: len(piles[n]) for n in self.supply_of(player)}
        view["landscapes"] = list(self.variant.landscapes_of(self, player))
        view["trash"] = [self.table.cards[i] for i in zones["trash"]]
        view["players"] = [self._public(p, player) for p in range(len(self.table.players))]
        view["choice"] = self.pending_choice(player)
        self.variant.adjust_view(self, player, view)
        return view

    def _view_facts(self, player: int) -> dict[str, Any]:
        # The three facts an agent such as Big Money reads, as the whole view has them (a test
        # checks that), and no more (speed guide).
        return {"phase": self.phase, "coins": self.coins, "choice": self.pending_choice(player)}

    def turn_facts(self, player: int) -> dict[str, Any]:
        """The first entries of :meth:`view`, which hide nothing: whose view it is, the turn,
        the active player, the phase and what the active player has left to spend."""
        return {
            "player": player,
            "turn": self.turn,
            "active": self.active,
            "phase": self.phase,
            "actions": self.actions,
            "buys": self.buys,
            "coins": self.coins,
        }

    def pending_choice(self, player: int) -> dict[str, Any] | None:
        """The choice a card asks now, as ``player``'s view shows it, or ``None``: its
        options only to the player who makes it, as they may name cards only that player
        sees (DM 1.6, DM 4.10)."""
        if not self.steps:
            return None
        return effects.describe_step(self, self.steps[-1], player)

    def _public(self, player: int, viewer: int) -> dict[str, Any]:
        """What ``viewer`` sees of ``player``'s zones, as :func:`~rulekeeper.dominion.views.sight`
        says: every count (DM R6), the top card of the discard pile, the cards in play, and
        the cards set aside when they are public (DM R7)."""
        cards = self.table.cards

        def shown(kind: str) -> list[str]:
            return [cards[i] for i in views.seen(self, kind, player, viewer) or ()]

        top = shown("discard")[-1:]
        return {
            "name": self.name_of(player),
            "hand": len(self.table.hands[player]),
            "deck": len(self.table.decks[player]),
            "discard": len(self.table.discards[player]),
            "discard_top": top[0] if top else None,
            "in_play": shown("play"),
            "aside": len(self.table.player_zones["aside"][player]),
            # Only a whole set-aside zone is shown (DM R7): a count otherwise.
            "aside_shown": (
                shown("aside") if views.sight(self, "aside", player, viewer) == views.CARDS else []
            ),
            "turns": self.turns_taken[player],
        }

    def to_json(self) -> dict[str, Any]:
        """The whole state, RNG included, as JSON-ready data."""
        return saving.save(self)

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Self:
        """Restore a state saved by :meth:`to_json`.

        :raises SerializationError: if the data is not a saved game of this format.
        """
        return saving.restore(cls, data)

    @classmethod
    def _from_trusted_json(cls, data: dict[str, Any]) -> Self:
        return saving.restore(cls, data, trusted=True)

    def _names(self) -> list[str]:
        return [seat.name for seat in self.table.players]

    def all_cards_of(self, player: int) -> list[str]:
        """The names of every card ``player`` has: deck, hand, discard, in play, set aside."""
        cards = self.table.cards
        return [cards[i] for kind in PLAYER_ZONES for i in self.table.player_zones[kind][player]]

    def zones_of(self, player: int) -> dict[str, list[int]]:
        """``player``'s own zones by name."""
        return {zone_name(k, player): self.table.zones[zone_name(k, player)] for k in PLAYER_ZONES}

    def _zones(self) -> dict[str, list[int]]:
        return {name: list(ids) for name, ids in self.table.zones.items()}

    def outcome_now(self) -> Outcome:
        """Who would win if the game ended now (DM 6.2, DM 6.3)."""
        return scoring.outcome(self, "DM 6.2", "scores now")


__all__ = ["PLAYER_ZONES", "DominionGame"]
