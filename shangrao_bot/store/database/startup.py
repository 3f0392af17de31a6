"""Opening the ledger at start-up, before the bot logs in: a ``DATABASE_URL`` that cannot work
(a read-only file or folder, a folder that cannot be created, a file that is not a database,
``/dev/null``) stops the bot with one line saying what is wrong and how to fix it, instead of
a bot that logs in, looks healthy and then fails every write.

Opening and migrating proves the file can be read; a write in a transaction that is rolled
back proves it can be written (file permissions alone cannot tell: root writes through them,
and a read-only mount or a full disk refuses even root).
"""

from __future__ import annotations

import fcntl
import os
import sqlite3
from pathlib import Path
from typing import IO

from shangrao_bot.errors import Phrase, StorageUnavailable
from shangrao_bot.store.database.interface import (
    BUSY_TIMEOUT_MS,
    Database,
    is_postgres_url,
    path_from_url,
    shown_url,
)
from shangrao_bot.store.database.opening import open_database
from shangrao_bot.store.database.transactions import Tx
from shangrao_bot.store.errors import StoreError

_NOTADB = 26  # SQLITE_NOTADB


class _ProbeDone(Exception):
    """Raised by the probe after its writes, so that the writer rolls them back."""


async def _probe_write(tx: Tx) -> None:
    await tx.execute("CREATE TABLE startup_write_probe (x INTEGER)")
    await tx.execute("INSERT INTO startup_write_probe VALUES (1)")
    raise _ProbeDone


def _unusable(url: str, path: Path, exc: BaseException) -> StoreError:
    """The one-line explanation of why the database at ``path`` cannot be used."""
    if isinstance(exc, sqlite3.DatabaseError):
        code = getattr(exc, "sqlite_errorcode", 0) & 0xFF
        if code == _NOTADB:
            return StoreError("store.db.not_sqlite", path=str(path))
    folder = path.parent
    why: str
    if not os.access(folder, os.W_OK):
        why = Phrase("store.db.why.folder_read_only", folder=str(folder))
    elif path.exists() and not os.access(path, os.W_OK):
        why = Phrase("store.db.why.file_read_only")
    else:
        why = str(exc) or type(exc).__name__  # the system's own words
    return StoreError("store.db.not_writable", path=str(path), why=why)


async def open_ledger(url: str, busy_timeout_ms: int = BUSY_TIMEOUT_MS) -> Database:
    """Open, migrate and write-probe the ledger ``DATABASE_URL`` names; StoreError (one line,
    the problem and its fix) when it cannot work. ``busy_timeout_ms``: see :func:`open_database`."""
    if is_postgres_url(url):
        return await _open_postgres(url, busy_timeout_ms)
    path = Path(path_from_url(url))
    if path.exists() and not path.is_file():
        raise StoreError("store.db.not_a_file", path=str(path))
    folder = path.parent
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise StoreError(
            "store.db.folder_uncreatable", folder=str(folder), error=exc.strerror or str(exc)
        ) from None
    if not path.exists() and not os.access(folder, os.W_OK):
        # sqlite would create nothing and say only "unable to open database file"
        raise _unusable(url, path, PermissionError(f"{folder} is read-only"))
    try:
        db = await open_database(path, busy_timeout_ms=busy_timeout_ms)
    except (sqlite3.Error, OSError) as exc:
        raise _unusable(url, path, exc) from None
    try:
        # through the bot's own writer, so the probe meets exactly what every later write will
        await db.write(_probe_write)
    except _ProbeDone:
        return db
    except (StorageUnavailable, sqlite3.Error, OSError) as exc:
        await db.close()
        cause = exc.__cause__ if isinstance(exc, StorageUnavailable) else None
        raise _unusable(url, path, cause or exc) from None
    await db.close()
    raise StoreError("store.db.probe_missing")


async def _open_postgres(url: str, busy_timeout_ms: int) -> Database:
    """The PostgreSQL ledger at ``url``, migrated and write-probed; StoreError (one line, with
    the URL's password left out) when the server cannot be reached or refuses."""
    import asyncpg

    shown = shown_url(url)
    try:
        db = await open_database(url, busy_timeout_ms=busy_timeout_ms)
    except StoreError:
        raise
    except (OSError, TimeoutError, asyncpg.PostgresError, asyncpg.InterfaceError) as exc:
        raise StoreError(
            "store.db.pg_unusable", url=shown, error=f"{type(exc).__name__}: {exc}"
        ) from None
    try:
        await db.write(_probe_write)
    except _ProbeDone:
        return db
    except (StorageUnavailable, asyncpg.PostgresError) as exc:
        await db.close()
        error = exc.phrase if isinstance(exc, StorageUnavailable) else str(exc)
        raise StoreError("store.db.pg_read_only", url=shown, error=error) from None
    await db.close()
    raise StoreError("store.db.probe_missing")


def hold_sqlite_file(path: str) -> IO[bytes]:
    """Take the bot's claim on an SQLite database (an exclusive lock on ``<path>.lock``, held
    until the returned file is closed or the process ends, however it ends): a second bot
    process on the same file is refused with StoreError. SQLite serves one bot process; its
    virtual tables would otherwise run twice."""
    lock_path = f"{path}.lock"
    hold = open(lock_path, "ab")  # noqa: SIM115 (held open for the bot's lifetime)
    try:
        fcntl.flock(hold.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        hold.close()
        raise StoreError("store.db.sqlite_in_use", path=path) from None
    except OSError:
        hold.close()
        raise
    return hold
