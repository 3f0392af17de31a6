"""The web tests' shared fixtures: a test's own SQLite ledger (``sqlite_db``: the pages'
tests over HTTP), and the browser tests' Chromium, page, book and server
(:mod:`tests.web.browser`)."""

from collections.abc import AsyncIterator
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
