"""Hands: record (pending or confirmed) with seats and payments in one transaction, confirm, void,
edit (void + re-record), undo, expire. Hands are never deleted or changed in place."""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from shangrao_bot.store.database.interface import Database, now_iso
from shangrao_bot.store.database.transactions import Row, Tx
from shangrao_bot.store.errors import InvalidRecord, NotFound
from shangrao_bot.store.ledger.audit import record_audit
from shangrao_bot.store.ledger.players import Player, player_from_row

REASONS = ("win", "minggang", "angang", "jiebao", "sigebao")
SEATS = 4


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
    message_channel_id: int | None = None  # the confirmation prompt, once posted
    message_id: int | None = None


def _check_hand(hand: HandIn) -> None:
    if hand.outcome not in ("win", "draw"):
        raise InvalidRecord("store.hand.bad_outcome", outcome=hand.outcome)
    if len(hand.deltas) != SEATS or len(hand.flown) != SEATS:
        raise InvalidRecord("store.hand.four_seats")
    if sum(hand.deltas) != 0:
        raise InvalidRecord("store.hand.not_zero_sum", total=sum(hand.deltas))
    net = [0] * SEATS
    for p in hand.payments:
        if not (0 <= p.payer < SEATS and 0 <= p.payee < SEATS) or p.payer == p.payee:
            raise InvalidRecord("store.hand.payment_seats", payer=p.payer, payee=p.payee)
        if p.amount <= 0:
            raise InvalidRecord(
                "store.hand.payment_amount", payer=p.payer, payee=p.payee, amount=p.amount
            )
        if p.reason not in REASONS:
            raise InvalidRecord("store.hand.payment_reason", reason=p.reason, reasons=REASONS)
        net[p.payer] -= p.amount
        net[p.payee] += p.amount
    if net != list(hand.deltas):
        raise InvalidRecord("store.hand.payments_deltas", net=net, deltas=list(hand.deltas))
    if any(not 0 <= w < SEATS for w in (*hand.winners, *hand.self_draw)):
        raise InvalidRecord("store.hand.winner_seats")
    if hand.outcome == "win" and not hand.winners:
        raise InvalidRecord("store.hand.win_needs_winner")
    if hand.outcome == "draw" and hand.winners:
        raise InvalidRecord("store.hand.draw_has_winner")


async def record_hand(
    db: Database,
    guild_id: int,
    session_id: int,
    hand: HandIn,
    recorded_by: int,
    idempotency_key: str | None = None,
    confirmed: bool = False,
    content_key: str | None = None,
    dedupe_since: str | None = None,
) -> Hand:
    """Record a hand (pending unless ``confirmed``) with its seats and payments, atomically.
    A key seen before in this guild returns the hand first recorded with it; so does the same
    ``content_key`` in this session since ``dedupe_since`` — a double submit, or two players
    recording the same hand at once — unless that hand was voided since."""
    _check_hand(hand)

    async def record(tx: Tx) -> int:
        seen: list[Row] = []
        if idempotency_key is not None:
            seen = await tx.fetch(
                "SELECT id FROM hands WHERE guild_id = ? AND idempotency_key = ?",
                (guild_id, idempotency_key),
            )
        if not seen and content_key is not None and dedupe_since is not None:
            seen = await tx.fetch(
                "SELECT id FROM hands WHERE session_id = ? AND guild_id = ? AND content_key = ?"
                " AND created_at >= ? AND status != 'voided' ORDER BY id LIMIT 1",
                (session_id, guild_id, content_key, dedupe_since),
            )
        if seen:
            hand_id = int(seen[0]["id"])
        else:
            hand_id = await _insert_hand(
                tx, guild_id, session_id, hand, recorded_by, idempotency_key, confirmed
            )
            if content_key is not None:
                await tx.execute(
                    "UPDATE hands SET content_key = ? WHERE id = ?", (content_key, hand_id)
                )
        return hand_id

    hand_id = await db.write(record)
    return await get_hand(db, guild_id, hand_id)


async def set_hand_message(
    db: Database, guild_id: int, hand_id: int, channel_id: int, message_id: int
) -> None:
    """Remember where the hand's confirmation prompt is (to close it when the hand is settled
    or expires, even after a restart)."""

    async def update(tx: Tx) -> None:
        await tx.execute(
            "UPDATE hands SET message_channel_id = ?, message_id = ? WHERE id = ? AND guild_id = ?",
            (channel_id, message_id, hand_id, guild_id),
        )

    await db.write(update)


async def pending_hands(
    db: Database, created_before: str | None = None, session_id: int | None = None
) -> list[Hand]:
    """Hands of every guild still waiting for confirmation in an open session (those recorded
    before ``created_before`` only, those of ``session_id`` only, when given), oldest first."""
    sql = (
        "SELECT h.* FROM hands h JOIN sessions s ON s.id = h.session_id"
        " WHERE h.status = 'pending' AND s.status = 'open'"
    )
    params: list[Any] = []
    if created_before is not None:
        sql += " AND h.created_at < ?"
        params.append(created_before)
    if session_id is not None:
        sql += " AND h.session_id = ?"
        params.append(session_id)
    rows = await db.fetchall(sql + " ORDER BY h.id", params)
    return [await hand_from_row(db, r) for r in rows]


async def _insert_hand(
    tx: Tx,
    guild_id: int,
    session_id: int,
    hand: HandIn,
    recorded_by: int,
    idempotency_key: str | None,
    confirmed: bool,
    seq: int | None = None,
) -> int:
    """Insert a hand; ``seq`` None = the session's next number (an edit keeps the old one)."""
    sess = await tx.fetchone(
        "SELECT status FROM sessions WHERE id = ? AND guild_id = ?", (session_id, guild_id)
    )
    if sess is None:
        raise NotFound("store.session.not_found", session=session_id)
    if sess["status"] != "open":
        raise InvalidRecord("store.session.closed", session=session_id)
    seats = await tx.fetch(
        "SELECT seat, player_id FROM session_seats WHERE session_id = ? ORDER BY seat",
        (session_id,),
    )
    players = [r["player_id"] for r in seats]
    if seq is None:
        seq = int(
            await tx.fetchval(
                "SELECT COALESCE(MAX(seq), 0) + 1 FROM hands WHERE session_id = ?", (session_id,)
            )
        )
    at = now_iso()
    status = "confirmed" if confirmed else "pending"
    hand_id = await tx.insert(
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
    await tx.executemany(
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
    await tx.executemany(
        "INSERT INTO payments (hand_id, payer_id, payee_id, amount, reason) VALUES (?, ?, ?, ?, ?)",
        [(hand_id, players[p.payer], players[p.payee], p.amount, p.reason) for p in hand.payments],
    )
    await record_audit(
        tx,
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
        raise NotFound("store.hand.not_found", hand=hand_id)
    return await hand_from_row(db, row)


async def hand_from_row(db: Database, row: Row) -> Hand:
    seats = await db.fetchall(
        "SELECT hs.delta, p.* FROM hand_seats hs JOIN players p ON p.id = hs.player_id "
        "WHERE hs.hand_id = ? ORDER BY hs.seat",
        (row["id"],),
    )
    players = {r["id"]: player_from_row(r) for r in seats}
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
        players=tuple(player_from_row(r) for r in seats),
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
        message_channel_id=row["message_channel_id"],
        message_id=row["message_id"],
    )


async def _set_status(tx: Tx, hand_id: int, status: str, reason: str | None = None) -> None:
    at = now_iso()
    if status == "confirmed":
        await tx.execute(
            "UPDATE hands SET status = 'confirmed', confirmed_at = ? WHERE id = ?", (at, hand_id)
        )
    else:
        await tx.execute(
            "UPDATE hands SET status = ?, void_reason = ? WHERE id = ?", (status, reason, hand_id)
        )
    await tx.execute("UPDATE hand_seats SET status = ? WHERE hand_id = ?", (status, hand_id))


async def _locked_hand(tx: Tx, guild_id: int, hand_id: int) -> Row:
    row = await tx.fetchone(
        "SELECT * FROM hands WHERE id = ? AND guild_id = ?", (hand_id, guild_id)
    )
    if row is None:
        raise NotFound("store.hand.not_found", hand=hand_id)
    return row


@dataclass(frozen=True)
class Quorum:
    """Who must confirm a pending hand: ``wanted`` of the ``others`` (seated members other
    than the recorder), or the recorder alone when no other member sits."""

    others: frozenset[int]
    wanted: int
    recorder: int

    def missing(self, confirmations: Iterable[int]) -> int:
        """Confirmations still needed after ``confirmations`` (user ids)."""
        given = set(confirmations)
        if not self.others:
            return 0 if self.recorder in given else 1
        return max(0, min(self.wanted, len(self.others)) - len(self.others & given))


async def confirm_hand(
    db: Database,
    guild_id: int,
    hand_id: int,
    user_id: int,
    final: bool,
    quorum: Quorum | None = None,
) -> Hand:
    """Add ``user_id``'s confirmation. The hand counts when ``final`` (an official confirmed)
    or when the confirmations meet ``quorum`` — decided inside the write transaction, so two
    people confirming at the same moment cannot both see one confirmation too few. Confirming
    twice is harmless."""

    async def confirm(tx: Tx) -> None:
        final_ = final
        row = await _locked_hand(tx, guild_id, hand_id)
        if row["status"] == "voided":
            raise InvalidRecord("store.hand.voided", hand=hand_id, reason=row["void_reason"])
        await tx.execute(
            "INSERT INTO confirmations (hand_id, user_id, at) VALUES (?, ?, ?)"
            " ON CONFLICT (hand_id, user_id) DO NOTHING",
            (hand_id, user_id, now_iso()),
        )
        if quorum is not None and not final_:
            given = await tx.fetch(
                "SELECT user_id FROM confirmations WHERE hand_id = ?", (hand_id,)
            )
            final_ = quorum.missing(int(r[0]) for r in given) == 0
        if final_ and row["status"] == "pending":
            await _set_status(tx, hand_id, "confirmed")
            await record_audit(
                tx, guild_id, user_id, "confirm", "hand", hand_id, "pending", "confirmed"
            )

    await db.write(confirm)
    return await get_hand(db, guild_id, hand_id)


async def void_hand(
    db: Database,
    guild_id: int,
    hand_id: int,
    actor: int,
    reason: str,
    only_pending: bool = False,
) -> Hand:
    """The hand stays in the book but no longer counts; the audit keeps who, when and why.
    ``only_pending``: refuse a hand confirmed meanwhile (a cancelled or expired preview must
    never void a hand that counts) — checked inside the transaction."""
    reason = " ".join(reason.split())
    if not reason:
        raise InvalidRecord("store.hand.void_needs_reason")

    async def void(tx: Tx) -> None:
        row = await _locked_hand(tx, guild_id, hand_id)
        if only_pending and row["status"] == "confirmed":
            raise InvalidRecord("store.hand.confirmed_meanwhile", hand=hand_id)
        await _void_in(tx, guild_id, row, actor, reason)

    await db.write(void)
    return await get_hand(db, guild_id, hand_id)


async def _void_in(tx: Tx, guild_id: int, row: Row, actor: int, reason: str) -> None:
    if row["status"] == "voided":
        raise InvalidRecord("store.hand.already_voided", hand=row["id"], reason=row["void_reason"])
    status = await tx.fetchval("SELECT status FROM sessions WHERE id = ?", (row["session_id"],))
    if status != "open":
        raise InvalidRecord("store.hand.session_closed", hand=row["id"])
    await _set_status(tx, row["id"], "voided", reason)
    await record_audit(
        tx,
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
    """Correct a hand: void it and record the corrected one under the same number, in one
    transaction."""
    _check_hand(new)
    reason = " ".join(reason.split()) or "edited"

    async def edit(tx: Tx) -> int:
        row = await _locked_hand(tx, guild_id, hand_id)
        await _void_in(tx, guild_id, row, actor, f"edited: {reason}")
        return await _insert_hand(
            tx, guild_id, row["session_id"], new, actor, None, confirmed, seq=row["seq"]
        )

    new_id = await db.write(edit)
    return await get_hand(db, guild_id, new_id)


async def undo_last_hand(
    db: Database,
    guild_id: int,
    session_id: int,
    actor: int,
    reason: str,
    expected: int | None = None,
) -> Hand:
    """Void the session's latest hand that still counts (or waits for confirmation).
    ``expected``: the id the caller checked (e.g. who recorded it); refused when another hand
    became the latest meanwhile."""
    reason = " ".join(reason.split())
    if not reason:
        raise InvalidRecord("store.hand.undo_needs_reason")

    async def undo(tx: Tx) -> int:
        row = await tx.fetchone(
            "SELECT * FROM hands WHERE session_id = ? AND guild_id = ? AND status != 'voided' "
            "ORDER BY seq DESC, id DESC LIMIT 1",
            (session_id, guild_id),
        )
        if row is None:
            raise NotFound("store.session.nothing_to_undo", session=session_id)
        if expected is not None and row["id"] != expected:
            raise InvalidRecord("store.hand.recorded_meanwhile", hand=row["id"])
        await _void_in(tx, guild_id, row, actor, f"undo: {reason}")
        return int(row["id"])

    hand_id = await db.write(undo)
    return await get_hand(db, guild_id, hand_id)


async def expire_pending(db: Database, guild_id: int, before_iso: str, actor: int = 0) -> int:
    """Void pending hands recorded before ``before_iso`` (never confirmed in time)."""

    async def expire(tx: Tx) -> int:
        rows = await tx.fetch(
            "SELECT h.* FROM hands h JOIN sessions s ON s.id = h.session_id WHERE h.guild_id = ?"
            " AND h.status = 'pending' AND h.created_at < ? AND s.status = 'open'",
            (guild_id, before_iso),
        )
        for row in rows:
            await _void_in(tx, guild_id, row, actor, "expired: not confirmed in time")
        return len(rows)

    return await db.write(expire)
