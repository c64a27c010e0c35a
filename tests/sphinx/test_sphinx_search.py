"""What the site's search reads (``rulekeeper.sphinx.searchdata``) and the search library it
ships (``rulekeeper.sphinx.searchlibrary``): the words of one idea from the glossaries, ranges of
rules cited whole, the library copied from the verified cache, and a build stopped, with its
reason, when the library cannot be had."""

from __future__ import annotations

import json
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest
from sphinx.errors import ExtensionError
from sphinx.testing.util import SphinxTestApp

from rulekeeper.sphinx import npm, searchlibrary
from rulekeeper.sphinx.searchlibrary import MINISEARCH_VERSION, SHIPPED, fetch_library


def _search_data(app: SphinxTestApp) -> dict[str, Any]:
    text = (Path(app.outdir) / "_static" / "rulekeeper-data.js").read_text(encoding="utf-8")
    data: dict[str, Any] = json.loads(text.partition("=")[2].strip().removesuffix(";"))
    return data


def _cached(folder: Path) -> Path:
    """A cache holding the unpacked library (as a verified fetch leaves it)."""
    unpacked = folder / f"minisearch-{MINISEARCH_VERSION}"
    for name in SHIPPED:
        (unpacked / name).parent.mkdir(parents=True, exist_ok=True)
        (unpacked / name).write_text(f"/* {name} */")
    return folder


@pytest.mark.sphinx("html", testroot="search")
def test_a_glossary_entry_names_one_idea_with_other_games_words(app: SphinxTestApp) -> None:
    app.build()
    data = _search_data(app)
    # The entry's terms and the word its definition marks {.same-idea}; an entry of one word
    # names no synonym.
    assert data["synonyms"] == [["sub-deck", "part", "library"]]
    entries = {tuple(terms): cited for terms, _, _, cited in data["glossary"]}
    # "LV 1.1 to LV 1.3" cites LV 1.2 too.
    assert entries[("sub-deck", "part")] == ["LV 1.1", "LV 1.2", "LV 1.3"]
    assert entries[("deck",)] == ["LV 1.1"]
    # Without rulekeeper_search_library the site ships no library.
    assert not (Path(app.outdir) / SHIPPED["dist/umd/index.js"]).exists()


@pytest.mark.sphinx("html", testroot="search", confoverrides={"rulekeeper_search_library": True})
def test_the_build_ships_the_library_from_the_cache(app: SphinxTestApp) -> None:
    app.build()
    for target in SHIPPED.values():
        assert (Path(app.outdir) / target).read_text().startswith("/* ")


@pytest.fixture(autouse=True)
def _search_cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A cache of the library for every test here, filled by the tests that want one."""
    folder = _cached(tmp_path / "cache")
    monkeypatch.setenv("RULEKEEPER_SEARCH_CACHE", str(folder))
    return folder


def test_without_npm_or_cache_the_build_stops_and_says_why(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("RULEKEEPER_SEARCH_CACHE", str(tmp_path / "empty"))
    monkeypatch.setattr(npm.shutil, "which", lambda name: None)
    app = SimpleNamespace(
        config=SimpleNamespace(rulekeeper_search_library=True),
        builder=SimpleNamespace(format="html"),
    )
    with pytest.raises(ExtensionError, match=r"search needs MiniSearch .* npm is not installed"):
        fetch_library(app)  # type: ignore[arg-type]


def test_a_tarball_with_another_checksum_is_refused(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    cache = tmp_path / "tampered"
    cache.mkdir()
    (cache / searchlibrary.MINISEARCH.tarball_name).write_bytes(b"not the published tarball")
    monkeypatch.setenv("RULEKEEPER_SEARCH_CACHE", str(cache))
    app = SimpleNamespace(
        config=SimpleNamespace(rulekeeper_search_library=True),
        builder=SimpleNamespace(format="html"),
    )
    with pytest.raises(ExtensionError, match="not the pinned"):
        fetch_library(app)  # type: ignore[arg-type]
    assert not (cache / searchlibrary.MINISEARCH.tarball_name).exists()
