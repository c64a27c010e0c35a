"""Which code, examples and tests stand behind each rule.

This is the one place that joins the rules text (:mod:`rulekeeper.rulebook`), the
rule-link registry (:mod:`rulekeeper.rules`) and the tests marked with
``@pytest.mark.rule(...)``. The Sphinx traceability page and ``rulekeeper coverage`` both read
it, so they cannot disagree.
"""

from __future__ import annotations

import ast
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path

from rulekeeper.reach import Reach
from rulekeeper.rulebook import Rule
from rulekeeper.rules import PREFIXES, RuleId, parse_rule_id, rule_prefix, rule_sort_key


@dataclass(frozen=True)
class RuleTrace:
    """The evidence for one rule."""

    rule: Rule
    enforcers: tuple[str, ...]
    tests: tuple[str, ...]

    @property
    def is_enforced(self) -> bool:
        """True if some code is marked as enforcing this rule (:mod:`rulekeeper.rules`)."""
        return bool(self.enforcers)


@dataclass(frozen=True)
class FormatCoverage:
    """Totals for one format, as ``rulekeeper coverage`` prints them."""

    prefix: str
    name: str
    rules: int
    normative: int
    informative: int
    pending: int
    enforced: int
    exemplified: int
    tested: int

    def as_dict(self) -> dict[str, int | str]:
        """The totals as a JSON-ready mapping."""
        return dict(self.__dict__)


def find_rule_tests(tests_dir: Path) -> dict[RuleId, list[str]]:
    """Map each rule ID to the tests marked ``@pytest.mark.rule(ID, ...)`` under ``tests_dir``.

    The files are parsed, never imported, so this is safe and cheap. A module-level
    ``pytestmark = pytest.mark.rule(...)`` marks every test in the module.
    """
    found: dict[RuleId, list[str]] = {}
    if not tests_dir.is_dir():
        return found
    for path in sorted(tests_dir.rglob("test_*.py")):
        if "roots" in path.relative_to(tests_dir).parts:
            continue
        name = path.relative_to(tests_dir.parent).as_posix()
        for rule_id, function in _read_test_file(path).marks:
            found.setdefault(rule_id, []).append(f"{name}::{function}")
    return found


def function_lines(path: Path) -> dict[str, int]:
    """The line each function of a test file starts on, by name (empty if there is no file)."""
    return dict(_read_test_file(path).lines) if path.is_file() else {}


@dataclass(frozen=True)
class TestFileMarks:
    """What one test file marks: its rule marks and where its functions start."""

    marks: tuple[tuple[RuleId, str], ...]
    """``(rule ID, test function)`` for every rule mark, in file order."""
    lines: tuple[tuple[str, int], ...]
    """``(function, line)`` for every function."""


PARSED_TEST_FILES: dict[Path, tuple[int, int, TestFileMarks]] = {}
"""What each test file marks, with the version (modification time and size) it was read at.

One site build asks about every file several times (the traceability page, the formats
overview, the test source pages), and parsing them is most of what each ask costs; the site
keeps this with its build environment, so that an incremental build parses only the test files
that changed (about half a second saved)."""


def _read_test_file(path: Path) -> TestFileMarks:
    status = path.stat()
    known = PARSED_TEST_FILES.get(path)
    if known is not None and known[:2] == (status.st_mtime_ns, status.st_size):
        return known[2]
    parsed = _parse_test_file(path)
    PARSED_TEST_FILES[path] = (status.st_mtime_ns, status.st_size, parsed)
    return parsed


def _parse_test_file(path: Path) -> TestFileMarks:
    module = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    module_rules = [
        rule
        for node in module.body
        if isinstance(node, ast.Assign) and _is_pytestmark(node)
        for rule in _rule_marks([node.value])
    ]
    functions = [
        node
        for node in ast.walk(module)
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef)
    ]
    return TestFileMarks(
        marks=tuple(
            (rule_id, node.name)
            for node in functions
            if node.name.startswith("test")
            for rule_id in [*module_rules, *_rule_marks(node.decorator_list)]
        ),
        lines=tuple((node.name, node.lineno) for node in functions),
    )


def _is_pytestmark(node: ast.stmt) -> bool:
    return isinstance(node, ast.Assign) and any(
        isinstance(t, ast.Name) and t.id == "pytestmark" for t in node.targets
    )


def _rule_marks(expressions: Iterable[ast.expr]) -> list[RuleId]:
    rules: list[RuleId] = []
    for expression in expressions:
        calls = expression.elts if isinstance(expression, ast.List | ast.Tuple) else [expression]
        for call in calls:
            if (
                isinstance(call, ast.Call)
                and isinstance(call.func, ast.Attribute)
                and call.func.attr == "rule"
            ):
                rules.extend(
                    parse_rule_id(arg.value)
                    for arg in call.args
                    if isinstance(arg, ast.Constant) and isinstance(arg.value, str)
                )
    return rules


def trace(
    rulebook: Mapping[RuleId, Rule],
    enforcers: Mapping[RuleId, tuple[str, ...]],
    tests: Mapping[RuleId, list[str]],
) -> list[RuleTrace]:
    """Join the three sources into one record per rule, in rule order."""
    return [
        RuleTrace(rule, tuple(enforcers.get(rule_id, ())), tuple(tests.get(rule_id, ())))
        for rule_id, rule in rulebook.items()
    ]


def coverage(traces: Iterable[RuleTrace]) -> list[FormatCoverage]:
    """Totals per format, for every format that has rules, in prefix order."""
    by_prefix: dict[str, list[RuleTrace]] = {}
    for item in traces:
        by_prefix.setdefault(rule_prefix(item.rule.id), []).append(item)
    return [
        FormatCoverage(
            prefix=prefix,
            name=PREFIXES[prefix],
            rules=len(items),
            normative=sum(t.rule.status == "normative" for t in items),
            informative=sum(t.rule.status == "informative" for t in items),
            pending=sum(t.rule.status == "pending" for t in items),
            enforced=sum(t.rule.is_normative and t.is_enforced for t in items),
            exemplified=sum(t.rule.examples > 0 for t in items),
            tested=sum(bool(t.tests) for t in items),
        )
        for prefix in PREFIXES
        if (items := by_prefix.get(prefix))
    ]


def enforcers_in(
    packages: Iterable[str], enforcers: Mapping[RuleId, tuple[str, ...]]
) -> dict[RuleId, tuple[str, ...]]:
    """Keep only the enforcers whose qualified name lies inside one of ``packages``.

    The rule-link registry is global to the process; scoping it by package keeps a build or
    a report about one code base from counting another's decorators.
    """
    roots = tuple(packages)
    scoped: dict[RuleId, tuple[str, ...]] = {}
    for rule_id, names in enforcers.items():
        kept = tuple(n for n in names if in_packages(n, roots))
        if kept:
            scoped[rule_id] = kept
    return scoped


def in_packages(name: str, packages: Iterable[str]) -> bool:
    """True if the qualified ``name`` is one of ``packages`` or lies inside one."""
    return any(name == p or name.startswith(p + ".") for p in packages)


def unknown_rules(
    rulebook: Mapping[RuleId, Rule], enforcers: Mapping[RuleId, tuple[str, ...]]
) -> list[RuleId]:
    """The IDs that code claims to enforce but the rules text never defines, in rule order."""
    return sorted(set(enforcers) - set(rulebook), key=rule_sort_key)


def sections_without_examples(rules: Iterable[Rule]) -> list[tuple[str, str]]:
    """The ``(source, section)`` pairs that hold normative rules but no worked example.

    Every section with something to enforce should show it working at least once; examples in
    any of the section's rules count.
    """
    normative: dict[tuple[str, str], bool] = {}
    examples: dict[tuple[str, str], int] = {}
    for rule in rules:
        key = (rule.source, rule.section)
        normative[key] = normative.get(key, False) or rule.is_normative
        examples[key] = examples.get(key, 0) + rule.examples
    return [key for key, has_rules in normative.items() if has_rules and not examples[key]]


@dataclass(frozen=True)
class Gap:
    """Something a normative rule lacks, and what a contributor does about it."""

    rule: Rule
    missing: str
    """``"enforcing code"``, ``"worked example"``, ``"test"`` or (:func:`unreached`)
    ``"marked test that reaches its code"``."""
    remedy: str

    def __str__(self) -> str:
        where = f"{self.rule.source}:{self.rule.line}"
        return f"{self.rule.id} ({where}) has no {self.missing}: {self.remedy}"


def gaps(traces: Iterable[RuleTrace], *, count_tests: bool = True) -> list[Gap]:
    """What each normative rule lacks of the three things every one has: enforcing code, a
    worked example of its own and a test, in rule order.

    A rule the engine does not check yet is marked ``:status: pending`` and lacks nothing.
    ``count_tests=False`` leaves tests out, for an installed copy that has none to read.
    """
    found: list[Gap] = []
    for item in traces:
        rule = item.rule
        if not rule.is_normative:
            continue
        if not item.is_enforced:
            found.append(
                Gap(
                    rule,
                    "enforcing code",
                    f"mark the code that enforces it with `:enforces: {rule.id}` in its "
                    "docstring, or mark the rule `:status: pending` if the engine does not "
                    "check it yet",
                )
            )
        if not rule.examples:
            found.append(
                Gap(
                    rule,
                    "worked example",
                    "add a ```python fence whose lines start with >>> inside the rule, showing "
                    "the engine at work",
                )
            )
        if count_tests and not item.tests:
            found.append(
                Gap(
                    rule,
                    "test",
                    f'mark a test that fails if the rule is broken @pytest.mark.rule("{rule.id}")',
                )
            )
    return found


def unreached(traces: Iterable[RuleTrace], reach: Reach) -> list[Gap]:
    """The normative rules whose marked tests all ran, passed and never reached their code.

    A rule is judged only when every one of its marked tests is in ``reach`` and none failed
    (a partial or failing run proves nothing about the rest), and only when some enforcer of
    it was measured (a compiled module has no Python code to see run). The gap names the tests
    and the code they should reach.
    """
    found: list[Gap] = []
    for item in traces:
        if not (item.rule.is_normative and item.tests and item.enforcers):
            continue
        tests = dict.fromkeys(item.tests)
        if any(t not in reach.tests or t in reach.failed for t in tests):
            continue
        measured = [name for name in item.enforcers if name not in reach.unmeasured]
        if not measured:
            continue
        if any(reach.tests[t] & set(measured) for t in tests):
            continue
        found.append(
            Gap(
                item.rule,
                "marked test that reaches its code",
                f"none of {', '.join(tests)} runs {' or '.join(measured)}; make one of them "
                "play a game or position in which that code runs (or fix the :enforces: mark "
                "if the rule is checked elsewhere)",
            )
        )
    return found


def reached_rules(traces: Iterable[RuleTrace], reach: Reach) -> set[RuleId]:
    """The rules some marked test of which ran one of their enforcers in ``reach``."""
    return {
        item.rule.id
        for item in traces
        if any(reach.tests.get(t, frozenset()) & set(item.enforcers) for t in item.tests)
    }
