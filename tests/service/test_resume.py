"""Resume after the service is dropped (as by SIGKILL) and a new one starts on the same
database file: the exact state, the timers re-armed, the humans prompted again, and the game
goes on to the end — also from inside a claim hold, and after downtime past a deadline."""

from __future__ import annotations

from pathlib import Path

import pytest

from shangrao_bot.engine.actions import ActionKind
from shangrao_bot.engine.events import EventKind
from shangrao_bot.service import (
    TableService,
    recording,  # where closing settles
)
from shangrao_bot.service.errors import TableNotFound
from shangrao_bot.store.database.interface import Database
from shangrao_bot.store.database.opening import open_database
from shangrao_bot.store.games import load_events
from shangrao_bot.store.ledger import close_session, list_sessions
from tests.service.conftest import (
    CHANNEL,
    FAST,
    GUILD,
    HOST,
    ManualClock,
    RecordingPresenter,
    drive,
    legal_now,
    normal_policy,
    open_table,
    seeds_for,
)

FRIEND = 201


async def _restart(
    old: TableService, path: str | Path, clock: ManualClock
) -> tuple[TableService, RecordingPresenter, Database]:
    await old.shutdown()
    db = await open_database(path)
    presenter = RecordingPresenter(clock)
    return TableService(db, presenter, clock=clock, config=FAST, seeds=seeds_for), presenter, db


def _human_moves(presenter: RecordingPresenter) -> int:
    return sum(
        1
        for c in presenter.named("table_changed")
        for e in c.args["events"]
        if e.kind is EventKind.DISCARDED and e.seat == 0
    )


async def test_resume_mid_hand_at_the_exact_state(
    db_target: str | Path, db: Database, clock: ManualClock, presenter: RecordingPresenter
) -> None:
    first = TableService(db, presenter, clock=clock, config=FAST, seeds=seeds_for)
    tid = await open_table(first, hands=2)
    policy = normal_policy(3)
    await drive(
        first,
        clock,
        tid,
        {HOST: policy},
        lambda: _human_moves(presenter) >= 3 and legal_now(first, tid, HOST) is not None,
    )
    snap = first.snapshot(tid)
    due = first._timers.due(tid)
    info = first.get(tid)
    view = first.private_view(tid, HOST)
    assert snap["session"]["current"] is not None and due is not None

    second, shown, db2 = await _restart(first, db_target, clock)
    try:
        resumed = await second.resume_all()
        assert [i.id for i in resumed] == [tid]
        assert second.snapshot(tid) == snap  # engine session, lobby, strikes, deadlines …
        assert second.snapshot(tid)["session"] == snap["session"]
        assert second._timers.due(tid) == due
        assert second.get(tid) == info
        assert second.private_view(tid, HOST) == view
        assert second.table_of(GUILD, HOST) == tid
        assert [c.name for c in shown.calls[:2]] == ["restored", "prompt"]
        assert shown.calls[1].args["deadline"] == info.deadline

        await drive(second, clock, tid, {HOST: policy}, shown.closed)
        assert [c.args["summary"].number for c in shown.named("hand_ended")] == [1, 2]
        [sess] = await list_sessions(db2, GUILD)
        rows = await db2.fetchall("SELECT seq FROM hands WHERE session_id = ?", (sess.id,))
        assert [r["seq"] for r in rows] == [1, 2] and sess.status == "closed"
    finally:
        await second.shutdown()
        await db2.close()


async def test_resume_inside_a_claim_hold(
    db_target: str | Path, db: Database, clock: ManualClock, presenter: RecordingPresenter
) -> None:
    first = TableService(db, presenter, clock=clock, config=FAST, seeds=seeds_for)
    # two humans: the hold lasts min_claim_seconds even when nobody may claim
    tid = await open_table(first, humans=[HOST, FRIEND], ais=["normal", "normal"], hands=1)
    policies = {HOST: normal_policy(4), FRIEND: normal_policy(5)}

    def hiding_a_draw() -> bool:  # a hold where nobody could claim: the next draw is kept back
        hold = first._tables[tid].hold
        return hold is not None and any(e.kind is EventKind.DREW for e in hold.held)

    await drive(first, clock, tid, policies, hiding_a_draw)
    await clock.advance(1.0)
    snap, info = first.snapshot(tid), first.get(tid)
    view = first.private_view(tid, HOST)
    hold = first._tables[tid].hold
    assert hold is not None

    second, shown, db2 = await _restart(first, db_target, clock)
    try:
        await second.resume_all()
        assert second.snapshot(tid) == snap
        assert second.get(tid) == info  # the rebuilt claim-window look
        assert second.private_view(tid, HOST) == view
        assert second._timers.due(tid) == hold.until
        await clock.advance(hold.until - clock.now())
        drew = [e for c in shown.named("table_changed") for e in c.args["events"]]
        assert any(e.kind is EventKind.DREW for e in drew)
        await drive(second, clock, tid, policies, shown.closed)
    finally:
        await second.shutdown()
        await db2.close()


async def test_resume_inside_a_window_waiting_for_the_one_human(
    db_target: str | Path, db: Database, clock: ManualClock, presenter: RecordingPresenter
) -> None:
    """One human: the window has no minimum but waits for the human who may claim; after a
    restart it still waits (until its deadline) and the human is prompted again."""
    first = TableService(db, presenter, clock=clock, config=FAST, seeds=seeds_for)
    tid = await open_table(first, hands=1)

    def claim_open() -> bool:
        view = legal_now(first, tid, HOST)
        return view is not None and any(a.kind is ActionKind.PASS for a in view.legal)

    await drive(first, clock, tid, {HOST: normal_policy(4)}, claim_open)
    hold = first._tables[tid].hold
    assert hold is not None and hold.until <= clock.now() < hold.deadline
    await clock.advance(1.0)
    snap, info = first.snapshot(tid), first.get(tid)
    view = first.private_view(tid, HOST)

    second, shown, db2 = await _restart(first, db_target, clock)
    try:
        await second.resume_all()
        assert second.snapshot(tid) == snap and second.get(tid) == info
        assert second.private_view(tid, HOST) == view
        assert second._timers.due(tid) == hold.deadline
        assert [c.name for c in shown.calls[:2]] == ["restored", "prompt"]
        await second.act(tid, HOST, "pass", view.public.sequence)
        assert shown.named("table_changed")[-1].at == clock.now()
        await drive(second, clock, tid, {HOST: normal_policy(4)}, shown.closed)
    finally:
        await second.shutdown()
        await db2.close()


async def test_downtime_past_a_deadline_gives_grace(
    db_target: str | Path, db: Database, clock: ManualClock, presenter: RecordingPresenter
) -> None:
    first = TableService(db, presenter, clock=clock, config=FAST, seeds=seeds_for)
    tid = await open_table(first, hands=1)
    await drive(first, clock, tid, {}, lambda: legal_now(first, tid, HOST) is not None)
    deadline = first.get(tid).deadline
    assert deadline is not None
    await first.shutdown()
    await clock.advance(deadline - clock.now() + 100)  # the bot was down past the deadline
    second, shown, db2 = await _restart(first, db_target, clock)
    try:
        await second.resume_all()
        info = second.get(tid)
        assert info.deadline == clock.now() + FAST.resume_grace_seconds
        assert not [c for c in shown.named("notice") if c.args["key"] == "table.notice.timed_out"]
        await clock.advance(FAST.resume_grace_seconds)
        timed_out = [c for c in shown.named("notice") if c.args["key"] == "table.notice.timed_out"]
        assert [c.args["strikes"] for c in timed_out] == [1]
    finally:
        await second.shutdown()
        await db2.close()


async def test_resume_a_lobby_and_a_closed_table(
    db_target: str | Path, db: Database, clock: ManualClock, presenter: RecordingPresenter
) -> None:
    first = TableService(db, presenter, clock=clock, config=FAST, seeds=seeds_for)
    lobby = await open_table(first, humans=[HOST, 201], ais=["easy"], start=False)
    gone = await open_table(first, humans=[300], ais=[], start=False)
    await first.end(gone, 300)
    second, _shown, db2 = await _restart(first, db_target, clock)
    try:
        assert [i.id for i in await second.resume_all()] == [lobby]
        info = second.get(lobby)
        assert [s.name if s else None for s in info.seats] == [
            "user100",
            "user201",
            "AI 3 (easy)",
            None,
        ]
        assert second.table_of(GUILD, 201) == lobby and second.table_of(GUILD, 300) is None
        await second.add_ai(lobby, HOST, "normal")
        await second.start(lobby, HOST)
    finally:
        await second.shutdown()
        await db2.close()


async def test_a_close_cut_short_is_finished_on_resume(
    db_target: str | Path,
    db: Database,
    clock: ManualClock,
    presenter: RecordingPresenter,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    first = TableService(db, presenter, clock=clock, config=FAST, seeds=seeds_for)
    tid = await open_table(first, humans=[], ais=["normal"] * 4, hands=3)
    await clock.run_until(lambda: bool(presenter.named("hand_ended")))

    async def crash(*_args: object) -> None:
        raise RuntimeError("killed")

    monkeypatch.setattr(recording, "settle", crash)
    with pytest.raises(RuntimeError):
        await first.end(tid, HOST)
    monkeypatch.undo()

    second, shown, db2 = await _restart(first, db_target, clock)
    try:
        assert await second.resume_all() == []
        summary = shown.named("session_ended")[0].args["summary"]
        assert summary.reason == "ended" and len(summary.records) == 1
        [sess] = await list_sessions(db2, GUILD)
        assert sess.status == "closed"
        assert second.tables() == []
    finally:
        await second.shutdown()
        await db2.close()


async def test_a_session_closed_elsewhere_ends_the_table(
    service: TableService, db: Database, clock: ManualClock, presenter: RecordingPresenter
) -> None:
    await open_table(service, humans=[], ais=["normal"] * 4, hands=3)
    [sess] = await list_sessions(db, GUILD)
    await close_session(db, GUILD, sess.id, HOST)  # e.g. an admin's ledger command
    await clock.run_until(presenter.closed)
    assert presenter.calls[-1].args["reason"] == "ended"
    summary = presenter.named("session_ended")[0].args["summary"]
    assert summary.records == () and summary.settlement.session_id == sess.id


async def test_a_table_run_twice_is_dropped_by_the_writer_that_fell_behind(
    db_target: str | Path, db: Database, clock: ManualClock, presenter: RecordingPresenter
) -> None:
    """Were two processes ever to run one table (their claims are meant to prevent it), the
    one whose save finds the log moved on lets the table go instead of interleaving logs."""
    first = TableService(db, presenter, clock=clock, config=FAST, seeds=seeds_for)
    tid = (await first.create_table(GUILD, CHANNEL, HOST, "Host")).id
    other_db = await open_database(db_target)
    try:
        second = TableService(other_db, RecordingPresenter(clock), clock=clock, config=FAST)
        assert [t.id for t in await second.resume_all()] == [tid]
        await first.add_ai(tid, HOST)  # saved by the first
        with pytest.raises(TableNotFound):
            await second.add_ai(tid, HOST)  # the second's log position is stale
        assert not second.runs(tid) and first.runs(tid)
        events = await load_events(db, tid)
        assert [e.get("kind") for e in events].count("ai_joined") <= 1
        assert len(first.get(tid).seats) == 4
        await first.add_ai(tid, HOST)  # the first goes on
        await second.shutdown()
    finally:
        await other_db.close()
