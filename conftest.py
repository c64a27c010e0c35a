"""Sybil collects every worked example: the rules text, the guides and the docstrings.

The rules and guides are MyST Markdown: a ``python`` fence whose lines start with ``>>>`` is a
doctest, ``% invisible-code-block: python`` holds setup a reader need not see, and
``% skip: next`` / ``% clear-namespace`` work as in Sybil's documentation. Docstrings are reST
doctests. pytest's own doctest plugin is disabled (``-p no:doctest``) so nothing runs twice.

A failing example inside a rule is reported with the rule's ID and code, and ``--rule ID`` or
``--rule PAGE`` runs only what stands behind one rule or one page (``nox -s rule``).
"""

from __future__ import annotations

from collections.abc import Iterator
from doctest import ELLIPSIS, NORMALIZE_WHITESPACE
from functools import cache
from pathlib import Path
from typing import Any, NamedTuple

import pytest
from sybil import Sybil
from sybil.integration.pytest import SybilItem
from sybil.parsers import myst, rest

from rulekeeper.bench import engine_build
from rulekeeper.errors import UnknownRuleError
from rulekeeper.reach import (
    REACH_FILE,
    Reach,
    Recorder,
    enforcing_code,
    merge,
    reach_from_json,
    unmeasured,
)
from rulekeeper.rulebook import load_rulebook, rule_at
from rulekeeper.rules import enforcers, load_engine, parse_rule_id
from rulekeeper.traceability import (
    enforcers_in,
    find_rule_tests,
    trace,
    unreached,
)

REPO = Path(__file__).resolve().parent

OPTIONS = ELLIPSIS | NORMALIZE_WHITESPACE

markdown_examples = Sybil(
    parsers=[
        myst.PythonCodeBlockParser(doctest_optionflags=OPTIONS),
        myst.SkipParser(),
        myst.ClearNamespaceParser(),
    ],
    # Sybil matches patterns as pathlib globs, where "**" is one level on Python 3.11, so each
    # depth is listed.
    patterns=["rules/*.md", "rules/*/*.md", "docs/*.md", "docs/*/*.md", "docs/*/*/*.md"],
    excludes=["docs/_build/**", "docs/api/_generated/**"],
    name="markdown",
)

docstring_examples = Sybil(
    parsers=[rest.DocTestParser(optionflags=OPTIONS), rest.SkipParser()],
    patterns=["src/*/*.py", "src/*/*/*.py", "src/*/*/*/*.py", "src/*/*/*/*/*.py"],
    name="docstrings",
)

pytest_collect_file = (markdown_examples + docstring_examples).pytest()


# -- A failing example names its rule ------------------------------------------------------------


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo[None]) -> pytest.TestReport:
    """Head a failing worked example's report with its rule, the rule's code and where to look.

    Sybil reports a file and a line; a contributor wants the rule, so the report's title
    becomes ``DD 1.1, example at line 44`` and its text starts with the enforcing code and the
    command that shows everything behind the rule.
    """
    report: pytest.TestReport = yield
    if report.failed and isinstance(item, SybilItem):
        rule = rule_at(str(item.example.path), item.example.line)
        if rule is not None:
            load_engine()
            code = enforcers_in(["rulekeeper"], enforcers()).get(rule.id, ())
            title = f" ({rule.title})" if rule.title else ""
            header = [
                f"{rule.id}{title}: a worked example failed at {rule.source}, line "
                f"{item.example.line}",
                f"  enforced by: {', '.join(code) or 'nothing'}",
                f'  the rule, its code and its tests: rulekeeper rule "{rule.id}"',
                f'  run just this rule: nox -s rule -- "{rule.id}"',
            ]
            report.longrepr = "\n".join(header) + "\n" + str(report.longrepr)
            path, line, _ = report.location
            report.location = (path, line, f"{rule.id}, example at line {item.example.line}")
    return report


# -- The fast loop: --rule ID or --rule PAGE ----------------------------------------------------

GATE = "tests/test_rule_gate.py"
"""The per-rule checks: enforcing code, an example, a test, and a review of the text."""


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption(
        "--rule",
        action="append",
        default=[],
        metavar="ID_OR_PAGE",
        help="run only what stands behind a rule ('DD 1.1') or a page (rules/leveler.md): the "
        "page's worked examples, the tests marked with its rules and the rules' gate checks",
    )


class Scope(NamedTuple):
    """What ``--rule`` keeps: the rules named, the pages whose examples run, the test files."""

    rule_ids: frozenset[str]
    pages: frozenset[str]
    test_files: frozenset[str]


@cache
def _scope(targets: tuple[str, ...]) -> Scope:
    rulebook = load_rulebook()
    rule_ids: set[str] = set()
    pages: set[str] = set()
    for target in targets:
        if target.endswith(".md"):
            page = Path(target).as_posix()
            pages.add(page)
            rule_ids.update(r.id for r in rulebook.values() if r.source == page)
            continue
        try:
            rule = rulebook[parse_rule_id(target)]
        except (UnknownRuleError, KeyError):
            raise pytest.UsageError(f"--rule {target!r}: no such rule or page") from None
        rule_ids.add(rule.id)
        pages.add(rule.source)
    marked = find_rule_tests(REPO / "tests")
    files = {name.split("::")[0] for r in rule_ids for name in marked.get(r, [])}
    return Scope(frozenset(rule_ids), frozenset(pages), frozenset(files | {GATE}))


def pytest_ignore_collect(collection_path: Path, config: pytest.Config) -> bool | None:
    """Under ``--rule``, read only the rule's page and the test files that mark its rules."""
    targets = tuple(config.getoption("rule"))
    if not targets or collection_path.is_dir():
        return None
    if not collection_path.is_relative_to(REPO):
        return None
    scope = _scope(targets)
    relative = collection_path.relative_to(REPO).as_posix()
    return None if relative in scope.pages | scope.test_files else True


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Under ``--rule``, keep the page's examples and the tests marked with its rules."""
    targets = tuple(config.getoption("rule"))
    if not targets:
        return
    scope = _scope(targets)
    kept: list[pytest.Item] = []
    dropped: list[pytest.Item] = []
    for item in items:
        marks = {parse_rule_id(i) for mark in item.iter_markers("rule") for i in mark.args}
        in_page = isinstance(item, SybilItem) and item.path.relative_to(REPO).as_posix() in (
            scope.pages
        )
        (kept if in_page or marks & scope.rule_ids else dropped).append(item)
    if dropped:
        config.hook.pytest_deselected(items=dropped)
        items[:] = kept


# -- Tested means reached: what each marked test runs of its rules' code -------------------------

REACH_KEY = "rulekeeper_reach"
"""Where an xdist worker hands its record to the controller (``workeroutput``)."""


class ReachGate:
    """Record which enforcers each marked test reaches, and fail the session on a rule none of
    whose marked tests reaches its code (see :mod:`rulekeeper.reach`).

    Every process records its own tests; xdist workers hand their records to the controller,
    which merges them, writes :data:`rulekeeper.reach.REACH_FILE` for ``rulekeeper coverage``
    and judges each rule whose marked tests all ran and passed in this session, so a whole run
    (``nox -s tests``) and a one-rule run (``nox -s rule -- "SD 6.4"``) check alike.
    """

    def __init__(self, config: pytest.Config) -> None:
        self.config = config
        # A test counts for the rules it is marked with as written, as the gate reads marks.
        self.marked = {test for names in find_rule_tests(REPO / "tests").values() for test in names}
        self.recorder: Recorder | None = None
        self.tests: dict[str, set[str]] = {}
        self.failed: set[str] = set()
        self.parts: list[Reach] = []
        self.problems: list[str] = []

    def _key(self, item: pytest.Item) -> str | None:
        if not isinstance(item, pytest.Function) or not item.path.is_relative_to(REPO):
            return None
        key = f"{item.path.relative_to(REPO).as_posix()}::{item.originalname}"
        return key if key in self.marked else None

    def _recorder(self) -> Recorder:
        if self.recorder is None:
            load_engine()
            names = {n for ns in enforcers_in(["rulekeeper"], enforcers()).values() for n in ns}
            self.recorder = Recorder(enforcing_code(names))
            self.unmeasured = tuple(unmeasured(names, self.recorder.codes))
        return self.recorder

    @pytest.hookimpl(wrapper=True)
    def pytest_runtest_setup(self, item: pytest.Item) -> Iterator[None]:
        # A fixture that builds the position a test then checks is part of the test.
        return (yield from self._recording(item))

    @pytest.hookimpl(wrapper=True)
    def pytest_runtest_call(self, item: pytest.Item) -> Iterator[None]:
        return (yield from self._recording(item))

    def _recording(self, item: pytest.Item) -> Iterator[None]:
        key = self._key(item)
        if key is None:
            return (yield)
        recorder = self._recorder()
        recorder.start()
        try:
            return (yield)
        finally:
            self.tests.setdefault(key, set()).update(recorder.stop())

    def pytest_runtest_logreport(self, report: pytest.TestReport) -> None:
        if report.failed:
            path, _, rest = report.nodeid.partition("::")
            function = rest.rpartition("::")[2].partition("[")[0]
            self.failed.add(f"{path}::{function}")

    def _own(self) -> Reach:
        return Reach(
            {t: frozenset(names) for t, names in self.tests.items()},
            frozenset(self.failed & set(self.tests)),
            getattr(self, "unmeasured", ()),
        )

    @pytest.hookimpl(optionalhook=True)
    def pytest_testnodedown(self, node: Any, error: object) -> None:
        text = getattr(node, "workeroutput", {}).get(REACH_KEY)
        if text:
            self.parts.append(reach_from_json(text, source="a test worker's reach record"))

    def pytest_sessionfinish(self, session: pytest.Session, exitstatus: int) -> None:
        workeroutput = getattr(self.config, "workeroutput", None)
        if workeroutput is not None:
            workeroutput[REACH_KEY] = self._own().as_json()
            return
        reach = merge([*self.parts, self._own()])
        if not reach.tests:
            return
        record = REPO / REACH_FILE
        record.parent.mkdir(exist_ok=True)
        record.write_text(reach.as_json(), encoding="utf-8")
        # The controller of a parallel run has run no test, so its registry may be empty.
        load_engine()
        traces = trace(
            load_rulebook(),
            enforcers_in(["rulekeeper"], enforcers()),
            find_rule_tests(REPO / "tests"),
        )
        self.problems = [str(gap) for gap in unreached(traces, reach)]
        if self.problems and session.exitstatus == pytest.ExitCode.OK:
            session.exitstatus = pytest.ExitCode.TESTS_FAILED

    def pytest_terminal_summary(self, terminalreporter: Any) -> None:
        if self.problems:
            terminalreporter.section("rules whose marked tests never reach their code", red=True)
            for problem in self.problems:
                terminalreporter.line(problem)


def pytest_configure(config: pytest.Config) -> None:
    # The gate watches the enforcers' Python code; a build compiled with mypyc (nox -s compiled)
    # has none to watch, so there the gate would see only part of each rule. It judges the
    # interpreted run (nox -s tests), where every enforcer's code can be seen.
    if engine_build() == "interpreted":
        config.pluginmanager.register(ReachGate(config), "rulekeeper-reach-gate")
