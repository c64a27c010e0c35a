"""The browser runtime in the built site (``rulekeeper.sphinx.runtime``): bundled from the cache,
reproducible, checked against its pinned checksum, and, without npm or the network, left out
with its reason while the site still builds."""

from __future__ import annotations

import io
import json
import zipfile
from pathlib import Path

import pytest
from sphinx.testing.util import SphinxTestApp

from rulekeeper.sphinx import runtime
from rulekeeper.sphinx.npm import integrity
from rulekeeper.sphinx.runtime import CORE_FILES, PYODIDE_VERSION, bundle, engine_zip


def _cached(folder: Path) -> Path:
    """A cache holding the unpacked core files (as a verified fetch leaves them)."""
    unpacked = folder / f"pyodide-{PYODIDE_VERSION}"
    unpacked.mkdir(parents=True)
    for name in CORE_FILES:
        (unpacked / name).write_bytes(f"core file {name}".encode())
    return folder


def test_integrity_is_npms_sha512() -> None:
    # npm's integrity of the empty tarball, as `npm view` would give it.
    assert integrity(b"") == (
        "sha512-z4PhNX7vuL3xVChQ1m2AB9Yg5AULVxXcg/SpIdNs6c5H0NE8XYXysP+DGNKHfuwvY7kxvUdBeoGlODJ6+SfaPg=="
    )


def test_engine_zip_is_reproducible_and_pure_python() -> None:
    first = engine_zip()
    assert engine_zip() == first  # same sources, same bytes
    names = zipfile.ZipFile(io.BytesIO(first)).namelist()
    assert names == sorted(names)
    assert "rulekeeper/browser/api.py" in names
    assert "rulekeeper/_rulebook/leveler.md" in names
    assert "typing_extensions.py" in names
    assert "annotated_types/__init__.py" in names
    assert not [n for n in names if n.endswith((".so", ".pyc")) or "__pycache__" in n]
    assert not [n for n in names if n.startswith(("pydantic", "rapidfuzz"))]
    assert not [n for n in names if n.startswith("rulekeeper/sphinx/")]  # never run there
    dates = {info.date_time for info in zipfile.ZipFile(io.BytesIO(first)).infolist()}
    assert dates == {runtime.TIMESTAMP}


@pytest.mark.sphinx("html", testroot="basic", confoverrides={"rulekeeper_runtime": True})
def test_the_build_bundles_the_runtime_from_the_cache(
    app: SphinxTestApp, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("RULEKEEPER_RUNTIME_CACHE", str(_cached(tmp_path / "cache")))
    folder = Path(app.outdir) / "_static" / "runtime"
    (folder / "pyodide").mkdir(parents=True, exist_ok=True)
    (folder / "pyodide" / "pyodide.js").write_text("an older build's file")
    app.build()
    assert sorted(p.name for p in (folder / "pyodide").iterdir()) == sorted(CORE_FILES)
    manifest = json.loads((folder / "runtime.json").read_text())
    assert manifest["bundled"] is True
    assert manifest["pyodide"] == PYODIDE_VERSION
    assert set(manifest["files"]) == {f"pyodide/{n}" for n in CORE_FILES} | {"engine.zip"}
    assert manifest["files"]["engine.zip"]["bytes"] == (folder / "engine.zip").stat().st_size
    assert (folder / "pyodide" / "pyodide.asm.wasm").read_bytes() == b"core file pyodide.asm.wasm"
    assert (Path(app.outdir) / "_static" / "rulekeeper-worker.js").is_file()
    assert "runtime bundled" in app.status.getvalue()


@pytest.mark.sphinx("html", testroot="basic", confoverrides={"rulekeeper_runtime": True})
def test_without_npm_the_site_builds_and_says_why(
    app: SphinxTestApp, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("RULEKEEPER_RUNTIME_CACHE", str(tmp_path / "empty"))
    monkeypatch.setenv("PATH", str(tmp_path / "no-tools"))  # no npm to be found
    app.build()
    folder = Path(app.outdir) / "_static" / "runtime"
    manifest = json.loads((folder / "runtime.json").read_text())
    assert manifest == {
        "bundled": False,
        "reason": "npm is not installed",
        "pyodide": PYODIDE_VERSION,
        "files": {},
    }
    assert sorted(p.name for p in folder.iterdir()) == ["runtime.json"]
    assert "runtime not bundled: npm is not installed" in app.status.getvalue()
    assert app.warning.getvalue() == ""  # nothing that -W would make an error


def test_a_tarball_with_another_checksum_is_refused_and_deleted(tmp_path: Path) -> None:
    cache = tmp_path / "cache"
    cache.mkdir()
    tarball = cache / f"pyodide-{PYODIDE_VERSION}.tgz"
    tarball.write_bytes(b"not the package")
    result = bundle(tmp_path / "out", cache)
    assert not result.bundled
    assert "not the pinned sha512-" in str(result.manifest["reason"])
    assert not tarball.exists()


@pytest.mark.sphinx("html", testroot="basic", srcdir="runtime-off")
def test_the_runtime_is_off_unless_configured(app: SphinxTestApp) -> None:
    app.build()
    assert not (Path(app.outdir) / "_static" / "runtime").exists()


def test_the_command_says_why_it_bundled_nothing(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv("PATH", str(tmp_path / "no-tools"))
    out = tmp_path / "runtime"
    assert runtime.main(["--out", str(out), "--cache", str(tmp_path / "empty")]) == 1
    assert capsys.readouterr().out == "runtime not bundled: npm is not installed\n"
    assert json.loads((out / "runtime.json").read_text())["bundled"] is False
