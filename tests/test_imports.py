"""The engine's imports go downward: the games' packages never import the registry, the
command line or the Sphinx extension, and no two modules import each other, whether when loaded
or from inside a function (an import deferred into a function hides a cycle, it does not break
it), save the few exceptions listed below with their reasons.

The imports are read with :mod:`ast`, so a name in a comment or a string does not count and an
import written any way (``import a.b``, ``from a import b``, inside a function) does.
"""

from __future__ import annotations

import ast
from collections.abc import Callable, Iterable, Iterator
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


def _run_time_imports(path: Path) -> set[str]:
    """What a module may import while the engine runs: every import, function bodies included,
    except those under ``if TYPE_CHECKING:`` (read by the type checker only)."""
    found: set[str] = set()

    def visit(node: ast.AST) -> None:
        if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
            for statement in node.orelse:
                visit(statement)
            return
        found.update(_imported(node))
        for child in ast.iter_child_nodes(node):
            visit(child)

    visit(ast.parse(path.read_text()))
    return found


# Imports inside a function that close a cycle and stay, each with its reason. A new one is a
# cycle to break by moving what both modules need into a module below them, not an entry here.
DEFERRED_CYCLES: dict[tuple[str, str], str] = {
    ("rulekeeper.riskres.game", "rulekeeper.riskres.saving"): (
        "RiskGame.save and restore are the game's methods and the save module builds a "
        "RiskGame; restore taking the class, as Dominion's does, would break it"
    ),
    ("rulekeeper.riskres.combat", "rulekeeper.riskres.turn"): (
        "the turn enters combat's steps and combat, when done, enters the turn's next step"
    ),
    ("rulekeeper.riskres.mulligan", "rulekeeper.riskres.turn"): (
        "the turn's setup asks for mulligans, which then begin the first turn"
    ),
    ("rulekeeper.riskres.traps", "rulekeeper.riskres.effects"): (
        "a sprung trap enters the battlefield or resolves as an effect does, and effects "
        "sweep, steal and copy traps"
    ),
}


@pytest.mark.parametrize("path", _engine_modules(), ids=_module_name)
def test_an_engine_module_does_not_import_what_is_built_on_it(path: Path) -> None:
    upward = sorted(
        name
        for name in _all_imports(path)
        if any(name == top or name.startswith(f"{top}.") for top in ABOVE_THE_ENGINE)
    )
    assert not upward, f"{_module_name(path)} imports {', '.join(upward)}"


GAME_PACKAGES = ("rulekeeper.riskres", "rulekeeper.dominion", "rulekeeper.mtg")


@pytest.mark.parametrize(
    "path", sorted((SRC / "rulekeeper" / "engine").rglob("*.py")), ids=_module_name
)
def test_the_kernel_imports_no_game(path: Path) -> None:
    """The kernel (the table layer included) is below every game: a game subclasses it, and it
    never reaches up into one."""
    upward = sorted(
        name
        for name in _all_imports(path)
        if any(name == top or name.startswith(f"{top}.") for top in GAME_PACKAGES)
    )
    assert not upward, f"{_module_name(path)} imports {', '.join(upward)}"


def _cycles(
    imports: Callable[[Path], set[str]], allowed: Iterable[tuple[str, str]] = ()
) -> list[list[str]]:
    """One cycle through each module that starts one, in the graph of what ``imports`` finds,
    leaving out the ``allowed`` edges."""
    modules = {_module_name(p): p for p in _engine_modules()}
    skip = set(allowed)
    graph = {
        name: sorted(
            m for m in imports(path) if m in modules and m != name and (name, m) not in skip
        )
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
    return [c for name in sorted(graph) if (c := cycle_from(name)) is not None]


def test_no_engine_modules_import_each_other_when_loaded() -> None:
    cycles = _cycles(_load_time_imports)
    assert not cycles, f"modules that import each other when loaded: {' -> '.join(cycles[0])}"


def test_no_import_inside_a_function_hides_a_cycle() -> None:
    cycles = _cycles(_run_time_imports, DEFERRED_CYCLES)
    assert not cycles, f"modules that import each other: {' -> '.join(cycles[0])}"


def test_every_listed_deferred_cycle_is_still_there() -> None:
    modules = {_module_name(p): p for p in _engine_modules()}
    gone = [
        f"{a} -> {b}"
        for a, b in DEFERRED_CYCLES
        if a not in modules or b not in _run_time_imports(modules[a])
    ]
    assert not gone, f"listed but no longer imported, take them off: {', '.join(gone)}"


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
    assert "rulekeeper.games" in _run_time_imports(module)
    assert "rulekeeper.dominion.game" not in _run_time_imports(module)
