"""Vortex Based Magic as a :class:`~rulekeeper.mtg.hooks.MagicFormat`: the hooks it overrides.

Drawing is replaced by drafting (``draw_one``), libraries by the shoe (``library_zone``), and
the format asks its own decisions (picks, basic lands, the pack mulligan) through
``next_decision``; passing packs and discarding from an overfull pack are state-based actions.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import partial
from typing import TYPE_CHECKING, Any, Final

from rulekeeper.engine.chance import Chance
from rulekeeper.engine.game import Action, Violation
from rulekeeper.engine.saves import check_index, refuse
from rulekeeper.errors import InputError
from rulekeeper.mtg.formats.vortex import (
    BASIC_LANDS,
    FACTS,
    OPENING_BASICS,
    OPENING_TURNS,
    PACK_SIZE,
    PASSED_PACK,
    SHOE,
    draft,
    opening,
    outside,
    pack,
    saving,
)
from rulekeeper.mtg.formats.vortex.actions import ExilePack, KeepPack, Pick, TakeBasic
from rulekeeper.mtg.formats.vortex.state import VortexState
from rulekeeper.mtg.hooks import Deck, MagicFormat, StateBasedAction
from rulekeeper.mtg.state import UNOWNED
from rulekeeper.mtg.views import own_cards

if TYPE_CHECKING:
    from rulekeeper.mtg.game import MagicGame

FOR_PACKS: Final[int] = (
    3  # copies of each basic land type kept outside the game per player (VX 4.2)
)


class Vortex(MagicFormat):
    """Vortex Based Magic: one shared shoe, and every draw a pick from a passed pack."""

    facts = FACTS
    opening_hand = 0  # VX 4: the opening hand is drafted, not drawn
    decisions = ("pick", "basics", "pack mulligan")

    def __init__(self) -> None:
        super().__init__()
        self.state = VortexState()  # no drafts or pass steps waiting, in normal play

    def save_state(self) -> dict[str, Any]:
        """The drafting bookkeeping as a save keeps it."""
        return saving.CODEC.dump(self.state)

    def restore_state(self, saved: dict[str, Any]) -> None:
        """Take up the drafting bookkeeping a save kept."""
        saving.CODEC.load_into(self.state, saved)

    def variant_state_record(self) -> Any:
        """The drafting bookkeeping of a saved Vortex game."""
        from rulekeeper.mtg.formats.vortex.save_records import VortexRecord

        return VortexRecord

    def check_restored(self, game: MagicGame) -> None:
        """Every seat the bookkeeping names is at this table (VX 1.2), each player has a count
        of basic lands to take (VX 4.2), and the opening turns are planned while they run.

        :raises ~rulekeeper.errors.SerializationError: naming the field and the reason.
        """
        state: VortexState = game.variant.state
        seats = len(game.table.players)
        for key, queue in (("drafts", state.drafts), ("pass_due", state.pass_due),
                           ("opening", state.opening or [])):  # fmt: skip
            for i, player in enumerate(queue):
                check_index(player, seats, f"variant_state.{key}[{i}]", rule="VX 1.2")
        if state.small_pack is not None:
            check_index(state.small_pack[0], seats, "variant_state.small_pack[0]", rule="VX 1.2")
        if state.phase != "play" and len(state.basics or []) != seats:
            raise refuse(
                "variant_state.basics", f"needs a count for each of {seats} players (VX 4.2)"
            )
        if state.phase == "opening" and state.opening is None:
            raise refuse("variant_state.opening", "the opening turns are not planned (VX 4.1)")
        self._check_decision(game)

    def _check_decision(self, game: MagicGame) -> None:
        """The decision being asked is one the phase asks, of the player whose it is: a pick
        of the next player to draft (in the opening turns, VX 4.1, or in play, VX 5.1), basic
        lands only after the opening turns (VX 4.2), a pack mulligan only in play (VX 7.1)."""
        state: VortexState = game.variant.state
        decision, player, phase = game.decision, game.priority, state.phase
        if decision == "pick":
            queue = (state.opening or []) if phase == "opening" else state.drafts
            rule = "VX 4.1" if phase == "opening" else "VX 5.1"
            if phase == "basics" or not queue or queue[0] != player:
                raise refuse("decision", f"a pick of player {player} is asked, but no draft of "
                             f"theirs is under way in the {phase} phase ({rule})")  # fmt: skip
        elif decision == "basics" and phase != "basics":
            raise refuse("decision", f"basic lands are taken only after the opening turns, not "
                         f"in the {phase} phase (VX 4.2)")  # fmt: skip
        elif decision == "pack mulligan" and phase != "play":
            raise refuse("decision", f"a pack mulligan is offered only in play, not in the "
                         f"{phase} phase (VX 7.1)")  # fmt: skip

    def extra_zones(self, player: int) -> tuple[str, ...]:
        """Each player's pack, and their basic lands waiting outside the game."""
        return (pack(player), outside(player))

    def shared_zones(self) -> tuple[str, ...]:
        """The shoe and the passed pack belong to no one (VX 3.1, VX 3.7)."""
        return (SHOE, PASSED_PACK)

    def library_zone(self, player: int) -> str:
        """Any effect other than a draw that would use a library uses the shoe instead.

        :enforces: VX 3.3
        """
        return SHOE

    def setup(self, game: MagicGame, decks: Sequence[Deck]) -> None:
        """Shuffle every player's cards and one of each basic land per player into the shoe,
        then deal each player a pack of seven and the passed pack seven, face down.

        :raises InputError: if the pool is too small to deal every pack.

        :enforces: VX 1.1, VX 3.1, VX 3.2, VX 3.8, VX R5
        """
        self.state = VortexState(phase="opening")
        for contribution in decks:
            for section in contribution:
                for name in section:
                    game.table.create(name, UNOWNED, SHOE)
        for player in range(len(game.table.players)):
            for name in BASIC_LANDS:
                game.table.create(name, UNOWNED, SHOE)
                for _ in range(OPENING_BASICS):
                    game.table.create(name, player, outside(player))
        needed = PACK_SIZE * (len(game.table.players) + 1)
        if len(game.table.zones[SHOE]) < needed:
            raise InputError(
                f"the pool has {len(game.table.zones[SHOE])} cards, too few to deal "
                f"{len(game.table.players) + 1} packs of {PACK_SIZE} (VX 1.1, "
                "VX 3.8)"
            )
        game.chance.shuffle(game.table.zones[SHOE], kind="shoe")
        game.record("VX 1.1", f"the shoe holds {len(game.table.zones[SHOE])} cards")
        for zone in [*(pack(p) for p in range(len(game.table.players))), PASSED_PACK]:
            for _ in range(PACK_SIZE):
                game.table.move(game.table.zones[SHOE][-1], zone)
        game.record("VX 3.8", "each player and the passed pack are dealt seven cards")

    def before_first_turn(self, game: MagicGame) -> None:
        """The opening turns replace drawing an opening hand (VX 4.1). They come before the
        game's first turn and are none of its turns, so the first normal turn's draw is skipped
        as Magic skips it, only in a game of two (VX R11, MG 2.3).

        :enforces: VX R11
        """
        opening.plan_opening_turns(game)

    def draw_one(self, game: MagicGame, player: int) -> None:
        """A draw becomes a draft (VX 5.1)."""
        draft.queue_draft(game, player)

    # The format's own decisions.

    def next_decision(self, game: MagicGame) -> tuple[str, int] | None:
        """Opening picks, basic lands, drafts, and the pack mulligan, in that order."""
        # Read into a local of its class, the base declaring it Any (speed guide, "Patterns in
        # the hot code").
        state: VortexState = self.state
        phase = state.phase
        if phase == "opening":
            decision = self._next_pick(game, state.opening or [], opening_turn=True)
            if decision is not None:
                return decision
            phase = state.phase = "basics"
        if phase == "basics":
            chooser = opening.next_basics_chooser(game)
            if chooser is not None:
                return ("basics", chooser)
            state.phase = "play"
            game.record("VX 4.4", "every hand holds seven cards: normal play begins")
        drafts = state.drafts
        if drafts:  # most of the time nobody is drafting
            decision = self._next_pick(game, drafts, opening_turn=False)
            if decision is not None:
                return decision
        if draft.can_exile_pack(game, game.active) and state.mulligan_asked != game.turn:
            return ("pack mulligan", game.active)
        return None

    def _next_pick(
        self, game: MagicGame, queue: list[int], opening_turn: bool
    ) -> tuple[str, int] | None:
        state: VortexState = self.state
        while queue:
            player = queue[0]
            if game.table.players[player].lost:
                queue.pop(0)
                continue
            if not state.replenished:
                if opening_turn:
                    taken = len(game.table.players) * OPENING_TURNS - len(queue)
                    turn = taken // len(game.table.players) + 1
                    game.record(
                        "VX 4.1",
                        f"{game.name_of(player)} takes opening turn {turn}: "
                        "a draw step and a pass step",
                    )
                draft.replenish(game, player)
                state.replenished = True
            if game.table.zones[pack(player)]:
                return ("pick", player)
            state.replenished = False
            if opening_turn:
                # VX R9: an opening turn with nothing to pick ends, with the usual life loss.
                queue.pop(0)
                opening.fail_opening_pick(game, player)
                continue
            draft.fail_pick(game, player)
            return None
        return None

    def candidates(self, game: MagicGame) -> list[Action]:
        """The answers to the current Vortex decision."""
        player = game.priority
        if game.decision == "pick":
            return [Pick(c) for c in game.table.zones[pack(player)]]
        if game.decision == "basics":
            return [TakeBasic(name) for name in opening.basics_available(game, player)]
        if game.decision == "pack mulligan":
            return [ExilePack(), KeepPack()]
        return []

    def refusable(self, game: MagicGame, player: int) -> list[Action]:
        """Picking any card of ``player``'s pack, and taking any basic land, when they are not
        offered: refused with VX 5.3, VX 4.2 or VX R1."""
        found: list[Action] = [Pick(c) for c in game.table.zones.get(pack(player), [])]
        # Wastes is basic but of no basic land type, so never one a player may take (VX R1).
        return found + [TakeBasic(name) for name in (*BASIC_LANDS, "Wastes")]

    def violation(self, game: MagicGame, action: Action) -> Violation | None:
        """Why a Vortex action is illegal now, citing the rule.

        :enforces: VX 3.6
        """
        # The pick first, and by isinstance, not match (speed guide, "A compiled engine").
        player = game.priority
        if isinstance(action, Pick):
            if game.decision != "pick":
                return ("VX 5.3", "a card is picked only when drafting")
            if game.table.where.get(action.card) != pack(player):
                return ("VX 3.6", "you can pick only a card from your own pack")
            return None
        match action:
            case TakeBasic(name):
                if game.decision != "basics":
                    return ("VX 4.2", "basic lands are added only after the opening turns")
                if name not in opening.basics_available(game, player):
                    return ("VX R1", f"{name!r} is not a basic land you can take")
                return None
            case ExilePack() | KeepPack():
                if game.decision != "pack mulligan":
                    return (
                        "VX 7.1",
                        "a pack mulligan is offered only in your upkeep when "
                        "your pack holds five or more basic lands",
                    )
                return None
        return super().violation(game, action)

    def perform(self, game: MagicGame, action: Action) -> None:
        """Carry out a legal Vortex action."""
        state: VortexState = self.state
        player = game.priority
        match action:
            case Pick(card_id):
                draft.pick(game, player, card_id)
                state.replenished = False
                if state.phase == "opening" and state.opening is not None:
                    state.opening.pop(0)
                    state.pass_due.append(player)  # VX 4.1: the pass step follows
                else:
                    state.drafts.pop(0)
            case TakeBasic(name):
                opening.take_basic(game, player, name)
            case ExilePack():
                state.mulligan_asked = game.turn
                draft.exile_pack(game, player)
            case KeepPack():
                state.mulligan_asked = game.turn

    # State-based actions and the end of the turn.

    def state_based_actions(self, game: MagicGame) -> list[StateBasedAction]:
        """Pass steps that are due, and overfull packs.

        :enforces: VX 3.9, VX 6.1
        """
        found = []
        for player in range(len(game.table.players)):
            if draft.is_pass_due(game, player):
                found.append(
                    StateBasedAction(
                        "VX 6.1",
                        f"{game.name_of(player)} passes their pack and takes the passed pack",
                        partial(draft.pass_pack, game, player),
                    )
                )
            elif draft.is_pack_overfull(game, player):
                found.append(
                    StateBasedAction(
                        "VX 3.9",
                        f"{game.name_of(player)}'s pack holds more than {PACK_SIZE} "
                        "cards: one is discarded at random",
                        partial(draft.discard_at_random, game, player),
                    )
                )
        return found

    def end_of_turn(self, game: MagicGame) -> None:
        """The pass step comes after cleanup (VX 6.1), unless the player has left the game:
        their pack has already gone back to the shoe (VX R3)."""
        if not game.table.players[game.active].lost:
            state: VortexState = self.state
            state.pass_due.append(game.active)

    def on_player_left(self, game: MagicGame, player: int) -> None:
        """A leaving player's pack goes back under the shoe (VX R3)."""
        draft.return_pack_to_shoe(game, player)

    # What players see, and what must always hold.

    def adjust_view(self, game: MagicGame, player: int, view: dict[str, Any]) -> None:
        """A player sees their own pack; of other packs, the passed pack and the shoe, only
        how many cards they hold. The shoe's order is never shown.

        :enforces: VX 3.4, VX 3.5, VX 3.6, VX R10
        """
        zones = game.table.zones
        # A pack is its owner's zone, seen as every zone is (mtg.views.sight).
        view["pack"] = own_cards(game, pack(player), player)
        view["packs"] = [len(zones[pack(p)]) for p in range(len(game.table.players))]
        view["passed_pack"] = len(zones[PASSED_PACK])
        view["shoe"] = len(zones[SHOE])
        view["basics_outside"] = len(zones[outside(player)])

    def invariants(self, game: MagicGame) -> list[str]:
        """No pack over seven; cards nobody has picked are owned by no one."""
        zones = game.table.zones
        problems = [
            f"{name} holds {len(zones[name])} cards"
            for name in [PASSED_PACK, *(pack(p) for p in range(len(game.table.players)))]
            if len(zones[name]) > PACK_SIZE
        ]
        problems += [
            f"card {c} in {name} has an owner"
            for name in [SHOE, PASSED_PACK, *(pack(p) for p in range(len(game.table.players)))]
            for c in zones[name]
            if game.table.cards[c].owner != UNOWNED
        ]
        return problems + hidden_cards_shown(game)

    def bot_decks(self, chance: Chance, players: int) -> list[Deck]:
        """A cube of every spell in the pool plus four of each basic, split among the players
        as their contributions to the shoe."""
        from rulekeeper.mtg.decks import spell_names

        cube = spell_names()
        cube += [name for name in BASIC_LANDS for _ in range(4)]
        chance.shuffle(cube, kind="cube")
        return [[cube[seat::players]] for seat in range(players)]


def hidden_cards_shown(game: MagicGame) -> list[str]:
    """Cards a player may not see that appear in their view (VX 3.4-3.6, MG 1.2)."""
    problems = []
    zones = game.table.zones
    for player in range(len(game.table.players)):
        view = game.view(player)
        shown = {c for c, _ in view["hand"]} | {c for c, _ in view["pack"]}
        hidden = set(zones[SHOE]) | set(zones[PASSED_PACK])
        for other in range(len(game.table.players)):
            if other != player:
                hidden |= set(zones[pack(other)]) | set(zones[f"hand:{other}"])
        problems += [f"player {player} is shown hidden card {c}" for c in sorted(shown & hidden)]
    return problems
