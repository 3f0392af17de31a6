"""Benchmark of the SQLite ledger: leaderboards and player statistics over a big book, and what
keeping their running totals costs a write.

Fills a database file with 1,000,000 hands (four seats each, realistic payments: 自摸 and discard
wins, 飞宝 doubling, kong bonuses, 流局) in 31 guilds — 100,000 hands of 200 players in the
largest, 30,000 of 40 players in each other — spread over the last 365 days. The fill is bulk
SQL at schema version 6, before the running totals exist (a million awaited single-hand
transactions would take the benchmark's whole budget): a few hundred hand templates written by
Python, then ``INSERT … SELECT`` statements that stamp them into the book. Opening the database
then applies migration 7, whose backfill computes the totals from the hands: the totals are
made by the backfill path, not by the triggers, and that upgrade is timed (what a big server's
first start on the new version costs). The triggers' cost is measured on their own: recording
(:func:`record_hand`, confirmed) and voiding a hand on the same book with and without them, in
alternating rounds (the load of a shared machine then falls on both alike).

Then, for the largest guild, every period and metric ``/leaderboard`` offers is timed twice —
the scan query the totals replaced (``tests/store/scan_reference.py``, median of 3) and the
totals (median of 7) — and the two results are checked equal; :func:`player_stats` likewise
for the guild's three most active players. The last line is exactly
``ledger hands=<n> largest=<n> leaderboard_ms_max=<x> stats_ms_max=<x> (target < 20)``, the
maxima over every period and metric (and player) of the totals' median.
"""

from __future__ import annotations

import asyncio
import json
import random
import sqlite3
import statistics
import sys
import tempfile
import time
from collections.abc import Awaitable, Callable
from datetime import UTC, datetime, timedelta
from functools import partial
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # the scan reference, in tests/

from shangrao_bot.store.db import Database
from shangrao_bot.store.ledger import HandIn, PaymentIn, record_hand, void_hand
from shangrao_bot.store.stats import METRICS, leaderboard, player_stats
from tests.store.scan_reference import scan_leaderboard, scan_player_stats

HANDS = int(sys.argv[1]) if len(sys.argv) > 1 else 1_000_000
LARGEST = HANDS // 10  # hands of guild 1
OTHER_HANDS = 30_000  # hands of each other guild (the last one takes the remainder)
LARGEST_PLAYERS = 200
OTHER_PLAYERS = 40
HANDS_PER_SESSION = 16
DAYS = 365
TEMPLATES = 997
PATTERNS = ["平胡自摸", "宝吊头", "十三浪", "七对", "碰碰胡", "清七对", "宝吊无宝", "九幺"]
PERIOD_DAYS = {"week": 7, "month": 30, "season": 90, "all": None}  # as cogs/ledger.py offers
BOARD_LINES = 20  # /leaderboard's limit; "biggest" reads every player (then keeps winners)
TARGET_MS = 20.0
WRITES = 200
WRITE_ROUNDS = 10


def fake_hand(rng: random.Random) -> HandIn:
    if rng.random() < 0.08:  # 流局 with maybe a kong bonus
        pays: list[PaymentIn] = []
        if rng.random() < 0.5:
            k = rng.randrange(4)
            pays = [PaymentIn(s, k, 2, "angang") for s in range(4) if s != k]
        return _with_deltas("draw", pays, (), ())
    winner = rng.randrange(4)
    value = rng.choice([2, 2, 2, 3, 4, 4, 6, 8, 10, 16])
    flown = tuple(1 if rng.random() < 0.15 else 0 for _ in range(4))
    if rng.random() < 0.6:  # 自摸: every other seat pays
        pays = [PaymentIn(s, winner, value * 2 ** flown[s], "win") for s in range(4) if s != winner]
        self_draw: tuple[int, ...] = (winner,)
    else:  # the discarder pays
        d = rng.choice([s for s in range(4) if s != winner])
        pays = [PaymentIn(d, winner, value * 2 ** flown[d], "win")]
        self_draw = ()
    if rng.random() < 0.2:
        k = rng.randrange(4)
        pays += [PaymentIn(s, k, 1, "minggang") for s in range(4) if s != k]
    return _with_deltas("win", pays, (winner,), self_draw, flown, rng.choice(PATTERNS))


def _with_deltas(
    outcome: str,
    pays: list[PaymentIn],
    winners: tuple[int, ...],
    self_draw: tuple[int, ...],
    flown: tuple[int, ...] = (0, 0, 0, 0),
    pattern: str | None = None,
) -> HandIn:
    deltas = [0] * 4
    for p in pays:
        deltas[p.payer] -= p.amount
        deltas[p.payee] += p.amount
    return HandIn(outcome, tuple(pays), tuple(deltas), winners, self_draw, flown, 0, "5m", pattern)


def guild_sizes(hands: int) -> list[tuple[int, int]]:
    """(hands, players) per guild, the largest first."""
    sizes = [(LARGEST, LARGEST_PLAYERS)]
    left = hands - LARGEST
    while left > 0:
        n = OTHER_HANDS if left >= 2 * OTHER_HANDS else left
        sizes.append((n, OTHER_PLAYERS))
        left -= n
    return sizes


def bulk_fill(path: Path, hands: int, rng: random.Random) -> list[int]:
    """Write players, sessions, hands, seats and payments at schema version 6; returns one open
    session per guild (for the write benchmark)."""
    conn = sqlite3.connect(path, isolation_level=None)
    conn.execute("PRAGMA journal_mode=OFF")
    conn.execute("PRAGMA synchronous=OFF")
    conn.execute("PRAGMA cache_size=-400000")
    conn.execute("BEGIN")
    # the book's indexes are built once at the end (faster than 8 million random inserts)
    indexes = conn.execute(
        "SELECT name, sql FROM sqlite_master WHERE type = 'index' AND sql IS NOT NULL"
        " AND tbl_name IN ('hands', 'hand_seats', 'payments')"
    ).fetchall()
    for name, _ in indexes:
        conn.execute(f"DROP INDEX {name}")
    templates = [fake_hand(rng) for _ in range(TEMPLATES)]
    conn.execute(
        "CREATE TEMP TABLE tpl (id INTEGER PRIMARY KEY, outcome TEXT, pattern TEXT, detail TEXT)"
    )
    conn.execute(
        "CREATE TEMP TABLE tpl_seat (tpl INTEGER, seat INTEGER, delta INTEGER, won INTEGER,"
        " self_draw INTEGER, flown INTEGER)"
    )
    conn.execute(
        "CREATE TEMP TABLE tpl_pay (tpl INTEGER, n INTEGER, payer INTEGER, payee INTEGER,"
        " amount INTEGER, reason TEXT)"
    )
    for i, h in enumerate(templates):
        conn.execute(
            "INSERT INTO tpl VALUES (?, ?, ?, ?)",
            (i, h.outcome, h.pattern, json.dumps({"winners": list(h.winners)})),
        )
        conn.executemany(
            "INSERT INTO tpl_seat VALUES (?, ?, ?, ?, ?, ?)",
            [
                (i, s, h.deltas[s], int(s in h.winners), int(s in h.self_draw), h.flown[s])
                for s in range(4)
            ],
        )
        conn.executemany(
            "INSERT INTO tpl_pay VALUES (?, ?, ?, ?, ?, ?)",
            [(i, n, p.payer, p.payee, p.amount, p.reason) for n, p in enumerate(h.payments)],
        )
    # one row per hand: its guild, session, number, template and moment (spread over DAYS,
    # oldest first, the newest just before now)
    conn.execute(
        "CREATE TEMP TABLE plan (id INTEGER PRIMARY KEY, guild INTEGER, session INTEGER,"
        " seq INTEGER, tpl INTEGER, at TEXT)"
    )
    now = datetime.now(UTC).replace(microsecond=0) - timedelta(minutes=1)
    start = now - timedelta(days=DAYS)
    span = (now - start).total_seconds()
    at = start.isoformat(timespec="milliseconds")
    pid = 0
    hand_id = 0
    session_id = 0
    open_sessions = []
    for g, (n_hands, n_players) in enumerate(guild_sizes(hands), start=1):
        players = list(range(pid + 1, pid + n_players + 1))
        pid += n_players
        conn.executemany(
            "INSERT INTO players (id, guild_id, user_id, display_name, created_at)"
            " VALUES (?, ?, ?, ?, ?)",
            [(p, g, 10_000 + p, f"player{p}", at) for p in players],
        )
        plan, sessions, seats = [], [], []
        for first in range(0, n_hands, HANDS_PER_SESSION):
            session_id += 1
            sessions.append((session_id, g, 0, seats_of(rng, players, seats, session_id), at))
            for seq in range(1, min(HANDS_PER_SESSION, n_hands - first) + 1):
                hand_id += 1
                moment = start + timedelta(seconds=span * (first + seq) / n_hands)
                plan.append(
                    (
                        hand_id,
                        g,
                        session_id,
                        seq,
                        rng.randrange(TEMPLATES),
                        moment.isoformat(timespec="milliseconds"),
                    )
                )
        session_id += 1
        sessions.append((session_id, g, 1, seats_of(rng, players, seats, session_id), at))
        open_sessions.append(session_id)
        conn.executemany(
            "INSERT INTO sessions (id, guild_id, channel_id, kind, rules, stake, status,"
            " opened_by, opened_at) VALUES (?, ?, 1, 'physical', '{}', 1,"
            " CASE WHEN ? THEN 'open' ELSE 'closed' END, ?, ?)",
            sessions,
        )
        conn.executemany("INSERT INTO session_seats VALUES (?, ?, ?)", seats)
        conn.executemany("INSERT INTO plan VALUES (?, ?, ?, ?, ?, ?)", plan)
    conn.execute(
        "INSERT INTO hands (id, guild_id, session_id, seq, dealer_seat, bao, outcome, pattern,"
        " detail, recorded_by, status, created_at, confirmed_at)"
        " SELECT p.id, p.guild, p.session, p.seq, 0, '5m', t.outcome, t.pattern, t.detail, 1,"
        " 'confirmed', p.at, p.at FROM plan p JOIN tpl t ON t.id = p.tpl ORDER BY p.id"
    )
    conn.execute(
        "INSERT INTO hand_seats (hand_id, seat, player_id, guild_id, status, created_at, delta,"
        " won, self_draw, flown)"
        " SELECT p.id, s.seat, ss.player_id, p.guild, 'confirmed', p.at, s.delta, s.won,"
        " s.self_draw, s.flown FROM plan p JOIN tpl_seat s ON s.tpl = p.tpl"
        " JOIN session_seats ss ON ss.session_id = p.session AND ss.seat = s.seat"
        " ORDER BY p.id, s.seat"
    )
    conn.execute(
        "INSERT INTO payments (hand_id, payer_id, payee_id, amount, reason)"
        " SELECT p.id, a.player_id, b.player_id, t.amount, t.reason"
        " FROM plan p JOIN tpl_pay t ON t.tpl = p.tpl"
        " JOIN session_seats a ON a.session_id = p.session AND a.seat = t.payer"
        " JOIN session_seats b ON b.session_id = p.session AND b.seat = t.payee"
        " ORDER BY p.id, t.n"
    )
    for _, sql in indexes:
        conn.execute(sql)
    conn.execute("COMMIT")
    conn.execute("PRAGMA analysis_limit=1000")  # approximate statistics, in a second
    conn.execute("ANALYZE")
    conn.execute("PRAGMA journal_mode=WAL")
    conn.close()
    return open_sessions


def seats_of(
    rng: random.Random, players: list[int], seats: list[tuple[int, int, int]], session: int
) -> int:
    chosen = rng.sample(players, 4)
    seats += [(session, s, p) for s, p in enumerate(chosen)]
    return chosen[0]


def ms(samples: list[float]) -> float:
    return statistics.median(samples) * 1000


async def timed(runs: int, call: Callable[[], Awaitable[Any]]) -> tuple[float, Any]:
    """Median milliseconds of ``runs`` calls, and the last call's result."""
    samples = []
    result = None
    for _ in range(runs):
        t = time.perf_counter()
        result = await call()
        samples.append(time.perf_counter() - t)
    return ms(samples), result


def set_triggers(path: Path, sql: dict[str, str], on: bool) -> None:
    """Create (``on``) or drop the running totals' triggers."""
    conn = sqlite3.connect(path, isolation_level=None)
    try:
        for name, create in sql.items():
            conn.execute(create if on else f"DROP TRIGGER {name}")
    finally:
        conn.close()


async def write_costs(path: Path, session: int, rng: random.Random) -> dict[str, list[float]]:
    """Seconds of recording a confirmed hand and of voiding it, with and without the totals'
    triggers, in alternating rounds on the same book (so that the machine's load falls on both
    alike). Each round voids the hands it recorded, so the totals stay exact either way."""
    conn = sqlite3.connect(path)
    sql = dict(
        conn.execute(
            "SELECT name, sql FROM sqlite_master WHERE type = 'trigger' AND name LIKE 'totals_%'"
        ).fetchall()
    )
    conn.close()
    times: dict[str, list[float]] = {k: [] for k in ("record+", "record-", "void+", "void-")}
    db = await Database.open(path)
    try:
        for _ in range(WRITE_ROUNDS):
            for on in (True, False):
                if not on:
                    set_triggers(path, sql, False)
                mark = "+" if on else "-"
                ids = []
                for _ in range(WRITES // WRITE_ROUNDS):
                    t = time.perf_counter()
                    hand = await record_hand(db, 1, session, fake_hand(rng), 1, confirmed=True)
                    times["record" + mark].append(time.perf_counter() - t)
                    ids.append(hand.id)
                for hand_id in ids:
                    t = time.perf_counter()
                    await void_hand(db, 1, hand_id, 1, "bench")
                    times["void" + mark].append(time.perf_counter() - t)
                if not on:
                    set_triggers(path, sql, True)
    finally:
        await db.close()
    return times


async def reads(path: Path) -> tuple[float, float]:
    db = await Database.open(path)
    try:
        hands = await db.fetchone("SELECT COUNT(*) FROM hands WHERE guild_id = 1")
        assert hands is not None
        print(f"largest guild: {hands[0]} hands; /leaderboard (median ms, scan vs totals)")
        board_max = 0.0
        for period, days in PERIOD_DAYS.items():
            since = (datetime.now(UTC) - timedelta(days=days)).isoformat() if days else None
            for metric in METRICS:
                limit = 100_000 if metric == "biggest" else BOARD_LINES
                kwargs: dict[str, Any] = {"metric": metric, "since": since, "limit": limit}
                old_ms, old = await timed(3, partial(scan_leaderboard, db, 1, **kwargs))
                new_ms, new = await timed(7, partial(leaderboard, db, 1, **kwargs))
                assert new == old, (period, metric)
                board_max = max(board_max, new_ms)
                print(
                    f"  {period:<6} {metric:<8} scan {old_ms:7.1f}  totals {new_ms:6.2f}"
                    f"  ({old_ms / new_ms:5.1f}x faster, {len(new)} rows)"
                )
        active = await db.fetchall(
            "SELECT player_id, hands FROM totals_all WHERE guild_id = 1 ORDER BY hands DESC LIMIT 3"
        )
        stats_max = 0.0
        for row in active:
            pid = row["player_id"]
            old_ms, old = await timed(3, partial(scan_player_stats, db, 1, pid))
            new_ms, new = await timed(7, partial(player_stats, db, 1, pid))
            assert new == old, pid
            stats_max = max(stats_max, new_ms)
            print(
                f"  /stats of player {pid} ({row['hands']} hands): scan {old_ms:.1f} ms,"
                f" totals {new_ms:.2f} ms ({old_ms / new_ms:.1f}x faster)"
            )
    finally:
        await db.close()
    return board_max, stats_max


async def _create(path: Path) -> None:
    db = await Database.open(path, migrate_to=6)
    await db.close()


async def _upgrade(path: Path) -> None:
    db = await Database.open(path)
    await db.close()


def main() -> None:
    rng = random.Random(1_000_000)
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "bench.db"
        asyncio.run(_create(path))  # an empty database at version 6
        t = time.perf_counter()
        sessions = bulk_fill(path, HANDS, rng)
        fill = time.perf_counter() - t
        guilds = len(guild_sizes(HANDS))
        print(
            f"filled {HANDS} hands in {guilds} guilds (largest {LARGEST}) in {fill:.1f} s"
            f" ({path.stat().st_size / 1e6:.0f} MB), schema version 6"
        )
        t = time.perf_counter()
        asyncio.run(_upgrade(path))
        print(f"migration 7 (totals backfilled from the hands): {time.perf_counter() - t:.1f} s")
        costs = asyncio.run(write_costs(path, sessions[0], rng))
        for name in ("record", "void"):
            with_totals, without = ms(costs[name + "+"]), ms(costs[name + "-"])
            print(
                f"{name}_hand: p50 {without:.2f} ms without the totals' triggers,"
                f" {with_totals:.2f} ms with them ({with_totals - without:+.2f} ms),"
                f" {WRITES} each, interleaved"
            )
        board_max, stats_max = asyncio.run(reads(path))
    print(
        f"ledger hands={HANDS} largest={LARGEST} leaderboard_ms_max={board_max:.2f}"
        f" stats_ms_max={stats_max:.2f} (target < {TARGET_MS:.0f})"
    )


if __name__ == "__main__":
    main()
