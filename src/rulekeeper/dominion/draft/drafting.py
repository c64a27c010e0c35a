"""The Kingdom draft and the landscape draft as a state machine of their own (DD 1, 2, 5).

A :class:`Draft` is dealt from a game's seeded :class:`~rulekeeper.engine.chance.Chance`, takes
one action at a time from the player it names, and ends with each player's five private
randomizers, the shared ones and the landscapes in use. It knows nothing of Supply piles or
turns, so it can be tested, and a table can be dealt (``rulekeeper deal``), without a game:

>>> from rulekeeper.engine.chance import Chance
>>> from rulekeeper.dominion.draft.drafting import Draft
>>> pool = [f"Card {n:02}" for n in range(20)]
>>> draft = Draft.deal(Chance(1), pool, ["Event A", "Event B", "Way C", "Way D"], players=2)
>>> draft.stage, draft.current_player(), len(draft.piles[0])
('pick', 0, 6)
>>> while draft.stage != "done":
...     draft.perform(draft.legal_actions()[0])
>>> len(draft.private_piles[0]), len(draft.shared), len(draft.landscapes)
(5, 2, 2)
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, Final

from rulekeeper.dominion.draft import (
    EXTRA_LANDSCAPES,
    FACTS,
    LANDSCAPES_IN_USE,
    RANDOMIZERS_PER_PLAYER,
)
from rulekeeper.dominion.draft.actions import DiscardLandscape, MoveToCentre, SetAside
from rulekeeper.dominion.draft.save_records import DraftRecord
from rulekeeper.dominion.views import CARDS, COUNT
from rulekeeper.engine.chance import Chance
from rulekeeper.engine.events import EVERYONE, all_but
from rulekeeper.engine.game import Action
from rulekeeper.engine.save_codec import Codec
from rulekeeper.errors import InputError, SerializationError
from rulekeeper.rules import RuleId

# A plain alias, not a Protocol (speed guide).
Recorder = Callable[..., None]
"""Where the draft writes what happens: ``record(rule, text, seen_by=EVERYONE)``, a rule, a
sentence and who may see it (the game's log; see :mod:`rulekeeper.engine.events`)."""

PICK: Final = "pick"
CENTRE: Final = "centre"
LANDSCAPES: Final = "landscapes"
DONE: Final = "done"
STAGES: Final = (PICK, CENTRE, LANDSCAPES, DONE)
"""The draft's stages in order: set aside and pass, the centre, landscapes, finished."""


def _ignore(rule: RuleId, text: str, seen_by: int = EVERYONE) -> None:
    """A recorder that keeps nothing, for a draft played on its own."""


def left_of(seat: int, players: int) -> int:
    """The seat on ``seat``'s left: the next one in turn order (DD R6)."""
    return (seat + 1) % players


class Draft:
    """The draft of one table: who holds which pile, what each has set aside, and what is left.

    ``piles[seat]`` is the pile ``seat`` holds now; ``set_aside[seat]`` what ``seat`` set aside
    in finished rounds; ``picked[seat]`` their pick of the current round (hidden until the round
    ends, DD R3); ``centre`` the shared randomizers; ``landscape_pile`` the landscapes not yet
    discarded, which ``landscape_holder`` was dealt.
    """

    def __init__(
        self,
        piles: list[list[str]],
        landscape_pile: list[str],
        landscape_holder: int,
        *,
        private: bool = False,
        names: Sequence[str] = (),
    ) -> None:
        self.players = len(piles)
        self.names = list(names) or [f"player {seat}" for seat in range(self.players)]
        self.private = private
        self.piles = piles
        self.set_aside: list[list[str]] = [[] for _ in piles]
        self.picked: list[str | None] = [None] * self.players
        self.centre_choice: list[str | None] = [None] * self.players
        self.centre: list[str] = []
        self.landscape_pile = landscape_pile
        self.landscape_holder = landscape_holder
        self.discarded: list[str] = []
        self.stage = PICK

    def __repr__(self) -> str:
        return f"<Draft players={self.players} stage={self.stage} round={self.round}>"

    # Dealing.

    @classmethod
    def deal(
        cls,
        chance: Chance,
        kingdom_pool: Sequence[str],
        landscape_pool: Sequence[str],
        players: int,
        *,
        private: bool = False,
        landscapes: bool = True,
        names: Sequence[str] = (),
        record: Recorder = _ignore,
    ) -> Draft:
        """Deal six randomizers a player into one pile each, and the landscape pile.

        The randomizers are distinct cards drawn from ``kingdom_pool`` by ``chance`` (DD 1.2,
        DD R2); players + 2 landscapes from ``landscape_pool`` go to a seat ``chance`` picks
        (DD 5.1, DD R16). Without ``landscapes`` the landscape pile is empty (DD R17).

        :raises InputError: if the player count is outside 2-6 (DD 1.1) or a pool is too small.

        :enforces: DD 1.1, DD 1.2, DD 1.3, DD 5.1, DD R1, DD R2, DD R16
        """
        FACTS.check_players(players)
        kingdom = sorted(set(kingdom_pool))
        needed = players * RANDOMIZERS_PER_PLAYER
        if len(kingdom) < needed:
            raise InputError(
                f"{players} players need {needed} Kingdom randomizers, the pool has "
                f"{len(kingdom)} (DD 1.2)"
            )
        chance.shuffle(kingdom, kind="randomizers")
        piles = [
            kingdom[seat * RANDOMIZERS_PER_PLAYER : (seat + 1) * RANDOMIZERS_PER_PLAYER]
            for seat in range(players)
        ]
        pile: list[str] = []
        holder = 0
        if landscapes:
            scenery = sorted(set(landscape_pool))
            if len(scenery) < players + EXTRA_LANDSCAPES:
                raise InputError(
                    f"{players} players need {players + EXTRA_LANDSCAPES} landscapes, the pool "
                    f"has {len(scenery)} (DD 5.1)"
                )
            chance.shuffle(scenery, kind="landscapes")
            pile = scenery[: players + EXTRA_LANDSCAPES]
            holder = chance.pick(players, kind="landscape holder")
        draft = cls(piles, pile, holder, private=private, names=names)
        record(
            "DD 1.3",
            f"{needed} Kingdom randomizers are dealt into {players} piles of "
            f"{RANDOMIZERS_PER_PLAYER}, set aside {'privately' if private else 'publicly'}",
        )
        return draft

    # Where the draft stands.

    @property
    def round(self) -> int:
        """The round of the Kingdom draft being played, from 1 (6 once it is over)."""
        return min(len(self.set_aside[0]) + 1, RANDOMIZERS_PER_PLAYER)

    @property
    def private_piles(self) -> list[list[str]]:
        """Each player's randomizers that are not in the centre (five each once it is over)."""
        return [list(cards) for cards in self.set_aside]

    @property
    def shared(self) -> list[str]:
        """The randomizers in the centre, shared by everyone (DD 2.4)."""
        return list(self.centre)

    @property
    def landscapes(self) -> list[str]:
        """The landscapes in use once the landscape draft is over (DD 5.3)."""
        return list(self.landscape_pile) if self.stage == DONE else []

    def current_player(self) -> int:
        """The player who must act next in the draft."""
        if self.stage == PICK:
            return self.picked.index(None)
        if self.stage == CENTRE:
            return self.centre_choice.index(None)
        if self.stage == LANDSCAPES:
            return (self.landscape_holder + len(self.discarded)) % self.players
        return 0

    # Actions.

    def candidates(self) -> list[Action]:
        """Every draft action the current player might take, in a deterministic order."""
        seat = self.current_player()
        if self.stage == PICK:
            return [SetAside(card) for card in self.piles[seat]]
        if self.stage == CENTRE:
            return [MoveToCentre(card) for card in self.set_aside[left_of(seat, self.players)]]
        if self.stage == LANDSCAPES:
            return [DiscardLandscape(card) for card in self.landscape_pile]
        return []

    def legal_actions(self) -> list[Action]:
        """The draft actions the current player may take."""
        return [action for action in self.candidates() if self.violation(action) is None]

    def violation(self, action: Action) -> tuple[RuleId, str] | None:
        """The draft rule ``action`` would break now and why, or ``None`` if it is legal."""
        if isinstance(action, SetAside):
            return self.pick_violation(action)
        if isinstance(action, MoveToCentre):
            return self.centre_violation(action)
        if isinstance(action, DiscardLandscape):
            return self.landscape_violation(action)
        return ("DD 2.1", "only draft actions are taken during the draft")

    def pick_violation(self, action: SetAside) -> tuple[RuleId, str] | None:
        """Why the current player may not set ``action.card`` aside now: not from the pile
        they hold, or not once every randomizer is set aside (``None`` if they may).

        :enforces: DD 2.1, DD 2.3
        """
        if self.stage != PICK:
            return ("DD 2.3", "every randomizer has been set aside")
        if action.card not in self.piles[self.current_player()]:
            return ("DD 2.1", f"{action.card!r} is not in the pile you hold")
        return None

    def centre_violation(self, action: MoveToCentre) -> tuple[RuleId, str] | None:
        """Why ``action.card`` may not move to the centre now: not the centre step, or not a
        randomizer of the player on the left (``None`` if it may).

        :enforces: DD 2.4
        """
        if self.stage != CENTRE:
            return ("DD 2.4", "randomizers move to the centre after the sixth round")
        seat = self.current_player()
        if action.card not in self.set_aside[left_of(seat, self.players)]:
            left = self.names[left_of(seat, self.players)]
            return ("DD 2.4", f"{action.card!r} is not one of {left}'s randomizers")
        return None

    def landscape_violation(self, action: DiscardLandscape) -> tuple[RuleId, str] | None:
        """Why ``action.card`` may not be discarded now: not the landscape step, or not in the
        landscape pile (``None`` if it may).

        :enforces: DD 5.2
        """
        if self.stage != LANDSCAPES:
            return ("DD 5.2", "landscapes are discarded after the Kingdom draft")
        if action.card not in self.landscape_pile:
            return ("DD 5.2", f"{action.card!r} is not in the landscape pile")
        return None

    def perform(self, action: Action, record: Recorder = _ignore) -> None:
        """Carry out a legal draft action and whatever follows from it.

        :raises ValueError: if ``action`` is not legal now (check :meth:`violation` first).
        """
        problem = self.violation(action)
        if problem is not None:
            raise ValueError(f"{action} is illegal: {problem[1]} ({problem[0]})")
        if isinstance(action, SetAside):
            self.set_aside_card(action.card, record)
        elif isinstance(action, MoveToCentre):
            self.move_to_centre(action.card, record)
        elif isinstance(action, DiscardLandscape):
            self.discard_landscape(action.card, record)

    def set_aside_card(self, card: str, record: Recorder = _ignore) -> None:
        """The current player sets ``card`` aside from the pile they hold; the round ends, and
        the piles pass, once every player has picked.

        :enforces: DD 2.1, DD 2.6, DD R3
        """
        seat = self.current_player()
        self.piles[seat].remove(card)
        self.picked[seat] = card
        # Only its player is told which until the round ends (DD R3), and, face down, until
        # the draft shows it (DD 1.4, DD 2.6): each is told what self.sight says they see.
        face_down = " face down" if self.private else ""
        record("DD 2.1", f"{self.names[seat]} sets {card} aside{face_down}", seat)
        record("DD 2.1", f"{self.names[seat]} sets a randomizer aside{face_down}", all_but(seat))
        if None not in self.picked:
            self.pass_piles(record)

    def pass_piles(self, record: Recorder = _ignore) -> None:
        """End a round: the picks join each player's set-aside randomizers, each pile passes
        to the left, and after the sixth round the centre step begins.

        :enforces: DD 2.2, DD 2.3, DD 2.6, DD R5
        """
        picks = [card for card in self.picked if card is not None]
        for seat, card in enumerate(picks):
            self.set_aside[seat].append(card)
        round_played = len(self.set_aside[0])
        if not self.private:  # now in a finished round, they are shown to all (see sight)
            said = ", ".join(f"{self.names[s]} set aside {card}" for s, card in enumerate(picks))
            record("DD 2.6", f"round {round_played}'s picks: {said}")
        self.picked = [None] * self.players
        if round_played < RANDOMIZERS_PER_PLAYER:
            self.piles = [self.piles[(seat - 1) % self.players] for seat in range(self.players)]
            record("DD 2.2", f"round {round_played} ends: each player passes their pile left")
            return
        if self.private:
            record("DD 2.3", "every player has set six randomizers aside, face down")
        else:
            for seat, cards in enumerate(self.set_aside):
                record("DD 2.3", f"{self.names[seat]} has set aside {', '.join(cards)}")
        self.stage = CENTRE

    def move_to_centre(self, card: str, record: Recorder = _ignore) -> None:
        """The current player moves ``card`` from their left neighbour's randomizers to the
        centre; once everyone has, the landscape draft begins (or the draft ends).

        :enforces: DD 2.4, DD R6
        """
        seat = self.current_player()
        left = left_of(seat, self.players)
        self.centre_choice[seat] = card
        self.set_aside[left].remove(card)
        self.centre.append(card)
        record("DD 2.4", f"{self.names[seat]} moves {self.names[left]}'s {card} to the centre")
        if None in self.centre_choice:
            return
        if self.landscape_pile:
            self.stage = LANDSCAPES
            record(
                "DD 5.1",
                f"{self.names[self.landscape_holder]} is handed the landscape pile: "
                f"{', '.join(self.landscape_pile)}",
            )
        else:
            self.stage = DONE

    def discard_landscape(self, card: str, record: Recorder = _ignore) -> None:
        """The current player discards ``card`` from the landscape pile; after one discard
        each, the two left are the landscapes in use.

        :enforces: DD 5.2, DD 5.3
        """
        seat = self.current_player()
        self.landscape_pile.remove(card)
        self.discarded.append(card)
        record("DD 5.2", f"{self.names[seat]} discards the landscape {card}")
        if len(self.discarded) == self.players:
            assert len(self.landscape_pile) == LANDSCAPES_IN_USE
            self.stage = DONE
            record("DD 5.3", f"the landscapes in use are {', '.join(self.landscape_pile)}")

    # What a player may know.

    def sight(self, kind: str, owner: int, viewer: int | None) -> str:
        """What ``viewer`` sees of ``owner``'s randomizers: ``set_aside`` (those set aside in
        finished rounds) or ``pick`` (this round's), as :data:`~rulekeeper.dominion.views.CARDS`
        or :data:`~rulekeeper.dominion.views.COUNT`; ``None`` is the referee. The one answer
        the draft's view and its log take, as :func:`rulekeeper.dominion.views.sight` is the
        game's.

        A player sees their own; when setting aside is public, everyone sees everyone's
        (DD 2.6); when it is private, the others' are face down until the centre step shows
        a player their left neighbour's (DD R7) and the draft's end shows all. Nobody sees
        another's pick of the current round (DD R3).

        :enforces: DD 2.6, DD R3, DD R7
        """
        if viewer is None or viewer == owner:
            return CARDS
        if kind == "pick":
            return COUNT
        if not self.private or self.stage == DONE:
            return CARDS
        return CARDS if self.stage == CENTRE and owner == left_of(viewer, self.players) else COUNT

    def view(self, player: int) -> dict[str, Any]:
        """What ``player`` may know of the draft.

        Their own pile and picks; the others' set-aside randomizers from finished rounds when
        setting aside is public, only their counts when it is private (DD 2.6); nobody's pick
        of the current round (DD R3); at the centre step, the left neighbour's six (DD R7); the
        landscape pile, which is open (DD R16).

        :enforces: DD 2.6, DD R3, DD R7, DD R16
        """
        others: dict[str, Any] = {}
        for seat in range(self.players):
            if seat != player:
                cards = self.set_aside[seat]
                shown = self.sight("set_aside", seat, player) == CARDS
                others[self.names[seat]] = list(cards) if shown else len(cards)
        return {
            "stage": self.stage,
            "round": self.round,
            "private": self.private,
            "pile": list(self.piles[player]) if self.stage == PICK else [],
            "pile_sizes": [len(pile) for pile in self.piles],
            "set_aside": list(self.set_aside[player]),
            "picked": self.picked[player],
            "others_set_aside": others,
            "centre": list(self.centre),
            "landscape_pile": list(self.landscape_pile),
            "landscapes_discarded": list(self.discarded),
        }

    # What must hold at every moment of a draft.

    def problems(self, players: int) -> list[str]:
        """Why this draft could not be one of ``players`` reached by play, if it could not:
        the seats, the randomizers each holds or has set aside for the stage and round it is
        in (DD 1.2, DD 2.2, DD 2.4), the landscapes and who was dealt them (DD 5.1, DD 5.2).
        The engine's own drafts give none; a save is refused on the first.

        :enforces: DD 1.2, DD 2.2, DD 2.4, DD 5.1, DD 5.2
        """
        size = RANDOMIZERS_PER_PLAYER
        seats: tuple[list[Any], ...] = (
            self.piles,
            self.set_aside,
            self.picked,
            self.centre_choice,
            self.names,
        )
        if self.players != players or any(len(entry) != players for entry in seats):
            return [f"the draft is not one of {players} players (DD 1.1)"]
        every = [c for pile in self.piles for c in pile] + [c for c in self.picked if c]
        every += [c for cards in self.set_aside for c in cards] + self.centre
        if len(every) != players * size or len(set(every)) != len(every):
            return [f"the draft does not hold {players * size} distinct randomizers (DD 1.2)"]
        problems = []
        rounds = {len(cards) for cards in self.set_aside}
        done = self.stage != PICK
        picks = [c is not None for c in self.picked]
        if not done:
            taken = rounds.pop() if len(rounds) == 1 else -1
            if not 0 <= taken < size or None not in self.picked:
                problems.append("a round of picks is under way with no pick left to make (DD 2.2)")
            elif picks != sorted(picks, reverse=True) or any(
                len(pile) != size - taken - picked
                for pile, picked in zip(self.piles, picks, strict=True)
            ):
                problems.append(f"the piles are not as round {taken + 1} leaves them (DD 2.2)")
            elif any(self.centre_choice) or self.centre:
                problems.append("randomizers are in the centre before the sixth round (DD 2.4)")
        else:
            moved = [c is not None for c in self.centre_choice]
            full = self.stage != CENTRE
            if any(self.piles) or any(picks):
                problems.append("piles are left after the sixth round (DD 2.3)")
            elif moved != sorted(moved, reverse=True) or full != all(moved):
                problems.append("the centre is not filled in seat order (DD 2.4)")
            elif self.centre != [c for c in self.centre_choice if c is not None] or any(
                len(self.set_aside[left_of(seat, players)]) != size - moved[seat]
                for seat in range(players)
            ):
                problems.append("the randomizers moved to the centre are not each one of the "
                                "left neighbour's (DD 2.4)")  # fmt: skip
        dealt = len(self.landscape_pile) + len(self.discarded)
        expected = {PICK: 0, CENTRE: 0, LANDSCAPES: None, DONE: players if dealt else 0}
        if not 0 <= self.landscape_holder < players:
            problems.append(f"the landscape holder {self.landscape_holder} is not a seat (DD 5.1)")
        if dealt not in (0, players + EXTRA_LANDSCAPES) or len(set(self.landscape_pile)) != len(
            self.landscape_pile
        ):
            problems.append(f"{dealt} landscapes, not {players + EXTRA_LANDSCAPES} (DD 5.1)")
        elif self.stage == LANDSCAPES and not (dealt and len(self.discarded) < players):
            problems.append("the landscape draft is under way with no landscape to discard "
                            "(DD 5.2)")  # fmt: skip
        elif expected[self.stage] not in (None, len(self.discarded)):
            problems.append(f"{len(self.discarded)} landscapes discarded in the {self.stage} "
                            "stage (DD 5.2)")  # fmt: skip
        return problems

    # Saving.

    def to_json(self) -> dict[str, Any]:
        """The draft as JSON-ready data, as
        :class:`~rulekeeper.dominion.draft.save_records.DraftRecord` declares it."""
        return _CODEC.dump(self)

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Draft:
        """Restore a draft saved by :meth:`to_json`.

        :raises SerializationError: if the data is not a saved draft.
        """
        try:
            draft = cls([], [], 0)
            _CODEC.load_into(draft, data)
        except (KeyError, IndexError, TypeError, ValueError) as error:
            raise SerializationError(f"bad draft state: {error!r}") from None
        draft.players = len(draft.piles)
        if draft.stage not in STAGES or FACTS.players_problem(draft.players):
            raise SerializationError(
                f"bad draft state: stage {draft.stage!r}, {draft.players} players (DD 1.1)"
            )
        if len(draft.set_aside) != draft.players or len(draft.picked) != draft.players:
            raise SerializationError("bad draft state: one entry per player is needed (DD 1.1)")
        return draft


_CODEC: Final = Codec(DraftRecord)
"""The draft's save: each field of the record is the draft's attribute of its name."""
