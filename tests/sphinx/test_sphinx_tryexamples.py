"""The parts of the examples' Run, Edit and Play on that the build makes: the buttons' markup,
each rules page's example data (``_static/examples/<docname>.json``) and the try pages."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from sphinx.testing.util import SphinxTestApp

from rulekeeper.browser.pages import page_blocks
from rulekeeper.position import from_position, position
from rulekeeper.sphinx.examples import position_and_moves
from rulekeeper.sphinx.offline import offline_html
from rulekeeper.sphinx.trypages import start_position, try_formats

BAR = re.compile(r'<div class="try-bar" (?P<attributes>[^>]*)>(?P<buttons>.*?)</div>')


def _bars(html: str) -> list[tuple[dict[str, str], list[str]]]:
    """Each bar's data attributes and the actions of its buttons."""
    return [
        (
            dict(re.findall(r'data-try-(\w+)="([^"]*)"', match["attributes"])),
            re.findall(r'data-try="(\w+)"', match["buttons"]),
        )
        for match in BAR.finditer(html)
    ]


@pytest.mark.sphinx("html", testroot="tryexamples")
def test_each_runnable_example_of_a_rules_page_gets_its_buttons(app: SphinxTestApp) -> None:
    """An example from a position gets Run, Edit and Play on; one that builds on the one before
    gets Run only; an example Sybil skips gets none, and a guide's examples none."""
    app.build()
    html = (app.outdir / "rules" / "trying.html").read_text(encoding="utf-8")
    assert _bars(html) == [
        ({"page": "rules/trying", "file": "0", "block": "1"}, ["run", "edit", "play"]),
        ({"page": "rules/trying", "file": "0", "block": "2"}, ["run"]),
    ]
    # Named by their words, which a speaking user can say (WCAG 2.5.3).
    assert '<button type="button" class="try-button" data-try="run">Run</button>' in html
    assert "try-bar" not in (app.outdir / "guide.html").read_text(encoding="utf-8")
    # Nothing of the engine is linked from the page: the first click loads it.
    assert "rulekeeper-try" not in html
    assert "runtime" not in html


@pytest.mark.sphinx("html", testroot="tryexamples")
def test_a_rules_page_s_example_data_is_what_sybil_runs(app: SphinxTestApp) -> None:
    """The JSON holds the page's blocks as ``page_blocks`` reads them (setup included, the
    skipped block left out), and each example's position and moves."""
    app.build()
    data = json.loads(
        (app.outdir / "_static" / "examples" / "rules" / "trying.json").read_text("utf-8")
    )
    source = app.srcdir / "rules" / "trying.md"
    assert data["page"] == "rules/trying"
    (file,) = data["files"].values()
    assert file["blocks"] == [block.as_json() for block in page_blocks(source)]
    assert [block["kind"] for block in file["blocks"]] == ["setup", "example", "example"]
    assert file["examples"] == {
        "1": {
            "position": "Format: leveler\n\nAlice: hand Forest\nBob: life 12\n",
            "moves": ["Alice plays Forest"],
        },
        "2": {},
    }
    assert not (app.outdir / "_static" / "examples" / "guide.json").exists()


def test_an_example_s_position_and_moves_are_those_after_its_first_position() -> None:
    """Moves before the position are the setup's, not the reader's to edit."""
    code = """\
>>> push(game, "Alice passes")
>>> game = from_position('''Format: rr
...
... Alice: life 20
... ''')
>>> push(game, "Alice passes")
>>> push(game, "Bob passes")
"""
    assert position_and_moves(code) == (
        "Format: rr\n\nAlice: life 20\n",
        ["Alice passes", "Bob passes"],
    )
    assert position_and_moves(">>> game.turn\n1\n") is None


@pytest.mark.sphinx("html", testroot="tryexamples", srcdir="tryexamples-pages")
def test_a_try_page_per_format_starts_from_a_position_the_engine_builds(
    app: SphinxTestApp,
) -> None:
    """``try/<key>.html`` for each format with a position notation, under the command line's
    key, holding a position the engine builds, and loading the script that fills its board."""
    app.build()
    keys = [key for key, _ in try_formats()]
    assert {"rr", "dominion-draft", "leveler"} <= set(keys)
    for key in keys:
        html = (app.outdir / "try" / f"{key}.html").read_text(encoding="utf-8")
        start = re.search(r'<script type="application/json" class="try-start">(.*?)</script>', html)
        assert start is not None, key
        given = json.loads(start[1])
        assert given == {"format": key, "position": start_position(key)}
        from_position(given["position"])  # raises if the engine cannot build it
        assert f'data-try-format="{key}"' in html
        assert "_static/rulekeeper-try.js" in html
        assert "_static/rulekeeper-try.css" in html
    # Other pages do not load the try script.
    assert "rulekeeper-try.js" not in (app.outdir / "guide.html").read_text(encoding="utf-8")


@pytest.mark.sphinx("html", testroot="tryexamples", srcdir="tryexamples-list")
def test_the_try_pages_list_links_each_page_relative_to_where_it_is(app: SphinxTestApp) -> None:
    """The ``try-pages`` directive links every try page, from any depth."""
    app.build()
    html = (app.outdir / "rules" / "trying.html").read_text(encoding="utf-8")
    links = re.findall(r'<a class="reference internal" href="(\.\./try/[\w-]+\.html)"', html)
    assert links == [f"../try/{key}.html" for key, _ in try_formats()]
    for link in links:
        assert (app.outdir / "rules" / link).resolve().is_file()


@pytest.mark.parametrize("key", [key for key, _ in try_formats()])
def test_each_try_page_starts_with_the_examples_players(key: str) -> None:
    """The page's players are Ann and Ben, as in the rules' examples, not the engine's seat
    names; and the renamed position still builds."""
    text = start_position(key)
    assert "Player 1" not in text
    assert "Player 2" not in text
    assert re.search(r"^Ann: ", text, re.M)
    assert re.search(r"^Ben: ", text, re.M)
    assert position(from_position(text)) == text


LAZY = re.compile(
    r'<details class="judge-doctest" data-doctest-page="(?P<page>[^"]*)" '
    r'data-doctest-file="(?P<file>\d+)" data-doctest-block="(?P<block>\d+)">'
    r"<summary>Show the doctest</summary>(?P<inside>.*?)</details>",
    re.S,
)


@pytest.mark.sphinx("html", testroot="tryexamples")
def test_a_runnable_example_s_doctest_is_loaded_from_the_page_s_data(
    app: SphinxTestApp,
) -> None:
    """The page holds no doctest the browser can run: its fold names the block of the page's
    JSON that holds it, and says where it is in the rules for a reader without scripts; the
    doctest the browser cannot run (Sybil skips it) stays in the page."""
    app.build()
    html = (app.outdir / "rules" / "trying.html").read_text(encoding="utf-8")
    data = json.loads(
        (app.outdir / "_static" / "examples" / "rules" / "trying.json").read_text("utf-8")
    )
    folds = list(LAZY.finditer(html))
    assert [(m["page"], m["file"], m["block"]) for m in folds] == [
        ("rules/trying", "0", "1"),
        ("rules/trying", "0", "2"),
    ]
    blocks = data["files"]["0"]["blocks"]
    for fold in folds:
        assert "&gt;&gt;&gt;" not in fold["inside"]
        line = blocks[int(fold["block"])]["line"]
        assert f"The doctest is at <code>rules/trying.md</code>, line {line}." in fold["inside"]
    assert "Alice plays Forest" in blocks[1]["source"]
    assert '<details class="judge-doctest"><summary>' in html  # the skipped one
    assert "skipped" in html.split('<details class="judge-doctest"><summary>')[1]


def test_the_offline_file_writes_each_loaded_doctest_in(tmp_path: Path) -> None:
    """The one-file download has no script: each doctest the site loads is written into it."""
    page = (
        '<details class="judge-doctest" data-doctest-page="rules/a" '
        'data-doctest-file="0" data-doctest-block="1"><summary>Show the doctest</summary>'
        '<p class="judge-doctest-where">The doctest is at ...</p></details>'
    )
    examples = tmp_path / "_static" / "examples" / "rules"
    examples.mkdir(parents=True)
    blocks = [{"source": ">>> setup()\n"}, {"source": ">>> push(game, 'x')\n<A & B>\n"}]
    (examples / "a.json").write_text(
        json.dumps({"page": "rules/a", "files": {"0": {"blocks": blocks}}}), encoding="utf-8"
    )
    text = offline_html(tmp_path, "LV", {"rules/a.html": page})
    assert (
        "<pre>&gt;&gt;&gt; push(game, &#x27;x&#x27;)\n&lt;A &amp; B&gt;\n</pre></details>" in text
    )
    assert "judge-doctest-where" not in text
