"""Shared fixtures. Sphinx's own testing fixtures build the small projects in ``tests/roots``."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from rulekeeper import rules

pytest_plugins = ("sphinx.testing.fixtures",)

REPO = Path(__file__).resolve().parents[1]


@pytest.fixture(scope="session")
def rootdir() -> Path:
    """The folder of Sphinx test projects, as ``sphinx.testing`` expects."""
    return REPO / "tests" / "roots"


@pytest.fixture
def restored_registry() -> Iterator[None]:
    """Leave the ``@enforces`` registry as the test found it.

    The registry has no public reset: it is filled once per process in normal use.
    """
    saved = {rule_id: list(names) for rule_id, names in rules._ENFORCERS.items()}
    saved_rules_of = dict(rules._RULES_OF)
    yield
    rules._ENFORCERS.clear()
    rules._ENFORCERS.update(saved)
    rules._RULES_OF.clear()
    rules._RULES_OF.update(saved_rules_of)
