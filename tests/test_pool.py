"""The cards the compact Magic model plays are real cards: every fact in ``data/pool.json`` is
the card index's, and the pool copies no oracle text."""

from __future__ import annotations

import json
from importlib import resources

import pytest

from rulekeeper.errors import InputError
from rulekeeper.mtg.actions import Cast
from rulekeeper.mtg.carddb import card_index
from rulekeeper.mtg.cards import KEYWORDS, CardDef, card, card_pool, parse_card
from rulekeeper.mtg.decks import BASICS
from rulekeeper.mtg.scenario import Scenario

# The model's name for a creature's printed evasion ability; the index lists no such keyword.
UNBLOCKABLE = "Can't be blocked"
POOL = list(card_pool().values())


@pytest.mark.parametrize("definition", POOL, ids=lambda d: d.name)
def test_every_fact_of_a_pool_card_is_the_card_index_s(definition: CardDef) -> None:
    record = card_index().get(definition.name)
    assert record is not None, f"{definition.name} is not a real card"
    assert record.name == definition.name
    assert definition.cost == record.mana_cost
    assert definition.supertypes == record.supertypes
    assert definition.types == record.types
    assert definition.subtypes == record.subtypes
    if definition.is_creature:
        assert (str(definition.power), str(definition.toughness)) == (
            record.power,
            record.toughness,
        )
        # Every keyword the card has is one the model plays, and the model gives it no other.
        assert set(record.keywords) <= KEYWORDS
        assert set(definition.keywords) - {UNBLOCKABLE} == set(record.keywords)


def test_the_pool_holds_at_least_150_cards_the_model_plays_besides_basic_lands() -> None:
    spells = [d for d in POOL if not d.is_basic_land]
    assert len(spells) >= 150


def test_the_pool_spreads_over_the_five_colours_and_the_curve() -> None:
    by_colour = {c: [d for d in POOL if c in d.mana_cost.colored] for c in "WUBRG"}
    assert all(len(cards) >= 25 for cards in by_colour.values()), {
        c: len(cards) for c, cards in by_colour.items()
    }
    values = {min(d.mana_cost.mana_value, 6) for d in POOL if not d.has_type("Land")}
    assert values == {0, 1, 2, 3, 4, 5, 6}


def test_the_pool_copies_no_oracle_text() -> None:
    raw = json.loads((resources.files("rulekeeper.mtg") / "data" / "pool.json").read_text("utf-8"))
    assert not [entry["name"] for entry in raw["cards"] if "text" in entry]


def test_a_pool_entry_with_a_field_the_model_does_not_know_is_refused() -> None:
    entry = {"name": "Shock", "types": ["Instant"], "text": "oracle text"}
    with pytest.raises(InputError, match="text"):
        parse_card(entry, source="pool.json")


def test_a_spell_is_described_in_the_project_s_words_and_linked_to_its_reference_page() -> None:
    outrage = card("Chandra's Outrage")
    assert outrage.description == "4 damage to target creature; 2 damage to its controller."
    assert card("Traumatize").description == (
        "Target player mills half their library, rounded down."
    )
    assert card("Serra Angel").description == "Flying, Vigilance"
    assert card("Island").description == "Tap: add one U mana."
    assert card("Mons's Goblin Raiders").reference_url == (
        "https://scryfall.com/search?q=%21%22Mons%27s+Goblin+Raiders%22"
    )


# Every card can be played: cast from a hand with just enough lands, it resolves and does what
# its encoding says, each effect under its own MG 6 rule.
EFFECT_RULES = {
    "damage": "MG 6.1",
    "draw": "MG 6.2",
    "gain": "MG 6.3",
    "lose": "MG 6.3",
    "mill": "MG 6.4",
    "mill_half": "MG 6.4",
    "destroy": "MG 6.5",
}


@pytest.mark.parametrize(
    "definition", [d for d in POOL if not d.has_type("Land")], ids=lambda d: d.name
)
def test_every_card_of_the_pool_can_be_cast_and_does_what_it_says(definition: CardDef) -> None:
    cost = definition.mana_cost
    lands = [BASICS[colour] for colour in cost.colored] + ["Wastes"] * cost.generic
    game = (
        Scenario("leveler")
        .player(0, hand=[definition.name], battlefield=lands, library=["Island"] * 12)
        .player(1, battlefield=["Grizzly Bears"], library=["Island"] * 12)
        .build()
    )
    cast = next(a for a in game.legal_actions() if isinstance(a, Cast))
    before = len(game.log)
    game.apply(cast)
    cited = {event.rule for event in game.log[before:]}
    if definition.is_permanent:
        assert "MG 3.7" in cited
        assert game.table.where[cast.card] == "battlefield"
    else:
        assert "MG 3.6" in cited
        assert {EFFECT_RULES[effect.kind] for effect in definition.effects} <= cited
