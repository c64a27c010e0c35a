"""The rule links: docstring fields and ``enforces``, kept in a registry by qualified name."""

from __future__ import annotations

import ast
import sys
from pathlib import Path

import pytest

from rulekeeper import rules
from rulekeeper.errors import UnknownRuleError
from rulekeeper.rules import enforced_by, enforces, qualified_name

pytestmark = pytest.mark.usefixtures("restored_registry")


def test_a_decorated_function_is_returned_unchanged_and_found_by_name() -> None:
    def judge() -> None: ...

    assert enforces("RR 1.1a", "rr 1.1b")(judge) is judge
    assert not hasattr(judge, "__enforces__")
    assert enforced_by(judge) == ("RR 1.1a", "RR 1.1b")
    assert qualified_name(judge) in rules.enforcers()["RR 1.1a"]


def test_rules_added_twice_accumulate_in_order() -> None:
    def judge() -> None: ...

    enforces("RR 1.1a")(judge)
    enforces("RR 1.2a")(judge)
    assert enforced_by(judge) == ("RR 1.1a", "RR 1.2a")


def test_a_subclass_does_not_inherit_its_parents_rules() -> None:
    @enforces("RR 1.1a")
    class Parent:
        pass

    class Child(Parent):
        pass

    assert enforced_by(Parent) == ("RR 1.1a",)
    assert enforced_by(Child) == ()


def test_an_object_without_a_module_is_named_by_its_class() -> None:
    # A method of a compiled class looks like this built-in method: no __module__ of its own.
    assert qualified_name(dict.get) == "builtins.dict.get"
    enforces("RR 1.1a")(dict.get)
    assert enforced_by(dict.get) == ("RR 1.1a",)


def test_a_class_method_without_a_module_is_named_by_the_class_it_is_bound_to() -> None:
    # A compiled class method looks like this built-in one: no __module__, bound to its class.
    assert qualified_name(dict.fromkeys) == "builtins.dict.fromkeys"


def test_the_engine_marks_its_overrides_where_they_are_defined() -> None:
    from rulekeeper.riskres.game import RiskGame

    assert enforced_by(RiskGame.current_player) == ("RR 5.1c",)
    assert "RR 2.2c" in enforced_by(RiskGame.view)


MARKED = '''
class Game:
    """A game.

    :enforces: RR 1.1a
    """

    def check(self) -> None:
        """Judge an action.

        :enforces: RR 1.2a, rr 1.2b,
            RR R3
        """

    def plain(self) -> None:
        """Nothing here is a mark: ``:enforces: RR 9.9`` is only quoted."""


def nested() -> None:
    """:enforces: RR 2.1"""
'''


def test_a_docstring_field_marks_its_definition(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (tmp_path / "marked_engine.py").write_text(MARKED, encoding="utf-8")
    monkeypatch.syspath_prepend(str(tmp_path))
    import marked_engine

    assert enforced_by(marked_engine.Game) == ("RR 1.1a",)
    assert enforced_by(marked_engine.Game.check) == ("RR 1.2a", "RR 1.2b", "RR R3")
    assert enforced_by(marked_engine.Game.plain) == ()
    assert rules.enforcers_of("RR 2.1") == ("marked_engine.nested",)
    monkeypatch.delitem(sys.modules, "marked_engine")


def test_a_bad_rule_id_in_a_mark_names_the_definition(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (tmp_path / "bad_engine.py").write_text('def f() -> None:\n    """:enforces: R 1"""\n')
    monkeypatch.syspath_prepend(str(tmp_path))
    with pytest.raises(UnknownRuleError, match=r"bad_engine\.f, :enforces: not a rule id"):
        rules.read_marks("bad_engine")


def test_a_module_without_source_has_no_marks() -> None:
    rules.read_marks("builtins")
    rules.read_marks("no.such.module")
    assert enforced_by(len) == ()


def test_the_engine_links_its_rules_only_by_docstring_fields() -> None:
    # One way: a decorator or a call would be a generic call in the compiled build.
    package = Path(rules.__file__).parent
    calls = [
        f"{path.relative_to(package)}:{node.lineno}"
        for path in sorted(package.rglob("*.py"))
        if path.name != "rules.py" and "sphinx" not in path.parts
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8")))
        if isinstance(node, ast.Name) and node.id == "enforces"
    ]
    assert not calls, f"run the conversion to :enforces: fields on {calls}"
