"""A full disk (SQLite), with real faults (:mod:`tests.storage_faults`): a filesystem filled to
its last byte (:class:`DiskFull`), and SQLite's own limit on the file's pages
(:class:`PageLimit`, ``SQLITE_FULL`` wherever the tests run).

- The tables pause as they do for a locked database — nothing shown, nothing kept past their
  last save, their timer retrying — and go on by themselves once space is back, to the end of
  the session, every move once.
- A recorded hand (scorekeeping) is refused as unavailable with nothing of it written, and
  goes through once space is back.
- A backup into a full folder is refused (``backup.no_space``) and leaves nothing there.
- Meanwhile the database's storage tracker (``db.health``) says the disk is full, and the next
  write that goes through clears it.
"""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path
from typing import Protocol

import pytest

from shangrao_bot.errors import StorageUnavailable
from shangrao_bot.service import TableService
from shangrao_bot.service.scorebook import ScoreBook
from shangrao_bot.service.seating import Actor
from shangrao_bot.service.session_opening import RosterEntry
from shangrao_bot.store import games
from shangrao_bot.store.backups.refusals import BackupRefused
from shangrao_bot.store.backups.taking import take_backup
from shangrao_bot.store.database.interface import Database
from shangrao_bot.store.database.opening import open_database
from shangrao_bot.store.storage_health import StorageProblem
from tests.service.conftest import (
    FAST,
    ManualClock,
    RecordingPresenter,
    open_table,
    seeds_for,
)
from tests.storage_faults import DiskFull, PageLimit
from tests.store.backup_helpers import fill, rows_of

BUSY_MS = 50


class Fault(Protocol):
    async def start(self) -> None: ...
    async def stop(self) -> None: ...


@pytest.fixture(params=["filesystem", "page-limit"])
async def full(
    request: pytest.FixtureRequest, tmp_path: Path
) -> AsyncIterator[tuple[Database, Fault, bool]]:
    """An open database and the fault that fills its disk; the bool: whether the fault is sure
    to read as "disk full" (a filled filesystem does; the kernel's file-size limit, used where
    nothing can be mounted, reads as an I/O error)."""
    if request.param == "filesystem":
        with DiskFull(tmp_path / "small") as disk:
            db = await open_database(disk.database, busy_timeout_ms=BUSY_MS)
            try:
                yield db, disk, disk.mounted
            finally:
                await disk.stop()
                await db.close()
        return
    db = await open_database(tmp_path / "tables.db", busy_timeout_ms=BUSY_MS)
    try:
        yield db, PageLimit(db), True
    finally:
        await db.close()


def _says_full(db: Database, surely: bool) -> None:
    fault = db.health.current()
    assert fault is not None
    if surely:
        assert fault.problem is StorageProblem.DISK_FULL, fault
    else:
        assert fault.problem in (StorageProblem.DISK_FULL, StorageProblem.IO_ERROR), fault
    assert db.health.reason() is not None


async def _seqs(db: Database, table_id: int) -> list[int]:
    rows = await db.fetchall(
        "SELECT seq FROM game_events WHERE table_id = ? ORDER BY seq", (table_id,)
    )
    return [int(r["seq"]) for r in rows]


async def test_tables_pause_on_a_full_disk_and_go_on_by_themselves(
    full: tuple[Database, Fault, bool], clock: ManualClock
) -> None:
    db, fault, surely = full
    presenter = RecordingPresenter(clock)
    svc = TableService(db, presenter, clock=clock, config=FAST, seeds=seeds_for)
    try:
        tid = await open_table(svc, humans=(), ais=("normal",) * 4, hands=1)
        for _ in range(20):  # a few moves in
            assert await clock.advance_next()
        await fault.start()
        for _ in range(500):  # the next save that needs room is refused
            if svc._faults.get(tid):
                break
            assert await clock.advance_next()
        assert svc._faults.get(tid), "no save was refused"
        _says_full(db, surely)
        saved = await _seqs(db, tid)
        stored = await games.get_table(db, tid)
        shown = len(presenter.calls)
        assert svc.snapshot(tid) == stored.snapshot  # back at its last save
        # paused: its timer keeps retrying, nothing more is saved or shown
        for _ in range(3):
            await clock.advance(FAST.storage_retry_max_seconds)
        assert svc._faults[tid] >= 3
        assert await _seqs(db, tid) == saved and len(presenter.calls) == shown
        assert svc.snapshot(tid) == (await games.get_table(db, tid)).snapshot
        await fault.stop()
        # space is back: on by itself to the session's end, every event once
        while not presenter.closed():
            assert await clock.advance_next()
        assert [c.args["reason"] for c in presenter.named("table_closed")] == ["completed"]
        assert db.health.current() is None
        seqs = await _seqs(db, tid)
        assert seqs[: len(saved)] == saved and seqs == list(range(1, len(seqs) + 1))
        assert stored.snapshot is not None
        session_id = stored.snapshot["table"]["ledger_session_id"]
        hands = await db.fetchall("SELECT id FROM hands WHERE session_id = ?", (session_id,))
        assert len(hands) == 1
    finally:
        await svc.shutdown()


ALICE, BOB = Actor(101, "Alice"), Actor(102, "Bob")
NAMES = {101: "Alice", 102: "Bob", 103: "Carol"}
WIN = {"hand": "123m4p5m6p777s111z5m9s", "win": "9s", "bao": "5m"}


async def test_a_recorded_hand_is_refused_on_a_full_disk_with_nothing_written(
    tmp_path: Path,
) -> None:
    with DiskFull(tmp_path / "small") as disk:
        db = await open_database(disk.database, busy_timeout_ms=BUSY_MS)
        book = ScoreBook(db)
        try:
            roster = [RosterEntry("", 101), RosterEntry("", 102), RosterEntry("", 103)]
            await book.start(1, 10, ALICE, [*roster, RosterEntry("Lao Wang")], NAMES)
            first = await book.preview_tiles(1, 10, ALICE, **WIN)
            assert first.hand is not None
            before = await rows_of(disk.database)
            await disk.start()
            try:
                with pytest.raises(StorageUnavailable):
                    await book.preview_tiles(1, 10, ALICE, key="second", winner="2", **WIN)
                with pytest.raises(StorageUnavailable):
                    await book.confirm(1, first.hand.id, BOB)
                _says_full(db, disk.mounted)
                assert await rows_of(disk.database) == before  # nothing of either written
            finally:
                await disk.stop()
            second = await book.preview_tiles(1, 10, ALICE, key="second", winner="2", **WIN)
            assert db.health.current() is None
            assert (await book.confirm(1, first.hand.id, BOB)).counted
            hands = await db.fetchall("SELECT id FROM hands ORDER BY id")
            assert second.hand is not None
            assert [r["id"] for r in hands] == [first.hand.id, second.hand.id]  # once each
        finally:
            await db.close()


async def test_a_backup_into_a_full_folder_is_refused_and_leaves_nothing(
    tmp_path: Path,
) -> None:
    source = tmp_path / "bot.db"
    db = await open_database(source)
    try:
        await fill(db, hands=50, events=2000)
    finally:
        await db.close()
    with DiskFull(tmp_path / "backups", database="placeholder.db") as disk:
        disk.database.write_bytes(b"\0" * 65536)  # the file-size limit's measure, unmounted
        out = disk.folder / "b.db"
        await disk.start()
        try:
            with pytest.raises(BackupRefused) as caught:
                await take_backup(source, out)
        finally:
            await disk.stop()
        if disk.mounted:
            assert caught.value.key == "backup.no_space"
        else:  # the kernel's file-size limit: SQLite may read it as an I/O error
            assert caught.value.key in ("backup.no_space", "backup.write_failed")
        assert sorted(p.name for p in disk.folder.iterdir()) == ["placeholder.db"]
        taken = await take_backup(source, out)  # space is back
        assert taken.manifest.hands == 50
