"""``sitemap.xml``: every page of the site at its canonical address, for search engines.

Written after an HTML build when the site has a canonical address (``html_baseurl``), from the
pages the environment knows (``env.found_docs``) rather than the pages this build happened to
write: the sphinx-sitemap extension lists only the latter, so an incremental build (one rules
page changed) would have published a sitemap of one page. The 404 page is left out (a search
engine should not offer it); Sphinx's own search and index pages are not documents, so they
are never in it. Sorted, so that the same sources give the same file.
"""

from __future__ import annotations

from xml.sax.saxutils import escape

from sphinx.application import Sphinx

from rulekeeper.sphinx.files import write_if_changed
from rulekeeper.sphinx.notfound import NOT_FOUND_PAGE

SITEMAP_FILE = "sitemap.xml"


def sitemap(base: str, uris: list[str]) -> str:
    """The sitemap listing ``uris`` (relative to the site's root) under ``base``.

    >>> from rulekeeper.sphinx.sitemap import sitemap
    >>> print(sitemap("https://example.org/rules/", ["index.html"]))
    <?xml version="1.0" encoding="utf-8"?>
    <urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
    <url><loc>https://example.org/rules/index.html</loc></url>
    </urlset>
    <BLANKLINE>
    """
    root = base.rstrip("/") + "/"
    entries = "".join(f"<url><loc>{escape(root + uri)}</loc></url>\n" for uri in sorted(uris))
    return (
        '<?xml version="1.0" encoding="utf-8"?>\n'
        '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n'
        f"{entries}</urlset>\n"
    )


def write_sitemap(app: Sphinx) -> None:
    """Write ``sitemap.xml`` after an HTML build, if the site has a canonical address."""
    base: str = app.config.html_baseurl or ""
    if not base:
        return
    uris = [
        app.builder.get_target_uri(docname)
        for docname in app.env.found_docs
        if docname != NOT_FOUND_PAGE
    ]
    write_if_changed(app.outdir / SITEMAP_FILE, sitemap(base, uris))
