"""Which enforcing code each test reaches: the evidence that a marked test exercises its rule.

A test marked ``@pytest.mark.rule("SD 6.4")`` says it pins SD 6.4; it proves it only if it runs
the code marked ``:enforces: SD 6.4``. While a marked test runs, the test suite
(``conftest.py``) sets a trace function that looks up each Python frame's code object in
:func:`enforcing_code` and records the enforcers it meets. Looking one dictionary up per call
and tracing nothing line by line is the cheapest honest way on Python 3.11 (which has no
``sys.monitoring``): coverage.py's dynamic contexts trace every line, and the rule IDs the
engine cites in its events and errors leave out every check that passed.

The record is a JSON file, :data:`REACH_FILE` (``.rulekeeper/reach.json``), written at the end
of every test session that ran marked tests and read by ``rulekeeper coverage``.
"""

from __future__ import annotations

import importlib
import inspect
import json
import sys
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from types import CodeType, FrameType, FunctionType, ModuleType
from typing import Any

from rulekeeper.errors import RulekeeperError

REACH_FILE = Path(".rulekeeper") / "reach.json"
"""Where a test session leaves what its marked tests reached, relative to the repository."""

FORMAT = 1
"""The record's layout version: a record of another layout is refused, not misread."""


def enforcing_code(enforcer_names: Iterable[str]) -> dict[CodeType, str]:
    """Map the code objects of every enforcer (by qualified name) to that name.

    A function's code is its own; a class's is the code of every function defined in its body
    (methods, properties, a dataclass's generated ``__init__``), so a test reaches a class that
    enforces a rule by running any of it. A name that resolves to no Python code (a compiled
    module) is left out: :func:`unmeasured` names those.
    """
    wanted = set(enforcer_names)
    modules = {_module_of(name) for name in wanted}
    found: dict[CodeType, str] = {}
    for module_name in sorted(m for m in modules if m):
        module = sys.modules.get(module_name) or importlib.import_module(module_name)
        for code in _codes_in(module):
            qualname = f"{module_name}.{code.co_qualname}"
            owner = _enforcer_owning(qualname, wanted)
            if owner is not None:
                found[code] = owner
    return found


def unmeasured(enforcer_names: Iterable[str], codes: Mapping[CodeType, str]) -> list[str]:
    """The enforcers that :func:`enforcing_code` found no Python code for."""
    return sorted(set(enforcer_names) - set(codes.values()))


def _module_of(qualified: str) -> str:
    """The longest importable module that prefixes ``qualified`` (``""`` if none)."""
    parts = qualified.split(".")
    for end in range(len(parts) - 1, 0, -1):
        candidate = ".".join(parts[:end])
        if candidate in sys.modules:
            return candidate
    return ""


def _enforcer_owning(qualname: str, wanted: set[str]) -> str | None:
    """``qualname`` itself if it is an enforcer, else the enforcing class it is defined in."""
    if qualname in wanted:
        return qualname
    # Only a class's body counts for the class; a function's nested helpers run only when the
    # function does, so the function itself is the evidence.
    parts = qualname.split(".")
    for end in range(len(parts) - 1, 0, -1):
        if parts[end - 1] == "<locals>":
            return None
        prefix = ".".join(parts[:end])
        if prefix in wanted:
            return prefix
    return None


def _codes_in(module: ModuleType) -> Iterator[CodeType]:
    """Every code object defined in ``module``: its functions, its classes' and nested ones."""
    seen: set[int] = set()
    for value in list(vars(module).values()):
        yield from _codes_of(value, module.__name__, seen)


def _codes_of(value: object, module: str, seen: set[int]) -> Iterator[CodeType]:
    if id(value) in seen:
        return
    seen.add(id(value))
    if isinstance(value, staticmethod | classmethod):
        yield from _codes_of(value.__func__, module, seen)
    elif isinstance(value, property):
        for accessor in (value.fget, value.fset, value.fdel):
            if accessor is not None:
                yield from _codes_of(accessor, module, seen)
    elif isinstance(value, FunctionType):
        if value.__module__ == module:
            yield from _nested(value.__code__)
        wrapped = getattr(value, "__wrapped__", None)
        if wrapped is not None:
            yield from _codes_of(wrapped, module, seen)
    elif inspect.isclass(value):
        if value.__module__ == module:
            for member in list(vars(value).values()):
                yield from _codes_of(member, module, seen)
    elif callable(value) and hasattr(value, "__wrapped__"):
        # functools.cache and friends keep the function they wrap.
        yield from _codes_of(value.__wrapped__, module, seen)


def _nested(code: CodeType) -> Iterator[CodeType]:
    yield code
    for constant in code.co_consts:
        if isinstance(constant, CodeType):
            yield from _nested(constant)


@dataclass
class Recorder:
    """Records the enforcers reached between :meth:`start` and :meth:`stop`, by code object."""

    codes: Mapping[CodeType, str]
    reached: set[str] = field(default_factory=set)
    _previous: Any = None

    def _on_call(self, frame: FrameType, event: str, arg: object) -> None:
        # Called for every new Python frame; returning None asks for no line events in it.
        name = self.codes.get(frame.f_code)
        if name is not None:
            self.reached.add(name)

    def start(self) -> None:
        """Begin recording (a fresh set of reached enforcers)."""
        self.reached = set()
        self._previous = sys.gettrace()
        sys.settrace(self._on_call)

    def stop(self) -> set[str]:
        """Stop recording and return the enforcers reached since :meth:`start`."""
        sys.settrace(self._previous)
        self._previous = None
        return self.reached


@dataclass(frozen=True)
class Reach:
    """What one test session's marked tests reached.

    ``tests`` maps each marked test that ran (``path::function``) to the enforcers it reached
    in all of its runs (parameters and examples together); ``failed`` holds the tests that did
    not pass, whose record proves nothing either way.
    """

    tests: Mapping[str, frozenset[str]]
    failed: frozenset[str] = frozenset()
    unmeasured: tuple[str, ...] = ()

    def as_json(self) -> str:
        """The record as the JSON text :func:`read_reach` reads."""
        return json.dumps(
            {
                "format": FORMAT,
                "tests": {test: sorted(names) for test, names in sorted(self.tests.items())},
                "failed": sorted(self.failed),
                "unmeasured": list(self.unmeasured),
            },
            indent=1,
        )


def merge(parts: Iterable[Reach]) -> Reach:
    """One record from several (the workers of a parallel run)."""
    tests: dict[str, set[str]] = {}
    failed: set[str] = set()
    unmeasured_names: set[str] = set()
    for part in parts:
        for test, names in part.tests.items():
            tests.setdefault(test, set()).update(names)
        failed |= part.failed
        unmeasured_names.update(part.unmeasured)
    return Reach(
        {test: frozenset(names) for test, names in tests.items()},
        frozenset(failed),
        tuple(sorted(unmeasured_names)),
    )


def reach_from_json(text: str, *, source: str = "the reach record") -> Reach:
    """Read a record that :meth:`Reach.as_json` wrote.

    :raises RulekeeperError: naming ``source`` if it is not such a record.
    """
    try:
        data = json.loads(text)
        if data.get("format") != FORMAT:
            raise ValueError(f"layout {data.get('format')!r}, not {FORMAT}")
        return Reach(
            {str(t): frozenset(map(str, names)) for t, names in data["tests"].items()},
            frozenset(map(str, data["failed"])),
            tuple(map(str, data["unmeasured"])),
        )
    except (ValueError, KeyError, TypeError, AttributeError) as error:
        raise RulekeeperError(
            f"{source} is not a record of what marked tests reached ({error}); run the tests "
            "again to rewrite it"
        ) from None


def read_reach(path: Path) -> Reach | None:
    """The record at ``path``, or None if no test session has written one there."""
    if not path.is_file():
        return None
    return reach_from_json(path.read_text(encoding="utf-8"), source=str(path))
