"""The browser's copy of a page's examples is what Sybil runs."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from rulekeeper.browser.pages import PageError, main, page_blocks

REPO = Path(__file__).resolve().parents[1]


def test_every_rules_example_is_a_block() -> None:
    pages = sorted((REPO / "rules").rglob("*.md"))
    examples = [b for page in pages for b in page_blocks(page) if b.kind == "example"]
    assert len(examples) == 611
    # A few stand in a page's introduction, outside every rule.
    assert sum(b.rule is None for b in examples) < 20


def test_blocks_keep_document_order_setup_and_lines() -> None:
    page = REPO / "rules" / "leveler.md"
    blocks = page_blocks(page)
    assert blocks[0].kind == "setup"
    assert blocks[0].source.startswith(">>> from rulekeeper")
    assert [b.line for b in blocks] == sorted(b.line for b in blocks)
    assert [b.rule for b in blocks if b.kind == "example"][:3] == ["LV 1.1", "LV 1.2", "LV 1.3"]
    lines = page.read_text().splitlines()
    for block in blocks:
        assert lines[block.line - 1].lstrip("% ") == block.source.splitlines()[0]


def test_skipped_block_is_left_out(tmp_path: Path) -> None:
    page = tmp_path / "page.md"
    page.write_text(
        "```python\n>>> 1\n1\n```\n\n% skip: next\n\n```python\n>>> 2\n3\n```\n\n"
        "% invisible-code-block: python\n% x = 1\n"
    )
    blocks = page_blocks(page)
    assert [(b.kind, b.line, b.rule) for b in blocks] == [("example", 2, None), ("setup", 14, None)]
    assert blocks[1].source == "x = 1\n"


def test_a_conditional_skip_is_refused_with_its_line(tmp_path: Path) -> None:
    page = tmp_path / "page.md"
    page.write_text("text\n% skip: next if(True)\n```python\n>>> 1\n1\n```\n")
    with pytest.raises(PageError, match="line 2"):
        page_blocks(page)


def test_the_command_writes_every_pages_blocks(tmp_path: Path) -> None:
    folder = tmp_path / "rules"
    (folder / "deep").mkdir(parents=True)
    (folder / "deep" / "page.md").write_text("```python\n>>> 1\n1\n```\n")
    out = tmp_path / "pages.json"
    assert main(["--out", str(out), str(folder)]) == 0
    written = json.loads(out.read_text())
    assert written == {
        (folder / "deep" / "page.md").as_posix(): [
            {"kind": "example", "source": ">>> 1\n1\n", "line": 2, "rule": None}
        ]
    }
