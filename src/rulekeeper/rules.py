"""Rule IDs and the registry of the code that enforces each rule.

Every checkable statement on the site is a rule with a stable ID such as ``LV 2.3`` or
``RR 1.4a``. Code that enforces a rule says so in its docstring, with an ``:enforces:`` field
(:data:`ENFORCES_FIELD`) that :func:`load_engine` reads; the registry it fills is what the
Sphinx extension, the traceability page and ``rulekeeper coverage`` read. :func:`enforces`
records a link from code, as a decorator, for an engine that is never compiled.

>>> from rulekeeper.rules import parse_rule_id, rule_anchor
>>> parse_rule_id("lv 2.3")
'LV 2.3'
>>> rule_anchor("RR 1.4a")
'rule-rr-1-4a'
"""

from __future__ import annotations

import importlib
import importlib.util
import os
import pkgutil
import re
from collections.abc import Callable, Iterator, Mapping
from pathlib import Path
from typing import TypeAlias, TypeVar

from rulekeeper.errors import UnknownRuleError

RuleId: TypeAlias = str
"""A rule's ID: a format prefix, a space and a number, e.g. ``"LV 2.3"`` or ``"LV R1"``."""

_BOOKS: tuple[tuple[str, str, str], ...] = (
    # prefix, what it names, and its front page on the site
    ("RR", "Risk & Resource", "risk-and-resource/index"),
    ("LV", "Leveler", "leveler"),
    ("VX", "Vortex Based Magic", "vortex"),
    ("SD", "Stockpile Draft", "stockpile"),
    ("DD", "Dominion Draft", "dominion-draft"),
    ("MG", "Magic essentials", "magic"),
    ("DM", "Dominion essentials", "dominion"),
)
"""Every book of rules the site numbers, once. The formats' own facts declare the same prefix
and name (``FormatFacts``), and a test holds them to this table: the engine's packages cite
rules as they are imported, before this module could read their facts."""

PREFIXES: Mapping[str, str] = {prefix: name for prefix, name, _ in _BOOKS}
"""The formats' rule prefixes and what they name.

``MG`` is not a format: it numbers the parts of Magic that the compact Magic model enforces and
that the three Magic formats (``LV``, ``VX``, ``SD``) build on, so the engine's errors can cite a
rule on this site rather than a document elsewhere. ``DM`` is not a format either: it numbers
the parts of Dominion that the compact Dominion model enforces and that Dominion Draft (``DD``)
builds on.
"""

# Numbered rules (2.3, 1.4a, 10.2b) and rulings (R1, R12) share one grammar.
_RULE_ID = re.compile(r"^\s*([A-Za-z]{2})\s+((?:R\d+)|(?:\d+(?:\.\d+)*[a-z]?))\s*$", re.IGNORECASE)

SITE_URL_VARIABLE = "RULEKEEPER_SITE_URL"
"""Environment variable that overrides where the published site lives."""

DEFAULT_SITE_URL = "https://rulekeeper.readthedocs.io/en/latest/"
"""Where the rules site is published, used in error messages' links."""

_F = TypeVar("_F", bound=Callable[..., object])

# rule ID -> qualified names of the functions, methods and classes that enforce it.
_ENFORCERS: dict[RuleId, list[str]] = {}
# qualified name -> the rules it enforces. Kept here rather than as an attribute on the object
# (speed guide, "A compiled engine"); a registry by name also keeps a subclass from inheriting
# its parent's.
_RULES_OF: dict[str, tuple[RuleId, ...]] = {}


def parse_rule_id(text: str) -> RuleId:
    """Return ``text`` as a canonical rule ID (upper-case prefix, single space).

    :raises UnknownRuleError: if ``text`` is not shaped like a rule ID or names no format.
    """
    match = _RULE_ID.match(text)
    if match is None:
        raise UnknownRuleError(f"not a rule id: {text!r} (expected e.g. 'LV 2.3' or 'RR 1.4a')")
    prefix, number = match.group(1).upper(), match.group(2)
    if prefix not in PREFIXES:
        raise UnknownRuleError(f"unknown rule prefix {prefix!r} in {text!r}")
    if number[0] in "rR":
        number = "R" + number[1:]
    return f"{prefix} {number}"


def rule_prefix(rule_id: RuleId) -> str:
    """Return the format prefix of a rule ID (``"LV"`` for ``"LV 2.3"``)."""
    return rule_id.split(" ", 1)[0]


def rule_anchor(rule_id: RuleId) -> str:
    """Return the HTML anchor of a rule on its page."""
    return "rule-" + re.sub(r"[^a-z0-9]+", "-", rule_id.lower()).strip("-")


def rule_sort_key(rule_id: RuleId) -> tuple[str, int, tuple[int, ...], str]:
    """Sort rules by prefix, then numbered rules before rulings, then numerically."""
    prefix, number = rule_id.split(" ", 1)
    if number.startswith("R"):
        return (prefix, 1, (int(number[1:]),), "")
    letter = number[-1] if number[-1].isalpha() else ""
    parts = tuple(int(p) for p in number.rstrip("abcdefghijklmnopqrstuvwxyz").split("."))
    return (prefix, 0, parts, letter)


_PAGES: Mapping[str, str] = {prefix: page for prefix, _, page in _BOOKS}
"""Each format's front page, for a rule ID that the rules text does not define."""


def rule_page(rule_id: RuleId) -> str:
    """Return the site page that defines ``rule_id``, without a suffix.

    The site mirrors the rules text: ``rules/risk-and-resource/06-combat.md`` is published as
    ``rules/risk-and-resource/06-combat.html``, so the page is read from where the rule is
    written and a rule that moves keeps a working link.

    >>> from rulekeeper.rules import rule_page
    >>> rule_page("RR 6.1a")
    'risk-and-resource/06-combat'
    >>> rule_page("LV 2.1")
    'leveler'
    """
    from rulekeeper.rulebook import load_rulebook  # the rulebook imports this module

    rule = load_rulebook().get(parse_rule_id(rule_id))
    if rule is None:
        return _PAGES[rule_prefix(rule_id)]
    # The source is "<rules folder>/<path>.md"; the folder is "rules" or "_rulebook".
    return rule.source.split("/", 1)[1].removesuffix(".md")


SHORT_FOLDER = "r"
"""The site's folder of short addresses, one page per rule that leads to it."""


def short_address(rule_id: RuleId) -> str:
    """The short address of a rule, relative to the site's root: ``r/RR-8.4b.html``.

    >>> from rulekeeper.rules import short_address
    >>> short_address("RR 8.4b")
    'r/RR-8.4b.html'
    """
    return f"{SHORT_FOLDER}/{rule_id.replace(' ', '-')}.html"


def rule_url(rule_id: RuleId) -> str:
    """Return the URL of a rule on the published site.

    The site's base URL can be overridden with the ``RULEKEEPER_SITE_URL`` environment variable,
    for example to point at a local build.

    >>> from rulekeeper.rules import rule_url
    >>> rule_url("RR 6.1a")
    'https://.../rules/risk-and-resource/06-combat.html#rule-rr-6-1a'
    """
    base = os.environ.get(SITE_URL_VARIABLE, DEFAULT_SITE_URL)
    if not base.endswith("/"):
        base += "/"
    return f"{base}rules/{rule_page(rule_id)}.html#{rule_anchor(rule_id)}"


def enforces(*rule_ids: str) -> Callable[[_F], _F]:
    """Record that the decorated function, method or class enforces ``rule_ids``.

    rulekeeper's own engine marks its code with docstring fields instead (:func:`read_marks`),
    as a decorated function compiled with mypyc is called the slow way; the decorator serves
    a small engine that is never compiled, such as the Sphinx extension's test projects. The
    decorated object is returned unchanged; the registry remembers it by qualified name,
    so the API reference can link back to its rules (:func:`enforced_by`).

    :raises UnknownRuleError: if an ID is not shaped like a rule ID.
    """
    canonical = _canonical(rule_ids)

    def decorate(obj: _F) -> _F:
        _record(qualified_name(obj), canonical)
        return obj

    return decorate


def _canonical(rule_ids: tuple[str, ...]) -> tuple[RuleId, ...]:
    canonical = tuple(parse_rule_id(r) for r in rule_ids)
    if not canonical:
        raise UnknownRuleError("a rule mark needs at least one rule id")
    return canonical


def _record(qualname: str, canonical: tuple[RuleId, ...]) -> None:
    for rule_id in canonical:
        names = _ENFORCERS.setdefault(rule_id, [])
        if qualname not in names:
            names.append(qualname)
    _RULES_OF[qualname] = _RULES_OF.get(qualname, ()) + canonical


def qualified_name(obj: object) -> str:
    """``module.QualName`` of a function, method or class, compiled or not.

    >>> from rulekeeper.riskres.game import RiskGame
    >>> qualified_name(RiskGame.view)
    'rulekeeper.riskres.game.RiskGame.view'
    """
    return f"{_module_of(obj)}.{getattr(obj, '__qualname__', '')}"


def _module_of(obj: object) -> str:
    module = getattr(obj, "__module__", None)
    if module is None:
        # A method of a mypyc-compiled class has no __module__ of its own; its class has (the
        # class it is bound to, for a class method).
        owner = getattr(obj, "__objclass__", None) or getattr(obj, "__self__", None)
        module = getattr(owner, "__module__", "")
    return str(module)


def enforced_by(obj: object) -> tuple[RuleId, ...]:
    """Return the rules an object is marked as enforcing (empty if none).

    Only the marked object itself counts, not a subclass or an override of it. The marks of
    the object's module are read first if they have not been.
    """
    module = _module_of(obj)
    if module:
        read_marks(module)
    return _RULES_OF.get(qualified_name(obj), ())


def enforcers_of(rule_id: RuleId) -> tuple[str, ...]:
    """Return the qualified names that enforce one rule (empty if none)."""
    return tuple(_ENFORCERS.get(rule_id, ()))


def enforcers() -> Mapping[RuleId, tuple[str, ...]]:
    """Return every rule ID in the registry with the qualified names that enforce it."""
    return {rule_id: tuple(names) for rule_id, names in sorted(_ENFORCERS.items())}


ENFORCES_FIELD = ":enforces:"
"""The docstring field that marks a function, method or class as enforcing rules:
``:enforces: RR 7.2b, RR R3`` on a line of its own, below the text (see :func:`read_marks`)."""

_FIELD_LINE = re.compile(r"^\s*:enforces:(.*)$")

# The modules whose marks have been read into the registry.
_READ: set[str] = set()


def load_engine(package: str = "rulekeeper") -> None:
    """Import every module of ``package`` and read every rule mark in them into the registry
    (:func:`read_marks`); a single module is read alone."""
    root = importlib.import_module(package)
    read_marks(package)
    for module in _walk(getattr(root, "__path__", []), package + "."):
        importlib.import_module(module)
        read_marks(module)


def read_marks(module: str) -> None:
    """Record what each definition of ``module`` enforces, as its docstring's ``:enforces:``
    field says, once per module.

    The marks are read from the module's source, not from the objects: a function compiled
    with mypyc keeps no docstring, and a decorator would make every call to it a generic
    Python call (speed guide, "A compiled engine"). The source sits beside a compiled module
    (``game.py`` beside ``game.cpython-311-x86_64-linux-gnu.so``); a module with no source
    (a built-in, or a name that is not a module) has no marks.
    """
    if module in _READ:
        return
    _READ.add(module)
    source = _source_of(module)
    if source is not None:
        for qualname, rule_ids in marks_in(source):
            try:
                canonical = _canonical(rule_ids)
            except UnknownRuleError as error:
                raise UnknownRuleError(f"{module}.{qualname}, {ENFORCES_FIELD} {error}") from None
            _record(f"{module}.{qualname}", canonical)


def marks_in(source: str) -> list[tuple[str, tuple[str, ...]]]:
    r"""The ``:enforces:`` marks of a module's source: each marked definition's qualified name
    within the module, with the rule IDs its field lists, in the order of the source.

    A field may go on over the lines below it, indented further, as any docstring field may.

    >>> source = "class Game:\n    def check(self):\n        '''Judge.\n\n        :enforces:"
    >>> marks_in(source + " RR 7.2b,\n            RR R3\n        '''")
    [('Game.check', ('RR 7.2b', 'RR R3'))]
    """
    import ast  # only the registry reads source, never the engine in play

    found: list[tuple[str, tuple[str, ...]]] = []

    def visit(body: list[ast.stmt], prefix: str) -> None:
        for node in body:
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
                rule_ids = _field_of(ast.get_docstring(node) or "")
                if rule_ids:
                    found.append((prefix + node.name, rule_ids))
                if isinstance(node, ast.ClassDef):
                    visit(node.body, f"{prefix}{node.name}.")

    visit(ast.parse(source).body, "")
    return found


def _field_of(docstring: str) -> tuple[str, ...]:
    text: list[str] = []
    lines = iter(docstring.splitlines())
    for line in lines:
        match = _FIELD_LINE.match(line)
        if match is None:
            continue
        text.append(match.group(1))
        indent = len(line) - len(line.lstrip())
        for more in lines:  # the field's body goes on while its lines are indented further
            if not more.strip() or len(more) - len(more.lstrip()) <= indent:
                break
            text.append(more)
    return tuple(r.strip() for r in ",".join(text).split(",") if r.strip())


def _source_of(module: str) -> str | None:
    try:
        spec = importlib.util.find_spec(module)
    except (ImportError, ValueError):
        return None
    if spec is None or spec.origin is None:
        return None
    origin = Path(spec.origin)
    path = origin.with_name(origin.name.split(".", 1)[0] + ".py")
    return path.read_text(encoding="utf-8") if path.is_file() else None


def _walk(path: object, prefix: str) -> Iterator[str]:
    for info in pkgutil.walk_packages(path, prefix):  # type: ignore[arg-type]
        # The Sphinx extension enforces nothing and needs Sphinx, which the engine does not.
        if ".sphinx" not in info.name and not info.name.endswith("__main__"):
            yield info.name
