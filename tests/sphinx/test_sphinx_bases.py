"""The API reference links a variant's base class with its game, not a bare name."""

from __future__ import annotations

from typing import ForwardRef, get_args

import rulekeeper.games  # noqa: F401  (imports every game, as the API reference's build does)
from rulekeeper.dominion.game import DominionGame
from rulekeeper.dominion.hooks import DominionVariant
from rulekeeper.engine.variants import Variant
from rulekeeper.mtg.game import MagicGame
from rulekeeper.mtg.hooks import MagicFormat
from rulekeeper.riskres.game import RiskGame
from rulekeeper.riskres.hooks import RiskVariant
from rulekeeper.sphinx.bases import defining_class, resolve_bases


def test_a_forward_referenced_game_is_resolved_to_its_class() -> None:
    """Each game's variant base names the game class itself once resolved."""
    for variant, game in (
        (DominionVariant, DominionGame),
        (MagicFormat, MagicGame),
        (RiskVariant, RiskGame),
    ):
        bases = list(variant.__orig_bases__)  # type: ignore[attr-defined]
        assert isinstance(get_args(bases[0])[0], ForwardRef)
        resolve_bases(None, variant.__name__, variant, None, bases)  # type: ignore[arg-type]
        assert bases == [Variant[game]]  # type: ignore[valid-type]


def test_a_name_the_package_does_not_define_once_is_left_alone() -> None:
    """No class, or a name of no class, gives nothing: the base stays as written."""
    assert defining_class("NoSuchClassAnywhere") is None
    assert defining_class("DominionGame") is DominionGame
