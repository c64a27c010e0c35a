"""The ``@enforces`` registry as one build sees it.

The registry in :mod:`rulekeeper.rules` is global to the process and is filled as modules are
imported. A build imports every module of ``rulekeeper_engine_packages`` before reading, then
counts only enforcers inside those packages, so two projects built in one process (as the
extension's tests do) never see each other's decorators.
"""

from __future__ import annotations

import importlib

from sphinx.application import Sphinx
from sphinx.config import Config
from sphinx.errors import ExtensionError

from rulekeeper.rules import RuleId, enforcers, load_engine
from rulekeeper.traceability import enforcers_in


def load_engines(app: Sphinx) -> None:
    """Import every configured engine package, so every ``@enforces`` decorator has run.

    :raises ExtensionError: if a package cannot be imported; a site built without its engine
        would report every rule as unenforced.
    """
    for package in app.config.rulekeeper_engine_packages:
        try:
            module = importlib.import_module(package)
            # A single-module engine has no submodules to walk.
            if hasattr(module, "__path__"):
                load_engine(package)
        except Exception as error:
            raise ExtensionError(
                f"rulekeeper: cannot import engine package {package!r}: {error}"
            ) from error


def scoped_enforcers(config: Config) -> dict[RuleId, tuple[str, ...]]:
    """Every rule ID enforced by code in ``rulekeeper_engine_packages``, with its enforcers."""
    return enforcers_in(config.rulekeeper_engine_packages, enforcers())
