"""The shared save-loading kernel (rulekeeper.engine.saves) and each format's checks on load."""

from __future__ import annotations

from typing import Any

import pytest

from rulekeeper.engine.chance import Chance
from rulekeeper.engine.saves import (
    MAX_DEPTH,
    SCHEMA_PACKAGE,
    check_card_ids,
    check_card_zones,
    check_index,
    check_invariants,
    check_structure,
    format_path,
    guard,
    load_schema,
    read_save,
)
from rulekeeper.errors import SerializationError

# read_save: text to an object, never anything but a SerializationError.


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ("[" * 100_000, "nested more than"),
        ("[" * 100_000 + "]" * 100_000, "nested more than"),
        ('{"a":' * 40 + "1" + "}" * 40, "nested more than 32 deep"),
        ('{"seed": NaN}', "NaN is not a number"),
        ('{"seed": Infinity}', "Infinity is not a number"),
        ('{"seed": -Infinity}', "-Infinity is not a number"),
        ('{"seed": 1e999}', "too large for a number"),
        ('{"seed": ' + "9" * 5000 + "}", "not usable JSON"),
        ('{"a": 1, "a": 2}', "the key 'a' appears twice"),
        ('{"a": "\\ud800"}', "lone surrogate"),
        ("[]", "expected a JSON object, not an array"),
        ("3", "expected a JSON object, not a number"),
        ("null", "expected a JSON object, not null"),
        ('"save"', "expected a JSON object, not a string"),
        ("", "not JSON"),
        ('{"a": 1', "not JSON"),
        (b"\xff\xfe{}", "not UTF-8"),
    ],
)
def test_read_save_refuses_unusable_text(text: str | bytes, reason: str) -> None:
    with pytest.raises(SerializationError, match=reason):
        read_save(text)


def test_read_save_names_the_source_and_refuses_absurd_sizes(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr("rulekeeper.engine.saves.MAX_SAVE_BYTES", 10)
    with pytest.raises(SerializationError, match=r"^game\.json: not a saved game: larger than"):
        read_save(b'{"a": "0123456789"}', source="game.json")
    with pytest.raises(SerializationError, match="larger than 10 characters"):
        read_save('{"a": "0123456789"}')


def test_read_save_accepts_a_save_and_bytes() -> None:
    assert read_save(b'{"turn": 1, "name": "\xc3\xa9"}') == {"turn": 1, "name": "é"}
    nested = '{"a":' * (MAX_DEPTH - 1) + "1" + "}" * (MAX_DEPTH - 1)
    assert read_save(nested)["a"]["a"]


# load_schema and check_structure.


def test_load_schema_reads_a_shipped_schema_once() -> None:
    schema = load_schema(SCHEMA_PACKAGE, "log.schema.json")
    assert schema["$id"] == "urn:rulekeeper:log"
    assert load_schema(SCHEMA_PACKAGE, "log.schema.json") is schema


def test_load_schema_refuses_a_missing_file() -> None:
    with pytest.raises(SerializationError, match="no usable schema"):
        load_schema(SCHEMA_PACKAGE, "no-such.schema.json")


PLAYERS: dict[str, Any] = {
    "type": "object",
    "required": ["players"],
    "properties": {
        "players": {
            "type": "array",
            "items": {
                "type": "object",
                "required": ["life"],
                "properties": {"life": {"type": "integer", "minimum": 0, "maximum": 99}},
            },
        },
        "chance": {"$ref": "urn:rulekeeper:chance"},
    },
}


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ({"players": [{"life": 1}, {"life": 100}]}, r"players\[1\]\.life: 100 is greater than"),
        ({"players": [{"life": 1}, {"life": "x"}]}, r"players\[1\]\.life: 'x' is not of type"),
        ({"players": [{}]}, r"players\[0\]: 'life' is a required property"),
        ({}, r"not a saved game: 'players' is a required property"),
        ({"players": {}}, r"players: \{\} is not of type 'array'"),
        ({"players": [], "chance": {"seed": -1, "rng": [], "scripted": {}}}, r"chance\.seed"),
    ],
)
def test_check_structure_names_the_field_and_the_reason(data: object, message: str) -> None:
    with pytest.raises(SerializationError, match=message):
        check_structure(data, PLAYERS)


def test_check_structure_reports_the_same_error_every_time() -> None:
    data = {"players": [{"life": -1}, {"life": "x"}, {}], "chance": 3}
    messages = set()
    for _ in range(3):
        with pytest.raises(SerializationError) as error:
            check_structure(data, PLAYERS)
        messages.add(str(error.value))
    assert len(messages) == 1


def test_check_structure_resolves_the_shared_chance_schema() -> None:
    check_structure({"players": [], "chance": Chance(5).to_json()}, PLAYERS)
    chance = Chance(5).to_json()
    chance["rng"][1][3] = 2**40
    with pytest.raises(SerializationError, match=r"chance\.rng\[1\]\[3\]"):
        check_structure({"players": [], "chance": chance}, PLAYERS)


def test_check_structure_survives_deep_data() -> None:
    deep: object = 1
    for _ in range(5000):
        deep = [deep]
    with pytest.raises(SerializationError):
        check_structure({"players": deep}, PLAYERS)


def test_format_path() -> None:
    assert format_path([]) == ""
    assert format_path(["players", 1, "life"]) == "players[1].life"
    assert format_path(["zones", "hand:0"]) == 'zones["hand:0"]'


# The shared meaning checks.


def test_check_index() -> None:
    check_index(1, 2, "priority")
    with pytest.raises(SerializationError, match=r"priority: 7 is not a player: there are 2 \(MG"):
        check_index(7, 2, "priority", rule="MG 1.1")
    with pytest.raises(SerializationError, match="-1 is not a player"):
        check_index(-1, 2, "active")


def test_check_card_zones() -> None:
    check_card_zones(3, {"hand:0": [0, 2], "library:0": [1]})
    with pytest.raises(SerializationError, match=r'zones\["library:0"\]\[0\]: card 2 is also in'):
        check_card_zones(3, {"hand:0": [0, 2], "library:0": [2, 1]})
    with pytest.raises(SerializationError, match=r"cards\[1\]: card 1 is in no zone"):
        check_card_zones(3, {"hand": [0, 2]})
    with pytest.raises(SerializationError, match=r"card 999 is not a card of this game"):
        check_card_zones(3, {"hand": [0, 2, 1, 999]})


def test_check_card_ids() -> None:
    check_card_ids([{}, {}], [0, 1])
    with pytest.raises(SerializationError, match=r"cards\[0\]: has ID 1 at position 0"):
        check_card_ids([{}, {}], [1, 0])


def test_check_invariants_turns_a_crash_into_an_error() -> None:
    def crashes(game: dict[str, int]) -> list[str]:
        return [str(game["missing"])]

    with pytest.raises(SerializationError, match=r"invariants cannot hold \(KeyError\)"):
        check_invariants({}, crashes)
    with pytest.raises(SerializationError, match="impossible state: broken"):
        check_invariants({}, lambda game: ["broken"])
    check_invariants({}, lambda game: [])


def test_guard_turns_any_failure_into_an_error() -> None:
    assert guard(lambda: 3) == 3
    with pytest.raises(SerializationError, match="IndexError"):
        guard(lambda: [][1])

    def refused() -> None:
        raise SerializationError("already refused")

    with pytest.raises(SerializationError, match=r"^already refused$"):
        guard(refused)
