"""A worked example inside a rule shows its moves and the engine's answers, the rule IDs in them
linked, with the doctest folded under "Show the doctest"."""

from __future__ import annotations

import pytest
from docutils import nodes
from sphinx.errors import ExtensionError
from sphinx.testing.util import SphinxTestApp

from rulekeeper.engine.position import PositionError
from rulekeeper.sphinx.examples import judge_lines, position_view

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
        ("says", "Ember Scout attacks Bob (RR 4.5.2c)"),
    ]


def test_each_move_shows_its_own_answers() -> None:
    """Two moves answered in the same words each show their answer; the log printed again
    afterwards is not shown a second time."""
    text = """\
>>> push(game, "Alice chooses Estate")
turn 1: Alice trashes Estate (DM 4.4)
>>> push(game, "Alice chooses Estate")
turn 1: Alice trashes Estate (DM 4.4)
>>> for line in game.log.citing("DM 4.4"):
...     print(line)
turn 1: Alice trashes Estate (DM 4.4)
turn 1: Alice trashes Estate (DM 4.4)
"""
    says = ("says", "Alice trashes Estate (DM 4.4)")
    move = ("move", "Alice chooses Estate")
    assert judge_lines(text) == [move, says, move, says]


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


def test_a_log_line_is_shown_without_its_turn() -> None:
    """A reader reads "Alice attacks Bob", not "turn 2: Alice attacks Bob": the turn is for a
    program reading the log, and the position above says whose turn it is."""
    text = """\
>>> push(game, "Alice passes")
turn 12: Bob draws a card (RR 4.3)
'turn 3: Alice wins (RR 9.1)'
"""
    assert judge_lines(text) == [
        ("move", "Alice passes"),
        ("says", "Bob draws a card (RR 4.3)"),
        ("says", "Alice wins (RR 9.1)"),
    ]


def test_a_question_asked_in_words_is_answered_in_words() -> None:
    """A statement closed by a comment ending in a question mark shows the question and the
    engine's answer said in words; a comment that is a note asks nothing, and a value that
    is not one a reader reads (an object's repr) is not said."""
    text = """\
>>> game.supply_of(0)  # What is in Ann's Supply?
('Copper', 'Curse', 'Smithy')
>>> len(game.pile("Curse")), game.over  # How many Curses, and is the game over?
(10, False)
>>> base_piles(6)  # How big are the piles for six?
{'Copper': 78, 'Province': 18}
>>> game.table.names("library:0")  # stored bottom first
['Raze', 'Brace']
>>> game.legal_actions()  # What may Ann do?
[SetAside(card='Moneylender')]
>>> print(card("Lightning Helix").description)  # What does Lightning Helix do?
3 damage to any target; you gain 3 life.
"""
    assert judge_lines(text) == [
        ("answer", "What is in Ann's Supply? Copper, Curse, Smithy"),
        ("answer", "How many Curses, and is the game over? 10, no"),
        ("answer", "How big are the piles for six? Copper 78, Province 18"),
        ("answer", "What does Lightning Helix do? 3 damage to any target; you gain 3 life."),
    ]


PRINTED = """\
>>> game = FORMATS["leveler"].new_game(seed=3, players=2)
>>> print(position(game, viewer=0))
Format: leveler
Turn: 1
Step: main1
Active: Player 1
<BLANKLINE>
Player 1: life 30; hand Swamp, Plains
Player 2: life 30; hand 7
"""


def test_a_position_an_example_prints_is_shown_where_it_is_the_example() -> None:
    """A game dealt by the engine and printed shows as a position; printed after moves from a
    position already shown, it is a programmer's check, left folded."""
    assert judge_lines(PRINTED) == [
        ("printed", PRINTED.split("))\n")[1].replace("<BLANKLINE>", "")),
    ]
    after_a_move = PRINTED.replace(">>> print", '>>> push(game, "Player 1 passes")\n>>> print')
    assert [kind for kind, _ in judge_lines(after_a_move)] == ["move"]


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


POSITION_EXAMPLE = """
:::{rule} LV 2.4
A tapped creature cannot attack.

```python
>>> game = from_position('''Format: rr
... Turn: 3
... Step: declare_attackers
... Active: Alice
...
... Alice: ep 2; hand Sparkshot; battlefield Mire Lurker (tapped), Ember Scout
... Bob: intel 1; hand Brace; library 10 Raze
... ''')
>>> push(game, "Alice attacks Bob with Mire Lurker")
Traceback (most recent call last):
...
IllegalMoveError: illegal action: Alice attacks Bob with Mire Lurker (RR 6.1a: it is tapped)
```
:::
"""


def test_a_position_reads_as_a_turn_line_and_a_row_per_player() -> None:
    lines = judge_lines(POSITION_EXAMPLE.split("```python\n")[1].split("```")[0])
    assert lines[0][0] == "position"
    assert lines[0][1].startswith("Format: rr\nTurn: 3\n")
    assert lines[1] == ("move", "Alice attacks Bob with Mire Lurker")


def test_a_position_that_does_not_read_names_its_line() -> None:
    broken = POSITION_EXAMPLE.replace("... Bob: intel 1", "... Bob intel 1")
    with pytest.raises(PositionError) as caught:
        judge_lines(broken.split("```python\n")[1].split("```")[0])
    assert caught.value.line == 7  # the doctest's seventh line, Bob's


@pytest.mark.sphinx("html", testroot="basic", srcdir="basic-position")
def test_the_position_of_an_example_is_shown_as_a_table(app: SphinxTestApp) -> None:
    """The state of the turn in a line, then one row per player with their zones."""
    page = app.srcdir / "life.md"
    page.write_text(page.read_text(encoding="utf-8") + POSITION_EXAMPLE, encoding="utf-8")
    app.build()
    html = (app.outdir / "life.html").read_text(encoding="utf-8")
    view = html.split('class="judge-position')[1].split("</table>")[0]
    assert "Turn 3 · declare attackers · Alice's turn" in view
    assert "Format" not in view  # nor the seed: chance is for what is still to be dealt
    rows = view.split("<tr")[1:]
    assert [row.split("<p>")[1].split("</p>")[0] for row in rows] == ["Alice", "Bob"]
    assert "<strong>battlefield</strong> Mire Lurker (tapped), Ember Scout" in rows[0]
    assert "<strong>library</strong> 10 Raze" in rows[1]


@pytest.mark.sphinx("html", testroot="basic", srcdir="basic-bad-position")
def test_a_position_that_does_not_read_fails_the_build(app: SphinxTestApp) -> None:
    """Not skipped: the build stops with the page and the line at fault."""
    page = app.srcdir / "life.md"
    text = page.read_text(encoding="utf-8") + POSITION_EXAMPLE.replace("Bob: intel", "Bob intel")
    page.write_text(text, encoding="utf-8")
    bob = text.splitlines().index("... Bob intel 1; hand Brace; library 10 Raze") + 1
    with pytest.raises(ExtensionError, match=rf"life\.md:{bob}: the example's position"):
        app.build()


def test_a_dominion_position_says_the_phase_the_resources_and_the_kingdom() -> None:
    view = position_view(
        "Format: dominion\nTurn: 3\nActive: Ann\nPhase: buy\nBuys: 1\nCoins: 5\n"
        "Kingdom: Cellar, Market\n\nAnn: hand Copper; deck 2 Estate\nBen: hand 5\n"
    )
    lines = [p.astext() for p in view.findall(nodes.paragraph)]
    assert lines[:3] == [
        "Turn 3 · buy phase · Ann's turn · Buys 1, $5",
        "Kingdom Cellar, Market",
        "Supply every pile at its starting size",
    ]
    assert "hand Copper deck 2 Estate" in lines
    assert "hand 5" in lines  # a hidden hand, as its number of cards


@pytest.mark.sphinx("html", testroot="rulespage")
def test_every_doctest_of_a_rules_page_reads_as_a_judge_s_but_a_guide_s_stays_code(
    app: SphinxTestApp,
) -> None:
    app.build()
    page = (app.outdir / "rules" / "reading.html").read_text(encoding="utf-8")
    assert 'class="judge-example' in page
    assert '<details class="judge-doctest"' in page
    guide = (app.outdir / "guide.html").read_text(encoding="utf-8")
    assert "judge-example" not in guide
    assert "judge-doctest" not in guide
