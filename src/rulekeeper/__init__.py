"""rulekeeper: comprehensive rules for custom card-game formats, enforced by an engine.

The names below are loaded when first used (PEP 562), so that importing the package costs
nothing: the ``rulekeeper`` command starts by importing it, and until its own code runs, a
Ctrl-C would end it with a traceback instead of quietly (see ``rulekeeper.__main__``).
"""

# No "from __future__ import annotations": it loads a module too.
import importlib

# Not typing.TYPE_CHECKING: importing typing is what this module avoids. Type checkers read
# any constant of this name as true.
TYPE_CHECKING = False
if TYPE_CHECKING:
    from rulekeeper.errors import (
        IllegalActionError,
        InputError,
        RulekeeperError,
        SerializationError,
        UnknownRuleError,
    )
    from rulekeeper.rules import RuleId, enforces, parse_rule_id, rule_url

_HOMES = {
    "IllegalActionError": "rulekeeper.errors",
    "InputError": "rulekeeper.errors",
    "RulekeeperError": "rulekeeper.errors",
    "SerializationError": "rulekeeper.errors",
    "UnknownRuleError": "rulekeeper.errors",
    "RuleId": "rulekeeper.rules",
    "enforces": "rulekeeper.rules",
    "parse_rule_id": "rulekeeper.rules",
    "rule_url": "rulekeeper.rules",
}

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


def __getattr__(name: str) -> object:
    """Load one of the names of ``__all__`` from the module that defines it."""
    home = _HOMES.get(name)
    if home is None:
        raise AttributeError(f"module 'rulekeeper' has no attribute {name!r}")
    value = getattr(importlib.import_module(home), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted({*globals(), *__all__})
