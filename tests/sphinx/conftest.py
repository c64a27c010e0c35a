"""Keep each test project's engine out of the rest of the test session.

Building a project imports its tiny engine, whose ``@enforces`` decorators write to the
process-wide registry. Builds scope the registry by package, but ``rulekeeper coverage`` and
other tests read all of it; so each test here leaves the registry and ``sys.modules`` as it
found them, and the next build of the same project imports its engine afresh.
"""

from __future__ import annotations

import sys
from collections.abc import Iterator
from pathlib import Path

import pytest


@pytest.fixture(autouse=True)
def isolated_registry(sphinx_test_tempdir: Path, restored_registry: None) -> Iterator[None]:
    """Restore the ``@enforces`` registry and forget the engines the test projects imported."""
    modules = set(sys.modules)
    yield
    for name in set(sys.modules) - modules:
        # Only the projects' own engines, which live in the copied test roots; forgetting a
        # library module would give the next import a second copy of its classes.
        path = getattr(sys.modules[name], "__file__", None)
        if path is not None and Path(path).is_relative_to(sphinx_test_tempdir):
            del sys.modules[name]
