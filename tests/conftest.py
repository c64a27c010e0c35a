"""Shared fixtures. Sphinx's own testing fixtures build the small projects in ``tests/roots``."""

from __future__ import annotations

from pathlib import Path

import pytest

pytest_plugins = ("sphinx.testing.fixtures",)

REPO = Path(__file__).resolve().parents[1]


@pytest.fixture(scope="session")
def rootdir() -> Path:
    """The folder of Sphinx test projects, as ``sphinx.testing`` expects."""
    return REPO / "tests" / "roots"
