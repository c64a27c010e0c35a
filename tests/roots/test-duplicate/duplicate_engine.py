"""Enforces the rule of the ``duplicate`` project."""

from rulekeeper.rules import enforces


@enforces("LV 1.1")
def one() -> None:
    """Enforce LV 1.1."""
