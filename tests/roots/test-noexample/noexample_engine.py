"""Enforces the rules of the ``noexample`` project."""

from rulekeeper.rules import enforces


@enforces("LV 1.1", "LV 2.1")
def everything() -> None:
    """Enforce LV 1.1 and LV 2.1."""
