"""rulekeeper: comprehensive rules for custom card-game formats, enforced by an engine."""

from __future__ import annotations

from rulekeeper.errors import (
    IllegalActionError,
    InputError,
    RulekeeperError,
    SerializationError,
    UnknownRuleError,
)
from rulekeeper.rules import RuleId, enforces, parse_rule_id, rule_url

__all__ = [
    "IllegalActionError",
    "InputError",
    "RuleId",
    "RulekeeperError",
    "SerializationError",
    "UnknownRuleError",
    "enforces",
    "parse_rule_id",
    "rule_url",
]
__version__ = "0.1.0"
