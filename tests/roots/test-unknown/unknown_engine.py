"""Enforces LV 1.1, and claims LV 9.9, which the rules never define."""

from rulekeeper.rules import enforces


@enforces("LV 1.1")
def one() -> None:
    """Enforce LV 1.1."""


@enforces("LV 9.9")
def ghost() -> None:
    """Enforce a rule that does not exist."""
