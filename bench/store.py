"""Benchmark of the store's write path: a virtual table's save, the old way and the new, side by
side in one run on a real database file.

``N`` tables (20, 40 and 80 by default) play at once, each a coroutine that saves ``--saves``
moves back to back: ``games.append_events`` with one or two events and the table's snapshot
(synthetic JSON of a snapshot's size, ~3 KB) — the save every move of a virtual table makes.

* **old** (the reference): the write path the store had before, reimplemented here as it was —
  one aiosqlite writer connection under an asyncio lock, ``BEGIN IMMEDIATE``, then each
  statement awaited in turn (status check, last seq, one insert per event, the snapshot
  update, ``COMMIT``): every statement a hop between the event loop and aiosqlite's thread.
* **new**: the store's ``games.append_events`` as it is: the whole save one call on the writer
  thread, and the saves that queue up meanwhile committed together (group commit).

Two runs per path and table count, each on a fresh file migrated like the bot's:

* **flat out**: every table saves again as soon as its save returns — the most saves per second
  the path takes (the headline figure), with each save's latency (p50, p99) and, for the new
  path, the saves per commit;
* **paced**: every table saves once per ``--pace`` ms (100 by default: 800 saves/s offered by
  80 tables), as tables at play would — each save's latency p99 and the event loop's lag (a
  probe sleeping 5 ms, its overshoot, p99) at the same offered load for both paths. (Flat out,
  the loop lag only says the loop is saturated, by more saves per second on the new path.)

The reference is the old path: each new figure is printed with its ratio to the old one. The
last line is exactly ``store old_writes_per_s=<x> new_writes_per_s=<x> ratio=<x>``: the flat
out saves per second at the largest table count.

Run: ``python bench/store.py`` (``--tables 20,40,80``, ``--saves 40``, ``--pace 100``, ``--dir``
for the database files' directory, a temporary one by default).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import sqlite3
import sys
import tempfile
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import aiosqlite

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from shangrao_bot.store import games
from shangrao_bot.store.database.interface import BUSY_TIMEOUT_MS, now_iso
from shangrao_bot.store.database.opening import open_database
from shangrao_bot.store.errors import InvalidRecord, NotFound

GUILD = 1
PROBE_S = 0.005

Save = Callable[[int, list[dict[str, Any]], dict[str, Any]], Awaitable[int]]


class OldStore:
    """The store's former write path, for reference: one aiosqlite connection, an asyncio lock
    around each transaction, every statement awaited on aiosqlite's thread."""

    def __init__(self, conn: aiosqlite.Connection) -> None:
        self._conn = conn
        self._lock = asyncio.Lock()

    @classmethod
    async def open(cls, path: Path) -> OldStore:
        conn = await aiosqlite.connect(str(path), isolation_level=None)
        await conn.execute("PRAGMA journal_mode=WAL")
        await conn.execute("PRAGMA foreign_keys=ON")
        await conn.execute(f"PRAGMA busy_timeout={BUSY_TIMEOUT_MS}")
        await conn.execute("PRAGMA synchronous=NORMAL")
        conn.row_factory = sqlite3.Row
        return cls(conn)

    async def close(self) -> None:
        await self._conn.close()

    async def _fetch_in(self, sql: str, params: tuple[Any, ...]) -> list[sqlite3.Row]:
        async with self._conn.execute(sql, params) as cur:
            return list(await cur.fetchall())

    async def append_events(
        self, table_id: int, events: list[dict[str, Any]], snapshot: dict[str, Any] | None
    ) -> int:
        """``games.append_events`` as it was, statement for statement."""
        conn = self._conn
        async with self._lock:
            await conn.execute("BEGIN IMMEDIATE")
            try:
                rows = await self._fetch_in(
                    "SELECT status FROM game_tables WHERE id = ?", (table_id,)
                )
                if not rows:
                    raise NotFound(f"table #{table_id} does not exist")
                if rows[0]["status"] != "open":
                    raise InvalidRecord(f"table #{table_id} is closed")
                last = await self._fetch_in(
                    "SELECT COALESCE(MAX(seq), 0) FROM game_events WHERE table_id = ?",
                    (table_id,),
                )
                seq = int(last[0][0])
                at = now_iso()
                for e in events:
                    seq += 1
                    await conn.execute(
                        "INSERT INTO game_events (table_id, seq, event, at) VALUES (?, ?, ?, ?)",
                        (table_id, seq, json.dumps(e, ensure_ascii=False), at),
                    )
                if snapshot is not None:
                    await conn.execute(
                        "UPDATE game_tables SET snapshot = ?, snapshot_seq = ?, updated_at = ?"
                        " WHERE id = ?",
                        (json.dumps(snapshot, ensure_ascii=False), seq, at, table_id),
                    )
                await conn.execute("COMMIT")
            except BaseException:
                if conn.in_transaction:
                    await conn.execute("ROLLBACK")
                raise
        return seq


def snapshot_of(table: int, move: int) -> dict[str, Any]:
    """A stand-in for an engine snapshot: four hands, discards, melds, the wall, ~3 KB."""
    tiles = [f"{1 + (i * 7 + move) % 9}{'mpsz'[(i + table) % 4]}" for i in range(136)]
    return {
        "version": 1,
        "table": table,
        "move": move,
        "hands": [tiles[s * 13 : s * 13 + 13] for s in range(4)],
        "discards": [tiles[52 + s * 6 : 58 + s * 6] for s in range(4)],
        "melds": [[tiles[80:83]], [], [tiles[83:87]], []],
        "wall": tiles[87:],
        "scores": [0, 0, 0, 0],
        "seed": "0" * 64,
    }


def events_of(table: int, move: int) -> list[dict[str, Any]]:
    events = [{"type": "discard", "seat": move % 4, "tile": "5m", "move": move}]
    if move % 3 == 0:
        events.append({"type": "draw", "seat": (move + 1) % 4, "move": move})
    return events


def pct(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


@dataclass
class Result:
    writes_per_s: float
    p50_ms: float
    p99_ms: float
    lag_p99_ms: float
    per_commit: float | None = None


async def run_tables(
    save: Save, table_ids: list[int], saves: int, pace_s: float | None = None
) -> Result:
    """Every table saves ``saves`` moves, all tables at once: back to back, or one every
    ``pace_s`` seconds (each table starting at a different moment of the period)."""
    latencies: list[float] = []
    lags: list[float] = []
    stop = False

    async def probe() -> None:
        while not stop:
            t = time.perf_counter()
            await asyncio.sleep(PROBE_S)
            lags.append(time.perf_counter() - t - PROBE_S)

    async def table(n: int, table_id: int) -> None:
        first = start + (pace_s or 0.0) * n / len(table_ids)
        for move in range(saves):
            if pace_s is not None:
                await asyncio.sleep(max(0.0, first + move * pace_s - time.perf_counter()))
            events, snapshot = events_of(n, move), snapshot_of(n, move)
            t = time.perf_counter()
            await save(table_id, events, snapshot)
            latencies.append(time.perf_counter() - t)

    prober = asyncio.create_task(probe())
    start = time.perf_counter()
    await asyncio.gather(*(table(n, t) for n, t in enumerate(table_ids)))
    elapsed = time.perf_counter() - start
    stop = True
    await prober
    return Result(
        len(latencies) / elapsed,
        pct(latencies, 0.5) * 1000,
        pct(latencies, 0.99) * 1000,
        pct(lags, 0.99) * 1000 if lags else 0.0,
    )


async def fresh(path: Path, tables: int) -> list[int]:
    """A migrated database file with ``tables`` open tables."""
    db = await open_database(path)
    try:
        return [(await games.create_table(db, GUILD, 100 + n)).id for n in range(tables)]
    finally:
        await db.close()


async def check(path: Path, table_ids: list[int], saves: int) -> None:
    """Both paths must have written the same thing: every table's seq contiguous."""
    expected = sum(len(events_of(0, m)) for m in range(saves))  # same for every table
    db = await open_database(path)
    try:
        for t in table_ids:
            rows = await db.fetchall("SELECT seq FROM game_events WHERE table_id = ?", (t,))
            assert sorted(r[0] for r in rows) == list(range(1, expected + 1)), t
    finally:
        await db.close()


async def bench_old(path: Path, tables: int, saves: int, pace_s: float | None) -> Result:
    ids = await fresh(path, tables)
    store = await OldStore.open(path)
    try:
        result = await run_tables(store.append_events, ids, saves, pace_s)
    finally:
        await store.close()
    await check(path, ids, saves)
    return result


async def bench_new(path: Path, tables: int, saves: int, pace_s: float | None) -> Result:
    ids = await fresh(path, tables)
    db = await open_database(path)
    try:
        before = db.commits

        async def save(table_id: int, events: list[dict[str, Any]], snap: dict[str, Any]) -> int:
            return await games.append_events(db, table_id, events, snap)

        result = await run_tables(save, ids, saves, pace_s)
        result.per_commit = tables * saves / max(1, db.commits - before)
    finally:
        await db.close()
    await check(path, ids, saves)
    return result


async def main(counts: list[int], saves: int, pace_s: float, directory: Path) -> None:
    last: tuple[Result, Result] | None = None
    for n in counts:
        old = await bench_old(directory / f"old-{n}.db", n, saves, None)
        new = await bench_new(directory / f"new-{n}.db", n, saves, None)
        print(
            f"tables={n:<3} flat out  old: {old.writes_per_s:6.0f} saves/s"
            f"  p50 {old.p50_ms:7.2f} ms  p99 {old.p99_ms:7.2f} ms"
        )
        print(
            f"{'':20} new: {new.writes_per_s:6.0f} saves/s"
            f"  p50 {new.p50_ms:7.2f} ms  p99 {new.p99_ms:7.2f} ms"
            f"  {new.per_commit:.1f} saves/commit"
        )
        print(
            f"{'':20} new/old: saves/s x{new.writes_per_s / old.writes_per_s:.2f}"
            f"  p99 x{new.p99_ms / old.p99_ms:.2f}"
        )
        old_p = await bench_old(directory / f"old-paced-{n}.db", n, saves, pace_s)
        new_p = await bench_new(directory / f"new-paced-{n}.db", n, saves, pace_s)
        offered = n / pace_s
        print(
            f"{'':10} paced     old: p99 {old_p.p99_ms:7.2f} ms  loop lag p99"
            f" {old_p.lag_p99_ms:6.2f} ms  ({offered:.0f} saves/s offered,"
            f" {old_p.writes_per_s:.0f} taken)"
        )
        print(
            f"{'':20} new: p99 {new_p.p99_ms:7.2f} ms  loop lag p99"
            f" {new_p.lag_p99_ms:6.2f} ms  ({offered:.0f} saves/s offered,"
            f" {new_p.writes_per_s:.0f} taken)"
        )
        print(
            f"{'':20} new/old: p99 x{new_p.p99_ms / old_p.p99_ms:.2f}"
            f"  loop lag p99 x{new_p.lag_p99_ms / max(old_p.lag_p99_ms, 1e-3):.2f}"
        )
        last = (old, new)
    assert last is not None
    old, new = last
    print(
        f"store old_writes_per_s={old.writes_per_s:.0f} new_writes_per_s={new.writes_per_s:.0f}"
        f" ratio={new.writes_per_s / old.writes_per_s:.2f}"
    )


def cli() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tables", default="20,40,80", help="table counts, comma-separated")
    parser.add_argument("--saves", type=int, default=40, help="saves per table")
    parser.add_argument("--pace", type=float, default=100.0, help="ms between a table's saves")
    parser.add_argument("--dir", type=Path, help="directory of the database files")
    args = parser.parse_args()
    counts = [int(n) for n in args.tables.split(",") if n.strip()]
    if args.dir is not None:
        args.dir.mkdir(parents=True, exist_ok=True)
        asyncio.run(main(counts, args.saves, args.pace / 1000, args.dir))
    else:
        with tempfile.TemporaryDirectory(prefix="bench-store-") as tmp:
            asyncio.run(main(counts, args.saves, args.pace / 1000, Path(tmp)))


if __name__ == "__main__":
    cli()
