"""The Legacy banned list that Leveler uses (LV 1.5, LV R4): its data and its validation."""

from __future__ import annotations

import datetime as dt
import json
from pathlib import Path
from typing import Any

import pytest

from rulekeeper.errors import InputError
from rulekeeper.mtg.banlist import BannedList, legacy_banned_list
from rulekeeper.mtg.carddb import CardIndex, card_index

SHIPPED = Path(__file__).resolve().parents[1] / "src/rulekeeper/mtg/data/legacy_banned.json"


@pytest.fixture(scope="module")
def banned() -> BannedList:
    return legacy_banned_list()


@pytest.fixture(scope="module")
def cards() -> CardIndex:
    return card_index()


@pytest.mark.rule("LV R4")
def test_dates(banned: BannedList) -> None:
    # The latest verified change: Entomb and Nadu, Winged Wisdom, banned on 2025-11-10.
    assert banned.effective == dt.date(2025, 11, 10)
    assert banned.checked == dt.date(2026, 11, 22)
    assert banned.changes[0].date == "2025-11-10"
    assert set(banned.changes[0].banned) == {"Entomb", "Nadu, Winged Wisdom"}
    assert all(source["url"].startswith("http") for source in banned.sources)


def test_every_banned_name_is_a_real_card(banned: BannedList, cards: CardIndex) -> None:
    assert len(banned.cards) == 70
    for name in banned.cards:
        card = cards.get(name)
        assert card is not None, name
        assert card.name == name
    for category in banned.categories:
        assert all(cards.get(name) is not None for name in category.cards), category.id


@pytest.mark.rule("LV 1.5", "LV R4")
@pytest.mark.parametrize(
    ("name", "why"),
    [
        ("Black Lotus", "banned in Legacy"),
        ("Mind's Desire", None),  # unbanned on 2023-08-07
        ("Troll of Khazad-dum", "banned in Legacy"),
        ("Backup Plan", "banned in Legacy: cards with the Conspiracy card type"),
        # A conspiracy from a later product is caught by its type, not by a list of names.
        ("Marchesa's Surprise Party", "banned in Legacy: cards with the Conspiracy card type"),
        ("Contract from Below", "banned in Legacy: cards that refer to playing for ante"),
        ("Invoke Prejudice", "banned in Legacy: cards whose art, text or name is racist or"),
        ("_____ Goblin", "banned in Legacy: cards that bring a sticker or an Attraction"),
        ("Lightning Bolt", None),
        ("Brainstorm", None),
    ],
)
def test_reason(banned: BannedList, cards: CardIndex, name: str, why: str | None) -> None:
    card = cards.get(name)
    assert card is not None
    reason = banned.reason(card)
    if why is None:
        assert reason is None
        assert not banned.is_banned(card)
    else:
        assert reason is not None
        assert reason.startswith(why)


@pytest.mark.rule("LV R4")
def test_wholesale_categories(banned: BannedList, cards: CardIndex) -> None:
    members = {
        category.id: sorted(card.name for card in cards if category.has_member(card))
        for category in banned.categories
    }
    assert len(members["conspiracy"]) == 29
    assert len(members["ante"]) == 9
    assert len(members["offensive"]) == 7
    assert len(members["sticker-or-attraction"]) >= 56
    assert "Lightning Bolt" not in {name for names in members.values() for name in names}


def test_repr(banned: BannedList) -> None:
    assert repr(banned) == "<BannedList list='Legacy' effective=2025-11-10 cards=70 categories=4>"


# Validation on load.


def shipped() -> dict[str, Any]:
    data: dict[str, Any] = json.loads(SHIPPED.read_text("utf-8"))
    return data


def changed(**changes: object) -> dict[str, Any]:
    return {**shipped(), **changes}


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ([], "it is not a JSON object"),
        (changed(format="x"), "expected format 'rulekeeper-banned-list' version 1"),
        (changed(effective="last week"), "'effective' must be a date of the form YYYY-MM-DD"),
        (changed(checked="2020-01-01"), "it was checked before its own effective date"),
        (changed(cards="Black Lotus"), "'cards' must be a list"),
        (changed(cards=["Black Lotus", "black lotus"]), "a card is listed twice"),
        (changed(cards=[""]), "'cards' must be a list of names"),
        (changed(categories=[{"id": "x", "description": "y", "source": "z"}]), "says neither"),
        (changed(changes=[{"date": "soon"}]), "a change has no date"),
        (changed(effective="2025-11-11", checked="2026-11-22"), "not the date of the latest"),
        (changed(sources=[]), "'sources' must list at least one source"),
    ],
)
def test_invalid_list_is_refused(data: object, message: str, tmp_path: Path) -> None:
    path = tmp_path / "banned.json"
    path.write_text(json.dumps(data), "utf-8")
    with pytest.raises(InputError) as caught:
        BannedList.from_path(path)
    assert message in caught.value.message
    assert caught.value.source == str(path)


def test_unreadable_list(tmp_path: Path) -> None:
    with pytest.raises(InputError, match="cannot read the banned list"):
        BannedList.from_path(tmp_path / "missing.json")
    path = tmp_path / "banned.json"
    path.write_text("{", "utf-8")
    with pytest.raises(InputError, match="not valid JSON"):
        BannedList.from_path(path)


def test_loading_is_cached() -> None:
    assert legacy_banned_list() is legacy_banned_list()
    assert legacy_banned_list(str(SHIPPED)).cards == legacy_banned_list().cards
