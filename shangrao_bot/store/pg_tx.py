""":class:`~shangrao_bot.store.tx.Tx` over an asyncpg connection: the same transaction
functions the SQLite writer drives, run against PostgreSQL.

Statements are the store's own (``?`` placeholders, numbered here by
:func:`~shangrao_bot.store.placeholders.numbered`); their statements suspend on the driver, so
a PostgreSQL transaction function is awaited on the event loop, inside the transaction its
caller opened on the connection.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, Any, cast

from shangrao_bot.store.placeholders import numbered
from shangrao_bot.store.tx import Row

if TYPE_CHECKING:
    import asyncpg


def rows_changed(status: str) -> int:
    """The row count of a command status (``INSERT 0 3`` → 3, ``UPDATE 2`` → 2; 0 for a
    command that reports none, such as ``CREATE TABLE``)."""
    last = status.rsplit(" ", 1)[-1]
    return int(last) if last.isdigit() else 0


class PgTx:
    """:class:`~shangrao_bot.store.tx.Tx` over an asyncpg connection in a transaction."""

    __slots__ = ("_conn",)

    def __init__(self, conn: asyncpg.Connection) -> None:
        self._conn = conn

    async def execute(self, sql: str, params: Sequence[Any] = ()) -> int:
        return rows_changed(await self._conn.execute(numbered(sql), *params))

    async def executemany(self, sql: str, rows: Iterable[Sequence[Any]]) -> None:
        await self._conn.executemany(numbered(sql), [tuple(r) for r in rows])

    async def fetch(self, sql: str, params: Sequence[Any] = ()) -> list[Row]:
        return cast(list[Row], await self._conn.fetch(numbered(sql), *params))

    async def fetchone(self, sql: str, params: Sequence[Any] = ()) -> Row | None:
        return cast(Row | None, await self._conn.fetchrow(numbered(sql), *params))

    async def fetchval(self, sql: str, params: Sequence[Any] = ()) -> Any:
        return await self._conn.fetchval(numbered(sql), *params)

    async def insert(self, sql: str, params: Sequence[Any] = ()) -> int:
        return int(await self._conn.fetchval(numbered(sql) + " RETURNING id", *params))
