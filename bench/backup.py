"""Benchmark of the checked backups (``shangrao-bot backup``): how long one of a big book takes,
and how much it holds up tables playing meanwhile (SQLite).

Fills a database with bench/ledger.py's book (``HANDS`` hands, 100,000 by default, in 31 guilds;
its fill, then migrations 7-12 as the bot applies them), then has ``--tables`` virtual tables
(8 by default) of four normal AIs play hand after hand through the table service on the real
clock (AI delay 50 ms, so each table saves a move about every 50 ms; nothing is shown). Two
probes run throughout: every table save's wait (the group-committed write, from its submission
to its commit) and the event loop's lag (a 5 ms sleep's overshoot).

Then, while the tables play, it copies the book with each way there is (the copy alone, no
check), to show why the backup copies the way it does:

- ``paced, one snapshot`` — the backup's own: the online backup, 1024 pages per step with a
  2 ms pause, inside one read transaction;
- ``one step`` — the online backup in one step;
- ``VACUUM INTO`` — SQLite's other consistent copy (it rebuilds every table and index);
- ``paced, no snapshot`` — the online backup in steps without the read transaction: SQLite
  restarts it whenever the tables committed between two steps (stopped after 200 restarts).

and last takes the real thing, :func:`take_backup` (copy, integrity check, rows checked, digest,
manifest, rename), and restores it into a new file (:func:`restore_backup`).

The backup's other steps are timed alone too: the check of the copy (integrity, every table's
rows) on a thread of normal priority and on the backup's own of the lowest
(``store/backups/background.py``), and the digest. For each: the seconds, and the longest save
wait and loop lag while it ran against the 6 s of the tables alone just before it. Run when the
machine is idle: the figures are the tables' waits.

Usage::

    python bench/backup.py [HANDS] [--tables N]

The last line is ``backup hands=<n> seconds=<x> size_mb=<x> longest_pause_ms=<x>
pause_before_ms=<x> save_ms_max=<x> loop_lag_ms_max=<x> saves=<n> restore_s=<x>``
(``longest_pause_ms``: the longest save wait or loop lag during the backup; ``pause_before_ms``:
the same over the 6 s just before it).
"""

from __future__ import annotations

import argparse
import asyncio
import random
import sqlite3
import sys
import tempfile
import threading
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from ledger import SEED  # bench/ledger.py: the same book
from ledger_book import fill_book

from shangrao_bot.service import NullPresenter, ServiceConfig, TableService
from shangrao_bot.store.backups.background import in_background
from shangrao_bot.store.backups.manifest import digest_of
from shangrao_bot.store.backups.restoring import restore_backup
from shangrao_bot.store.backups.sqlite_copy import (
    Contents,
    Pacing,
    check_copy,
    copy_database,
    open_read_only,
    read_contents,
)
from shangrao_bot.store.backups.taking import take_backup
from shangrao_bot.store.database.interface import Database
from shangrao_bot.store.database.opening import open_database

HANDS = 100_000
TABLES = 8
GUILD = 999_999_001
PLAY = ServiceConfig(ai_delay=0.05, min_between_hands=0.1, ready_seconds=0.1)
PROBE_S = 0.005
RESTARTS = 200  # the unsnapshotted copy is stopped after this many restarts


class GaveUp(Exception):
    """The unsnapshotted copy restarted :data:`RESTARTS` times."""


SETTLE_S = 5.0  # the tables play this long before the first measurement
QUIET_S = 6.0  # each measurement follows this long of the tables alone: its "before" window


@dataclass
class Probes:
    """Every table save's wait and every loop-lag sample, with when each began."""

    saves: list[tuple[float, float]]
    lags: list[tuple[float, float]]

    def window(self, start: float, end: float) -> tuple[float, float, int]:
        """The longest save wait and loop lag (ms) begun in ``[start, end)``, and the saves."""
        saves = [d for t, d in self.saves if start <= t < end]
        lags = [d for t, d in self.lags if start <= t < end]
        return max(saves, default=0.0) * 1000, max(lags, default=0.0) * 1000, len(saves)


def instrument(db: Database, probes: Probes) -> None:
    """Time every batch write (the tables' saves) of ``db``."""
    original = db.write

    async def timed(fn: Any, *, batch: bool = False) -> Any:
        start = time.perf_counter()
        try:
            return await original(fn, batch=batch)
        finally:
            if batch:
                probes.saves.append((start, time.perf_counter() - start))

    db.write = timed  # type: ignore[method-assign]


async def lag_probe(probes: Probes, running: Callable[[], bool]) -> None:
    while running():
        start = time.perf_counter()
        await asyncio.sleep(PROBE_S)
        probes.lags.append((start, max(0.0, time.perf_counter() - start - PROBE_S)))


async def keep_playing(svc: TableService, running: Callable[[], bool]) -> None:
    """Tables of four normal AIs, a new one opened whenever one ends."""
    while running():
        while len(svc.tables(GUILD)) < TABLES:
            info = await svc.create_table(GUILD, 1, 1, "bench", hands=64, seat_host=False)
            for _ in range(4):
                await svc.add_ai(info.id, 1, "normal")
            await svc.start(info.id, 1)
        await asyncio.sleep(0.5)


def read_contents_of(path: Path) -> Contents:
    conn = open_read_only(path)
    try:
        return read_contents(conn)
    finally:
        conn.close()


def vacuum_into(source: Path, out: Path) -> None:
    conn = open_read_only(source)
    try:
        conn.execute("VACUUM INTO ?", (str(out),))
    finally:
        conn.close()


def unsnapshotted(source: Path, out: Path) -> tuple[int, bool]:
    """The paced online backup without a read transaction around it: its restarts, and
    whether it finished (it is stopped after :data:`RESTARTS` restarts)."""
    src = open_read_only(source)
    dst = sqlite3.connect(out)
    restarts = 0
    last: int | None = None

    def progress(status: int, remaining: int, pages: int) -> None:
        nonlocal restarts, last
        if last is not None and remaining > last:
            restarts += 1
            if restarts >= RESTARTS:
                raise GaveUp
        last = remaining

    try:
        src.backup(dst, pages=1024, progress=progress, sleep=0.002)
    except GaveUp:
        return restarts, False
    finally:
        src.close()
        dst.close()
    return restarts, True


async def measured(
    name: str, probes: Probes, work: Callable[[], Awaitable[Any]]
) -> tuple[float, tuple[float, float, int], tuple[float, float, int], Any]:
    """``work`` timed after :data:`QUIET_S` of the tables alone, which is its "before"."""
    await asyncio.sleep(QUIET_S)
    start = time.perf_counter()
    result = await work()
    end = time.perf_counter()
    seconds = end - start
    during = probes.window(start, end)
    before = probes.window(start - QUIET_S, start)
    print(
        f"{name:24} {seconds:6.2f} s  longest save wait {during[0]:6.1f} ms "
        f"(before: {before[0]:5.1f}), loop lag {during[1]:5.1f} ms (before: {before[1]:5.1f}), "
        f"{during[2]} saves"
    )
    return seconds, during, before, result


async def main(hands: int, tables: int) -> None:
    global TABLES
    TABLES = tables
    with tempfile.TemporaryDirectory(prefix="shangrao-backup-bench-") as folder:
        path = Path(folder) / "book.db"
        db = await open_database(path, migrate_to=6)
        t = time.perf_counter()
        now = datetime.now(UTC) - timedelta(minutes=1)
        await db.write(lambda tx: fill_book(tx, db.kind, hands, random.Random(SEED), now))
        await db.close()
        print(f"filled {hands} hands in {time.perf_counter() - t:.1f} s")
        t = time.perf_counter()
        db = await open_database(path)
        print(f"migrations 7+ in {time.perf_counter() - t:.1f} s")
        print(f"the book: {path.stat().st_size / 1e6:.1f} MB")
        probes = Probes([], [])
        instrument(db, probes)
        live = True
        svc = TableService(db, NullPresenter(), config=PLAY)
        players = asyncio.create_task(keep_playing(svc, lambda: live))
        probe = asyncio.create_task(lag_probe(probes, lambda: live))
        try:
            await asyncio.sleep(SETTLE_S)
            print(f"{tables} tables playing; each copy while they play:")
            out = Path(folder) / "copies"
            out.mkdir()
            for name, pacing in (("paced, one snapshot", Pacing()), ("one step", Pacing(-1, 0))):
                target = out / f"{len(list(out.iterdir()))}.db"
                await measured(
                    name,
                    probes,
                    lambda p=pacing, o=target: asyncio.to_thread(  # type: ignore[misc]
                        copy_database, path, o, p, threading.Event()
                    ),
                )
            await measured(
                "VACUUM INTO", probes, lambda: asyncio.to_thread(vacuum_into, path, out / "v.db")
            )
            *_, (restarts, finished) = await measured(
                "paced, no snapshot",
                probes,
                lambda: asyncio.to_thread(unsnapshotted, path, out / "u.db"),
            )
            outcome = "finished" if finished else "stopped, no copy"
            print(f"{'':24} {restarts} restarts from the first page; {outcome}")
            print("the backup's other steps, on the paced copy:")
            copy = out / "0.db"
            contents = await asyncio.to_thread(read_contents_of, copy)
            for name, run_it in (
                ("check, normal priority", asyncio.to_thread),
                ("check, lowest priority", in_background),
            ):
                await measured(
                    name,
                    probes,
                    lambda r=run_it: r(check_copy, copy, contents),  # type: ignore[misc]
                )
            await measured("digest (sha256)", probes, lambda: in_background(digest_of, copy))
            print("the backup (copy, check, digest, manifest):")
            seconds, during, before, taken = await measured(
                "shangrao-bot backup", probes, lambda: take_backup(path, Path(folder) / "b.db")
            )
        finally:
            live = False
            await players
            await probe
            await svc.shutdown()
            await db.close()
        t = time.perf_counter()
        await restore_backup(taken.file, Path(folder) / "restored.db")
        restore_s = time.perf_counter() - t
        print(f"restored into a new file in {restore_s:.2f} s")
    size_mb = taken.manifest.size / 1e6
    print(
        f"backup hands={hands} seconds={seconds:.2f} size_mb={size_mb:.1f} "
        f"longest_pause_ms={max(during[:2]):.1f} pause_before_ms={max(before[:2]):.1f} "
        f"save_ms_max={during[0]:.1f} loop_lag_ms_max={during[1]:.1f} saves={during[2]} "
        f"restore_s={restore_s:.2f}"
    )


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("hands", nargs="?", type=int, default=HANDS)
    parser.add_argument("--tables", type=int, default=TABLES)
    args = parser.parse_args()
    asyncio.run(main(args.hands, args.tables))
