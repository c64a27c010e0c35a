"""Event handlers: load the engine, keep pages current, check the site against the code.

The checks here are what makes ``sphinx-build -W`` fail when the rules text and the engine
disagree. Every warning has ``type="rulekeeper"`` and one of the subtypes in
:data:`WARNING_SUBTYPES`, so a project can silence one precisely with ``suppress_warnings``.
"""

from __future__ import annotations

import importlib
import inspect
from pathlib import Path
from typing import Any

from docutils.nodes import Element
from sphinx.application import Sphinx
from sphinx.config import Config
from sphinx.domains import Domain
from sphinx.environment import BuildEnvironment
from sphinx.util import logging

from rulekeeper.rules import ENFORCES_FIELD, enforced_by, enforcers_of
from rulekeeper.sphinx.apipages import write_api_pages
from rulekeeper.sphinx.changes import release_signature
from rulekeeper.sphinx.domain import WARNING_TYPE, rules_domain
from rulekeeper.sphinx.downloads import unshowable
from rulekeeper.sphinx.registry import load_engines, scoped_enforcers, write_engine_manifest
from rulekeeper.sphinx.releasepages import write_release_pages
from rulekeeper.sphinx.ruledata import plain
from rulekeeper.sphinx.traceability import FORMAT_KEY, tests_dir
from rulekeeper.sphinx.transforms import api_target
from rulekeeper.traceability import (
    PARSED_TEST_FILES,
    find_rule_tests,
    function_lines,
    in_packages,
    sections_without_examples,
    unknown_rules,
)

logger = logging.getLogger(__name__)

WARNING_SUBTYPES = {
    "unknown-rule": "code says it enforces a rule that no page defines",
    "unenforced": "a normative rule that no code enforces",
    "dangling-reference": "a reference to a rule that no page defines",
    "section-without-example": "a heading with normative rules but no worked example",
    "undocumented-enforcer": "enforcing code the API reference does not document",
    "duplicate-rule": "a rule ID defined twice",
    "invalid-rule": "a rule directive with a malformed ID or an unknown status",
    "pdf-character": "a rule uses a character the downloadable PDF cannot show",
    "offline-page": "a page the offline file should hold has no body kept to hold",
}
"""Every ``rulekeeper`` warning subtype and what it means."""


def resolve_config(app: Sphinx, config: Config) -> None:
    """Resolve paths against the folder of ``conf.py``; hook into autodoc if it is loaded."""
    configured: str | None = config.rulekeeper_tests_dir
    tests = Path(app.confdir, configured if configured is not None else "../tests")
    config.rulekeeper_tests_dir = str(tests.resolve())
    given: str | None = config.rulekeeper_releases_dir
    releases = Path(app.confdir, given if given is not None else "../releases")
    config.rulekeeper_releases_dir = str(releases.resolve())
    if "sphinx.ext.autodoc" in app.extensions:
        app.connect("autodoc-process-docstring", add_enforces_field)
    if "sphinx.ext.viewcode" in app.extensions:
        app.connect("viewcode-follow-imported", source_module)


def source_module(app: Sphinx, modname: str, attribute: str) -> str | None:
    """The module whose source shows ``modname.attribute``, for viewcode's "[source]" links.

    A class or function is shown where it is defined. An alias (``PlayerId = int``, or a module
    constant naming a class of another module) is shown in the module that names it: viewcode
    would otherwise follow it to where its value is defined, and list ``builtins`` among the
    site's source pages, or link another module's source back to the wrong API page.
    """
    try:
        obj: Any = importlib.import_module(modname)
        for part in attribute.split("."):
            obj = getattr(obj, part)
    except (ImportError, AttributeError):
        return None
    home = getattr(obj, "__module__", None)
    if isinstance(home, str) and getattr(obj, "__qualname__", None) == attribute:
        return home
    return modname


READER_FILES = Path(__file__).parent
"""The extension's own ``static`` files and ``templates``."""


def add_reader_files(app: Sphinx, config: Config) -> None:
    """Serve the extension's script and styles, and offer its templates to the theme.

    The sidebar template ``rulekeeper/goto-rule.html`` is the "Go to rule" box; a site adds it
    to ``html_sidebars``.
    """
    config.html_static_path = [*config.html_static_path, str(READER_FILES / "static")]
    config.templates_path = [*config.templates_path, str(READER_FILES / "templates")]


def prepare(app: Sphinx) -> None:
    """Read every rule mark in the engine, then write the API pages that document them, a
    page per release, and the list of the engine's files that pages made from the engine
    depend on."""
    load_engines(app)
    write_api_pages(app)
    write_release_pages(app)
    write_engine_manifest(app)


def restore_parsed_tests(app: Sphinx) -> None:
    """Take back what the previous build read from the test files, so that only the files
    changed since are parsed again (:data:`rulekeeper.traceability.PARSED_TEST_FILES`)."""
    PARSED_TEST_FILES.update(rules_domain(app.env).data.get("test_files") or {})


def outdated_pages(
    app: Sphinx, env: BuildEnvironment, added: set[str], changed: set[str], removed: set[str]
) -> list[str]:
    """Pages to read again although their source did not change: every rules page when the
    enforcing code changed, so its "Enforced by" links are written afresh, or when a release
    was recorded, so its rules' history lines are."""
    domain = rules_domain(env)
    current = scoped_enforcers(app.config)
    recorded = release_signature(app.config)
    previous = domain.data["enforcers"]
    previous_releases = domain.data.get("releases")
    stale = previous is not None and previous != current
    stale |= previous_releases is not None and previous_releases != recorded
    domain.data["enforcers"] = current
    domain.data["releases"] = recorded
    if stale:
        return sorted({record.docname for record in domain.rules.values()})
    return []


def changed_reports(app: Sphinx, env: BuildEnvironment) -> list[str]:
    """Pages to write again because what their report is made from changed.

    Connected to ``env-get-updated``. The traceability tables, the formats overview and the
    lists of rulings are made when a page is written, from the rules, the code and the tests,
    none of which is the page's own source. Each kind of report's inputs are compared with the
    previous build's, and only the pages whose report would come out differently are written:
    the traceability page is the largest of the site, and an edit to one rules page seldom
    changes it.
    """
    domain = rules_domain(env)
    current = report_inputs(app, env)
    previous: dict[str, object] = domain.data["report_inputs"] or {}
    domain.data["report_inputs"] = current
    # Kept with the environment, which is saved after this event, for the next build.
    tests = tests_dir(app.config)
    domain.data["test_files"] = {
        path: parsed for path, parsed in PARSED_TEST_FILES.items() if path.is_relative_to(tests)
    }
    return sorted(
        docname
        for docname, kind in domain.report_docs.items()
        if kind not in previous or previous[kind] != current[kind]
    )


def report_inputs(app: Sphinx, env: BuildEnvironment) -> dict[str, object]:
    """What each kind of report is made from, in a form that compares by value.

    - A list of rulings: the rules (their IDs, titles and pages).
    - The traceability tables: the rules, the enforcing code and the marked tests, with the
      line each test starts on.
    - The formats overview: those, plus the pages' front matter and titles, when each page
      that defines rules was last read (a format's front page may give its summary in its
      first sentence) and the releases (each format's version).
    - The changes page: the rules and the releases.
    - A release's page: which rules exist (each links to its rule while it exists) and the
      releases.
    - A page of drawn cards: when each page that defines rules was last read.
    """
    domain = rules_domain(env)
    rules = sorted(domain.rules.items())
    tests = find_rule_tests(tests_dir(app.config))
    evidence = (rules, scoped_enforcers(app.config), tests)
    # The tables link each test to its line, which moves when the file above it is edited.
    root = tests_dir(app.config).parent
    files = sorted({test.partition("::")[0] for names in tests.values() for test in names})
    lines = {path: function_lines(root / path) for path in files}
    rules_pages = {record.docname for record in domain.rules.values()}
    pages = (
        {docname: env.metadata.get(docname, {}) for docname in sorted(env.all_docs)},
        {docname: title.astext() for docname, title in sorted(env.titles.items())},
        {docname: env.all_docs.get(docname) for docname in sorted(rules_pages)},
    )
    # Which pages show which format's table (their front matter) decides what each shows.
    split = {d: env.metadata.get(d, {}).get(FORMAT_KEY) for d in sorted(domain.traceability_docs)}
    return {
        "rulings": rules,
        "traceability": (evidence, lines, split),
        "overview": (evidence, pages, release_signature(app.config)),
        "changes": (rules, release_signature(app.config)),
        "release": ([rule_id for rule_id, _ in rules], release_signature(app.config)),
        # Drawn cards list the rules that name them, from every rules page's words.
        "cards": pages[2],
    }


def check_consistency(app: Sphinx, env: BuildEnvironment) -> None:
    """Warn about every disagreement between the rules on the site and the engine."""
    domain = rules_domain(env)
    rulebook = domain.rulebook()
    registry = scoped_enforcers(app.config)
    for rule_id in unknown_rules(rulebook, registry):
        for name in registry[rule_id]:
            _warn(
                "unknown-rule",
                "%s is marked as enforcing %r, but no page defines rule %s",
                name,
                rule_id,
                rule_id,
                location=code_location(name),
            )
    for rule_id, rule in rulebook.items():
        if rule.is_normative and rule_id not in registry:
            _warn(
                "unenforced",
                "normative rule %s is not enforced by any code in %s (mark the code "
                "with ':enforces: %s' in its docstring, or mark the rule :status: pending)",
                rule_id,
                ", ".join(app.config.rulekeeper_engine_packages),
                rule_id,
                location=domain.rules[rule_id].location,
            )
    for source, section in sections_without_examples(rulebook.values()):
        first = next(
            r for r in domain.rules.values() if (r.rule.source, r.rule.section) == (source, section)
        )
        _warn(
            "section-without-example",
            "section %r has normative rules but no worked example "
            "(a python fence starting with >>> inside one of its rules)",
            section,
            location=first.location,
        )
    for rule_id, rule in rulebook.items():
        characters = unshowable(" ".join((rule.section, rule.title, plain(rule))))
        if characters:
            _warn(
                "pdf-character",
                "rule %s uses %s, which the downloadable PDF cannot show (write it in Latin-1, "
                "or add a plain equivalent in rulekeeper.sphinx.downloads)",
                rule_id,
                ", ".join(f"{c!r} (U+{ord(c):04X})" for c in characters),
                location=domain.rules[rule_id].location,
            )
    if app.config.rulekeeper_api_dir and "py" in env.domains:
        # Every object the API reference documents, through the domain's public interface.
        documented = {name for name, *_ in env.get_domain("py").get_objects()}
        for rule_id, names in registry.items():
            for name in names:
                if api_target(name) not in documented:
                    _warn(
                        "undocumented-enforcer",
                        "%s enforces %s but is not in the API "
                        "reference (it must be public and have a docstring)",
                        name,
                        rule_id,
                        location=code_location(name),
                    )


def add_enforces_field(
    app: Sphinx, what: str, name: str, obj: object, options: Any, lines: list[str]
) -> None:
    """Append ``:Enforces:`` links to the docstring of every enforcing object, in place of the
    plain ``:enforces:`` field that marks it in the source.

    A class also shows what its ``__init__`` enforces, since autodoc documents the constructor
    as part of the class.
    """
    drop_enforces_field(lines)
    target = obj.fget if isinstance(obj, property) else obj
    qualname = f"{getattr(target, '__module__', '')}.{getattr(target, '__qualname__', '')}"
    packages = app.config.rulekeeper_engine_packages
    candidates = [(target, qualname)]
    if inspect.isclass(target):
        candidates.append((target.__init__, f"{qualname}.__init__"))
    # Only enforcers inside the configured packages count (as in scoped_enforcers). Asked per
    # name, not through the whole scoped registry: autodoc asks for every docstring.
    own = [
        r
        for candidate, name in candidates
        if in_packages(name, packages)
        for r in dict.fromkeys(enforced_by(candidate))
        if name in enforcers_of(r)
    ]
    if not own:
        return
    if lines and lines[-1].strip():
        lines.append("")
    lines.append(
        ":Enforces: " + ", ".join(f":rules:rule:`{rule_id}`" for rule_id in dict.fromkeys(own))
    )
    lines.append("")


def drop_enforces_field(lines: list[str]) -> None:
    """Remove the ``:enforces:`` field (its first line and the lines that go on indented below
    it) from a docstring's lines, with the blank lines it leaves at the end.

    >>> lines = ["Judge.", "", ":enforces: RR 1.1,", "    RR 1.2", ""]
    >>> drop_enforces_field(lines)
    >>> lines
    ['Judge.', '']
    """
    kept: list[str] = []
    indent: int | None = None
    for line in lines:
        depth = len(line) - len(line.lstrip())
        if indent is not None and line.strip() and depth > indent:
            continue
        indent = None
        if line.lstrip().startswith(ENFORCES_FIELD):
            indent = depth
            continue
        kept.append(line)
    if len(kept) == len(lines):
        return
    while kept and not kept[-1].strip():
        kept.pop()
    lines[:] = [*kept, ""] if kept else []


def warn_dangling(app: Sphinx, domain: Domain | None, node: Element) -> bool | None:
    """Report a reference to an undefined rule as ours, with or without ``-n``."""
    if domain is None or domain.name != "rules":
        return None
    _warn("dangling-reference", "reference to undefined rule %s", node["reftarget"], location=node)
    return True


def code_location(qualname: str) -> str | None:
    """``file:line`` of the object named ``qualname``, or None if it cannot be found."""
    parts = qualname.split(".")
    for split in range(len(parts) - 1, 0, -1):
        try:
            obj: Any = importlib.import_module(".".join(parts[:split]))
            for attribute in parts[split:]:
                obj = getattr(obj, attribute)
            obj = inspect.unwrap(obj)
            return f"{inspect.getsourcefile(obj)}:{inspect.getsourcelines(obj)[1]}"
        except (ImportError, AttributeError, OSError, TypeError):
            continue
    return None


def _warn(subtype: str, message: str, *args: object, location: Any) -> None:
    logger.warning(message, *args, type=WARNING_TYPE, subtype=subtype, location=location)
