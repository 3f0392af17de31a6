"""The ledger: players, sessions, hands with their payments, confirmations, voids, settlement.

Every write is one transaction (:meth:`Database.transaction`): a hand, its seats and all its
payments land together or not at all, with its audit row. Hands are never deleted or changed in
place: a void keeps the hand (it stops counting) and an edit is a void plus a new record. A
repeated idempotency key (e.g. the Discord interaction id) returns the first record. Every
function takes the guild id and refuses ids from another guild (:class:`NotFound`), so one
guild's data never reaches another.
"""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Mapping, Sequence
from dataclasses import asdict, dataclass, field
from typing import Any

import aiosqlite

from shangrao_bot.store.db import Database, fetch_in, now_iso
from shangrao_bot.store.errors import InvalidRecord, NotFound
from shangrao_bot.store.settlement import minimum_transfers

REASONS = ("win", "minggang", "angang", "jiebao", "sigebao")
SEATS = 4


# --- records -----------------------------------------------------------------------------------


@dataclass(frozen=True)
class Player:
    id: int
    guild_id: int
    user_id: int | None
    guest_name: str | None
    display_name: str
    merged_into: int | None = None

    @property
    def is_guest(self) -> bool:
        return self.user_id is None


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


@dataclass(frozen=True)
class PaymentIn:
    """One payment of a hand, by seat (0-3)."""

    payer: int
    payee: int
    amount: int
    reason: str


@dataclass(frozen=True)
class HandIn:
    """A hand to record. ``deltas`` are the seats' net results as the scorer computed them;
    the ledger checks them against the payments and refuses anything not zero-sum."""

    outcome: str  # "win" | "draw" (流局)
    payments: tuple[PaymentIn, ...]
    deltas: tuple[int, ...]
    winners: tuple[int, ...] = ()
    self_draw: tuple[int, ...] = ()  # winners who won by 自摸 (杠开 included)
    flown: tuple[int, ...] = (0, 0, 0, 0)  # 宝 discarded per seat (飞宝)
    dealer_seat: int | None = None
    bao: str | None = None
    pattern: str | None = None
    detail: Mapping[str, Any] = field(default_factory=dict)  # interpretation, modifiers …


@dataclass(frozen=True)
class PaymentOut:
    payer: Player
    payee: Player
    amount: int
    reason: str


@dataclass(frozen=True)
class Hand:
    id: int
    guild_id: int
    session_id: int
    seq: int
    status: str  # pending | confirmed | voided
    outcome: str
    pattern: str | None
    dealer_seat: int | None
    bao: str | None
    winners: tuple[int, ...]
    deltas: tuple[int, ...]
    players: tuple[Player, ...]
    payments: tuple[PaymentOut, ...]
    detail: dict[str, Any]
    recorded_by: int
    created_at: str
    confirmed_at: str | None
    void_reason: str | None
    confirmations: tuple[int, ...]


@dataclass(frozen=True)
class TransferRow:
    id: int
    session_id: int
    payer: Player
    payee: Player
    amount: int
    paid_at: str | None
    paid_by: int | None


@dataclass(frozen=True)
class Settlement:
    session_id: int
    balances: dict[int, int]  # player id → net
    transfers: tuple[TransferRow, ...]


# --- helpers -----------------------------------------------------------------------------------


def _player(row: sqlite3.Row) -> Player:
    return Player(
        row["id"],
        row["guild_id"],
        row["user_id"],
        row["guest_name"],
        row["display_name"],
        row["merged_into"],
    )


async def _audit(
    conn: aiosqlite.Connection,
    guild_id: int,
    actor: int,
    action: str,
    entity: str,
    entity_id: int | None,
    before: Any = None,
    after: Any = None,
) -> None:
    await conn.execute(
        "INSERT INTO audit (guild_id, actor, action, entity, entity_id, before, after, at) "
        "VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
        (
            guild_id,
            actor,
            action,
            entity,
            entity_id,
            None if before is None else json.dumps(before, ensure_ascii=False),
            None if after is None else json.dumps(after, ensure_ascii=False),
            now_iso(),
        ),
    )


def _clean_name(name: str) -> str:
    cleaned = " ".join(name.split())
    if not cleaned:
        raise InvalidRecord("a guest needs a name: write it, e.g. Lao Wang")
    if len(cleaned) > 64:
        raise InvalidRecord(f"the name '{cleaned[:20]}…' is too long: use at most 64 characters")
    return cleaned


# --- players -----------------------------------------------------------------------------------


async def user_player(db: Database, guild_id: int, user_id: int, display_name: str) -> Player:
    """The guild's player for a Discord user, created on first use (name kept current)."""
    async with db.transaction() as conn:
        rows = await fetch_in(
            conn, "SELECT * FROM players WHERE guild_id = ? AND user_id = ?", (guild_id, user_id)
        )
        if rows:
            row = rows[0]
            if row["display_name"] != display_name:
                await conn.execute(
                    "UPDATE players SET display_name = ? WHERE id = ?", (display_name, row["id"])
                )
            return Player(row["id"], guild_id, user_id, None, display_name, row["merged_into"])
        cur = await conn.execute(
            "INSERT INTO players (guild_id, user_id, display_name, created_at) VALUES (?, ?, ?, ?)",
            (guild_id, user_id, display_name, now_iso()),
        )
        assert cur.lastrowid is not None
        return Player(cur.lastrowid, guild_id, user_id, None, display_name)


async def guest_player(db: Database, guild_id: int, name: str, actor: int = 0) -> Player:
    """A guest (no Discord account) by name or alias, created on first use. A guest merged
    into a user resolves to that user."""
    cleaned = _clean_name(name)
    async with db.transaction() as conn:
        rows = await fetch_in(
            conn,
            "SELECT p.* FROM players p WHERE p.guild_id = ? AND lower(p.guest_name) = lower(?) "
            "UNION SELECT p.* FROM players p JOIN player_aliases a ON a.player_id = p.id "
            "WHERE a.guild_id = ? AND lower(a.alias) = lower(?)",
            (guild_id, cleaned, guild_id, cleaned),
        )
        if rows:
            found = _player(rows[0])
            if found.merged_into is not None:
                target = await fetch_in(
                    conn, "SELECT * FROM players WHERE id = ?", (found.merged_into,)
                )
                return _player(target[0])
            return found
        cur = await conn.execute(
            "INSERT INTO players (guild_id, guest_name, display_name, created_at) "
            "VALUES (?, ?, ?, ?)",
            (guild_id, cleaned, cleaned, now_iso()),
        )
        assert cur.lastrowid is not None
        await _audit(conn, guild_id, actor, "create", "guest", cur.lastrowid, None, cleaned)
        return Player(cur.lastrowid, guild_id, None, cleaned, cleaned)


async def get_player(db: Database, guild_id: int, player_id: int) -> Player:
    row = await db.fetchone(
        "SELECT * FROM players WHERE id = ? AND guild_id = ?", (player_id, guild_id)
    )
    if row is None:
        raise NotFound(f"player #{player_id} does not exist in this server")
    return _player(row)


async def add_alias(db: Database, guild_id: int, player_id: int, alias: str, actor: int) -> None:
    """Another name that finds the same player (e.g. a nickname used at the table)."""
    cleaned = _clean_name(alias)
    await get_player(db, guild_id, player_id)
    async with db.transaction() as conn:
        taken = await fetch_in(
            conn,
            "SELECT player_id FROM player_aliases WHERE guild_id = ? AND lower(alias) = lower(?) "
            "UNION SELECT id FROM players WHERE guild_id = ? AND lower(guest_name) = lower(?)",
            (guild_id, cleaned, guild_id, cleaned),
        )
        if any(r[0] != player_id for r in taken):
            raise InvalidRecord(f"the name '{cleaned}' already belongs to another player")
        if not taken:
            await conn.execute(
                "INSERT INTO player_aliases (guild_id, alias, player_id) VALUES (?, ?, ?)",
                (guild_id, cleaned, player_id),
            )
            await _audit(conn, guild_id, actor, "alias", "player", player_id, None, cleaned)


async def merge_guest(
    db: Database, guild_id: int, guest_id: int, user_player_id: int, actor: int
) -> Player:
    """Link a guest's history to a Discord user: every seat, payment and transfer of the guest
    moves to the user; the guest row stays (marked merged) so its name still resolves."""
    guest = await get_player(db, guild_id, guest_id)
    user = await get_player(db, guild_id, user_player_id)
    if not guest.is_guest or guest.merged_into is not None:
        raise InvalidRecord(f"{guest.display_name} is not an unmerged guest")
    if user.is_guest:
        raise InvalidRecord(f"{user.display_name} is a guest: merge a guest into a Discord user")
    async with db.transaction() as conn:
        for table, column in (
            ("session_seats", "player_id"),
            ("hand_seats", "player_id"),
            ("payments", "payer_id"),
            ("payments", "payee_id"),
            ("transfers", "payer_id"),
            ("transfers", "payee_id"),
            ("player_aliases", "player_id"),
        ):
            await conn.execute(
                f"UPDATE {table} SET {column} = ? WHERE {column} = ?", (user.id, guest.id)
            )
        await conn.execute("UPDATE players SET merged_into = ? WHERE id = ?", (user.id, guest.id))
        await _audit(
            conn, guild_id, actor, "merge", "player", guest.id, asdict(guest), {"into": user.id}
        )
    return user


# --- sessions ----------------------------------------------------------------------------------


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
        raise InvalidRecord(f"session kind '{kind}' is not virtual or physical")
    if len(seat_players) != SEATS or len(set(seat_players)) != SEATS:
        raise InvalidRecord("a session needs four different players, one per seat")
    if stake < 1:
        raise InvalidRecord(f"stake {stake} is not allowed: use a whole number of 1 or more")
    for pid in seat_players:
        await get_player(db, guild_id, pid)
    async with db.transaction() as conn:
        cur = await conn.execute(
            "INSERT INTO sessions (guild_id, channel_id, kind, rules, stake, opened_by, opened_at) "
            "VALUES (?, ?, ?, ?, ?, ?, ?)",
            (guild_id, channel_id, kind, json.dumps(dict(rules)), stake, opened_by, now_iso()),
        )
        sid = cur.lastrowid
        assert sid is not None
        await conn.executemany(
            "INSERT INTO session_seats (session_id, seat, player_id) VALUES (?, ?, ?)",
            [(sid, s, p) for s, p in enumerate(seat_players)],
        )
        await _audit(conn, guild_id, opened_by, "open", "session", sid, None, list(seat_players))
    return await get_session(db, guild_id, sid)


async def get_session(db: Database, guild_id: int, session_id: int) -> SessionInfo:
    row = await db.fetchone(
        "SELECT * FROM sessions WHERE id = ? AND guild_id = ?", (session_id, guild_id)
    )
    if row is None:
        raise NotFound(f"session #{session_id} does not exist in this server")
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
        tuple(_player(r) for r in seats),
    )


async def list_sessions(
    db: Database, guild_id: int, status: str | None = None, channel_id: int | None = None
) -> list[SessionInfo]:
    sql = "SELECT id FROM sessions WHERE guild_id = ?"
    params: list[Any] = [guild_id]
    if status is not None:
        sql += " AND status = ?"
        params.append(status)
    if channel_id is not None:
        sql += " AND channel_id = ?"
        params.append(channel_id)
    rows = await db.fetchall(sql + " ORDER BY id DESC", params)
    return [await get_session(db, guild_id, r["id"]) for r in rows]


# --- hands -------------------------------------------------------------------------------------


def _check_hand(hand: HandIn) -> None:
    if hand.outcome not in ("win", "draw"):
        raise InvalidRecord(f"outcome '{hand.outcome}' is not win or draw")
    if len(hand.deltas) != SEATS or len(hand.flown) != SEATS:
        raise InvalidRecord("a hand has four seats: give four deltas and four 飞宝 counts")
    if sum(hand.deltas) != 0:
        raise InvalidRecord(f"payments must sum to zero; these deltas sum to {sum(hand.deltas)}")
    net = [0] * SEATS
    for p in hand.payments:
        if not (0 <= p.payer < SEATS and 0 <= p.payee < SEATS) or p.payer == p.payee:
            raise InvalidRecord(f"payment {p.payer}→{p.payee}: seats are 0-3 and different")
        if p.amount <= 0:
            raise InvalidRecord(f"payment {p.payer}→{p.payee} of {p.amount}: amounts are positive")
        if p.reason not in REASONS:
            raise InvalidRecord(f"payment reason '{p.reason}' is not one of {', '.join(REASONS)}")
        net[p.payer] -= p.amount
        net[p.payee] += p.amount
    if net != list(hand.deltas):
        raise InvalidRecord(f"the payments give {net}, not the deltas {list(hand.deltas)}")
    if any(not 0 <= w < SEATS for w in (*hand.winners, *hand.self_draw)):
        raise InvalidRecord("winner seats are 0-3")
    if hand.outcome == "win" and not hand.winners:
        raise InvalidRecord("a win needs its winner")
    if hand.outcome == "draw" and hand.winners:
        raise InvalidRecord("a 流局 has no winner")


async def record_hand(
    db: Database,
    guild_id: int,
    session_id: int,
    hand: HandIn,
    recorded_by: int,
    idempotency_key: str | None = None,
    confirmed: bool = False,
) -> Hand:
    """Record a hand (pending unless ``confirmed``) with its seats and payments, atomically.
    A key seen before in this guild returns the hand first recorded with it."""
    _check_hand(hand)
    async with db.transaction() as conn:
        seen = []
        if idempotency_key is not None:
            seen = await fetch_in(
                conn,
                "SELECT id FROM hands WHERE guild_id = ? AND idempotency_key = ?",
                (guild_id, idempotency_key),
            )
        if seen:
            hand_id = int(seen[0]["id"])
        else:
            hand_id = await _insert_hand(
                conn, guild_id, session_id, hand, recorded_by, idempotency_key, confirmed
            )
    return await get_hand(db, guild_id, hand_id)


async def _insert_hand(
    conn: aiosqlite.Connection,
    guild_id: int,
    session_id: int,
    hand: HandIn,
    recorded_by: int,
    idempotency_key: str | None,
    confirmed: bool,
) -> int:
    sess = await fetch_in(
        conn, "SELECT status FROM sessions WHERE id = ? AND guild_id = ?", (session_id, guild_id)
    )
    if not sess:
        raise NotFound(f"session #{session_id} does not exist in this server")
    if sess[0]["status"] != "open":
        raise InvalidRecord(f"session #{session_id} is closed: start a new session")
    seats = await fetch_in(
        conn,
        "SELECT seat, player_id FROM session_seats WHERE session_id = ? ORDER BY seat",
        (session_id,),
    )
    players = [r["player_id"] for r in seats]
    seq_row = await fetch_in(
        conn, "SELECT COALESCE(MAX(seq), 0) + 1 FROM hands WHERE session_id = ?", (session_id,)
    )
    seq = int(seq_row[0][0])
    at = now_iso()
    status = "confirmed" if confirmed else "pending"
    cur = await conn.execute(
        "INSERT INTO hands (guild_id, session_id, seq, dealer_seat, bao, outcome, pattern, detail,"
        " recorded_by, status, idempotency_key, created_at, confirmed_at)"
        " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
        (
            guild_id,
            session_id,
            seq,
            hand.dealer_seat,
            hand.bao,
            hand.outcome,
            hand.pattern,
            json.dumps({"winners": list(hand.winners), **dict(hand.detail)}, ensure_ascii=False),
            recorded_by,
            status,
            idempotency_key,
            at,
            at if confirmed else None,
        ),
    )
    hand_id = cur.lastrowid
    assert hand_id is not None
    await conn.executemany(
        "INSERT INTO hand_seats (hand_id, seat, player_id, guild_id, status, created_at, delta,"
        " won, self_draw, flown) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
        [
            (
                hand_id,
                s,
                players[s],
                guild_id,
                status,
                at,
                hand.deltas[s],
                int(s in hand.winners),
                int(s in hand.self_draw),
                hand.flown[s],
            )
            for s in range(SEATS)
        ],
    )
    await conn.executemany(
        "INSERT INTO payments (hand_id, payer_id, payee_id, amount, reason) VALUES (?, ?, ?, ?, ?)",
        [(hand_id, players[p.payer], players[p.payee], p.amount, p.reason) for p in hand.payments],
    )
    await _audit(
        conn,
        guild_id,
        recorded_by,
        "record",
        "hand",
        hand_id,
        None,
        {"session": session_id, "seq": seq, "status": status, "deltas": list(hand.deltas)},
    )
    return hand_id


async def get_hand(db: Database, guild_id: int, hand_id: int) -> Hand:
    row = await db.fetchone(
        "SELECT * FROM hands WHERE id = ? AND guild_id = ?", (hand_id, guild_id)
    )
    if row is None:
        raise NotFound(f"hand #{hand_id} does not exist in this server")
    return await _hand_from_row(db, row)


async def _hand_from_row(db: Database, row: sqlite3.Row) -> Hand:
    seats = await db.fetchall(
        "SELECT hs.delta, p.* FROM hand_seats hs JOIN players p ON p.id = hs.player_id "
        "WHERE hs.hand_id = ? ORDER BY hs.seat",
        (row["id"],),
    )
    players = {r["id"]: _player(r) for r in seats}
    pays = await db.fetchall(
        "SELECT payer_id, payee_id, amount, reason FROM payments WHERE hand_id = ? ORDER BY id",
        (row["id"],),
    )
    confirms = await db.fetchall(
        "SELECT user_id FROM confirmations WHERE hand_id = ? ORDER BY at, user_id", (row["id"],)
    )
    detail = json.loads(row["detail"])
    return Hand(
        id=row["id"],
        guild_id=row["guild_id"],
        session_id=row["session_id"],
        seq=row["seq"],
        status=row["status"],
        outcome=row["outcome"],
        pattern=row["pattern"],
        dealer_seat=row["dealer_seat"],
        bao=row["bao"],
        winners=tuple(detail.get("winners", ())),
        deltas=tuple(r["delta"] for r in seats),
        players=tuple(_player(r) for r in seats),
        payments=tuple(
            PaymentOut(players[p["payer_id"]], players[p["payee_id"]], p["amount"], p["reason"])
            for p in pays
        ),
        detail=detail,
        recorded_by=row["recorded_by"],
        created_at=row["created_at"],
        confirmed_at=row["confirmed_at"],
        void_reason=row["void_reason"],
        confirmations=tuple(r["user_id"] for r in confirms),
    )


async def _set_status(
    conn: aiosqlite.Connection, hand_id: int, status: str, reason: str | None = None
) -> None:
    at = now_iso()
    if status == "confirmed":
        await conn.execute(
            "UPDATE hands SET status = 'confirmed', confirmed_at = ? WHERE id = ?", (at, hand_id)
        )
    else:
        await conn.execute(
            "UPDATE hands SET status = ?, void_reason = ? WHERE id = ?", (status, reason, hand_id)
        )
    await conn.execute("UPDATE hand_seats SET status = ? WHERE hand_id = ?", (status, hand_id))


async def _locked_hand(conn: aiosqlite.Connection, guild_id: int, hand_id: int) -> sqlite3.Row:
    rows = await fetch_in(
        conn, "SELECT * FROM hands WHERE id = ? AND guild_id = ?", (hand_id, guild_id)
    )
    if not rows:
        raise NotFound(f"hand #{hand_id} does not exist in this server")
    return rows[0]


async def confirm_hand(
    db: Database, guild_id: int, hand_id: int, user_id: int, final: bool
) -> Hand:
    """Add ``user_id``'s confirmation; ``final`` (the caller decided enough people confirmed)
    makes the hand count. Confirming twice is harmless."""
    async with db.transaction() as conn:
        row = await _locked_hand(conn, guild_id, hand_id)
        if row["status"] == "voided":
            raise InvalidRecord(
                f"hand #{hand_id} was voided ({row['void_reason']}): record it again"
            )
        await conn.execute(
            "INSERT OR IGNORE INTO confirmations (hand_id, user_id, at) VALUES (?, ?, ?)",
            (hand_id, user_id, now_iso()),
        )
        if final and row["status"] == "pending":
            await _set_status(conn, hand_id, "confirmed")
            await _audit(
                conn, guild_id, user_id, "confirm", "hand", hand_id, "pending", "confirmed"
            )
    return await get_hand(db, guild_id, hand_id)


async def void_hand(db: Database, guild_id: int, hand_id: int, actor: int, reason: str) -> Hand:
    """The hand stays in the book but no longer counts; the audit keeps who, when and why."""
    reason = " ".join(reason.split())
    if not reason:
        raise InvalidRecord("say why the hand is voided (a reason is required)")
    async with db.transaction() as conn:
        row = await _locked_hand(conn, guild_id, hand_id)
        await _void_in(conn, guild_id, row, actor, reason)
    return await get_hand(db, guild_id, hand_id)


async def _void_in(
    conn: aiosqlite.Connection, guild_id: int, row: sqlite3.Row, actor: int, reason: str
) -> None:
    if row["status"] == "voided":
        raise InvalidRecord(f"hand #{row['id']} is already voided ({row['void_reason']})")
    sess = await fetch_in(conn, "SELECT status FROM sessions WHERE id = ?", (row["session_id"],))
    if sess[0]["status"] != "open":
        raise InvalidRecord(f"hand #{row['id']} belongs to a closed session: it cannot change")
    await _set_status(conn, row["id"], "voided", reason)
    await _audit(
        conn,
        guild_id,
        actor,
        "void",
        "hand",
        row["id"],
        {"status": row["status"]},
        {"status": "voided", "reason": reason},
    )


async def edit_hand(
    db: Database,
    guild_id: int,
    hand_id: int,
    actor: int,
    new: HandIn,
    reason: str,
    confirmed: bool = False,
) -> Hand:
    """Correct a hand: void it and record the corrected one, in one transaction."""
    _check_hand(new)
    reason = " ".join(reason.split()) or "edited"
    async with db.transaction() as conn:
        row = await _locked_hand(conn, guild_id, hand_id)
        await _void_in(conn, guild_id, row, actor, f"edited: {reason}")
        new_id = await _insert_hand(conn, guild_id, row["session_id"], new, actor, None, confirmed)
    return await get_hand(db, guild_id, new_id)


async def undo_last_hand(
    db: Database, guild_id: int, session_id: int, actor: int, reason: str
) -> Hand:
    """Void the session's latest hand that still counts (or waits for confirmation)."""
    reason = " ".join(reason.split())
    if not reason:
        raise InvalidRecord("say why the hand is undone (a reason is required)")
    async with db.transaction() as conn:
        rows = await fetch_in(
            conn,
            "SELECT * FROM hands WHERE session_id = ? AND guild_id = ? AND status != 'voided' "
            "ORDER BY seq DESC LIMIT 1",
            (session_id, guild_id),
        )
        if not rows:
            raise NotFound(f"session #{session_id} has no hand to undo")
        await _void_in(conn, guild_id, rows[0], actor, f"undo: {reason}")
        hand_id = rows[0]["id"]
    return await get_hand(db, guild_id, hand_id)


async def expire_pending(db: Database, guild_id: int, before_iso: str, actor: int = 0) -> int:
    """Void pending hands recorded before ``before_iso`` (never confirmed in time)."""
    async with db.transaction() as conn:
        rows = await fetch_in(
            conn,
            "SELECT h.* FROM hands h JOIN sessions s ON s.id = h.session_id WHERE h.guild_id = ?"
            " AND h.status = 'pending' AND h.created_at < ? AND s.status = 'open'",
            (guild_id, before_iso),
        )
        for row in rows:
            await _void_in(conn, guild_id, row, actor, "expired: not confirmed in time")
    return len(rows)


# --- settlement --------------------------------------------------------------------------------


async def session_balances(db: Database, guild_id: int, session_id: int) -> dict[int, int]:
    """Net of the confirmed hands per seated player (player id → amount)."""
    info = await get_session(db, guild_id, session_id)
    rows = await db.fetchall(
        "SELECT hs.player_id, SUM(hs.delta) FROM hand_seats hs JOIN hands h ON h.id = hs.hand_id"
        " WHERE h.session_id = ? AND hs.status = 'confirmed' GROUP BY hs.player_id",
        (session_id,),
    )
    out = {p.id: 0 for p in info.seats}
    for r in rows:
        out[r[0]] = int(r[1])
    return out


async def close_session(db: Database, guild_id: int, session_id: int, actor: int) -> Settlement:
    """Close the session and store the fewest transfers that clear it (see settlement.py).
    Pending hands must be confirmed or voided first."""
    info = await get_session(db, guild_id, session_id)
    if info.status != "open":
        raise InvalidRecord(f"session #{session_id} is already closed")
    balances = await session_balances(db, guild_id, session_id)
    async with db.transaction() as conn:
        pending = await fetch_in(
            conn,
            "SELECT COUNT(*) FROM hands WHERE session_id = ? AND status = 'pending'",
            (session_id,),
        )
        if pending[0][0]:
            raise InvalidRecord(
                f"{pending[0][0]} hand(s) of session #{session_id} still wait for confirmation:"
                " confirm or void them first"
            )
        await conn.execute(
            "UPDATE sessions SET status = 'closed', closed_at = ? WHERE id = ?",
            (now_iso(), session_id),
        )
        for t in minimum_transfers(balances):
            await conn.execute(
                "INSERT INTO transfers (session_id, payer_id, payee_id, amount)"
                " VALUES (?, ?, ?, ?)",
                (session_id, t.payer, t.payee, t.amount),
            )
        await _audit(conn, guild_id, actor, "close", "session", session_id, "open", balances)
    return Settlement(session_id, balances, tuple(await list_transfers(db, guild_id, session_id)))


async def list_transfers(db: Database, guild_id: int, session_id: int) -> list[TransferRow]:
    await get_session(db, guild_id, session_id)
    rows = await db.fetchall(
        "SELECT * FROM transfers WHERE session_id = ? ORDER BY id", (session_id,)
    )
    out = []
    for r in rows:
        out.append(
            TransferRow(
                r["id"],
                session_id,
                await get_player(db, guild_id, r["payer_id"]),
                await get_player(db, guild_id, r["payee_id"]),
                r["amount"],
                r["paid_at"],
                r["paid_by"],
            )
        )
    return out


async def mark_paid(db: Database, guild_id: int, transfer_id: int, actor: int) -> TransferRow:
    """Record that a settlement transfer was paid (once; the second press says so)."""
    async with db.transaction() as conn:
        rows = await fetch_in(
            conn,
            "SELECT t.* FROM transfers t JOIN sessions s ON s.id = t.session_id "
            "WHERE t.id = ? AND s.guild_id = ?",
            (transfer_id, guild_id),
        )
        if not rows:
            raise NotFound(f"transfer #{transfer_id} does not exist in this server")
        if rows[0]["paid_at"] is not None:
            raise InvalidRecord(f"transfer #{transfer_id} is already marked paid")
        await conn.execute(
            "UPDATE transfers SET paid_at = ?, paid_by = ? WHERE id = ?",
            (now_iso(), actor, transfer_id),
        )
        await _audit(conn, guild_id, actor, "paid", "transfer", transfer_id, None, "paid")
        session_id = rows[0]["session_id"]
    return next(t for t in await list_transfers(db, guild_id, session_id) if t.id == transfer_id)


async def audit_trail(db: Database, guild_id: int, limit: int = 100) -> list[dict[str, Any]]:
    rows = await db.fetchall(
        "SELECT * FROM audit WHERE guild_id = ? ORDER BY id DESC LIMIT ?", (guild_id, limit)
    )
    return [dict(r) for r in rows]
