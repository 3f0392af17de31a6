"""A backup taken while 20 virtual tables of AI players play (the table service on the manual
clock, saving move after move, its writes running while the copy is made): restored, it is the
database at one moment — each table's event log exactly the source's up to the copy's last
sequence number, its snapshot standing at that number, every hand of the book the source's
own row for row, the running totals exactly the hands' — and its open tables resume and play to
their end on the restored database. On SQLite (the online backup in small paced steps, so the
copy spans many of the tables' commits) and on PostgreSQL (pg_dump of an exported snapshot)."""

from __future__ import annotations

import asyncio
from collections import defaultdict
from pathlib import Path
from typing import Any

import pytest

from shangrao_bot.service import TableService
from shangrao_bot.store.backups.restoring import restore_backup
from shangrao_bot.store.backups.sqlite_copy import Pacing
from shangrao_bot.store.backups.taking import take_backup
from shangrao_bot.store.database.interface import Database, is_postgres_url
from shangrao_bot.store.database.opening import open_database
from shangrao_bot.store.ledger.stats import METRICS, leaderboard
from tests.conftest import NewTarget
from tests.service.conftest import (
    FAST,
    GUILD,
    ManualClock,
    RecordingPresenter,
    open_table,
    seeds_for,
)
from tests.store.scan_reference import scan_leaderboard

TABLES = 20
SMALL_STEPS = Pacing(pages=1, pause=0.005)  # the copy spans many of the tables' commits


async def _count(db: Database, sql: str) -> int:
    row = await db.fetchone(sql)
    assert row is not None
    return int(row[0])


async def _logs(db: Database) -> dict[int, list[tuple[int, str]]]:
    logs: dict[int, list[tuple[int, str]]] = defaultdict(list)
    for r in await db.fetchall("SELECT table_id, seq, event FROM game_events ORDER BY 1, 2"):
        logs[int(r[0])].append((int(r[1]), str(r[2])))
    return dict(logs)


async def _rows(db: Database, sql: str) -> list[tuple[Any, ...]]:
    return [tuple(r) for r in await db.fetchall(sql)]


BOOK = {  # the book's rows, each table in an order that follows its commits
    "hands": "SELECT * FROM hands ORDER BY id",
    "hand_seats": "SELECT * FROM hand_seats ORDER BY hand_id, seat",
    "payments": "SELECT hand_id, * FROM payments ORDER BY hand_id, id",
    "audit": "SELECT * FROM audit ORDER BY id",
}


async def _play_until(clock: ManualClock, done: Any) -> None:
    while not done():
        if not await clock.advance_next():
            await asyncio.sleep(0.01)  # nothing due: the copy's own thread is still at work


@pytest.mark.slow
async def test_a_backup_taken_while_twenty_tables_play_restores_that_moment(
    new_target: NewTarget, tmp_path: Path, clock: ManualClock
) -> None:
    source = await new_target()
    db = await open_database(source)
    try:
        presenter = RecordingPresenter(clock)
        svc = TableService(db, presenter, clock=clock, config=FAST, seeds=seeds_for)
        try:
            tables = [
                await open_table(svc, humans=(), ais=("normal",) * 4, hands=2)
                for _ in range(TABLES)
            ]
            # play until some first hands are in the book, then back up while all play on
            hands_now = 0
            while hands_now < 3:
                assert await clock.advance_next()
                hands_now = await _count(db, "SELECT COUNT(*) FROM hands")
            events_before = await _count(db, "SELECT COUNT(*) FROM game_events")
            commits_before = db.commits
            out = tmp_path / ("b.dump" if is_postgres_url(source) else "b.db")
            backup = asyncio.create_task(take_backup(source, out, pacing=SMALL_STEPS))
            await _play_until(clock, backup.done)
            taken = backup.result()
            assert db.commits > commits_before + 10, "the tables wrote while the copy was made"
            for _ in range(200):  # and on, so the source moves past the backup's moment
                if not await clock.advance_next():
                    break
        finally:
            await svc.shutdown()
        source_logs = await _logs(db)
        source_book = {name: await _rows(db, sql) for name, sql in BOOK.items()}
    finally:
        await db.close()

    target = await new_target()
    await restore_backup(out, target)
    copy = await open_database(target)
    try:
        copy_logs = await _logs(copy)
        assert sum(len(log) for log in copy_logs.values()) >= events_before
        assert sum(len(log) for log in copy_logs.values()) == taken.manifest.tables["game_events"]
        moved_on = 0
        for table_id in tables:
            log = copy_logs.get(table_id, [])
            assert [seq for seq, _ in log] == list(range(1, len(log) + 1))
            assert log == source_logs[table_id][: len(log)]  # the source's, up to its last seq
            moved_on += len(source_logs[table_id]) > len(log)
            row = await copy.fetchone(
                "SELECT snapshot_seq FROM game_tables WHERE id = ?", (table_id,)
            )
            assert row is not None and int(row[0]) == len(log)  # the snapshot stands there
        assert moved_on > 0, "the source went on past the backup's moment"
        for name, sql in BOOK.items():  # every row of the book is the source's own
            rows = await _rows(copy, sql)
            if name in ("hands", "audit"):
                assert rows == source_book[name][: len(rows)], name
            else:
                hands = {r[0] for r in await _rows(copy, BOOK["hands"])}
                assert rows == [r for r in source_book[name] if r[0] in hands], name
        assert len(await _rows(copy, BOOK["hands"])) >= hands_now
        for metric in METRICS:  # the running totals are exactly the copy's hands
            kwargs: dict[str, Any] = {"metric": metric, "include_guests": True, "limit": 1000}
            assert await leaderboard(copy, GUILD, **kwargs) == await scan_leaderboard(
                copy, GUILD, **kwargs
            )

        # the open tables resume from the restored database and play to their end
        shown = RecordingPresenter(clock)
        again = TableService(copy, shown, clock=clock, config=FAST, seeds=seeds_for)
        try:
            resumed = {info.id for info in await again.resume_all()}
            assert resumed and resumed <= set(tables)
            await _play_until(clock, lambda: len(shown.named("table_closed")) == len(resumed))
            assert {c.args["reason"] for c in shown.named("table_closed")} == {"completed"}
        finally:
            await again.shutdown()
        for table_id, log in (await _logs(copy)).items():
            assert [seq for seq, _ in log] == list(range(1, len(log) + 1)), table_id
        per_session = await copy.fetchall(
            "SELECT session_id, COUNT(*), COUNT(DISTINCT seq) FROM hands GROUP BY session_id"
        )
        assert len(per_session) == TABLES
        assert {(int(r[1]), int(r[2])) for r in per_session} == {(2, 2)}
    finally:
        await copy.close()
