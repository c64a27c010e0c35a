"""Each Risk & Resource variant keeps only the bookkeeping it has, as typed attributes of its
own, and the core asks it through hooks; its save keeps the fields every save has had."""

from __future__ import annotations

import json
from typing import Any

import pytest

from rulekeeper.engine.agents import RandomAgent
from rulekeeper.engine.save_records import check_record
from rulekeeper.errors import InputError, SerializationError
from rulekeeper.games import FORMATS
from rulekeeper.riskres.alliances import Alliance
from rulekeeper.riskres.decks import PRECONSTRUCTED
from rulekeeper.riskres.game import RiskGame
from rulekeeper.riskres.hooks import RiskVariant
from rulekeeper.riskres.save_records import VariantRecord
from rulekeeper.riskres.variants import VARIANT_TYPES, Bounty, KingOfTheHill

DECKS = list(PRECONSTRUCTED.values())
THREE_DECKS = [DECKS[0], DECKS[1], DECKS[0]]


BOOKKEEPING = ("state", "king", "alliances", "offers", "offers_made", "betrayal")
"""Every name a variant's bookkeeping has had (``state``: the one record all variants shared)."""


def _kept(variant: RiskVariant) -> dict[str, Any]:
    # Read by name, not with vars(): the compiled build's variants have no __dict__.
    return {name: getattr(variant, name) for name in BOOKKEEPING if hasattr(variant, name)}


def test_each_variant_keeps_only_its_own_bookkeeping() -> None:
    # Nothing is shared: the plain game and Bounty mode keep nothing, the King variant its
    # King, Alliance mode its alliances, offers and whether allies may betray each other.
    assert _kept(RiskVariant()) == {}
    assert _kept(Bounty()) == {}
    assert _kept(KingOfTheHill()) == {"king": None}
    assert _kept(Alliance(betrayal=False)) == {
        "alliances": [],
        "offers": [],
        "offers_made": [],
        "betrayal": False,
    }


def _played(variant: str, actions: int, seed: int = 3) -> RiskGame:
    game = FORMATS["rr"].new_game(seed, 4, variant)
    assert isinstance(game, RiskGame)
    agents = [RandomAgent(seat) for seat in range(4)]
    for _ in range(actions):
        if game.outcome is not None:
            break
        game.apply(agents[game.current_player()].choose({}, game.legal_actions()))
    return game


@pytest.mark.parametrize("variant", VARIANT_TYPES, ids=lambda v: v().option or "plain")
def test_every_variant_writes_every_field_of_the_record_in_its_order(
    variant: type[RiskVariant],
) -> None:
    # The save's variant_state is what it was when one record held every variant's fields:
    # each field, in the record's order, empty where the variant keeps none.
    saved = variant().save_state()
    assert list(saved) == list(VariantRecord.__annotations__)
    assert saved == {"king": None, "alliances": [], "offers": [], "offers_made": []}
    check_record(saved, variant().variant_state_record(), at=("variant_state",))


def test_a_variants_bookkeeping_is_saved_and_restored() -> None:
    king = _played("king", 0)
    assert king.to_json()["variant_state"] == {
        "king": king.first_player,
        "alliances": [],
        "offers": [],
        "offers_made": [],
    }
    alliance = _played("alliance", 60)
    assert isinstance(alliance.variant, Alliance)
    assert alliance.variant.alliances or alliance.variant.offers  # the bots made some
    saved = alliance.to_json()["variant_state"]
    assert saved["alliances"] == [list(p) for p in alliance.variant.alliances]
    restored = RiskGame.from_json(json.loads(alliance.dumps()))
    assert isinstance(restored.variant, Alliance)
    assert restored.variant.alliances == alliance.variant.alliances
    assert restored.variant.offers == alliance.variant.offers
    assert restored.variant.offers_made == alliance.variant.offers_made
    assert restored.variant is not alliance.variant
    assert restored.variant.alliances is not alliance.variant.alliances


@pytest.mark.rule("RR R66")
@pytest.mark.parametrize(
    ("variant", "field", "value", "message"),
    [
        ("", "king", 0, r"variant_state\.king: the plain game keeps none \(RR R66\)"),
        ("bounty", "offers", [[0, 1]], r"variant_state\.offers: Bounty mode keeps none"),
        ("alliance", "king", 2, r"variant_state\.king: Alliance mode keeps none"),
        ("king", "alliances", [[0, 1]], r"variant_state\.alliances: King of the Hill keeps none"),
    ],
)
def test_a_save_with_bookkeeping_its_variant_does_not_keep_is_refused(
    variant: str, field: str, value: Any, message: str
) -> None:
    # A save of one variant relabelled as another would otherwise lose what it said.
    data = json.loads(_played(variant, 10).dumps())
    data["variant_state"][field] = value
    with pytest.raises(SerializationError, match=message):
        RiskGame.loads(json.dumps(data))


@pytest.mark.rule("RR R66", "RR 10.4.1c")
def test_only_alliance_mode_may_forbid_betrayal() -> None:
    with pytest.raises(InputError, match=r"only Alliance mode may forbid betrayal, not Bounty"):
        RiskGame.new(THREE_DECKS, seed=1, variant="bounty", betrayal=False)
    with pytest.raises(InputError, match=r"not the plain game \(RR R66\)"):
        RiskGame.new(THREE_DECKS, seed=1, betrayal=False)
    loyal = RiskGame.new(THREE_DECKS, seed=1, variant="alliance", betrayal=False)
    assert isinstance(loyal.variant, Alliance)
    assert loyal.variant.betrayal is False
    assert loyal.to_json()["options"][4] is False
    assert RiskGame.loads(loyal.dumps()).variant.allows_betrayal is False


def test_an_old_save_forbidding_betrayal_outside_alliance_mode_still_loads() -> None:
    # Before betrayal was Alliance mode's own setting, any game could be set up forbidding
    # it, where it changed nothing; such a save loads, and is saved again as allowing it.
    data = json.loads(_played("bounty", 10).dumps())
    data["options"][4] = False
    restored = RiskGame.loads(json.dumps(data))
    assert restored.variant.allows_betrayal is True
    assert restored.to_json()["options"][4] is True
