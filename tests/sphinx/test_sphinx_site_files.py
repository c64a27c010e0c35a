"""Every file an HTML build of the test project writes, each checked here, part by part.

The build publishes its files in parts of their own (:mod:`rulekeeper.sphinx.publishing`);
each part is checked on what it wrote, and built alone. :data:`CHECKED` says which test checks
each file, and the guard fails on a file no test checks, so a new kind of file comes with its
test. The browser session checks how the same files behave in a browser.
"""

from __future__ import annotations

import fnmatch
import json
import re
import shutil
import struct
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest
from sphinx.errors import ConfigError
from sphinx.testing.util import SphinxTestApp

from rulekeeper.rules import short_address
from rulekeeper.sphinx import traceability
from rulekeeper.sphinx.domain import rules_domain
from rulekeeper.sphinx.events import READER_FILES
from rulekeeper.sphinx.notfound import NOT_FOUND_PAGE
from rulekeeper.sphinx.offline import page_anchor
from rulekeeper.sphinx.publishing import OFFLINE_BODIES, PARTS, published_rules
from rulekeeper.sphinx.ruledata import DATA_FILE, SCRIPT_FILE, rule_data
from rulekeeper.sphinx.shortaddresses import write_short_addresses
from rulekeeper.sphinx.socialcard import CARD_FILE, HEIGHT, WIDTH
from rulekeeper.traceability import find_rule_tests

SITE = "https://example.org/games/"
ROOTS = Path(__file__).parents[1] / "roots"

THIS = "tests/sphinx/test_sphinx_site_files.py"

CHECKED: dict[str, tuple[str, str]] = {
    # The extension's parts (rulekeeper.sphinx.publishing), each checked below.
    DATA_FILE: (THIS, "test_the_data_part"),
    SCRIPT_FILE: (THIS, "test_the_data_part"),
    "r/*.html": (THIS, "test_the_short_addresses_part"),
    "downloads/*-rules.txt": (THIS, "test_the_downloads_part"),
    "downloads/*-rules.pdf": (THIS, "test_the_downloads_part"),
    "downloads/*-rules.html": (THIS, "test_the_offline_part"),
    "tests-source/*.py.html": (THIS, "test_the_test_sources_part"),
    CARD_FILE: (THIS, "test_the_card_part"),
    "sitemap.xml": (THIS, "test_the_sitemap_part"),
    # The extension's other files.
    "_static/rulekeeper-*": (THIS, "test_the_readers_files_are_the_extensions_own"),
    "search.html": (THIS, "test_the_search_page_is_the_rules_search"),
    "try/*.html": (
        "tests/sphinx/test_sphinx_tryexamples.py",
        "test_a_try_page_per_format_starts_from_a_position_the_engine_builds",
    ),
    "api/*.html": ("tests/sphinx/test_sphinx_apipages.py", "test_one_page_per_public_module"),
    "_static/examples/*.json": (
        "tests/sphinx/test_sphinx_tryexamples.py",
        "test_a_rules_page_s_example_data_is_what_sybil_runs",
    ),
    # The pages of the project's documents (the rest of tests/sphinx checks what they say).
    "*.html": (THIS, "test_every_document_is_a_page"),
}
"""Each file the build writes, as a pattern relative to the output folder (first match wins),
and the test that checks it."""

SPHINX_FILES = (
    ".buildinfo",
    "objects.inv",
    "searchindex.js",
    "genindex.html",
    "py-modindex.html",
    "_sources/*.txt",
    "_static/basic.css",
    "_static/doctools.js",
    "_static/documentation_options.js",
    "_static/language_data.js",
    "_static/*-stemmer.js",
    "_static/searchtools.js",
    "_static/sphinx_highlight.js",
    "_static/pygments.css",
    "_static/file.png",
    "_static/minus.png",
    "_static/plus.png",
    # The site's theme, which the test project is built with here.
    "_static/debug.css",
    "_static/skeleton.css",
    "_static/scripts/furo*",
    "_static/styles/furo*",
)
"""What Sphinx and the theme write for any project: their own tests check it."""


def _written(out: Path) -> list[str]:
    return sorted(
        path.relative_to(out).as_posix()
        for path in out.rglob("*")
        if path.is_file() and ".doctrees" not in path.relative_to(out).parts
    )


def _checker(name: str) -> tuple[str, str] | None:
    for pattern, test in CHECKED.items():
        if fnmatch.fnmatchcase(name, pattern):
            return test
    return None


@contextmanager
def _built(
    srcdir: Path, overrides: dict[str, object], root: str = "basic"
) -> Iterator[SphinxTestApp]:
    """A test project (``basic`` by default), copied to ``srcdir`` and built afresh with
    ``overrides``.

    Outside the per-test isolation of ``conftest.py`` (a build here may outlive its test), so
    the ``@enforces`` registry is restored and the project's engine forgotten here.
    """
    from rulekeeper import rules

    saved = {rule_id: list(names) for rule_id, names in rules._ENFORCERS.items()}
    saved_rules_of = dict(rules._RULES_OF)
    saved_read = set(rules._READ)
    modules = set(sys.modules)
    shutil.copytree(ROOTS / f"test-{root}", srcdir)
    try:
        app = SphinxTestApp("html", srcdir=srcdir, confoverrides=overrides)
        try:
            app.build()
            yield app
        finally:
            app.cleanup()
    finally:
        rules._ENFORCERS.clear()
        rules._ENFORCERS.update(saved)
        rules._RULES_OF.clear()
        rules._RULES_OF.update(saved_rules_of)
        rules._READ.intersection_update(saved_read)
        for name in set(sys.modules) - modules:
            path = getattr(sys.modules[name], "__file__", None)
            if path is not None and Path(path).is_relative_to(srcdir):
                del sys.modules[name]


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[SphinxTestApp]:
    """The test project built once with every part, at a canonical address and in the site's
    theme, for the tests that read what it wrote."""
    overrides = {"html_baseurl": SITE, "html_theme": "furo"}
    with _built(tmp_path_factory.mktemp("site-files") / "basic", overrides) as app:
        yield app


def _read(app: SphinxTestApp, name: str) -> str:
    return (app.outdir / name).read_text(encoding="utf-8")


def test_every_file_the_build_writes_is_checked(site: SphinxTestApp) -> None:
    """The guard: each file written is Sphinx's own or has a test, which exists."""
    unchecked = [
        name
        for name in _written(site.outdir)
        if _checker(name) is None
        and not any(fnmatch.fnmatchcase(name, pattern) for pattern in SPHINX_FILES)
    ]
    assert unchecked == [], "files no test checks: add a test and a line to CHECKED"
    top = Path(__file__).parents[2]
    for path, test in set(CHECKED.values()):
        assert f"def {test}(" in (top / path).read_text(encoding="utf-8"), (path, test)
    # And every kind of file listed is written, so the list does not outlive what it lists
    # (the examples' data only by a project with a rules folder).
    written = _written(site.outdir)
    for pattern in [*CHECKED, *SPHINX_FILES]:
        if pattern != "_static/examples/*.json":
            assert any(fnmatch.fnmatchcase(name, pattern) for name in written), pattern


@pytest.mark.parametrize("root", ["tryexamples", "gallery"])
def test_the_other_test_projects_write_only_checked_files(root: str, tmp_path: Path) -> None:
    """The same guard on the projects with runnable examples and card galleries."""
    overrides = {"html_baseurl": SITE, "html_theme": "furo"}
    with _built(tmp_path / root, overrides, root) as app:
        written = _written(app.outdir)
    unchecked = [
        name
        for name in written
        if _checker(name) is None
        and not any(fnmatch.fnmatchcase(name, pattern) for pattern in SPHINX_FILES)
    ]
    assert unchecked == [], "files no test checks: add a test and a line to CHECKED"
    if root == "tryexamples":
        assert "_static/examples/rules/trying.json" in written


def test_the_data_part(site: SphinxTestApp) -> None:
    """``rules.json`` is every rule's address, title, status and text; the script carries the
    same rules and what the site's search reads besides."""
    rules = published_rules(site)
    expected = rule_data(rules.records, rules.page_uri)
    data = json.loads(_read(site, DATA_FILE))
    assert data == expected
    assert list(data["rules"]) == ["LV 1.1", "LV 2.1", "LV 2.2", "LV 2.3", "LV 3.1"]
    assert data["rules"]["LV 2.1"]["u"] == "life.html#rule-lv-2-1"
    script = _read(site, SCRIPT_FILE)
    prefix = "window.rulekeeperData = "
    assert script.startswith(prefix)
    assert script.endswith(";\n")
    carried = json.loads(script.removeprefix(prefix).removesuffix(";\n"))
    assert set(carried) == {"prefixes", "rules", "glossary", "synonyms", "pages"}
    assert {key: carried[key] for key in expected} == expected


def test_the_short_addresses_part(site: SphinxTestApp, tmp_path: Path) -> None:
    """One page per rule, forwarding to an anchor that exists on the rule's page, and saying
    what the rule is; a page of a rule that no longer exists is deleted."""
    rules = published_rules(site)
    assert sorted(_written(site.outdir / "r")) == sorted(
        short_address(rule_id).removeprefix("r/") for rule_id in rules.records
    )
    for rule_id, record in rules.records.items():
        page = _read(site, short_address(rule_id))
        target = f"../{rules.page_uri[record.docname]}#{record.anchor}"
        assert f'<meta http-equiv="refresh" content="0; url={target}">' in page
        assert f'<link rel="canonical" href="{target}">' in page
        assert f'id="{record.anchor}"' in _read(site, rules.page_uri[record.docname])
        assert f"<title>{rule_id}" in page
        assert f'content="{SITE}{short_address(rule_id)}"' in page
    (tmp_path / "r").mkdir()
    (tmp_path / "r" / "LV-9.9.html").write_text("old", encoding="utf-8")
    write_short_addresses(tmp_path, rules.records, rules.page_uri)
    assert not (tmp_path / "r" / "LV-9.9.html").exists()
    assert len(list((tmp_path / "r").glob("*.html"))) == len(rules.records)


def test_the_downloads_part(site: SphinxTestApp) -> None:
    """Each format's rules as text, every rule under its heading, and as a PDF."""
    text = _read(site, "downloads/LV-rules.txt")
    assert text.startswith("Leveler: the complete rules\n")
    for rule_id in published_rules(site).records:
        assert f"\n{rule_id}  " in text or f"\n{rule_id}\n" in text, rule_id
    assert "LV 2.3  [not yet enforced]" in text
    pdf = (site.outdir / "downloads" / "LV-rules.pdf").read_bytes()
    assert pdf.startswith(b"%PDF")
    assert b"Leveler: the complete rules" in pdf


def test_the_offline_part(site: SphinxTestApp) -> None:
    """One file per format holding each of its pages' bodies, whatever the theme (the test
    project's is not the site's), with every rule, no script, and no link out of the file
    but to other sites."""
    page = _read(site, "downloads/LV-rules.html")
    rules = published_rules(site)
    for uri in dict.fromkeys(rules.page_uri.values()):
        assert f'<section class="offline-page" id="{page_anchor(uri)}">' in page, uri
    for record in rules.records.values():
        assert f'id="{record.anchor}"' in page
    assert "<script" not in page.replace('<script type="application/json"', "")
    ids = set(re.findall(r'id="([^"]+)"', page))
    for href in re.findall(r'href="([^"]*)"', page):
        assert href.startswith(("#", "data:", "https://", "http://")), href
        if href.startswith("#"):
            assert href[1:] in ids, href
    # A link to a page the file does not hold keeps its words and loses its target.
    assert 'data-offline="not in this file"' in page
    # The bodies it is made from are kept beside the doctrees, and not as pages.
    assert list(Path(site.doctreedir).rglob("*.body"))
    assert not list(Path(site.doctreedir).rglob("*.html"))


def test_the_test_sources_part(site: SphinxTestApp) -> None:
    """A highlighted page, with an anchor per line, for each test file that pins a rule."""
    tests = traceability.tests_dir(site.config)
    files = {test.partition("::")[0] for names in find_rule_tests(tests).values() for test in names}
    assert files == {"ruletests/test_life.py"}
    written = _written(site.outdir / "tests-source")
    assert written == [f"{name}.html" for name in sorted(files)]
    page = _read(site, "tests-source/ruletests/test_life.py.html")
    lines = (tests / "test_life.py").read_text(encoding="utf-8").count("\n")
    assert f'id="{traceability.LINE_ANCHOR}-{lines}"' in page
    assert 'href="../../traceability.html"' in page


def test_the_card_part(site: SphinxTestApp) -> None:
    """The card every page names as its picture: a PNG of the size link previews crop to."""
    card = (site.outdir / CARD_FILE).read_bytes()
    assert card[:8] == b"\x89PNG\r\n\x1a\n"
    assert struct.unpack(">II", card[16:24]) == (WIDTH, HEIGHT)
    assert f'content="{SITE}{CARD_FILE}"' in _read(site, "life.html")


def test_the_sitemap_part(site: SphinxTestApp) -> None:
    """Every document's page at the canonical address, the 404 page excepted."""
    sitemap = _read(site, "sitemap.xml")
    found = sorted(d for d in site.env.found_docs if d != NOT_FOUND_PAGE)
    assert re.findall(r"<loc>([^<]+)</loc>", sitemap) == [f"{SITE}{d}.html" for d in found]


def test_the_readers_files_are_the_extensions_own(site: SphinxTestApp) -> None:
    """The scripts and styles under ``_static`` are the extension's files, unchanged."""
    served = sorted((site.outdir / "_static").glob("rulekeeper-*"))
    own = {path.name for path in (READER_FILES / "static").iterdir()}
    made = {Path(DATA_FILE).name, Path(SCRIPT_FILE).name, Path(CARD_FILE).name}
    assert {path.name for path in served} == own | (made - {Path(DATA_FILE).name})
    for path in served:
        if path.name in own:
            assert path.read_bytes() == (READER_FILES / "static" / path.name).read_bytes()


def test_the_search_page_is_the_rules_search(site: SphinxTestApp) -> None:
    """The search page is the extension's: the rules search's form, with Sphinx's search of
    every page named for the script to load only when asked, and not loaded by the page.

    The template skips the theme's own search blocks (``super.super()`` in
    ``templates/search.html``), which load Sphinx's search and its whole index: this fails
    when a release of the theme moves them, and pyproject bounds the theme's versions.
    """
    page = _read(site, "search.html")
    assert 'class="rule-search-form"' in page
    assert 'data-searchtools="_static/searchtools.js"' in page
    assert 'data-index="searchindex.js"' in page
    assert re.findall(r"<script[^>]*(?:searchtools|searchindex|language_data)", page) == []
    # What the theme's search page says of itself is kept.
    assert '<meta name="robots" content="noindex" />' in page
    assert "<title>Search - " in page
    # The theme's scripts (what super.super() keeps) still load.
    assert re.search(r'<script src="_static/scripts/furo\.js', page)


def test_every_document_is_a_page(site: SphinxTestApp) -> None:
    """Each document of the project is written as a page, and no other page at the top."""
    pages = {
        name
        for name in _written(site.outdir)
        if _checker(name) == CHECKED["*.html"]
        and not any(fnmatch.fnmatchcase(name, pattern) for pattern in SPHINX_FILES)
    }
    documents = {f"{docname}.html" for docname in site.env.found_docs}
    assert pages == {page for page in documents if not page.startswith("api/")}
    for docname in site.env.found_docs:
        assert (site.outdir / f"{docname}.html").is_file(), docname
    assert rules_domain(site.env).rules, "the project defines rules"


PART_FILES = {
    "data": [DATA_FILE, SCRIPT_FILE],
    "short-addresses": ["r/*.html"],
    "downloads": ["downloads/*-rules.txt", "downloads/*-rules.pdf"],
    "offline": ["downloads/*-rules.html"],
    "test-sources": ["tests-source/*.py.html"],
    "card": [CARD_FILE],
    "sitemap": ["sitemap.xml"],
}
"""What each part writes."""


@pytest.mark.parametrize("part", list(PARTS))
def test_each_part_is_published_alone(part: str, tmp_path: Path) -> None:
    """A build naming one part in ``rulekeeper_publish`` writes that part's files and no
    other part's: the parts do not depend on each other."""
    assert set(PART_FILES) == set(PARTS)
    overrides = {"html_baseurl": SITE, "rulekeeper_publish": [part]}
    with _built(tmp_path / "basic", overrides) as app:
        written = _written(app.outdir)
    for name, globs in PART_FILES.items():
        found = [f for f in written if any(fnmatch.fnmatchcase(f, g) for g in globs)]
        assert bool(found) == (name == part), (name, found)


def test_an_unknown_part_is_a_configuration_error(tmp_path: Path) -> None:
    """Named when the configuration is read, with the parts there are."""
    overrides = {"rulekeeper_publish": ["downloads", "pdfs"]}
    with (
        pytest.raises(ConfigError, match=r"rulekeeper_publish names unknown parts 'pdfs'; "),
        _built(tmp_path / "basic", overrides),
    ):
        pass


def test_a_page_the_offline_file_lacks_is_a_warning(tmp_path: Path) -> None:
    """A build that writes no page (nothing changed) after the kept bodies were lost says so,
    naming the page, rather than publish a file without it."""
    with _built(tmp_path / "basic", {"rulekeeper_publish": ["offline"]}) as app:
        shutil.rmtree(Path(app.doctreedir, OFFLINE_BODIES))
        app.build()
        warnings_given = app.warning.getvalue()
        page = _read(app, "downloads/LV-rules.html")
    assert "the offline file of LV lacks life" in warnings_given
    assert 'id="page-life"' not in page


def test_the_offline_file_holds_the_pages_whatever_the_theme(tmp_path: Path) -> None:
    """Made from each page's body, not cut out of the theme's markup: under Sphinx's default
    theme too, the file holds every page of the format and every rule."""
    with _built(tmp_path / "basic", {"rulekeeper_publish": ["offline"]}) as app:
        assert app.config.html_theme != "furo"
        page = _read(app, "downloads/LV-rules.html")
        rules = published_rules(app)
    for uri in dict.fromkeys(rules.page_uri.values()):
        assert f'<section class="offline-page" id="{page_anchor(uri)}">' in page, uri
    for record in rules.records.values():
        assert f'id="{record.anchor}"' in page
