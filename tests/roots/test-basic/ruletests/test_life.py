"""Marked tests for the ``basic`` project's traceability table; parsed, never run."""

import pytest


@pytest.mark.rule("LV 2.1")
def test_starting_life() -> None:
    assert True


@pytest.mark.rule("lv 2.1", "LV 3.1")
def test_losing() -> None:
    assert True
