"""Shared fixtures. Sphinx's own testing fixtures build the small projects in ``tests/roots``.

Property-based tests (Hypothesis) run under one of three profiles, chosen by the
``HYPOTHESIS_PROFILE`` environment variable:

``ci`` (the default)
    A bounded, derandomized run, so that a contributor's run (``pytest``, ``nox -s rule``) is
    fast and the same every time.
``explore``
    What ``nox -s tests`` (and so CI) runs: the same budget of examples, but from a fresh random
    start each run, so new inputs are tried over time. It first replays every example kept in
    its database: those earlier fuzzing campaigns found (``tests/fuzz/examples``, read but
    never written) and those earlier explorations found (``.hypothesis/explore``, kept between
    runs of one checkout and written whenever a test fails). ``EXPLORE_EXAMPLES`` sets the
    examples per test (150). A failure prints the blob that reproduces it.
``fuzz``
    What ``nox -s fuzz`` runs: many more examples, a fresh random start each run, and every
    failing example kept in ``tests/fuzz/examples`` so that it is committed with its fix and
    replayed by every later exploration.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest
from hypothesis import HealthCheck, settings
from hypothesis.database import (
    DirectoryBasedExampleDatabase,
    MultiplexedDatabase,
    ReadOnlyDatabase,
)

from rulekeeper import rules

pytest_plugins = ("sphinx.testing.fixtures",)

REPO = Path(__file__).resolve().parents[1]

FUZZ_EXAMPLES = REPO / "tests" / "fuzz" / "examples"
"""Examples that fuzzing campaigns found, in Hypothesis's own database format."""

EXPLORED_EXAMPLES = REPO / ".hypothesis" / "explore"
"""Examples that the test session's explorations found failing, kept between runs (ignored by
git: a failure found here is fixed, and its input written as an ``@example``)."""

HEALTH_CHECKS_OFF = [HealthCheck.too_slow, HealthCheck.data_too_large]
"""Real saves and card files are large and slow to generate; that is the point, not a smell."""

settings.register_profile(
    "ci",
    max_examples=150,
    deadline=None,
    derandomize=True,
    database=None,
    suppress_health_check=HEALTH_CHECKS_OFF,
)
settings.register_profile(
    "explore",
    max_examples=int(os.environ.get("EXPLORE_EXAMPLES", "150")),
    deadline=None,
    database=MultiplexedDatabase(
        DirectoryBasedExampleDatabase(EXPLORED_EXAMPLES),
        ReadOnlyDatabase(DirectoryBasedExampleDatabase(FUZZ_EXAMPLES)),
    ),
    print_blob=True,
    suppress_health_check=HEALTH_CHECKS_OFF,
)
settings.register_profile(
    "fuzz",
    max_examples=int(os.environ.get("FUZZ_EXAMPLES", "5000")),
    deadline=None,
    database=DirectoryBasedExampleDatabase(FUZZ_EXAMPLES),
    suppress_health_check=HEALTH_CHECKS_OFF,
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
