"""Benchmark of the ratings and the season leaderboards over a big book (SQLite).

Fills a database the way ``bench/ledger.py`` does (its fill: ``HANDS`` hands in 31 guilds, a
tenth of them — 100,000 hands of 200 players by default — in the largest, spread over the year
before the run), opens it at the latest schema version, then, for the largest guild, times:

- reading its counted hands in rating order (:func:`ledger_games`);
- the first fold of every hand (:func:`guild_ratings` with a cold cache and no checkpoint in the
  database yet: the first read after the upgrade that brought them; a restart afterwards
  resumes from them, which ``bench/cold_start.py`` times);
- a read with nothing changed (the cached book: one query for the ledger version);
- a new hand recorded and confirmed, then the ratings (the fold resumed from its last
  checkpoint: a few hundred games at most);
- a void of a hand recorded a thousand hands before the last (its session closed long ago: its
  status set as a void sets it), then the ratings;
- the rating leaderboard, all time and over a 90-day season;
- the season leaderboard of every metric read from the period buckets (the season is a period:
  target < 20 ms, like every leaderboard).

Usage::

    python bench/ratings.py [HANDS]

The last line is ``ratings hands=<n> largest=<n> read_s=<x> first_fold_s=<x> cached_ms=<x>
new_hand_ms=<x> void_recent_ms=<x> rating_board_ms=<x> season_board_ms_max=<x>``.
"""

from __future__ import annotations

import asyncio
import random
import statistics
import sys
import tempfile
import time
from datetime import UTC, datetime, timedelta
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

import ledger as ledger_bench  # bench/ledger.py: the same book

from shangrao_bot.store.database.opening import open_database
from shangrao_bot.store.ledger import record_hand, void_hand
from shangrao_bot.store.ledger.hands import _set_status as set_status
from shangrao_bot.store.ledger.ratings import guild_ratings, ledger_games
from shangrao_bot.store.ledger.stats import METRICS, leaderboard, rating_leaderboard

HANDS = 1_000_000


async def timed(runs: int, call: object) -> float:
    """The median of ``runs`` calls, in milliseconds."""
    samples = []
    for _ in range(runs):
        t = time.perf_counter()
        await call()  # type: ignore[operator]
        samples.append((time.perf_counter() - t) * 1000)
    return statistics.median(samples)


async def main(hands: int) -> None:
    rng = random.Random(ledger_bench.SEED)
    now = datetime.now(UTC)
    with tempfile.TemporaryDirectory(prefix="shangrao-ratings-") as folder:
        path = Path(folder) / "book.db"
        db = await open_database(path, migrate_to=6)
        t = time.perf_counter()
        sessions = await db.write(
            lambda tx: ledger_bench.fill_book(tx, db.kind, hands, rng, now - timedelta(minutes=1))
        )
        await db.close()
        print(f"filled {hands} hands in {time.perf_counter() - t:.1f} s")
        t = time.perf_counter()
        db = await open_database(path)
        print(
            f"migrations 7-10 (totals and ledger versions backfilled): "
            f"{time.perf_counter() - t:.1f} s"
        )
        try:
            row = await db.fetchone(
                "SELECT guild_id, COUNT(*) FROM hands WHERE status = 'confirmed'"
                " GROUP BY guild_id ORDER BY 2 DESC LIMIT 1"
            )
            assert row is not None
            guild, largest = int(row[0]), int(row[1])
            open_row = await db.fetchone(
                "SELECT id FROM sessions WHERE guild_id = ? AND status = 'open' LIMIT 1", (guild,)
            )
            assert open_row is not None and int(open_row[0]) in sessions
            session = int(open_row[0])
            t = time.perf_counter()
            games = await ledger_games(db, guild)
            read_s = time.perf_counter() - t
            print(f"read {len(games)} games of the largest guild in {read_s:.2f} s")
            t = time.perf_counter()
            book = await guild_ratings(db, guild)
            first_s = time.perf_counter() - t
            print(
                f"first fold (cold cache, {len(book.ratings)} players): {first_s:.1f} s"
                f" ({first_s / len(games) * 1e6:.0f} µs a hand, the read included)"
            )
            cached = await timed(7, lambda: guild_ratings(db, guild))
            print(f"ratings with nothing changed (cached): {cached:.2f} ms")
            hand = ledger_bench.fake_hand(rng)
            recorded = await record_hand(db, guild, session, hand, 1, confirmed=True)
            t = time.perf_counter()
            await guild_ratings(db, guild)
            new_ms = (time.perf_counter() - t) * 1000
            print(f"after a new hand (read again, fold resumed): {new_ms:.0f} ms")
            target = (await ledger_games(db, guild))[-1000].hand_id
            await db.write(lambda tx: set_status(tx, target, "voided", "bench"))  # closed session
            t = time.perf_counter()
            await guild_ratings(db, guild)
            void_ms = (time.perf_counter() - t) * 1000
            print(f"after voiding the hand 1000 hands back: {void_ms:.0f} ms")
            await void_hand(db, guild, recorded.id, 1, "bench")
            await guild_ratings(db, guild)
            since = (now - timedelta(days=90)).isoformat()
            until = (now - timedelta(days=5)).isoformat()
            board_ms = max(
                await timed(7, lambda: rating_leaderboard(db, guild, min_games=1)),
                await timed(
                    7, lambda: rating_leaderboard(db, guild, since=since, until=until, min_games=1)
                ),
            )
            print(f"rating leaderboard (all time, a season): {board_ms:.1f} ms at most")
            season_ms = 0.0
            for metric in METRICS:
                took = await timed(
                    7,
                    lambda m=metric: leaderboard(  # type: ignore[misc]
                        db, guild, metric=m, since=since, until=until, min_hands=1
                    ),
                )
                print(f"  season leaderboard by {metric}: {took:.2f} ms")
                season_ms = max(season_ms, took)
        finally:
            await db.close()
    print(
        f"ratings hands={hands} largest={largest} read_s={read_s:.2f} first_fold_s={first_s:.1f}"
        f" cached_ms={cached:.2f} new_hand_ms={new_ms:.0f} void_recent_ms={void_ms:.0f}"
        f" rating_board_ms={board_ms:.1f} season_board_ms_max={season_ms:.2f} (target < 20)"
    )


if __name__ == "__main__":
    asyncio.run(main(int(sys.argv[1]) if len(sys.argv) > 1 else HANDS))
