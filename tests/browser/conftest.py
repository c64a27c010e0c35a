"""The built site, served on the loopback address and opened in a real headless Chromium.

``nox -s browser`` builds the site, then runs these tests. They need:

- the built HTML, in ``docs/_build/html`` or the folder ``RULEKEEPER_SITE_DIR`` names;
- Debian's ``chromium`` (``/usr/bin/chromium``, or the path ``RULEKEEPER_CHROMIUM`` names),
  driven by Playwright's Python client. Playwright's own browser download is never used.

The site is served by a thread of this process on ``127.0.0.1`` at a port the system picks, so
that links, scripts and fetched JSON behave as they do on a web server, not as ``file://``;
and under the path of its canonical address (``/rulekeeper/`` by default), as a code host
serves a project's pages, so that every test sees the site where it is published.
"""

from __future__ import annotations

import functools
import os
import re
import threading
from collections.abc import Callable, Iterator, Sequence
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import pytest

playwright_sync = pytest.importorskip("playwright.sync_api")

from browsing import CHROMIUM, CHROMIUM_FLAGS, HEIGHTS, PHONES, WIDTHS, Tab  # noqa: E402  (needs Playwright, checked above)

REPO = Path(__file__).resolve().parents[2]
SITE = Path(os.environ.get("RULEKEEPER_SITE_DIR", REPO / "docs" / "_build" / "html"))


class _QuietHandler(SimpleHTTPRequestHandler):
    """Serve the site without a log line per request, and answer a missing address with the
    site's ``404.html`` and status 404, at whatever depth, as static hosts do."""

    def log_message(self, format: str, *args: object) -> None:
        pass

    def send_error(self, code: int, message: str | None = None, explain: str | None = None) -> None:
        page = Path(self.directory, "404.html")
        if code != 404 or not page.is_file():
            super().send_error(code, message, explain)
            return
        body = page.read_bytes()
        self.send_response(code, message)
        self.send_header("Content-Type", "text/html; charset=utf-8")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        if self.command != "HEAD":
            self.wfile.write(body)


@pytest.fixture(scope="session")
def site_dir() -> Path:
    """The built site; the tests fail with a reason if there is none."""
    if not (SITE / "index.html").is_file():
        pytest.fail(f"no built site in {SITE}: run `nox -s browser`, which builds it first")
    return SITE


class _UnderSubPath(_QuietHandler):
    """Serve the site under ``sub_path`` only; every other address is missing."""

    sub_path = "/"

    def translate_path(self, path: str) -> str:
        if not path.startswith(self.sub_path):
            return str(Path(self.directory, "no such page"))
        return super().translate_path("/" + path.removeprefix(self.sub_path))


def published_path(site: Path) -> str:
    """The path of the site's canonical address, as its home page names it: ``/rulekeeper/``,
    or ``/`` for a site built without one."""
    home = (site / "index.html").read_text(encoding="utf-8")
    found = re.search(r'<link rel="canonical" href="[a-z]+://[^/"]+(/[^"]*?)index\.html"', home)
    return found.group(1) if found else "/"


def serve(site: Path, sub_path: str = "/") -> tuple[ThreadingHTTPServer, str]:
    """Serve ``site`` under ``sub_path`` on the loopback interface; the server and the
    site's address."""
    handler_class = type("Handler", (_UnderSubPath,), {"sub_path": sub_path})
    handler = functools.partial(handler_class, directory=str(site))
    server = ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server, f"http://127.0.0.1:{server.server_address[1]}{sub_path}"


@pytest.fixture(scope="session")
def base_url(site_dir: Path) -> Iterator[str]:
    """The address of the site, served on the loopback interface for the whole session under
    the path of its canonical address."""
    server, address = serve(site_dir, published_path(site_dir))
    yield address
    server.shutdown()
    server.server_close()


@pytest.fixture(scope="session")
def browser() -> Iterator[playwright_sync.Browser]:
    """One headless Chromium for the session."""
    if not Path(CHROMIUM).is_file():
        pytest.fail(f"no Chromium at {CHROMIUM}: `apt-get install chromium` (nox -s browser does)")
    with playwright_sync.sync_playwright() as playwright:
        browser = playwright.chromium.launch(
            executable_path=CHROMIUM, headless=True, args=CHROMIUM_FLAGS
        )
        yield browser
        browser.close()


def new_tab(
    browser: playwright_sync.Browser,
    base_url: str,
    size: tuple[int, int],
    *,
    phone: bool,
    permissions: Sequence[str] = (),
) -> tuple[playwright_sync.BrowserContext, Tab]:
    """A tab of its own context at ``size`` (width, height), a touch screen for a ``phone``,
    that records every console error and script error; the caller closes the context."""
    width, height = size
    context = browser.new_context(
        viewport={"width": width, "height": height}, is_mobile=phone, has_touch=phone
    )
    if permissions:
        context.grant_permissions(list(permissions))
    context.set_default_timeout(10_000)
    tab = Tab(context.new_page(), base_url)
    tab.page.on(
        "console",
        lambda message: (
            tab.note(f"console: {message.text} {message.location}")
            if message.type == "error"
            else None
        ),
    )
    tab.page.on("pageerror", lambda error: tab.note(f"script error: {error}"))
    return context, tab


@pytest.fixture
def tab_at(browser: playwright_sync.Browser, base_url: str) -> Iterator[Callable[[str], Tab]]:
    """Open a tab at a named width from :data:`WIDTHS`; each is closed after the test."""
    contexts: list[playwright_sync.BrowserContext] = []

    def open_tab(width: str) -> Tab:
        size = (WIDTHS[width], HEIGHTS.get(width, 900))
        context, tab = new_tab(browser, base_url, size, phone=width in PHONES)
        contexts.append(context)
        return tab

    yield open_tab
    for context in contexts:
        context.close()
