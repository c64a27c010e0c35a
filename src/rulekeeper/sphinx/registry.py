"""The rule-link registry as one build sees it.

The registry in :mod:`rulekeeper.rules` is global to the process and is filled as modules are
imported. A build imports every module of ``rulekeeper_engine_packages`` before reading, then
counts only enforcers inside those packages, so two projects built in one process (as the
extension's tests do) never see each other's decorators.
"""

from __future__ import annotations

import importlib
from pathlib import Path

from sphinx.application import Sphinx
from sphinx.config import Config
from sphinx.environment import BuildEnvironment
from sphinx.errors import ExtensionError

from rulekeeper.rules import RuleId, enforcers, load_engine
from rulekeeper.traceability import enforcers_in


def load_engines(app: Sphinx) -> None:
    """Import every configured engine package and read its rule marks
    (:func:`~rulekeeper.rules.load_engine`).

    :raises ExtensionError: if a package cannot be imported; a site built without its engine
        would report every rule as unenforced.
    """
    for package in app.config.rulekeeper_engine_packages:
        try:
            load_engine(package)
        except Exception as error:
            raise ExtensionError(
                f"rulekeeper: cannot import engine package {package!r}: {error}"
            ) from error


def scoped_enforcers(config: Config) -> dict[RuleId, tuple[str, ...]]:
    """Every rule ID enforced by code in ``rulekeeper_engine_packages``, with its enforcers."""
    return enforcers_in(config.rulekeeper_engine_packages, enforcers())


ENGINE_MANIFEST = "rulekeeper-engine-files.txt"
"""The list of the engine's files, kept beside the build's doctrees (see
:func:`write_engine_manifest`)."""


def engine_files(config: Config) -> list[str]:
    """Every file of the engine packages: their code and the data files they ship."""
    found: list[str] = []
    for package in config.rulekeeper_engine_packages:
        module = importlib.import_module(package)
        for folder in getattr(module, "__path__", []):
            found += sorted(
                str(path)
                for path in Path(folder).rglob("*")
                if path.is_file() and "__pycache__" not in path.parts
            )
        if not hasattr(module, "__path__") and module.__file__:
            found.append(module.__file__)
    return found


def write_engine_manifest(app: Sphinx) -> None:
    """List the engine's files beside the doctrees, rewriting the list only when a file was
    added or removed, so that its modification time says when that last happened."""
    manifest = Path(app.doctreedir, ENGINE_MANIFEST)
    listing = "".join(f"{path}\n" for path in engine_files(app.config))
    if not manifest.is_file() or manifest.read_text(encoding="utf-8") != listing:
        manifest.parent.mkdir(parents=True, exist_ok=True)
        manifest.write_text(listing, encoding="utf-8")


def note_engine_dependencies(env: BuildEnvironment) -> None:
    """Make the page being read depend on the engine's files and on their list.

    A page made from the engine (a card gallery, the list of API modules) is then read again
    when a file of the engine changes, or one is added or removed, and not on every build.
    """
    manifest = Path(env.doctreedir, ENGINE_MANIFEST)
    env.note_dependency(manifest)
    for path in manifest.read_text(encoding="utf-8").splitlines():
        env.note_dependency(path)
