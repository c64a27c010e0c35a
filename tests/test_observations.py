"""Who sees what, tested as OpenSpiel tests an imperfect-information game.

A player's observation is what they are shown: their view, the log as told to them
(``game.log.seen_by(player)``), the position written for them and, when they decide, their
legal moves in the notation (what the terminal lists). At many points of seeded bot
games in every format and variant, the hidden part of the state is changed (another player's
hand against their library, the order of a library, a trap, a discard pile under its top card):
the observation of a player who may not see that part must not change. And the observation must
hold what the rules make public: revealed cards, the top of a discard pile, what a player has
looked at. The leaks these tests were written against come first, each under its rule.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from itertools import pairwise

import pytest

from rulekeeper.dominion.game import DominionGame
from rulekeeper.engine.agents import RandomAgent, play
from rulekeeper.engine.events import EVERYONE, NOBODY, EventLog, all_but, may_see
from rulekeeper.engine.game import Action, Game
from rulekeeper.games import FORMATS
from rulekeeper.mtg.game import MagicGame
from rulekeeper.notation import notation, push
from rulekeeper.position import from_position, position
from rulekeeper.riskres.actions import Cast as RiskCast
from rulekeeper.riskres.actions import Pass as RiskPass
from rulekeeper.riskres.actions import SetTrap as RiskSetTrap
from rulekeeper.riskres.game import RiskGame
from rulekeeper.riskres.scenario import Scenario as RiskScenario

# The leaks of issue #34, each under its rule.


def _dominion(
    kingdom: str, alice: str, bob: str = "hand 2 Copper, 3 Estate; deck 5 Copper"
) -> DominionGame:
    game = from_position(
        f"Format: dominion\nSeed: 1\nActions: 1\nBuys: 1\nKingdom: {kingdom}\n\n"
        f"Alice: turns 1; {alice}\nBob: {bob}\n"
    )
    assert isinstance(game, DominionGame)
    return game


def _told(game: Game, player: int) -> list[str]:
    return [event.text for event in game.log.seen_by(player)]


@pytest.mark.rule("DM 4.6")
@pytest.mark.parametrize(
    ("kingdom", "moves"),
    [
        ("Courtyard", ["Alice plays Courtyard", "Alice chooses Gold"]),
        ("Artisan", ["Alice plays Artisan", "Alice chooses Silver", "Alice chooses Gold"]),
    ],
)
def test_a_card_put_from_hand_onto_the_deck_is_named_to_its_player_alone(
    kingdom: str, moves: list[str]
) -> None:
    game = _dominion(kingdom, f"hand {kingdom}, Gold, 3 Copper; deck 5 Estate")
    for move in moves:
        push(game, move)
    assert game.table.decks[0][-1] == game.find_in("deck:0", "Gold")
    assert "Alice puts Gold from hand onto their deck" in _told(game, 0)
    assert "Alice puts a card from hand onto their deck" in _told(game, 1)
    assert not [text for text in _told(game, 1) if "Gold" in text]
    assert "Alice puts a card from hand onto their deck" not in _told(game, 0)


@pytest.mark.rule("DM 4.6")
def test_harbinger_names_the_card_from_the_discard_pile_to_its_player_alone() -> None:
    game = _dominion("Harbinger", "hand Harbinger, 4 Copper; deck 5 Estate; discard Gold, Duchy")
    push(game, "Alice plays Harbinger")
    push(game, "Alice chooses Gold")
    assert "Alice puts Gold from their discard pile onto their deck" in _told(game, 0)
    assert "Alice puts a card from their discard pile onto their deck" in _told(game, 1)
    assert not [text for text in _told(game, 1) if "Gold" in text]


@pytest.mark.rule("DM 4.6")
def test_revealed_hands_are_named_to_everyone() -> None:
    shanty = _dominion("Shanty Town", "hand Shanty Town, Gold, Estate, 2 Copper; deck 5 Estate")
    push(shanty, "Alice plays Shanty Town")
    assert "Alice reveals their hand: Gold, Estate, Copper, Copper" in _told(shanty, 1)
    bureaucrat = _dominion(
        "Bureaucrat",
        "hand Bureaucrat, 4 Copper; deck 5 Estate",
        "hand Gold, 4 Copper; deck 5 Copper",
    )
    push(bureaucrat, "Alice plays Bureaucrat")
    shown = "Bob reveals a hand with no Victory card: Gold, Copper, Copper, Copper, Copper"
    assert shown in _told(bureaucrat, 0)


@pytest.mark.rule("DM 4.6")
def test_bureaucrat_names_the_revealed_victory_card_to_everyone() -> None:
    game = _dominion(
        "Bureaucrat",
        "hand Bureaucrat, 4 Copper; deck 5 Estate",
        "hand Duchy, 4 Copper; deck 5 Copper",
    )
    push(game, "Alice plays Bureaucrat")
    push(game, "Bob chooses Duchy")
    assert "Bob reveals Duchy and puts it onto their deck" in _told(game, 0)


@pytest.mark.rule("DM 1.6")
def test_a_position_for_a_player_gives_a_discard_pile_as_its_size_and_top_card() -> None:
    game = _dominion(
        "Village", "hand Village, 4 Copper; deck 5 Estate; discard Gold, Province, Silver"
    )
    for viewer in (0, 1):
        alice = position(game, viewer=viewer).splitlines()[-2]
        assert alice.endswith("discard 3 with Silver on top")
        assert "Gold" not in alice
        assert "Province" not in alice
    assert "discard Gold, Province, Silver" in position(game)


@pytest.mark.rule("DM 4.10")
def test_a_player_is_told_what_they_looked_at() -> None:
    game = _dominion("Sentry", "hand Sentry, 4 Copper; deck Estate, Gold, Province")
    push(game, "Alice plays Sentry")
    assert "Alice looks at Gold, Province from the top of their deck (Sentry)" in _told(game, 0)
    assert not [text for text in _told(game, 1) if "Gold" in text or "Province" in text]
    assert game.view(1)["players"][0]["aside_shown"] == []
    assert position(game, viewer=1).splitlines()[-2].endswith("aside 2")


@pytest.mark.rule("DM R6")
def test_every_count_is_public() -> None:
    game = _dominion("Village", "hand Village, 4 Copper; deck 4 Estate; discard Gold, Silver")
    alice = game.view(1)["players"][0]
    assert (alice["hand"], alice["deck"], alice["discard"], alice["discard_top"]) == (
        5,
        4,
        2,
        "Silver",
    )
    assert "hand 5; deck 4; discard 2 with Silver on top" in position(game, viewer=1)


@pytest.mark.rule("DM R7")
def test_library_sets_aside_in_the_open() -> None:
    game = _dominion("Library, Village", "hand Library, 4 Copper; deck Village, Village, Gold")
    push(game, "Alice plays Library")
    push(game, "Alice chooses set aside")
    assert game.view(1)["players"][0]["aside_shown"] == ["Village"]
    assert "Alice sets aside Village (Library)" in _told(game, 1)
    assert position(game, viewer=1).splitlines()[-2].endswith("aside Village")


@pytest.mark.rule("DM R7")
def test_masquerade_keeps_the_passed_cards_to_their_players() -> None:
    game = _dominion(
        "Masquerade",
        "hand Masquerade, Gold, 3 Copper; deck 5 Estate",
        "hand Duchy, 4 Copper; deck 5 Copper",
    )
    push(game, "Alice plays Masquerade")
    push(game, "Alice chooses Gold")
    assert game.view(1)["players"][0]["aside_shown"] == []
    assert position(game, viewer=1).splitlines()[-2].endswith("aside 1")


@pytest.mark.rule("DD R3")
@pytest.mark.rule("DD 2.6")
def test_a_draft_pick_is_named_to_the_others_only_when_its_round_ends() -> None:
    """With public setting aside, the log told every player a pick as it was made, so a
    later seat saw the earlier picks of the same round, which no view shows (DD R3)."""
    game = FORMATS["dominion-draft"].new_game(7, 3)
    push(game, "Player 1 sets aside Council Room")
    assert not any("Council Room" in text for text in _told(game, 1))
    assert "Player 1 sets Council Room aside" in _told(game, 0)
    push(game, "Player 2 sets aside Festival")
    push(game, "Player 3 sets aside Militia")
    assert any("Player 1 set aside Council Room" in text for text in _told(game, 1))


@pytest.mark.rule("RR 2.7c")
def test_a_trap_is_shown_to_the_others_by_neither_its_card_nor_its_id() -> None:
    # A card's ID is known to the others whenever the card was in a public zone (a creature
    # returned to its hand, say): a trap must not be told apart by it.
    game = (
        RiskScenario()
        .player(0, ep=2, hand=["Gloom Brute", "Snare Wire", "Sparkshot"])
        .player(1, hand=["Brace"])
        .build()
    )
    game.apply(RiskSetTrap(game.find("Gloom Brute")))
    seen = _observation(game, 1)
    copy = _copy(game)
    assert _swap(*_zones(copy)[:2], "traps:0", "hand:0")  # another card, with its own ID
    assert _observation(copy, 1) == seen
    assert game.view(1)["players"][0]["traps"] == 1


def _morph_game() -> RiskGame:
    # Bob has seen Shade of the Pact on the battlefield, and returned it to Alice's hand with
    # Recall Order: everyone knows its ID. Alice also holds Barrow Wight, which has morph too.
    game = from_position(
        "Format: rr\n\n"
        "Alice: ep 5; hand Barrow Wight, Sparkshot; battlefield Shade of the Pact\n"
        "Bob: ep 2; hand Recall Order, Brace\n"
    )
    assert isinstance(game, RiskGame)
    push(game, "Alice passes")
    push(game, "Bob casts Recall Order targeting Shade of the Pact")
    push(game, "Bob passes")
    push(game, "Alice passes")
    return game


@pytest.mark.rule("RR R83")
@pytest.mark.parametrize("turn_up", [False, True])
def test_a_card_cast_face_down_is_not_told_apart_by_the_id_it_had(turn_up: bool) -> None:
    # Two games that differ only in which card Alice casts face down: Bob, who saw the same
    # history, gets the same observation, until the card is turned up or leaves.
    games = []
    for card in ("Shade of the Pact", "Barrow Wight"):
        game = _morph_game()
        push(game, f"Alice casts {card} face down")
        push(game, "Alice passes")
        push(game, "Bob passes")
        games.append(game)
    shade, wight = games
    assert _observation(shade, 1) == _observation(wight, 1)
    hidden = shade.find("Shade of the Pact")
    assert shade.table.cards[hidden].face_down
    assert hidden >= len(_morph_game().table.cards)  # a fresh ID, none a player saw before
    if turn_up:
        shade.table.players[0].ep = 5
        push(shade, "Alice turns Shade of the Pact face up")  # now public, under its new ID
        assert shade.view(1)["battlefield"][-1]["name"] == "Shade of the Pact"


# The one model: who may see an event.


def test_an_event_is_seen_by_everyone_one_player_all_but_one_or_nobody() -> None:
    log = EventLog()
    log.record(1, "", "everyone")
    log.record(1, "", "Ann only", seen_by=0)
    log.record(1, "", "all but Ann", seen_by=all_but(0))
    log.record(1, "", "nobody", seen_by=NOBODY)
    log.record_later(1, "", "{} only, later".format, "Ben", seen_by=1)
    assert [e.text for e in log.seen_by(0)] == ["everyone", "Ann only"]
    assert [e.text for e in log.seen_by(1)] == ["everyone", "all but Ann", "Ben only, later"]
    assert [e.text for e in log.seen_by(2)] == ["everyone", "all but Ann"]
    assert len(log.seen_by(None)) == 5
    assert [e.seen_by for e in log] == [EVERYONE, 0, all_but(0), NOBODY, 1]
    again = EventLog.from_json(json.loads(json.dumps(log.to_json())))
    assert again == log
    assert [e.seen_by for e in again] == [EVERYONE, 0, all_but(0), NOBODY, 1]
    assert log.to_json()[0] == [1, "", "everyone"]  # a public event saves as it always did


def test_a_private_event_survives_a_save() -> None:
    game = _dominion("Courtyard", "hand Courtyard, Gold, 3 Copper; deck 5 Estate")
    push(game, "Alice plays Courtyard")
    push(game, "Alice chooses Gold")
    loaded = DominionGame.loads(game.dumps())
    assert _told(loaded, 1) == _told(game, 1)
    assert _told(loaded, 0) == _told(game, 0)


# Hidden information, as OpenSpiel tests it: many points of seeded games in every format.

Zones = dict[str, list[int]]


def _zones(game: Game) -> tuple[Zones, Callable[[int], str], str]:
    """The game's zones by name, a card's name by ID, and what its library is called."""
    if isinstance(game, DominionGame):
        return game.table.zones, game.table.cards.__getitem__, "deck"
    assert isinstance(game, MagicGame | RiskGame)
    table = game.table
    return table.zones, lambda card: table.cards[card].name, "library"


def _swap(
    zones: Zones, name: Callable[[int], str], one: str, other: str, skip_top: bool = False
) -> bool:
    """Exchange a card of zone ``one`` with a card of another name in zone ``other``."""
    first, second = zones.get(one, []), zones.get(other, [])
    second_range = range(len(second) - 1) if skip_top else range(len(second))
    for i, card in enumerate(first):
        for j in second_range:
            if name(second[j]) != name(card):
                first[i], second[j] = second[j], card
                return True
    return False


def _reverse(zones: Zones, name: Callable[[int], str], zone: str) -> bool:
    cards = zones.get(zone, [])
    if len({name(card) for card in cards}) < 2:
        return False
    cards.reverse()
    return True


def _reverse_under_top(zones: Zones, name: Callable[[int], str], zone: str) -> bool:
    """Reverse the cards under a pile's top card, which alone is face up."""
    cards = zones.get(zone, [])
    if len({name(card) for card in cards[:-1]}) < 2:
        return False
    cards[:-1] = cards[-2::-1]
    return True


def _swap_faces(game: Game, one: str, other: str) -> bool:
    """Exchange what two face-down cards are, each keeping its place and its ID (the handle
    everyone sees): a card of zone ``one`` (a face-down one, on the battlefield) and one of
    another name in zone ``other``."""
    assert isinstance(game, RiskGame)
    cards = game.table.cards
    hidden = [i for i in game.table.zones[one] if cards[i].face_down or "battlefield" not in one]
    for first in hidden:
        for second in game.table.zones[other]:
            if cards[first].name != cards[second].name:
                cards[first].printed, cards[second].printed = (
                    cards[second].printed,
                    cards[first].printed,
                )
                return True
    return False


def _under_tops(one: str, other: str) -> Callable[[Game], bool]:
    """Exchange a card under the top of pile ``one`` with one of another name under the top of
    pile ``other``: each keeps its size and its face-up top card."""

    def change(copy: Game) -> bool:
        zones, name, _ = _zones(copy)
        first, second = zones[one], zones[other]
        for i in range(len(first) - 1):
            for j in range(len(second) - 1):
                if name(first[i]) != name(second[j]):
                    first[i], second[j] = second[j], first[i]
                    return True
        return False

    return change


def _faces(one: str, other: str) -> Callable[[Game], bool]:
    return lambda copy: _swap_faces(copy, one, other)


def _hidden_changes(game: Game, viewer: int) -> Iterator[tuple[str, Callable[[Game], bool]]]:
    """Changes to what ``viewer`` may not see, each as (what it changes, the change)."""
    library = _zones(game)[2]
    seats = range(len(game._names()))

    def change(kind: Callable[..., bool], *zones: str, **options: bool) -> Callable[[Game], bool]:
        return lambda copy: kind(*_zones(copy)[:2], *zones, **options)

    # A player scrying looks at their top card (RR R30): only the cards under it are hidden.
    scrying = isinstance(game, RiskGame) and game.decision == "scry" and game.priority == viewer
    mine = change(_reverse_under_top if scrying else _reverse, f"{library}:{viewer}")
    yield "the viewer's library order", mine
    for other in seats:
        if other == viewer:
            continue
        yield f"player {other}'s library order", change(_reverse, f"{library}:{other}")
        yield (
            f"player {other}'s hand against their library",
            change(_swap, f"hand:{other}", f"{library}:{other}"),
        )
        if isinstance(game, RiskGame):  # traps are face down (RR 8.1)
            yield (
                f"player {other}'s traps against their hand",
                _faces(f"traps:{other}", f"hand:{other}"),
            )
            yield (  # a card's ID may have been public before it was set (RR 2.7c)
                f"player {other}'s traps against their hand, IDs and all",
                change(_swap, f"traps:{other}", f"hand:{other}"),
            )
            yield (  # a face-down permanent is a new object (RR R83): its card is hidden
                f"player {other}'s face-down permanents against their hand",
                _faces(f"battlefield:{other}", f"hand:{other}"),
            )
        if "shoe" in _zones(game)[0]:  # Vortex: the others' packs and the shoe
            yield f"player {other}'s pack against the shoe", change(_swap, f"pack:{other}", "shoe")
    zones = _zones(game)[0]
    for seat in seats:  # Leveler: sub-decks wait outside the game unseen, even by their owner
        for waiting in (f"outside:{seat}:2", f"outside:{seat}:3"):
            if waiting in zones:
                yield (
                    f"player {seat}'s {waiting} against their library",
                    change(_swap, waiting, f"{library}:{seat}"),
                )
    piles = sorted(zone for zone in zones if zone.startswith("stockpile"))
    for one, other in pairwise(piles):  # Stockpile: the cards under the tops
        yield f"{one} against {other} under their tops", _under_tops(one, other)
    if "junkpile" in zones:
        yield "the junkpile's order", change(_reverse, "junkpile")
    if "shoe" in zones:
        yield "the shoe's order", change(_reverse, "shoe")
    for pile in sorted(zone for zone in zones if zone.startswith("stockpile")):
        yield f"{pile} under its top card", change(_reverse_under_top, pile)
    if isinstance(game, DominionGame):  # a discard pile under its top card (DM 1.6)
        for seat in seats:
            yield (
                f"player {seat}'s discard pile against their deck",
                change(_swap, f"deck:{seat}", f"discard:{seat}", skip_top=True),
            )


def _observation(game: Game, viewer: int) -> tuple[str, list[str], str, list[str]]:
    """What ``viewer`` is shown: their view, their log, the position written for them and,
    when they decide, their legal moves as the terminal lists them."""
    deciding = game.outcome is None and game.current_player() == viewer
    return (
        json.dumps(game.view(viewer), sort_keys=True, default=str),
        [str(event) for event in game.log.seen_by(viewer)],
        position(game, viewer=viewer),
        [move.text for move in notation(game).moves()] if deciding else [],
    )


def _copy(game: Game) -> Game:
    return type(game)._from_trusted_json(game.to_json())


def _check_hidden(game: Game) -> int:
    """Change each part of the state some player may not see, and check that player's
    observation stays the same; the number of changes made."""
    changed = 0
    for viewer in range(len(game._names())):
        seen = _observation(game, viewer)
        for what, hidden_change in _hidden_changes(game, viewer):
            copy = _copy(game)
            if not hidden_change(copy):
                continue
            changed += 1
            assert _observation(copy, viewer) == seen, f"player {viewer} sees {what}"
    return changed


def _check_public(game: Game) -> None:
    """What the rules make public is in every player's observation."""
    seats = range(len(game._names()))
    for event in game.log:
        if " reveals " in event.text:
            assert event.seen_by == EVERYONE, event
        if event.seen_by >= 0:  # what a player has looked at is told to them
            assert event in game.log.seen_by(event.seen_by)
    if isinstance(game, DominionGame):
        for viewer in seats:
            view, written = game.view(viewer), position(game, viewer=viewer)
            for seat in seats:
                pile = game.table.discards[seat]
                top = game.table.cards[pile[-1]] if pile else None
                assert view["players"][seat]["discard_top"] == top
                if top is not None:
                    assert f"discard {len(pile)} with {top} on top" in written
            assert view["aside"] == game.table.names(f"aside:{viewer}")
    if isinstance(game, DominionGame):  # a hand is its owner's, what is in play everyone's
        for viewer in seats:
            view = game.view(viewer)
            assert view["hand"] == game.hand(viewer)
            for seat in seats:
                shown = view["players"][seat]
                assert shown["in_play"] == [game.table.cards[c] for c in game.table.in_play[seat]]
                assert shown["hand"] == len(game.table.hands[seat])
    if isinstance(game, MagicGame):  # graveyards are public (MG 1.2)
        zones = game.table.zones
        for viewer in seats:
            view = game.view(viewer)
            for seat in seats:
                assert view["players"][seat]["graveyard"] == game.table.names(f"graveyard:{seat}")
            for pile in view.get("stockpiles", ()):  # each stockpile's top card (SD 5.4)
                cards = zones[f"stockpile:{pile['pile']}"]
                assert pile["cards"] == len(cards)
                assert pile["top"] == (
                    (cards[-1], game.table.cards[cards[-1]].name) if cards else None
                )
            if "landpile" in view:  # the landpile is face up (SD 5.3)
                lands = game.table.names("landpile")
                assert sum(view["landpile"].values()) == len(lands)
                assert all(view["landpile"][land] == lands.count(land) for land in set(lands))
            for seat, counts in enumerate(view.get("outside", ())):  # every count (LV 1.3)
                assert counts == [len(zones[f"outside:{seat}:{n}"]) for n in (2, 3)]


GAMES = [
    (key, variant, players)
    for key, entry in sorted(FORMATS.items())
    for variant in ["", *entry.facts.variants]
    # The smallest table, and one more; Risk & Resource's variants need three (RR R66).
    for players in (
        (3, 4)
        if key == "rr" and variant
        else sorted(
            {entry.facts.players[0], min(entry.facts.players[0] + 1, entry.facts.players[1])}
        )
    )
]


class _Enough(Exception):
    """Raised to stop a game once it has been checked enough."""


def _check_game(key: str, variant: str, players: int, seed: int, every: int, checks: int) -> int:
    """Play a seeded random game, checking the observations at every ``every``-th decision,
    ``checks`` times at most (and at the end if it comes first); how many hidden changes."""
    game = FORMATS[key].new_game(seed, players, variant)
    decisions, changed, checked = 0, 0, 0

    def check(game: Game, _action: Action) -> None:
        nonlocal decisions, changed, checked
        decisions += 1
        if decisions % every:
            return
        if checked == checks:
            raise _Enough
        checked += 1
        changed += _check_hidden(game)
        _check_public(game)

    try:
        play(game, [RandomAgent(seed * 7 + seat) for seat in range(players)], on_action=check)
    except _Enough:
        return changed
    _check_public(game)
    return changed + _check_hidden(game)


@pytest.mark.parametrize(("key", "variant", "players"), GAMES)
def test_a_player_sees_nothing_hidden_and_everything_public(
    key: str, variant: str, players: int
) -> None:
    # Bounded: a dozen points of one game, spread over its first 130 or so decisions, so that
    # the default session stays quick; the soak run below looks at many more.
    assert _check_game(key, variant, players, seed=3, every=11, checks=12) > 0


@pytest.mark.soak
@pytest.mark.parametrize(("key", "variant", "players"), GAMES)
def test_a_player_sees_nothing_hidden_in_many_games(key: str, variant: str, players: int) -> None:
    # Five whole games, a check at every fourth decision: a few minutes on two cores in all.
    for seed in range(100, 105):
        _check_game(key, variant, players, seed=seed, every=4, checks=10_000)


def test_may_see_is_the_one_rule_for_events() -> None:
    assert may_see(EVERYONE, 3)
    assert may_see(3, 3)
    assert not may_see(2, 3)
    assert not may_see(NOBODY, 0)
    assert may_see(NOBODY, None)
    assert may_see(all_but(1), 0)
    assert not may_see(all_but(1), 1)


@pytest.mark.rule("DD 2.6")
def test_a_private_pick_is_named_to_its_player_alone() -> None:
    game = FORMATS["dominion-draft"].new_game(7, 3, "private")
    assert isinstance(game, DominionGame)
    while game.phase == "pregame":
        game.apply(game.legal_actions()[0])
        for seat in range(3):
            hidden = [
                text
                for event in game.log.seen_by(seat)
                if event.rule == "DD 2.1"
                and not (text := event.text).startswith(game.name_of(seat))
                and "a randomizer" not in text
            ]
            assert hidden == []


# Magic and Risk & Resource: the position for a player shows what their view shows.


@pytest.mark.rule("SD 5.4", "SD 5.3")
def test_a_position_for_a_player_shows_the_face_up_top_of_each_stockpile() -> None:
    game = FORMATS["stockpile"].new_game(1, 2)
    assert isinstance(game, MagicGame)
    written = position(game, viewer=1)
    for pile in game.view(1)["stockpiles"]:
        _, name = pile["top"]
        assert f"Zone stockpile {pile['pile']}: {pile['cards']} with {name} on top" in written
    lands = [game.table.cards[c].name for c in game.table.zones["landpile"]]
    assert f"Zone landpile: {', '.join(lands)}" in written


@pytest.mark.rule("RR R30")
def test_a_position_for_a_scrying_player_shows_the_top_card_to_them_alone() -> None:
    game = (
        RiskScenario()
        .player(0, ep=1, hand=["Windfall Cache", "Brace"], library=["Gloom Brute", "Raze"])
        .player(1, hand=["Brace"], library=["Raze"] * 5)
        .build()
    )
    game.apply(RiskCast(game.find("Windfall Cache")))
    game.apply(RiskPass())
    game.apply(RiskPass())
    assert game.decision == "scry"
    assert "library 2 with Gloom Brute on top" in position(game, viewer=0)
    assert "Alice: ep 2; hand 1; library 2;" in position(game, viewer=1)


# The formats' own zones, through the one model (mtg.views.sight, dominion.views.seen).


def _magic(key: str) -> MagicGame:
    game = FORMATS[key].new_game(2, 2)
    assert isinstance(game, MagicGame)
    return game


@pytest.mark.rule("SD 5.4", "SD 2.4", "SD 5.3")
def test_a_stockpile_shows_its_top_card_and_hides_the_cards_under_it() -> None:
    game = _magic("stockpile")
    seen = [_observation(game, viewer) for viewer in (0, 1)]
    copy = _copy(game)
    assert _under_tops("stockpile:1", "stockpile:2")(copy)
    assert _reverse_under_top(*_zones(copy)[:2], "stockpile:3")
    assert [_observation(copy, viewer) for viewer in (0, 1)] == seen
    tops = [pile["top"][1] for pile in game.view(1)["stockpiles"]]
    assert tops == [game.table.names(f"stockpile:{n}")[-1] for n in range(1, 7)]
    lands = game.table.names("landpile")
    assert game.view(0)["landpile"] == {
        land: lands.count(land) for land in game.view(0)["landpile"]
    }


@pytest.mark.rule("LV 2.2", "MG 1.2")
def test_a_waiting_sub_deck_is_seen_by_nobody_its_owner_included() -> None:
    game = _magic("leveler")
    seen = [_observation(game, viewer) for viewer in (0, 1)]
    copy = _copy(game)
    assert _swap(*_zones(copy)[:2], "outside:0:2", "library:0")
    assert _swap(*_zones(copy)[:2], "outside:1:3", "library:1")
    assert [_observation(copy, viewer) for viewer in (0, 1)] == seen
    assert game.view(0)["outside"] == [[30, 20], [30, 20]]


@pytest.mark.rule("DM 1.6")
def test_a_dominion_view_takes_every_zone_through_the_one_model() -> None:
    game = _dominion("Village", "hand Village, 4 Copper; deck 5 Estate; discard Gold, Silver")
    alice = game.view(1)["players"][0]
    assert (alice["hand"], alice["discard"], alice["discard_top"]) == (5, 2, "Silver")
    assert game.view(0)["hand"] == ["Village", "Copper", "Copper", "Copper", "Copper"]
    copy = _copy(game)
    assert _swap(*_zones(copy)[:2], "hand:0", "deck:0")
    assert _swap(*_zones(copy)[:2], "deck:0", "discard:0", skip_top=True)
    assert _observation(copy, 1) == _observation(game, 1)
