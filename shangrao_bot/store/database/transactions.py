"""The transaction interface the store's write functions are written against.

Every write of the store is an async function of a :class:`Tx` (see
:meth:`~.interface.Database.write`): it awaits its statements and nothing
else. One such function then serves both databases:

- **SQLite**: :class:`SqliteTx` runs each statement synchronously on the writer's
  :mod:`sqlite3` connection, and its methods never suspend, so a whole transaction function is
  a coroutine that never suspends either: :func:`drive` runs it to completion in one call on the
  writer thread, which keeps a transaction one hop between the event loop and that thread.
- **PostgreSQL**: :class:`~.postgres_transactions.PgTx` over an asyncpg
connection, whose
  statements do suspend, awaited on the event loop inside the driver's transaction.

The SQL uses ``?`` placeholders (:class:`~.postgres_transactions.PgTx`
numbers them ``$1``…``$n``).
"""

from __future__ import annotations

import contextlib
import sqlite3
from collections.abc import Awaitable, Iterable, Iterator, Sequence
from typing import Any, Protocol, TypeVar, cast

from shangrao_bot.store.errors import StoreError, UniqueViolation

T = TypeVar("T")


class Row(Protocol):
    """A row read inside a transaction: its columns by name (``row["id"]``) or by position
    (``row[0]``). :class:`sqlite3.Row` is one; asyncpg's ``Record`` is another."""

    def __getitem__(self, key: int | str, /) -> Any: ...

    def keys(self) -> Iterable[str]:
        """The column names, in order (so ``dict(row)`` works on both databases' rows)."""
        ...

    def __iter__(self) -> Iterator[Any]:
        """The values, in column order."""
        ...

    def __len__(self) -> int: ...


class Tx(Protocol):
    """One open write transaction. Everything done through it commits together when the
    transaction function returns, and none of it when it raises."""

    async def execute(self, sql: str, params: Sequence[Any] = ()) -> int:
        """Run one statement; returns the rows it inserted, updated or deleted (0 for other
        statements)."""
        ...

    async def executemany(self, sql: str, rows: Iterable[Sequence[Any]]) -> None:
        """Run one statement once per parameter row."""
        ...

    async def fetch(self, sql: str, params: Sequence[Any] = ()) -> list[Row]:
        """Every row of a query; it sees the transaction's own uncommitted writes."""
        ...

    async def fetchone(self, sql: str, params: Sequence[Any] = ()) -> Row | None:
        """The first row of a query, or None when there is none."""
        ...

    async def fetchval(self, sql: str, params: Sequence[Any] = ()) -> Any:
        """The first column of the first row of a query, or None when there is no row."""
        ...

    async def insert(self, sql: str, params: Sequence[Any] = ()) -> int:
        """Run a single-row ``INSERT`` into a table whose key is an integer ``id`` and return
        the new row's id. (SQLite gives the last inserted rowid; on PostgreSQL,
        :class:`~.postgres_transactions.PgTx` appends ``RETURNING id``,
        so the statement must not have a ``RETURNING`` clause, an ``ON CONFLICT`` that may insert
        nothing, or several rows.)"""
        ...


@contextlib.contextmanager
def _unique_keys() -> Iterator[None]:
    """sqlite's unique-key violation as the store's :class:`UniqueViolation`; its other
    integrity errors (a check, a foreign key, a NOT NULL) stay as sqlite raised them."""
    try:
        yield
    except sqlite3.IntegrityError as exc:
        if str(exc).startswith("UNIQUE constraint failed"):
            raise UniqueViolation("store.duplicate", detail=str(exc)) from exc
        raise


class SqliteTx:
    """:class:`Tx` over the writer thread's :mod:`sqlite3` connection, inside the transaction the
    writer opened. Each method runs its statement synchronously and never suspends. A unique
    key's violation comes out as :class:`UniqueViolation`, as it does on PostgreSQL."""

    __slots__ = ("_conn",)

    def __init__(self, conn: sqlite3.Connection) -> None:
        self._conn = conn

    def _run(self, sql: str, params: Sequence[Any]) -> sqlite3.Cursor:
        with _unique_keys():
            return self._conn.execute(sql, params)

    async def execute(self, sql: str, params: Sequence[Any] = ()) -> int:
        return max(self._run(sql, params).rowcount, 0)  # -1 when not a DML statement

    async def executemany(self, sql: str, rows: Iterable[Sequence[Any]]) -> None:
        with _unique_keys():
            self._conn.executemany(sql, rows)

    async def fetch(self, sql: str, params: Sequence[Any] = ()) -> list[Row]:
        cur = self._run(sql, params)
        try:
            return cast(list[Row], cur.fetchall())  # the writer's row_factory is sqlite3.Row
        finally:
            cur.close()

    async def fetchone(self, sql: str, params: Sequence[Any] = ()) -> Row | None:
        cur = self._run(sql, params)
        try:
            return cast(Row | None, cur.fetchone())
        finally:
            cur.close()  # the statement may have more rows: closing it resets it

    async def fetchval(self, sql: str, params: Sequence[Any] = ()) -> Any:
        cur = self._run(sql, params)
        try:
            row = cur.fetchone()
        finally:
            cur.close()
        return None if row is None else row[0]

    async def insert(self, sql: str, params: Sequence[Any] = ()) -> int:
        row_id = self._run(sql, params).lastrowid
        if row_id is None:
            raise StoreError("store.db.no_row_id", sql=sql)
        return row_id


def drive(coro: Awaitable[T]) -> T:
    """Run a coroutine that never suspends (a transaction function over :class:`SqliteTx`) to
    completion, synchronously, and return its result; its exceptions come out unchanged.

    One that does suspend — it awaited something other than its transaction's statements,
    which on the writer thread has no event loop to resume it — is closed (its ``finally``
    blocks run) and refused with :class:`RuntimeError`: the writer then rolls back whatever it
    had written."""
    steps = coro.__await__()
    try:
        awaited = steps.send(None)
    except StopIteration as done:
        return cast(T, done.value)
    try:
        steps.close()
    finally:
        name = getattr(coro, "__qualname__", type(coro).__name__)
        raise RuntimeError(
            f"the transaction function {name} awaited {awaited!r}: a transaction function must "
            "only await its statements (the methods of its Tx), so that SQLite can run it in one "
            "call on the writer thread"
        )
