"""The notation of moves (DESIGN: "Notation, records and people at the table")."""

from __future__ import annotations

import pytest

from rulekeeper.engine.game import Game
from rulekeeper.engine.notation import (
    AmbiguousMoveError,
    IllegalMoveError,
    UnknownMoveError,
    normalise,
)
from rulekeeper.games import FORMATS
from rulekeeper.mtg.actions import Attack, Cast
from rulekeeper.mtg.scenario import Scenario as MagicScenario
from rulekeeper.notation import describe, notation, parse, push
from rulekeeper.position import from_position
from rulekeeper.riskres.scenario import Scenario as RiskScenario


def test_every_format_writes_and_reads_its_first_moves() -> None:
    for key, entry in FORMATS.items():
        game = entry.new_game(1, entry.players[0])
        for move in notation(game).moves():
            assert parse(game, move.text) == move.action, key
            assert describe(game, move.action) == move.text


def test_the_deciding_players_name_and_word_ends_may_be_left_out() -> None:
    game = FORMATS["dominion"].new_game(1, 2, kingdom="first-game")
    assert parse(game, "BUY  Vill.") == parse(game, "Player 2 buys Village")


def test_an_unknown_move_suggests_what_was_meant() -> None:
    game = FORMATS["dominion"].new_game(1, 2, kingdom="first-game")
    with pytest.raises(UnknownMoveError, match="did you mean 'Player 2 buys Village'"):
        parse(game, "Player 2 buys Vilage")


def test_another_players_name_is_refused_with_whose_decision_it_is() -> None:
    game = FORMATS["dominion"].new_game(1, 2, kingdom="first-game")
    with pytest.raises(UnknownMoveError, match="it is Player 2's decision, not Player 1's"):
        parse(game, "Player 1 ends the Buy phase")


def test_a_text_that_fits_several_moves_is_ambiguous() -> None:
    game = FORMATS["dominion"].new_game(1, 2, kingdom="first-game")
    with pytest.raises(AmbiguousMoveError, match="could be"):
        parse(game, "buys c")


@pytest.mark.rule("MG 3.1")
def test_an_illegal_move_cites_the_rule_it_breaks() -> None:
    game = (
        MagicScenario()
        .player(0, hand=["Forest", "Mountain", "Lightning Bolt"], library=["Forest"])
        .player(1, library=["Forest"])
        .build()
    )
    push(game, "Alice plays Mountain")  # she can still cast Lightning Bolt, so she decides
    with pytest.raises(IllegalMoveError) as refused:
        parse(game, "alice plays forest")
    assert refused.value.rule == "MG 3.1"
    assert "Alice plays Forest" in str(refused.value)


@pytest.mark.rule("MG 2.5")
def test_passing_before_finishing_a_decision_is_refused_with_its_rule() -> None:
    game = (
        MagicScenario()
        .player(0, battlefield=["Grizzly Bears"])
        .player(1, library=["Forest"])
        .at("beginning_of_combat")
        .build()
    )
    push(game, "Alice passes")  # into the declaration of attackers, which she must finish
    with pytest.raises(IllegalMoveError) as refused:
        parse(game, "Alice passes")
    assert refused.value.rule == "MG 2.5"
    assert "Alice must first finish the attackers decision" in str(refused.value)


@pytest.mark.rule("MG R8")
def test_an_attack_that_names_no_opponent_is_refused_where_each_attacker_chooses() -> None:
    game = (
        MagicScenario("stockpile", names=["Ann", "Ben", "Cat"])
        .player(0, battlefield=["Hill Giant"])
        .player(1)
        .player(2)
        .at("beginning_of_combat")
        .build()
    )
    push(game, "Ann passes")
    with pytest.raises(IllegalMoveError) as refused:
        parse(game, "Ann attacks with Hill Giant")
    assert refused.value.rule == "MG R8"
    assert parse(game, "Ann attacks Cat with Hill Giant") == Attack(game.find("Hill Giant"), 2)


@pytest.mark.rule("RR 5.1c")
@pytest.mark.parametrize(
    ("text", "rule"),
    [
        ("Alice discards Ember Scout", "RR 5.1c"),  # only in cleanup, down to hand size
        ("Alice casts Ember Scout face down", "RR 13.2a"),  # it has no morph
        ("Alice pitches Brace", "RR 1.2a"),  # Bob's card
        ("Alice activates Cipher Engine", "RR R79"),  # a second Intel ability costs 2 EP more
    ],
)
def test_a_risk_and_resource_move_the_engine_does_not_weigh_cites_its_rule(
    text: str, rule: str
) -> None:
    game = from_position(
        "Format: rr\n\n"
        "Alice: ep 1; intel 2; hand Ember Scout; battlefield Cipher Engine\n"
        "Bob: hand Brace; battlefield Cipher Engine\n"
    )
    push(game, "Alice activates Cipher Engine")
    with pytest.raises(IllegalMoveError) as refused:
        parse(game, text)
    assert refused.value.rule == rule
    assert text in str(refused.value)


@pytest.mark.parametrize(
    ("seats", "step", "move", "rule"),
    [
        (
            "Alice: intel 1; battlefield Field Dossier",
            "main1",
            "Alice activates Field Dossier targeting Bob",
            "RR 1.4c",
        ),
        (
            "Alice: ep 4; hand Raze\nBob: exile Gloom Brute",
            "main1",
            "cast raze targeting gloom brute",
            "RR 5.2a",
        ),
        ("Alice: battlefield Cog Servo", "declare_attackers", "attack bob with cog", "RR 4.5.2a"),
    ],
)
def test_a_refused_aimed_spell_ability_or_attack_cites_its_rule(
    seats: str, step: str, move: str, rule: str
) -> None:
    # The engine does not propose these (it skips what cannot be paid, aimed or attack), so
    # the vocabulary names them for the refusal.
    if "Bob:" not in seats:
        seats += "\nBob:"
    decision = "Decision: attackers for Alice\n" if step == "declare_attackers" else ""
    game = from_position(f"Format: rr\nStep: {step}\n{decision}\n{seats}\n")
    with pytest.raises(IllegalMoveError) as refused:
        parse(game, move)
    assert refused.value.rule == rule


@pytest.mark.rule("RR 5.1c")
def test_a_pass_in_the_middle_of_a_declaration_cites_the_rule_it_breaks() -> None:
    game = (
        RiskScenario()
        .player(0, battlefield=["Ember Scout", "Mire Lurker"])
        .player(1, library=["Raze"] * 5)
        .at("declare_attackers")
        .build()
    )
    push(game, "Alice attacks Bob with Ember Scout")
    with pytest.raises(IllegalMoveError) as refused:
        parse(game, "pass")
    assert refused.value.rule == "RR 5.1c"
    assert "Alice passes" in str(refused.value)


def test_copies_of_a_card_are_told_apart_by_id_and_interchangeable_in_short() -> None:
    game = MagicScenario().player(0, hand=["Forest", "Forest"]).build()
    texts = [m.text for m in notation(game).moves()]
    assert [t for t in texts if "Forest" in t] == [
        f"Alice plays Forest #{i}" for i in sorted(game.table.zones["hand:0"])
    ]
    first = notation(game).moves()[1].action
    assert parse(game, "play forest") == first


def test_normalise_ignores_case_spaces_and_a_full_stop() -> None:
    assert normalise(" Bob  Blocks Ember Scout. ") == "bob blocks ember scout"


@pytest.mark.rule("RR 8.4a")
def test_a_challenge_one_cannot_pay_for_is_refused_with_its_rule() -> None:
    game = RiskScenario().player(0, traps=["Gloom Brute"]).player(1, ep=1).at("main1", active=1)
    with pytest.raises(IllegalMoveError) as refused:
        parse(game.build(), "Bob challenges Alice's trap")
    assert (refused.value.rule, refused.value.reason) == ("RR 1.1d", "a challenge costs 2 EP")


@pytest.mark.rule("RR 10.3a")
def test_an_attack_on_oneself_is_refused_with_its_rule() -> None:
    game = (
        RiskScenario(names=("Alice", "Bob", "Carol"))
        .player(0, battlefield=["Lumbering Golem"])
        .at("declare_attackers")
        .build()
    )
    with pytest.raises(IllegalMoveError) as refused:
        parse(game, "Alice attacks Alice with Lumbering Golem")
    assert refused.value.rule == "RR 4.5.2c"


@pytest.mark.rule("DM 1.5", "DM 5.1")
def test_buying_a_card_or_landscape_not_in_the_game_cites_the_rule() -> None:
    game = FORMATS["dominion"].new_game(1, 2, kingdom="first-game")
    with pytest.raises(IllegalMoveError) as no_pile:
        parse(game, "buy laboratory")
    assert no_pile.value.rule == "DM 1.5"
    with pytest.raises(IllegalMoveError) as not_in_use:
        parse(game, "buy populate")
    assert not_in_use.value.rule == "DM 5.1"


@pytest.mark.rule("SD 5.3a", "VX 4.2")
def test_a_basic_land_takes_the_article_its_sound_takes() -> None:
    game = (
        MagicScenario("stockpile", names=["Ann", "Ben"])
        .player(0, hand=["Shock"], battlefield=["Mountain"] * 4)
        .player(1, library=["Island"] * 3)
        .zone("landpile", ["Island", "Forest"])
        .build()
    )
    texts = [m.text for m in notation(game).moves()]
    assert "Ann acquires an Island from the landpile" in texts
    assert "Ann acquires a Forest from the landpile" in texts
    assert [str(e) for e in push(game, "acquire an island")] == [
        "turn 2: Ann pays {2} and acquires an Island from the landpile into their graveyard "
        "(SD 5.3a)"
    ]
    vortex = FORMATS["vortex"].new_game(1, 2)
    while not any("takes" in m.text for m in notation(vortex).moves()):
        vortex.apply(vortex.legal_actions()[0])
    island = next(m.text for m in notation(vortex).moves() if m.text.endswith("Island"))
    assert island.endswith("takes an Island")
    push(vortex, island)
    assert vortex.log[-1].text.endswith("adds an Island from outside the game")


def test_copies_of_a_card_followed_by_more_words_are_interchangeable() -> None:
    game = from_position(
        "Format: leveler\n\n"
        "Alice: hand Shock, Shock; battlefield Mountain, Mountain; library 3 Forest\n"
        "Bob: battlefield Grizzly Bears, Grizzly Bears\n"
    )
    shocks = sorted(game.table.zones["hand:0"])
    bears = [creature.id for creature in game.table.creatures(1)]
    at_bob = [m for m in notation(game).moves() if m.text.endswith("targeting Bob")]
    assert parse(game, "Alice casts Shock targeting Bob") == at_bob[0].action
    assert parse(game, "cast shock targ bob") == at_bob[0].action
    # One copy named, the other left plain: still the move of the copy named.
    bear = parse(game, f"Alice casts Shock #{shocks[1]} targeting Grizzly Bears")
    assert bear == Cast(shocks[1], bears[0])
    # Moves that differ in more than the copy stay ambiguous.
    with pytest.raises(AmbiguousMoveError, match="could be"):
        parse(game, "Alice casts Shock targeting")
    with pytest.raises(UnknownMoveError):
        parse(game, f"Alice casts Shock #{max(shocks) + 100} targeting Bob")


@pytest.mark.rule("RR 1.1d")
def test_a_whole_move_the_rules_forbid_is_not_read_as_a_longer_legal_one() -> None:
    game = from_position("Format: rr\n\nAlice: ep 3; hand Barrow Wight\nBob: hand Brace\n")
    for text in ("Alice casts Barrow Wight", "casts barrow wight."):
        with pytest.raises(IllegalMoveError) as refused:
            parse(game, text)
        assert refused.value.rule == "RR 1.1d"
        assert "Alice casts Barrow Wight" in str(refused.value)
    # The other side: the legal move whole, and a short form that is no move's whole text.
    face_down = notation(game).moves()[-1]
    assert face_down.text == "Alice casts Barrow Wight face down"
    assert parse(game, "Alice casts Barrow Wight face down") == face_down.action
    assert parse(game, "cast barrow wight f") == face_down.action


@pytest.mark.rule("MG 3.3")
def test_a_short_form_may_still_leave_out_a_target() -> None:
    game = from_position(
        "Format: leveler\n\n"
        "Alice: hand Murder; battlefield Swamp, Swamp, Swamp; library 3 Forest\n"
        "Bob: battlefield Grizzly Bears\n"
    )
    # Murder's one legal target: the move without it is short for the move with it.
    assert describe(game, parse(game, "Alice casts Murder")) == (
        "Alice casts Murder targeting Grizzly Bears"
    )


@pytest.mark.parametrize(
    ("position", "moves", "text", "rule"),
    [
        (  # MG 3.3: Murder cannot be paid for, whatever its target
            "Format: leveler\n\n"
            "Alice: hand Murder; battlefield Swamp, Forest; library 3 Forest\n"
            "Bob: battlefield Grizzly Bears\n",
            [],
            "Alice casts Murder targeting Grizzly Bears",
            "MG 3.3",
        ),
        (  # RR 11.2d: the creature Brace was meant for has gone to the graveyard
            "Format: rr\n\n"
            "Alice: ep 1; hand Sparkshot\n"
            "Bob: ep 1; hand Brace; battlefield Mire Lurker\n",
            ["Alice casts Sparkshot targeting Mire Lurker", "Bob passes"],
            "Bob casts Brace targeting Mire Lurker",
            "RR 5.2a",
        ),
        (  # RR R38: an attacker attacks an opponent or an opponent's creature
            "Format: rr\nStep: declare_attackers\nDecision: attackers for Alice\n\n"
            "Alice: battlefield Lumbering Golem, Mire Lurker\n"
            "Bob: library 10 Raze; battlefield Plated Tortoise\n",
            [],
            "Alice attacks Mire Lurker with Lumbering Golem",
            "RR 4.5.2c",
        ),
    ],
)
def test_a_move_with_a_target_is_refused_with_the_rule_it_breaks(
    position: str, moves: list[str], text: str, rule: str
) -> None:
    game = from_position(position)
    for move in moves:
        push(game, move)
    with pytest.raises(IllegalMoveError) as refused:
        parse(game, text)
    assert refused.value.rule == rule
    assert text in str(refused.value)


@pytest.mark.rule("RR 13.1d")
def test_a_move_does_not_name_a_face_down_permanent_its_player_may_not_see() -> None:
    """Bob's moves name Alice's face-down Shade as the log does; Alice's own name it."""
    game = from_position(
        "Format: rr\nTurn: 3\nActive: Bob\n\n"
        "Alice: ep 3; battlefield Shade of the Pact (face down)\n"
        "Bob: ep 1; hand Sparkshot\n"
    )
    texts = [move.text for move in notation(game).moves()]
    assert "Bob casts Sparkshot targeting a face-down creature" in texts
    assert not any("Shade" in text for text in texts)
    played = push(game, "Bob casts Sparkshot targeting a face-down creature")
    assert "a face-down creature" in str(played)
    assert "Shade" not in str(played)
    assert "Alice turns Shade of the Pact face up" in [m.text for m in notation(game).moves()]


@pytest.mark.rule("RR R45")
def test_challenging_ones_own_trap_is_refused_with_its_rule() -> None:
    game = from_position("Format: rr\nActive: Bob\n\nAlice: hand Brace\nBob: ep 3; traps Brace\n")
    with pytest.raises(IllegalMoveError) as refused:
        parse(game, "Bob challenges Bob's trap 1")
    assert refused.value.rule == "RR R45"


@pytest.mark.rule("RR R74")
def test_turning_a_face_down_copy_face_up_is_refused_with_its_rule() -> None:
    game = from_position("Format: rr\n\nAlice: ep 5; battlefield Mask Mimic (face down)\nBob: \n")
    with pytest.raises(IllegalMoveError) as refused:
        parse(game, "Alice turns Mask Mimic face up")
    assert refused.value.rule == "RR R74"


@pytest.mark.rule("RR 9.2d")
def test_a_player_may_concede_while_another_decides() -> None:
    """Conceding is never offered as a move, but its whole text, name included, is read."""
    game = from_position("Format: rr\n\nAlice: hand Brace\nBob: hand Brace\nCarol: hand Brace\n")
    assert "Bob concedes" not in [m.text for m in notation(game).moves()]
    assert str(push(game, "Bob concedes")).startswith("turn 2: Bob concedes (RR 9.2d)")
    with pytest.raises(UnknownMoveError):
        parse(game, "concede")  # the deciding player's name is never implied for it


def _drafting(fmt: str, seed: int, players: int) -> Game:
    """A game of ``fmt`` still in its draft."""
    return FORMATS[fmt].new_game(seed, players)


@pytest.mark.rule("DD 2.1")
@pytest.mark.rule("DD 2.4")
def test_a_draft_move_naming_a_randomizer_not_there_is_refused_with_its_rule() -> None:
    """Setting aside or moving to the centre a randomizer the player may not is refused with
    the rule it breaks, not read as no move at all (the Draft's refusable)."""
    game = _drafting("dominion-draft", 7, 3)
    with pytest.raises(IllegalMoveError) as refused:
        parse(game, "Player 1 sets aside Witch")
    assert refused.value.rule == "DD 2.1"
    while game.variant_state["draft"]["stage"] == "pick":
        game.apply(game.legal_actions()[0])
    with pytest.raises(IllegalMoveError) as refused:
        parse(game, "Player 1 moves Library to the centre")
    assert refused.value.rule == "DD 2.4"


@pytest.mark.rule("VX R1")
def test_a_vortex_basic_land_not_offered_is_refused_with_its_rule() -> None:
    game = _drafting("vortex", 7, 2)
    while game.decision == "pick":
        game.apply(game.legal_actions()[0])
    with pytest.raises(IllegalMoveError) as refused:
        parse(game, "Player 2 takes a Wastes")
    assert refused.value.rule == "VX R1"


@pytest.mark.rule("SD 6.1")
def test_acquiring_out_of_turn_is_refused_with_its_rule() -> None:
    game = (
        MagicScenario("stockpile", names=["Ann", "Ben"])
        .player(0, hand=["Lightning Bolt"], battlefield=["Mountain"])
        .player(1, library=["Island"] * 3)
        .zone("stockpile:1", ["Shock"])
        .at("main1", active=1)
        .build()
    )
    push(game, "Ben passes")  # Ann, who could cast Lightning Bolt, has priority in Ben's turn
    with pytest.raises(IllegalMoveError) as refused:
        parse(game, "Ann acquires Shock from stockpile 1")
    assert refused.value.rule == "SD 6.1"
