"""Draft positions in a few lines, for worked examples and tests.

:func:`drafted` sets up a real Draft game whose draft went a chosen way: it scripts the game's
chance (the deal, the landscape pile and the first player, as any example may) and then plays
the draft's own actions, so every rule of the draft runs. :func:`hand` and :func:`empty` then
arrange a position by moving cards between zones, as a scenario builder does.

>>> from rulekeeper.dominion.draft.scenario import drafted
>>> game = drafted(
...     [["Cellar", "Chapel", "Moat", "Harbinger", "Merchant"],
...      ["Vassal", "Village", "Workshop", "Bureaucrat", "Gardens"]],
...     shared=["Militia", "Smithy"],
... )
>>> game.supply_of(0)[7:]
('Cellar', 'Chapel', 'Harbinger', 'Merchant', 'Militia', 'Moat', 'Smithy')
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from rulekeeper.dominion.draft import RANDOMIZERS_PER_PLAYER
from rulekeeper.dominion.draft.actions import DiscardLandscape, MoveToCentre, SetAside
from rulekeeper.dominion.draft.play import (
    KINGDOM_POOL,
    LANDSCAPE_POOL,
    DominionDraft,
)
from rulekeeper.dominion.game import DominionGame


def new_draft_game(
    seed: int, players: int, variant: str = "", names: Sequence[str] | None = None
) -> DominionGame:
    """Set up a Draft game for ``players`` (a bot game, or one a position is built on);
    ``variant`` is ``""``, ``"private"`` or ``"no-landscapes"``
    (:meth:`~rulekeeper.dominion.draft.play.DominionDraft.with_option`).

    :raises InputError: if the variant is unknown or the player count is not 2-6 (DD 1.1).
    """
    rules = DominionDraft.with_option(variant)
    return DominionGame.new((), seed=seed, players=players, names=names, variant=rules)


class ScriptedDraft(DominionDraft):
    """The Draft with its deal, landscape pile and first player scripted in the open.

    ``targets[seat]`` are the six randomizers ``seat`` will set aside, in the order of the
    rounds; the deal puts each where ``seat`` will hold it in that round.
    """

    def __init__(
        self,
        targets: Sequence[Sequence[str]],
        landscape_pile: Sequence[str],
        *,
        first: int = 0,
        private: bool = False,
    ) -> None:
        super().__init__(private=private, landscapes=bool(landscape_pile))
        self.targets = [list(cards) for cards in targets]
        self.landscape_pile = list(landscape_pile)
        self.first = first

    def setup(self, game: DominionGame, kingdom: Sequence[str], landscapes: Sequence[str]) -> None:
        """Script the deal, then set up as the Draft does."""
        players = len(self.targets)
        # In round r, seat s holds the pile first dealt to seat (s - r): put its pick there.
        piles = [
            [self.targets[(pile + r) % players][r] for r in range(RANDOMIZERS_PER_PLAYER)]
            for pile in range(players)
        ]
        dealt = [card for pile in piles for card in pile]
        game.chance.script("randomizers", _permutation(KINGDOM_POOL, dealt))
        if self.landscape_pile:
            game.chance.script("landscapes", _permutation(LANDSCAPE_POOL, self.landscape_pile))
            game.chance.script("landscape holder", 0)
        game.chance.script("first player", self.first)
        super().setup(game, kingdom, landscapes)


def _permutation(pool: Sequence[str], first: Sequence[str]) -> list[int]:
    """The shuffle of sorted ``pool`` that puts ``first`` at its start, in order."""
    order = sorted(pool)
    rest = [name for name in order if name not in first]
    return [order.index(name) for name in [*first, *rest]]


def drafted(
    private: Sequence[Sequence[str]],
    shared: Sequence[str],
    *,
    landscapes: Sequence[str] = (),
    discarded: Sequence[str] = (),
    first: int = 0,
    setting: str = "public",
    seed: int = 0,
    names: Sequence[str] | None = None,
    hands: Mapping[int, Sequence[str]] | None = None,
    decks: Mapping[int, Sequence[str]] | None = None,
    trashed: Sequence[str] = (),
    emptied: Sequence[str] = (),
) -> DominionGame:
    """A Draft game just after its draft: seat ``s`` keeps ``private[s]`` and moved
    ``shared[s]`` to the centre from the six of the seat on its left; ``landscapes`` are in use
    after each seat in turn discarded ``discarded[s]``; ``first`` takes the first turn.

    Before the draft, each seat in ``hands`` is given that hand (:func:`hand`), each seat in
    ``decks`` has those cards put on top of its deck (the last on top), a card of each of
    ``trashed`` goes from its pile to the trash, and each pile in ``emptied`` is emptied
    (:func:`empty`), so the first turn starts from that position. The game then waits for the
    first player's first decision.
    """
    players = len(private)
    targets = [[*private[seat], shared[(seat - 1) % players]] for seat in range(players)]
    variant = ScriptedDraft(
        targets, [*landscapes, *discarded], first=first, private=setting == "private"
    )
    game = DominionGame.new((), seed=seed, players=players, names=names, variant=variant)
    for seat, cards in (hands or {}).items():
        hand(game, seat, cards)
    for seat, cards in (decks or {}).items():
        for name in cards:
            game.table.move(game.pile(name)[-1], f"deck:{seat}", origin=f"pile:{name}")
    for name in trashed:
        game.table.move(game.pile(name)[-1], "trash", origin=f"pile:{name}")
    empty(game, *emptied)
    for round_played in range(RANDOMIZERS_PER_PLAYER):
        for seat in range(players):
            game.apply(SetAside(targets[seat][round_played]))
    for seat in range(players):
        game.apply(MoveToCentre(shared[seat]))
    for card in discarded:
        game.apply(DiscardLandscape(card))
    return game


def hand(game: DominionGame, player: int, names: Sequence[str]) -> None:
    """Give ``player`` exactly the hand ``names``: their hand goes on top of their deck, and
    each named card comes from its pile."""
    for card_id in list(game.table.zones[f"hand:{player}"]):
        game.table.move(card_id, f"deck:{player}", origin=f"hand:{player}")
    for name in names:
        game.table.move(game.pile(name)[-1], f"hand:{player}", origin=f"pile:{name}")


def empty(game: DominionGame, *piles: str) -> None:
    """Empty each of ``piles`` by trashing its cards (as if they had been bought and lost)."""
    for name in piles:
        for card_id in list(game.pile(name)):
            game.table.move(card_id, "trash", origin=f"pile:{name}")
