"""A scenario that names a player the table does not have gets a clear error, never an
IndexError, and never the last player for -1."""

from __future__ import annotations

import pytest

from rulekeeper.errors import InputError
from rulekeeper.mtg.scenario import Scenario as MagicScenario
from rulekeeper.riskres.scenario import Scenario as RiskScenario


@pytest.mark.parametrize("index", [2, 7, -1])
def test_risk_and_resource(index: int) -> None:
    with pytest.raises(InputError, match=f"there is no player {index} at a table of 2"):
        RiskScenario(names=["Ann", "Bo"]).player(index, ep=3)


@pytest.mark.parametrize("index", [2, -1])
def test_magic(index: int) -> None:
    scenario = MagicScenario("leveler", names=["Ann", "Bo"])
    with pytest.raises(InputError, match=f"there is no player {index} at a table of 2"):
        scenario.player(index, life=5)
