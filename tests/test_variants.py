"""One variant system: every variant of every game subclasses the kernel's
:class:`~rulekeeper.engine.variants.Variant`, declares its facts as a class attribute and says
its option under one name, and each game package lists its variants in one tuple."""

from __future__ import annotations

import pytest

from rulekeeper.dominion.game import DominionGame
from rulekeeper.dominion.variants import VARIANTS as DOMINION_VARIANTS
from rulekeeper.engine.formats import FormatFacts
from rulekeeper.engine.variants import Variant
from rulekeeper.games import FORMATS
from rulekeeper.mtg.formats import MAGIC_FORMATS
from rulekeeper.mtg.game import MagicGame
from rulekeeper.riskres.game import RiskGame
from rulekeeper.riskres.variants import VARIANT_TYPES as RISK_VARIANTS

EVERY_VARIANT: list[Variant[object]] = [
    *(variant() for variant in RISK_VARIANTS),
    *(variant() for variant in DOMINION_VARIANTS),
    *MAGIC_FORMATS.values(),
]


@pytest.mark.parametrize("variant", EVERY_VARIANT, ids=lambda v: f"{v.facts.key}-{v.option}")
def test_every_variant_is_a_kernel_variant_of_a_registered_format(variant: Variant[object]) -> None:
    assert isinstance(variant, Variant)
    assert isinstance(type(variant).facts, FormatFacts)
    assert type(variant).facts is FORMATS[variant.facts.key].facts
    assert variant.option == "" or variant.option in variant.facts.variants


def test_every_option_of_a_format_is_played_by_a_listed_variant() -> None:
    offered = {(v.facts.key, v.option) for v in EVERY_VARIANT}
    # The Draft's options are its own variant's settings, not classes of their own.
    offered |= {("dominion-draft", option) for option in FORMATS["dominion-draft"].variants}
    for entry in FORMATS.values():
        for option in entry.variants:
            assert (entry.key, option) in offered


def test_a_game_reads_its_variants_option_under_one_name() -> None:
    risk = FORMATS["rr"].new_game(3, 3, "king")
    draft = FORMATS["dominion-draft"].new_game(3, 3, "private")
    vortex = FORMATS["vortex"].new_game(3, 3)
    assert isinstance(risk, RiskGame)
    assert isinstance(draft, DominionGame)
    assert isinstance(vortex, MagicGame)
    assert [g.variant.option for g in (risk, draft, vortex)] == ["king", "private", ""]
