"""What a marked test reaches is recorded by the code it runs (:mod:`rulekeeper.reach`)."""

from __future__ import annotations

import pytest

from rulekeeper.errors import RulekeeperError
from rulekeeper.reach import Reach, Recorder, enforcing_code, merge, reach_from_json, unmeasured
from rulekeeper.rules import load_engine

SHUFFLER = "rulekeeper.mtg.formats.stockpile.piles.draw_with_reshuffle"
CLASS = "rulekeeper.dominion.draft.drafting.Draft"


def test_an_enforcing_function_and_every_function_in_an_enforcing_class_are_watched() -> None:
    load_engine()
    codes = enforcing_code([SHUFFLER, CLASS])
    watched = {code.co_qualname: name for code, name in codes.items()}
    assert watched["draw_with_reshuffle"] == SHUFFLER
    assert watched["Draft.pick_violation"] == CLASS
    assert watched["Draft.deal"] == CLASS
    assert unmeasured([SHUFFLER, CLASS, "rulekeeper.nowhere.f"], codes) == ["rulekeeper.nowhere.f"]


def test_the_recorder_sees_only_the_enforcers_that_run_while_it_records() -> None:
    from rulekeeper.mtg.formats.stockpile.piles import draw_with_reshuffle
    from rulekeeper.mtg.scenario import Scenario

    game = Scenario("stockpile", names=["Ann", "Ben"]).player(0, graveyard=["Forest"]).build()
    recorder = Recorder(enforcing_code([SHUFFLER, CLASS]))
    recorder.start()
    try:
        assert recorder.stop() == set()
        recorder.start()
        draw_with_reshuffle(game, 0)
    finally:
        reached = recorder.stop()
    assert reached == {SHUFFLER}


def test_records_of_workers_merge_and_read_back() -> None:
    one = Reach({"tests/a.py::t": frozenset({"x"})}, frozenset(), ("c",))
    two = Reach({"tests/a.py::t": frozenset({"y"}), "tests/b.py::u": frozenset()}, frozenset({"u"}))
    merged = merge([one, two])
    assert merged.tests == {"tests/a.py::t": {"x", "y"}, "tests/b.py::u": frozenset()}
    assert merged.failed == {"u"}
    assert merged.unmeasured == ("c",)
    assert reach_from_json(merged.as_json()) == merged


@pytest.mark.parametrize("text", ["", "[]", '{"format": 2}', '{"format": 1, "tests": 3}'])
def test_a_record_that_is_not_one_is_refused_by_name(text: str) -> None:
    with pytest.raises(RulekeeperError, match="the file X is not a record of what marked tests"):
        reach_from_json(text, source="the file X")
