"""The write path, on both databases: one transaction per write, group commit of the tables'
saves with a savepoint each, storage faults as StorageUnavailable, and the reader pool.

A write is held inside its transaction by :class:`Hold` (a write that waits for the test to let
it go), so that other writes queue up behind it deterministically: no timing is assumed.

The tests that reach into SQLite itself (its write lock, PRAGMAs, its reader threads) have
PostgreSQL counterparts of the same property below them: a table lock held past
``lock_timeout``, the session settings, a slow query holding one pooled reader, and a
connection the server ends in the middle of a transaction."""

from __future__ import annotations

import asyncio
import sqlite3
import threading
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

import asyncpg
import pytest

from shangrao_bot.errors import StorageUnavailable
from shangrao_bot.store import games
from shangrao_bot.store.database.interface import Database
from shangrao_bot.store.database.opening import open_database
from shangrao_bot.store.database.transactions import Tx
from shangrao_bot.store.errors import InvalidRecord, NotFound, StoreError
from tests.storage_faults import PgTableLock, terminate_connections
from tests.store.conftest import CHANNEL, GUILD

GUARD_S = 30  # only ever reached when the code under test hangs


class Hold:
    """A write that keeps the writer busy (inside its transaction) until :meth:`release`.

    On SQLite it blocks the writer thread without suspending (a transaction function may not
    await there); on PostgreSQL it awaits, since that writer is a task of the event loop, which
    a blocking wait would freeze."""

    def __init__(self) -> None:
        self.started = threading.Event()
        self._release = threading.Event()
        self._released = asyncio.Event()
        self._kind = ""

    async def __call__(self, tx: Tx) -> None:
        self.started.set()
        if self._kind == "postgresql":
            await asyncio.wait_for(self._released.wait(), GUARD_S)
        else:
            self._release.wait(GUARD_S)

    def release(self) -> None:
        self._release.set()
        self._released.set()

    async def start(self, db: Database) -> asyncio.Task[None]:
        self._kind = db.kind
        task = asyncio.create_task(db.write(self))
        assert await asyncio.to_thread(self.started.wait, GUARD_S)
        return task


async def queued(*calls: Awaitable[Any]) -> list[asyncio.Task[Any]]:
    """Start the calls as tasks and let each run up to its first wait (its write submitted)."""
    tasks = [asyncio.ensure_future(c) for c in calls]
    for _ in range(3):
        await asyncio.sleep(0)
    return tasks


async def count(db: Database, sql: str, params: tuple[Any, ...] = ()) -> int:
    row = await db.fetchone(sql, params)
    assert row is not None
    return int(row[0])


async def test_an_exception_in_the_write_rolls_back_everything(
    db: Database, test_refusal_text: Callable[[str], str]
) -> None:
    refused = test_refusal_text("refused after two statements")
    table = await games.create_table(db, GUILD, CHANNEL)

    async def half_then_fail(tx: Tx) -> None:
        await tx.execute(
            "INSERT INTO game_tables (guild_id, channel_id, created_at, updated_at)"
            " VALUES (?, ?, 'now', 'now')",
            (GUILD, CHANNEL + 1),
        )
        await tx.execute(
            "INSERT INTO game_events (table_id, seq, event, at) VALUES (?, 1, '{}', 'now')",
            (table.id,),
        )
        raise InvalidRecord(refused)

    with pytest.raises(InvalidRecord, match="after two statements"):
        await db.write(half_then_fail)
    assert await count(db, "SELECT COUNT(*) FROM game_tables") == 1
    assert await count(db, "SELECT COUNT(*) FROM game_events") == 0
    # the writer left no transaction open: the next write commits
    assert await games.append_events(db, table.id, [{"e": 1}], None) == 1


async def test_a_group_commit_fails_only_the_refused_callers(db: Database) -> None:
    first, second = [await games.create_table(db, GUILD, CHANNEL + i) for i in range(2)]
    closed = await games.create_table(db, GUILD, CHANNEL + 2)
    await games.close_table(db, closed.id)

    async def change_then_fail(tx: Tx) -> None:
        await tx.execute("UPDATE game_tables SET channel_id = 0 WHERE id = ?", (first.id,))
        raise ValueError("a bug half-way through a save")

    hold = Hold()
    held = await hold.start(db)
    before = db.commits
    tasks = await queued(
        games.append_events(db, first.id, [{"e": 1}], {"state": 1}),
        games.append_events(db, closed.id, [{"e": 1}], None),
        db.write(change_then_fail, batch=True),
        games.append_events(db, 424242, [{"e": 1}], None),
        games.append_events(db, second.id, [{"e": 1}, {"e": 2}], {"state": 2}),
    )
    hold.release()
    await held
    results = await asyncio.gather(*tasks, return_exceptions=True)

    assert results[0] == 1
    assert isinstance(results[1], InvalidRecord)
    assert isinstance(results[2], ValueError)
    assert isinstance(results[3], NotFound)
    assert results[4] == 2
    assert db.commits == before + 2  # the held write, then the five saves in one transaction
    assert (await games.get_table(db, first.id)).channel_id == CHANNEL  # its savepoint undone
    assert (await games.get_table(db, first.id)).snapshot == {"state": 1}
    assert await games.load_events(db, second.id) == [{"e": 1}, {"e": 2}]
    assert await games.load_events(db, closed.id) == []


async def test_a_storage_fault_in_a_group_fails_the_whole_group(db: Database) -> None:
    table = await games.create_table(db, GUILD, CHANNEL)

    async def fault(tx: Tx) -> None:
        raise StorageUnavailable("disk full")

    hold = Hold()
    held = await hold.start(db)
    tasks = await queued(
        games.append_events(db, table.id, [{"e": 1}], None),
        db.write(fault, batch=True),
        games.append_events(db, table.id, [{"e": 2}], None),
    )
    hold.release()
    await held
    results = await asyncio.gather(*tasks, return_exceptions=True)
    assert all(isinstance(r, StorageUnavailable) for r in results), results
    assert await games.load_events(db, table.id) == []
    assert await games.append_events(db, table.id, [{"e": 3}], None) == 1


@pytest.mark.slow
async def test_concurrent_appends_keep_every_tables_seq_contiguous(db: Database) -> None:
    tables = [await games.create_table(db, GUILD, CHANNEL + i) for i in range(40)]
    saves = 15

    async def play(t: int, table_id: int) -> list[int]:
        returned = []
        for i in range(saves):
            events = [{"table": t, "save": i, "n": n} for n in range(1 + (t + i) % 3)]
            returned.append(await games.append_events(db, table_id, events, {"save": i}))
        return returned

    before = db.commits
    returned = await asyncio.gather(*(play(t, table.id) for t, table in enumerate(tables)))
    for t, table in enumerate(tables):
        sizes = [1 + (t + i) % 3 for i in range(saves)]
        ends = [sum(sizes[: i + 1]) for i in range(saves)]
        assert returned[t] == ends
        rows = await db.fetchall(
            "SELECT seq, event FROM game_events WHERE table_id = ? ORDER BY seq", (table.id,)
        )
        assert [r["seq"] for r in rows] == list(range(1, ends[-1] + 1))
        events = await games.load_events(db, table.id)
        assert all(e["table"] == t for e in events)
        assert [(e["save"], e["n"]) for e in events] == [
            (i, n) for i in range(saves) for n in range(sizes[i])
        ]
        stored = await games.get_table(db, table.id)
        assert stored.snapshot == {"save": saves - 1} and stored.snapshot_seq == ends[-1]
    assert db.commits <= before + len(tables) * saves


async def test_a_caller_that_gives_up_before_its_write_starts_writes_nothing(
    db: Database,
) -> None:
    table = await games.create_table(db, GUILD, CHANNEL)
    hold = Hold()
    held = await hold.start(db)
    [task] = await queued(games.append_events(db, table.id, [{"e": 1}], None))
    task.cancel()
    with pytest.raises(asyncio.CancelledError):
        await task  # the cancellation reached the queued write before the writer took it
    hold.release()
    await held
    assert await games.append_events(db, table.id, [{"e": 2}], None) == 1
    assert await games.load_events(db, table.id) == [{"e": 2}]


async def test_a_database_locked_past_the_busy_timeout_is_storage_unavailable(
    tmp_path: Path,
) -> None:
    """SQLite only: the lock is SQLite's own (another connection's ``BEGIN IMMEDIATE``); the
    PostgreSQL counterpart is the next test."""
    path = tmp_path / "locked.db"
    db = await open_database(path, busy_timeout_ms=50)
    other = sqlite3.connect(path, isolation_level=None)
    try:
        table = await games.create_table(db, GUILD, CHANNEL)
        other.execute("BEGIN IMMEDIATE")  # another process holds the write lock
        with pytest.raises(StorageUnavailable) as caught:
            await games.append_events(db, table.id, [{"e": 1}], None)
        assert isinstance(caught.value.__cause__, sqlite3.OperationalError)
        with pytest.raises(StorageUnavailable):
            await games.close_table(db, table.id)
        # a queued group meets the same lock: every caller hears it
        results = await asyncio.gather(
            *(games.append_events(db, table.id, [{"e": i}], None) for i in range(3)),
            return_exceptions=True,
        )
        assert all(isinstance(r, StorageUnavailable) for r in results), results
        other.execute("ROLLBACK")
        # once the lock is gone the same write goes through: nothing was left half-done
        assert await games.append_events(db, table.id, [{"e": 1}], None) == 1
        assert (await games.get_table(db, table.id)).status == "open"
    finally:
        other.close()
        await db.close()


@pytest.mark.slow
async def test_a_table_locked_past_the_lock_timeout_is_storage_unavailable(pg_url: str) -> None:
    """PostgreSQL: another connection holds the tables (``ACCESS EXCLUSIVE``) longer than the
    writer's ``lock_timeout``: each write, alone or in a group, is refused as unavailable and
    leaves nothing; once the lock is gone the same write goes through."""
    db = await open_database(pg_url, busy_timeout_ms=50)
    lock = PgTableLock(pg_url)
    try:
        table = await games.create_table(db, GUILD, CHANNEL)
        await lock.start()
        try:
            with pytest.raises(StorageUnavailable) as caught:
                await games.append_events(db, table.id, [{"e": 1}], None)
            assert isinstance(caught.value.__cause__, asyncpg.LockNotAvailableError)
            with pytest.raises(StorageUnavailable):
                await games.close_table(db, table.id)
            results = await asyncio.gather(
                *(games.append_events(db, table.id, [{"e": i}], None) for i in range(3)),
                return_exceptions=True,
            )
            assert all(isinstance(r, StorageUnavailable) for r in results), results
            # the readers wait no longer than the writer
            with pytest.raises(StorageUnavailable):
                await db.fetchall("SELECT * FROM game_events")
        finally:
            await lock.stop()
        assert await games.append_events(db, table.id, [{"e": 1}], None) == 1
        assert (await games.get_table(db, table.id)).status == "open"
        assert await games.load_events(db, table.id) == [{"e": 1}]
    finally:
        await lock.stop()
        await db.close()


@pytest.mark.slow
async def test_a_connection_ended_by_the_server_mid_write_loses_that_write_only(
    pg_url: str,
) -> None:
    """PostgreSQL: the server ends the writer's connection (and the readers') while a write is
    inside its transaction: that write is refused as unavailable and leaves nothing, and the
    next write and read open new connections by themselves."""
    db = await open_database(pg_url)
    try:
        table = await games.create_table(db, GUILD, CHANNEL)

        hold = Hold()

        async def append_then_hold(tx: Tx) -> None:
            await tx.execute(
                "INSERT INTO game_events (table_id, seq, event, at) VALUES (?, 1, '{}', 'now')",
                (table.id,),
            )
            await hold(tx)
            await tx.execute("UPDATE game_tables SET snapshot_seq = 1 WHERE id = ?", (table.id,))

        hold._kind = db.kind
        held = asyncio.create_task(db.write(append_then_hold))
        assert await asyncio.to_thread(hold.started.wait, GUARD_S)
        assert await terminate_connections(pg_url) >= 2  # the writer and at least one reader
        hold.release()
        with pytest.raises(StorageUnavailable):
            await held
        assert await games.load_events(db, table.id) == []
        assert await games.append_events(db, table.id, [{"e": 2}], None) == 1
        assert await games.load_events(db, table.id) == [{"e": 2}]
    finally:
        await db.close()


async def test_the_busy_timeout_is_set_on_every_connection(tmp_path: Path) -> None:
    """SQLite only (its PRAGMA); the PostgreSQL counterpart is the next test."""
    db = await open_database(tmp_path / "x.db", busy_timeout_ms=123)
    try:
        rows = await asyncio.gather(*(db.fetchone("PRAGMA busy_timeout") for _ in range(6)))
        assert {r[0] for r in rows if r is not None} == {123}
        assert await db.write(lambda tx: tx.fetchval("PRAGMA busy_timeout")) == 123
    finally:
        await db.close()


async def test_every_connection_has_the_session_settings(pg_url: str) -> None:
    """PostgreSQL: the busy timeout is every connection's ``lock_timeout``, times are UTC, no
    query starts parallel workers (their start costs more than the store's small queries), the
    readers cannot write and the writer's transactions are serializable."""
    db = await open_database(pg_url, busy_timeout_ms=123, readers=3)
    try:
        settings = (
            "SELECT current_setting('lock_timeout'), current_setting('TimeZone'),"
            " current_setting('max_parallel_workers_per_gather'), {}"
        )
        rows = await asyncio.gather(
            *(
                db.fetchone(settings.format("current_setting('transaction_read_only')"))
                for _ in range(6)
            )
        )
        assert {tuple(r) for r in rows if r is not None} == {("123ms", "UTC", "0", "on")}

        async def writer_settings(tx: Tx) -> tuple[str, ...]:
            row = await tx.fetchone(settings.format("current_setting('transaction_isolation')"))
            assert row is not None
            return tuple(row)

        assert await db.write(writer_settings) == ("123ms", "UTC", "0", "serializable")
    finally:
        await db.close()


async def test_the_readers_see_each_committed_write(db: Database) -> None:
    table = await games.create_table(db, GUILD, CHANNEL)
    for n in range(1, 31):
        seq = await games.append_events(db, table.id, [{"n": n}], None)
        seen = await asyncio.gather(
            *(
                count(db, "SELECT MAX(seq) FROM game_events WHERE table_id = ?", (table.id,))
                for _ in range(7)
            )  # more reads than reader connections
        )
        assert seen == [seq] * 7


async def test_reads_go_on_while_a_write_is_under_way(db: Database) -> None:
    await games.create_table(db, GUILD, CHANNEL)
    hold = Hold()
    held = await hold.start(db)
    try:
        reads = [db.fetchall("SELECT * FROM game_tables") for _ in range(5)]
        done = await asyncio.wait_for(asyncio.gather(*reads), GUARD_S)
        assert [len(rows) for rows in done] == [1] * 5
    finally:
        hold.release()
        await held


async def test_a_slow_read_does_not_hold_up_the_other_reads(tmp_path: Path) -> None:
    """SQLite only (a blocking SQL function on its reader threads); the PostgreSQL
    counterpart is the next test."""
    db = await open_database(tmp_path / "x.db", readers=3)
    await games.create_table(db, GUILD, CHANNEL)
    release = threading.Event()
    # every reader connection knows a SQL function that blocks its thread until released: two
    # queries calling it are slow queries, each holding one reader connection
    for conn in db._readers._conns:
        await conn.create_function("wait_released", 0, lambda: release.wait(GUARD_S))
    slow = [asyncio.ensure_future(db.fetchall("SELECT wait_released()")) for _ in range(2)]
    try:
        while len(db._readers._idle) > 1:  # until both slow queries hold a connection
            await asyncio.sleep(0.005)
        rows = await asyncio.wait_for(db.fetchall("SELECT id FROM game_tables"), GUARD_S)
        assert len(rows) == 1 and not any(t.done() for t in slow)
    finally:
        release.set()
        await asyncio.gather(*slow)
        await db.close()


async def test_a_slow_read_does_not_hold_up_the_other_reads_on_postgresql(pg_url: str) -> None:
    """PostgreSQL: two reads wait on an advisory lock the test holds (two slow queries, each
    holding one pooled reader); a third read is answered meanwhile by the last reader."""
    db = await open_database(pg_url, readers=3)
    holder = await asyncpg.connect(pg_url)
    key = 4242
    slow: list[asyncio.Future[Any]] = []
    try:
        await games.create_table(db, GUILD, CHANNEL)
        await holder.execute("SELECT pg_advisory_lock($1)", key)
        slow = [
            asyncio.ensure_future(db.fetchall("SELECT pg_advisory_lock_shared(?)", (key,)))
            for _ in range(2)
        ]
        waiting = "SELECT count(*) FROM pg_locks WHERE locktype = 'advisory' AND NOT granted"
        while await holder.fetchval(waiting) < 2:  # until both slow reads hold a reader
            await asyncio.sleep(0.005)
        rows = await asyncio.wait_for(db.fetchall("SELECT id FROM game_tables"), GUARD_S)
        assert len(rows) == 1 and not any(t.done() for t in slow)
    finally:
        await holder.execute("SELECT pg_advisory_unlock($1)", key)
        await asyncio.gather(*slow)
        await holder.close()
        await db.close()


async def test_the_readers_cannot_write(db: Database) -> None:
    await games.create_table(db, GUILD, CHANNEL)
    refused: tuple[type[Exception], str] = (
        (sqlite3.OperationalError, "readonly")
        if db.kind == "sqlite"
        else (asyncpg.ReadOnlySQLTransactionError, "read-only")
    )
    with pytest.raises(refused[0], match=refused[1]):
        await db.fetchall("DELETE FROM game_tables")
    assert await count(db, "SELECT COUNT(*) FROM game_tables") == 1


async def test_a_closed_database_refuses_writes(db_target: str | Path) -> None:
    db = await open_database(db_target)
    table = await games.create_table(db, GUILD, CHANNEL)
    # a write submitted before the close is finished by it
    pending = asyncio.ensure_future(games.append_events(db, table.id, [{"e": 1}], None))
    await asyncio.sleep(0)
    await db.close()
    assert await pending == 1
    with pytest.raises(StoreError, match="closed"):
        await games.append_events(db, table.id, [{"e": 2}], None)
    await db.close()  # twice is harmless
