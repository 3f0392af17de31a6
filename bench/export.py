"""Benchmark of ``/export`` on a big book: 100,000 hands (four seats, three payments each) in
one server, exported as JSON and as CSV on the export's worker thread while a 10 ms timer on the
event loop measures how late it fires (how long other members' commands would wait).

The last line is exactly ``export hands=<n> seconds=<x> loop_lag_ms_max=<x>`` (the JSON export:
the slower of the two).
"""

from __future__ import annotations

import asyncio
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from shangrao_bot.store.database.interface import Database  # noqa: E402
from shangrao_bot.store.database.opening import open_database  # noqa: E402
from shangrao_bot.store.ledger.export import export_book  # noqa: E402
from tests.e2e.bigbook import LoopLag, fill_book  # noqa: E402

HANDS = 100_000
GUILD = 1


async def measure(db: Database, fmt: str) -> tuple[float, float, int, int]:
    """Seconds, the loop's worst lag (ms), rows and file size of one export."""
    with tempfile.TemporaryDirectory() as out:
        with LoopLag() as lag:
            t = time.perf_counter()
            done = await export_book(db, GUILD, None, fmt, Path(out), gzip_over=4 * 2**20)
            seconds = time.perf_counter() - t
        return seconds, lag.worst * 1000, done.rows, done.size


async def main() -> None:
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "bench.db"
        db = await open_database(path)
        t = time.perf_counter()
        await fill_book(db, GUILD, HANDS)
        print(f"filled {HANDS} hands in {time.perf_counter() - t:.1f} s")
        results = {}
        for fmt in ("csv", "json"):
            seconds, lag, rows, size = await measure(db, fmt)
            results[fmt] = seconds, lag
            print(
                f"{fmt}: {rows} rows in {seconds:.2f} s, {size / 2**20:.1f} MB gzipped,"
                f" event loop late by at most {lag:.0f} ms"
            )
        await db.close()
    seconds, lag = results["json"]
    print(f"export hands={HANDS} seconds={seconds:.2f} loop_lag_ms_max={lag:.0f}")


if __name__ == "__main__":
    asyncio.run(main())
