"""A page's worked examples, in document order, as Sybil reads them.

The site's pages give each example to the reader's browser, and CI runs the same examples under
Pyodide; both take them from :func:`page_blocks`, which reads a MyST page with the parsers the
test suite's Sybil uses, so the browser runs exactly what the suite runs.

>>> from pathlib import Path
>>> from rulekeeper.browser.pages import page_blocks
>>> blocks = page_blocks(Path("rules/leveler.md"))
>>> blocks[0].kind, blocks[0].rule
('setup', None)
>>> example = next(b for b in blocks if b.rule == "LV 1.2")
>>> example.kind, example.line, example.source.splitlines()[0][:22]
('example', 79, '>>> check(legal.replac')
"""

from __future__ import annotations

import argparse
import json
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Literal

from rulekeeper.rulebook import rule_at

Kind = Literal["setup", "example"]


@dataclass(frozen=True)
class Block:
    """One code block of a page.

    ``kind`` is ``"setup"`` for a block the reader does not see (``% invisible-code-block``, or
    a visible fence of plain code that Sybil runs without comparing), ``"example"`` for a
    visible ``python`` doctest fence. ``source`` is the block's text (``>>>`` lines with their
    expected output), ``line`` the 1-based line of the page where ``source`` starts (so
    statement ``n`` lines into it is at ``line + n``), ``rule`` the ID of the rule the block
    sits in, or ``None``.
    """

    kind: Kind
    source: str
    line: int
    rule: str | None

    def as_json(self) -> dict[str, object]:
        """The block as the browser receives it."""
        return asdict(self)


class PageError(ValueError):
    """A page holds something the browser cannot run as Sybil does (a conditional skip, a
    cleared namespace), named by its line."""


def page_blocks(path: Path) -> list[Block]:
    """The code blocks Sybil runs on the MyST page ``path``, in document order.

    A block after ``% skip: next`` (or between ``% skip: start`` and ``% skip: end``) is left
    out, as Sybil leaves it out.

    :raises PageError: for a skip with a condition or a ``% clear-namespace``, which the
        browser's one namespace per page cannot follow.
    """
    # Sybil is a test and build dependency, never shipped to the browser: import it here.
    from sybil import Document
    from sybil.parsers import myst

    document = Document.parse(str(path))
    text = document.text

    def line_of(offset: int) -> int:
        return text.count("\n", 0, offset) + 1

    codes = list(myst.PythonCodeBlockParser().codeblock_parser(document))
    skips = {region.start: region.parsed for region in myst.SkipParser()(document)}
    for region in myst.ClearNamespaceParser()(document):
        raise PageError(f"{path}, line {line_of(region.start)}: a cleared namespace")

    blocks: list[Block] = []
    skip_next = skipping = False
    for start in sorted([region.start for region in codes] + list(skips)):
        if start in skips:
            action, condition = skips[start]
            if condition is not None or action not in ("next", "start", "end"):
                raise PageError(f"{path}, line {line_of(start)}: a skip the browser cannot follow")
            skip_next = action == "next"
            skipping = action == "start" or (skipping and action != "end")
            continue
        if skip_next or skipping:
            skip_next = False
            continue
        region = next(code for code in codes if code.start == start)
        source = region.lexemes["source"]
        line = line_of(region.start + source.offset)
        visible = region.lexemes.get("directive") is None
        kind: Kind = "example" if visible and str(source).startswith(">>>") else "setup"
        rule = rule_at(str(path), line)
        blocks.append(Block(kind, str(source), line, rule.id if rule is not None else None))
    return blocks


def main(argv: list[str] | None = None) -> int:
    """``python -m rulekeeper.browser.pages --out FILE PAGE...``: write the blocks of every
    page (a folder: its ``*.md`` pages, at any depth) as JSON, ``{page: [block...]}``, for a
    run outside CPython (CI's run under Pyodide)."""
    parser = argparse.ArgumentParser(prog="python -m rulekeeper.browser.pages")
    parser.add_argument("--out", required=True, help="the JSON file to write")
    parser.add_argument("pages", nargs="+", help="pages or folders of pages")
    args = parser.parse_args(argv)
    paths: list[Path] = []
    for given in map(Path, args.pages):
        paths += sorted(given.rglob("*.md")) if given.is_dir() else [given]
    blocks = {path.as_posix(): [b.as_json() for b in page_blocks(path)] for path in paths}
    Path(args.out).write_text(json.dumps(blocks, indent=1) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
