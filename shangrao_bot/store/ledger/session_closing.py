"""Closing a session: balances of its confirmed hands, the fewest transfers that clear them
(:mod:`~shangrao_bot.fewest_transfers`), and marking each transfer paid."""

from __future__ import annotations

from dataclasses import dataclass

from shangrao_bot.fewest_transfers import minimum_transfers
from shangrao_bot.store.database.interface import Database, now_iso
from shangrao_bot.store.database.transactions import Tx
from shangrao_bot.store.errors import InvalidRecord, NotFound
from shangrao_bot.store.ledger.audit import record_audit
from shangrao_bot.store.ledger.players import Player, get_player
from shangrao_bot.store.ledger.sessions import get_session


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


_BALANCES_SQL = (
    "SELECT hs.player_id, SUM(hs.delta) FROM hand_seats hs JOIN hands h ON h.id = hs.hand_id"
    " WHERE h.session_id = ? AND hs.status = 'confirmed' GROUP BY hs.player_id"
)


async def session_balances(db: Database, guild_id: int, session_id: int) -> dict[int, int]:
    """Net of the confirmed hands per seated player (player id → amount)."""
    info = await get_session(db, guild_id, session_id)
    out = {p.id: 0 for p in info.seats}
    for r in await db.fetchall(_BALANCES_SQL, (session_id,)):
        out[r[0]] = int(r[1])
    return out


async def close_session(db: Database, guild_id: int, session_id: int, actor: int) -> Settlement:
    """Close the session and store the fewest transfers that clear it (see
    :mod:`shangrao_bot.fewest_transfers`). Pending hands must be confirmed or voided first."""
    info = await get_session(db, guild_id, session_id)  # NotFound for another guild's id
    at = now_iso()

    async def close(tx: Tx) -> dict[int, int]:
        # everything is read again inside the write transaction: a concurrent close or void
        # cannot slip in between the balances and the transfers
        status = await tx.fetchval(
            "SELECT status FROM sessions WHERE id = ? AND guild_id = ?",
            (session_id, guild_id),
        )
        if status != "open":
            raise InvalidRecord("store.session.already_closed", session=session_id)
        pending = await tx.fetchval(
            "SELECT COUNT(*) FROM hands WHERE session_id = ? AND status = 'pending'",
            (session_id,),
        )
        if pending:
            raise InvalidRecord(
                "store.session.pending_hands", count=int(pending), session=session_id
            )
        balances = {p.id: 0 for p in info.seats}
        for r in await tx.fetch(_BALANCES_SQL, (session_id,)):
            balances[r[0]] = int(r[1])
        await tx.execute(
            "UPDATE sessions SET status = 'closed', closed_at = ? WHERE id = ?", (at, session_id)
        )
        await tx.executemany(
            "INSERT INTO transfers (session_id, payer_id, payee_id, amount) VALUES (?, ?, ?, ?)",
            [(session_id, t.payer, t.payee, t.amount) for t in minimum_transfers(balances)],
        )
        await record_audit(tx, guild_id, actor, "close", "session", session_id, "open", balances)
        return balances

    balances = await db.write(close)
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
    at = now_iso()

    async def mark(tx: Tx) -> int:
        row = await tx.fetchone(
            "SELECT t.* FROM transfers t JOIN sessions s ON s.id = t.session_id "
            "WHERE t.id = ? AND s.guild_id = ?",
            (transfer_id, guild_id),
        )
        if row is None:
            raise NotFound("store.transfer.not_found", transfer=transfer_id)
        if row["paid_at"] is not None:
            raise InvalidRecord("store.transfer.already_paid", transfer=transfer_id)
        await tx.execute(
            "UPDATE transfers SET paid_at = ?, paid_by = ? WHERE id = ?", (at, actor, transfer_id)
        )
        await record_audit(tx, guild_id, actor, "paid", "transfer", transfer_id, None, "paid")
        return int(row["session_id"])

    session_id = await db.write(mark)
    return next(t for t in await list_transfers(db, guild_id, session_id) if t.id == transfer_id)
