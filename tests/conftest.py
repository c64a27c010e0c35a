"""Shared fixtures. Sphinx's own testing fixtures build the small projects in ``tests/roots``.

Property-based tests (Hypothesis) run under one of two profiles, chosen by the
``HYPOTHESIS_PROFILE`` environment variable:

``ci`` (the default)
    A bounded run, so the default test session is fast. It replays every example earlier
    fuzzing campaigns found (``tests/fuzz/examples``) but never writes there, and pytest's
    ``--hypothesis-seed=0`` (in ``pyproject.toml``) makes it the same run every time.
``fuzz``
    What ``nox -s fuzz`` runs: many more examples, a fresh random start each run, and every
    failing example kept in ``tests/fuzz/examples`` so that it is committed with its fix and
    replayed by every later run.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest
from hypothesis import HealthCheck, settings
from hypothesis.database import DirectoryBasedExampleDatabase, ReadOnlyDatabase

from rulekeeper import rules

pytest_plugins = ("sphinx.testing.fixtures",)

REPO = Path(__file__).resolve().parents[1]

FUZZ_EXAMPLES = REPO / "tests" / "fuzz" / "examples"
"""Examples that fuzzing campaigns found, in Hypothesis's own database format."""

settings.register_profile(
    "ci",
    max_examples=150,
    deadline=None,
    database=ReadOnlyDatabase(DirectoryBasedExampleDatabase(FUZZ_EXAMPLES)),
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
settings.register_profile(
    "fuzz",
    max_examples=int(os.environ.get("FUZZ_EXAMPLES", "5000")),
    deadline=None,
    database=DirectoryBasedExampleDatabase(FUZZ_EXAMPLES),
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "ci"))


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
