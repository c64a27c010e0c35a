"""Sybil collects every worked example: the rules text, the guides and the docstrings.

The rules and guides are MyST Markdown: a ``python`` fence whose lines start with ``>>>`` is a
doctest, ``% invisible-code-block: python`` holds setup a reader need not see, and
``% skip: next`` / ``% clear-namespace`` work as in Sybil's documentation. Docstrings are reST
doctests. pytest's own doctest plugin is disabled (``-p no:doctest``) so nothing runs twice.

A failing example inside a rule is reported with the rule's ID and code, and ``--rule ID`` or
``--rule PAGE`` runs only what stands behind one rule or one page (``nox -s rule``).
"""

from __future__ import annotations

from doctest import ELLIPSIS, NORMALIZE_WHITESPACE
from functools import cache
from pathlib import Path
from typing import NamedTuple

import pytest
from sybil import Sybil
from sybil.integration.pytest import SybilItem
from sybil.parsers import myst, rest

from rulekeeper.errors import UnknownRuleError
from rulekeeper.rulebook import load_rulebook, rule_at
from rulekeeper.rules import enforcers, load_engine, parse_rule_id
from rulekeeper.traceability import enforcers_in, find_rule_tests

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
