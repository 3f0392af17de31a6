"""The virtual tables' event store: an append-only log per table plus its latest snapshot.

Every save of a table appends its new events and replaces its snapshot in one write (the table
service's saved form, :mod:`~shangrao_bot.service.snapshot`: lobby, runtime and the engine
session's versioned JSON, which holds the hands and the seeds — secret, never shown to users),
so the snapshot always stands at the log's last event (``snapshot_seq``). A table resumes after
a restart from its snapshot alone (:meth:`~shangrao_bot.service.tables.TableService.resume_all`
reads :func:`open_tables`); the log is read back only to replay a finished hand
(:mod:`~shangrao_bot.service.replay`), and its last sequence number guards against a second
writer (:class:`~.errors.LogMovedOn`).
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

import orjson

from shangrao_bot.store.database.interface import Database, now_iso
from shangrao_bot.store.database.transactions import Tx
from shangrao_bot.store.errors import InvalidRecord, LogMovedOn, NotFound


@dataclass(frozen=True)
class GameTable:
    id: int
    guild_id: int
    channel_id: int
    thread_id: int | None
    session_id: int | None
    status: str
    snapshot: dict[str, Any] | None
    snapshot_seq: int


async def create_table(
    db: Database,
    guild_id: int,
    channel_id: int,
    thread_id: int | None = None,
    session_id: int | None = None,
) -> GameTable:
    at = now_iso()

    async def insert(tx: Tx) -> int:
        return await tx.insert(
            "INSERT INTO game_tables (guild_id, channel_id, thread_id, session_id, created_at,"
            " updated_at) VALUES (?, ?, ?, ?, ?, ?)",
            (guild_id, channel_id, thread_id, session_id, at, at),
        )

    table_id = await db.write(insert)
    return await get_table(db, table_id)


async def get_table(db: Database, table_id: int) -> GameTable:
    row = await db.fetchone("SELECT * FROM game_tables WHERE id = ?", (table_id,))
    if row is None:
        raise NotFound("store.table.not_found", table=table_id)
    return GameTable(
        row["id"],
        row["guild_id"],
        row["channel_id"],
        row["thread_id"],
        row["session_id"],
        row["status"],
        json.loads(row["snapshot"]) if row["snapshot"] else None,
        row["snapshot_seq"],
    )


async def open_table_guild(db: Database, table_id: int) -> int | None:
    """The guild of table ``table_id`` while it is open (None: no such open table) — which
    process runs it, without reading its snapshot."""
    row = await db.fetchone(
        "SELECT guild_id FROM game_tables WHERE id = ? AND status = 'open'", (table_id,)
    )
    return None if row is None else int(row["guild_id"])


def _json_text(value: object) -> str:
    """``value`` as JSON text (UTF-8 kept, as ``json.dumps(..., ensure_ascii=False)``; keys
    that are not strings written as strings, as :mod:`json` does)."""
    return orjson.dumps(value, option=orjson.OPT_NON_STR_KEYS).decode()


def snapshot_text(snapshot: dict[str, Any]) -> str:
    """A table's snapshot as the JSON text :func:`append_events` stores (callers that keep
    the saved state keep this text: one string, where the dict is hundreds of small lists
    for the garbage collector to walk)."""
    return _json_text(snapshot)


async def append_events(
    db: Database,
    table_id: int,
    events: list[dict[str, Any]],
    snapshot: dict[str, Any] | str | None,
    after_seq: int | None = None,
) -> int:
    """Append events (and optionally replace the snapshot: a dict, or its
    :func:`snapshot_text`) atomically; returns the last seq.

    ``after_seq``: the last event the writer knows of. When the log holds more, another
    process has written this table meanwhile, and the write is refused whole
    (:class:`LogMovedOn`): a table has one writer, and its log never interleaves two. (The log's
    key, the table and sequence number, refuses two writers of one number in any case.)

    One call on the writer thread (a coroutine that never suspends there), committed together
    with the other tables' saves queued at the same moment (group commit, :meth:`Database.write`
    with ``batch``): a move's save then costs a share of one commit. The JSON is encoded here,
    before the write, so the writer thread only runs SQL and an event that cannot be encoded
    never reaches the database. orjson, not :mod:`json`: a busy bot saves a move every few
    milliseconds, and a snapshot took a tenth of a millisecond or more to encode."""
    encoded = [_json_text(e) for e in events]
    state = snapshot if snapshot is None or isinstance(snapshot, str) else _json_text(snapshot)
    at = now_iso()

    async def append(tx: Tx) -> int:
        row = await tx.fetchone("SELECT status FROM game_tables WHERE id = ?", (table_id,))
        if row is None:
            raise NotFound("store.table.not_found", table=table_id)
        if row["status"] != "open":
            raise InvalidRecord("store.table.closed", table=table_id)
        last = await tx.fetchval(
            "SELECT COALESCE(MAX(seq), 0) FROM game_events WHERE table_id = ?", (table_id,)
        )
        if after_seq is not None and int(last) != after_seq:
            raise LogMovedOn(
                "store.table.log_moved_on", table=table_id, last=int(last), expected=after_seq
            )
        first = int(last) + 1
        await tx.executemany(
            "INSERT INTO game_events (table_id, seq, event, at) VALUES (?, ?, ?, ?)",
            [(table_id, first + i, e, at) for i, e in enumerate(encoded)],
        )
        seq = first + len(encoded) - 1
        if state is not None:
            await tx.execute(
                "UPDATE game_tables SET snapshot = ?, snapshot_seq = ?, updated_at = ?"
                " WHERE id = ?",
                (state, seq, at, table_id),
            )
        return seq

    return await db.write(append, batch=True)


async def load_events(db: Database, table_id: int, after_seq: int = 0) -> list[dict[str, Any]]:
    rows = await db.fetchall(
        "SELECT event FROM game_events WHERE table_id = ? AND seq > ? ORDER BY seq",
        (table_id, after_seq),
    )
    return [json.loads(r["event"]) for r in rows]


@dataclass(frozen=True)
class TableListing:
    """What a guild may list about its open tables (no snapshot: that is secret)."""

    id: int
    channel_id: int
    thread_id: int | None


async def list_tables(db: Database, guild_id: int) -> list[TableListing]:
    """The guild's open tables, for ``/table list``."""
    rows = await db.fetchall(
        "SELECT id, channel_id, thread_id FROM game_tables WHERE guild_id = ? AND status = 'open'"
        " ORDER BY id",
        (guild_id,),
    )
    return [TableListing(r["id"], r["channel_id"], r["thread_id"]) for r in rows]


async def open_tables(db: Database) -> list[GameTable]:
    """Every guild's open tables, with their secret snapshots: for resuming at start-up only,
    never for showing to a guild (use :func:`list_tables`)."""
    rows = await db.fetchall("SELECT id FROM game_tables WHERE status = 'open' ORDER BY id")
    return [await get_table(db, r["id"]) for r in rows]


async def close_table(db: Database, table_id: int) -> None:
    at = now_iso()

    async def close(tx: Tx) -> None:
        await tx.execute(
            "UPDATE game_tables SET status = 'closed', updated_at = ? WHERE id = ?",
            (at, table_id),
        )

    await db.write(close)
