"""Opening the ledger database ``DATABASE_URL`` names, whichever backend it is: one function
above both backends, so that :mod:`~.interface` (what every store
function is written against) knows neither of them. The backend's module is imported when its first
database is opened: the command line's scoring never loads asyncpg."""

from __future__ import annotations

from pathlib import Path

from shangrao_bot.store.database.interface import (
    BUSY_TIMEOUT_MS,
    READERS,
    Database,
    is_postgres_url,
)
from shangrao_bot.store.database.sqlite_migrations import LATEST


async def open_database(
    target: str | Path,
    migrate_to: int = LATEST,
    busy_timeout_ms: int = BUSY_TIMEOUT_MS,
    readers: int = READERS,
) -> Database:
    """Open and migrate the database ``target`` names: a ``postgresql://`` URL, or the path of
    an SQLite file (created if needed). ``busy_timeout_ms``: how long a write waits for a lock
    held elsewhere before it is refused as unavailable."""
    if is_postgres_url(target):
        from shangrao_bot.store.database.postgres import PgDatabase

        return await PgDatabase.open(str(target), migrate_to, busy_timeout_ms, readers)
    from shangrao_bot.store.database.sqlite import SqliteDatabase

    return await SqliteDatabase.open(target, migrate_to, busy_timeout_ms, readers)
