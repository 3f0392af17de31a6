"""The database's storage tracker (``db.health``, :mod:`shangrao_bot.store.storage_health`):
with real faults on both databases, the last write refused as unavailable and why — the disk
full, a lock held elsewhere, the connection lost — until the next write that goes through
clears it; a refusal that is not a storage fault leaves it as it is."""

from __future__ import annotations

import contextlib
import os
import pwd
import sqlite3
import subprocess
import uuid
from collections.abc import AsyncIterator, Iterator
from pathlib import Path

import asyncpg
import pytest

from shangrao_bot.errors import StorageUnavailable
from shangrao_bot.store.database.interface import Database
from shangrao_bot.store.database.opening import open_database
from shangrao_bot.store.database.transactions import Tx
from shangrao_bot.store.errors import UniqueViolation
from shangrao_bot.store.kept_values import set_state
from shangrao_bot.store.storage_health import StorageProblem, problem_of
from tests.pg_cluster import Cluster
from tests.storage_faults import PageLimit, privileged, terminate_connections, write_lock
from tests.store.test_write_path import Hold

BUSY_MS = 50


@pytest.fixture
async def quick(db_target: str | Path) -> AsyncIterator[Database]:
    """The database, with a busy timeout that makes a held lock fail fast."""
    db = await open_database(db_target, busy_timeout_ms=BUSY_MS)
    try:
        yield db
    finally:
        await db.close()


async def test_a_held_lock_is_reported_until_a_write_goes_through(
    quick: Database, db_target: str | Path
) -> None:
    db = quick
    await set_state(db, "before", "1")
    assert db.health.current() is None and db.health.reason() is None
    lock = write_lock(db_target)
    await lock.start()
    try:
        with pytest.raises(StorageUnavailable):
            await set_state(db, "during", "1")
    finally:
        await lock.stop()
    fault = db.health.current()
    assert fault is not None and fault.problem is StorageProblem.LOCKED
    assert fault.detail and db.health.reason() == fault.describe()
    assert fault.describe().startswith("locked since ")
    assert db.health.refusals == 1

    async def twice(tx: Tx) -> None:  # refused, but storage answered: the fault stays
        await tx.execute("INSERT INTO bot_state (key, value) VALUES ('before', '2')")

    with pytest.raises(UniqueViolation):
        await db.write(twice)
    assert db.health.current() == fault
    await set_state(db, "after", "1")
    assert db.health.current() is None


async def test_sqlites_full_disk_is_reported_as_disk_full(tmp_path: Path) -> None:
    db = await open_database(tmp_path / "full.db", busy_timeout_ms=BUSY_MS)
    limit = PageLimit(db)
    try:
        await limit.start()
        with pytest.raises(StorageUnavailable):
            await set_state(db, "big", "x" * 200_000)  # needs new pages
        fault = db.health.current()
        assert fault is not None and fault.problem is StorageProblem.DISK_FULL
        assert "full" in fault.detail
        await limit.stop()
        await set_state(db, "big", "x" * 200_000)
        assert db.health.current() is None
    finally:
        await db.close()


@contextlib.contextmanager
def _tiny_filesystem(folder: Path, owner: str) -> Iterator[Path]:
    folder.mkdir()
    mounted = subprocess.run(
        ["mount", "-t", "tmpfs", "-o", "size=1m", "tmpfs", str(folder)],
        capture_output=True,
        check=False,
    )
    if mounted.returncode != 0:
        pytest.skip("no tmpfs can be mounted here")
    try:
        entry = pwd.getpwnam(owner)
        os.chown(folder, entry.pw_uid, entry.pw_gid)
        yield folder
    finally:
        subprocess.run(["umount", "-l", str(folder)], capture_output=True, check=False)
        folder.rmdir()


@pytest.mark.slow
async def test_postgresqls_full_disk_is_reported_as_disk_full(
    pg_cluster: Cluster, pg_url: str, tmp_path: Path
) -> None:
    """A real full disk on the server: the table the write goes to lives in a tablespace on a
    1 MB filesystem that its own rows fill (root and mount needed, as the server's own disk
    cannot be filled safely)."""
    if not privileged() or pg_cluster.owner is None:
        pytest.skip("needs root (a filesystem mounted for the server)")
    db = await open_database(pg_url, busy_timeout_ms=BUSY_MS)
    admin = await asyncpg.connect(pg_url)
    name = f"tiny_{uuid.uuid4().hex[:12]}"
    try:  # in the cluster's folder: the server's user may reach it
        with _tiny_filesystem(pg_cluster.root / name, pg_cluster.owner) as folder:
            await admin.execute(f"CREATE TABLESPACE {name} LOCATION '{folder}'")
            try:
                await admin.execute(f"ALTER TABLE bot_state SET TABLESPACE {name}")
                with pytest.raises(asyncpg.DiskFullError):
                    for n in range(10_000):  # fill it
                        await admin.execute(
                            "INSERT INTO bot_state (key, value) VALUES ($1, $2)",
                            f"fill{n}",
                            os.urandom(400).hex(),
                        )
                with pytest.raises(StorageUnavailable):
                    await set_state(db, "one more", os.urandom(400).hex())
                fault = db.health.current()
                assert fault is not None and fault.problem is StorageProblem.DISK_FULL
                await admin.execute("DELETE FROM bot_state")
                await admin.execute("ALTER TABLE bot_state SET TABLESPACE pg_default")
            finally:
                await admin.execute(f"DROP TABLESPACE IF EXISTS {name}")
        await set_state(db, "one more", "1")  # room again: the next write clears it
        assert db.health.current() is None
    finally:
        await admin.close()
        await db.close()


@pytest.mark.slow
async def test_a_lost_postgresql_connection_is_reported(pg_url: str) -> None:
    """The server ends the writer's connection while a write is inside its transaction."""
    db = await open_database(pg_url, busy_timeout_ms=BUSY_MS)
    try:
        hold = Hold()
        held = await hold.start(db)
        assert await terminate_connections(pg_url) >= 1
        hold.release()
        with pytest.raises(StorageUnavailable):
            await held
        fault = db.health.current()
        assert fault is not None and fault.problem is StorageProblem.CONNECTION_LOST
        await set_state(db, "b", "1")  # a new connection
        assert db.health.current() is None
    finally:
        await db.close()


def test_each_drivers_error_has_its_reason(tmp_path: Path) -> None:
    """The reason is read off the drivers' own errors: SQLite's result codes, PostgreSQL's
    SQLSTATEs (asyncpg's exception classes carry them)."""
    conn = sqlite3.connect(tmp_path / "x.db")
    conn.execute("CREATE TABLE t (x)")
    conn.execute("PRAGMA query_only=ON")
    with pytest.raises(sqlite3.OperationalError) as read_only:
        conn.execute("INSERT INTO t VALUES (1)")
    conn.close()
    assert problem_of(read_only.value) is StorageProblem.READ_ONLY
    cases = {
        asyncpg.DiskFullError: StorageProblem.DISK_FULL,
        asyncpg.LockNotAvailableError: StorageProblem.LOCKED,
        asyncpg.ReadOnlySQLTransactionError: StorageProblem.READ_ONLY,
        asyncpg.ConnectionDoesNotExistError: StorageProblem.CONNECTION_LOST,
        asyncpg.AdminShutdownError: StorageProblem.CONNECTION_LOST,
        asyncpg.SerializationError: StorageProblem.CONFLICT,
        asyncpg.PostgresSystemError: StorageProblem.IO_ERROR,
        asyncpg.OutOfMemoryError: StorageProblem.OTHER,
    }
    for error, problem in cases.items():
        wrapped = StorageUnavailable("refused")
        wrapped.__cause__ = error("refused")
        assert problem_of(wrapped) is problem, error
    assert problem_of(ConnectionResetError()) is StorageProblem.CONNECTION_LOST
