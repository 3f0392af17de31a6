"""The pages in a real browser: Debian's Chromium driven by Playwright's async API.

* :func:`chromium`: one browser per test process (the suite runs under pytest-xdist, so one per
  worker), started on first use and closed at the end. Where Chromium is missing the browser
  tests skip with :data:`MISSING`; where ``REQUIRE_BROWSER`` is set (``.ci/run`` sets it, after
  installing Debian's ``chromium`` where it is missing) they fail instead. Playwright's own
  browser builds (``playwright install``) are never used: they download from outside the
  package registries.
* :func:`browsing`: a fresh context and page per test, at :func:`viewport` (a phone, 390×844,
  unless a test parametrizes ``viewport``) in :func:`locale` (English unless parametrized).
  It records every request the page makes, every console error, every uncaught script error
  and every dialog (``alert`` …); after the test it checks that every request went to the
  server under test (:func:`site_base`) and that nothing else was recorded beyond the console
  errors the test said it expects.
* :func:`browser_db` and :func:`site_base`: a test's own SQLite book and the pages served over
  it on a free port (:func:`tests.web.site_server.serving`).

The browser belongs to the event loop of the process's session (Playwright's objects cannot
move between loops), so these fixtures, and the tests that use them, run in that loop:
a browser test module marks itself ``pytestmark = BROWSER_LOOP``.
"""

from __future__ import annotations

import os
import shutil
from collections.abc import AsyncIterator
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import urlsplit

import pytest
import pytest_asyncio
from playwright.async_api import Browser, ConsoleMessage, Dialog, Page, Request, async_playwright

from shangrao_bot.store.database.interface import Database
from shangrao_bot.store.database.opening import open_database
from tests.web.site_server import serving

CHROMIUM = Path("/usr/bin/chromium")  # Debian's package
MISSING = (
    "Chromium was not found (/usr/bin/chromium): install Debian's chromium package "
    "(apt-get install chromium) to run the browser tests"
)
PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1280, "height": 800}
WAIT_MS = 15_000  # the longest a step waits for a page or an element (a loaded machine)
# As root (the tests' machines) Chromium's sandbox cannot start.
LAUNCH_ARGS = ["--no-sandbox"]

BROWSER_LOOP = pytest.mark.asyncio(loop_scope="session")
"""The mark of a browser test: it runs in the loop the process's browser belongs to."""


def find_chromium() -> Path | None:
    """Debian's Chromium, or one named ``chromium`` on the PATH; None where there is none."""
    if CHROMIUM.exists():
        return CHROMIUM
    found = shutil.which("chromium")
    return Path(found) if found is not None else None


def required() -> bool:
    """True where a missing browser is a failure, not a skip (CI)."""
    return bool(os.environ.get("REQUIRE_BROWSER"))


@pytest_asyncio.fixture(scope="session", loop_scope="session")
async def chromium() -> AsyncIterator[Browser]:
    """This test process's Chromium (headless), shared by all its browser tests."""
    path = find_chromium()
    if path is None:
        if required():
            pytest.fail(MISSING)
        pytest.skip(MISSING)
    async with async_playwright() as playwright:
        browser = await playwright.chromium.launch(executable_path=str(path), args=LAUNCH_ARGS)
        try:
            yield browser
        finally:
            await browser.close()


@pytest.fixture
def viewport() -> dict[str, int]:
    """The page's size: a phone's, unless a test parametrizes ``viewport`` (:data:`DESKTOP`)."""
    return PHONE


@pytest.fixture
def locale() -> str:
    """The browser's language (its ``Accept-Language``): English, unless a test parametrizes
    ``locale``."""
    return "en-US"


@pytest_asyncio.fixture(loop_scope="session")
async def browser_db(tmp_path: Path) -> AsyncIterator[Database]:
    """A browser test's own SQLite book, empty."""
    db = await open_database(tmp_path / "ledger.db")
    try:
        yield db
    finally:
        await db.close()


@pytest_asyncio.fixture(loop_scope="session")
async def site_base(browser_db: Database) -> AsyncIterator[str]:
    """The pages over :func:`browser_db`, served on a free port: their base address."""
    async with serving(browser_db) as base:
        yield base


@dataclass
class Browsing:
    """A test's page and what it did: every request's address, the console's errors, uncaught
    script errors and dialogs. :meth:`expect_console_error` names an error the test causes on
    purpose (a 404 page's own status, say); :meth:`check` runs after the test."""

    page: Page
    origin: str  # scheme://host:port of the server under test
    requests: list[str] = field(default_factory=list)
    console_errors: list[str] = field(default_factory=list)
    script_errors: list[str] = field(default_factory=list)
    dialogs: list[str] = field(default_factory=list)
    expected: list[str] = field(default_factory=list)

    def on_request(self, request: Request) -> None:
        self.requests.append(request.url)

    def on_console(self, message: ConsoleMessage) -> None:
        if message.type == "error":
            self.console_errors.append(message.text)

    def on_script_error(self, error: Exception) -> None:
        self.script_errors.append(str(error))

    async def on_dialog(self, dialog: Dialog) -> None:
        self.dialogs.append(f"{dialog.type}: {dialog.message}")
        await dialog.dismiss()

    def expect_console_error(self, text: str) -> None:
        """The console may show one error containing ``text`` per call (it need not)."""
        self.expected.append(text)

    def foreign_requests(self) -> list[str]:
        return [url for url in self.requests if origin_of(url) != self.origin]

    def unexpected_console_errors(self) -> list[str]:
        left = list(self.expected)
        unexpected = []
        for error in self.console_errors:
            match = next((text for text in left if text in error), None)
            if match is None:
                unexpected.append(error)
            else:
                left.remove(match)
        return unexpected

    def check(self) -> None:
        assert self.requests, "the page made no request"
        assert not self.foreign_requests(), f"requests to another host: {self.foreign_requests()}"
        assert not self.unexpected_console_errors(), self.unexpected_console_errors()
        assert not self.script_errors, self.script_errors
        assert not self.dialogs, f"the page opened dialogs: {self.dialogs}"


def origin_of(url: str) -> str:
    parts = urlsplit(url)
    return f"{parts.scheme}://{parts.netloc}"


@pytest_asyncio.fixture(loop_scope="session")
async def browsing(
    chromium: Browser, site_base: str, viewport: dict[str, int], locale: str
) -> AsyncIterator[Browsing]:
    """A fresh context and page at ``viewport`` in ``locale``, watched (:class:`Browsing`),
    checked after the test."""
    context = await chromium.new_context(viewport=viewport, locale=locale, accept_downloads=True)
    context.set_default_timeout(WAIT_MS)
    try:
        page = await context.new_page()
        watched = Browsing(page, origin_of(site_base))
        context.on("request", watched.on_request)
        page.on("console", watched.on_console)
        page.on("pageerror", watched.on_script_error)
        page.on("dialog", watched.on_dialog)
        yield watched
    finally:
        await context.close()
    watched.check()
