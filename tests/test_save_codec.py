"""The kernel's save codec (rulekeeper.engine.save_codec): a game's save written and read back
by its declaration, so that a field declared in a record is saved and restored with nothing
written by hand."""

from __future__ import annotations

import importlib
from dataclasses import dataclass, field, fields, is_dataclass
from typing import Annotated, Any, Literal, NotRequired, get_type_hints

import pytest
from annotated_types import Ge
from typing_extensions import TypedDict

from rulekeeper.dominion.saving import CODEC as DOMINION
from rulekeeper.engine.save_codec import Codec, Computed, Conversion, copy_data
from rulekeeper.errors import SerializationError
from rulekeeper.games import FORMATS
from rulekeeper.mtg.saving import CODEC as MAGIC
from rulekeeper.mtg.state import CardState as MagicCard
from rulekeeper.mtg.state import PlayerState as MagicPlayer
from rulekeeper.riskres.saving import CODEC as RISK
from rulekeeper.riskres.state import PlayerState as RiskPlayer


class MarkRecord(TypedDict):
    seat: Annotated[int, Ge(0)]
    tags: list[str]


@dataclass
class Mark:
    seat: int
    tags: list[str]


@dataclass
class BoardRecord:
    version: Literal[2]
    name: str
    marks: list[MarkRecord]
    owners: list[tuple[int, int]]
    where: tuple[int, str]
    notes: dict[str, Any]
    total: int


class Board:
    def __init__(self, name: str) -> None:
        self.name = name
        self.marks: list[Mark] = []
        self.owners: dict[int, int] = {}
        self.seat, self.step = 0, ""
        self.notes: dict[str, Any] = {}
        self.parts: list[int] = []


class Loose(TypedDict):
    seat: int
    note: NotRequired[str]


class Holder(TypedDict):
    loose: Loose


def _board_codec() -> Codec:
    return Codec(
        BoardRecord,
        at={
            "where": ("seat", "step"),
            "total": Computed(lambda b: sum(b.parts), lambda b, t: setattr(b, "parts", [t])),
        },
        classes={MarkRecord: Mark},
        pairs=("owners",),
        built=("name",),
    )


def test_each_kind_of_field_is_saved_as_declared() -> None:
    board = Board("north")
    board.marks, board.owners = [Mark(1, ["a"])], {7: 1}
    board.seat, board.step, board.notes, board.parts = 2, "draw", {"x": [1, (2, 3)]}, [4, 5]
    assert _board_codec().dump(board) == {
        "version": 2,
        "name": "north",
        "marks": [{"seat": 1, "tags": ["a"]}],
        "owners": [[7, 1]],
        "where": [2, "draw"],
        "notes": {"x": [1, [2, 3]]},
        "total": 9,
    }


def test_loading_sets_all_but_the_built_fields_and_shares_nothing() -> None:
    saved: dict[str, Any] = {
        "version": 2,
        "name": "south",
        "marks": [{"seat": 3, "tags": ["b"]}],
        "owners": [[8, 0]],
        "where": [1, "main"],
        "notes": {"y": [1]},
        "total": 6,
    }
    board = Board("north")
    _board_codec().load_into(board, saved)
    assert board.name == "north"  # built: the board was made with it
    assert board.marks == [Mark(3, ["b"])]
    assert board.owners == {8: 0}
    assert (board.seat, board.step, board.notes, board.parts) == (1, "main", {"y": [1]}, [6])
    board.marks[0].tags.append("c")
    board.notes["y"].append(2)
    assert saved["marks"][0]["tags"] == ["b"]
    assert saved["notes"] == {"y": [1]}


def test_a_saved_fixed_array_reads_back_as_a_tuple_and_a_list_as_a_list() -> None:
    @dataclass
    class Pairs:
        pairs: list[tuple[int, int]] = field(default_factory=list)

    class PairsRecord(TypedDict):
        pairs: list[tuple[int, int]]

    restored = Pairs()
    Codec(PairsRecord).load_into(restored, {"pairs": [[1, 2]]})
    assert restored.pairs == [(1, 2)]


def test_a_type_that_does_not_say_how_it_converts_is_refused_by_name() -> None:
    class Either(TypedDict):
        value: int | MarkRecord

    with pytest.raises(TypeError, match="does not say how it converts"):
        Codec(Either).dump({"value": 1})
    assert Codec(Either, convert={int | MarkRecord: Conversion(copy_data, copy_data)}).dump(
        type("O", (), {"value": {"seat": 1, "tags": []}})()
    ) == {"value": {"seat": 1, "tags": []}}


def test_a_dict_record_with_optional_keys_must_say_how_it_converts() -> None:
    with pytest.raises(TypeError, match="Loose is bound to no class"):
        Codec(Holder).dump(type("O", (), {"loose": {"seat": 1}})())


def test_naming_a_field_the_record_does_not_have_is_refused() -> None:
    with pytest.raises(TypeError, match="has no field 'colour'"):
        Codec(BoardRecord, built=("colour",))


def test_the_generated_source_is_there_to_read() -> None:
    assert "def dump(o):" in MAGIC.source
    assert "def load_into(o, d):" in MAGIC.source


@pytest.mark.parametrize(
    ("codec", "kinds"),
    [
        (MAGIC, ("leveler", "vortex", "stockpile")),
        (RISK, ("rr",)),
        (DOMINION, ("dominion", "dominion-draft")),
    ],
)
def test_every_field_a_game_saves_is_its_records(codec: Codec, kinds: tuple[str, ...]) -> None:
    # Nothing is added beside the declaration: the save's fields are the record's, in order.
    for key in kinds:
        saved = FORMATS[key].new_game(3, 2).to_json()
        assert list(saved) == list(codec.record.__dataclass_fields__)


def test_a_card_saved_as_an_array_is_read_back_whole_and_refused_when_too_long() -> None:
    # Risk & Resource saves a card as an array, declared field by field (a NamedTuple).
    game: Any = FORMATS["rr"].new_game(2, 2)
    card = game.table.cards[3]
    saved = game.to_json()
    assert saved["cards"][3][:5] == [3, card.printed.name, card.owner, card.controller, card.zone]
    restored = type(game).from_json(saved)
    assert restored.dumps() == game.dumps()
    assert restored.table.cards[3].printed is card.printed
    saved["cards"][3].append(0)
    with pytest.raises(SerializationError, match=r"cards\[3\]: 18 items, more than the 17"):
        type(game).from_json(saved)


DERIVED: dict[type, set[str]] = {MagicCard: {"definition"}}
"""Attributes a class works out from the others, which its save need not keep: a Magic
card's definition is looked up by its name."""

SAVED_AS: dict[type, tuple[set[str], set[str]]] = {
    MagicPlayer: ({"status"}, {"lost", "left"}),
    RiskPlayer: ({"status"}, {"left"}),
}
"""Attributes a save holds under other names, and those names: a seat's status is saved as
the flags saves held before it was one status (read back through the player's constructor,
which ``tests/test_seats.py`` checks)."""


@pytest.mark.parametrize("codec", [MAGIC, RISK, DOMINION], ids=["magic", "rr", "dominion"])
def test_every_attribute_of_a_saved_class_is_in_its_record(codec: Codec) -> None:
    # An attribute the record forgot would be lost by every save and every copy (after()).
    for record, cls in codec.classes.items():
        declared = set(get_type_hints(record))
        slots = getattr(cls, "__slots__", ())
        attributes = {f.name for f in fields(cls)} if is_dataclass(cls) else set(slots)
        held, names = SAVED_AS.get(cls, (set(), set()))
        assert attributes - DERIVED.get(cls, set()) - held | names == declared, cls.__name__


def test_a_conversion_no_field_asks_for_is_refused() -> None:
    # A conversion keyed by a field's name spelled wrongly would leave the field unconverted.
    codec = Codec(
        BoardRecord,
        at={"where": ("seat", "step"), "total": Computed(len, setattr)},
        classes={MarkRecord: Mark},
        convert={(BoardRecord, "nmae"): Conversion(str, str)},
        pairs=("owners",),
    )
    with pytest.raises(TypeError, match=r"no field converts by \(.*'nmae'\)"):
        codec.dump(Board("north"))


def test_a_key_a_save_may_leave_out_is_left_out_while_its_attribute_is_none() -> None:
    # A Vortex game's small pack and opening turns are such keys: saves written before they
    # existed, and games that never had them, leave them out.
    codec = Codec(Loose)
    spot = type("Spot", (), {"seat": 1, "note": None})()
    assert codec.dump(spot) == {"seat": 1}
    spot.note = "tall"
    assert codec.dump(spot) == {"seat": 1, "note": "tall"}
    codec.load_into(spot, {"seat": 2})
    assert (spot.seat, spot.note) == (2, None)
    with pytest.raises(TypeError, match="kept in the attribute of its name"):
        Codec(Loose, at={"note": "label"}).dump(spot)


@pytest.mark.parametrize(
    ("state", "record"),
    [
        ("rulekeeper.mtg.formats.vortex.state:VortexState",
         "rulekeeper.mtg.formats.vortex.save_records:VortexRecord"),
        ("rulekeeper.mtg.formats.stockpile.state:StockpileState",
         "rulekeeper.mtg.formats.stockpile.save_records:StockpileRecord"),
    ],
)  # fmt: skip
def test_a_formats_bookkeeping_is_saved_field_by_field(state: str, record: str) -> None:
    # The format's state is saved from the attribute of each field its record declares, and
    # read back into it: the two list the same fields in the same order.
    def named(where: str) -> Any:
        module, _, name = where.partition(":")
        return getattr(importlib.import_module(module), name)

    assert [f.name for f in fields(named(state))] == list(get_type_hints(named(record)))
