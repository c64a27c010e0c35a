"""The targets of running an example, measured in headless Chromium on this machine from the
click on Run to the result on the page, and asserted. Times are the bench's: ``nox -s bench``
builds the site and runs this file, and ``nox -s browser`` leaves it out:

- the first result with an empty cache (*cold*): Pyodide and the engine start in the worker;
- a later run of another example, and a run of the same example again after Edit: the
  engine is running and the page's namespace is kept;
- the first result with the runtime in the browser's cache (*cached*): the page opened again
  once the worker has stored its memory snapshot, as it does when idle after an answer;
- the bytes Run transfers, served compressed.

The machine is shared, so a time is the best of :data:`TRIALS` tries, each in a browser
context of its own (an empty cache); every try is printed. Nothing is started before the
click: the page loads what it loads for a reader who never presses Run.
"""

from __future__ import annotations

import gzip
import time
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, Request

PAGE = "rules/leveler.html"
"""The page whose first example with a position is run."""

MOST_BYTES = 8_000_000
"""What Run may transfer, served compressed (the issue's target)."""

TARGETS = {"cold": 4.0, "cached": 1.5, "later": 0.2, "after Edit": 0.2}
"""The issue's targets (s): the first result cold and with the runtime cached, and each later
run, that of the same example after Edit included. Run it on a quiet machine: at a load of 8
the cold start takes twice as long (the contributor guide's "Starting fast" has the figures,
and the worker's marks, printed for every try, say where the time goes)."""

TRIALS = 3
"""Tries of each measure; the best counts (the others measure the machine's other work)."""

WAIT = 120_000
"""The longest a measured run may take before the bench gives up (ms)."""

SNAPSHOT_WAIT = 60.0
"""The longest the bench waits for the worker to store its snapshot (s)."""


def _run(page: Page, index: int) -> float:
    """Click Run on example bar ``index`` and return the seconds to its result, which must
    agree with the page."""
    bar = page.locator(".try-bar").nth(index)
    # The answer of an earlier run must not be taken for this one's.
    bar.evaluate(
        "(bar) => bar.parentElement.querySelectorAll('.try-panel').forEach((p) => p.remove())"
    )
    started = time.perf_counter()
    bar.locator('button[data-try="run"]').click()
    summary = bar.locator("xpath=following-sibling::div[1]").locator(".try-summary")
    summary.wait_for(timeout=WAIT)
    seconds = time.perf_counter() - started
    assert "try-agrees" in (summary.get_attribute("class") or ""), summary.inner_text()
    return seconds


def _edit(page: Page, index: int) -> None:
    """Click Edit on example bar ``index`` and wait for its position to be editable."""
    bar = page.locator(".try-bar").nth(index)
    bar.locator('button[data-try="edit"]').click()
    bar.locator("xpath=following-sibling::div[1]").locator("textarea.try-position").wait_for()


def _snapshot_stored(page: Page) -> bool:
    """Whether the worker has stored its memory snapshot in the browser's Cache Storage."""
    return bool(
        page.evaluate(
            "caches.open('rulekeeper-runtime').then((c) => c.keys()).then((k) => k.length > 0)"
        )
    )


def _marks(page: Page) -> dict[str, float]:
    """The worker's own marks (seconds a step): its start's steps and its first answer, as
    it measured them (``rulekeeper-worker.js``'s ``measure``)."""
    entries = page.workers[-1].evaluate(
        "performance.getEntriesByType('measure').map((m) => [m.name, m.duration])"
    )
    marks: dict[str, float] = {}
    for name, ms in entries:
        step = name.removeprefix("rulekeeper: ")
        if step != name:
            marks[step if step not in marks else f"then {step}"] = ms / 1000
    return marks


def _shown(marks: dict[str, float]) -> str:
    return ", ".join(f"{step} {seconds:.2f}" for step, seconds in marks.items())


def _compressed(site_dir: Path, base_url: str, requests: list[Request]) -> tuple[int, int]:
    """The bytes of the site's files fetched, as served and gzip-compressed (level 6, as a
    static host serves them)."""
    raw = packed = 0
    for request in requests:
        path = request.url.removeprefix(base_url).split("?")[0].split("#")[0]
        file = site_dir / path
        if not path or not file.is_file():
            continue
        data = file.read_bytes()
        raw += len(data)
        packed += len(gzip.compress(data, compresslevel=6))
    return raw, packed


def _trial(browser: Browser, base_url: str, site_dir: Path) -> dict[str, float]:
    """One try of every measure in a context of its own; the bytes as ``raw`` and
    ``packed``."""
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    try:
        page = context.new_page()
        page.goto(base_url + PAGE, wait_until="load")
        index = int(
            page.evaluate(
                """[...document.querySelectorAll('.try-bar')]
                .findIndex((bar) => bar.querySelector('button[data-try="edit"]'))"""
            )
        )
        requests: list[Request] = []
        page.on("requestfinished", lambda request: requests.append(request))
        figures = {"cold": _run(page, index)}
        print(f"\n  cold, the worker's marks (s): {_shown(_marks(page))}")
        raw, packed = _compressed(site_dir, base_url, requests)
        figures["later"] = _run(page, index + 1)
        _edit(page, index)
        figures["after Edit"] = _run(page, index)
        print(f"  then, the worker's marks (s): {_shown(_marks(page))}")
        # The runtime in the browser's cache: the worker stores its snapshot when idle, as
        # it is while a reader reads the answer; then the same context opens the page again.
        waited = time.perf_counter()
        while not _snapshot_stored(page):
            assert time.perf_counter() - waited < SNAPSHOT_WAIT, "no snapshot was stored"
            time.sleep(0.1)
        page.reload(wait_until="load")
        # What the worker says while it starts, kept: it must say it restored the snapshot.
        page.evaluate(
            """() => { window.statuses = [];
            new MutationObserver(() => document.querySelectorAll('.try-status')
              .forEach((s) => window.statuses.push(s.textContent)))
            .observe(document.body, {subtree: true, childList: true, characterData: true}); }"""
        )
        figures["cached"] = _run(page, index)
        print(f"  cached, the worker's marks (s): {_shown(_marks(page))}")
        said = page.evaluate("window.statuses")
        assert any("from your last visit" in status for status in said), said
        figures["raw"], figures["packed"] = raw, packed
        return figures
    finally:
        context.close()


def test_bench_the_targets_of_running_an_example(
    browser: Browser, base_url: str, site_dir: Path
) -> None:
    """Measure the targets :data:`TRIALS` times; print every try and assert the best."""
    from test_trying import bundled

    if not bundled(site_dir):
        pytest.skip("the site was built without the runtime")
    trials = [_trial(browser, base_url, site_dir) for _ in range(TRIALS)]
    best = {name: min(t[name] for t in trials) for name in TARGETS}
    for name, target in TARGETS.items():
        tries = ", ".join(f"{t[name]:.2f}" for t in trials)
        verdict = "ok" if best[name] <= target else "OVER"
        print(f"{name}: best {best[name]:.2f} s of {tries} (target {target} s) {verdict}")
    packed = max(t["packed"] for t in trials)
    raw = max(t["raw"] for t in trials)
    print(
        f"Run transferred {raw / 1e6:.2f} MB, {packed / 1e6:.2f} MB served compressed "
        f"(target {MOST_BYTES / 1e6:.0f} MB)"
    )
    assert packed <= MOST_BYTES
    over = {name: round(best[name], 2) for name, target in TARGETS.items() if best[name] > target}
    assert not over, f"over the targets: {over}"
