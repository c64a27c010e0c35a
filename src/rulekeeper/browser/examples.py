"""Every worked example of some pages, run as the browser runs them (CI, under Pyodide).

>>> from rulekeeper.browser.examples import check_pages
>>> page = [{"kind": "example", "source": ">>> 1 + 1\\n3\\n", "line": 7, "rule": "LV 2.1"}]
>>> report = check_pages({"rules/leveler.md": page})
>>> report["passed"], report["failed"][0]["where"]
(0, 'rules/leveler.md, line 7 (LV 2.1)')
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from rulekeeper.browser.api import JSON, run_page


def check_pages(pages: Mapping[str, Sequence[Mapping[str, Any]]], again: bool = False) -> JSON:
    """Run every example block of ``pages`` (``{page: [block...]}``, as
    :func:`~rulekeeper.browser.pages.page_blocks` gives them) with
    :func:`~rulekeeper.browser.api.run_page`: ``{passed, failed: [...]}``, each failure with
    ``where`` (the page, the statement's line and the rule), ``source``, ``want`` and ``got``.

    With ``again``, each example is run a second time straight after its first run, as a
    reader who presses Run twice, and must give exactly what its first run gave (the second
    starts from the namespace kept before the example, not from the page's first block).
    """
    passed = 0
    failed: list[JSON] = []
    for page, blocks in pages.items():
        for index, block in enumerate(blocks):
            if block["kind"] != "example":
                continue
            results = run_page(blocks, index)
            wrong = [r for r in results if not r["ok"]]
            if again and not wrong:
                wrong = [
                    {**second, "want": first["got"], "got": f"{second['got']}(a second run)"}
                    for first, second in zip(results, run_page(blocks, index), strict=True)
                    if first != second
                ]
            if not wrong:
                passed += 1
                continue
            first = wrong[0]
            rule = f" ({block['rule']})" if block["rule"] else ""
            failed.append(
                {
                    "where": f"{page}, line {first['line']}{rule}",
                    "source": first["source"],
                    "want": first["want"],
                    "got": first["got"],
                }
            )
    return {"passed": passed, "failed": failed}
