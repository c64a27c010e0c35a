"""``r/<ID>.html``: a short, stable address per rule, built from its ID alone.

``r/RR-8.4b.html`` forwards to wherever the rule is written now, so a link made with it keeps
working when the rule moves to another page. Each page also says what the rule is (its ID,
title and text as the page's title and link-preview tags), so a shared short address shows the
rule rather than an empty redirect; pages of rules that no longer exist are deleted.
"""

from __future__ import annotations

import html
from collections.abc import Mapping
from pathlib import Path

from sphinx.util.osutil import relative_uri

from rulekeeper.rules import SHORT_FOLDER, RuleId, short_address
from rulekeeper.sphinx.domain import RuleRecord
from rulekeeper.sphinx.files import write_if_changed
from rulekeeper.sphinx.linkpreviews import meta_tags
from rulekeeper.sphinx.ruledata import plain

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


def write_short_addresses(
    out: Path,
    records: Mapping[RuleId, RuleRecord],
    page_uri: Mapping[str, str],
    *,
    favicon: str = "",
    site: str = "",
) -> None:
    """Write the short address of every rule under ``out``, and delete those of old rules.

    ``page_uri`` maps each page's docname to its address relative to the site's root.
    ``favicon`` is the site's icon relative to ``out``: a short address names it, or the
    browser asks the server for a ``favicon.ico`` that does not exist before it moves on.
    ``site`` is the site's canonical address, if it has one: a shared short address then
    carries its own ``og:url`` and the site's card.
    """
    folder = out / SHORT_FOLDER
    folder.mkdir(parents=True, exist_ok=True)
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
