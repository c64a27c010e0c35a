"""A worked example inside a rule shows its moves and the engine's answers, the rule IDs in them
linked, with the doctest folded under "Show the doctest"."""

from __future__ import annotations

import pytest
from sphinx.testing.util import SphinxTestApp

from rulekeeper.sphinx.examples import judge_lines

REFUSED = """\
>>> game = setup()
>>> push(game, "Alice attacks Bob with Mire Lurker")
Traceback (most recent call last):
...
IllegalMoveError: illegal action: Alice attacks Bob with Mire Lurker (RR 6.1a: Lurker is tapped)
>>> push(game, "Alice attacks Bob with Ember Scout")
turn 2: Ember Scout attacks Bob (RR 4.5.2c)
>>> print(game.log[-1])
turn 2: Ember Scout attacks Bob (RR 4.5.2c)
>>> game.attacks
{2: Player(index=1)}
"""


def test_a_judge_reads_the_moves_and_the_lines_citing_a_rule() -> None:
    """The setup and the Python values are left out; a line printed twice is shown once."""
    assert judge_lines(REFUSED) == [
        ("move", "Alice attacks Bob with Mire Lurker"),
        ("says", "Refused (RR 6.1a): Lurker is tapped"),
        ("move", "Alice attacks Bob with Ember Scout"),
        ("says", "turn 2: Ember Scout attacks Bob (RR 4.5.2c)"),
    ]


def test_an_error_citing_a_rule_is_shown_without_its_python_name() -> None:
    text = """\
>>> new_game(7)
Traceback (most recent call last):
...
rulekeeper.errors.InputError: played by 2 to 6 players, not 7 (DD 1.1)
>>> explain(game, Buy("Village"))
"Buy(card='Village') is illegal: not in your Supply (DD 3.3, ...)"
"""
    assert judge_lines(text) == [
        ("says", "Refused: played by 2 to 6 players, not 7 (DD 1.1)"),
        ("says", "Buy(card='Village') is illegal: not in your Supply (DD 3.3, …)"),
    ]


@pytest.mark.sphinx("html", testroot="basic")
def test_the_doctest_of_a_rule_is_folded(app: SphinxTestApp) -> None:
    """An example with no move and no line citing a rule is only folded; its doctest keeps
    its prompts, for the copy button to copy."""
    app.build()
    html = (app.outdir / "life.html").read_text(encoding="utf-8")
    assert html.count('<details class="judge-doctest"><summary>Show the doctest</summary>') == 2
    folded = html.split('<details class="judge-doctest">')[1].split("</details>")[0]
    assert "starting_life" in folded
    assert "&gt;&gt;&gt;" in folded
    assert 'class="judge-example"' not in html
