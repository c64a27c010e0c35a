"""The engine's imports go downward: the games' packages never import the registry, the
command line or the Sphinx extension, and no two modules import each other when loaded.

The imports are read with :mod:`ast`, so a name in a comment or a string does not count and an
import written any way (``import a.b``, ``from a import b``, inside a function) does.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

import pytest

SRC = Path(__file__).parent.parent / "src"
ENGINE_PACKAGES = ("engine", "riskres", "dominion", "mtg")
ABOVE_THE_ENGINE = ("rulekeeper.games", "rulekeeper.cli", "rulekeeper.sphinx")


def _module_name(path: Path) -> str:
    parts = path.relative_to(SRC).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _engine_modules() -> list[Path]:
    return sorted(p for pkg in ENGINE_PACKAGES for p in (SRC / "rulekeeper" / pkg).rglob("*.py"))


def _imported(node: ast.AST) -> Iterator[str]:
    """The modules an import statement names, each with every name it imports from it (so that
    ``from rulekeeper import games`` counts as ``rulekeeper.games``)."""
    if isinstance(node, ast.Import):
        yield from (alias.name for alias in node.names)
    elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
        yield node.module
        yield from (f"{node.module}.{alias.name}" for alias in node.names)


def _all_imports(path: Path) -> set[str]:
    return {name for node in ast.walk(ast.parse(path.read_text())) for name in _imported(node)}


def _load_time_imports(path: Path) -> set[str]:
    """What a module imports when it is loaded: its top-level statements (and the blocks they
    hold), but not function bodies or ``if TYPE_CHECKING:`` blocks."""
    found: set[str] = set()

    def visit(statements: list[ast.stmt]) -> None:
        for node in statements:
            if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
                visit(node.orelse)
            elif isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
                continue
            else:
                found.update(_imported(node))
                for field in ("body", "orelse", "finalbody", "handlers"):
                    visit([s for s in getattr(node, field, []) if isinstance(s, ast.stmt)])
                for handler in getattr(node, "handlers", []):
                    visit(handler.body)

    visit(ast.parse(path.read_text()).body)
    return found


@pytest.mark.parametrize("path", _engine_modules(), ids=_module_name)
def test_an_engine_module_does_not_import_what_is_built_on_it(path: Path) -> None:
    upward = sorted(
        name
        for name in _all_imports(path)
        if any(name == top or name.startswith(f"{top}.") for top in ABOVE_THE_ENGINE)
    )
    assert not upward, f"{_module_name(path)} imports {', '.join(upward)}"


def test_no_engine_modules_import_each_other_when_loaded() -> None:
    modules = {_module_name(p): p for p in _engine_modules()}
    graph = {
        name: sorted(m for m in _load_time_imports(path) if m in modules and m != name)
        for name, path in modules.items()
    }

    def cycle_from(start: str) -> list[str] | None:
        path: list[str] = []

        def walk(node: str) -> list[str] | None:
            if node in path:
                return [*path[path.index(node) :], node]
            path.append(node)
            for successor in graph[node]:
                if successor not in done and (found := walk(successor)) is not None:
                    return found
            path.pop()
            done.add(node)
            return None

        return None if start in done else walk(start)

    done: set[str] = set()
    cycles = [c for name in sorted(graph) if (c := cycle_from(name)) is not None]
    assert not cycles, f"modules that import each other when loaded: {' -> '.join(cycles[0])}"


def test_the_checks_see_an_upward_import_and_a_cycle(tmp_path: Path) -> None:
    module = tmp_path / "m.py"
    module.write_text(
        "from typing import TYPE_CHECKING\n"
        "if TYPE_CHECKING:\n    from rulekeeper.dominion import game\n"
        "def f():\n    from rulekeeper import games\n"
        "from rulekeeper.dominion import effects\n"
    )
    assert "rulekeeper.games" in _all_imports(module)
    assert _load_time_imports(module) >= {"rulekeeper.dominion.effects"}
    assert "rulekeeper.dominion.game" not in _load_time_imports(module)
    assert "rulekeeper.games" not in _load_time_imports(module)
