"""The player count is checked once, in making a game (issue #37): by the format's facts,
citing the format's rule, before anything is made for that many players."""

from __future__ import annotations

import pytest

from rulekeeper.engine.formats import FormatFacts
from rulekeeper.errors import InputError
from rulekeeper.games import FORMATS
from rulekeeper.mtg.formats import magic_format
from rulekeeper.mtg.game import MagicGame


@pytest.mark.parametrize("key", sorted(FORMATS))
def test_making_a_game_checks_the_player_count_once(
    key: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    counted: list[int] = []
    check = FormatFacts.check_players

    def counting(facts: FormatFacts, count: int) -> None:
        counted.append(count)
        check(facts, count)

    monkeypatch.setattr(FormatFacts, "check_players", counting)
    FORMATS[key].new_game(1, 2)
    # The Dominion Draft's draft, before its game, is a setup of its own and checks too.
    assert counted == ([2, 2] if key == "dominion-draft" else [2])


def test_a_magic_game_wants_one_name_for_each_deck() -> None:
    decks = [[["Forest"] * 50, ["Forest"] * 30, ["Forest"] * 20]] * 2
    with pytest.raises(InputError, match=r"^3 names for 2 decks: give one for each$"):
        MagicGame.new(magic_format("leveler"), decks, seed=1, names=["A", "B", "C"])
