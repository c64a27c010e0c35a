"""Read the rules text in ``rules/*.md`` without Sphinx.

The Sphinx extension renders the rules; this module reads the same files as plain data, for
``rulekeeper rule``, ``rulekeeper coverage`` and the tests. A rule is written in MyST as a
``rule`` directive::

    :::{rule} LV 2.1
    Each player starts the game with 30 life.
    :::

Options right after the opening line mark a rule that the engine does not enforce:
``:informative: <reason>`` for a statement nothing can check, and ``:status: pending`` for a
rule that is published but not yet enforced. Worked examples are ``python`` fences inside the
rule whose first line starts with ``>>>``.

>>> from rulekeeper.rulebook import parse_rules
>>> text = ":::{rule} LV 2.1\\nEach player starts with 30 life.\\n:::\\n"
>>> [rule] = parse_rules(text, source="leveler.md")
>>> rule
<Rule LV 2.1 normative examples=0 leveler.md:1>
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field, replace
from functools import cache
from importlib import resources
from pathlib import Path

from rulekeeper.errors import InputError, UnknownRuleError
from rulekeeper.rules import RuleId, parse_rule_id, rule_sort_key

STATUSES = ("normative", "informative", "pending")
"""A rule is enforced (normative), not checkable (informative), or not enforced yet (pending)."""

_OPEN = re.compile(r"^(?P<fence>:{3,}|`{3,})\{rule\}\s+(?P<id>.+?)\s*$")
_OPTION = re.compile(r"^:(?P<key>[a-z-]+):\s*(?P<value>.*)$")
_HEADING = re.compile(r"^(?P<level>#{1,6})\s+(?P<title>.+?)\s*$")
# {rule}`LV 3.1` or {rule}`the sub-deck rule <LV 3.1>`, and any other role.
_ROLE = re.compile(r"\{[\w:-]+\}`(?:(?P<title>[^`<]*?)\s*<(?P<target>[^>`]+)>|(?P<plain>[^`]+))`")
_CODE_FENCE = re.compile(r"^(?P<fence>`{3,}|~{3,})\s*(?P<info>[^\s`]*)")


@dataclass(frozen=True)
class Rule:
    """One rule as written in the rules text."""

    id: RuleId
    text: str
    status: str = "normative"
    reason: str = ""
    title: str = ""
    section: str = ""
    examples: int = 0
    source: str = ""
    line: int = 0
    options: tuple[tuple[str, str], ...] = field(default=(), repr=False)
    # Where the rule and its examples are in the rules file, for messages: not part of the rule,
    # and only :func:`parse_rules` knows them (the site's directives see no closing fence).
    end_line: int = field(default=0, repr=False, compare=False)
    """The line of the directive's closing fence (0 if not known)."""
    example_lines: tuple[int, ...] = field(default=(), repr=False, compare=False)
    """The line each worked example's fence opens on, in the rule's source."""

    @property
    def plain_text(self) -> str:
        """The text with MyST roles reduced to their words, for a terminal."""
        return _ROLE.sub(
            lambda m: m.group("plain") or m.group("title") or m.group("target"), self.text
        )

    @property
    def is_normative(self) -> bool:
        """True if the engine must enforce this rule."""
        return self.status == "normative"

    def __repr__(self) -> str:
        return f"<Rule {self.id} {self.status} examples={self.examples} {self.source}:{self.line}>"


def count_examples(lines: Iterable[str]) -> int:
    """Count the worked examples in a rule's body: ``python`` fences that start with ``>>>``."""
    return len(example_offsets(lines))


def example_offsets(lines: Iterable[str]) -> list[int]:
    """The index, among ``lines``, of each worked example's opening fence."""
    found: list[int] = []
    inside: str | None = None
    opened = 0
    first_line_pending = False
    for number, line in enumerate(lines):
        stripped = line.strip()
        if inside is None:
            match = _CODE_FENCE.match(stripped)
            if match:
                inside = match.group("fence")
                opened = number
                first_line_pending = match.group("info") == "python"
            continue
        if stripped.startswith(inside) and stripped.strip(inside[0]) == "":
            inside = None
            first_line_pending = False
        elif first_line_pending and stripped:
            if stripped.startswith(">>>"):
                found.append(opened)
            first_line_pending = False
    return found


def parse_rules(text: str, *, source: str = "") -> list[Rule]:
    """Return the rules defined in one MyST document, in document order.

    :raises InputError: if a rule directive is not closed or its ID is malformed.
    """
    lines = text.splitlines()
    rules: list[Rule] = []
    section = ""
    index = 0
    while index < len(lines):
        line = lines[index]
        heading = _HEADING.match(line)
        if heading:
            section = heading.group("title")
        opening = _OPEN.match(line)
        if not opening:
            index += 1
            continue
        fence = opening.group("fence")
        try:
            rule_id = parse_rule_id(opening.group("id"))
        except UnknownRuleError as error:
            raise InputError(str(error), source=source, line=index + 1) from None
        end = next((i for i in range(index + 1, len(lines)) if lines[i].strip() == fence), None)
        if end is None:
            raise InputError(
                f"rule {rule_id} is never closed with {fence}", source=source, line=index + 1
            )
        rule = _make_rule(rule_id, lines[index + 1 : end], section, source, index + 1)
        rules.append(replace(rule, end_line=end + 1))
        index = end + 1
    return rules


def make_rule(
    rule_id: str,
    options: Iterable[tuple[str, str]],
    body: Sequence[str],
    *,
    section: str = "",
    source: str = "",
    line: int = 0,
) -> Rule:
    """Build one rule from a rule directive's parts, exactly as :func:`parse_rules` would.

    The Sphinx extension calls this with the directive's options and content, so the site and
    ``rulekeeper`` agree on every rule's status, reason and example count.

    :raises InputError: if the ID is malformed or the status is unknown.
    """
    try:
        canonical = parse_rule_id(rule_id)
    except UnknownRuleError as error:
        raise InputError(str(error), source=source, line=line) from None
    option_lines = [f":{key}: {value}" for key, value in options]
    return _make_rule(canonical, [*option_lines, *body], section, source, line)


def _make_rule(rule_id: RuleId, body: Sequence[str], section: str, source: str, line: int) -> Rule:
    options: list[tuple[str, str]] = []
    rest = list(body)
    while rest and (option := _OPTION.match(rest[0])):
        options.append((option.group("key"), option.group("value").strip()))
        rest.pop(0)
    # The body starts on the line after the opening fence, the options first.
    first_body_line = line + 1 + len(options)
    settings = dict(options)
    status = settings.get("status", "informative" if "informative" in settings else "normative")
    if status not in STATUSES:
        raise InputError(
            f"rule {rule_id} has unknown status {status!r}; expected one of {', '.join(STATUSES)}",
            source=source,
            line=line,
        )
    return Rule(
        id=rule_id,
        text=_prose(rest),
        status=status,
        reason=settings.get("informative", ""),
        title=settings.get("title", ""),
        section=section,
        examples=count_examples(rest),
        source=source,
        line=line,
        options=tuple(options),
        example_lines=tuple(first_body_line + offset for offset in example_offsets(rest)),
    )


def _prose(body: Sequence[str]) -> str:
    """The rule's text without its examples, hidden setup blocks and the lead-ins to examples.

    A lead-in is the paragraph that introduces an example, ending with a colon right before
    it ("Alice attacks Bob, so Bob's trap springs:"). It belongs to the example, so the rule
    as the command line prints it is only the statement itself. A rule's first paragraph is
    always kept.
    """
    # The prose between examples, one list of lines per gap.
    gaps: list[list[str]] = [[]]
    inside: str | None = None
    for line in body:
        stripped = line.strip()
        if inside is None and (match := _CODE_FENCE.match(stripped)):
            inside = match.group("fence")
            gaps.append([])
            continue
        if inside is not None:
            if stripped.startswith(inside) and stripped.strip(inside[0]) == "":
                inside = None
            continue
        if not stripped.startswith("%"):
            gaps[-1].append(line)
    kept: list[str] = []
    for number, gap in enumerate(gaps):
        paragraphs = _paragraphs(gap)
        leads_in = number + 1 < len(gaps) and paragraphs and paragraphs[-1].rstrip().endswith(":")
        if leads_in and (kept or len(paragraphs) > 1):
            paragraphs.pop()
        kept += paragraphs
    return "\n\n".join(kept).strip()


def _paragraphs(lines: Sequence[str]) -> list[str]:
    """Split lines into paragraphs at blank lines."""
    paragraphs: list[str] = []
    current: list[str] = []
    for line in [*lines, ""]:
        if line.strip():
            current.append(line)
        elif current:
            paragraphs.append("\n".join(current))
            current = []
    return paragraphs


def rulebook_dir() -> Path:
    """Return the folder that holds the rules text.

    An installed wheel carries it as ``rulekeeper/_rulebook``; a source checkout has it at the
    top level as ``rules/``.
    """
    packaged = resources.files("rulekeeper") / "_rulebook"
    if packaged.is_dir():
        return Path(str(packaged))
    return Path(__file__).resolve().parents[2] / "rules"


def iter_rule_files(folder: Path | None = None) -> Iterator[Path]:
    """Yield every Markdown file of the rules text, in a stable order."""
    yield from sorted((folder or rulebook_dir()).rglob("*.md"))


@cache
def load_rulebook(folder: Path | None = None) -> dict[RuleId, Rule]:
    """Return every rule in the rules text, keyed by ID and sorted.

    :raises InputError: if a rule is malformed or an ID is defined twice.
    """
    root = folder or rulebook_dir()
    found: dict[RuleId, Rule] = {}
    for path in iter_rule_files(root):
        source = path.relative_to(root.parent).as_posix()
        for rule in parse_rules(path.read_text(encoding="utf-8"), source=source):
            if rule.id in found:
                first = found[rule.id]
                raise InputError(
                    f"rule {rule.id} is defined twice (first at {first.source}:{first.line})",
                    source=source,
                    line=rule.line,
                )
            found[rule.id] = rule
    return dict(sorted(found.items(), key=lambda item: rule_sort_key(item[0])))


def rule_at(source: str, line: int, rulebook: Mapping[RuleId, Rule] | None = None) -> Rule | None:
    """The rule whose directive holds ``line`` of the rules file ``source`` (a path ending in
    the rule's own ``source``, such as ``rules/leveler.md``), or ``None`` outside every rule.

    >>> from rulekeeper.rulebook import load_rulebook, rule_at
    >>> rule = load_rulebook()["LV 2.1"]
    >>> rule_at(rule.source, rule.example_lines[0]).id
    'LV 2.1'
    """
    posix = Path(source).as_posix()
    for rule in (rulebook if rulebook is not None else load_rulebook()).values():
        if rule.line <= line <= rule.end_line and _same_file(posix, rule.source):
            return rule
    return None


def _same_file(path: str, source: str) -> bool:
    """True if ``path`` (absolute or relative) names the rules file ``source``."""
    return path == source or path.endswith("/" + source)
