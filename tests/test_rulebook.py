"""Reading the rules text: a rule's statement, its status and its examples."""

from __future__ import annotations

from rulekeeper.rulebook import parse_rules

RULE = """:::{rule} RR 1.1d
:title: EP is never negative
A player's EP never goes below zero.

Alice has 2 EP and tries to cast a 3 EP creature:

```python
>>> 1 + 1
2
```

Pitching first would have paid for it:

```python
>>> 2 + 2
4
```
:::
"""


def test_the_text_is_the_statement_without_examples_or_their_lead_ins() -> None:
    [rule] = parse_rules(RULE)
    assert rule.text == "A player's EP never goes below zero."
    assert rule.examples == 2
    assert rule.title == "EP is never negative"


def test_a_rule_whose_only_paragraph_ends_with_a_colon_keeps_it() -> None:
    text = ":::{rule} RR 2.1\nThe steps are:\n\n```python\n>>> 1\n1\n```\n:::\n"
    [rule] = parse_rules(text)
    assert rule.text == "The steps are:"


def test_paragraphs_that_do_not_lead_into_an_example_are_kept() -> None:
    text = (
        ":::{rule} RR R1\n**Source.** It says one thing.\n\n**Decision.** We do another:\n"
        "it is simpler.\n\n**Why.** Because.\n:::\n"
    )
    [rule] = parse_rules(text)
    assert rule.text.splitlines()[0] == "**Source.** It says one thing."
    assert rule.text.endswith("**Why.** Because.")
    assert rule.examples == 0
