"""Review stamps: which version of each rule's text its code, examples and tests were checked
against.

A rule's text and the code that enforces it change together, but only a worked example that
happens to pin a fact notices when they drift apart ("two to six players" edited to "two to
seven" while the code still says six). So, as requirement tools such as Doorstop do, each rule
carries a *review stamp*: a fingerprint of its text, committed in ``rules/reviewed/<prefix>.toml``
beside the rules. When the text changes, the fingerprint no longer matches, and the tests fail
naming the rule, its enforcing code and its examples, until someone has read them together and
run ``rulekeeper review ID`` (or ``rulekeeper review --all-changed``), which writes the new
fingerprint. The stamp file's change then shows in review beside the text's.

Only the statement counts (the ``text`` of a :class:`~rulekeeper.rulebook.Rule`, with runs of
white space read as one space): rewrapping a paragraph or editing an example changes nothing,
since the examples run as tests anyway.

>>> from rulekeeper.rulebook import load_rulebook
>>> from rulekeeper.reviews import fingerprint
>>> rule = load_rulebook()["LV 2.1"]
>>> fingerprint(rule) == fingerprint(rule.__class__(rule.id, rule.text.replace(" ", "\\n  ")))
True
"""

from __future__ import annotations

import hashlib
import tomllib
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path

from rulekeeper.errors import InputError
from rulekeeper.rulebook import Rule
from rulekeeper.rules import PREFIXES, RuleId, parse_rule_id, rule_prefix, rule_sort_key

STAMPS_FOLDER = "reviewed"
"""The folder, inside the rules folder, that holds one stamp file per format."""

Stamps = dict[RuleId, str]
"""Rule ID -> the fingerprint of the text it was last reviewed against."""


def fingerprint(rule: Rule) -> str:
    """A short SHA-256 fingerprint of a rule's statement, blind to how its lines are wrapped."""
    words = " ".join(rule.text.split())
    return hashlib.sha256(words.encode("utf-8")).hexdigest()[:16]


def stamps_dir(rules_dir: Path) -> Path:
    """The folder of stamp files for the rules in ``rules_dir``."""
    return rules_dir / STAMPS_FOLDER


def stamp_file(rules_dir: Path, prefix: str) -> Path:
    """The stamp file of one format: ``rules/reviewed/RR.toml``."""
    return stamps_dir(rules_dir) / f"{prefix}.toml"


def read_stamps(rules_dir: Path) -> Stamps:
    """Every review stamp of every format (empty if there are none yet).

    :raises InputError: if a stamp file is not TOML, or not rule IDs mapped to fingerprints.
    """
    stamps: Stamps = {}
    folder = stamps_dir(rules_dir)
    for path in sorted(folder.glob("*.toml")) if folder.is_dir() else ():
        try:
            table = tomllib.loads(path.read_text(encoding="utf-8"))
        except tomllib.TOMLDecodeError as error:
            raise InputError(f"not a stamp file: {error}", source=str(path)) from None
        for key, value in table.items():
            if not isinstance(value, str):
                raise InputError(f"{key}: the fingerprint must be text", source=str(path))
            stamps[parse_rule_id(key)] = value
    return stamps


@dataclass(frozen=True)
class Unreviewed:
    """A rule whose text is not the text its code was last reviewed against."""

    rule: Rule
    stamp: str | None
    """The fingerprint last reviewed, or ``None`` for a rule never reviewed (a new rule)."""

    @property
    def why(self) -> str:
        """Why the rule needs a review, in a few words."""
        if self.stamp is None:
            return "is new, and its code has not been reviewed against its text"
        return "has changed text since its code was last reviewed against it"


def unreviewed(rulebook: Mapping[RuleId, Rule], stamps: Mapping[RuleId, str]) -> list[Unreviewed]:
    """The rules whose text has no stamp or a stale one, in rule order."""
    return [
        Unreviewed(rule, stamps.get(rule_id))
        for rule_id, rule in rulebook.items()
        if stamps.get(rule_id) != fingerprint(rule)
    ]


def mark_reviewed(
    rules_dir: Path, rulebook: Mapping[RuleId, Rule], rule_ids: Iterable[RuleId]
) -> list[RuleId]:
    """Stamp ``rule_ids`` with their current text and rewrite the stamp files; stamps of rules
    that no longer exist are dropped. Returns the IDs whose stamp changed, in rule order.

    :raises InputError: if an ID names no rule.
    """
    stamps = read_stamps(rules_dir)
    changed: list[RuleId] = []
    for rule_id in rule_ids:
        rule = rulebook.get(rule_id)
        if rule is None:
            raise InputError(f"no rule {rule_id} to mark reviewed")
        if stamps.get(rule_id) != (stamp := fingerprint(rule)):
            stamps[rule_id] = stamp
            changed.append(rule_id)
    write_stamps(rules_dir, {k: v for k, v in stamps.items() if k in rulebook})
    return sorted(changed, key=rule_sort_key)


def write_stamps(rules_dir: Path, stamps: Mapping[RuleId, str]) -> None:
    """Write one stamp file per format, in rule order, so that a change is one line's diff."""
    folder = stamps_dir(rules_dir)
    folder.mkdir(exist_ok=True)
    by_prefix: dict[str, list[RuleId]] = {}
    for rule_id in sorted(stamps, key=rule_sort_key):
        by_prefix.setdefault(rule_prefix(rule_id), []).append(rule_id)
    for prefix, rule_ids in by_prefix.items():
        lines = [
            f"# Review stamps of the {PREFIXES[prefix]} rules: the fingerprint of each rule's text",
            "# as its enforcing code, examples and tests were last checked against. Written by",
            "# `rulekeeper review`; see the contributor guide. Do not edit by hand.",
            *(f'"{rule_id}" = "{stamps[rule_id]}"' for rule_id in rule_ids),
        ]
        stamp_file(rules_dir, prefix).write_text("\n".join(lines) + "\n", encoding="utf-8")
    for path in folder.glob("*.toml"):
        if path.stem not in by_prefix:
            path.unlink()
