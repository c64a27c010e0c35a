"""The browser runtime in the built site: Pyodide's core files and the engine, bundled.

A reader's browser runs the worked examples on Pyodide (CPython compiled to WebAssembly) in a
Web Worker, from the site's own files. The build

1. fetches the npm package ``pyodide`` at :data:`PYODIDE_VERSION` with ``npm pack`` (npm
   resolves its own registry), once, into a cache outside the build (:func:`cache_dir`);
2. checks the tarball against :data:`PYODIDE_INTEGRITY`, the sha512 npm publishes for it, and
   refuses it on any difference;
3. copies only the core files a worker needs (:data:`CORE_FILES`) to
   ``_static/runtime/pyodide/``;
4. writes ``_static/runtime/engine.zip``, the engine and its pure-Python dependencies
   (:data:`SHIPPED`), the same bytes for the same sources (fixed times, sorted entries);
5. writes ``_static/runtime/runtime.json``: what was bundled, each file's size and sha256.

Without npm or the network the site still builds: ``runtime.json`` then says
``"bundled": false`` and why, the build says so in an info line (no warning, which ``-W``
would turn into an error), and the pages' buttons say the runtime was not bundled.

``python -m rulekeeper.sphinx.runtime --out DIR`` bundles the same files into ``DIR`` without a
site build (CI's run under Node uses it).
"""

from __future__ import annotations

import argparse
import hashlib
import importlib
import io
import json
import shutil
import zipfile
from dataclasses import dataclass
from pathlib import Path

from sphinx.application import Sphinx
from sphinx.util import logging

from rulekeeper.sphinx.npm import NpmPackage, PackageUnavailable, cache_folder

logger = logging.getLogger(__name__)

PYODIDE_VERSION = "314.0.7"
"""The npm package ``pyodide`` the site ships (Python 3.14)."""

PYODIDE_INTEGRITY = (
    "sha512-0YvXxEhfEdpLfb/XkM2BFAeMROq0iMUX2bzzH9pOttyMcWkwq+"
    "HbE5uyuGD82LN7y2q+SNvi/6V5JEsOlD2R1A=="
)
"""npm's ``dist.integrity`` of that version's tarball (``npm view pyodide@VERSION
dist.integrity``): a tarball with any other hash is refused."""

CORE_FILES = (
    "pyodide.mjs",
    "pyodide.asm.mjs",
    "pyodide.asm.wasm",
    "python_stdlib.zip",
    "pyodide-lock.json",
)
"""What a worker loads: the loader (an ES module: Pyodide starts only in a module worker), the
interpreter, the standard library, and the lock file, served locally so that Pyodide never asks
a CDN for it (no package of it is ever loaded)."""

SHIPPED = ("rulekeeper", "typing_extensions", "annotated_types", "mypy_extensions")
"""The engine and the pure-Python packages it imports on the paths a page uses. pydantic-core
and rapidfuzz are compiled and are not shipped: the engine says plainly what it cannot do
without them (saves are not checked; "did you mean" falls back to difflib)."""

LEFT_OUT = ("rulekeeper/sphinx/",)
"""What of the shipped packages the browser never runs: the Sphinx extension (Sphinx is not
shipped). Leaving it out of engine.zip saves 0.1 MB of Run's download and a sixth of the files
the worker unpacks at each start."""

RUNTIME_FOLDER = "_static/runtime"
TIMESTAMP = (1980, 1, 1, 0, 0, 0)
"""Every entry of engine.zip has this time, so the same sources give the same bytes."""

PYODIDE = NpmPackage("pyodide", PYODIDE_VERSION, PYODIDE_INTEGRITY)


@dataclass(frozen=True)
class Bundle:
    """What :func:`bundle` wrote: ``runtime.json``'s contents."""

    manifest: dict[str, object]

    @property
    def bundled(self) -> bool:
        """Whether the runtime is in the site."""
        return bool(self.manifest["bundled"])


def cache_dir() -> Path:
    """Where the fetched runtime is kept between builds.

    ``RULEKEEPER_RUNTIME_CACHE`` if set; else ``.cache/pyodide`` in a source checkout
    (git-ignored); else the user's cache folder.
    """
    return cache_folder("pyodide", "RULEKEEPER_RUNTIME_CACHE")


def core_files(cache: Path | None = None) -> Path:
    """The folder of Pyodide's core files, unpacked from the verified tarball in the cache.

    :raises PackageUnavailable: if the tarball cannot be fetched or trusted.
    """
    return PYODIDE.files(cache or cache_dir(), CORE_FILES)


def _package_files(name: str) -> list[tuple[str, Path]]:
    """The files of the importable ``name``: (path in the archive, file), sources only."""
    module = importlib.import_module(name)
    origin = Path(str(module.__file__))
    if origin.name != "__init__.py":  # a single-module distribution
        return [(origin.name, origin)]
    root = origin.parent
    found = []
    for path in root.rglob("*"):
        if not path.is_file() or "__pycache__" in path.parts:
            continue
        if path.suffix in (".pyc", ".so", ".pyd"):
            continue  # a mypyc build's extensions: the browser runs the sources
        found.append((f"{name}/{path.relative_to(root).as_posix()}", path))
    return found


def _rulebook_files() -> list[tuple[str, Path]]:
    """The rules text, where an installed wheel carries it (``rulekeeper/_rulebook``)."""
    from rulekeeper.rulebook import rulebook_dir

    folder = rulebook_dir()
    return [
        (f"rulekeeper/_rulebook/{path.relative_to(folder).as_posix()}", path)
        for path in folder.rglob("*")
        if path.is_file()
    ]


def engine_zip() -> bytes:
    """engine.zip: the engine with its rules text and pure-Python dependencies, for
    ``pyodide.unpackArchive`` into site-packages. The same sources give the same bytes."""
    entries = {
        name: path
        for package in SHIPPED
        for name, path in _package_files(package)
        if not name.startswith(LEFT_OUT)
    }
    if not any(name.startswith("rulekeeper/_rulebook/") for name in entries):
        entries.update(_rulebook_files())
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as archive:
        for name in sorted(entries):
            info = zipfile.ZipInfo(name, date_time=TIMESTAMP)
            info.compress_type = zipfile.ZIP_DEFLATED
            info.external_attr = 0o644 << 16
            archive.writestr(info, entries[name].read_bytes(), compresslevel=9)
    return buffer.getvalue()


def _describe(path: Path) -> dict[str, object]:
    data = path.read_bytes()
    return {"bytes": len(data), "sha256": hashlib.sha256(data).hexdigest()}


def bundle(out: Path, cache: Path | None = None) -> Bundle:
    """Write the runtime into ``out`` (a site's ``_static/runtime``): the core files, the
    engine and ``runtime.json``. Where the runtime cannot be had, only ``runtime.json``, with
    ``"bundled": false`` and the reason."""
    out.mkdir(parents=True, exist_ok=True)
    manifest: dict[str, object] = {"bundled": False, "pyodide": PYODIDE_VERSION, "files": {}}
    try:
        source = core_files(cache)
    except (PackageUnavailable, OSError) as error:
        manifest["reason"] = str(error)
        # An earlier build's runtime must not outlive a manifest that says there is none.
        shutil.rmtree(out / "pyodide", ignore_errors=True)
        (out / "engine.zip").unlink(missing_ok=True)
    else:
        target = out / "pyodide"
        shutil.rmtree(target, ignore_errors=True)  # only the core files, none of an older build
        target.mkdir()
        for name in CORE_FILES:
            shutil.copyfile(source / name, target / name)
        (out / "engine.zip").write_bytes(engine_zip())
        files = [f"pyodide/{name}" for name in CORE_FILES] + ["engine.zip"]
        manifest["files"] = {name: _describe(out / name) for name in files}
        manifest["bundled"] = True
    text = json.dumps(manifest, indent=1, sort_keys=True) + "\n"
    (out / "runtime.json").write_text(text, encoding="utf-8")
    return Bundle(manifest)


def write_runtime(app: Sphinx, exception: Exception | None) -> None:
    """After an HTML build, bundle the runtime into the site (``rulekeeper_runtime = True``);
    where it cannot be had, say so in an info line: the site is complete without it."""
    if exception is not None or not app.config.rulekeeper_runtime:
        return
    if app.builder.format != "html":
        return
    result = bundle(Path(app.outdir) / RUNTIME_FOLDER)
    if result.bundled:
        logger.info("rulekeeper: runtime bundled (pyodide %s)", PYODIDE_VERSION)
    else:
        logger.info("rulekeeper: runtime not bundled: %s", result.manifest["reason"])


def setup_runtime(app: Sphinx) -> None:
    """Register ``rulekeeper_runtime`` and the bundling after the build."""
    app.add_config_value("rulekeeper_runtime", False, "", bool)
    app.connect("build-finished", write_runtime)


def main(argv: list[str] | None = None) -> int:
    """``python -m rulekeeper.sphinx.runtime --out DIR``: bundle without a site build."""
    parser = argparse.ArgumentParser(prog="python -m rulekeeper.sphinx.runtime")
    parser.add_argument("--out", required=True, help="the folder to write the runtime into")
    parser.add_argument("--cache", help="the cache folder (default: see cache_dir)")
    args = parser.parse_args(argv)
    result = bundle(Path(args.out), Path(args.cache) if args.cache else None)
    if not result.bundled:
        print(f"runtime not bundled: {result.manifest['reason']}")
        return 1
    print(f"runtime bundled in {args.out} (pyodide {PYODIDE_VERSION})")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
