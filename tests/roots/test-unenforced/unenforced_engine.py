"""Enforces LV 1.1 only; LV 1.2 is normative and unenforced, LV 1.3 is pending."""

from rulekeeper.rules import enforces


@enforces("LV 1.1")
def one() -> None:
    """Enforce LV 1.1."""
