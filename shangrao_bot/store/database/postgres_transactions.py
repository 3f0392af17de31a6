""":class:`~.transactions.Tx` over an asyncpg connection: the same
transaction functions the SQLite writer drives, run against PostgreSQL.

Statements are the store's own (``?`` placeholders, numbered here by
:func:`~.placeholders.numbered`); their statements suspend on the driver,
so a PostgreSQL transaction function is awaited on the event loop, inside the transaction its
caller opened on the connection.
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterable, Iterator, Sequence
from typing import Any, cast

import asyncpg

from shangrao_bot.store.database.placeholders import numbered
from shangrao_bot.store.database.transactions import Row
from shangrao_bot.store.errors import UniqueViolation


def rows_changed(status: str) -> int:
    """The row count of a command status (``INSERT 0 3`` → 3, ``UPDATE 2`` → 2; 0 for a
    command that reports none, such as ``CREATE TABLE``)."""
    last = status.rsplit(" ", 1)[-1]
    return int(last) if last.isdigit() else 0


@contextlib.contextmanager
def _unique_keys() -> Iterator[None]:
    """asyncpg's unique violation as the store's own."""
    try:
        yield
    except asyncpg.UniqueViolationError as exc:
        raise UniqueViolation("store.duplicate", detail=str(exc)) from exc


class PgTx:
    """:class:`~.transactions.Tx` over an asyncpg connection in a
    transaction. A unique key's violation comes out as :class:`UniqueViolation`, as it does on
    SQLite."""

    __slots__ = ("_conn",)

    def __init__(self, conn: asyncpg.Connection) -> None:
        self._conn = conn

    async def execute(self, sql: str, params: Sequence[Any] = ()) -> int:
        with _unique_keys():
            return rows_changed(await self._conn.execute(numbered(sql), *params))

    async def executemany(self, sql: str, rows: Iterable[Sequence[Any]]) -> None:
        with _unique_keys():
            await self._conn.executemany(numbered(sql), [tuple(r) for r in rows])

    async def fetch(self, sql: str, params: Sequence[Any] = ()) -> list[Row]:
        with _unique_keys():
            return cast(list[Row], await self._conn.fetch(numbered(sql), *params))

    async def fetchone(self, sql: str, params: Sequence[Any] = ()) -> Row | None:
        with _unique_keys():
            return cast(Row | None, await self._conn.fetchrow(numbered(sql), *params))

    async def fetchval(self, sql: str, params: Sequence[Any] = ()) -> Any:
        with _unique_keys():
            return await self._conn.fetchval(numbered(sql), *params)

    async def insert(self, sql: str, params: Sequence[Any] = ()) -> int:
        with _unique_keys():
            return int(await self._conn.fetchval(numbered(sql) + " RETURNING id", *params))
