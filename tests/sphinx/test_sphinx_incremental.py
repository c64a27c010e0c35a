"""A second build reads and writes only what changed, and still shows what changed.

The reports (the traceability tables) are made from tests and code, and the card galleries and
the list of API modules from the engine: none of them is the page's own source, so Sphinx alone
would never bring them up to date, and reading or writing them on every build made every build
slow. Each test builds a copied project once, changes one thing, builds it again in a new
application (as ``sphinx-build`` would) and looks at which pages were read and written.
"""

from __future__ import annotations

import os
import re
import shutil
import textwrap
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from sphinx.testing.util import SphinxTestApp

import rulekeeper.sphinx.events
import rulekeeper.traceability
from rulekeeper.sphinx import traceability
from rulekeeper.sphinx.ruledata import SCRIPT_FILE

Build = Callable[[], tuple[SphinxTestApp, set[str], set[str]]]


@pytest.fixture
def project(
    make_app: Callable[..., SphinxTestApp], rootdir: Path, sphinx_test_tempdir: Path
) -> Callable[[str], tuple[Path, Build]]:
    """Copy a test root; return its folder and a function that builds it and says which of its
    documents were read and which were written."""

    def copy(root: str) -> tuple[Path, Build]:
        srcdir = sphinx_test_tempdir / f"{root}-incremental"
        shutil.rmtree(srcdir, ignore_errors=True)
        shutil.copytree(rootdir / f"test-{root}", srcdir)

        def build() -> tuple[SphinxTestApp, set[str], set[str]]:
            app = make_app("html", srcdir=srcdir, freshenv=False)
            read: set[str] = set()
            written: set[str] = set()
            app.connect("env-before-read-docs", lambda _app, _env, docs: read.update(docs))

            def note_written(_app: Any, pagename: str, *_args: Any) -> None:
                written.add(pagename)

            app.connect("html-page-context", note_written)
            app.build()
            app.cleanup()  # node classes are registered globally; the next app registers them
            return app, read, written & set(app.env.found_docs)

        return srcdir, build

    return copy


def bump(path: Path) -> None:
    """Make ``path`` look changed without changing it, as ``touch`` does (a second ahead, so
    that the change is later than the last build even on a coarse clock)."""
    later = time.time_ns() + 1_000_000_000
    os.utime(path, ns=(later, later))


def test_an_unchanged_project_is_neither_read_nor_written_again(
    project: Callable[[str], tuple[Path, Build]],
) -> None:
    _srcdir, build = project("basic")
    _app, read, written = build()
    assert {"index", "traceability"} <= read
    _app, read, written = build()
    assert (read, written) == (set(), set())


def test_a_rules_page_read_again_leaves_the_traceability_page_alone(
    project: Callable[[str], tuple[Path, Build]],
) -> None:
    srcdir, build = project("basic")
    build()
    bump(srcdir / "life.md")
    _app, read, written = build()
    assert read == {"life"}
    assert "traceability" not in written


def test_a_newly_marked_test_writes_the_traceability_page_again(
    project: Callable[[str], tuple[Path, Build]],
) -> None:
    srcdir, build = project("basic")
    build()
    (srcdir / "ruletests" / "test_more_life.py").write_text(
        textwrap.dedent(
            """\
            import pytest

            @pytest.mark.rule("LV 2.2")
            def test_losing_life_again():
                pass
            """
        ),
        encoding="utf-8",
    )
    _app, read, written = build()
    assert read == set()
    # And the page whose table of contents lists it, as Sphinx does for any page it writes.
    assert written == {"traceability", "index"}
    page = (Path(_app.outdir) / "traceability.html").read_text(encoding="utf-8")
    assert "test_losing_life_again" in page


def test_a_gallery_is_read_again_when_its_engine_changes_and_only_then(
    project: Callable[[str], tuple[Path, Build]],
) -> None:
    srcdir, build = project("gallery")
    _app, read, _written = build()
    assert "index" in read
    _app, read, _written = build()
    assert read == set()
    bump(srcdir / "gallery_cards.py")
    _app, read, _written = build()
    assert "index" in read


def test_api_modules_list_is_read_again_when_a_module_is_added(
    project: Callable[[str], tuple[Path, Build]],
) -> None:
    srcdir, build = project("api")
    (srcdir / "modules.md").write_text(
        "---\norphan: true\n---\n# Modules\n\n```{api-modules}\n```\n", encoding="utf-8"
    )
    build()
    _app, read, _written = build()
    assert read == set()
    (srcdir / "api_engine" / "newcomer.py").write_text(
        '"""A module added later."""\n', encoding="utf-8"
    )
    app, read, _written = build()
    assert "modules" in read
    page = (Path(app.outdir) / "modules.html").read_text(encoding="utf-8")
    assert "api_engine.newcomer" in page


def test_a_test_source_page_is_made_again_only_when_its_file_changes(
    project: Callable[[str], tuple[Path, Build]],
) -> None:
    srcdir, build = project("basic")
    app, _read, _written = build()
    page = Path(app.outdir) / traceability.test_source_page("ruletests/test_life.py")
    made = page.stat().st_mtime_ns
    build()
    assert page.stat().st_mtime_ns == made
    with (srcdir / "ruletests" / "test_life.py").open("a", encoding="utf-8") as source:
        source.write("# a line added later\n")
    build()
    assert "a line added later" in page.read_text(encoding="utf-8")


def test_a_marked_test_that_moves_down_its_file_is_linked_at_its_new_line(
    project: Callable[[str], tuple[Path, Build]],
) -> None:
    srcdir, build = project("basic")
    app, _read, _written = build()
    page = Path(app.outdir) / "traceability.html"
    before = set(re.findall(r"test_life\.py\.html#(L-\d+)", page.read_text(encoding="utf-8")))
    source = srcdir / "ruletests" / "test_life.py"
    source.write_text("# A comment\n# pushes every test down.\n" + source.read_text("utf-8"))
    _app, _read, written = build()
    assert "traceability" in written
    after = set(re.findall(r"test_life\.py\.html#(L-\d+)", page.read_text(encoding="utf-8")))
    assert before
    assert after
    assert before.isdisjoint(after)


def test_a_second_build_parses_only_the_test_files_that_changed(
    project: Callable[[str], tuple[Path, Build]], monkeypatch: pytest.MonkeyPatch
) -> None:
    srcdir, build = project("basic")
    build()
    # A new process, as the next sphinx-build is: only the saved environment remembers.
    forgotten: dict[Path, object] = {}
    monkeypatch.setattr(rulekeeper.traceability, "PARSED_TEST_FILES", forgotten)
    monkeypatch.setattr(rulekeeper.sphinx.events, "PARSED_TEST_FILES", forgotten)
    parsed: list[str] = []
    parse = rulekeeper.traceability._parse_test_file

    def counting(path: Path) -> rulekeeper.traceability.TestFileMarks:
        parsed.append(path.name)
        return parse(path)

    monkeypatch.setattr(rulekeeper.traceability, "_parse_test_file", counting)
    bump(srcdir / "life.md")
    build()
    assert parsed == []
    marked = srcdir / "ruletests" / "test_life.py"
    marked.write_text(marked.read_text(encoding="utf-8") + "\n", encoding="utf-8")
    build()
    assert parsed == ["test_life.py"]


def test_the_search_data_of_an_incremental_build_is_that_of_a_clean_one(
    project: Callable[[str], tuple[Path, Build]],
) -> None:
    srcdir, build = project("basic")
    build()
    page = srcdir / "life.md"
    page.write_text(
        page.read_text(encoding="utf-8").replace("# Life\n", "# Life\n\nZanzibar rules here.\n"),
        encoding="utf-8",
    )
    app, read, _written = build()
    assert read == {"life"}
    data = Path(app.outdir) / SCRIPT_FILE
    incremental = data.read_text(encoding="utf-8")
    assert "Zanzibar" in incremental
    shutil.rmtree(app.outdir)
    shutil.rmtree(app.doctreedir)
    build()
    assert data.read_text(encoding="utf-8") == incremental
