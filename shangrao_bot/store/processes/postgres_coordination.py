"""The processes' coordination over PostgreSQL (see
:mod:`.coordination`): advisory locks for table claims, the leader and
the login pace, ``LISTEN``/``NOTIFY`` for messages, all on one connection of the process's own.

If the connection is lost, it is opened again and the claims are taken again; a table whose
claim another process took meanwhile is reported through ``on_lost``.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Callable
from typing import Any

import asyncpg

from shangrao_bot.store.database.postgres import connect
from shangrao_bot.store.processes.coordination import Listener

log = logging.getLogger(__name__)

# advisory lock keys: a namespace in the high bits, an id in the low ones
_TABLE_SPACE = 0x5354 << 48  # "ST": a running table
_LEADER_KEY = 0x534C << 48  # "SL": the leader
_IDENTIFY_SPACE = 0x5349 << 48  # "SI": a gateway rate-limit bucket
LEADER_RETRY_SECONDS = 3.0
# Discord's 5 s between two logins of a bucket, and a margin. The interval counts from the
# moment the last login's READY came back, which is after Discord received its IDENTIFY:
# counting from when a process passed the gate would leave out its own delay (a busy event
# loop, a slow connection) before the IDENTIFY reached Discord.
IDENTIFY_INTERVAL_SECONDS = 5.5
# How long a login may stay unconfirmed (no READY yet) before the next one of its bucket goes
# anyway: a login Discord refused never confirms, and its process may have died.
IDENTIFY_CONFIRM_SECONDS = 20.0
IDENTIFY_POLL_SECONDS = 0.2
RECONNECT_SECONDS = 2.0


def _identify_key(shard_id: int, max_concurrency: int) -> str:
    return f"identify:{shard_id % max(1, max_concurrency)}"


def _pending(shard_id: int) -> str:
    return f"pending {shard_id}"


async def _identify_wait(conn: asyncpg.Connection, key: str) -> float:
    """Seconds to wait before the next IDENTIFY of the bucket kept under ``key``, 0 when it may
    go now. The bucket's row holds ``pending <shard> <epoch>`` from the moment a login passed
    the gate until its READY, then ``sent <epoch>``; a bare epoch is a confirmed login."""
    row = await conn.fetchrow(
        "SELECT value, EXTRACT(EPOCH FROM clock_timestamp()) AS now FROM bot_state WHERE key = $1",
        key,
    )
    if row is None:
        return 0.0
    words = str(row["value"]).split()
    age = float(row["now"]) - float(words[-1])
    if words[0] == "pending" and age < IDENTIFY_CONFIRM_SECONDS:
        return IDENTIFY_POLL_SECONDS
    return max(0.0, IDENTIFY_INTERVAL_SECONDS - age)


class PgCoordination:
    """:class:`Coordination` over one dedicated PostgreSQL connection (see the module)."""

    def __init__(self, url: str, on_lost: Callable[[int], None] | None = None) -> None:
        self._url = url
        self._on_lost = on_lost
        self._conn: asyncpg.Connection | None = None
        self._lock = asyncio.Lock()  # one statement at a time on the connection
        self._claims: set[int] = set()
        self._listeners: dict[str, Listener] = {}
        self._leader = False
        self._closing = False
        self._leader_task: asyncio.Task[None] | None = None
        self._reconnect_task: asyncio.Task[None] | None = None
        self._background: set[asyncio.Task[None]] = set()

    @property
    def is_leader(self) -> bool:
        return self._leader

    async def start(self) -> None:
        """Connect, and take the leadership at once if nobody holds it (a process alone leads
        from its first moment)."""
        await self._connect()
        if await self._try_lock(_LEADER_KEY):
            self._leader = True
        self._leader_task = asyncio.create_task(self._contend(), name="leader-election")

    async def _connect(self) -> None:
        conn = await connect(self._url)
        conn.add_termination_listener(self._terminated)
        self._conn = conn
        for channel in self._listeners:
            await conn.add_listener(channel, self._dispatch)

    def _terminated(self, conn: asyncpg.Connection | asyncpg.pool.PoolConnectionProxy) -> None:
        if self._closing or conn is not self._conn:
            return
        log.warning("coordination connection lost: reconnecting (table claims are retaken)")
        self._conn = None
        self._leader = False
        if self._reconnect_task is None or self._reconnect_task.done():
            self._reconnect_task = asyncio.create_task(self._reconnect(), name="coord-reconnect")

    async def _reconnect(self) -> None:
        while not self._closing:
            try:
                await self._connect()
            except (OSError, asyncpg.PostgresError, TimeoutError) as exc:
                log.warning("coordination: cannot reconnect yet (%s)", exc)
                await asyncio.sleep(RECONNECT_SECONDS)
                continue
            for table_id in sorted(self._claims):
                if not await self._try_lock(_TABLE_SPACE | table_id):
                    log.error("table %s: another process took it while we were away", table_id)
                    self._claims.discard(table_id)
                    if self._on_lost is not None:
                        self._on_lost(table_id)
            return

    async def _fetchval(self, sql: str, *args: object) -> object:
        async with self._lock:
            conn = self._conn
            if conn is None or conn.is_closed():
                raise ConnectionError("the coordination connection is down")
            return await conn.fetchval(sql, *args)

    async def _try_lock(self, key: int) -> bool:
        return bool(await self._fetchval("SELECT pg_try_advisory_lock($1)", key))

    async def _contend(self) -> None:
        """Try to become the leader until this process is one (and again after a reconnect)."""
        while not self._closing:
            if not self._leader:
                try:
                    if await self._try_lock(_LEADER_KEY):
                        self._leader = True
                        log.info("this process is now the leader")
                except (ConnectionError, asyncpg.PostgresError, OSError) as exc:
                    log.debug("leader election: %s", exc)
            await asyncio.sleep(LEADER_RETRY_SECONDS)

    async def claim_table(self, table_id: int) -> bool:
        if table_id in self._claims:
            return True
        if not await self._try_lock(_TABLE_SPACE | table_id):
            return False
        self._claims.add(table_id)
        return True

    def release_table(self, table_id: int) -> None:
        if table_id not in self._claims:
            return
        self._claims.discard(table_id)
        task = asyncio.create_task(self._unlock(_TABLE_SPACE | table_id))
        self._background.add(task)
        task.add_done_callback(self._background.discard)

    async def _unlock(self, key: int) -> None:
        with contextlib.suppress(ConnectionError, asyncpg.PostgresError, OSError):
            await self._fetchval("SELECT pg_advisory_unlock($1)", key)

    async def table_runner_alive(self, table_id: int) -> bool:
        key = _TABLE_SPACE | table_id
        # a bigint advisory key shows in pg_locks as its high and low halves
        held = await self._fetchval(
            "SELECT EXISTS (SELECT 1 FROM pg_locks WHERE locktype = 'advisory' AND granted"
            " AND classid::bigint = $1 AND objid::bigint = $2 AND objsubid = 1)",
            key >> 32,
            key & 0xFFFFFFFF,
        )
        return bool(held)

    async def listen(self, channel: str, handler: Listener) -> None:
        self._listeners[channel] = handler
        async with self._lock:
            if self._conn is not None:
                await self._conn.add_listener(channel, self._dispatch)

    def _dispatch(
        self,
        conn: asyncpg.Connection[Any] | asyncpg.pool.PoolConnectionProxy[Any],
        pid: int,
        channel: str,
        payload: object,
    ) -> None:
        handler = self._listeners.get(channel)
        if handler is None:
            return
        task: asyncio.Task[None] = asyncio.ensure_future(self._handle(handler, channel, payload))
        self._background.add(task)
        task.add_done_callback(self._background.discard)

    @staticmethod
    async def _handle(handler: Listener, channel: str, payload: object) -> None:
        try:
            await handler(str(payload))
        except Exception:  # one bad message must not go unnoticed, nor stop the next
            log.exception("handling a notification on %s failed", channel)

    async def notify(self, channel: str, payload: str) -> None:
        await self._fetchval("SELECT pg_notify($1, $2)", channel, payload)

    async def identify_gate(self, shard_id: int, max_concurrency: int) -> None:
        key = _identify_key(shard_id, max_concurrency)
        # a connection of its own: the wait holds a transaction open, and the coordination
        # connection must stay free for claims and notifications meanwhile
        conn = await connect(self._url)
        try:
            async with conn.transaction():
                await conn.execute(
                    "SELECT pg_advisory_xact_lock($1)",
                    _IDENTIFY_SPACE | (shard_id % max(1, max_concurrency)),
                )
                while (wait := await _identify_wait(conn, key)) > 0:
                    await asyncio.sleep(wait)
                await conn.execute(
                    "INSERT INTO bot_state (key, value) VALUES ($1, $2"
                    " || ' ' || CAST(EXTRACT(EPOCH FROM clock_timestamp()) AS TEXT))"
                    " ON CONFLICT (key) DO UPDATE SET value = excluded.value",
                    key,
                    _pending(shard_id),
                )
        finally:
            await conn.close()

    async def identified(self, shard_id: int, max_concurrency: int) -> None:
        await self._fetchval(
            "UPDATE bot_state SET value = 'sent ' || CAST(EXTRACT(EPOCH FROM clock_timestamp())"
            " AS TEXT) WHERE key = $1 AND value LIKE $2",
            _identify_key(shard_id, max_concurrency),
            _pending(shard_id) + " %",
        )

    async def close(self) -> None:
        self._closing = True
        for task in (self._leader_task, self._reconnect_task):
            if task is not None:
                task.cancel()
                with contextlib.suppress(asyncio.CancelledError):
                    await task
        if self._background:
            await asyncio.wait(self._background, timeout=2)
        conn, self._conn = self._conn, None
        if conn is not None and not conn.is_closed():
            await conn.close()  # releases every claim and the leadership
