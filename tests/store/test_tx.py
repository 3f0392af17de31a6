"""The transaction interface: :func:`drive` runs a coroutine that never suspends in one call and
refuses one that does; :class:`SqliteTx` over a plain connection; and :meth:`Database.write`
with transaction functions that raise or suspend."""

from __future__ import annotations

import asyncio
import contextlib
import inspect
import sqlite3
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from shangrao_bot.store import games
from shangrao_bot.store.database.interface import Database
from shangrao_bot.store.database.opening import open_database
from shangrao_bot.store.database.transactions import SqliteTx, Tx, drive
from shangrao_bot.store.errors import InvalidRecord
from tests.store.conftest import CHANNEL, GUILD, ROW_ID

# --- drive ---


def test_drive_returns_the_coroutines_value() -> None:
    async def inner() -> int:
        return 41

    async def outer() -> int:
        return await inner() + 1

    assert drive(outer()) == 42


def test_drive_propagates_the_exception_unchanged(
    test_refusal_text: Callable[[str], str],
) -> None:
    error = InvalidRecord(test_refusal_text("refused"))

    async def fails() -> None:
        raise error

    with pytest.raises(InvalidRecord) as caught:
        drive(fails())
    assert caught.value is error


def test_drive_refuses_a_coroutine_that_suspends_and_closes_it() -> None:
    cleaned_up = []

    async def sleeps() -> int:
        try:
            await asyncio.sleep(0)
            return 1
        finally:
            cleaned_up.append(True)

    coro = sleeps()
    with pytest.raises(RuntimeError, match="must only await its statements"):
        drive(coro)
    assert inspect.getcoroutinestate(coro) == inspect.CORO_CLOSED
    assert cleaned_up == [True]  # closed: its finally ran, no "never awaited" warning left


def test_drive_refuses_a_coroutine_awaiting_a_future() -> None:
    loop = asyncio.new_event_loop()
    try:
        future: asyncio.Future[int] = loop.create_future()

        async def waits() -> int:
            return await future

        coro = waits()
        with pytest.raises(RuntimeError, match="waits"):
            drive(coro)
        assert inspect.getcoroutinestate(coro) == inspect.CORO_CLOSED
    finally:
        loop.close()


# --- SqliteTx over a plain connection (PgTx's are in test_pg_tx.py, beside these on both) ---


@pytest.fixture
def conn() -> Iterator[sqlite3.Connection]:
    c = sqlite3.connect(":memory:", isolation_level=None)
    c.row_factory = sqlite3.Row
    c.execute("CREATE TABLE t (id INTEGER PRIMARY KEY, v TEXT)")
    try:
        yield c
    finally:
        c.close()


def run(conn: sqlite3.Connection, fn: Any) -> Any:
    return drive(fn(SqliteTx(conn)))


def test_insert_returns_each_new_rows_id(conn: sqlite3.Connection) -> None:
    async def two(tx: Tx) -> list[int]:
        return [await tx.insert("INSERT INTO t (v) VALUES (?)", (v,)) for v in ("a", "b")]

    first, second = run(conn, two)
    assert second == first + 1
    assert conn.execute("SELECT v FROM t WHERE id = ?", (second,)).fetchone()[0] == "b"


def test_execute_returns_the_rows_changed(conn: sqlite3.Connection) -> None:
    async def changes(tx: Tx) -> tuple[int, int, int, int]:
        await tx.executemany("INSERT INTO t (v) VALUES (?)", [("a",), ("a",), ("b",)])
        updated = await tx.execute("UPDATE t SET v = 'c' WHERE v = ?", ("a",))
        none = await tx.execute("UPDATE t SET v = 'd' WHERE v = ?", ("zzz",))
        deleted = await tx.execute("DELETE FROM t")
        ddl = await tx.execute("CREATE TABLE u (x INTEGER)")
        return updated, none, deleted, ddl

    assert run(conn, changes) == (2, 0, 3, 0)


def test_reads_on_empty_results(conn: sqlite3.Connection) -> None:
    async def reads(tx: Tx) -> tuple[Any, ...]:
        return (
            await tx.fetch("SELECT * FROM t"),
            await tx.fetchone("SELECT * FROM t"),
            await tx.fetchval("SELECT v FROM t"),
            await tx.fetchval("SELECT MAX(id) FROM t"),  # one row holding NULL
        )

    assert run(conn, reads) == ([], None, None, None)


def test_rows_read_by_name_and_position(conn: sqlite3.Connection) -> None:
    async def reads(tx: Tx) -> tuple[Any, ...]:
        row_id = await tx.insert("INSERT INTO t (v) VALUES ('x')")
        row = await tx.fetchone("SELECT id, v FROM t")
        assert row is not None
        rows = await tx.fetch("SELECT id, v FROM t")
        return row_id, row["id"], row[1], rows[0]["v"], await tx.fetchval("SELECT v FROM t")

    row_id, by_name, by_position, in_list, value = run(conn, reads)
    assert (by_name, by_position, in_list, value) == (row_id, "x", "x", "x")


# --- Database.write with transaction functions ---


async def count(db: Database, sql: str) -> int:
    row = await db.fetchone(sql)
    assert row is not None
    return int(row[0])


async def test_a_write_that_raises_rolls_back(
    db: Database, test_refusal_text: Callable[[str], str]
) -> None:
    refused = test_refusal_text("refused after an insert")

    async def insert_then_fail(tx: Tx) -> None:
        await tx.insert(
            "INSERT INTO game_tables (guild_id, channel_id, created_at, updated_at)"
            " VALUES (?, ?, 'now', 'now')",
            (GUILD, CHANNEL),
        )
        raise InvalidRecord(refused)

    with pytest.raises(InvalidRecord, match="after an insert"):
        await db.write(insert_then_fail)
    assert await count(db, "SELECT COUNT(*) FROM game_tables") == 0


@pytest.mark.parametrize("batch", [False, True])
async def test_a_write_that_suspends_is_refused_and_writes_nothing(
    tmp_path: Path, batch: bool
) -> None:
    """SQLite only: its writer runs a transaction function in one call on its thread, so one
    that awaits anything but its statements cannot go on (PostgreSQL awaits it on the event
    loop, where that is harmless: this is SQLite's own rule; see the next test)."""
    async with contextlib.AsyncExitStack() as stack:
        db = await open_database(tmp_path / "x.db")
        stack.push_async_callback(db.close)
        await _suspending_write_is_refused(db, batch)


async def _suspending_write_is_refused(db: Database, batch: bool) -> None:
    async def insert_then_sleep(tx: Tx) -> int:
        row_id = await tx.insert(
            "INSERT INTO game_tables (guild_id, channel_id, created_at, updated_at)"
            " VALUES (?, ?, 'now', 'now')",
            (GUILD, CHANNEL),
        )
        await asyncio.sleep(0)
        return row_id

    with pytest.raises(RuntimeError, match="must only await its statements"):
        await db.write(insert_then_sleep, batch=batch)
    assert await count(db, "SELECT COUNT(*) FROM game_tables") == 0
    # the writer is still in service and left no transaction open
    table = await games.create_table(db, GUILD, CHANNEL)
    assert await games.append_events(db, table.id, [{"e": 1}], None) == 1


async def test_a_write_returns_its_functions_value(db: Database) -> None:
    async def create(tx: Tx) -> int:
        await tx.execute(f"CREATE TABLE t (id {ROW_ID[db.kind]}, v TEXT)")
        await tx.executemany("INSERT INTO t (v) VALUES (?)", [("a",), ("b",)])
        return int(await tx.fetchval("SELECT COUNT(*) FROM t"))

    assert await db.write(create) == 2
    assert await count(db, "SELECT COUNT(*) FROM t") == 2


async def test_a_write_that_suspends_runs_whole_on_postgresql(pg_url: str) -> None:
    """PostgreSQL's counterpart of SQLite's rule above: its writer awaits the transaction
    function on the event loop, so one that awaits something else as well still commits all
    of its statements together, and the writer goes on."""
    db = await open_database(pg_url)
    try:

        async def insert_sleep_insert(tx: Tx) -> int:
            first = await tx.insert(
                "INSERT INTO game_tables (guild_id, channel_id, created_at, updated_at)"
                " VALUES (?, ?, 'now', 'now')",
                (GUILD, CHANNEL),
            )
            await asyncio.sleep(0)
            await tx.execute(
                "INSERT INTO game_events (table_id, seq, event, at) VALUES (?, 1, '{}', 'now')",
                (first,),
            )
            return first

        table_id = await db.write(insert_sleep_insert)
        assert await count(db, "SELECT COUNT(*) FROM game_tables") == 1
        assert await games.load_events(db, table_id) == [{}]
        assert await games.append_events(db, table_id, [{"e": 1}], None) == 2
    finally:
        await db.close()
