"""Benchmark of a restart: the first rating reads of a big server after the bot starts again.

Fills bench/ledger.py's book (SQLite; ``HANDS`` hands in 31 guilds, a tenth of them — 100,000
hands of 200 players by default — in the largest), then runs the largest guild as a running bot
would before a restart: the first rating read (the whole book folded; the fold's checkpoints
written to the database as it passes them), then :data:`NEW_HANDS` hands recorded and confirmed
with a rating read after every :data:`READ_EVERY` of them (the fold resumed), one of them voided
and the ratings read again. The database is closed: that is the restart.

Then each of the first ``/leaderboard metric:rating``, ``/profile`` and ``/stats`` of the largest
guild is timed in a Python process of its own, started fresh on the database as it was left (the
persisted checkpoints there, nothing in memory), from the moment the database is open: the
service calls the command makes (``service/book_reading.py``: whether to defer, the period,
the ranking by rating; the player, their figures and their rating figures), Discord left out.

Usage::

    python bench/cold_start.py [HANDS]

The last line is ``cold_start hands=<n> rating_board_s=<x> profile_s=<x> stats_s=<x> (target
< 2)``, ``hands`` the largest guild's counted hands.
"""

from __future__ import annotations

import asyncio
import json
import random
import subprocess
import sys
import tempfile
import time
from datetime import UTC, datetime, timedelta
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

import ledger as ledger_bench  # bench/ledger.py: the same book

from shangrao_bot.service import book_reading
from shangrao_bot.store.database.opening import open_database
from shangrao_bot.store.ledger import record_hand, void_hand
from shangrao_bot.store.ledger.ratings import guild_ratings

HANDS = 1_000_000
NEW_HANDS = 300  # recorded by the running bot before its restart
READ_EVERY = 50  # a rating read after every so many of them
TARGET_S = 2.0
COMMANDS = ("rating_board", "profile", "stats")


async def run_before_restart(path: Path, hands: int) -> tuple[int, int, int]:
    """Fill the book and run the largest guild as the bot would; (guild, its counted hands, its
    most active player)."""
    rng = random.Random(ledger_bench.SEED)
    now = datetime.now(UTC)
    db = await open_database(path, migrate_to=6)
    t = time.perf_counter()
    sessions = await db.write(
        lambda tx: ledger_bench.fill_book(tx, db.kind, hands, rng, now - timedelta(minutes=1))
    )
    await db.close()
    print(f"filled {hands} hands in {time.perf_counter() - t:.1f} s")
    t = time.perf_counter()
    db = await open_database(path)
    print(f"migrations to the latest version: {time.perf_counter() - t:.1f} s")
    try:
        row = await db.fetchone(
            "SELECT guild_id, COUNT(*) FROM hands WHERE status = 'confirmed'"
            " GROUP BY guild_id ORDER BY 2 DESC LIMIT 1"
        )
        assert row is not None
        guild = int(row[0])
        open_row = await db.fetchone(
            "SELECT id FROM sessions WHERE guild_id = ? AND status = 'open' LIMIT 1", (guild,)
        )
        assert open_row is not None and int(open_row[0]) in sessions
        session = int(open_row[0])
        t = time.perf_counter()
        book = await guild_ratings(db, guild)
        print(
            f"first fold of the running bot ({len(book.ratings)} players):"
            f" {time.perf_counter() - t:.1f} s"
        )
        recorded = []
        t = time.perf_counter()
        for n in range(1, NEW_HANDS + 1):
            hand = ledger_bench.fake_hand(rng)
            recorded.append((await record_hand(db, guild, session, hand, 1, confirmed=True)).id)
            if n % READ_EVERY == 0:
                await guild_ratings(db, guild)
        await void_hand(db, guild, recorded[-10], 1, "bench")
        await guild_ratings(db, guild)
        print(
            f"{NEW_HANDS} hands recorded, a rating read every {READ_EVERY}, one voided:"
            f" {time.perf_counter() - t:.1f} s"
        )
        player = await db.fetchone(
            "SELECT player_id FROM hand_seats WHERE guild_id = ? AND status = 'confirmed'"
            " GROUP BY player_id ORDER BY COUNT(*) DESC, player_id LIMIT 1",
            (guild,),
        )
        counted = await db.fetchone(
            "SELECT COUNT(*) FROM hands WHERE guild_id = ? AND status = 'confirmed'", (guild,)
        )
        assert player is not None and counted is not None
        if await _has_table(db, "rating_checkpoints"):
            kept = await db.fetchone(
                "SELECT COUNT(*), SUM(LENGTH(state) + LENGTH(steps)) FROM rating_checkpoints"
                " WHERE guild_id = ?",
                (guild,),
            )
            assert kept is not None
            print(f"checkpoints persisted: {kept[0]} ({(kept[1] or 0) / 2**20:.1f} MB)")
        return guild, int(counted[0]), int(player[0])
    finally:
        await db.close()


async def _has_table(db: object, name: str) -> bool:
    rows = await db.fetchall(  # type: ignore[attr-defined]
        "SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?", (name,)
    )
    return bool(rows)


async def first_read(path: Path, guild: int, player: int, command: str) -> float:
    """In a fresh process: the seconds ``command`` takes as the first read after the start."""
    db = await open_database(path)
    try:
        t = time.perf_counter()
        if command == "rating_board":
            await book_reading.ratings_stale(db, guild)  # whether the command defers
            period = await book_reading.board_period(db, guild, None, None)
            board = await book_reading.rating_leaderboard(db, guild, period, None, False)
            assert board.rows
        else:
            who = await book_reading.resolve_player(
                db, guild, f"#{player}", caller_id=0, caller_name="", account_name=""
            )
            await book_reading.player_figures(db, guild, who.id)
            await book_reading.ratings_stale(db, guild)
            figures = await book_reading.rating_figures(db, guild, who.id)
            assert figures.rating.games and figures.recent
        return time.perf_counter() - t
    finally:
        await db.close()


def in_fresh_process(path: Path, guild: int, player: int, command: str) -> float:
    out = subprocess.run(
        [sys.executable, __file__, "--first-read", str(path), str(guild), str(player), command],
        check=True,
        capture_output=True,
        text=True,
    ).stdout
    return float(json.loads(out.strip().splitlines()[-1])["seconds"])


def main(hands: int) -> None:
    with tempfile.TemporaryDirectory(prefix="shangrao-cold-start-") as folder:
        path = Path(folder) / "book.db"
        guild, counted, player = asyncio.run(run_before_restart(path, hands))
        took = {}
        for command in COMMANDS:
            took[command] = in_fresh_process(path, guild, player, command)
            print(f"restarted, first {command}: {took[command]:.2f} s")
    print(
        f"cold_start hands={counted} rating_board_s={took['rating_board']:.2f}"
        f" profile_s={took['profile']:.2f} stats_s={took['stats']:.2f}"
        f" (target < {TARGET_S:.0f})"
    )


if __name__ == "__main__":
    if len(sys.argv) > 1 and sys.argv[1] == "--first-read":
        _, _, db_path, guild_id, player_id, which = sys.argv
        seconds = asyncio.run(first_read(Path(db_path), int(guild_id), int(player_id), which))
        print(json.dumps({"seconds": seconds}))
    else:
        main(int(sys.argv[1]) if len(sys.argv) > 1 else HANDS)
