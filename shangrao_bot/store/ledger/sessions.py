"""Sessions: a sitting of four seated players under one rule set and stake."""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from shangrao_bot.store.database.interface import Database, now_iso
from shangrao_bot.store.database.transactions import Tx
from shangrao_bot.store.errors import InvalidRecord, NotFound, UniqueViolation
from shangrao_bot.store.ledger.audit import record_audit
from shangrao_bot.store.ledger.players import Player, get_player, player_from_row

SEATS = 4


@dataclass(frozen=True)
class SessionInfo:
    id: int
    guild_id: int
    channel_id: int
    kind: str
    rules: dict[str, Any]
    stake: int
    status: str
    opened_by: int
    opened_at: str
    closed_at: str | None
    seats: tuple[Player, ...]
    board_channel_id: int | None = None  # the live scoreboard message, once posted
    board_message_id: int | None = None


async def open_session(
    db: Database,
    guild_id: int,
    channel_id: int,
    kind: str,
    rules: Mapping[str, Any],
    stake: int,
    opened_by: int,
    seat_players: Sequence[int],
) -> SessionInfo:
    """A new open session with four seats (player ids, seat 0 first)."""
    if kind not in ("virtual", "physical"):
        raise InvalidRecord("store.session.bad_kind", kind=kind)
    if len(seat_players) != SEATS or len(set(seat_players)) != SEATS:
        raise InvalidRecord("store.session.four_players")
    if stake < 1:
        raise InvalidRecord("store.session.bad_stake", stake=stake)
    for pid in seat_players:
        await get_player(db, guild_id, pid)
    opened_at = now_iso()

    async def insert(tx: Tx) -> int:
        try:
            sid = await tx.insert(
                "INSERT INTO sessions (guild_id, channel_id, kind, rules, stake, opened_by,"
                " opened_at) VALUES (?, ?, ?, ?, ?, ?, ?)",
                (guild_id, channel_id, kind, json.dumps(dict(rules)), stake, opened_by, opened_at),
            )
        except UniqueViolation:  # the unique index of migration 5
            raise InvalidRecord("store.session.channel_busy") from None
        await tx.executemany(
            "INSERT INTO session_seats (session_id, seat, player_id) VALUES (?, ?, ?)",
            [(sid, s, p) for s, p in enumerate(seat_players)],
        )
        await record_audit(
            tx, guild_id, opened_by, "open", "session", sid, None, list(seat_players)
        )
        return sid

    sid = await db.write(insert)
    return await get_session(db, guild_id, sid)


async def get_session(db: Database, guild_id: int, session_id: int) -> SessionInfo:
    row = await db.fetchone(
        "SELECT * FROM sessions WHERE id = ? AND guild_id = ?", (session_id, guild_id)
    )
    if row is None:
        raise NotFound("store.session.not_found", session=session_id)
    seats = await db.fetchall(
        "SELECT p.* FROM session_seats s JOIN players p ON p.id = s.player_id "
        "WHERE s.session_id = ? ORDER BY s.seat",
        (session_id,),
    )
    return SessionInfo(
        row["id"],
        row["guild_id"],
        row["channel_id"],
        row["kind"],
        json.loads(row["rules"]),
        row["stake"],
        row["status"],
        row["opened_by"],
        row["opened_at"],
        row["closed_at"],
        tuple(player_from_row(r) for r in seats),
        row["board_channel_id"],
        row["board_message_id"],
    )


async def session_version(db: Database, session_id: int) -> int:
    """The version of what the session's messages show (migration 12): every commit that
    changes any of it leaves a greater one; 0 before the first."""
    row = await db.fetchone(
        "SELECT version FROM session_versions WHERE session_id = ?", (session_id,)
    )
    return 0 if row is None else int(row["version"])


async def set_board_message(
    db: Database, guild_id: int, session_id: int, channel_id: int, message_id: int
) -> None:
    """Remember where the session's live scoreboard is, to edit it after each hand."""

    async def update(tx: Tx) -> None:
        await tx.execute(
            "UPDATE sessions SET board_channel_id = ?, board_message_id = ?"
            " WHERE id = ? AND guild_id = ?",
            (channel_id, message_id, session_id, guild_id),
        )

    await db.write(update)


async def list_sessions(
    db: Database,
    guild_id: int,
    status: str | None = None,
    channel_id: int | None = None,
    limit: int | None = None,
) -> list[SessionInfo]:
    """The guild's sessions, newest first (at most ``limit``)."""
    sql = "SELECT id FROM sessions WHERE guild_id = ?"
    params: list[Any] = [guild_id]
    if status is not None:
        sql += " AND status = ?"
        params.append(status)
    if channel_id is not None:
        sql += " AND channel_id = ?"
        params.append(channel_id)
    sql += " ORDER BY id DESC"
    if limit is not None:
        sql += " LIMIT ?"
        params.append(limit)
    rows = await db.fetchall(sql, params)
    return [await get_session(db, guild_id, r["id"]) for r in rows]
