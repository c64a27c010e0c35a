"""Run, edit and play on a worked example, and open a shared position, as a reader does: at
390 px on a touch screen and at 1280 px.

The tests that ask the engine need the runtime in the built site (``_static/runtime/``,
``runtime.json`` saying ``bundled: true``); without it they are skipped, saying so, and the
tests of what a reader sees when the engine cannot run still run.
"""

from __future__ import annotations

import gzip
import json
import re
from collections.abc import Callable, Iterator
from pathlib import Path
from urllib.parse import parse_qs, urlsplit

import pytest
from browsing import Tab
from playwright.sync_api import Browser, Page, Request, expect

from conftest import new_tab

SIZES = {"phone-390": (390, 844), "desktop-1280": (1280, 800)}
"""The widths the brief names, with a height each; the first is a touch screen."""

CLIPBOARD = ("clipboard-read", "clipboard-write")
"""What the copy buttons need the browser to allow."""

RULES_PAGE = "rules/leveler.html"
"""A rules page whose examples start from positions."""

ENGINE_FILES = ("_static/runtime/", "_static/examples/", "rulekeeper-worker.js", "rulekeeper-try")
"""What only a click may load: the runtime, the page's examples, the worker, the try script."""

LOADER = b"/* An example's Run, Edit and Play on buttons"
"""Where the buttons' loader starts in ``rulekeeper-examples.js``."""

DOCTESTS = b"/* A folded doctest of a rules page is not in the page"
"""Where the buttons' loader ends in ``rulekeeper-examples.js``: the folded doctests' loader
follows, which is no part of the buttons."""

MOST_ADDED = 0.02
"""The most a rules page never Run may grow by with its buttons, served compressed: their
markup and their loader, and nothing of the engine."""

FIRST_RESULT = 60_000
"""How long a test waits for the engine's first answer (ms): the runtime loads first, on a
shared machine. The targets are measured by the bench, not asserted here."""


@pytest.fixture
def tab_sized(browser: Browser, base_url: str) -> Iterator[Callable[[str], Tab]]:
    """Open a tab at one of :data:`SIZES`, allowed to use the clipboard."""
    contexts = []

    def open_tab(size: str) -> Tab:
        phone = SIZES[size][0] < 600
        context, tab = new_tab(browser, base_url, SIZES[size], phone=phone, permissions=CLIPBOARD)
        contexts.append(context)
        return tab

    yield open_tab
    for context in contexts:
        context.close()


def bundled(site_dir: Path) -> bool:
    """Whether the built site has the runtime."""
    path = site_dir / "_static" / "runtime" / "runtime.json"
    return path.is_file() and bool(json.loads(path.read_text("utf-8")).get("bundled"))


@pytest.fixture
def runtime(site_dir: Path) -> None:
    """Skip a test that asks the engine when the site was built without its runtime."""
    if not bundled(site_dir):
        pytest.skip("the site was built without the runtime (runtime.json: bundled is not true)")


def fits(tab: Tab) -> None:
    """Nothing scrolls sideways, and every button of the examples is a tap target."""
    assert tab.scroll_overflow() <= 0, f"{tab.scroll_overflow()} px wider than the window"
    small = tab.page.evaluate(
        """[...document.querySelectorAll('.try-bar button, .try-panel button, .try-board button')]
        .filter((b) => b.checkVisibility())
        .map((b) => b.getBoundingClientRect())
        .filter((r) => r.height < 44 || r.width < 44).length"""
    )
    assert small == 0, f"{small} buttons smaller than 44 px"
    # Labelled for screen readers: every text box by its label, every button by its text.
    unnamed = tab.page.evaluate(
        """[...document.querySelectorAll('.try-panel textarea, .try-board textarea')]
        .filter((box) => box.labels.length === 0 && !box.getAttribute('aria-label')).length
        + [...document.querySelectorAll('.try-bar button, .try-panel button, .try-board button')]
        .filter((b) => !(b.getAttribute('aria-label') || b.textContent).trim()).length"""
    )
    assert unnamed == 0, f"{unnamed} text boxes or buttons without a name"


def bar_with(page: Page, action: str) -> int:
    """The index of the first example bar that has the ``action`` button."""
    index = page.evaluate(
        f"""[...document.querySelectorAll('.try-bar')]
        .findIndex((bar) => bar.querySelector('button[data-try="{action}"]'))"""
    )
    assert index >= 0, f"no example with {action}"
    return int(index)


# --- Before any click --------------------------------------------------------------------------


@pytest.mark.parametrize("size", SIZES)
def test_a_page_never_run_loads_nothing_of_the_engine(
    size: str, tab_sized: Callable[[str], Tab], site_dir: Path
) -> None:
    """A rules page with buttons requests the same files a page without them does: its HTML
    and what its head links (as on main, the buttons add no file), none of the engine; the
    buttons' markup is the only thing it adds, and it is small."""
    tab = tab_sized(size)
    requests: list[Request] = []
    tab.page.on("requestfinished", lambda request: requests.append(request))
    tab.open(RULES_PAGE)
    tab.page.wait_for_load_state("networkidle")
    urls = [request.url.removeprefix(tab.base_url).split("?")[0] for request in requests]
    assert not [url for url in urls if url.startswith(ENGINE_FILES) or "rulekeeper-try" in url]
    # Every file a page loads on main: the page, the scripts and styles it names (and what
    # they fetch: fonts, icons, the rules' data). The buttons add no script of their own.
    html = (site_dir / RULES_PAGE).read_text("utf-8")
    named = {
        href.removeprefix("../").split("?")[0]
        for href in re.findall(r'<(?:script|link)[^>]* (?:src|href)="([^"]+)"', html)
    }
    scripts = [url for url in urls if url.endswith((".js", ".mjs", ".wasm", ".zip"))]
    assert set(scripts) <= named, set(scripts) - named
    print(f"{RULES_PAGE} at {size}: {len(urls)} requests, {len(scripts)} of them scripts")
    # Today's page is this one without the buttons' markup and without their loader in
    # rulekeeper-examples.js; served compressed, the buttons may add at most MOST_ADDED of it.
    today = with_buttons = 0
    for url in set(urls):
        data = (site_dir / url).read_bytes()
        with_buttons += len(gzip.compress(data, 6))
        if url == RULES_PAGE:
            data = re.sub(rb'<div class="try-bar".*?</div>', b"", data)
        elif url.endswith("rulekeeper-examples.js"):
            data = data.split(LOADER)[0] + DOCTESTS + data.split(DOCTESTS)[1]
        today += len(gzip.compress(data, 6))
    added = with_buttons - today
    print(f"{RULES_PAGE}: {today} bytes today, {added} more with the buttons (compressed)")
    assert 0 < added <= MOST_ADDED * today
    tab.check_no_errors()


def test_the_buttons_say_when_the_runtime_was_not_bundled(
    tab_sized: Callable[[str], Tab],
) -> None:
    """A site built without the runtime: Run says so, instead of failing."""
    tab = tab_sized("phone-390")
    tab.page.route(
        "**/_static/runtime/runtime.json",
        lambda route: route.fulfill(
            json={"bundled": False, "reason": "built offline"}, content_type="application/json"
        ),
    )
    tab.open(RULES_PAGE)
    tab.page.locator('.try-bar button[data-try="run"]').first.click()
    expect(tab.page.locator(".try-problem").first).to_contain_text(
        "not bundled with this copy of the site"
    )
    fits(tab)


def test_a_browser_without_webassembly_is_told_so(tab_sized: Callable[[str], Tab]) -> None:
    """Without WebAssembly, Run says the browser cannot run the engine."""
    tab = tab_sized("desktop-1280")
    tab.page.add_init_script("delete globalThis.WebAssembly")
    tab.open(RULES_PAGE)
    tab.page.locator('.try-bar button[data-try="run"]').first.click()
    expect(tab.page.locator(".try-problem").first).to_contain_text("no WebAssembly")


def test_a_page_opened_from_a_file_says_how_to_serve_the_folder(
    tab_sized: Callable[[str], Tab], site_dir: Path
) -> None:
    """From ``file://`` the worker cannot start: Run says to serve the folder."""
    tab = tab_sized("desktop-1280")
    tab.page.goto((site_dir / RULES_PAGE).as_uri())
    tab.page.locator('.try-bar button[data-try="run"]').first.click()
    expect(tab.page.locator(".try-problem").first).to_contain_text("python3 -m http.server")


# --- Asking the engine -------------------------------------------------------------------------


@pytest.mark.parametrize("size", SIZES)
def test_run_an_example(size: str, tab_sized: Callable[[str], Tab], runtime: None) -> None:
    """Run shows, statement by statement, that the engine says what the page says."""
    tab = tab_sized(size)
    tab.open(RULES_PAGE)
    bar = tab.page.locator(".try-bar").nth(bar_with(tab.page, "edit"))
    run = bar.locator('button[data-try="run"]')
    if size == "desktop-1280":  # from the keyboard
        run.focus()
        tab.page.keyboard.press("Enter")
    else:
        run.tap()
    expect(run).to_have_attribute("aria-expanded", "true")
    panel = tab.page.locator(".try-panel").first
    expect(panel.locator(".try-summary")).to_contain_text("agree", timeout=FIRST_RESULT)
    assert panel.locator(".try-wrong").count() == 0
    assert panel.locator(".try-ok").count() >= 1
    fits(tab)
    tab.check_no_errors()


@pytest.mark.parametrize("size", SIZES)
def test_edit_an_example(size: str, tab_sized: Callable[[str], Tab], runtime: None) -> None:
    """Edit: the moves give the engine's answer in the judge's form; a changed position gives
    a new answer; a position the engine cannot build names its line."""
    tab = tab_sized(size)
    tab.open(RULES_PAGE)
    bar = tab.page.locator(".try-bar").nth(bar_with(tab.page, "edit"))
    bar.locator('button[data-try="edit"]').click()
    board = tab.page.locator(".try-board-ui").first
    position = board.locator("textarea.try-position")
    expect(position).to_have_value(re.compile("^Format: leveler"))
    board.locator('button[data-act="play"]').click()
    output = board.locator(".try-output")
    expect(
        output.locator(".try-log, .try-refused, .try-quiet, .try-deciding, .try-result").first
    ).to_be_visible(timeout=FIRST_RESULT)
    first = output.inner_text()
    # A card the engine does not know: the position reader names the line and the card.
    position.fill(position.input_value().replace("\n\n", "\n\nAlice: hand Nonexistent Card\n", 1))
    board.locator('button[data-act="play"]').click()
    refused = output.locator(".try-refused")
    expect(refused).to_contain_text("Line")
    assert "Traceback" not in output.inner_text()
    assert output.inner_text() != first
    fits(tab)
    tab.check_no_errors()


@pytest.mark.parametrize("size", SIZES)
def test_play_on_from_an_example(size: str, tab_sized: Callable[[str], Tab], runtime: None) -> None:
    """Play on: list the moves, explain one, play one, let the bots finish, copy the position
    and the record."""
    tab = tab_sized(size)
    tab.open(RULES_PAGE)
    bar = tab.page.locator(".try-bar").nth(bar_with(tab.page, "play"))
    bar.locator('button[data-try="play"]').click()
    board = tab.page.locator(".try-board-ui").first
    legal = board.locator("ul.try-legal li")
    expect(legal.first).to_be_visible(timeout=FIRST_RESULT)
    legal.first.locator('button[data-act="why"]').click()
    expect(legal.first.locator(".try-why p").first).not_to_be_empty()
    moves_before = board.locator("textarea.try-moves").input_value()
    move = legal.first.locator(".try-move").inner_text()
    legal.first.locator('button[data-act="play-move"]').click()
    expect(board.locator("textarea.try-moves")).to_have_value((moves_before + "\n" + move).strip())
    expect(board.locator("ul.try-legal li, .try-result").first).to_be_visible()
    fits(tab)
    board.locator('button[data-act="finish"]').click()
    expect(board.locator(".try-result")).to_contain_text("over", timeout=FIRST_RESULT)
    board.locator('button[data-act="copy-position"]').click()
    expect(board.locator('button[data-act="copy-position"]')).to_have_text("Copied")
    assert tab.page.evaluate("navigator.clipboard.readText()").startswith("Format: leveler")
    board.locator('button[data-act="copy-record"]').click()
    expect(board.locator('button[data-act="copy-record"]')).to_have_text("Copied")
    assert tab.page.evaluate("navigator.clipboard.readText()").strip()
    tab.check_no_errors()


@pytest.mark.parametrize("size", SIZES)
def test_a_shared_link_opens_the_try_page_on_its_position(
    size: str, tab_sized: Callable[[str], Tab], runtime: None
) -> None:
    """Copy a link from an example's Edit; opened, the format's try page shows that position
    and those moves, and the engine answers them."""
    tab = tab_sized(size)
    tab.open(RULES_PAGE)
    bar = tab.page.locator(".try-bar").nth(bar_with(tab.page, "edit"))
    bar.locator('button[data-try="edit"]').click()
    board = tab.page.locator(".try-board-ui").first
    position = board.locator("textarea.try-position").input_value()
    moves = board.locator("textarea.try-moves").input_value()
    board.locator('button[data-act="copy-link"]').click()
    link = tab.page.evaluate("navigator.clipboard.readText()")
    assert urlsplit(link).path.endswith("/try/leveler.html")
    fields = parse_qs(urlsplit(link).fragment)
    assert fields["position"] == [position]
    tab.page.goto(link)
    shared = tab.page.locator(".try-board .try-board-ui")
    expect(shared.locator("textarea.try-position")).to_have_value(position)
    expect(shared.locator("textarea.try-moves")).to_have_value(moves)
    shared.locator('button[data-act="legal"]').click()
    expect(shared.locator("ul.try-legal li, .try-refused").first).to_be_visible(
        timeout=FIRST_RESULT
    )
    fits(tab)
    tab.check_no_errors()


@pytest.mark.parametrize("key", ["rr", "dominion-draft"])
def test_a_try_page_starts_from_its_format_s_position(
    key: str, tab_sized: Callable[[str], Tab], runtime: None
) -> None:
    """The try page of a format lists the moves of its starting position."""
    tab = tab_sized("phone-390")
    tab.open(f"try/{key}.html")
    board = tab.page.locator(".try-board .try-board-ui")
    expect(board.locator("textarea.try-position")).to_have_value(re.compile(f"^Format: {key}\n"))
    board.locator('button[data-act="legal"]').click()
    expect(board.locator("ul.try-legal li").first).to_be_visible(timeout=FIRST_RESULT)
    fits(tab)
    tab.check_no_errors()
