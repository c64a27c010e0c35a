"""Worked examples cannot quietly stop running.

Sybil runs ``python`` fences whose lines start with ``>>>``. A fence labelled ``py`` or
``pycon`` renders the same on the site but is never run, so it is rejected here; and the number
of collected examples is pinned, so deleting or breaking the collection shows up in review.
"""

from __future__ import annotations

import importlib.util
import re
from pathlib import Path
from types import ModuleType

import pytest

REPO = Path(__file__).resolve().parents[1]


def _root_conftest() -> ModuleType:
    """The root conftest holds the Sybil configuration; load it under a name of its own."""
    spec = importlib.util.spec_from_file_location("sybil_setup", REPO / "conftest.py")
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


SYBILS = {name: getattr(_root_conftest(), f"{name}_examples") for name in ("markdown", "docstring")}

# Update these when you add or remove examples; the failure message prints the new totals.
EXPECTED = {"markdown": 3351, "docstring": 536}

# A fence or directive whose language Sybil does not run: ```py, ```pycon, {code-block} py ...
_UNRUN = re.compile(
    r"^[ \t]*(?:`{3,}|~{3,}|:{3,})\s*(?:\{(?:code-block|code|sourcecode)\}\s*)?"
    r"(py|pycon|python3|ipython|ipython3|doctest)\s*$"
    r"|^[ \t]*\.\.\s+(?:code-block|code|sourcecode)::\s*(py|pycon|python3|ipython|doctest)\s*$",
    re.MULTILINE,
)


def _documents() -> list[Path]:
    found = [*REPO.glob("rules/**/*.md"), *REPO.glob("docs/**/*.md"), *REPO.glob("src/**/*.py")]
    return sorted(p for p in found if "_build" not in p.parts and "_generated" not in p.parts)


def unrun_fences(text: str) -> list[int]:
    """Line numbers of fences that would render as Python but never run."""
    return [text.count("\n", 0, m.start()) + 1 for m in _UNRUN.finditer(text)]


def test_no_fence_is_silently_skipped() -> None:
    offenders = [
        f"{path.relative_to(REPO)}:{line}"
        for path in _documents()
        for line in unrun_fences(path.read_text(encoding="utf-8"))
    ]
    assert offenders == [], "use ```python with >>> lines so Sybil runs the example"


@pytest.mark.parametrize(
    "fence", ["```py", "```pycon", "~~~python3", "```{code-block} pycon", ".. code-block:: py"]
)
def test_the_check_catches_unrun_fences(fence: str) -> None:
    assert unrun_fences(f"Intro\n\n{fence}\n>>> 1 + 1\n2\n```\n") == [3]


def test_python_fences_are_allowed() -> None:
    assert unrun_fences("```python\n>>> 1\n1\n```\n") == []


def _count(sybil_name: str) -> int:
    sybil = SYBILS[sybil_name]
    total = 0
    for path in _documents():
        relative = path.relative_to(REPO).as_posix()
        if any(Path(relative).match(p) for p in sybil.patterns) and not any(
            Path(relative).match(e) for e in sybil.excludes
        ):
            total += sum(1 for _ in sybil.parse(path))
    return total


def test_the_number_of_examples_is_pinned() -> None:
    counts = {name: _count(name) for name in EXPECTED}
    assert counts == EXPECTED, f"examples collected: {counts}; update EXPECTED if intended"
