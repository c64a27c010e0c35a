"""Shared fixtures. Sphinx's own testing fixtures build the small projects in ``tests/roots``.

Property-based tests (Hypothesis) run under one of three profiles, chosen by the
``HYPOTHESIS_PROFILE`` environment variable:

``ci`` (the default)
    A bounded, derandomized run, so that a contributor's run (``pytest``, ``nox -s rule``) is
    fast and the same every time.
``explore``
    What ``nox -s tests`` (and so CI) runs: a budget of examples per test
    (``EXPLORE_EXAMPLES``, 150), from a fresh random start each run, so new inputs are tried
    over time. It first replays every example kept in its database: those earlier fuzzing
    campaigns found (``tests/fuzz/examples``, read but never written) and those earlier
    explorations found, written whenever a test fails and kept in the user's cache directory
    (:func:`explored_examples`), where a fresh clone finds them too: CI keeps that folder
    between runs. A test with no stored example is not skipped: it goes on to the new inputs.
    A failure prints the blob that reproduces it.
``fuzz``
    What ``nox -s fuzz`` runs: many more examples, a fresh random start each run, and every
    failing example kept in ``tests/fuzz/examples`` so that it is committed with its fix and
    replayed by every later exploration.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import NamedTuple

import platformdirs
import pytest
from hypothesis import HealthCheck, settings
from hypothesis.database import (
    DirectoryBasedExampleDatabase,
    ExampleDatabase,
    MultiplexedDatabase,
    ReadOnlyDatabase,
)

from rulekeeper import rules

pytest_plugins = ("sphinx.testing.fixtures",)

REPO = Path(__file__).resolve().parents[1]

FUZZ_EXAMPLES = REPO / "tests" / "fuzz" / "examples"
"""Examples that fuzzing campaigns found, in Hypothesis's own database format."""

EXAMPLES_DIR_VARIABLE = "RULEKEEPER_EXAMPLES_DIR"
"""The environment variable that moves the explorations' example database (CI sets it to the
folder its cache keeps)."""


def explored_examples() -> Path:
    """Where explorations keep the examples they found failing: ``$RULEKEEPER_EXAMPLES_DIR``
    if set, else ``hypothesis/explore`` in the user's cache directory for rulekeeper.

    Outside the checkout, so that a fresh clone (as CI makes for every run) still replays what
    earlier runs found; a failure found there is fixed, and its input written as an
    ``@example`` in its test.
    """
    override = os.environ.get(EXAMPLES_DIR_VARIABLE, "").strip()
    if override:
        return Path(override).expanduser()
    return platformdirs.user_cache_path("rulekeeper") / "hypothesis" / "explore"


EXPLORED_EXAMPLES = explored_examples()
"""This session's folder of examples the explorations found (:func:`explored_examples`)."""

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


def explore_database(found: Path) -> ExampleDatabase:
    """The explore profile's database: what explorations found, kept in ``found`` (read and
    written), and what fuzzing campaigns found (read only)."""
    return MultiplexedDatabase(
        DirectoryBasedExampleDatabase(found),
        ReadOnlyDatabase(DirectoryBasedExampleDatabase(FUZZ_EXAMPLES)),
    )


settings.register_profile(
    "explore",
    max_examples=int(os.environ.get("EXPLORE_EXAMPLES", "150")),
    deadline=None,
    database=explore_database(EXPLORED_EXAMPLES),
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


class Exploring(NamedTuple):
    """The explore profile's parts, for the tests that hold them to what they promise."""

    folder: Callable[[], Path]
    database: Callable[[Path], ExampleDatabase]


@pytest.fixture
def exploring() -> Exploring:
    """Where explorations keep their examples (:func:`explored_examples`) and the database the
    explore profile makes of such a folder (:func:`explore_database`)."""
    return Exploring(explored_examples, explore_database)


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
    saved_read = set(rules._READ)
    yield
    rules._ENFORCERS.clear()
    rules._ENFORCERS.update(saved)
    rules._RULES_OF.clear()
    rules._RULES_OF.update(saved_rules_of)
    rules._READ.intersection_update(saved_read)
