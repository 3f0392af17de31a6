"""A failed write never freezes a table and never loses or duplicates a move — with real
faults (:mod:`tests.storage_faults`): a full filesystem, another process holding the write lock
past the busy timeout, a database made read-only, the server ending the bot's connections.

The write-lock tests run on both databases (PostgreSQL: another connection holds every table
``IN ACCESS EXCLUSIVE MODE`` past the ``lock_timeout``). The full disk and the read-only file
are SQLite's own (a file the test can fill or freeze); PostgreSQL's own fault, a connection
the server ends, has a test of its own.

Each scenario: a human's move is refused with ``StorageUnavailable`` while storage is down and
the table stays exactly at its last saved state (nothing shown, nothing kept); its timer keeps
firing (retries) instead of freezing; once storage is back the human's move is taken once and
the table finishes the session by itself (AI moves, timeouts, the hand in the ledger, the
settlement). Afterwards the event log is contiguous, a fresh service resumed from the file has
the same state, and every move appears exactly once.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from pathlib import Path
from typing import Protocol

import pytest

from shangrao_bot.engine.actions import ActionKind
from shangrao_bot.engine.events import EventKind
from shangrao_bot.engine.persist import hand_from_dict
from shangrao_bot.errors import StorageUnavailable
from shangrao_bot.service import TableService, TableStatus
from shangrao_bot.store import games
from shangrao_bot.store.database.interface import Database
from shangrao_bot.store.database.opening import open_database
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
from tests.storage_faults import DiskFull, ReadOnly, terminate_connections, write_lock

BUSY_MS = 50  # the busy timeout these tests run with: a held lock fails fast


class Fault(Protocol):
    async def start(self) -> None: ...
    async def stop(self) -> None: ...


async def _seqs(db: Database, table_id: int) -> list[int]:
    rows = await db.fetchall(
        "SELECT seq FROM game_events WHERE table_id = ? ORDER BY seq", (table_id,)
    )
    return [int(r["seq"]) for r in rows]


async def _same_after_resume(
    path: str | Path, svc: TableService, clock: ManualClock, tid: int
) -> None:
    """A fresh service resumed from the file holds the table's in-memory state exactly."""
    db = await open_database(path, busy_timeout_ms=BUSY_MS)
    fresh = TableService(db, RecordingPresenter(clock), clock=clock, config=FAST, seeds=seeds_for)
    try:
        await fresh.resume_all()
        assert fresh.snapshot(tid) == svc.snapshot(tid)
    finally:
        await fresh.shutdown()
        await db.close()


async def _scenario(
    path: str | Path,
    clock: ManualClock,
    make_fault: Callable[[], Fault],
    caplog: pytest.LogCaptureFixture,
) -> None:
    db = await open_database(path, busy_timeout_ms=BUSY_MS)
    presenter = RecordingPresenter(clock)
    svc = TableService(db, presenter, clock=clock, config=FAST, seeds=seeds_for)
    try:
        tid = await open_table(svc, hands=1)
        policy = normal_policy(5)
        await drive(svc, clock, tid, {HOST: policy}, lambda: legal_now(svc, tid, HOST) is not None)
        view = legal_now(svc, tid, HOST)
        assert view is not None
        move = policy(view)
        before = svc.snapshot(tid)
        shown = len(presenter.calls)

        fault = make_fault()
        await fault.start()
        try:
            with caplog.at_level(logging.WARNING):
                with pytest.raises(StorageUnavailable):
                    await svc.act(tid, HOST, move, view.public.sequence, hand=1)
                # the move is not kept, nothing unsaved was shown, and a retry is armed
                assert svc.snapshot(tid) == before
                assert len(presenter.calls) == shown
                assert svc._timers.due(tid) is not None
                # time goes on while storage is down: the timer keeps firing (the turn's
                # deadline passes, the retries back off) and the table stays as saved
                fired = 0
                start = clock.now()
                while clock.now() - start < 120:
                    assert await clock.advance_next()
                    fired += 1
                assert fired >= 4
                assert svc.snapshot(tid) == before
                assert len(presenter.calls) == shown
                assert svc._timers.due(tid) is not None
            warnings = [r for r in caplog.records if "storage unavailable" in r.getMessage()]
            assert warnings and all(r.levelno == logging.WARNING for r in warnings)
            assert all(r.exc_info is None for r in warnings)  # a warning, not a traceback
        finally:
            await fault.stop()

        # storage is back: the table's own retry saves it (the turn's deadline moved on by
        # the grace: nobody is struck for the storage's downtime), and the move is taken once
        assert await clock.advance_next()
        assert tid not in svc._faults
        after = svc.snapshot(tid)
        assert after["session"] == before["session"]
        assert after["runtime"]["deadline"] > clock.now()
        assert legal_now(svc, tid, HOST) == view
        result = await svc.act(tid, HOST, move, view.public.sequence, hand=1)
        assert not result.duplicate
        hand = svc._tables[tid].hand
        assert hand is not None and hand.actions.count(result.action) == 1
        seqs = await _seqs(db, tid)
        assert seqs == list(range(1, len(seqs) + 1))
        await _same_after_resume(path, svc, clock, tid)

        # the table goes on (AI moves, the hand into the ledger, the settlement) to the end
        await drive(svc, clock, tid, {HOST: policy}, presenter.closed)
        assert [c.args["reason"] for c in presenter.named("table_closed")] == ["completed"]
        seqs = await _seqs(db, tid)
        assert seqs == list(range(1, len(seqs) + 1))
        session_id = before["table"]["ledger_session_id"]
        hands = await db.fetchall("SELECT id FROM hands WHERE session_id = ?", (session_id,))
        assert len(hands) == 1  # recorded once
        stored = await games.get_table(db, tid)
        assert stored.status == "closed" and stored.snapshot is not None
        # every move is in the log exactly once: the engine events logged for the hand are
        # the ones its saved state replays to
        final = hand_from_dict(stored.snapshot["last_hand"])
        logged = [
            (e["kind"], e["seat"])
            for e in await games.load_events(db, tid)
            if e.get("type") == "engine" and e["kind"] == EventKind.DISCARDED.value
        ]
        played = [
            (EventKind.DISCARDED.value, a.seat)
            for a in final.actions
            if a.kind is ActionKind.DISCARD
        ]
        assert logged == played
        assert result.action in final.actions
    finally:
        await svc.shutdown()
        await db.close()


async def test_a_full_disk_never_freezes_a_table(
    tmp_path: Path, clock: ManualClock, caplog: pytest.LogCaptureFixture
) -> None:
    """SQLite only: the database is a file on a filesystem the test fills."""
    with DiskFull(tmp_path / "small") as disk:
        await _scenario(disk.database, clock, lambda: disk, caplog)


@pytest.mark.slow
async def test_a_write_lock_held_past_the_busy_timeout_never_freezes_a_table(
    db_target: str | Path, clock: ManualClock, caplog: pytest.LogCaptureFixture
) -> None:
    await _scenario(db_target, clock, lambda: write_lock(db_target), caplog)


class _EndedConnections:
    """The server ends the bot's connections as the fault starts; nothing is refused after."""

    def __init__(self, url: str) -> None:
        self.url = url

    async def start(self) -> None:
        assert await terminate_connections(self.url) >= 1

    async def stop(self) -> None:
        pass


@pytest.mark.slow
async def test_connections_ended_by_the_server_never_freeze_a_table(
    pg_url: str, clock: ManualClock
) -> None:
    """PostgreSQL only: the server ends the bot's connections between two moves (a restart of
    the server, a cut network). The next move is refused at most once, as unavailable, with
    nothing kept; the table's own retry or the move again goes through on new connections, and
    the table plays to its end with its log whole."""
    db = await open_database(pg_url, busy_timeout_ms=BUSY_MS)
    presenter = RecordingPresenter(clock)
    svc = TableService(db, presenter, clock=clock, config=FAST, seeds=seeds_for)
    try:
        tid = await open_table(svc, hands=1)
        policy = normal_policy(5)
        await drive(svc, clock, tid, {HOST: policy}, lambda: legal_now(svc, tid, HOST) is not None)
        view = legal_now(svc, tid, HOST)
        assert view is not None
        move = policy(view)
        before = svc.snapshot(tid)
        await _EndedConnections(pg_url).start()
        try:
            result = await svc.act(tid, HOST, move, view.public.sequence, hand=1)
        except StorageUnavailable:
            assert svc.snapshot(tid) == before  # refused whole: the table's retry saves it
            assert await clock.advance_next()
            assert tid not in svc._faults
            view = legal_now(svc, tid, HOST)
            assert view is not None
            result = await svc.act(tid, HOST, move, view.public.sequence, hand=1)
        assert not result.duplicate
        hand = svc._tables[tid].hand
        assert hand is not None and hand.actions.count(result.action) == 1
        await _same_after_resume(pg_url, svc, clock, tid)
        await drive(svc, clock, tid, {HOST: policy}, presenter.closed)
        assert [c.args["reason"] for c in presenter.named("table_closed")] == ["completed"]
        seqs = await _seqs(db, tid)
        assert seqs == list(range(1, len(seqs) + 1))
    finally:
        await svc.shutdown()
        await db.close()


async def test_a_read_only_database_never_freezes_a_table(
    tmp_path: Path, clock: ManualClock, caplog: pytest.LogCaptureFixture
) -> None:
    """SQLite only: the database is a file the test makes immutable."""
    path = tmp_path / "tables.db"
    await _scenario(path, clock, lambda: ReadOnly(path), caplog)


async def test_lobby_changes_that_cannot_be_saved_are_not_kept(
    db_target: str | Path, clock: ManualClock
) -> None:
    """Creating, joining, seating an AI, ending: each refused with ``StorageUnavailable`` while
    another process holds the write lock (PostgreSQL: the tables' lock) — and nothing of it
    stays in memory (no seat, no table, no member marked as seated). Once the lock is gone,
    the same calls work."""
    path = db_target
    db = await open_database(path, busy_timeout_ms=BUSY_MS)
    presenter = RecordingPresenter(clock)
    svc = TableService(db, presenter, clock=clock, config=FAST, seeds=seeds_for)
    lock = write_lock(path)
    try:
        tid = (await svc.create_table(GUILD, CHANNEL, HOST, "Host")).id
        before = svc.snapshot(tid)
        shown = len(presenter.calls)
        await lock.start()
        try:
            with pytest.raises(StorageUnavailable):
                await svc.join(tid, 201, "b")
            with pytest.raises(StorageUnavailable):
                await svc.add_ai(tid, HOST)
            with pytest.raises(StorageUnavailable):
                await svc.create_table(GUILD, CHANNEL, 202, "c")
            with pytest.raises(StorageUnavailable):
                await svc.end(tid, HOST)
            assert svc.snapshot(tid) == before
            assert svc.table_of(GUILD, 201) is None and svc.table_of(GUILD, 202) is None
            assert [t.id for t in svc.tables(GUILD)] == [tid]
            assert len(presenter.calls) == shown
        finally:
            await lock.stop()
        await svc.join(tid, 201, "b")
        assert svc.table_of(GUILD, 201) == tid
        other = await svc.create_table(GUILD, CHANNEL, 202, "c")
        assert svc.table_of(GUILD, 202) == other.id
        await svc.end(tid, HOST)
        assert presenter.named("table_closed")[-1].args["reason"] == "ended"
        assert svc.table_of(GUILD, 201) is None
        seqs = await _seqs(db, tid)
        assert seqs == list(range(1, len(seqs) + 1))
        assert (await games.get_table(db, tid)).status == "closed"
    finally:
        await svc.shutdown()
        await db.close()


async def test_a_lobby_expiring_while_storage_is_down_closes_once_it_is_back(
    db_target: str | Path, clock: ManualClock
) -> None:
    path = db_target
    db = await open_database(path, busy_timeout_ms=BUSY_MS)
    presenter = RecordingPresenter(clock)
    svc = TableService(db, presenter, clock=clock, config=FAST, seeds=seeds_for)
    lock = write_lock(path)
    try:
        tid = (await svc.create_table(GUILD, CHANNEL, HOST, "Host")).id
        await lock.start()
        try:
            await clock.advance(FAST.lobby_idle_seconds + 10)
            assert not presenter.closed()
            assert svc.get(tid).status is TableStatus.LOBBY
        finally:
            await lock.stop()
        await clock.advance(FAST.storage_retry_max_seconds)
        assert [c.args["reason"] for c in presenter.named("table_closed")] == ["expired"]
        assert svc.tables(GUILD) == [] and svc.table_of(GUILD, HOST) is None
        assert (await games.get_table(db, tid)).status == "closed"
    finally:
        await svc.shutdown()
        await db.close()


async def test_a_table_whose_first_save_fails_leaves_nothing_behind(
    tmp_path: Path, clock: ManualClock
) -> None:
    """SQLite only (a file on a filesystem the test fills). The disk fills while the Discord
    layer opens the table's thread (after the table's row exists, before its first save):
    the host is told, is not seated, no table is listed, and the thread is reported back for
    removal; once space is back the table opens."""
    with DiskFull(tmp_path / "small") as disk:
        db = await open_database(disk.database, busy_timeout_ms=BUSY_MS)
        presenter = RecordingPresenter(clock)
        svc = TableService(db, presenter, clock=clock, config=FAST, seeds=seeds_for)
        try:

            async def thread_while_filling(table_id: int) -> int:
                await disk.start()
                return 9000 + table_id

            with pytest.raises(StorageUnavailable):
                await svc.create_table(GUILD, CHANNEL, HOST, "Host", thread=thread_while_filling)
            assert svc.tables(GUILD) == [] and svc.table_of(GUILD, HOST) is None
            assert presenter.calls == []
            await disk.stop()

            async def thread(table_id: int) -> int:
                return 9000 + table_id

            info = await svc.create_table(GUILD, CHANNEL, HOST, "Host", thread=thread)
            assert info.thread_id == 9000 + info.id
            assert (await games.get_table(db, info.id)).snapshot is not None
            # the row of the failed attempt closes at the next start-up (it has no snapshot)
            await svc.shutdown()
            again = TableService(db, presenter, clock=clock, config=FAST, seeds=seeds_for)
            assert [i.id for i in await again.resume_all()] == [info.id]
            rows = await db.fetchall("SELECT id FROM game_tables WHERE status = 'open'")
            assert [r["id"] for r in rows] == [info.id]
            await again.shutdown()
        finally:
            await svc.shutdown()
            await db.close()


async def test_a_restart_while_storage_is_down_resumes_once_it_is_back(
    db_target: str | Path, clock: ManualClock
) -> None:
    """The bot restarts while another process holds the write lock: the tables are back in
    memory as saved, shown as restored only once that is saved, and play on."""
    path = db_target
    db = await open_database(path, busy_timeout_ms=BUSY_MS)
    first = TableService(db, RecordingPresenter(clock), clock=clock, config=FAST, seeds=seeds_for)
    tid = await open_table(first, hands=1)
    await drive(first, clock, tid, {}, lambda: legal_now(first, tid, HOST) is not None)
    saved = first.snapshot(tid)
    await first.shutdown()

    presenter = RecordingPresenter(clock)
    second = TableService(db, presenter, clock=clock, config=FAST, seeds=seeds_for)
    # the restart reads the saved tables: SQLite's write lock lets reads go on, and so does
    # PostgreSQL's EXCLUSIVE mode (a lock refusing reads too fails the start-up's read)
    lock = write_lock(path, reads_too=False)
    try:
        await lock.start()
        try:
            assert [i.id for i in await second.resume_all()] == [tid]
            assert second.snapshot(tid) == saved and second.table_of(GUILD, HOST) == tid
            await clock.advance(10)
            assert presenter.calls == []
        finally:
            await lock.stop()
        await clock.advance(FAST.storage_retry_max_seconds)
        assert [c.name for c in presenter.calls[:2]] == ["restored", "prompt"]
        assert len(presenter.named("restored")) == 1
        await drive(second, clock, tid, {HOST: normal_policy(2)}, presenter.closed)
        seqs = await _seqs(db, tid)
        assert seqs == list(range(1, len(seqs) + 1))
    finally:
        await second.shutdown()
        await db.close()
