"""``@enforces`` keeps its links in a registry by qualified name, so compiled code keeps them."""

from __future__ import annotations

import pytest

from rulekeeper import rules
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


def test_the_engine_links_the_overrides_it_decorates_after_their_class() -> None:
    from rulekeeper.riskres.game import RiskGame

    assert enforced_by(RiskGame.current_player) == ("RR 5.1c",)
    assert "RR 2.2c" in enforced_by(RiskGame.view)
