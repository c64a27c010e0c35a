"""``_static/rules.json`` and ``_static/rulekeeper-data.js``: the rules as data.

- ``_static/rules.json``: every rule's address, title, status and text, for other programs.
- ``_static/rulekeeper-data.js``: the same rules, and the glossary entries, cards and page
  sections the site's search looks through (:mod:`rulekeeper.sphinx.searchdata`), as a script.
  The site's script (``static/rulekeeper-rules.js``) loads it for the "Go to rule" box, the
  previews of rule references and the search; a script loads from a saved copy of the site
  (``file://``), where a fetched JSON file would not, and no network is needed for any of it.

The other files an HTML build writes beside its pages are listed in
:mod:`rulekeeper.sphinx.publishing`.
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from rulekeeper.rulebook import Rule
from rulekeeper.rules import PREFIXES, RuleId, rule_prefix
from rulekeeper.sphinx.domain import RuleRecord
from rulekeeper.sphinx.files import write_if_changed

DATA_FILE = "_static/rules.json"
SCRIPT_FILE = "_static/rulekeeper-data.js"

# Markdown that means nothing in plain text: links keep their words, emphasis and code marks go.
_LINK = re.compile(r"\[([^\]]+)\]\([^)]*\)")
_MARKS = re.compile(r"\*\*|(?<!\w)\*|\*(?!\w)|`")


def plain(rule: Rule) -> str:
    """A rule's text as a reader sees it, without MyST or Markdown marks."""
    text = _MARKS.sub("", _LINK.sub(r"\1", rule.plain_text))
    paragraphs = (" ".join(p.split()) for p in text.split("\n\n"))
    return "\n\n".join(p for p in paragraphs if p)


def rule_data(
    records: Mapping[RuleId, RuleRecord], page_uri: Mapping[str, str]
) -> dict[str, object]:
    """The contents of ``rules.json``: the formats by prefix, and every rule by ID.

    ``page_uri`` maps each page's docname to its address relative to the site's root.
    """
    rules = {
        rule_id: {
            "u": f"{page_uri[record.docname]}#{record.anchor}",
            "t": record.rule.title,
            "s": record.rule.status,
            "x": plain(record.rule),
        }
        for rule_id, record in records.items()
    }
    prefixes = dict.fromkeys(rule_prefix(rule_id) for rule_id in records)
    return {"prefixes": {p: PREFIXES[p] for p in prefixes}, "rules": rules}


COMPACT: dict[str, Any] = {"ensure_ascii": False, "separators": (",", ":")}


def write_rule_data(
    out: Path,
    records: Mapping[RuleId, RuleRecord],
    page_uri: Mapping[str, str],
    search: Mapping[str, object],
) -> None:
    """Write ``rules.json`` and ``rulekeeper-data.js`` under ``out``.

    ``search`` is what the site's search reads besides the rules
    (:mod:`rulekeeper.sphinx.searchdata`), by kind; the script carries it, the JSON file does
    not.
    """
    data = rule_data(records, page_uri)
    (out / DATA_FILE).parent.mkdir(parents=True, exist_ok=True)
    write_if_changed(out / DATA_FILE, json.dumps(data, **COMPACT))
    write_if_changed(
        out / SCRIPT_FILE,
        "window.rulekeeperData = " + json.dumps(data | dict(search), **COMPACT) + ";\n",
    )
