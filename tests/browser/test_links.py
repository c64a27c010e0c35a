"""Every internal link and anchor on every page of the built site resolves.

This reads the HTML files directly, without the browser: it is the same check for every page,
and a parser does it for all of them in seconds.
"""

from __future__ import annotations

from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import unquote, urldefrag, urlsplit

EXTERNAL = ("http:", "https:", "mailto:", "javascript:", "data:", "tel:")


class _Page(HTMLParser):
    """The anchors a page defines and the links it makes."""

    def __init__(self) -> None:
        super().__init__()
        self.anchors: set[str] = set()
        self.links: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        values = dict(attrs)
        for name in ("id", "name") if tag == "a" else ("id",):
            if values.get(name):
                self.anchors.add(str(values[name]))
        attribute = {"a": "href", "link": "href", "script": "src", "img": "src"}.get(tag)
        if attribute and values.get(attribute):
            self.links.append(str(values[attribute]))


def _read(path: Path) -> _Page:
    page = _Page()
    page.feed(path.read_text(encoding="utf-8"))
    return page


def test_every_internal_link_and_anchor_resolves(site_dir: Path) -> None:
    """Each href and src inside the site names a file that exists, and an anchor on it."""
    pages: dict[Path, _Page] = {}

    def page_at(path: Path) -> _Page:
        if path not in pages:
            pages[path] = _read(path)
        return pages[path]

    broken: list[str] = []
    html_files = sorted(site_dir.rglob("*.html"))
    assert len(html_files) > 100, "the site looks unbuilt"
    for source in html_files:
        for link in page_at(source).links:
            if link.startswith(EXTERNAL) or link.startswith("//"):
                continue
            address, fragment = urldefrag(link)
            path = urlsplit(address).path
            target = (source.parent / unquote(path)).resolve() if path else source
            if target.is_dir():
                target /= "index.html"
            where = f"{source.relative_to(site_dir)}: {link}"
            if not target.is_relative_to(site_dir.resolve()) or not target.is_file():
                broken.append(f"{where} (no such file)")
            elif (
                fragment
                and target.suffix == ".html"
                and unquote(fragment) not in page_at(target).anchors
            ):
                broken.append(f"{where} (no such anchor)")
    assert not broken, f"{len(broken)} broken links:\n" + "\n".join(broken[:50])
