"""One variant system: every variant of every game subclasses the kernel's
:class:`~rulekeeper.engine.variants.Variant`, declares its facts as a class attribute and says
its option under one name, and each game package lists its variants in one tuple."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

import rulekeeper
from rulekeeper.dominion.draft.play import DominionDraft
from rulekeeper.dominion.draft.scenario import new_draft_game
from rulekeeper.dominion.game import DominionGame
from rulekeeper.dominion.variants import VARIANTS as DOMINION_VARIANTS
from rulekeeper.engine.formats import FormatFacts
from rulekeeper.engine.variants import Variant
from rulekeeper.games import FORMATS
from rulekeeper.mtg.formats import MAGIC_FORMATS
from rulekeeper.mtg.game import MagicGame
from rulekeeper.mtg.hooks import MagicFormat
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


@pytest.mark.parametrize("key", ["leveler", "vortex", "stockpile"])
def test_each_magic_game_keeps_its_bookkeeping_on_a_format_object_of_its_own(key: str) -> None:
    # A format's bookkeeping is typed state on the format object, so no two games (nor a game
    # and its copy) may share that object, nor the registry's.
    game = FORMATS[key].new_game(3, 2)
    other = FORMATS[key].new_game(3, 2)
    assert isinstance(game, MagicGame)
    assert isinstance(other, MagicGame)
    copy = game.after(game.legal_actions()[0])
    assert len({id(g.variant) for g in (game, other, copy)} | {id(MAGIC_FORMATS[key])}) == 4
    assert game.variant.state is None or game.variant.state is not copy.variant.state
    assert type(game).loads(game.dumps()).dumps() == game.dumps()


def test_no_game_reads_its_bookkeeping_from_a_dict_by_key() -> None:
    # The variants' bookkeeping is typed state on the variant; the saved form is written only
    # when a game is saved, never read in play as variant_state["..."].
    source = Path(rulekeeper.__file__).parent
    found = [
        f"{path.relative_to(source)}:{number}"
        for path in sorted(source.rglob("*.py"))
        for number, line in enumerate(path.read_text().splitlines(), 1)
        if re.search(r"variant_state\s*\[|variant_state\.(get|setdefault|update)\(", line)
    ]
    assert found == []


KERNEL_HOOKS = (
    "next_decision",
    "candidates",
    "violation",
    "perform",
    "adjust_view",
    "save_state",
    "restore_state",
    "variant_state_record",
)
"""The hooks the kernel's Variant declares, which every game's variants answer."""

RETIRED_NAMES = (
    "pregame_player",
    "pregame_candidates",
    "pregame_violation",
    "pregame_perform",
    "view_extras",
)
"""The names the games once gave the same hooks, one game each (Risk & Resource's
``candidates(game, player)`` is now ``priority_actions``, as in Magic)."""


@pytest.mark.parametrize(
    "variant",
    [
        *(variant() for variant in DOMINION_VARIANTS),
        *MAGIC_FORMATS.values(),
        *(variant() for variant in RISK_VARIANTS),
    ],
    ids=lambda v: f"{v.facts.key}-{v.option or 'plain'}",
)
def test_every_games_variants_answer_one_set_of_hook_names(variant: Variant[object]) -> None:
    for name in KERNEL_HOOKS:
        assert name in vars(Variant), name
        assert callable(getattr(variant, name)), name
    assert [name for name in RETIRED_NAMES if hasattr(variant, name)] == []


def test_the_drafts_decision_is_its_stage_made_by_the_player_to_act() -> None:
    game = new_draft_game(seed=7, players=3)
    assert isinstance(game.variant, DominionDraft)
    stages = []
    while game.phase == "pregame":
        decision = game.variant.next_decision(game)
        assert decision == (game.variant.dealt.stage, game.current_player())
        stages.append(decision[0])
        game.apply(game.legal_actions()[0])
    assert game.variant.next_decision(game) is None
    assert list(dict.fromkeys(stages)) == ["pick", "centre", "landscapes"]


def test_a_plain_game_has_no_decision_of_its_variants_own_and_adds_nothing_to_a_view() -> None:
    dominion = FORMATS["dominion"].new_game(3, 2)
    assert isinstance(dominion, DominionGame)
    magic = MagicGame.new(MagicFormat(), [[["Forest"] * 40]] * 2, seed=3)
    for game in (dominion, magic):
        view = game.view(0)
        before = dict(view)
        game.variant.adjust_view(game, 0, view)  # type: ignore[arg-type]
        assert view == before
        assert game.variant.next_decision(game) is None  # type: ignore[arg-type]
