"""The virtual tables' event store: an append-only log per table plus its latest snapshot.

A table resumes after a restart from its snapshot (the engine's versioned JSON, which holds the
hands and the seed — secret, never shown to users) and the events logged after it.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from shangrao_bot.store.db import Database, fetch_in, now_iso
from shangrao_bot.store.errors import InvalidRecord, NotFound


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
    async with db.transaction() as conn:
        cur = await conn.execute(
            "INSERT INTO game_tables (guild_id, channel_id, thread_id, session_id, created_at,"
            " updated_at) VALUES (?, ?, ?, ?, ?, ?)",
            (guild_id, channel_id, thread_id, session_id, at, at),
        )
        assert cur.lastrowid is not None
        table_id = cur.lastrowid
    return await get_table(db, table_id)


async def get_table(db: Database, table_id: int) -> GameTable:
    row = await db.fetchone("SELECT * FROM game_tables WHERE id = ?", (table_id,))
    if row is None:
        raise NotFound(f"table #{table_id} does not exist")
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


async def append_events(
    db: Database, table_id: int, events: list[dict[str, Any]], snapshot: dict[str, Any] | None
) -> int:
    """Append events (and optionally replace the snapshot) atomically; returns the last seq."""
    async with db.transaction() as conn:
        rows = await fetch_in(conn, "SELECT status FROM game_tables WHERE id = ?", (table_id,))
        if not rows:
            raise NotFound(f"table #{table_id} does not exist")
        if rows[0]["status"] != "open":
            raise InvalidRecord(f"table #{table_id} is closed")
        last = await fetch_in(
            conn, "SELECT COALESCE(MAX(seq), 0) FROM game_events WHERE table_id = ?", (table_id,)
        )
        seq = int(last[0][0])
        at = now_iso()
        for e in events:
            seq += 1
            await conn.execute(
                "INSERT INTO game_events (table_id, seq, event, at) VALUES (?, ?, ?, ?)",
                (table_id, seq, json.dumps(e, ensure_ascii=False), at),
            )
        if snapshot is not None:
            await conn.execute(
                "UPDATE game_tables SET snapshot = ?, snapshot_seq = ?, updated_at = ?"
                " WHERE id = ?",
                (json.dumps(snapshot, ensure_ascii=False), seq, at, table_id),
            )
    return seq


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
    async with db.transaction() as conn:
        await conn.execute(
            "UPDATE game_tables SET status = 'closed', updated_at = ? WHERE id = ?",
            (now_iso(), table_id),
        )
