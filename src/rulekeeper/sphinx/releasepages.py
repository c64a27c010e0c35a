"""A page per release, generated before each build from the release files.

Every file in ``releases/`` gets a page in ``rulekeeper_release_pages_dir`` (``releases`` by
default: ``releases/lv-1.html``), holding a ``{rules-release}`` placeholder that
:mod:`rulekeeper.sphinx.changes` fills with the rules that release added, removed and changed.
The changes page lists them. The sources are written only when they differ from what is there,
so an incremental build reads no release page again unless a release was recorded.
"""

from __future__ import annotations

import json
from pathlib import Path

from sphinx.application import Sphinx
from sphinx.config import Config

from rulekeeper.sphinx.files import write_pages
from rulekeeper.sphinx.releases import Release

PAGE = """\
---
orphan: true
description: {description}
---

# {title}

```{{rules-release}} {prefix} {version}
```
"""


def release_pages_dir(config: Config) -> str:
    """The folder of the source tree the release pages are written to (``releases``)."""
    return str(config.rulekeeper_release_pages_dir).strip("/")


def release_docname(config: Config, release: Release) -> str:
    """The document of a release's page: ``releases/lv-1``."""
    name = f"{release.prefix.lower()}-{release.version.replace('.', '-')}"
    return f"{release_pages_dir(config)}/{name}"


def release_page(release: Release) -> str:
    """The MyST source of one release's page."""
    title = f"{release.label}, effective {release.day}"
    description = (
        f"The rules of {release.label}, effective {release.day}: the rules it added, removed "
        "and changed, word by word."
    )
    return PAGE.format(
        title=title,
        description=json.dumps(description, ensure_ascii=False),
        prefix=release.prefix,
        version=release.version,
    )


def write_release_pages(app: Sphinx) -> None:
    """Write a page per release and delete the pages of releases that no longer exist.

    Unchanged pages are not rewritten, so an incremental build does not read them again.
    """
    from rulekeeper.sphinx.changes import releases

    folder = release_pages_dir(app.config)
    if not folder:
        return
    out = Path(app.srcdir, folder)
    pages = {
        release_docname(app.config, release).rpartition("/")[2] + ".md": release_page(release)
        for done in releases(app.config).values()
        for release in done
    }
    if not pages and not out.is_dir():
        return
    write_pages(out, pages, "*.md")
