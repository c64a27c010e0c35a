"""The notation of moves (DESIGN: "Notation, records and people at the table")."""

from __future__ import annotations

import pytest

from rulekeeper.engine.notation import (
    AmbiguousMoveError,
    IllegalMoveError,
    UnknownMoveError,
    normalise,
)
from rulekeeper.games import FORMATS
from rulekeeper.mtg.scenario import Scenario as MagicScenario
from rulekeeper.notation import describe, notation, parse, push


def test_every_format_writes_and_reads_its_first_moves() -> None:
    for key, entry in FORMATS.items():
        game = entry.new_game(1, entry.players[0])
        for move in notation(game).moves():
            assert parse(game, move.text) == move.action, key
            assert describe(game, move.action) == move.text


def test_the_deciding_players_name_and_word_ends_may_be_left_out() -> None:
    game = FORMATS["dominion"].new_game(1, 2, "first-game")
    assert parse(game, "BUY  Vill.") == parse(game, "Player 2 buys Village")


def test_an_unknown_move_suggests_what_was_meant() -> None:
    game = FORMATS["dominion"].new_game(1, 2, "first-game")
    with pytest.raises(UnknownMoveError, match="did you mean 'Player 2 buys Village'"):
        parse(game, "Player 2 buys Vilage")


def test_another_players_name_is_refused_with_whose_decision_it_is() -> None:
    game = FORMATS["dominion"].new_game(1, 2, "first-game")
    with pytest.raises(UnknownMoveError, match="it is Player 2's decision, not Player 1's"):
        parse(game, "Player 1 ends the Buy phase")


def test_a_text_that_fits_several_moves_is_ambiguous() -> None:
    game = FORMATS["dominion"].new_game(1, 2, "first-game")
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


@pytest.mark.rule("DM 1.5", "DM 5.1")
def test_buying_a_card_or_landscape_not_in_the_game_cites_the_rule() -> None:
    game = FORMATS["dominion"].new_game(1, 2, "first-game")
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
