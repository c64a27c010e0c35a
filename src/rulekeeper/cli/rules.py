"""``rulekeeper rule`` and ``rulekeeper coverage``: the rules text and what stands behind it."""

from __future__ import annotations

import argparse
import difflib
import json
import sys
from typing import Any

from rulekeeper.cli.streams import complain
from rulekeeper.errors import InputError
from rulekeeper.rulebook import load_rulebook, rulebook_dir
from rulekeeper.rules import enforcers, load_engine, parse_rule_id, rule_url
from rulekeeper.traceability import RuleTrace, coverage, enforcers_in, find_rule_tests, trace


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
        help="per format: rules, enforced, exemplified, tested",
        description="Count, per format, the rules and how many are "
        "enforced, have worked examples, and are tested.",
    )
    cover.add_argument("--json", action="store_true", help="print JSON instead of a table")
    cover.set_defaults(handler=show_coverage)


def _traces() -> list[RuleTrace]:
    load_engine()
    tests_dir = rulebook_dir().parent / "tests"
    if not tests_dir.is_dir():
        # An installed copy ships the rules but not the tests: say why nothing counts as tested.
        complain(
            f"no tests folder at {tests_dir}, so no rule counts as tested; "
            "run from a checkout of the project to count them"
        )
    tests = find_rule_tests(tests_dir)
    # Only this package's decorators count, exactly as on the site's traceability page.
    return trace(load_rulebook(), enforcers_in(["rulekeeper"], enforcers()), tests)


def show_rule(args: argparse.Namespace) -> int:
    """Print one rule.

    :raises InputError: if the ID is malformed or names no rule (exit code 2).
    """
    rule_id = parse_rule_id(" ".join(args.rule_id))
    traces = {t.rule.id: t for t in _traces()}
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
    print(f"online: {rule_url(rule.id)}")
    return 0


def show_coverage(args: argparse.Namespace) -> int:
    """Print the per-format totals, as a table or as JSON."""
    totals = coverage(_traces())
    if args.json:
        data: dict[str, Any] = {c.prefix: c.as_dict() for c in totals}
        json.dump(data, sys.stdout, indent=2, sort_keys=True)
        print()
        return 0
    header = ("format", "rules", "normative", "pending", "enforced", "exemplified", "tested")
    row = "{:<27} {:>6} {:>10} {:>8} {:>9} {:>12} {:>7}"
    print(row.format(*header))
    for c in totals:
        name = f"{c.name} ({c.prefix})"
        print(
            row.format(name, c.rules, c.normative, c.pending, c.enforced, c.exemplified, c.tested)
        )
    return 0
