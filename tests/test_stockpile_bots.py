"""The Stockpile Draft bots treat every seat alike.

Between opponents they like equally, the bots once took the first listed, the lowest seat, so
that at eight players Player 1 won 4% of the design study's games and Player 8 19%. They now
take the opponent nearest after their own seat in turn order (the first player is drawn at
random, so no seat is favoured).
"""

from __future__ import annotations

import pytest

from rulekeeper.mtg.actions import Attack, Cast, Pass, Player
from rulekeeper.mtg.agents import HeuristicAgent
from rulekeeper.mtg.formats.stockpile.agents import StockpileAgent
from rulekeeper.mtg.game import MagicGame
from rulekeeper.mtg.scenario import Scenario

NAMES = ["Ann", "Ben", "Cat", "Dan"]
SEATS = range(len(NAMES))


def _table(active: int, **mine: list[str]) -> MagicGame:
    """Four players at 20 life, ``active`` holding ``mine``, a landpile far from empty (so the
    bots do not play to SD 6.5's clock), in the active player's first main phase."""
    built = Scenario("stockpile", names=NAMES)
    for seat in SEATS:
        built.player(seat, **(mine if seat == active else {}))
    return built.zone("landpile", ["Plains"] * 40).at("main1", active=active).build()


@pytest.mark.parametrize("active", SEATS)
def test_an_attacker_picks_the_next_player_among_equal_opponents(active: int) -> None:
    game = _table(active, battlefield=["Grizzly Bears"])
    while game.decision != "attackers":
        game.apply(Pass())
    choice = StockpileAgent(0).choose(game.view(active), list(game.legal_actions()))
    assert choice == Attack(game.find("Grizzly Bears"), player=(active + 1) % len(NAMES))


@pytest.mark.parametrize("agent", [StockpileAgent, HeuristicAgent])
@pytest.mark.parametrize("active", SEATS)
def test_burn_aims_at_the_next_player_among_equal_opponents(
    active: int, agent: type[HeuristicAgent]
) -> None:
    # HeuristicAgent is also the Vortex bots' way of aiming a spell.
    game = _table(active, hand=["Shock"], battlefield=["Mountain"])
    choice = agent(0).choose(game.view(active), list(game.legal_actions()))
    assert choice == Cast(game.find("Shock"), Player((active + 1) % len(NAMES)))


def test_a_real_difference_still_comes_before_the_seat() -> None:
    # Dan, two seats after Ben, has less life: the bot goes for him, not for Cat.
    built = Scenario("stockpile", names=NAMES)
    for seat in SEATS:
        built.player(seat, life=15 if seat == 3 else 20)
    built.player(1, battlefield=["Grizzly Bears"], life=20)
    game = built.zone("landpile", ["Plains"] * 40).at("main1", active=1).build()
    while game.decision != "attackers":
        game.apply(Pass())
    choice = StockpileAgent(0).choose(game.view(1), list(game.legal_actions()))
    assert choice == Attack(game.find("Grizzly Bears"), player=3)
