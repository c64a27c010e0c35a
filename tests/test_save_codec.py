"""The kernel's save codec (rulekeeper.engine.save_codec): a game's save written and read back
by its declaration, so that a field declared in a record is saved and restored with nothing
written by hand."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Annotated, Any, Literal, NotRequired

import pytest
from annotated_types import Ge
from typing_extensions import TypedDict

from rulekeeper.dominion.saving import CODEC as DOMINION
from rulekeeper.engine.save_codec import Codec, Computed, Conversion, copy_data
from rulekeeper.errors import SerializationError
from rulekeeper.games import FORMATS
from rulekeeper.mtg.saving import CODEC as MAGIC
from rulekeeper.riskres.saving import CODEC as RISK


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
