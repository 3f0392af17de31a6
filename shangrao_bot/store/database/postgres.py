"""The PostgreSQL database, through asyncpg: for a bot run as several shard processes over one
server.

Built like the SQLite database (:mod:`.sqlite`), so the store behaves
the same on both:

- **One writer per process**: a task owning one connection runs the write jobs one after the
  other in arrival order, each transaction function awaited inside its own transaction; batch
  jobs queued meanwhile share one transaction (group commit), each in a savepoint of its own.
- **Serializable transactions**: several processes write to the one database at once. Each
  write transaction runs at ``SERIALIZABLE`` isolation, so it commits only if running it alone
  would have given the same result; when PostgreSQL refuses one for a conflict with another
  process (serialization failure, deadlock), it is run again from the start, a few times and
  for as long as the busy timeout lasts. A transaction function therefore must not change
  anything outside its transaction.
- **Readers**: a small pool of connections; a read is one statement.
- **Faults**: a lost connection, a server shutting down, a full disk, a lock held elsewhere
  past the busy timeout (``lock_timeout``), a read-only server, conflicts still failing after
  the retries: all come out as :class:`StorageUnavailable`, like SQLite's, and nothing of the
  transaction is kept. The writer opens a new connection for the next job.
- **Migrations**: :data:`~.postgres_migrations.PG_MIGRATIONS`, applied
under a
  PostgreSQL advisory lock so that processes starting together migrate once; the version
  reached is kept in the table ``schema_version``.
"""

from __future__ import annotations

import asyncio
import logging
import random
from collections import deque
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, TypeVar, cast

import asyncpg

from shangrao_bot.errors import StorageUnavailable
from shangrao_bot.store.database.interface import BUSY_TIMEOUT_MS, READERS, Database, shown_url
from shangrao_bot.store.database.measured import measured
from shangrao_bot.store.database.placeholders import numbered
from shangrao_bot.store.database.postgres_migrations import PG_MIGRATIONS
from shangrao_bot.store.database.postgres_transactions import PgTx
from shangrao_bot.store.database.sqlite_migrations import LATEST
from shangrao_bot.store.database.transactions import Row, Tx
from shangrao_bot.store.errors import StoreError

log = logging.getLogger(__name__)

T = TypeVar("T")

MAX_BATCH = 64
"""The most saves one group commit takes."""
CONFLICT_RETRIES = 6
"""How often a transaction refused for a conflict with another process is run again at least
(and again for as long as the busy timeout lasts)."""
MAX_BACKOFF_STEP = 4
"""The pause before a retry doubles up to 2**4 times the first (1-4 ms): 16-64 ms."""
MIGRATION_LOCK = 0x5352_4D49_4752  # "SRMIGR": the advisory lock key migrations hold
CONNECT_TIMEOUT_S = 10.0

_FAULTS: tuple[type[BaseException], ...] = (
    asyncpg.PostgresConnectionError,  # class 08: the connection failed or was lost
    asyncpg.InsufficientResourcesError,  # class 53: disk full, out of memory, too many clients
    asyncpg.OperatorInterventionError,  # class 57: shutdown, cannot connect now, cancelled
    asyncpg.PostgresSystemError,  # class 58: I/O error
    asyncpg.LockNotAvailableError,  # a lock held elsewhere past lock_timeout
    asyncpg.ReadOnlySQLTransactionError,  # a standby, or a server set read-only
    asyncpg.TransactionRollbackError,  # conflicts (retried first; still failing)
    OSError,  # the socket itself (refused, reset)
    TimeoutError,  # connecting took too long
)
_CONFLICTS = (asyncpg.SerializationError, asyncpg.DeadlockDetectedError)


def pg_fault(exc: BaseException) -> StorageUnavailable | None:
    """The :class:`StorageUnavailable` that ``exc`` amounts to, or None when it is something
    else (a bug, a constraint): callers re-raise those unchanged."""
    if isinstance(exc, StorageUnavailable):
        return exc
    if isinstance(exc, _FAULTS):
        return StorageUnavailable(f"{type(exc).__name__}: {exc}")
    if isinstance(exc, asyncpg.InterfaceError) and "closed" in str(exc):
        return StorageUnavailable(f"{type(exc).__name__}: {exc}")
    return None


async def connect(url: str, busy_timeout_ms: int = BUSY_TIMEOUT_MS) -> asyncpg.Connection:
    """One connection with the store's session settings: UTC, and ``lock_timeout`` as the
    busy timeout (how long a statement waits for a lock another process holds)."""
    return await asyncpg.connect(
        url, timeout=CONNECT_TIMEOUT_S, server_settings=_settings(busy_timeout_ms)
    )


def _settings(busy_timeout_ms: int, read_only: bool = False) -> dict[str, str]:
    settings = {
        "application_name": "shangrao-bot",
        "timezone": "UTC",
        "lock_timeout": str(int(busy_timeout_ms)),
        # the store's queries each read a few hundred rows by an index: starting parallel
        # workers for one costs more (about 10 ms) than the whole query
        "max_parallel_workers_per_gather": "0",
    }
    if read_only:  # a reader that tried to write would bypass the writer's discipline
        settings["default_transaction_read_only"] = "on"
    return settings


async def schema_version(conn: asyncpg.Connection | asyncpg.pool.PoolConnectionProxy) -> int:
    """The version the database is at (0 for an empty database)."""
    exists = await conn.fetchval("SELECT to_regclass('schema_version') IS NOT NULL")
    if not exists:
        return 0
    return int(await conn.fetchval("SELECT COALESCE(MAX(version), 0) FROM schema_version"))


async def migrate(conn: asyncpg.Connection, target: int = LATEST) -> int:
    """Apply the migrations after the database's version up to ``target``, each in its own
    transaction with its version bump, holding the migration advisory lock throughout: a
    process that starts while another migrates waits, then finds nothing left to do. Returns
    the version reached."""
    await conn.execute("SELECT pg_advisory_lock($1)", MIGRATION_LOCK)
    try:
        await conn.execute("CREATE TABLE IF NOT EXISTS schema_version (version INTEGER NOT NULL)")
        version = await schema_version(conn)
        if version > LATEST:
            raise StoreError("store.db.newer_schema", version=version, latest=LATEST)
        for n in range(version + 1, target + 1):
            async with conn.transaction():
                for statement in PG_MIGRATIONS[n - 1]:
                    await conn.execute(statement)
                await conn.execute("DELETE FROM schema_version")
                await conn.execute("INSERT INTO schema_version (version) VALUES ($1)", n)
            log.info("database migrated to schema version %d", n)
            version = n
        return version
    finally:
        if not conn.is_closed():
            await conn.execute("SELECT pg_advisory_unlock($1)", MIGRATION_LOCK)


@dataclass(eq=False)
class _Job:
    fn: Callable[[Tx], Awaitable[Any]]
    batch: bool
    future: asyncio.Future[Any] = field(
        default_factory=lambda: asyncio.get_running_loop().create_future()
    )


class _Writer:
    """The writer task: runs the write jobs one after the other on its one connection."""

    def __init__(self, url: str, busy_timeout_ms: int) -> None:
        self._url = url
        self._busy_timeout_ms = busy_timeout_ms
        self._conn: asyncpg.Connection | None = None
        self._pending: deque[_Job] = deque()
        self._wake = asyncio.Event()
        self._stopping = False
        self._task = asyncio.get_running_loop().create_task(self._run(), name="pg-writer")
        self.commits = 0
        self.conflicts = 0  # attempts refused for a conflict with another writer (then retried)

    def submit(self, fn: Callable[[Tx], Awaitable[Any]], batch: bool) -> _Job:
        if self._stopping:
            raise StoreError("store.db.closed")
        job = _Job(fn, batch)
        self._pending.append(job)
        self._wake.set()
        return job

    async def stop(self) -> None:
        """Finish every job submitted so far, then close the connection."""
        self._stopping = True
        self._wake.set()
        await self._task
        if self._conn is not None:
            await self._conn.close()
            self._conn = None

    async def _run(self) -> None:
        while True:
            if not self._pending:
                if self._stopping:
                    return
                self._wake.clear()
                await self._wake.wait()
                continue
            group = [self._pending.popleft()]
            if group[0].batch:
                while self._pending and self._pending[0].batch and len(group) < MAX_BATCH:
                    group.append(self._pending.popleft())
            live = [j for j in group if not j.future.done()]  # done: the caller gave up
            if live:
                await self._transaction(live)

    async def _connection(self) -> asyncpg.Connection:
        if self._conn is None or self._conn.is_closed():
            self._conn = None
            self._conn = await connect(self._url, self._busy_timeout_ms)
        return self._conn

    async def _transaction(self, jobs: list[_Job]) -> None:
        """Run ``jobs`` in one transaction (each in a savepoint when there are several), again
        from the start after a conflict; settle every job's future.

        A conflict is retried at least :data:`CONFLICT_RETRIES` times and for as long as the
        busy timeout: another process writing without a pause can make the same transaction
        lose several times in a row (PostgreSQL cancels the one it finds in the middle of a
        conflict), and a fixed handful of quick retries would give up within milliseconds."""
        loop = asyncio.get_running_loop()
        deadline = loop.time() + self._busy_timeout_ms / 1000
        attempt = 0
        while True:
            try:
                outcomes = await self._attempt(jobs)
            except _CONFLICTS as exc:
                self.conflicts += 1
                attempt += 1
                if attempt <= CONFLICT_RETRIES or loop.time() < deadline:
                    pause = random.uniform(0.001, 0.004) * 2 ** min(attempt - 1, MAX_BACKOFF_STEP)
                    await asyncio.sleep(pause)
                    continue
                _fail(jobs, exc)
                return
            except Exception as exc:
                if pg_fault(exc) is not None:
                    await self._drop_broken_connection()
                _fail(jobs, exc)
                return
            self.commits += 1
            for job, value, error in outcomes:
                if job.future.done():
                    continue
                if error is None:
                    job.future.set_result(value)
                else:
                    job.future.set_exception(error)
            return

    async def _attempt(self, jobs: list[_Job]) -> list[tuple[_Job, Any, BaseException | None]]:
        conn = await self._connection()
        outcomes: list[tuple[_Job, Any, BaseException | None]] = []
        async with conn.transaction(isolation="serializable"):
            tx = PgTx(conn)
            if len(jobs) == 1:
                outcomes.append((jobs[0], await jobs[0].fn(tx), None))
                return outcomes
            for job in jobs:
                try:
                    async with conn.transaction():  # a savepoint
                        value = await job.fn(tx)
                except Exception as exc:
                    if pg_fault(exc) is not None or isinstance(exc, _CONFLICTS):
                        raise  # the transaction itself is lost: nothing of the group commits
                    outcomes.append((job, None, exc))
                else:
                    outcomes.append((job, value, None))
        return outcomes

    async def _drop_broken_connection(self) -> None:
        """After a fault the connection may be half-dead: the next job opens a new one."""
        conn, self._conn = self._conn, None
        if conn is not None and not conn.is_closed():
            conn.terminate()


def _fail(jobs: list[_Job], exc: BaseException) -> None:
    for job in jobs:
        if not job.future.done():
            job.future.set_exception(exc)


class PgDatabase(Database):
    """An open PostgreSQL ledger. Create with :meth:`open`; close with :meth:`close`."""

    kind = "postgresql"

    def __init__(self, url: str, writer: _Writer, pool: asyncpg.Pool) -> None:
        self.target = url
        self.path = shown_url(url)
        self._writer = writer
        self._pool = pool

    @classmethod
    async def open(
        cls,
        target: Any,
        migrate_to: int = LATEST,
        busy_timeout_ms: int = BUSY_TIMEOUT_MS,
        readers: int = READERS,
    ) -> PgDatabase:
        """Connect to the server ``target`` (a ``postgresql://`` URL) names and migrate it."""
        url = str(target)
        if readers < 1:
            raise StoreError("store.db.no_readers")
        conn = await connect(url, busy_timeout_ms)
        try:
            await migrate(conn, migrate_to)
        finally:
            await conn.close()
        pool = await asyncpg.create_pool(
            url,
            min_size=1,
            max_size=readers,
            timeout=CONNECT_TIMEOUT_S,
            server_settings=_settings(busy_timeout_ms, read_only=True),
        )
        return cls(url, _Writer(url, busy_timeout_ms), pool)

    async def close(self) -> None:
        await self._writer.stop()
        await self._pool.close()

    @property
    def commits(self) -> int:
        return self._writer.commits

    @property
    def conflicts(self) -> int:
        """Write attempts PostgreSQL refused for a conflict with another writer (another
        process, or another :class:`PgDatabase`) since :meth:`open`; each was run again, up to
        :data:`CONFLICT_RETRIES` times per transaction."""
        return self._writer.conflicts

    @measured("write")
    async def write(self, fn: Callable[[Tx], Awaitable[T]], *, batch: bool = False) -> T:
        # a caller cancelled before its job started cancels the job too (the writer skips it);
        # once started, the job runs to its end and its result is dropped
        job = self._writer.submit(fn, batch)
        return cast(T, await self.health.outcome(job.future, pg_fault))

    @measured("read")
    async def fetchall(self, sql: str, params: Sequence[Any] = ()) -> list[Row]:
        try:
            async with self._pool.acquire() as conn:
                return cast(list[Row], await conn.fetch(numbered(sql), *params))
        except asyncpg.ReadOnlySQLTransactionError:
            raise  # a write sent to a reader: a bug, not a fault of storage
        except Exception as exc:
            fault = pg_fault(exc)
            if fault is not None and fault is not exc:
                raise fault from exc
            raise

    async def user_version(self) -> int:
        async with self._pool.acquire() as conn:
            return await schema_version(conn)

    async def integrity_ok(self) -> bool:
        """Every migration recorded, and no index left invalid (an index build that failed)."""
        async with self._pool.acquire() as conn:
            invalid = await conn.fetchval("SELECT COUNT(*) FROM pg_index WHERE NOT indisvalid")
            return invalid == 0 and await schema_version(conn) == LATEST
