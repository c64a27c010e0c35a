"""``rulekeeper rule``, ``rulekeeper coverage`` and ``rulekeeper review``: the rules text and
what stands behind it."""

from __future__ import annotations

import argparse
import difflib
import json
import re
import sys
from pathlib import Path
from typing import Any

from rulekeeper.cli import EXIT_BROKEN_RULES, EXIT_OK
from rulekeeper.cli.streams import complain
from rulekeeper.errors import InputError, RulekeeperError
from rulekeeper.reach import REACH_FILE, Reach, read_reach
from rulekeeper.reviews import Unreviewed, fingerprint, mark_reviewed, read_stamps, unreviewed
from rulekeeper.rulebook import load_rulebook, rulebook_dir
from rulekeeper.rules import enforcers, load_engine, parse_rule_id, rule_prefix, rule_url
from rulekeeper.traceability import (
    RuleTrace,
    coverage,
    enforcers_in,
    find_rule_tests,
    gaps,
    reached_rules,
    trace,
    unreached,
)


def register(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add the ``rule`` and ``coverage`` subcommands."""
    rule = commands.add_parser(
        "rule",
        help="print a rule, its status and where it is enforced",
        description="Print a rule, its status, and the code and tests that enforce it.",
    )
    rule.add_argument("rule_id", nargs="+", metavar="ID", help="a rule ID such as 'LV 3.1'")
    rule.set_defaults(handler=show_rule)
    cover = commands.add_parser(
        "coverage",
        help="per format: rules, enforced, exemplified, tested, reached",
        description="Count, per format, the rules and how many are enforced, have worked "
        "examples, are tested, and have a marked test that reached their code in the last "
        f"test run (as recorded in {REACH_FILE.as_posix()}).",
    )
    cover.add_argument("--json", action="store_true", help="print JSON instead of a table")
    cover.set_defaults(handler=show_coverage)
    review = commands.add_parser(
        "review",
        help="mark rules reviewed after their text changed, or list those that need it",
        description="A rule's enforcing code, examples and tests are reviewed against its "
        "text; when the text changes, the tests fail until someone has read them together and "
        "marked the rule reviewed here. With no argument, list the rules that need a review "
        "(exit 1 if any).",
    )
    review.add_argument("rule_id", nargs="*", metavar="ID", help="rule IDs such as 'RR 7.2b'")
    review.add_argument(
        "--all-changed",
        action="store_true",
        help="mark every rule whose text changed, and every new rule, reviewed",
    )
    review.set_defaults(handler=review_rules)


def _tests_dir() -> Path | None:
    """The checkout's tests folder, or ``None`` (said on standard error) for an installed copy."""
    tests_dir = rulebook_dir().parent / "tests"
    if tests_dir.is_dir():
        return tests_dir
    # An installed copy ships the rules but not the tests: say why nothing counts as tested.
    complain(
        f"no tests folder at {tests_dir}, so no rule counts as tested; "
        "run from a checkout of the project to count them"
    )
    return None


def _traces(tests_dir: Path | None) -> list[RuleTrace]:
    load_engine()
    tests = find_rule_tests(tests_dir) if tests_dir else {}
    # Only this package's decorators count, exactly as on the site's traceability page.
    return trace(load_rulebook(), enforcers_in(["rulekeeper"], enforcers()), tests)


def show_rule(args: argparse.Namespace) -> int:
    """Print one rule.

    :raises InputError: if the ID is malformed or names no rule (exit code 2).
    """
    rule_id = parse_rule_id(" ".join(args.rule_id))
    traces = {t.rule.id: t for t in _traces(_tests_dir())}
    if rule_id not in traces:
        close = difflib.get_close_matches(rule_id, list(traces), n=3, cutoff=0.6)
        hint = f"; did you mean {', '.join(close)}?" if close else ""
        raise InputError(f"no rule {rule_id}{hint}")
    item = traces[rule_id]
    rule = item.rule
    title = f" — {rule.title}" if rule.title else ""
    print(f"{rule.id}{title}")
    print(f"section: {rule.section}")
    status = rule.status + (f" ({rule.reason})" if rule.reason else "")
    print(f"status: {status}")
    print()
    print(rule.plain_text)
    print()
    print("enforced by:" if item.enforcers else "enforced by: nothing")
    for name in item.enforcers:
        print(f"  {name}")
    print(f"worked examples: {rule.examples}")
    print("tests:" if item.tests else "tests: none")
    for test in item.tests:
        print(f"  {test}")
    print(f"source: {rule.source}:{rule.line}")
    stamp = read_stamps(rulebook_dir()).get(rule.id)
    if stamp == fingerprint(rule):
        print("reviewed: yes, its code was reviewed against this text")
    else:
        print(f'reviewed: no, the rule {Unreviewed(rule, stamp).why}; see "rulekeeper review"')
    print(f"online: {rule_url(rule.id)}")
    return 0


def show_coverage(args: argparse.Namespace) -> int:
    """Print the per-format totals, as a table or as JSON, then each normative rule that lacks
    enforcing code, a worked example or a test, each whose marked tests all ran in the last test
    session and none reached its code (:func:`rulekeeper.traceability.unreached`), and each rule
    whose text changed since its code was reviewed, on standard error.

    :returns: 0, or 1 if any rule lacks something or needs a review (as ``nox -s tests`` fails).
    """
    tests_dir = _tests_dir()
    traces = _traces(tests_dir)
    totals = coverage(traces)
    reach = _last_reach(tests_dir)
    reached = reached_rules(traces, reach) if reach is not None else None
    if args.json:
        data: dict[str, Any] = {c.prefix: c.as_dict() for c in totals}
        for prefix, totals_of in data.items():
            totals_of["reached"] = _reached_in(prefix, traces, reached)
        json.dump(data, sys.stdout, indent=2, sort_keys=True)
        print()
    else:
        _print_table(totals, traces, reached)
    problems = [str(gap) for gap in gaps(traces, count_tests=tests_dir is not None)]
    if reach is not None and tests_dir is not None:
        problems += [str(gap) for gap in unreached(traces, reach)]
    problems += [_review_problem(item) for item in _unreviewed()]
    for problem in problems:
        complain(problem)
    return EXIT_BROKEN_RULES if problems else EXIT_OK


def _unreviewed() -> list[Unreviewed]:
    return unreviewed(load_rulebook(), read_stamps(rulebook_dir()))


def _review_problem(item: Unreviewed) -> str:
    rule = item.rule
    return (
        f"{rule.id} ({rule.source}:{rule.line}) {item.why}: read it beside its code and "
        f'examples, then run `rulekeeper review "{rule.id}"`'
    )


def reach_record(tests_dir: Path) -> Path:
    """Where the checkout's last test session recorded what its marked tests reached."""
    return tests_dir.parent / REACH_FILE


def _last_reach(tests_dir: Path | None) -> Reach | None:
    """The last test session's record, or None (said on standard error) if there is none."""
    if tests_dir is None:
        return None
    record = reach_record(tests_dir)
    try:
        reach = read_reach(record)
    except RulekeeperError as error:
        complain(str(error))
        return None
    if reach is None:
        complain(
            f"no record at {record} of what the marked tests reach, so no rule counts as "
            "reached; run the tests (nox -s tests) to write one"
        )
    return reach


def _reached_in(prefix: str, traces: list[RuleTrace], reached: set[str] | None) -> int | None:
    """How many of a format's normative rules a marked test reached (None: no record)."""
    if reached is None:
        return None
    return sum(
        t.rule.is_normative and t.rule.id in reached
        for t in traces
        if rule_prefix(t.rule.id) == prefix
    )


def _print_table(totals: list[Any], traces: list[RuleTrace], reached: set[str] | None) -> None:
    header = (
        "format",
        "rules",
        "normative",
        "pending",
        "enforced",
        "exemplified",
        "tested",
        "reached",
    )
    row = "{:<27} {:>6} {:>10} {:>8} {:>9} {:>12} {:>7} {:>8}"
    print(row.format(*header))
    for c in totals:
        name = f"{c.name} ({c.prefix})"
        count = _reached_in(c.prefix, traces, reached)
        print(
            row.format(
                name,
                c.rules,
                c.normative,
                c.pending,
                c.enforced,
                c.exemplified,
                c.tested,
                "-" if count is None else count,
            )
        )


_ID_IN_ARGUMENTS = re.compile(r"[A-Za-z]{2}\s+[A-Za-z0-9.]+")


def review_rules(args: argparse.Namespace) -> int:
    """Mark rules reviewed, or list the rules that need a review.

    :returns: 0; with no argument, 1 if some rule needs a review.
    :raises InputError: if an ID names no rule, or the rules are not a checkout's (exit 2).
    """
    rules_dir = rulebook_dir()
    if rules_dir.name != "rules":
        raise InputError(
            f"the rules at {rules_dir} are an installed copy; review rules in a checkout"
        )
    rulebook = load_rulebook()
    pending = _unreviewed()
    if args.all_changed:
        chosen = [item.rule.id for item in pending]
    elif args.rule_id:
        # "RR 7.2b" arrives as one argument or two; several IDs may follow one another.
        chosen = [parse_rule_id(text) for text in _ID_IN_ARGUMENTS.findall(" ".join(args.rule_id))]
        if not chosen:
            raise InputError(f"not a rule id: {' '.join(args.rule_id)!r}")
    else:
        if not pending:
            print("every rule's code was reviewed against its current text")
            return EXIT_OK
        load_engine()
        registry = enforcers_in(["rulekeeper"], enforcers())
        for item in pending:
            names = registry.get(item.rule.id, ())
            print(f"{_review_problem(item)}; enforced by {', '.join(names) or 'nothing'}")
        return EXIT_BROKEN_RULES
    for rule_id in mark_reviewed(rules_dir, rulebook, chosen):
        print(f"marked {rule_id} reviewed")
    return EXIT_OK
