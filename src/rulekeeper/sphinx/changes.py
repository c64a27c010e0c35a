"""The changes page and each rule's history line, made from the releases and the current rules.

``{rules-changes}`` marks where the changes page lists, per format, the changes not yet released
(a word-by-word difference, each linked to the rule) and then every release, newest first,
linked to its own page. ``{rules-release}`` marks where a release's page (generated, see
:mod:`rulekeeper.sphinx.releasepages`) lists the rules that release added, removed and changed,
in the same way. Under every rule, a line names the release in which it last changed and links
to its history: the changes page showing that rule's unreleased change and the releases that
changed it, each of whose pages then shows that rule only. All of it is made when a page is
written (see :mod:`rulekeeper.sphinx.releases`).
"""

from __future__ import annotations

from functools import cache
from pathlib import Path
from typing import Any

from docutils import nodes
from docutils.nodes import Node
from sphinx import addnodes
from sphinx.application import Sphinx
from sphinx.config import Config
from sphinx.transforms.post_transforms import SphinxPostTransform
from sphinx.util.docutils import SphinxDirective
from sphinx.util.osutil import relative_uri

from rulekeeper.rules import PREFIXES, RuleId, rule_prefix
from rulekeeper.sphinx.domain import rules_domain
from rulekeeper.sphinx.releasepages import release_docname, release_pages_dir
from rulekeeper.sphinx.releases import Release, Snapshot, compare, history, load_releases, word_diff
from rulekeeper.sphinx.transforms import BEFORE_REFERENCES, rule_xref


class rules_changes(nodes.General, nodes.Element):
    """Where the changes page's generated lists go."""


def releases_dir(config: Config) -> Path:
    """The folder of release files (``rulekeeper_releases_dir``, resolved)."""
    return Path(config.rulekeeper_releases_dir)


@cache
def _load(folder: Path, signature: tuple[tuple[str, int], ...]) -> dict[str, list[Release]]:
    return load_releases(folder)


def releases(config: Config) -> dict[str, list[Release]]:
    """Every release, by format; read again only when a file changes."""
    folder = releases_dir(config)
    return _load(folder, release_signature(config))


def release_signature(config: Config) -> tuple[tuple[str, int], ...]:
    """The release files and their sizes, to tell when they change (a release is never
    edited once made, so a new or removed file is what changes)."""
    folder = releases_dir(config)
    if not folder.is_dir():
        return ()
    return tuple((path.name, path.stat().st_size) for path in sorted(folder.glob("*.json")))


def current_snapshot(app_env: Any, prefix: str) -> Snapshot:
    """The format's rules as they are now, in the shape of a release."""
    from rulekeeper.sphinx.releases import snapshot

    rulebook = rules_domain(app_env).rulebook()
    return snapshot({r: rule for r, rule in rulebook.items() if rule_prefix(r) == prefix})


class RulesChangesDirective(SphinxDirective):
    """``{rules-changes}``: the place where the generated changes go."""

    has_content = False

    def run(self) -> list[Node]:
        """Leave a placeholder; the page is written again whenever a rule or release changes."""
        rules_domain(self.env).note_report(self.env.docname, "changes")
        return [rules_changes()]


class RulesReleaseDirective(SphinxDirective):
    """``{rules-release} LV 1``: where a release's page lists what that release changed (the
    pages are generated, see :mod:`rulekeeper.sphinx.releasepages`)."""

    has_content = False
    required_arguments = 2

    def run(self) -> list[Node]:
        """Leave a placeholder, written again when a rule is added or removed (its link)."""
        rules_domain(self.env).note_report(self.env.docname, "release")
        prefix, version = self.arguments
        return [rules_changes(prefix=prefix, version=version)]


def _rule_classes(rule_id: str) -> list[str]:
    return ["rule-change", _rule_mark(rule_id)]


def _rule_mark(rule_id: str) -> str:
    """The class that marks what concerns one rule, for the History filter:
    ``rule-change-rule-lv-2-1``."""
    return "rule-change-" + nodes.make_id("rule-" + rule_id)


class RulesChanges(SphinxPostTransform):
    """Fill the changes page and the release pages from the releases and the current rules."""

    default_priority = BEFORE_REFERENCES

    def run(self, **kwargs: Any) -> None:
        """Replace each placeholder with every format's changes, or with one release's."""
        placeholders = list(self.document.findall(rules_changes))
        if not placeholders:
            return
        found = releases(self.config)
        for placeholder in placeholders:
            if placeholder.get("version"):
                placeholder.replace_self(self.release_changes(found, placeholder))
            else:
                placeholder.replace_self(self.all_formats(found))

    def all_formats(self, found: dict[str, list[Release]]) -> list[Node]:
        """Per format: its unreleased changes and the list of its releases."""
        domain = rules_domain(self.env)
        prefixes = list(dict.fromkeys(rule_prefix(r) for r in domain.rulebook()))
        content: list[Node] = []
        for prefix in prefixes:
            block = nodes.container(classes=["format-changes"], ids=[f"changes-{prefix.lower()}"])
            block += self.format_changes(prefix, found.get(prefix, []))
            content.append(block)
        return content

    def release_changes(self, found: dict[str, list[Release]], where: nodes.Element) -> list[Node]:
        """A release's page: what it added, changed and removed since the release before."""
        done = found.get(where["prefix"], [])
        index = next((i for i, r in enumerate(done) if r.version == where["version"]), None)
        if index is None:
            return [nodes.paragraph(text=f"No release {where['prefix']} {where['version']}.")]
        release = done[index]
        before = done[index - 1].rules if index else {}
        intro = nodes.paragraph(classes=["release-summary"])
        intro += nodes.Text(self.summary(release, before) + " ")
        changes_doc = self.changes_doc()
        if changes_doc:
            text = "Every release, and the changes not yet released"
            intro += self.page_link(changes_doc, text)
            intro += nodes.Text(".")
        return [intro, self.change_list(compare(before, release.rules), before, release.rules)]

    def summary(self, release: Release, before: Snapshot) -> str:
        """``Version 2, effective 26 November 2026: 1 added, 2 changed, 0 removed since
        version 1.``"""
        text = f"Version {release.version}, effective {release.day}"
        if not before:
            return f"{text}: the first release, {len(release.rules)} rules."
        changes = compare(before, release.rules)
        counts = f"{len(changes.added)} added, {len(changes.changed)} changed"
        return f"{text}: {counts}, {len(changes.removed)} removed."

    def changes_doc(self) -> str | None:
        """The changes page, if the site has one."""
        docs = [d for d, kind in rules_domain(self.env).report_docs.items() if kind == "changes"]
        return docs[0] if docs else None

    def page_link(self, docname: str, text: str) -> Node:
        """A link to another page of the site, relative to this page (as the HTML builder
        writes both)."""
        uri = relative_uri(self.env.docname, docname + ".html")
        return nodes.reference(text, text, refuri=uri)

    def format_changes(self, prefix: str, done: list[Release]) -> list[Node]:
        """A format's heading, its unreleased changes and its releases, newest first, each
        linked to its page."""
        name = PREFIXES.get(prefix, prefix)
        out: list[Node] = [nodes.rubric(name, name)]
        current = current_snapshot(self.env, prefix)
        last = done[-1] if done else None
        intro = nodes.paragraph(classes=["release-unreleased"])
        if last is None:
            intro += nodes.Text("No release yet: every rule below is new.")
            out += [intro, self.change_list(compare({}, current), {}, current)]
            return out
        changes = compare(last.rules, current)
        if changes:
            intro += nodes.strong("Not yet released.", "Not yet released.")
            intro += nodes.Text(f" Changes since version {last.version}:")
            out += [intro, self.change_list(changes, last.rules, current)]
        else:
            intro += nodes.Text(f"No changes since version {last.version}.")
            out.append(intro)
        listing = nodes.bullet_list(classes=["releases"])
        for index in range(len(done) - 1, -1, -1):
            release = done[index]
            before = done[index - 1].rules if index else {}
            touched = compare(before, release.rules)
            marks = [_rule_mark(r) for r in (*touched.changed, *touched.added, *touched.removed)]
            # The marks let History keep only the releases that changed one rule.
            item = nodes.list_item(classes=["release", *marks], ids=[release.anchor])
            line = nodes.paragraph(classes=["release-heading"])
            docname = release_docname(self.config, release)
            summary = self.summary(release, before)
            head, _, rest = summary.partition(":")
            pages = release_pages_dir(self.config)
            line += self.page_link(docname, head) if pages else nodes.Text(head)
            line += nodes.Text(":" + rest)
            item += line
            listing += item
        out.append(listing)
        return out

    def change_list(self, changes: Any, old: Snapshot, new: Snapshot) -> nodes.bullet_list:
        """One item per rule added, changed or removed, with the difference in its text."""
        listing = nodes.bullet_list(classes=["rule-changes"])
        for kind, ids in (("Changed", changes.changed), ("Added", changes.added)):
            for rule_id in ids:
                item = nodes.list_item(
                    classes=[*_rule_classes(rule_id), f"rule-{kind.lower()}"],
                    ids=[nodes.make_id("change-" + rule_id)],
                )
                line = nodes.paragraph()
                line += nodes.Text(f"{kind}: ")
                line += self.rule_link(rule_id)
                if new[rule_id]["t"]:
                    line += nodes.Text(" " + new[rule_id]["t"])
                item += line
                if kind == "Changed":
                    item += self.difference(old[rule_id], new[rule_id])
                listing += item
        for rule_id in changes.removed:
            item = nodes.list_item(
                classes=[*_rule_classes(rule_id), "rule-removed"],
                ids=[nodes.make_id("change-" + rule_id)],
            )
            text = f"Removed: {rule_id} {old[rule_id]['t']}".rstrip()
            item += nodes.paragraph(text, text)
            listing += item
        return listing

    def difference(self, old: dict[str, str], new: dict[str, str]) -> nodes.paragraph:
        """The rule's title, status and text, with what was removed and added marked."""
        paragraph = nodes.paragraph(classes=["rule-diff"])
        before = f"[{old['s']}] {old['t']}. {old['x']}"
        after = f"[{new['s']}] {new['t']}. {new['x']}"
        for op, text in word_diff(before, after):
            if op == "=":
                paragraph += nodes.Text(text)
            else:
                kind = "diff-removed" if op == "-" else "diff-added"
                paragraph += nodes.inline(text, text, classes=[kind])
        return paragraph

    def rule_link(self, rule_id: str) -> Node:
        """A link to a rule that still exists; its ID otherwise."""
        if RuleId(rule_id) not in rules_domain(self.env).rules:
            return nodes.Text(rule_id)
        return rule_xref(rule_id, self.env.docname)


class RuleHistoryLines(SphinxPostTransform):
    """Under every rule: the release it last changed in, and a link to its history."""

    default_priority = BEFORE_REFERENCES

    def run(self, **kwargs: Any) -> None:
        """Add the line to every rule of this page."""
        docs = [d for d, kind in rules_domain(self.env).report_docs.items() if kind == "changes"]
        if not docs:
            return
        found = releases(self.config)
        current: dict[str, Snapshot] = {}
        for signature in list(self.document.findall(addnodes.desc_signature)):
            rule_id = signature.get("rule_id")
            content = signature.parent.next_node(addnodes.desc_content) if rule_id else None
            if content is None:
                continue
            prefix = rule_prefix(rule_id)
            if prefix not in current:
                current[prefix] = current_snapshot(self.env, prefix)
            content.append(self.line(rule_id, found.get(prefix, []), current[prefix], docs[0]))

    def line(self, rule_id: str, done: list[Release], now: Snapshot, page: str) -> nodes.paragraph:
        """``Version 1 (26 November 2026) · History``, or what is not released yet."""
        paragraph = nodes.paragraph(classes=["rule-history"])
        changed_in = history(done, rule_id)
        last = done[-1] if done else None
        if last is not None and rule_id in last.rules and last.rules[rule_id] != now[rule_id]:
            text = f"Changed since version {last.version}, not yet released."
        elif not changed_in or (last is not None and rule_id not in last.rules):
            text = "New, not yet released."
        else:
            release = changed_in[-1]
            text = f"Last changed in version {release.version} ({release.day})."
        paragraph += nodes.Text(text + " ")
        # Relative to the page, as the HTML builder writes both (as the formats overview does).
        uri = relative_uri(self.env.docname, page + ".html")
        target = f"{uri}?rule={rule_id.replace(' ', '-')}"
        paragraph += nodes.reference(
            "History", "History", refuri=target, classes=["rule-history-link"]
        )
        return paragraph


def setup_changes(app: Sphinx) -> None:
    """Register the configuration values, the directives and the two post-transforms."""
    app.add_config_value("rulekeeper_releases_dir", None, "env", (str, type(None)))
    app.add_config_value("rulekeeper_release_pages_dir", "releases", "env", str)
    app.add_directive("rules-changes", RulesChangesDirective)
    app.add_directive("rules-release", RulesReleaseDirective)
    app.add_post_transform(RulesChanges)
    app.add_post_transform(RuleHistoryLines)
