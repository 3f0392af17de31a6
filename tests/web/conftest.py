"""The web tests' shared fixtures: a test's own SQLite ledger (``sqlite_db``: the pages'
tests over HTTP), and the browser tests' Chromium, page, book and server
(:mod:`tests.web.browser`). Every web test also fails when a page it served could not be kept
(its handler passed data that does not pickle: the page would be rendered on every load)."""

import logging
from collections.abc import AsyncIterator, Iterator
from pathlib import Path

import pytest

from shangrao_bot.store.database.interface import Database
from shangrao_bot.store.database.opening import open_database
from tests.web.browser import browser_db, browsing, chromium, locale, site_base, viewport

__all__ = ["browser_db", "browsing", "chromium", "locale", "site_base", "sqlite_db", "viewport"]


@pytest.fixture
async def sqlite_db(tmp_path: Path) -> AsyncIterator[Database]:
    """A migrated SQLite ledger in the test's folder."""
    db = await open_database(tmp_path / "ledger.db")
    yield db
    await db.close()


@pytest.fixture(autouse=True)
def pages_are_kept(caplog: pytest.LogCaptureFixture) -> Iterator[None]:
    """No page of the test was left out of the rendered pages' keeping."""
    with caplog.at_level(logging.WARNING, logger="shangrao_bot.web.rendered_pages"):
        yield
    unkept = [r.getMessage() for r in caplog.records if r.name.endswith("rendered_pages")]
    assert not unkept, unkept
