"""The Kingdom and landscape drafts on their own, without a game (DD 1, DD 2, DD 5)."""

from __future__ import annotations

import pytest

from rulekeeper.dominion.draft.actions import DiscardLandscape, MoveToCentre, SetAside
from rulekeeper.dominion.draft.drafting import CENTRE, DONE, LANDSCAPES, PICK, Draft
from rulekeeper.engine.chance import Chance
from rulekeeper.errors import InputError, SerializationError

POOL = [f"K{n:02}" for n in range(40)]
LANDSCAPE_POOL = [f"L{n}" for n in range(10)]


def deal(players: int, seed: int = 1, **options: bool) -> Draft:
    """A fresh draft of ``players`` from the test pools."""
    return Draft.deal(Chance(seed), POOL, LANDSCAPE_POOL, players, **options)


def finish(draft: Draft) -> None:
    """Play the draft to its end, always taking the first legal action."""
    while draft.stage != DONE:
        draft.perform(draft.legal_actions()[0])


@pytest.mark.rule("DD 1.1")
@pytest.mark.rule("DD R1")
@pytest.mark.parametrize("players", [1, 7])
def test_two_to_six_players(players: int) -> None:
    with pytest.raises(InputError, match=r"2 to 6 players.*\(DD 1.1\)"):
        deal(players)


@pytest.mark.rule("DD 1.2")
@pytest.mark.rule("DD 1.3")
@pytest.mark.rule("DD R2")
@pytest.mark.parametrize("players", range(2, 7))
def test_six_distinct_randomizers_a_player(players: int) -> None:
    draft = deal(players)
    dealt = [card for pile in draft.piles for card in pile]
    assert [len(pile) for pile in draft.piles] == [6] * players
    assert len(set(dealt)) == len(dealt) == 6 * players
    assert set(dealt) <= set(POOL)


@pytest.mark.rule("DD 1.2")
def test_a_small_pool_is_refused() -> None:
    with pytest.raises(InputError, match=r"need 36 Kingdom randomizers.*\(DD 1.2\)"):
        Draft.deal(Chance(1), POOL[:20], LANDSCAPE_POOL, 6)


def test_the_deal_follows_the_seed() -> None:
    assert deal(4, seed=9).to_json() == deal(4, seed=9).to_json()
    assert deal(4, seed=9).piles != deal(4, seed=10).piles


@pytest.mark.rule("DD 2.1")
def test_a_pick_comes_from_the_pile_you_hold() -> None:
    draft = deal(3)
    held = draft.piles[0]
    assert draft.legal_actions() == [SetAside(card) for card in held]
    foreign = draft.piles[1][0]
    assert draft.violation(SetAside(foreign)) == (
        "DD 2.1",
        f"{foreign!r} is not in the pile you hold",
    )


@pytest.mark.rule("DD 2.2")
@pytest.mark.rule("DD R3")
def test_piles_pass_left_once_everyone_has_picked() -> None:
    draft = deal(3)
    before = [list(pile) for pile in draft.piles]
    picks = [pile[0] for pile in before]
    for seat in range(2):
        draft.perform(SetAside(picks[seat]))
        # Nobody's pick of this round shows before the round ends, and no pile has moved.
        assert all(view["set_aside"] == [] for view in map(draft.view, range(3)))
        assert draft.piles[seat + 1] == before[seat + 1]
    draft.perform(SetAside(picks[2]))
    assert draft.set_aside == [[p] for p in picks]
    # The pile seat 2 held (minus its pick) is now seat 0's: piles go to the next seat.
    assert draft.piles[0] == before[2][1:]
    assert draft.piles[1] == before[0][1:]


@pytest.mark.rule("DD 2.3")
@pytest.mark.rule("DD R5")
@pytest.mark.parametrize("players", range(2, 7))
def test_six_rounds_leave_every_pile_empty(players: int) -> None:
    draft = deal(players)
    rounds = 0
    while draft.stage == PICK:
        if draft.current_player() == 0:
            rounds += 1
            if rounds == 6:
                assert len(draft.legal_actions()) == 1  # the last pick is forced
        draft.perform(draft.legal_actions()[-1])
    assert rounds == 6
    assert draft.stage == CENTRE
    assert all(len(cards) == 6 for cards in draft.set_aside)
    assert all(pile == [] for pile in draft.piles)


@pytest.mark.rule("DD 2.4")
@pytest.mark.rule("DD R6")
@pytest.mark.parametrize("players", range(2, 7))
def test_each_player_moves_one_of_their_left_neighbours_to_the_centre(players: int) -> None:
    draft = deal(players, landscapes=False)
    while draft.stage == PICK:
        draft.perform(draft.legal_actions()[0])
    six = [list(cards) for cards in draft.set_aside]
    for seat in range(players):
        assert draft.current_player() == seat
        left = (seat + 1) % players
        assert draft.legal_actions() == [MoveToCentre(card) for card in six[left]]
        own = six[seat][0]
        if players > 2 or own not in six[left]:
            assert draft.violation(MoveToCentre(own))[0] == "DD 2.4"  # type: ignore[index]
        draft.perform(MoveToCentre(six[left][-1]))
    assert draft.stage == DONE
    assert draft.shared == [six[(seat + 1) % players][-1] for seat in range(players)]
    assert all(len(cards) == 5 for cards in draft.private_piles)


@pytest.mark.rule("DD 2.6")
@pytest.mark.rule("DD 1.4")
@pytest.mark.rule("DD R4")
def test_public_setting_aside_shows_finished_rounds() -> None:
    draft = deal(3)
    for _ in range(3):
        draft.perform(draft.legal_actions()[0])
    view = draft.view(0)
    assert view["others_set_aside"] == {
        "player 1": draft.set_aside[1],
        "player 2": draft.set_aside[2],
    }
    assert view["pile"] == draft.piles[0]
    assert view["pile_sizes"] == [5, 5, 5]


@pytest.mark.rule("DD 2.6")
@pytest.mark.rule("DD R7")
def test_private_setting_aside_shows_only_counts() -> None:
    draft = deal(3, private=True)
    for _ in range(3):
        draft.perform(draft.legal_actions()[0])
    assert draft.view(0)["others_set_aside"] == {"player 1": 1, "player 2": 1}
    while draft.stage == PICK:
        draft.perform(draft.legal_actions()[0])
    # At the centre step, seat 0 sees the six of seat 1 (on its left) and no one else's.
    assert draft.view(0)["others_set_aside"] == {"player 1": draft.set_aside[1], "player 2": 6}
    finish(draft)
    assert draft.view(0)["others_set_aside"]["player 2"] == draft.set_aside[2]


@pytest.mark.rule("DD 5.1")
@pytest.mark.rule("DD 5.2")
@pytest.mark.rule("DD 5.3")
@pytest.mark.rule("DD R16")
@pytest.mark.parametrize("players", range(2, 7))
def test_the_landscape_draft(players: int) -> None:
    draft = deal(players, seed=players)
    assert len(draft.landscape_pile) == players + 2
    while draft.stage != LANDSCAPES:
        draft.perform(draft.legal_actions()[0])
    holder = draft.landscape_holder
    seats = []
    while draft.stage == LANDSCAPES:
        seats.append(draft.current_player())
        assert draft.violation(DiscardLandscape("nowhere")) == (
            "DD 5.2",
            "'nowhere' is not in the landscape pile",
        )
        draft.perform(draft.legal_actions()[0])
    assert seats == [(holder + n) % players for n in range(players)]
    assert len(draft.landscapes) == 2
    assert set(draft.landscapes) | set(draft.discarded) <= set(LANDSCAPE_POOL)


@pytest.mark.rule("DD R17")
def test_no_landscapes_variant_skips_the_landscape_draft() -> None:
    draft = deal(2, landscapes=False)
    finish(draft)
    assert draft.landscapes == []
    assert draft.discarded == []


def test_round_trip_mid_draft() -> None:
    draft = deal(4, private=True)
    for _ in range(9):
        draft.perform(draft.legal_actions()[0])
    copy = Draft.from_json(draft.to_json())
    assert copy.to_json() == draft.to_json()
    finish(draft)
    finish(copy)
    assert copy.to_json() == draft.to_json()


def test_a_bad_saved_draft_is_refused() -> None:
    with pytest.raises(SerializationError, match="bad draft state"):
        Draft.from_json({"piles": []})


def test_an_illegal_action_changes_nothing() -> None:
    draft = deal(2)
    before = draft.to_json()
    with pytest.raises(ValueError, match=r"DD 2.4"):
        draft.perform(MoveToCentre(POOL[0]))
    assert draft.to_json() == before
