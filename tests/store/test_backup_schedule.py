"""The bot's scheduled backups (:class:`BackupSchedule`), on the manual clock: a backup at every
slot, the newest ``keep`` of its own kept and nothing else in the folder touched, a failed slot
one warning line and the next slot trying again, a restart that catches up, a stop that leaves
nothing, and of several processes on PostgreSQL only the leader taking them."""

from __future__ import annotations

import asyncio
import logging
import threading
from collections.abc import AsyncIterator, Callable
from pathlib import Path

import pytest

from shangrao_bot.service.clock import ManualClock
from shangrao_bot.store.backups.manifest import manifest_path, read_checked
from shangrao_bot.store.backups.schedule import (
    BackupSchedule,
    backup_name,
    next_slot,
    own_backups,
)
from shangrao_bot.store.backups.sqlite_copy import CopyStopped
from shangrao_bot.store.backups.taking import take_backup
from shangrao_bot.store.database.opening import open_database
from shangrao_bot.store.processes.postgres_coordination import PgCoordination
from tests.store.backup_helpers import fill

HOUR = 3600.0
DELAY = 30.0


@pytest.fixture
async def database(tmp_path: Path) -> Path:
    path = tmp_path / "bot.db"
    db = await open_database(path)
    try:
        await fill(db, hands=2)
    finally:
        await db.close()
    return path


@pytest.fixture
def clock() -> ManualClock:
    return ManualClock()


Schedules = Callable[..., BackupSchedule]


async def asleep(clock: ManualClock, count: int = 1) -> None:
    """Until ``count`` schedules wait on the clock (a schedule reads its folder on a thread
    before its first wait)."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + 30
    while clock.pending < count:
        assert loop.time() < deadline, "the schedule never waited"
        await asyncio.sleep(0.001)


@pytest.fixture
async def schedules(clock: ManualClock) -> AsyncIterator[Schedules]:
    """Makes started schedules on the manual clock; all stopped at the end."""
    made: list[BackupSchedule] = []

    def make(
        source: str | Path, folder: Path, keep: int = 3, leader: Callable[[], bool] = lambda: True
    ) -> BackupSchedule:
        kind = "postgresql" if str(source).startswith("postgresql://") else "sqlite"
        schedule = BackupSchedule(
            str(source), kind, folder, HOUR, keep, is_leader=leader, clock=clock, start_delay=DELAY
        )
        schedule.start()
        made.append(schedule)
        return schedule

    yield make
    for schedule in made:
        await schedule.stop()


def _names(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.iterdir())


async def test_the_newest_backups_are_kept_and_nothing_else_is_touched(
    database: Path, tmp_path: Path, clock: ManualClock, schedules: Schedules
) -> None:
    folder = tmp_path / "backups"
    folder.mkdir()
    foreign = {
        "notes.txt": b"mine",
        "manual.db": b"an operator's own backup",
        "manual.db.manifest.json": b"{}",
        "shangrao-backup-latest.db": b"not the schedule's name",
        "shangrao-backup-20200101T000000Z.db.old": b"nor this",
    }
    for name, data in foreign.items():
        (folder / name).write_bytes(data)
    schedule = schedules(database, folder, keep=3)
    taken: list[str] = []
    await asleep(clock)
    await clock.advance(DELAY)  # no backup yet: one at once after start-up
    assert schedule.last is not None and schedule.last.file is not None
    taken.append(schedule.last.file.name)
    for _ in range(5):  # then one per slot
        await clock.advance(next_slot(clock.now(), HOUR) - clock.now())
        assert schedule.last.file is not None and schedule.last.failure is None
        taken.append(schedule.last.file.name)
    assert len(set(taken)) == 6
    assert taken[1:] == [backup_name(s, "sqlite") for s in _slots(clock.now(), 5)]
    kept = [p.name for _, p in own_backups(folder)]
    assert kept == taken[-3:]
    for name in kept:
        assert read_checked(folder / name).hands == 2
    assert _names(folder) == sorted(
        [*foreign, *kept, *(manifest_path(folder / n).name for n in kept)]
    )
    for name, data in foreign.items():
        assert (folder / name).read_bytes() == data


def _slots(last: float, count: int) -> list[float]:
    return [last - HOUR * (count - 1 - n) for n in range(count)]


async def test_a_failed_slot_is_one_warning_and_the_next_slot_tries_again(
    database: Path,
    tmp_path: Path,
    clock: ManualClock,
    schedules: Schedules,
    caplog: pytest.LogCaptureFixture,
) -> None:
    folder = tmp_path / "backups"
    folder.write_text("a file where the folder should be")
    schedule = schedules(database, folder)
    await asleep(clock)
    with caplog.at_level(logging.WARNING):
        await clock.advance(DELAY)
    assert schedule.last is not None and schedule.last.file is None
    warnings = [r for r in caplog.records if r.levelno >= logging.WARNING]
    assert len(warnings) == 1 and warnings[0].exc_info is None
    assert warnings[0].getMessage().startswith("scheduled backup failed, next try at the next slot")
    assert "\n" not in warnings[0].getMessage()
    folder.unlink()  # fixed: the next slot goes through
    await clock.advance(next_slot(clock.now(), HOUR) - clock.now())
    assert schedule.last.file is not None and schedule.last.failure is None
    assert [p for _, p in own_backups(folder)] == [schedule.last.file]


async def test_a_restart_catches_up_only_when_the_last_backup_is_old(
    database: Path, tmp_path: Path, clock: ManualClock
) -> None:
    folder = tmp_path / "backups"
    fresh = BackupSchedule(
        str(database), "sqlite", folder, HOUR, 3, is_leader=lambda: True, clock=clock
    )
    assert fresh.first_wait() == fresh.start_delay  # none yet
    await take_backup(database, folder / backup_name(clock.now() - 60, "sqlite"))
    assert fresh.first_wait() == next_slot(clock.now(), HOUR) - clock.now()  # a recent one
    await clock.advance(HOUR)
    assert fresh.first_wait() == fresh.start_delay  # an interval old: catch up


async def test_a_follower_takes_no_backup(
    database: Path, tmp_path: Path, clock: ManualClock, schedules: Schedules
) -> None:
    leading = False
    schedule = schedules(database, tmp_path / "backups", leader=lambda: leading)
    await asleep(clock)
    await clock.advance(DELAY)
    await clock.advance(next_slot(clock.now(), HOUR) - clock.now())
    assert schedule.last is None and own_backups(tmp_path / "backups") == []
    leading = True  # the role moved here
    await clock.advance(next_slot(clock.now(), HOUR) - clock.now())
    assert schedule.last is not None and len(own_backups(tmp_path / "backups")) == 1


async def test_a_stopped_copy_leaves_nothing(database: Path, tmp_path: Path) -> None:
    stop = threading.Event()
    stop.set()
    with pytest.raises(CopyStopped):
        await take_backup(database, tmp_path / "out" / "b.db", stop=stop)
    assert _names(tmp_path / "out") == []


@pytest.mark.slow
async def test_of_two_processes_on_postgresql_only_the_leader_backs_up(
    pg_url: str, tmp_path: Path, clock: ManualClock, schedules: Schedules
) -> None:
    db = await open_database(pg_url)
    try:
        await fill(db, hands=2)
    finally:
        await db.close()
    first, second = PgCoordination(pg_url), PgCoordination(pg_url)
    await first.start()
    await second.start()
    try:
        assert first.is_leader and not second.is_leader
        leader = schedules(pg_url, tmp_path / "a", leader=lambda: first.is_leader)
        schedules(pg_url, tmp_path / "b", leader=lambda: second.is_leader)
        await asleep(clock, 2)
        await clock.advance(DELAY)
        await clock.advance(next_slot(clock.now(), HOUR) - clock.now())
        assert len(own_backups(tmp_path / "a")) == 2 and own_backups(tmp_path / "b") == []
        _, taken = own_backups(tmp_path / "a")[-1]
        assert taken.suffix == ".dump" and read_checked(taken).hands == 2
        await leader.stop()  # the leader's process stops: the other takes over within seconds
        await first.close()
        loop = asyncio.get_running_loop()
        deadline = loop.time() + 30
        while not second.is_leader:
            assert loop.time() < deadline, "no new leader"
            await asyncio.sleep(0.1)
        await clock.advance(next_slot(clock.now(), HOUR) - clock.now())
        assert len(own_backups(tmp_path / "a")) == 2 and len(own_backups(tmp_path / "b")) == 1
    finally:
        await first.close()
        await second.close()
