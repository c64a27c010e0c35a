"""Releases of each format's rules: what every rule said when a version was published.

A release is a file in the repository, ``releases/<PREFIX>-<version>.json``, made by
``nox -s release`` (``python -m rulekeeper.sphinx.releases``): the format, its version, the date
it takes effect and a snapshot of every rule's title, status and text, as the site shows it. The
site is built from those files and the current rules alone, so any clone shows the same:

- on the changes page, each release's rules added, removed and changed (word by word), and the
  changes made since the last release;
- on each rule, the release it last changed in, and a link to its history;
- on the home page and in the downloads, each format's version and effective date.

A release is never edited once made: the next one is measured against it.
"""

from __future__ import annotations

import argparse
import difflib
import json
import re
import sys
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import UTC, date, datetime
from pathlib import Path

from rulekeeper.rulebook import Rule, load_rulebook
from rulekeeper.rules import PREFIXES, RuleId, rule_prefix, rule_sort_key

Snapshot = dict[str, dict[str, str]]
"""Rule ID -> ``{"t": title, "s": status, "x": text}``."""

FILE = re.compile(r"^(?P<prefix>[A-Z]{2})-(?P<version>[0-9][0-9.]*)\.json$")


@dataclass(frozen=True)
class Release:
    """One published version of a format's rules."""

    prefix: str
    version: str
    date: str
    """The day it takes effect, ``YYYY-MM-DD``."""
    rules: Snapshot

    @property
    def label(self) -> str:
        """``Leveler version 1``."""
        return f"{PREFIXES.get(self.prefix, self.prefix)} version {self.version}"

    @property
    def anchor(self) -> str:
        """The anchor of the release on the changes page: ``release-lv-1``."""
        return f"release-{self.prefix.lower()}-{self.version.replace('.', '-')}"

    @property
    def day(self) -> str:
        """The effective date as a reader writes it: ``26 November 2026``."""
        return long_date(self.date)

    @property
    def epoch(self) -> int:
        """The effective date's midnight (UTC) in seconds, to date a PDF."""
        return int(
            datetime.combine(date.fromisoformat(self.date), datetime.min.time(), UTC).timestamp()
        )


def long_date(iso: str) -> str:
    """``2026-11-26`` as ``26 November 2026``.

    >>> from rulekeeper.sphinx.releases import long_date
    >>> long_date("2026-11-26")
    '26 November 2026'
    """
    day = date.fromisoformat(iso)
    return f"{day.day} {day:%B %Y}"


def snapshot(rules: Mapping[RuleId, Rule]) -> Snapshot:
    """Every rule's title, status and text, as the site shows them."""
    from rulekeeper.sphinx.ruledata import plain

    return {
        str(rule_id): {"t": rule.title, "s": rule.status, "x": plain(rule)}
        for rule_id, rule in rules.items()
    }


def _version_key(version: str) -> tuple[int, ...]:
    return tuple(int(part) for part in version.split(".") if part)


def load_releases(folder: Path) -> dict[str, list[Release]]:
    """Every release in ``folder``, by format prefix, oldest first."""
    found: dict[str, list[Release]] = {}
    if not folder.is_dir():
        return found
    for path in sorted(folder.glob("*.json")):
        match = FILE.match(path.name)
        if match is None:
            continue
        data = json.loads(path.read_text(encoding="utf-8"))
        release = Release(match["prefix"], match["version"], data["date"], data["rules"])
        found.setdefault(release.prefix, []).append(release)
    for releases in found.values():
        releases.sort(key=lambda r: (_version_key(r.version), r.date))
    return found


@dataclass(frozen=True)
class Changes:
    """What changed between two snapshots of a format's rules."""

    added: list[str]
    removed: list[str]
    changed: list[str]

    def __bool__(self) -> bool:
        return bool(self.added or self.removed or self.changed)


def compare(old: Snapshot, new: Snapshot) -> Changes:
    """The rules added, removed and changed (title, status or text) from ``old`` to ``new``."""

    def ordered(ids: set[str]) -> list[str]:
        return sorted(ids, key=lambda rule_id: rule_sort_key(RuleId(rule_id)))

    return Changes(
        added=ordered(set(new) - set(old)),
        removed=ordered(set(old) - set(new)),
        changed=ordered({r for r in set(old) & set(new) if old[r] != new[r]}),
    )


def word_diff(old: str, new: str) -> list[tuple[str, str]]:
    """The difference between two texts word by word: ``("=", ...)``, ``("-", ...)`` and
    ``("+", ...)`` runs, in reading order.

    >>> from rulekeeper.sphinx.releases import word_diff
    >>> word_diff("Draw seven cards.", "Draw eight cards.")
    [('=', 'Draw '), ('-', 'seven '), ('+', 'eight '), ('=', 'cards.')]
    """
    before, after = re.findall(r"\S+\s*", old), re.findall(r"\S+\s*", new)
    runs: list[tuple[str, str]] = []
    matcher = difflib.SequenceMatcher(a=before, b=after, autojunk=False)
    for tag, i1, i2, j1, j2 in matcher.get_opcodes():
        if tag == "equal":
            runs.append(("=", "".join(before[i1:i2])))
            continue
        if i2 > i1:
            runs.append(("-", "".join(before[i1:i2])))
        if j2 > j1:
            runs.append(("+", "".join(after[j1:j2])))
    return runs


def history(releases: Sequence[Release], rule_id: str) -> list[Release]:
    """The releases in which a rule was added or changed, oldest first."""
    changed = []
    previous: Mapping[str, str] | None = None
    for release in releases:
        current = release.rules.get(rule_id)
        if current is not None and current != previous:
            changed.append(release)
        previous = current
    return changed


def write_release(
    folder: Path, prefix: str, version: str, day: str, rules: Mapping[RuleId, Rule]
) -> Path:
    """Record a release of one format: a snapshot of its rules, as the site shows them."""
    path = folder / f"{prefix}-{version}.json"
    if path.exists():
        raise FileExistsError(f"{path.name}: this release is already recorded (make a new one)")
    own = {rule_id: rule for rule_id, rule in rules.items() if rule_prefix(rule_id) == prefix}
    data = {"format": prefix, "version": version, "date": day, "rules": snapshot(own)}
    folder.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(data, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
    return path


def next_version(releases: Sequence[Release]) -> str:
    """The version after the last: ``1`` for a first release, then ``2``, ``3``...

    >>> from rulekeeper.sphinx.releases import next_version
    >>> next_version([])
    '1'
    """
    if not releases:
        return "1"
    return str(_version_key(releases[-1].version)[0] + 1)


def main(argv: Sequence[str] | None = None) -> int:
    """``nox -s release -- [PREFIX ...] [--version V] [--date YYYY-MM-DD]``.

    Records a release of each named format (every format when none is named) whose rules
    differ from its last release. Exit 0 when done, 2 for a usage error.
    """
    parser = argparse.ArgumentParser(prog="python -m rulekeeper.sphinx.releases")
    parser.add_argument("formats", nargs="*", help="format prefixes (default: every format)")
    parser.add_argument("--version", help="the version (default: the next whole number)")
    parser.add_argument("--date", help="the effective date, YYYY-MM-DD (default: today, UTC)")
    parser.add_argument("--folder", type=Path, default=Path("releases"))
    args = parser.parse_args(argv)
    day = args.date or datetime.now(UTC).date().isoformat()
    try:
        date.fromisoformat(day)
    except ValueError:
        parser.error(f"--date {day!r} is not a date written YYYY-MM-DD")
    rules = load_rulebook()
    present = list(dict.fromkeys(rule_prefix(rule_id) for rule_id in rules))
    wanted = [p.upper() for p in args.formats] or present
    unknown = [p for p in wanted if p not in present]
    if unknown:
        parser.error(f"no rules with the prefix {', '.join(unknown)}")
    releases = load_releases(args.folder)
    for prefix in wanted:
        done = releases.get(prefix, [])
        current = snapshot({r: rule for r, rule in rules.items() if rule_prefix(r) == prefix})
        if done and not compare(done[-1].rules, current):
            print(f"{prefix}: no change since version {done[-1].version}; nothing recorded")
            continue
        version = args.version or next_version(done)
        try:
            path = write_release(args.folder, prefix, version, day, rules)
        except FileExistsError as error:
            print(f"error: {error}", file=sys.stderr)
            return 2
        print(f"{prefix}: version {version}, effective {day}: {path}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
