"""The error family: every rulekeeper error is a :class:`RulekeeperError`, a ``ValueError``."""

from __future__ import annotations


class RulekeeperError(ValueError):
    """Base class of every error rulekeeper raises on purpose."""


class UnknownRuleError(RulekeeperError):
    """A rule ID is malformed or names no rule."""


class IllegalActionError(RulekeeperError):
    """An action breaks a rule. The game state is left exactly as it was.

    >>> from rulekeeper.errors import IllegalActionError
    >>> error = IllegalActionError("LV 2.1", "each player starts at 30 life", action="SetLife(5)")
    >>> print(error)
    illegal action: SetLife(5) (LV 2.1: each player starts at 30 life)
    >>> error.rule
    'LV 2.1'
    """

    def __init__(self, rule: str, reason: str, *, action: object = None, step: str = "") -> None:
        self.rule = rule
        self.reason = reason
        self.action = action
        self.step = step
        where = f" in step {step}" if step else ""
        subject = f"{action}{where} " if action is not None else ""
        super().__init__(f"illegal action: {subject}({rule}: {reason})")

    @property
    def url(self) -> str:
        """The URL of the broken rule on the published site."""
        from rulekeeper.rules import rule_url

        return rule_url(self.rule)


class InputError(RulekeeperError):
    """A file or argument from a user cannot be used: unreadable, malformed or out of range.

    ``source`` names the file and ``line`` the 1-based line number, where known.
    """

    def __init__(self, message: str, *, source: str = "", line: int = 0) -> None:
        self.message = message
        self.source = source
        self.line = line
        where = source + (f":{line}" if line else "") if source else ""
        super().__init__(f"{where}: {message}" if where else message)


class SerializationError(InputError):
    """A saved game cannot be restored."""
