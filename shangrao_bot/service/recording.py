"""The table's side of the ledger: the session's players, each finished hand as a confirmed
ledger hand, and the closing settlement.

Everything here is safe to repeat after a crash: a hand is recorded with the idempotency key
``table{id}-hand{n}`` (a repeat returns the first record), and closing an already closed session
returns its stored settlement.

A change of a table records as it plays (:func:`play_and_record`): each hand that finishes is
saved first (the table's own log), then recorded in the ledger, then closed in the session
(:meth:`~.table_run.TableRun.finish_hand`) — and a table that closes settles its session
(:func:`settle_session`).
"""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable
from typing import Any

from shangrao_bot.engine.hand_records import Outcome
from shangrao_bot.engine.persist import rules_to_dict
from shangrao_bot.engine.state import HandState
from shangrao_bot.rules.score_model import WinHow
from shangrao_bot.rules.tiles import format_tiles, tile_str
from shangrao_bot.service.model import SeatKind, Table, TableStatus
from shangrao_bot.service.presenter import SessionSummary
from shangrao_bot.service.table_run import TableRun
from shangrao_bot.store.database.interface import Database
from shangrao_bot.store.errors import StoreError
from shangrao_bot.store.ledger import (
    Hand,
    HandIn,
    PaymentIn,
    Settlement,
    close_session,
    get_session,
    guest_player,
    list_transfers,
    open_session,
    record_hand,
    session_balances,
    user_player,
)

log = logging.getLogger(__name__)

BOT_ACTOR = 0  # the audit trail's actor for what the bot records on its own
SELF_DRAWN = (WinHow.SELF, WinHow.KONG, WinHow.TIANHU)


def ai_name(seat: int, level: str) -> str:
    """The guest player an AI seat is recorded as (one per seat number and level)."""
    return f"AI {seat + 1} ({level})"


def hand_key(table_id: int, hand_no: int) -> str:
    return f"table{table_id}-hand{hand_no}"


async def open_ledger_session(db: Database, table: Table) -> int:
    """Players for the four seats (humans as themselves, AIs as guests) and a 'virtual'
    session for them; sets each seat's ``player_id`` and returns the session id. A session
    the table opened before (a start cut short by a crash) is reused when it is still open
    and has the same four players."""
    ids: list[int] = []
    for i, seat in enumerate(table.seats):
        assert seat is not None
        if seat.kind is SeatKind.HUMAN:
            assert seat.user_id is not None
            player = await user_player(db, table.guild_id, seat.user_id, seat.name)
        else:
            player = await guest_player(
                db, table.guild_id, ai_name(i, seat.ai_level or "normal"), BOT_ACTOR
            )
        seat.player_id = player.id
        ids.append(player.id)
    if table.ledger_session_id is not None:
        before = await get_session(db, table.guild_id, table.ledger_session_id)
        if before.status == "open" and [p.id for p in before.seats] == ids:
            return before.id
    rules = table.config.rules
    info = await open_session(
        db,
        table.guild_id,
        table.channel_id,
        "virtual",
        {**rules_to_dict(rules), "hands": table.config.hands, "table": table.id},
        rules.stake,
        table.host_id,
        ids,
    )
    return info.id


def hand_in(state: HandState, hand_no: int) -> HandIn:
    """A finished engine hand as the ledger records it (rule book §9): every payment with its
    reason, deltas, winners (self-drawn ones apart), 宝 flown per seat, dealer, 宝, pattern,
    and the scored reading of each win in ``detail``."""
    result = state.result
    assert result is not None
    payments = tuple(
        PaymentIn(p.payer, p.payee, p.amount, p.reason.value)
        for p in result.payments
        if p.amount > 0
    )
    wins: list[dict[str, Any]] = []
    for w in result.wins:
        score = w.score
        interp = score.interpretation
        wins.append(
            {
                "seat": w.seat,
                "how": w.how.value,
                "winning_tile": tile_str(w.winning_tile) if w.winning_tile is not None else None,
                "concealed": format_tiles(w.concealed),
                "melds": [m.to_str() for m in w.melds],
                "kong_chain": w.kong_chain,
                "pattern": score.pattern,
                "pattern_factor": score.pattern_factor,
                "modifiers": [
                    {"name": m.name, "factor": m.factor, "note": m.note} for m in score.modifiers
                ],
                "value": score.value,
                "interpretation": interp.to_str() if interp is not None else None,
                "clean": interp.clean if interp is not None else None,
            }
        )
    patterns = [w.score.pattern for w in result.wins if w.score.pattern]
    detail: dict[str, Any] = {
        "hand": hand_no,
        "seed": state.seed.hex(),
        "commitment": state.setup.commitment,
        "indicator": tile_str(state.indicator),
        "wins": wins,
        "bonuses": [[b.seat, b.kind.value] for b in result.bonuses],
        "robbed_seat": result.robbed_seat,
        "next_dealer": result.next_dealer,
    }
    return HandIn(
        outcome="win" if result.outcome is Outcome.WIN else "draw",
        payments=payments,
        deltas=tuple(result.deltas),
        winners=tuple(w.seat for w in result.wins),
        self_draw=tuple(w.seat for w in result.wins if w.how in SELF_DRAWN),
        flown=tuple(state.bao_flown),
        dealer_seat=state.dealer,
        bao=tile_str(state.bao),
        pattern=" / ".join(dict.fromkeys(patterns)) or None,
        detail=detail,
    )


async def record_finished_hand(db: Database, table: Table, state: HandState, hand_no: int) -> Hand:
    assert table.ledger_session_id is not None
    return await record_hand(
        db,
        table.guild_id,
        table.ledger_session_id,
        hand_in(state, hand_no),
        BOT_ACTOR,
        idempotency_key=hand_key(table.id, hand_no),
        confirmed=True,
    )


async def settle(db: Database, table: Table, actor: int) -> Settlement:
    """Close the table's ledger session with its settlement (or read it back when a previous
    run already closed it)."""
    assert table.ledger_session_id is not None
    sid = table.ledger_session_id
    info = await get_session(db, table.guild_id, sid)
    if info.status == "open":
        return await close_session(db, table.guild_id, sid, actor)
    balances = await session_balances(db, table.guild_id, sid)
    transfers = await list_transfers(db, table.guild_id, sid)
    return Settlement(sid, balances, tuple(transfers))


async def play_and_record(
    db: Database, run: TableRun, save: Callable[[TableRun], Awaitable[None]]
) -> int:
    """Play the run on (:meth:`~.table_run.TableRun.step`), recording each hand that finishes on the
    way: saved first (``save``), so the ledger never has a hand the table's log has not, then
    recorded, then closed in the session. A hand the ledger refuses (e.g. its session was
    closed from the ledger commands) ends the table. Returns how many hands it recorded."""
    t = run.table
    recorded = 0
    run.step()
    while run.hand_over():
        state = t.hand
        assert state is not None
        await save(run)  # the finished hand is saved before the ledger sees it
        try:
            # idempotent (keyed by table and hand): a retry after a fault records it once
            hand = await record_finished_hand(db, t, state, t.hand_no)
        except StoreError:
            # e.g. the session was closed from the ledger commands: the table cannot go on
            log.exception("table %s: hand %s cannot be recorded; ending", t.id, t.hand_no)
            t.end_reason = "ended"
            break
        run.finish_hand(hand.id)
        recorded += 1
        run.step()
    return recorded


async def settle_session(db: Database, run: TableRun, reason: str) -> None:
    """A closing table's session (if it started): ended, settled in the ledger (or read back,
    when settled before a crash), and its summary shown. The table is marked ended."""
    t = run.table
    session = t.session
    if session is None or t.ledger_session_id is None:
        return
    if not session.over:
        session.end()
    actor = t.end_actor if reason == "ended" else BOT_ACTOR
    settlement = await settle(db, t, actor)
    summary = SessionSummary(
        reason=reason,
        records=tuple(session.records),
        totals=tuple(session.totals),
        players=tuple(s.player_id or 0 for s in t.seats if s is not None),
        settlement=settlement,
    )
    t.status, t.hold = TableStatus.ENDED, None
    run.out.session_ended(run.info(), summary)
