"""Each save declared once, as typed records: the published schemas are generated from the
declarations, and the records of state classes are made from them."""

from __future__ import annotations

import importlib
import importlib.util
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, get_type_hints

import pytest

from rulekeeper.engine.chance import Chance
from rulekeeper.engine.save_records import (
    ChanceRecord,
    Log,
    OutcomeRecord,
    SavedAs,
    array_record_of,
    check_record,
    made_from,
    record_of,
)
from rulekeeper.errors import SerializationError
from rulekeeper.save_schemas import SCHEMAS, main


def test_the_published_schemas_are_generated_from_the_declarations(tmp_path: Path) -> None:
    # Generated files are never written by hand: `python -m rulekeeper.save_schemas` writes
    # them, and this fails until it has been run after a declaration changed.
    assert main(["--check"]) == 0, "run python -m rulekeeper.save_schemas"
    assert main(["--out", str(tmp_path)]) == 0
    assert main(["--check", "--out", str(tmp_path)]) == 0
    (tmp_path / SCHEMAS[0].filename).write_text("{}\n")
    assert main(["--check", "--out", str(tmp_path)]) == 1


@pytest.mark.parametrize("published", SCHEMAS, ids=lambda s: s.filename)
def test_every_published_schema_is_a_valid_json_schema(published: Any) -> None:
    from jsonschema import Draft202012Validator

    Draft202012Validator.check_schema(published.schema())


@pytest.mark.parametrize(
    ("data", "record", "message"),
    [
        ({"seed": -1, "rng": [], "scripted": {}}, ChanceRecord, r"^not a saved game: seed: -1 "),
        ({"seed": 1, "scripted": {}}, ChanceRecord, r"'rng' is a required property"),
        (
            [[1, "RR 1", "x", 4, 5]],
            Log,
            r"^not a saved game: \[0\]: 5 items, more than the 3 allowed$",
        ),
        # The fourth item says who may see the event: a seat, nobody, or all but a seat.
        ([[1, "RR 1", "x", -500]], Log, r"^not a saved game: \[0\]\[3\]: -500 is less than"),
        ([[1, "RR 1", 3]], Log, r"^not a saved game: \[0\]\[2\]: 3 is not of type 'string'"),
        (["won", [0], "RR 1", "x"], OutcomeRecord, r"\[0\]: 'won' is not one of 'win' or 'draw'"),
        (["win", [0, 0], "RR 1", "x"], OutcomeRecord, r"\[1\]: .* an item appears twice"),
        (["win", [True], "RR 1", "x"], OutcomeRecord, r"\[1\]\[0\]: true is not of type 'int"),
        (["win", [1.0], "RR 1", "x"], OutcomeRecord, r"\[1\]\[0\]: 1.0 is not of type 'int"),
        ({"seed": 2**65, "rng": [], "scripted": {}}, ChanceRecord, r"seed: \d+ is greater than"),
    ],
)
def test_a_record_names_the_field_and_the_reason(data: object, record: Any, message: str) -> None:
    with pytest.raises(SerializationError, match=message):
        check_record(data, record)


def test_a_record_refuses_an_unknown_field_and_accepts_a_real_chance() -> None:
    saved = Chance(5).to_json()
    check_record(saved, ChanceRecord)
    with pytest.raises(SerializationError, match=r"\('colour' was unexpected\)"):
        check_record({**saved, "colour": "blue"}, ChanceRecord)
    saved["rng"][1][3] = 2**40
    with pytest.raises(SerializationError, match=r"^not a saved game: rng\[1\]\[3\]: "):
        check_record(saved, ChanceRecord)


def test_a_record_survives_deep_data() -> None:
    deep: object = 1
    for _ in range(5000):
        deep = [deep]
    with pytest.raises(SerializationError):
        check_record(deep, Log)


def test_a_record_made_from_a_state_declares_every_field_and_refuses_an_unknown_one() -> None:
    # A record made from a state (record_of) lists the state's fields in their order: a field
    # added to the state is in the save at once if it is a flag, and otherwise stops the import
    # until its saved type is given; a type given for a field the state does not save is
    # refused, and a field the state works out itself (init=False) is not saved.
    @dataclass
    class Seat:
        index: int
        extra: dict[str, int]
        left: bool = False
        seen: int = field(init=False, default=0)

    made = record_of(Seat, __name__, "SeatRecord", "A seat.", index=int, extra=dict[str, int])
    assert list(get_type_hints(made)) == ["index", "extra", "left"]
    assert (made.__name__, made.__doc__, made.__module__) == ("SeatRecord", "A seat.", __name__)
    assert made_from(made) is Seat
    with pytest.raises(TypeError, match=r"SeatRecord: Seat.extra is not a flag"):
        record_of(Seat, __name__, "SeatRecord", "A seat.", index=int)
    with pytest.raises(TypeError, match=r"SeatRecord: Seat has no saved field 'colour'"):
        record_of(Seat, __name__, "SeatRecord", "A seat.", index=int, extra=dict, colour=str)
    with pytest.raises(TypeError, match=r"SeatRecord: Seat has no saved field 'seen'"):
        record_of(Seat, __name__, "SeatRecord", "A seat.", index=int, extra=dict, seen=int)


def test_a_field_saved_as_others_is_saved_where_it_says() -> None:
    # A seat's one status is saved as the flags saves held before it was one status: each read
    # from the state's attribute of its name, placed after the field the record names.
    @dataclass
    class Seat:
        index: int
        status: str
        drew: bool = False
        score: int = 0

        @property
        def left(self) -> bool:
            return self.status == "left"

    status = SavedAs(after="drew", left=bool)
    made = array_record_of(Seat, __name__, "Row", "A row.", index=int, status=status, score=int)
    assert made._fields == ("index", "drew", "left", "score")
    assert made_from(made) is Seat

    def row(status: SavedAs) -> Any:
        return record_of(Seat, __name__, "Row", "A row.", index=int, status=status, score=int)

    with pytest.raises(TypeError, match=r"Row: Seat.status is saved as 'lost', which it has no"):
        row(SavedAs(after="drew", lost=bool))
    with pytest.raises(TypeError, match=r"Row: Seat.status is saved after 'turn', which it does"):
        row(SavedAs(after="turn", left=bool))
    with pytest.raises(TypeError, match=r"Row: 'drew' is saved twice"):
        row(SavedAs(after="drew", drew=bool))


MADE: list[tuple[str, str, str]] = [
    ("rulekeeper.riskres.save_records", "rulekeeper.riskres.state", "PlayerState"),
    ("rulekeeper.riskres.save_records", "rulekeeper.riskres.state", "CardState"),
    ("rulekeeper.mtg.save_records", "rulekeeper.mtg.state", "PlayerState"),
    ("rulekeeper.mtg.save_records", "rulekeeper.mtg.state", "CardState"),
    ("rulekeeper.mtg.formats.vortex.save_records", "rulekeeper.mtg.formats.vortex.state",
     "VortexState"),
    ("rulekeeper.mtg.formats.stockpile.save_records", "rulekeeper.mtg.formats.stockpile.state",
     "StockpileState"),
]  # fmt: skip
"""Each record made from a state class: the module that makes it, and the class's module and
name."""


@pytest.mark.parametrize(("records", "module", "name"), MADE, ids=lambda v: v.rsplit(".")[-1])
def test_a_state_field_added_without_a_saved_type_stops_its_records(
    records: str, module: str, name: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    # The records module is run again, as when it is first imported, with the state class
    # grown by a field that is not a flag: the record made from it refuses to be made until the
    # field's saved type is given, so no save leaves the field out. The fresh module is not
    # imported anywhere else.
    state = getattr(importlib.import_module(module), name)
    grown = dataclass(type(name, (state,), {"__annotations__": {"colour": "str"}, "colour": ""}))
    monkeypatch.setattr(importlib.import_module(module), name, grown)
    spec = importlib.util.find_spec(records)
    assert spec is not None
    assert spec.loader is not None
    fresh = importlib.util.module_from_spec(spec)
    with pytest.raises(TypeError, match=rf": {name}.colour is not a flag: say how it is saved$"):
        spec.loader.exec_module(fresh)
    monkeypatch.undo()  # and as the state is, the records are made again as they were
    spec.loader.exec_module(fresh)


@pytest.mark.parametrize("codec", ["riskres", "mtg"])
def test_every_record_bound_to_a_state_class_is_made_from_it(codec: str) -> None:
    # A record a codec makes objects of is made from their class, so that the two cannot
    # disagree: a field of the class missing from a hand-written record would be lost by
    # every save and every copy (Game.after).
    classes = importlib.import_module(f"rulekeeper.{codec}.saving").CODEC.classes
    assert classes
    for record, cls in classes.items():
        assert made_from(record) is cls, f"{record.__name__} is not made from {cls.__name__}"
