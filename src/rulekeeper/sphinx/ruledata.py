"""What the HTML build writes beside the pages for readers of the rules.

- ``_static/rules.json``: every rule's address, title, status and text, for other programs.
- ``_static/rulekeeper-data.js``: the same rules, and the glossary entries, cards and page
  sections the site's search looks through (:mod:`rulekeeper.sphinx.searchdata`), as a script.
  The site's script (``static/rulekeeper-rules.js``) loads it for the "Go to rule" box, the
  previews of rule references and the search; a script loads from a saved copy of the site
  (``file://``), where a fetched JSON file would not, and no network is needed for any of it.
- ``r/<ID>.html``: a short, stable address per rule built from its ID alone
  (``r/RR-8.4b.html``), which forwards to wherever the rule is written now, so links made with
  it keep working when a rule moves to another page.
- ``downloads/<prefix>-rules.txt`` and ``.pdf``: each format's complete rules in one file
  (see :mod:`rulekeeper.sphinx.downloads`), and ``.html``: its pages and glossaries in one
  self-contained file (see :mod:`rulekeeper.sphinx.offline`).
- ``tests-source/tests/test_*.py.html``: each test file that pins a rule, highlighted with an
  anchor per line, which the traceability page links each test to.
"""

from __future__ import annotations

import html
import json
import re
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from sphinx.application import Sphinx
from sphinx.util.osutil import relative_uri

from rulekeeper.rulebook import Rule
from rulekeeper.rules import PREFIXES, SHORT_FOLDER, RuleId, rule_prefix, short_address
from rulekeeper.sphinx.changes import current_snapshot, releases
from rulekeeper.sphinx.domain import RuleRecord, rules_domain
from rulekeeper.sphinx.downloads import Edition, write_downloads
from rulekeeper.sphinx.files import write_if_changed
from rulekeeper.sphinx.linkpreviews import meta_tags
from rulekeeper.sphinx.offline import write_offline_files
from rulekeeper.sphinx.overview import GLOSSARY_KEY, pages_serving
from rulekeeper.sphinx.releases import compare
from rulekeeper.sphinx.searchdata import search_data
from rulekeeper.sphinx.traceability import tests_dir, write_test_sources
from rulekeeper.traceability import find_rule_tests

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


REDIRECT = """\
<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>{id}{title}</title>
{meta}
<link rel="canonical" href="{target}">
<meta http-equiv="refresh" content="0; url={target}">{icon}
</head>
<body>
<p><a href="{target}">{id}{title}</a></p>
</body>
</html>
"""


def write_site_files(app: Sphinx, exception: BaseException | None) -> None:
    """After an HTML build: write ``rules.json``, every rule's short address and each format's
    complete rules as text and PDF."""
    if exception is not None or app.builder.format != "html":
        return
    domain = rules_domain(app.env)
    records = {rule_id: domain.rules[rule_id] for rule_id in domain.rulebook()}
    pages = {record.docname for record in records.values()}
    page_uri = {docname: app.builder.get_target_uri(docname) for docname in pages}
    out = Path(app.outdir)
    released = editions(app)
    write_downloads(
        out,
        {r: (record.rule, plain(record.rule)) for r, record in records.items()},
        editions=released,
    )
    glossaries = pages_serving(app.env, GLOSSARY_KEY)
    offline: dict[str, list[str]] = {}
    for rule_id, record in records.items():
        offline.setdefault(rule_prefix(rule_id), []).append(page_uri[record.docname])
    for prefix, uris in offline.items():
        uris += [app.builder.get_target_uri(doc) for doc in glossaries.get(prefix, [])]
        offline[prefix] = list(dict.fromkeys(uris))
    aliases = {
        short_address(r): f"{page_uri[record.docname]}#{record.anchor}"
        for r, record in records.items()
    }
    write_offline_files(out, offline, released, aliases)
    favicon = app.config.html_favicon
    icon = f"_static/{Path(favicon).name}" if favicon and "://" not in favicon else ""
    write_rule_data(out, records, page_uri, favicon=icon, site=app.config.html_baseurl or "")
    search = search_data(app.env, app.builder.get_target_uri)
    write_if_changed(
        out / SCRIPT_FILE,
        "window.rulekeeperData = "
        + json.dumps(rule_data(records, page_uri) | search, **COMPACT)
        + ";\n",
    )
    tests = tests_dir(app.config)
    traceability = list(domain.traceability_docs)
    write_test_sources(
        out,
        tests,
        [t.partition("::")[0] for ts in find_rule_tests(tests).values() for t in ts],
        favicon=icon,
        back=app.builder.get_target_uri(traceability[0]) if traceability else "",
    )


def editions(app: Sphinx) -> dict[str, Edition]:
    """Each released format's version and date, and whether its rules changed since."""
    found = {}
    for prefix, done in releases(app.config).items():
        last = done[-1]
        changed = bool(compare(last.rules, current_snapshot(app.env, prefix)))
        found[prefix] = Edition(last.version, last.day, last.epoch, unreleased=changed)
    return found


def write_rule_data(
    out: Path,
    records: Mapping[RuleId, RuleRecord],
    page_uri: Mapping[str, str],
    *,
    favicon: str = "",
    site: str = "",
) -> None:
    """Write ``rules.json`` and the short address of every rule under ``out``.

    ``favicon`` is the site's icon relative to ``out``: a short address names it, or the
    browser asks the server for a ``favicon.ico`` that does not exist before it moves on.
    ``site`` is the site's canonical address, if it has one: a shared short address then
    carries its own ``og:url`` and the site's card.
    """
    data = rule_data(records, page_uri)
    (out / DATA_FILE).parent.mkdir(parents=True, exist_ok=True)
    write_if_changed(out / DATA_FILE, json.dumps(data, **COMPACT))
    folder = out / SHORT_FOLDER
    folder.mkdir(exist_ok=True)
    icon = f'\n<link rel="icon" href="../{html.escape(favicon)}">' if favicon else ""
    wanted = set()
    for rule_id, record in records.items():
        address = short_address(rule_id)
        wanted.add(Path(address).name)
        target = f"{relative_uri(address, page_uri[record.docname])}#{record.anchor}"
        title = f": {record.rule.title}" if record.rule.title else ""
        # What a link preview shows of a shared short address: the rule's ID, title and text.
        meta = meta_tags(
            f"{rule_id}{title}",
            plain(record.rule),
            kind="article",
            url=site.rstrip("/") + "/" + address if site else None,
            site=site or None,
        )
        page = REDIRECT.format(
            id=html.escape(rule_id),
            target=html.escape(target),
            title=html.escape(title),
            icon=icon,
            meta=meta.rstrip("\n"),
        )
        write_if_changed(out / address, page)
    for stale in folder.glob("*.html"):
        if stale.name not in wanted:
            stale.unlink()
