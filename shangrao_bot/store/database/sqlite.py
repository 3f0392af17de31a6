"""The SQLite database (the embedded default): PRAGMAs, migrations, the one writer and the
readers.

One file in WAL mode, reached through plain :mod:`sqlite3` connections on threads of their own,
so the event loop never waits on the disk:

- **The writer**: one dedicated thread owning one connection. The only way to write is
  :meth:`Database.write`: ``fn`` is an async function of a
  :class:`~.transactions.Tx`
  (:mod:`.transactions`), so that the same transaction functions
  serve the PostgreSQL backend, whose driver is async. Here ``fn(SqliteTx(conn))`` is a
  coroutine that never suspends (every statement runs synchronously), and the writer thread runs
  it to completion in one call (:func:`~.transactions.drive`),
  between ``BEGIN IMMEDIATE`` and ``COMMIT`` (rolled back on any exception). A save's statements
  thus cost one hop between the event loop and the thread, not one per statement (the old
  aiosqlite path awaited each statement; under many tables the hops, not SQLite, were the
  bottleneck). Jobs
  run one after the other in arrival order, so two transactions never interleave.
- **Group commit**: writes submitted with ``batch=True`` (each virtual table's saves) that queue
  up while another write runs are committed together in one transaction, each inside its own
  ``SAVEPOINT``: one caller's refusal rolls back its own statements only and reaches that caller
  only. A storage fault (see :func:`storage_fault`) fails the whole group, since nothing of it
  can be committed then.
- **The readers**: a small pool of aiosqlite connections (``query_only``), each on its own
  thread, so one slow query does not hold up every other guild's reads. Each read is one call
  (execute and fetch together), so it sees everything committed before it started.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import logging
import queue
import sqlite3
import threading
from collections import deque
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TypeVar, cast

import aiosqlite

from shangrao_bot.errors import StorageUnavailable
from shangrao_bot.store.database.interface import BUSY_TIMEOUT_MS, READERS, Database
from shangrao_bot.store.database.measured import measured
from shangrao_bot.store.database.sqlite_migrations import LATEST, MIGRATIONS
from shangrao_bot.store.database.transactions import Row, SqliteTx, Tx, drive
from shangrao_bot.store.errors import StoreError

log = logging.getLogger(__name__)

# the most saves one group commit takes: bounds how long the writer's one transaction runs
MAX_BATCH = 64

T = TypeVar("T")

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


def _pragmas(busy_timeout_ms: int, query_only: bool = False) -> list[str]:
    """Every connection's settings: WAL, foreign keys, the busy timeout, and synchronous=NORMAL
    (durable in WAL mode against a killed process, not a power cut, and much faster)."""
    pragmas = [
        "PRAGMA journal_mode=WAL",
        "PRAGMA foreign_keys=ON",
        f"PRAGMA busy_timeout={int(busy_timeout_ms)}",
        "PRAGMA synchronous=NORMAL",
    ]
    if query_only:  # a reader that tried to write would bypass the writer's discipline
        pragmas.append("PRAGMA query_only=ON")
    return pragmas


def _connect(path: str, busy_timeout_ms: int, query_only: bool = False) -> sqlite3.Connection:
    # autocommit mode (isolation_level None): transactions are the explicit BEGIN IMMEDIATE of
    # the writer, and every read statement is its own read transaction on the latest commit
    conn = sqlite3.connect(path, isolation_level=None, check_same_thread=False)
    try:
        conn.row_factory = sqlite3.Row
        for pragma in _pragmas(busy_timeout_ms, query_only):
            conn.execute(pragma)
    except BaseException:
        conn.close()
        raise
    return conn


def migrate(conn: sqlite3.Connection, target: int = LATEST) -> int:
    """Apply the migrations after the database's ``user_version`` up to ``target``; each in
    its own transaction with its version bump. Returns the version reached."""
    row = conn.execute("PRAGMA user_version").fetchone()
    version = int(row[0]) if row else 0
    if version > LATEST:
        raise StoreError("store.db.newer_schema", version=version, latest=LATEST)
    for n in range(version + 1, target + 1):
        conn.execute("BEGIN IMMEDIATE")
        try:
            for statement in MIGRATIONS[n - 1]:
                conn.execute(statement)
            conn.execute(f"PRAGMA user_version={n}")
            conn.execute("COMMIT")
        except BaseException:
            if conn.in_transaction:
                conn.execute("ROLLBACK")
            raise
        version = n
    return version


@dataclass(eq=False)
class _Job:
    """One call for the writer thread. ``mode``: "tx" (its own transaction), "batch" (may share
    a transaction with other batch jobs, inside its own savepoint) — for both, ``fn`` is a
    transaction function (:meth:`Database.write`); "raw" (no transaction: the migrations,
    which commit each step themselves, with ``fn`` a plain function of the connection),
    "close" (closes the connection)."""

    fn: Callable[[Any], Any]
    mode: str
    future: concurrent.futures.Future[Any] = field(default_factory=concurrent.futures.Future)


_STOP = object()


class _Writer:
    """The writer thread: takes jobs in arrival order and runs each as one call on its own
    connection. A daemon thread, so a process that never closes its database still exits."""

    def __init__(self, path: str, busy_timeout_ms: int) -> None:
        self._path = path
        self._busy_timeout_ms = busy_timeout_ms
        self._conn: sqlite3.Connection | None = None
        self._inbox: queue.SimpleQueue[_Job | object] = queue.SimpleQueue()
        self._thread = threading.Thread(target=self._run, name="sqlite-writer", daemon=True)
        self._stopped = False
        self.commits = 0  # transactions committed (a group counts once)
        self._thread.start()

    def submit(self, fn: Callable[[Any], Any], mode: str) -> _Job:
        if self._stopped:
            raise StoreError("store.db.closed")
        job = _Job(fn, mode)
        self._inbox.put(job)
        return job

    @property
    def stopped(self) -> bool:
        return self._stopped

    def stop(self) -> _Job:
        """Close the connection after every job queued before; the thread then ends."""
        job = self.submit(lambda conn: None, "close")
        self._stopped = True
        self._inbox.put(_STOP)
        return job

    def join(self) -> None:
        self._thread.join()

    # --- on the writer thread ---

    def _run(self) -> None:
        pending: deque[_Job] = deque()
        while True:
            if not pending:
                item = self._inbox.get()
                if item is _STOP:
                    if self._conn is not None:  # its close job was cancelled by its caller
                        self._conn.close()
                    return
                pending.append(cast(_Job, item))
            # everything that queued up meanwhile: the batch jobs among it commit together
            while True:
                try:
                    item = self._inbox.get_nowait()
                except queue.Empty:
                    break
                if item is _STOP:
                    self._inbox.put(_STOP)  # after the jobs already taken
                    break
                pending.append(cast(_Job, item))
            job = pending.popleft()
            if job.mode == "batch":
                group = [job]
                while pending and pending[0].mode == "batch" and len(group) < MAX_BATCH:
                    group.append(pending.popleft())
                self._run_group(group)
            else:
                self._run_one(job)

    def _connection(self) -> sqlite3.Connection:
        if self._conn is None:
            self._conn = _connect(self._path, self._busy_timeout_ms)
        return self._conn

    def _run_one(self, job: _Job) -> None:
        if job.future.set_running_or_notify_cancel():  # else the caller gave up: nothing ran
            self._execute(job)

    def _execute(self, job: _Job) -> None:
        try:
            if job.mode == "close":
                if self._conn is not None:
                    self._conn.close()
                    self._conn = None
                result = None
            elif job.mode == "raw":
                result = job.fn(self._connection())
            else:
                conn = self._connection()
                conn.execute("BEGIN IMMEDIATE")
                try:
                    result = drive(job.fn(SqliteTx(conn)))
                    conn.execute("COMMIT")
                    self.commits += 1
                except BaseException as exc:
                    self._rollback(conn, exc)
                    raise
        except BaseException as exc:
            job.future.set_exception(exc)
        else:
            job.future.set_result(result)

    def _run_group(self, jobs: list[_Job]) -> None:
        live = [j for j in jobs if j.future.set_running_or_notify_cancel()]
        if len(live) <= 1:  # alone: a transaction of its own, no savepoint needed
            for job in live:
                self._execute(job)
            return
        outcomes: list[tuple[_Job, Any, BaseException | None]] = []
        conn: sqlite3.Connection | None = None
        try:
            conn = self._connection()
            conn.execute("BEGIN IMMEDIATE")
            for job in live:
                conn.execute("SAVEPOINT save")
                try:
                    value = drive(job.fn(SqliteTx(conn)))
                except Exception as exc:
                    if storage_fault(exc) is not None or not conn.in_transaction:
                        raise  # the transaction itself is lost: nothing of the group commits
                    conn.execute("ROLLBACK TO save")
                    conn.execute("RELEASE save")
                    outcomes.append((job, None, exc))
                else:
                    conn.execute("RELEASE save")
                    outcomes.append((job, value, None))
            conn.execute("COMMIT")
            self.commits += 1
        except BaseException as exc:
            if conn is not None:
                self._rollback(conn, exc)
            for job in live:
                job.future.set_exception(exc)
            return
        for job, value, error in outcomes:
            if error is None:
                job.future.set_result(value)
            else:
                job.future.set_exception(error)

    @staticmethod
    def _rollback(conn: sqlite3.Connection, exc: BaseException) -> None:
        if conn.in_transaction:
            try:
                conn.execute("ROLLBACK")
            except sqlite3.Error:
                log.warning("rollback failed after %s", type(exc).__name__)


class _Readers:
    """A few aiosqlite reader connections, each on its own thread: a read takes an idle one for
    one call (execute and fetch together), so one slow query holds up only its connection."""

    def __init__(self, path: str, busy_timeout_ms: int, size: int) -> None:
        self._path = path
        self._busy_timeout_ms = busy_timeout_ms
        self._size = size
        self._idle: list[aiosqlite.Connection] = []
        # reads waiting for a connection, first come first served: a freed connection is handed
        # straight to the oldest waiter, so a coroutine reading in a loop cannot take it back
        # again and again while others wait (asyncio.Queue would let it)
        self._waiters: deque[asyncio.Future[aiosqlite.Connection]] = deque()
        self._conns: list[aiosqlite.Connection] = []

    async def open(self) -> None:
        for _ in range(self._size):
            conn = await aiosqlite.connect(self._path, isolation_level=None)
            try:
                conn.row_factory = sqlite3.Row
                for pragma in _pragmas(self._busy_timeout_ms, query_only=True):
                    await conn.execute(pragma)
            except BaseException:
                await conn.close()
                raise
            self._conns.append(conn)
            self._idle.append(conn)

    async def _acquire(self) -> aiosqlite.Connection:
        if self._idle and not self._waiters:
            return self._idle.pop()
        waiter: asyncio.Future[aiosqlite.Connection] = asyncio.get_running_loop().create_future()
        self._waiters.append(waiter)
        try:
            return await waiter
        except asyncio.CancelledError:
            if waiter.done() and not waiter.cancelled():  # handed over as we were cancelled
                self._release(waiter.result())
            raise

    def _release(self, conn: aiosqlite.Connection) -> None:
        while self._waiters:
            waiter = self._waiters.popleft()
            if not waiter.done():
                waiter.set_result(conn)
                return
        self._idle.append(conn)

    async def read(self, sql: str, params: tuple[Any, ...]) -> list[Row]:
        conn = await self._acquire()
        try:
            rows = await conn.execute_fetchall(sql, params)
            return cast(list[Row], list(rows))  # row_factory is sqlite3.Row
        finally:
            self._release(conn)

    async def close(self) -> None:
        """Wait for the reads under way (each gives its connection back), then close all."""
        for _ in self._conns:
            await self._acquire()
        for conn in self._conns:
            await conn.close()
        self._conns.clear()


class SqliteDatabase(Database):
    """An open SQLite ledger file. Create with :meth:`open`; close with :meth:`close`."""

    kind = "sqlite"

    def __init__(self, path: str, writer: _Writer, readers: _Readers) -> None:
        self.path = path
        self.target = path
        self._writer = writer
        self._readers = readers

    @classmethod
    async def open(
        cls,
        path: str | Path,
        migrate_to: int = LATEST,
        busy_timeout_ms: int = BUSY_TIMEOUT_MS,
        readers: int = READERS,
    ) -> SqliteDatabase:
        """Open (creating if needed) and migrate the database file at ``path``.
        ``busy_timeout_ms``: how long a write waits for another process's lock before it is
        refused as :class:`StorageUnavailable`."""
        p = str(path)
        if p == ":memory:" or p.startswith("file::memory:"):
            # the writer and the readers would be separate, empty databases
            raise StoreError("store.db.in_memory")
        if readers < 1:
            raise StoreError("store.db.no_readers")
        Path(p).parent.mkdir(parents=True, exist_ok=True)
        writer = _Writer(p, busy_timeout_ms)
        pool = _Readers(p, busy_timeout_ms, readers)
        db = cls(p, writer, pool)
        try:
            await db._raw(lambda conn: migrate(conn, migrate_to))
            await pool.open()
        except BaseException:
            await db.close()
            raise
        return db

    async def close(self) -> None:
        """Finish the writes already submitted, then close every connection."""
        if not self._writer.stopped:
            await asyncio.wrap_future(self._writer.stop().future)
        await asyncio.to_thread(self._writer.join)
        await self._readers.close()

    @property
    def commits(self) -> int:
        """Write transactions committed since :meth:`open` (a group commit counts once)."""
        return self._writer.commits

    @measured("write")
    async def write(self, fn: Callable[[Tx], Awaitable[T]], *, batch: bool = False) -> T:
        """The only way to write: ``fn`` is an async function of a :class:`Tx` that awaits its
        statements (``await tx.execute(…)``, ``tx.fetch``, ``tx.insert`` …) and nothing else.
        Written against :class:`Tx` rather than :mod:`sqlite3`, one transaction function serves
        this database and a PostgreSQL one (whose driver is async) alike.

        Here ``fn(SqliteTx(conn))`` runs on the writer thread in one call, inside
        ``BEGIN IMMEDIATE`` … ``COMMIT``: its statements run synchronously, so the coroutine
        never suspends and :func:`drive` runs it to completion. Everything it did commits
        together, or — when it raises — nothing does, and its exception comes out here
        (sqlite's storage faults as :class:`StorageUnavailable`). ``fn`` must be quick and must
        not call back into the database: every other write waits for it. An ``fn`` that awaits
        anything else (a sleep, a read through :meth:`fetchall`) would suspend: it is refused
        with :class:`RuntimeError` and rolled back.

        ``batch``: ``fn`` may share its transaction with other batch writes queued at the same
        moment (group commit), inside a savepoint of its own: its refusal still undoes its own
        statements only. Its result is committed once the whole group is."""
        job = self._writer.submit(fn, "batch" if batch else "tx")
        return cast(T, await self.health.outcome(asyncio.wrap_future(job.future), storage_fault))

    async def _raw(self, fn: Callable[[sqlite3.Connection], T]) -> T:
        """``fn`` on the writer thread outside any transaction (opening and migrating: their
        errors come out as sqlite raised them, for the start-up to report)."""
        return cast(T, await asyncio.wrap_future(self._writer.submit(fn, "raw").future))

    @measured("read")
    async def fetchall(self, sql: str, params: Sequence[Any] = ()) -> list[Row]:
        """Run and read a query in one step on a reader thread. Two steps (execute, then
        fetch) would let another query run on the connection in between while this statement
        is still open; the connection would then keep reading its old snapshot and miss writes
        committed meanwhile."""
        return await self._readers.read(sql, tuple(params))

    async def user_version(self) -> int:
        row = await self.fetchone("PRAGMA user_version")
        return int(row[0]) if row else 0

    async def integrity_ok(self) -> bool:
        row = await self.fetchone("PRAGMA integrity_check")
        return row is not None and row[0] == "ok"
