"""The gate every rule passes: enforcing code, a worked example and a test, reviewed together,
and a marked test that reaches the code.

One test per rule and per check, named after the rule (``test_rule_is_backed[DD 1.1]``), so a
failure names the rule and ``pytest --rule "DD 1.1"`` (``nox -s rule -- "DD 1.1"``) runs just
its checks. ``rulekeeper coverage`` reports the same problems and exits 1 on them.

Whether a rule's marked tests reach its code is known only once they have run, so that part of
the gate is judged at the end of the session that ran them (``ReachGate`` in the root
``conftest.py``, with :func:`rulekeeper.traceability.unreached`); the tests below hold what
it decides.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from rulekeeper.reach import Reach
from rulekeeper.reviews import Unreviewed, fingerprint, read_stamps
from rulekeeper.rulebook import Rule, load_rulebook, rulebook_dir
from rulekeeper.rules import enforcers, load_engine
from rulekeeper.traceability import (
    RuleTrace,
    enforcers_in,
    find_rule_tests,
    gaps,
    trace,
    unreached,
)

REPO = Path(__file__).resolve().parents[1]

load_engine()
RULEBOOK = load_rulebook()
TRACES = {
    item.rule.id: item
    for item in trace(
        RULEBOOK, enforcers_in(["rulekeeper"], enforcers()), find_rule_tests(REPO / "tests")
    )
}
STAMPS = read_stamps(rulebook_dir())


def _each_rule() -> list[object]:
    # The runtime mark lets `--rule` pick these tests; it is not a test *of* the rule, and the
    # traceability page (which reads marks as written, not at run time) does not count it.
    return [
        pytest.param(rule_id, id=rule_id, marks=pytest.mark.rule(rule_id)) for rule_id in TRACES
    ]


def _evidence(item: RuleTrace) -> str:
    """Where to look: the rule, its code, its examples and its tests."""
    rule = item.rule
    examples = ", ".join(f"{rule.source}:{line}" for line in rule.example_lines) or "none"
    return "\n".join(
        [
            f"  the rule:      {rule.source}:{rule.line}",
            f"  enforced by:   {', '.join(item.enforcers) or 'nothing'}",
            f"  examples:      {examples}",
            f"  tests:         {', '.join(item.tests) or 'none'}",
        ]
    )


@pytest.mark.parametrize("rule_id", _each_rule())
def test_rule_is_backed(rule_id: str) -> None:
    """A normative rule has enforcing code, a worked example of its own and a test."""
    problems = gaps([TRACES[rule_id]])
    if problems:
        lines = [*map(str, problems), _evidence(TRACES[rule_id])]
        pytest.fail("\n".join(lines), pytrace=False)


@pytest.mark.parametrize("rule_id", _each_rule())
def test_rule_text_was_reviewed(rule_id: str) -> None:
    """A rule's text is the text its code, examples and tests were last reviewed against."""
    item = TRACES[rule_id]
    stamp = STAMPS.get(rule_id)
    if stamp == fingerprint(item.rule):
        return
    pytest.fail(
        f"{rule_id} {Unreviewed(item.rule, stamp).why}.\n{_evidence(item)}\n"
        "Read the rule beside its code, examples and tests; fix whichever is wrong; then run\n"
        f'  rulekeeper review "{rule_id}"      (or: rulekeeper review --all-changed)\n'
        "and commit the stamp file it rewrites (rules/reviewed/).",
        pytrace=False,
    )


def test_every_stamp_names_a_rule() -> None:
    """A stamp of a rule that was removed or renumbered is stale; the review command drops it."""
    assert set(STAMPS) <= set(RULEBOOK), "run `rulekeeper review --all-changed` to drop them"


def test_every_enforced_id_is_a_rule() -> None:
    """``@enforces`` with an ID that no page defines (the site build says so too)."""
    unknown = sorted(set(enforcers_in(["rulekeeper"], enforcers())) - set(RULEBOOK))
    assert not unknown, f"@enforces names rules no page defines: {', '.join(unknown)}"


def test_the_gate_asks_for_each_missing_companion_and_spares_pending_rules() -> None:
    bare = RuleTrace(Rule("LV 9.9", "A rule nothing enforces."), enforcers=(), tests=())
    assert [gap.missing for gap in gaps([bare])] == ["enforcing code", "worked example", "test"]
    assert [gap.missing for gap in gaps([bare], count_tests=False)] == [
        "enforcing code",
        "worked example",
    ]
    pending = RuleTrace(Rule("LV 9.9", "Not checked yet.", status="pending"), (), ())
    assert gaps([pending]) == []


REACHED = RuleTrace(Rule("LV 9.9", "A rule."), ("pkg.check",), ("tests/test_a.py::test_a",))


def test_a_rule_counts_as_reached_only_when_a_marked_test_runs_its_code() -> None:
    ran = Reach({"tests/test_a.py::test_a": frozenset({"pkg.check"})})
    assert unreached([REACHED], ran) == []
    missed = Reach({"tests/test_a.py::test_a": frozenset({"pkg.other"})})
    [gap] = unreached([REACHED], missed)
    assert gap.missing == "marked test that reaches its code"
    assert "none of tests/test_a.py::test_a runs pkg.check" in str(gap)


def test_a_rule_is_judged_only_when_all_its_marked_tests_ran_and_passed() -> None:
    two = RuleTrace(REACHED.rule, REACHED.enforcers, (*REACHED.tests, "tests/test_b.py::test_b"))
    partial = Reach({"tests/test_a.py::test_a": frozenset()})
    assert unreached([two], partial) == []
    failing = Reach({"tests/test_a.py::test_a": frozenset()}, failed=frozenset(REACHED.tests))
    assert unreached([REACHED], failing) == []
    # A compiled engine has no Python code to watch: its enforcers are unmeasured.
    compiled = Reach({"tests/test_a.py::test_a": frozenset()}, unmeasured=("pkg.check",))
    assert unreached([REACHED], compiled) == []
