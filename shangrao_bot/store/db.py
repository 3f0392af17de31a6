"""The SQLite connection: PRAGMAs, migrations, and the one-writer discipline.

Two aiosqlite connections to one file in WAL mode: a writer, used only inside
:meth:`Database.transaction` (``BEGIN IMMEDIATE`` … ``COMMIT``, serialised by an asyncio lock so
two coroutines never interleave statements of different transactions), and a reader that only
ever sees committed data. Every statement runs on aiosqlite's worker thread, so the event loop
never blocks on the disk.
"""

from __future__ import annotations

import asyncio
import logging
import sqlite3
from collections.abc import AsyncIterator, Iterable, Sequence
from contextlib import asynccontextmanager
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, cast

import aiosqlite

from shangrao_bot.errors import StorageUnavailable
from shangrao_bot.store.errors import StoreError
from shangrao_bot.store.migrations import LATEST, MIGRATIONS

log = logging.getLogger(__name__)

BUSY_TIMEOUT_MS = 5000

# sqlite's primary result codes that mean "storage cannot take this now", not "bad statement":
# BUSY, LOCKED, READONLY, IOERR, FULL, CANTOPEN (extended codes carry the primary in the low byte)
_FAULT_CODES = frozenset({5, 6, 8, 10, 13, 14})


def storage_fault(exc: BaseException) -> StorageUnavailable | None:
    """The :class:`StorageUnavailable` that ``exc`` amounts to, or None when it is something
    else (a bug, a constraint): callers re-raise those unchanged."""
    if isinstance(exc, StorageUnavailable):
        return exc
    if isinstance(exc, sqlite3.OperationalError | sqlite3.DatabaseError):
        code = getattr(exc, "sqlite_errorcode", None)
        if code is not None and (code & 0xFF) in _FAULT_CODES:
            return StorageUnavailable(str(exc))
    return None


def now_iso() -> str:
    """Timestamps are UTC ISO-8601 text: sortable, portable, readable in exports."""
    return datetime.now(UTC).isoformat(timespec="milliseconds")


def path_from_url(url: str) -> str:
    """``sqlite:///data/x.db`` → ``data/x.db`` (relative); ``sqlite:////srv/x.db`` → absolute."""
    prefix = "sqlite:///"
    if not url.startswith(prefix):
        raise StoreError(
            f"DATABASE_URL '{url}' is not supported: use sqlite:///relative/path.db or "
            "sqlite:////absolute/path.db"
        )
    path = url[len(prefix) :]
    if path == ":memory:":
        raise StoreError(
            "DATABASE_URL names an in-memory database: the ledger must survive a restart, "
            "so give a file path (e.g. sqlite:///data/shangrao.db)"
        )
    if not path:
        raise StoreError(f"DATABASE_URL '{url}' names no file: add a path after sqlite:///")
    return path


async def _configure(conn: aiosqlite.Connection, busy_timeout_ms: int = BUSY_TIMEOUT_MS) -> None:
    await conn.execute("PRAGMA journal_mode=WAL")
    await conn.execute("PRAGMA foreign_keys=ON")
    await conn.execute(f"PRAGMA busy_timeout={int(busy_timeout_ms)}")
    # NORMAL is durable in WAL mode against a killed process (not a power cut), and much faster
    await conn.execute("PRAGMA synchronous=NORMAL")


async def migrate(conn: aiosqlite.Connection, target: int = LATEST) -> int:
    """Apply the migrations after the database's ``user_version`` up to ``target``; each in
    its own transaction with its version bump. Returns the version reached."""
    async with conn.execute("PRAGMA user_version") as cur:
        row = await cur.fetchone()
    version = int(row[0]) if row else 0
    if version > LATEST:
        raise StoreError(
            f"the database is at schema version {version}, newer than this bot ({LATEST}): "
            "upgrade the bot"
        )
    for n in range(version + 1, target + 1):
        await conn.execute("BEGIN IMMEDIATE")
        try:
            for statement in MIGRATIONS[n - 1]:
                await conn.execute(statement)
            await conn.execute(f"PRAGMA user_version={n}")
            await conn.execute("COMMIT")
        except BaseException:
            await conn.execute("ROLLBACK")
            raise
        version = n
    return version


class Database:
    """An open ledger database. Create with :meth:`open`; close with :meth:`close`."""

    def __init__(self, path: str, writer: aiosqlite.Connection, reader: aiosqlite.Connection):
        self.path = path
        self._writer = writer
        self._reader = reader
        self._lock = asyncio.Lock()

    @classmethod
    async def open(
        cls, path: str | Path, migrate_to: int = LATEST, busy_timeout_ms: int = BUSY_TIMEOUT_MS
    ) -> Database:
        """Open (creating if needed) and migrate the database file at ``path``.
        ``busy_timeout_ms``: how long a write waits for another process's lock before it is
        refused as :class:`StorageUnavailable`."""
        p = str(path)
        if p == ":memory:" or p.startswith("file::memory:"):
            # the writer and the reader would be two separate, empty databases
            raise StoreError("the ledger needs a database file, not an in-memory database")
        Path(p).parent.mkdir(parents=True, exist_ok=True)
        writer = await aiosqlite.connect(p, isolation_level=None)
        try:
            await _configure(writer, busy_timeout_ms)
            await migrate(writer, migrate_to)
            reader = await aiosqlite.connect(p, isolation_level=None)
            reader.row_factory = sqlite3.Row
            await _configure(reader, busy_timeout_ms)
        except BaseException:
            await writer.close()
            raise
        return cls(p, writer, reader)

    async def close(self) -> None:
        async with self._lock:
            await self._reader.close()
            await self._writer.close()

    @asynccontextmanager
    async def transaction(self) -> AsyncIterator[aiosqlite.Connection]:
        """The only way to write: everything inside commits together or not at all."""
        async with self._lock:
            try:
                await self._writer.execute("BEGIN IMMEDIATE")
            except sqlite3.Error as exc:
                raise (storage_fault(exc) or exc) from exc
            try:
                yield self._writer
                await self._writer.execute("COMMIT")
            except BaseException as exc:
                if self._writer.in_transaction:
                    try:
                        await self._writer.execute("ROLLBACK")
                    except sqlite3.Error:
                        log.warning("rollback failed after %r", exc)
                fault = storage_fault(exc)
                if fault is not None and fault is not exc:
                    raise fault from exc
                raise

    async def fetchall(self, sql: str, params: Sequence[Any] = ()) -> list[sqlite3.Row]:
        """Run and read a query in one step on the worker thread. Two steps (execute, then
        fetch) would let another coroutine's query run in between while this statement is
        still open; the connection would then keep reading its old snapshot and miss writes
        committed meanwhile."""
        rows = await self._reader.execute_fetchall(sql, params)
        return cast(list[sqlite3.Row], list(rows))  # the reader's row_factory is sqlite3.Row

    async def fetchone(self, sql: str, params: Sequence[Any] = ()) -> sqlite3.Row | None:
        rows = await self.fetchall(sql, params)
        return rows[0] if rows else None

    async def user_version(self) -> int:
        row = await self.fetchone("PRAGMA user_version")
        return int(row[0]) if row else 0

    async def integrity_ok(self) -> bool:
        row = await self.fetchone("PRAGMA integrity_check")
        return row is not None and row[0] == "ok"


async def fetch_in(
    conn: aiosqlite.Connection, sql: str, params: Iterable[Any] = ()
) -> list[sqlite3.Row]:
    """Rows read inside a write transaction (sees its own uncommitted writes)."""
    conn.row_factory = sqlite3.Row
    async with conn.execute(sql, tuple(params)) as cur:
        return list(await cur.fetchall())
