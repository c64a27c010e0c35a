"""The position notation: texts that build games, their errors, and the round trip that the
conformance suite checks (sampled here, at every covered step in the soak run)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from rulekeeper.engine.conformance import check_format, check_game
from rulekeeper.engine.game import Game
from rulekeeper.engine.notation import Notation
from rulekeeper.engine.position import PositionError, read_cards, round_trip_problems
from rulekeeper.games import FORMATS
from rulekeeper.notation import push
from rulekeeper.position import FORMS, form, from_position, position
from rulekeeper.riskres.game import RiskGame
from rulekeeper.riskres.notation import VOCABULARY
from rulekeeper.riskres.scenario import Scenario

RR_TEXT = """Format: rr
Seed: 4
Turn: 3
Step: main1
Active: Bob

Alice: ep 2; hand Ember Scout, Sparkshot; library Veil Walker, 2 Mire Lurker
Bob: ep 1; intel 1; battlefield Gloom Brute (tapped, damage 1), Ember Scout (new)
"""


def test_a_written_position_reads_back_as_written() -> None:
    game = from_position(RR_TEXT)
    assert position(game) == RR_TEXT
    assert game.table.names("hand:0") == ["Ember Scout", "Sparkshot"]
    assert game.table.names("library:0") == ["Mire Lurker", "Mire Lurker", "Veil Walker"]
    brute = game.table.cards[game.find("Gloom Brute")]
    assert (brute.tapped, brute.damage, game.active, game.turn) == (True, 1, 1, 3)


def test_a_players_view_counts_what_they_cannot_see() -> None:
    game = from_position(RR_TEXT)
    view = position(game, viewer=1)
    assert "Alice: ep 2; hand 2; library 3" in view
    assert "Sparkshot" not in view
    assert "Veil Walker" not in view
    assert "Bob: ep 1; intel 1; battlefield Gloom Brute" in view


def test_a_view_is_for_reading_only() -> None:
    game = from_position(RR_TEXT)
    with pytest.raises(PositionError, match=r"position:7: Alice's hand is written as a count"):
        from_position(position(game, viewer=1))


@pytest.mark.parametrize(
    ("change", "error"),
    [
        (
            ("Sparkshot", "Sparkshott"),
            r"position:7: no card named 'Sparkshott'; did you mean 'Sparkshot'",
        ),
        (("intel 1", "intl 1"), r"position:8: Bob: unknown field 'intl'; did you mean 'intel'"),
        (
            ("(tapped,", "(taped,"),
            r"position:8: Gloom Brute: unknown mark 'taped'; did you mean 'tapped'",
        ),
        (
            ("Active: Bob", "Active: Bobby"),
            r"position:5: Active names 'Bobby', who is not a player",
        ),
        (("Turn: 3", "Turn: three"), r"position:3: Turn must be a number"),
        (("Step: main1", "Step: main 1"), r"position:4: unknown step 'main 1'"),
        (("Seed: 4", "Seed 4"), r"position:2: expected a header line"),
        (("Bob: ep", "Bob ep"), r"position:8: expected a player's line"),
        (("ep 2;", "ep;"), r"position:7: 'ep' needs a value"),
        (
            ("Format: rr", "Format: chess"),
            r"position:1: unknown format 'chess'|no position notation",
        ),
    ],
)
def test_a_text_that_is_no_position_is_refused_with_its_line(
    change: tuple[str, str], error: str
) -> None:
    with pytest.raises(PositionError, match=error):
        from_position(RR_TEXT.replace(*change))


def _rr_moves(game: Game) -> list[str]:
    return [m.text for m in Notation(game, FORMATS["rr"].vocabulary).moves()]


def test_what_is_on_the_stack_builds_back() -> None:
    """A spell with its controller and target; it resolves in the built game as cast."""
    game = from_position(RR_TEXT.replace("Active: Bob", "Active: Alice").replace("ep 2", "ep 3"))
    game.apply(Notation(game, FORMATS["rr"].vocabulary).parse("cast sparkshot targeting gloom"))
    text = position(game)
    assert "Stack: Sparkshot (Alice, targeting Gloom Brute)" in text
    assert FORMS["rr"].covers(game)
    built = from_position(text)
    assert position(built) == text
    assert round_trip_problems(game, FORMS["rr"], _rr_moves) == []


@pytest.mark.parametrize(
    ("stack", "error"),
    [
        ("Sparkshot", r"position:6: Sparkshot on the stack needs its controller"),
        ("Sparkshot (Alice, at Bob)", r"position:6: .*expected .*'targeting X'"),
        ("Sparkshot (Alice, targeting Carol)", r"position:6: the stack targets 'Carol'"),
        ("ability 1 of Veil Walker (Bob)", r"position:6: .*no Veil Walker is in play"),
        ("Sparkshott (Alice)", r"position:6: no card named 'Sparkshott'; did you mean"),
    ],
)
def test_a_stack_that_does_not_build_is_refused_with_its_line(stack: str, error: str) -> None:
    text = RR_TEXT.replace("Active: Bob", f"Active: Bob\nStack: {stack}").replace(
        "Veil Walker, ", ""
    )
    with pytest.raises(PositionError, match=error):
        from_position(text)


COMBAT_TEXT = """Format: rr
Seed: 0
Turn: 2
Step: declare_blockers
Active: Alice
Decision: blockers for Bob
Combat: Ember Scout attacks Bob

Alice: hand Sparkshot; battlefield Ember Scout, Gloom Brute
Bob: hand Brace; battlefield Mire Lurker, Ironbark Sentry (tapped)
"""


def test_a_combat_of_attacks_only_builds_and_asks_the_defender_to_block() -> None:
    game = from_position(COMBAT_TEXT)
    assert position(game) == COMBAT_TEXT
    assert game.decision == "blockers"
    moves = [m.text for m in Notation(game, FORMATS["rr"].vocabulary).moves()]
    assert "Bob blocks Ember Scout with Mire Lurker" in moves


@pytest.mark.parametrize(
    ("change", "error"),
    [
        (("Decision: blockers for Bob", "Decision: scry for Bob"), r"position:6: .* decision"),
        (("attacks Bob", "attacks Carol"), r"position:7: Ember Scout attacks 'Carol', which"),
        (("Ember Scout attacks", "Veil Walker attacks"), r"position:7: Veil Walker attacks, but"),
        (
            ("attacks Bob", "attacks Bob; Gloom Brute blocks Ember Scout"),
            r"position:7: Gloom Brute blocks, but no defend",
        ),
        (("attacks Bob", "attacks Bob; Mire Lurker blocks Gloom Brute"), r"position:7: .*not att"),
        (("Ember Scout attacks Bob", "Ember Scout charges"), r"position:7: expected 'CREATURE"),
    ],
)
def test_a_combat_that_cannot_be_built_is_refused_with_its_line(
    change: tuple[str, str], error: str
) -> None:
    with pytest.raises(PositionError, match=error):
        from_position(COMBAT_TEXT.replace(*change))


def test_declared_blocks_build_back_in_their_damage_order() -> None:
    """Blocks declared and ordered: the attacking player has priority in the declare blockers
    step, and the text reads back the same."""
    text = COMBAT_TEXT.replace("Decision: blockers for Bob\n", "").replace(
        "attacks Bob", "attacks Bob; Mire Lurker blocks Ember Scout"
    )
    game = from_position(text)
    assert position(game) == text
    assert game.decision == "priority"
    assert FORMS["rr"].covers(game)
    assert list(game.damage_order.values()) == [[game.find("Mire Lurker")]]


def test_card_lists() -> None:
    cards = read_cards("2 Forest, Gloom Brute (new, damage 1)")
    assert [c.name for c in cards] == ["Forest", "Forest", "Gloom Brute"]
    assert cards[2].marks == ("new", "damage 1")
    with pytest.raises(PositionError, match="expected a card name"):
        read_cards("Forest, (tapped)", line=3)


def test_leveler_positions_keep_sub_decks_and_exile() -> None:
    text = """Format: leveler
Seed: 2
Turn: 5
Step: main2
Active: Alice
Priority: Bob

Alice: life 27; damage 3; lands 1; hand Lightning Bolt; battlefield Mountain (tapped), \
Grizzly Bears (new); exile Forest; outside_2 30 Forest; outside_3 20 Island
Bob: life 30; library Forest, Island
"""
    game = from_position(text)
    assert position(game) == text
    assert game.table.zones["outside:0:2"]
    assert game.priority == 1


MAGIC_COMBAT = """Format: leveler
Seed: 0
Turn: 3
Step: declare_blockers
Active: Alice
Priority: Bob
Combat: Grizzly Bears attacks Bob; Hill Giant attacks Bob; Gray Ogre blocks Hill Giant; \
Grizzly Bears blocks Hill Giant

Alice: life 30; battlefield Grizzly Bears (tapped), Hill Giant (tapped), Mountain
Bob: life 20; battlefield Gray Ogre, Grizzly Bears
"""


def test_a_magic_combat_builds_back_with_its_blockers_in_order() -> None:
    game = from_position(MAGIC_COMBAT)
    assert position(game) == MAGIC_COMBAT
    assert FORMS["leveler"].covers(game)
    giant = game.table.cards[game.find("Hill Giant")]
    blockers = sorted(
        (c for c in game.table.creatures(1) if c.blocking == giant.id),
        key=lambda c: c.blocking_order,
    )
    assert [c.name for c in blockers] == ["Gray Ogre", "Grizzly Bears"]
    assert giant.blocked


def test_a_magic_stack_builds_back_with_its_targets() -> None:
    text = """Format: leveler
Seed: 0
Turn: 3
Step: main1
Active: Alice
Stack: Lightning Bolt (Alice, targeting Grizzly Bears), Shock (Bob, targeting \
Alice)

Alice: life 30; battlefield Mountain (tapped)
Bob: life 20; battlefield Grizzly Bears, Mountain (tapped)
"""
    game = from_position(text)
    assert position(game) == text
    assert FORMS["leveler"].covers(game)
    bolt = game.table.cards[game.table.zones["stack"][0]]
    assert (bolt.controller, bolt.target) == (0, game.find("Grizzly Bears"))


@pytest.mark.parametrize(
    ("change", "error"),
    [
        (("Gray Ogre blocks", "Gray Ogre guards"), r"position:7: expected 'CREATURE attacks"),
        (("Hill Giant attacks Bob", "Hill Giant attacks Carol"), r"position:7: expected"),
        (("Gray Ogre blocks Hill", "Serra Angel blocks Hill"), r"position:7: 'Serra Angel blocks"),
        (("Hill Giant attacks Bob;", "Wind Drake attacks Bob;"), r"position:7: Wind Drake attacks"),
    ],
)
def test_a_magic_combat_that_does_not_fit_is_refused_with_its_line(
    change: tuple[str, str], error: str
) -> None:
    with pytest.raises(PositionError, match=error):
        from_position(MAGIC_COMBAT.replace(*change))


def test_dominion_positions_keep_the_supply_the_trash_and_the_turn() -> None:
    game = from_position(position(FORMATS["dominion"].new_game(seed=5, players=3)))
    text = position(game)
    game.table.zones["trash"].append(game.pile("Copper").pop())
    game.coins = 2
    changed = position(game)
    assert "Trash: Copper" in changed
    assert "Coins: 2" in changed
    assert position(from_position(changed)) == changed
    assert changed != text
    with pytest.raises(
        PositionError, match=r"position:5: Phase must be one of pregame, action, buy"
    ):
        from_position(
            changed.replace("Phase: buy", "Phase: cleanup").replace(
                "Phase: action", "Phase: cleanup"
            )
        )
    with pytest.raises(PositionError, match=r"the Supply has no Witch pile"):
        from_position(changed.replace("Supply: ", "Supply: 10 Witch, "))


SHORT_DOMINION = """Format: dominion
Turn: 3
Active: Alice
Phase: buy
Buys: 1
Coins: 5
Kingdom: Cellar, Market, Merchant, Militia, Mine, Moat, Remodel, Smithy, Village, Workshop

Alice: hand Copper
Bob: hand Estate
"""


def test_a_dominion_position_without_a_supply_starts_every_pile_full() -> None:
    """For two players: 60 Coppers less the 14 dealt, 8 of each Victory card, 10 Curses and
    10 of each Kingdom card; the text written has the whole Supply again."""
    game = from_position(SHORT_DOMINION)
    sizes = {pile: len(game.pile(pile)) for pile in game.piles}
    assert sizes["Copper"] == 46
    assert sizes["Province"] == sizes["Estate"] == 8
    assert sizes["Curse"] == sizes["Smithy"] == 10
    full = position(game)
    assert "Supply: 46 Copper, 40 Silver, 30 Gold, 8 Estate" in full
    assert position(from_position(full)) == full
    three = SHORT_DOMINION.replace("Bob: hand Estate", "Bob: hand Estate\nCarol: hand Gold")
    assert len(from_position(three).pile("Province")) == 12


@pytest.mark.parametrize("variant", ["", "private"])
def test_a_draft_position_without_a_supply_has_the_piles_the_seed_dealt(variant: str) -> None:
    """Each player's private piles included, all at their starting size."""
    game = FORMATS["dominion-draft"].new_game(seed=3, players=3, variant=variant)
    full = position(game)
    short = "".join(line for line in full.splitlines(True) if not line.startswith("Supply:"))
    assert short != full
    assert position(from_position(short)) == full


def test_the_round_trip_check_can_fail() -> None:
    """A form that loses a counter on the way is caught: the text it builds reads differently."""
    rr = form("rr")
    game = Scenario().player(0, ep=3, hand=["Gloom Brute"]).build()

    def forgetful(text: str) -> Game:
        built = rr.build(text)
        assert isinstance(built, RiskGame)
        built.table.players[0].ep = 0
        return built

    assert round_trip_problems(game, rr, _rr_moves) == []
    broken = round_trip_problems(game, replace(rr, build=forgetful), _rr_moves)
    assert broken
    assert "reads differently" in broken[0]


POSITION_SAMPLE = {
    "rr": 6,
    "leveler": 4,
    "vortex": 2,
    "stockpile": 2,
    "dominion": 4,
    "dominion-draft": 3,
}
POSITION_SOAK = 50  # games per format in the soak run, checked at every covered step


def _check(key: str, games: int, every: int, first_seed: int) -> None:
    entry = FORMATS[key]
    report = check_format(
        entry.new_game,
        entry.invariants,
        name=key,
        games=games,
        players=entry.players[:1],
        first_seed=first_seed,
        vocabulary=entry.vocabulary,
        positions=FORMS[key],
        position_every=every,
    )
    assert report.violations == []


@pytest.mark.parametrize("key", sorted(POSITION_SAMPLE))
def test_positions_round_trip_in_sampled_games(key: str) -> None:
    _check(key, POSITION_SAMPLE[key], every=15, first_seed=200_000)


@pytest.mark.soak
@pytest.mark.parametrize("key", sorted(POSITION_SAMPLE))
def test_positions_round_trip_at_every_step(key: str) -> None:
    _check(key, POSITION_SOAK, every=1, first_seed=0)


FACE_DOWN_TEXT = """Format: rr
Seed: 0
Turn: 3
Step: main1
Active: Bob

Alice: ep 2; battlefield Shade of the Pact (face down, tapped)
Bob: ep 1; hand Sparkshot
"""


@pytest.mark.rule("RR 13.1d")
def test_a_face_down_permanent_is_written_face_down_and_hidden_from_the_others() -> None:
    """The full text marks it ``face down`` and builds it so; its controller's view names
    it; another player's view writes it without its name (RR 13.1d)."""
    game = from_position(FACE_DOWN_TEXT)
    shade = game.table.cards[game.find("Shade of the Pact")]
    assert shade.face_down
    assert shade.tapped
    assert position(game) == FACE_DOWN_TEXT
    assert "Shade of the Pact (face down, tapped)" in position(game, viewer=0)
    bobs = position(game, viewer=1)
    assert "Shade of the Pact" not in bobs
    assert "Alice: ep 2; battlefield face-down creature (tapped)" in bobs


@pytest.mark.rule("LV R9")
def test_a_position_seats_only_as_many_players_as_its_format_allows() -> None:
    """The registry's player-count check, as for a new game, with the line of the last seat."""
    three = "Format: leveler\n\nAlice: hand Forest\nBob: hand Forest\nCarol: hand Forest\n"
    with pytest.raises(PositionError, match=r"position:5: .* 2 players, not 3 \(LV R9\)"):
        from_position(three)


@pytest.mark.rule("RR 13.1d")
def test_a_spell_cast_face_down_builds_back_and_is_hidden_from_the_others() -> None:
    game = from_position(
        "Format: rr\n\nAlice: ep 6; hand Shade of the Pact, Barrow Wight\nBob: hand Brace\n"
    )
    push(game, "Alice casts Shade of the Pact face down")
    text = position(game)
    assert "Stack: Shade of the Pact (Alice, face down)" in text
    assert position(from_position(text)) == text
    assert from_position(text).table.cards[-1].face_down
    assert "Stack: face-down creature (Alice)" in position(game, viewer=1)


def test_a_stack_names_an_only_ability_as_the_move_does() -> None:
    """A permanent's only ability has no number, in the Stack line as in the move."""
    game = from_position(
        "Format: rr\n\nAlice: ep 5; intel 1; battlefield Cipher Engine\nBob: hand Brace\n"
    )
    assert "Alice activates Cipher Engine" in [m.text for m in Notation(game, VOCABULARY).moves()]
    push(game, "Alice activates Cipher Engine")
    text = position(game)
    assert "Stack: ability of Cipher Engine (Alice)" in text
    assert position(from_position(text)) == text
    numbered = text.replace("ability of", "ability 1 of")
    assert position(from_position(numbered)) == text


@pytest.mark.rule("RR 3.1.3b")
def test_an_attached_aura_and_a_card_of_another_owner_build_back() -> None:
    """``attached to X`` names the first permanent of that name; ``owned by Bob`` is a card in
    another player's zone, which goes to its owner's graveyard when it dies."""
    text = (
        "Format: rr\nSeed: 0\nTurn: 2\nStep: main1\nActive: Alice\n\n"
        "Alice: ep 2; battlefield Ember Scout, Battle Fervor (attached to Gloom Brute), "
        "Mire Lurker (owned by Bob)\n"
        "Bob: battlefield Gloom Brute\n"
    )
    game = from_position(text)
    fervor = game.table.cards[game.find("Battle Fervor")]
    lurker = game.table.cards[game.find("Mire Lurker")]
    assert fervor.attached_to == game.find("Gloom Brute")
    assert (lurker.owner, lurker.controller) == (1, 0)
    assert position(game) == text


@pytest.mark.parametrize(
    ("marks", "error"),
    [
        ("Ember Scout (attached to Gloom Brute)", r"position:3: Ember Scout is not an Aura"),
        ("Battle Fervor (attached to Mire Lurker)", r"position:3: .*'Mire Lurker', which is not"),
        ("Ember Scout (owned by Zed)", r"position:3: Ember Scout: 'Zed' is not a player here"),
    ],
)
def test_an_attachment_or_owner_that_does_not_fit_is_refused(marks: str, error: str) -> None:
    with pytest.raises(PositionError, match=error):
        from_position(f"Format: rr\n\nAlice: battlefield {marks}\nBob: battlefield Gloom Brute\n")


def test_a_combat_of_two_attackers_of_one_name_is_not_carried_by_the_position() -> None:
    """The Combat line names attackers by name, so two copies attacking could not be built back
    (found by the soak run: a Risk & Resource game where two Gale Harriers attacked): the form
    says it does not cover that step rather than write a text that does not build."""
    game = from_position(
        "Format: rr\nStep: declare_attackers\nDecision: attackers for Alice\n\n"
        "Alice: ep 1; hand Sparkshot; battlefield Ember Scout, Ember Scout\n"
        "Bob: hand Brace; library 5 Raze\n"
    )
    push(game, "Alice attacks Bob with Ember Scout")
    push(game, "Alice attacks Bob with Ember Scout")
    text = position(game)
    assert "Combat: Ember Scout attacks Bob; Ember Scout attacks Bob" in text
    assert not FORMS["rr"].covers(game)
    with pytest.raises(PositionError, match="attacks twice"):
        from_position(text)


@pytest.mark.parametrize(
    ("key", "seed"),
    [
        ("rr", 45),  # two Gale Harriers attack (step 297)
        ("vortex", 25),  # blockers of an attacker that has left combat (step 142)
    ],
)
def test_games_the_soak_run_found_round_trip_at_every_step(key: str, seed: int) -> None:
    """Steps where the text could not build back the combat under way: the form now says it
    does not cover them (the Combat line names creatures by name, and says nothing of an
    attacker that has left)."""
    entry = FORMATS[key]
    run = check_game(
        entry.new_game,
        entry.invariants,
        seed,
        entry.players[0],
        entry.vocabulary,
        positions=FORMS[key],
        position_every=1,
    )
    assert run.violations == []
