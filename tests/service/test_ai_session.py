"""A whole session of four AI seats, played by the service alone at AI pace: every hand recorded
in the ledger (confirmed, idempotent, matching the engine), the session closed and settled, and
the presenter told everything in order. Ending a table mid-game keeps the hands so far."""

from __future__ import annotations

import logging
from collections.abc import Sequence

import pytest

from shangrao_bot.engine.events import Event
from shangrao_bot.engine.hand_records import Outcome
from shangrao_bot.rules.score_model import WinHow
from shangrao_bot.rules.tiles import tile_str
from shangrao_bot.service import TableService
from shangrao_bot.service.model import TableInfo
from shangrao_bot.service.presenter import HandSummary, SessionSummary
from shangrao_bot.service.recording import hand_in
from shangrao_bot.store.database.interface import Database
from shangrao_bot.store.ledger import get_session, list_sessions, list_transfers, record_hand
from tests.service.conftest import (
    FAST,
    GUILD,
    HOST,
    ManualClock,
    RecordingPresenter,
    open_table,
    seeds_for,
)


async def test_four_ai_seats_play_a_session_to_the_end(
    service: TableService, db: Database, clock: ManualClock, presenter: RecordingPresenter
) -> None:
    tid = await open_table(service, humans=[], ais=["normal", "easy", "normal", "easy"], hands=3)
    start = clock.now()
    await clock.run_until(presenter.closed, limit=10_000)

    ended = [c.args["summary"] for c in presenter.named("hand_ended")]
    assert [s.number for s in ended] == [1, 2, 3]
    assert all(isinstance(s, HandSummary) for s in ended)
    session = presenter.named("session_ended")[0].args["summary"]
    assert isinstance(session, SessionSummary) and session.reason == "completed"
    assert session.totals == tuple(map(sum, zip(*(s.result.deltas for s in ended), strict=True)))
    assert presenter.calls[-1].name == "table_closed"
    assert presenter.calls[-1].args["reason"] == "completed"
    # AI pace: every action came at least ai_delay after the previous one
    assert clock.now() - start > 3 * 20 * 0.8

    [info] = await list_sessions(db, GUILD)
    assert info.kind == "virtual" and info.status == "closed"
    assert [p.display_name for p in info.seats] == [
        "AI 1 (normal)",
        "AI 2 (easy)",
        "AI 3 (normal)",
        "AI 4 (easy)",
    ]
    assert session.players == tuple(p.id for p in info.seats)
    rows = await db.fetchall(
        "SELECT id, seq, status, idempotency_key, outcome FROM hands WHERE session_id = ?"
        " ORDER BY seq",
        (info.id,),
    )
    assert [(r["seq"], r["status"]) for r in rows] == [
        (1, "confirmed"),
        (2, "confirmed"),
        (3, "confirmed"),
    ]
    assert [r["idempotency_key"] for r in rows] == [f"table{tid}-hand{n}" for n in (1, 2, 3)]
    assert [r["id"] for r in rows] == [s.ledger_hand_id for s in ended]
    for row, s in zip(rows, ended, strict=True):
        assert row["outcome"] == ("win" if s.result.outcome is Outcome.WIN else "draw")
    by_player = session.settlement.balances
    assert [by_player[p.id] for p in info.seats] == list(session.totals)
    transfers = await list_transfers(db, GUILD, info.id)
    assert sum(t.amount for t in transfers) == sum(x for x in session.totals if x > 0)
    # the table is gone: no timer left behind, nobody seated
    assert service.tables() == [] and clock.pending == 0


async def test_the_ledger_hand_mirrors_the_engine(
    service: TableService, db: Database, clock: ManualClock, presenter: RecordingPresenter
) -> None:
    await open_table(service, humans=[], ais=["normal"] * 4, hands=2)
    await clock.run_until(presenter.closed, limit=10_000)
    for call in presenter.named("hand_ended"):
        s: HandSummary = call.args["summary"]
        row = await db.fetchone("SELECT * FROM hands WHERE id = ?", (s.ledger_hand_id,))
        assert row is not None
        assert row["dealer_seat"] == s.record.dealer
        assert row["bao"] == tile_str(s.public.bao)
        seats = await db.fetchall(
            "SELECT seat, delta, won, self_draw, flown FROM hand_seats WHERE hand_id = ?"
            " ORDER BY seat",
            (s.ledger_hand_id,),
        )
        assert tuple(r["delta"] for r in seats) == s.result.deltas
        assert tuple(r["flown"] for r in seats) == tuple(v.bao_flown for v in s.public.seats)
        winners = {w.seat for w in s.result.wins}
        assert {r["seat"] for r in seats if r["won"]} == winners
        self_drawn = {
            w.seat for w in s.result.wins if w.how in (WinHow.SELF, WinHow.KONG, WinHow.TIANHU)
        }
        assert {r["seat"] for r in seats if r["self_draw"]} == self_drawn
        pays = await db.fetchall(
            "SELECT amount, reason FROM payments WHERE hand_id = ? ORDER BY id",
            (s.ledger_hand_id,),
        )
        assert [(p["amount"], p["reason"]) for p in pays] == [
            (p.amount, p.reason.value) for p in s.result.payments
        ]


async def test_recording_a_hand_twice_keeps_one(
    service: TableService, db: Database, clock: ManualClock, presenter: RecordingPresenter
) -> None:
    """A crash between the ledger write and the table's snapshot repeats the write: the
    idempotency key makes the repeat return the first record."""
    await open_table(service, humans=[], ais=["normal"] * 4, hands=2)
    await clock.run_until(lambda: bool(presenter.named("hand_ended")), limit=10_000)
    first: HandSummary = presenter.named("hand_ended")[0].args["summary"]
    [sess] = await list_sessions(db, GUILD)
    table = next(iter(service._tables.values()))
    assert table.last_hand is not None
    again = await record_hand(
        db,
        GUILD,
        sess.id,
        hand_in(table.last_hand, 1),
        0,
        idempotency_key=f"table{table.id}-hand1",
        confirmed=True,
    )
    assert again.id == first.ledger_hand_id
    count = await db.fetchone("SELECT COUNT(*) FROM hands WHERE session_id = ?", (sess.id,))
    assert count is not None and count[0] == 1


async def test_ending_mid_game_settles_the_hands_so_far(
    service: TableService, db: Database, clock: ManualClock, presenter: RecordingPresenter
) -> None:
    tid = await open_table(service, humans=[], ais=["normal"] * 4, hands=5)
    await clock.run_until(lambda: len(presenter.named("hand_started")) == 2, limit=10_000)
    await clock.advance(5)  # a few moves into hand 2
    await service.end(tid, HOST)
    summary: SessionSummary = presenter.named("session_ended")[0].args["summary"]
    assert summary.reason == "ended" and len(summary.records) == 1
    [info] = await list_sessions(db, GUILD)
    assert info.status == "closed"
    rows = await db.fetchall("SELECT seq FROM hands WHERE session_id = ?", (info.id,))
    assert [r["seq"] for r in rows] == [1]
    hand1: HandSummary = presenter.named("hand_ended")[0].args["summary"]
    assert [summary.settlement.balances[p.id] for p in info.seats] == list(hand1.result.deltas)
    assert (await get_session(db, GUILD, info.id)).closed_at is not None
    assert service.tables() == []


class BrokenPresenter(RecordingPresenter):
    async def table_changed(self, table: TableInfo, events: Sequence[Event]) -> None:
        raise RuntimeError("Discord is down")


async def test_a_failing_presenter_does_not_stop_the_game(
    db: Database, clock: ManualClock, caplog: pytest.LogCaptureFixture
) -> None:
    presenter = BrokenPresenter(clock)
    svc = TableService(db, presenter, clock=clock, config=FAST, seeds=seeds_for)
    try:
        await open_table(svc, humans=[], ais=["easy"] * 4, hands=1)
        with caplog.at_level(logging.ERROR):
            await clock.run_until(presenter.closed, limit=10_000)
        assert presenter.named("hand_ended") and "presenter.table_changed failed" in caplog.text
    finally:
        await svc.shutdown()
