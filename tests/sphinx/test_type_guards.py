"""The API pages' type hints (sphinx-autodoc-typehints) run each documented module's top-level
``if TYPE_CHECKING:`` block in the module itself, so that the names it imports resolve. A name
such a block *defines* is then rebound, in the process building the site, to what the type
checker was told: a save record made at run time became the plain ``dict`` the checker sees,
and a serial build could no longer restore a Risk & Resource position. So those blocks hold
imports only; a definition the checker needs differently goes in the ``else`` of an
``if not TYPE_CHECKING:``."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

import rulekeeper

SOURCES = sorted(Path(rulekeeper.__file__).parent.rglob("*.py"))


def _guards(tree: ast.Module) -> list[ast.If]:
    return [
        node
        for node in tree.body
        if isinstance(node, ast.If)
        and ast.unparse(node.test) in ("TYPE_CHECKING", "typing.TYPE_CHECKING")
    ]


@pytest.mark.parametrize("source", SOURCES, ids=lambda p: p.name)
def test_a_type_checking_block_only_imports(source: Path) -> None:
    tree = ast.parse(source.read_text(encoding="utf-8"))
    for guard in _guards(tree):
        for statement in guard.body:
            assert isinstance(statement, ast.Import | ast.ImportFrom), (
                f"{source}:{statement.lineno}: an `if TYPE_CHECKING:` block defines a name; "
                "write the definition under `if not TYPE_CHECKING:` ... `else:` instead"
            )
        assert not guard.orelse, f"{source}:{guard.lineno}: an `if TYPE_CHECKING:` with an else"


def test_the_guard_finds_a_definition() -> None:
    tree = ast.parse("if TYPE_CHECKING:\n    Record = dict\nelse:\n    Record = make()\n")
    assert len(_guards(tree)) == 1
    assert not isinstance(_guards(tree)[0].body[0], ast.Import | ast.ImportFrom)
