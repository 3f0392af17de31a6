"""Benchmark of the SQLite ledger (its targets: recording and leaderboards).

Fills a fresh database file with 250,000 hands (four seats each, realistic payments: 自摸 wins
paid by three seats with 飞宝 doubling, kong bonuses, 流局) across 200 players in 10 guilds — the
bulk fill writes the very rows :func:`record_hand` writes, through one sqlite3 connection, because
a quarter of a million awaited single-hand transactions would take the benchmark's whole budget
— then measures through the real async API:

* ``record``: :func:`shangrao_bot.store.ledger.record_hand` of one hand with its payments in a
  transaction (p50 over 300 calls; target ≤ 5 ms);
* ``leaderboard``: :func:`shangrao_bot.store.stats.leaderboard` of one guild over its 25,000
  hands (p50 over 30 calls, rotating guilds; target ≤ 100 ms);
* a few more figures for context (player stats, history, CSV export of a session).

The reference is the target itself: each figure is printed with its ratio to the target. The last
line is exactly ``ledger hands=<n> record_ms=<p50> leaderboard_ms=<p50>``.
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
from pathlib import Path

from shangrao_bot.store.db import Database, now_iso
from shangrao_bot.store.export import export_book
from shangrao_bot.store.ledger import HandIn, PaymentIn, record_hand
from shangrao_bot.store.stats import history, leaderboard, player_stats

HANDS = int(sys.argv[1]) if len(sys.argv) > 1 else 250_000
GUILDS = 10
PLAYERS = 200
HANDS_PER_SESSION = 16
PATTERNS = ["平胡自摸", "宝吊头", "十三浪", "七对", "碰碰胡", "清七对", "宝吊无宝", "九幺"]


def fake_hand(rng: random.Random) -> HandIn:
    if rng.random() < 0.08:  # 流局 with maybe a kong bonus
        pays: list[PaymentIn] = []
        if rng.random() < 0.5:
            k = rng.randrange(4)
            pays = [PaymentIn(s, k, 2, "angang") for s in range(4) if s != k]
        return _with_deltas("draw", pays, (), ())
    winner = rng.randrange(4)
    value = rng.choice([2, 2, 2, 3, 4, 4, 6, 8, 10, 16])
    flown = [1 if rng.random() < 0.15 else 0 for _ in range(4)]
    pays = [PaymentIn(s, winner, value * 2 ** flown[s], "win") for s in range(4) if s != winner]
    if rng.random() < 0.2:
        k = rng.randrange(4)
        pays += [PaymentIn(s, k, 1, "minggang") for s in range(4) if s != k]
    return _with_deltas("win", pays, (winner,), (winner,), tuple(flown), rng.choice(PATTERNS))


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


def bulk_fill(path: Path, hands: int, rng: random.Random) -> list[int]:
    """Write players, sessions, hands, seats, payments and audit rows; returns session ids
    (one per guild, left open for the record benchmark)."""
    conn = sqlite3.connect(path)
    conn.execute("PRAGMA synchronous=OFF")
    at = now_iso()
    players_by_guild: dict[int, list[int]] = {}
    pid = 0
    for g in range(1, GUILDS + 1):
        ids = []
        for _ in range(PLAYERS // GUILDS):
            pid += 1
            conn.execute(
                "INSERT INTO players (id, guild_id, user_id, display_name, created_at)"
                " VALUES (?, ?, ?, ?, ?)",
                (pid, g, 10_000 + pid, f"player{pid}", at),
            )
            ids.append(pid)
        players_by_guild[g] = ids
    hand_id = 0
    session_id = 0
    open_sessions = []
    per_guild = hands // GUILDS
    for g in range(1, GUILDS + 1):
        made = 0
        while made < per_guild:
            session_id += 1
            seats = rng.sample(players_by_guild[g], 4)
            conn.execute(
                "INSERT INTO sessions (id, guild_id, channel_id, kind, rules, stake, status,"
                " opened_by, opened_at) VALUES (?, ?, 1, 'physical', '{}', 1, 'closed', ?, ?)",
                (session_id, g, seats[0], at),
            )
            conn.executemany(
                "INSERT INTO session_seats VALUES (?, ?, ?)",
                [(session_id, s, p) for s, p in enumerate(seats)],
            )
            hrows, srows, prows, arows = [], [], [], []
            for seq in range(1, min(HANDS_PER_SESSION, per_guild - made) + 1):
                hand_id += 1
                h = fake_hand(rng)
                day = f"2026-{1 + hand_id % 11:02d}-{1 + hand_id % 28:02d}T12:00:00.000+00:00"
                hrows.append(
                    (
                        hand_id,
                        g,
                        session_id,
                        seq,
                        0,
                        "5m",
                        h.outcome,
                        h.pattern,
                        json.dumps({"winners": list(h.winners)}),
                        seats[0],
                        "confirmed",
                        day,
                        day,
                    )
                )
                for s in range(4):
                    srows.append(
                        (
                            hand_id,
                            s,
                            seats[s],
                            g,
                            "confirmed",
                            day,
                            h.deltas[s],
                            int(s in h.winners),
                            int(s in h.self_draw),
                            h.flown[s],
                        )
                    )
                prows += [
                    (hand_id, seats[p.payer], seats[p.payee], p.amount, p.reason)
                    for p in h.payments
                ]
                arows.append((g, seats[0], "record", "hand", hand_id, day))
                made += 1
            conn.executemany(
                "INSERT INTO hands (id, guild_id, session_id, seq, dealer_seat, bao, outcome,"
                " pattern, detail, recorded_by, status, created_at, confirmed_at)"
                " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                hrows,
            )
            conn.executemany("INSERT INTO hand_seats VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)", srows)
            conn.executemany(
                "INSERT INTO payments (hand_id, payer_id, payee_id, amount, reason)"
                " VALUES (?, ?, ?, ?, ?)",
                prows,
            )
            conn.executemany(
                "INSERT INTO audit (guild_id, actor, action, entity, entity_id, at)"
                " VALUES (?, ?, ?, ?, ?, ?)",
                arows,
            )
        session_id += 1
        seats = rng.sample(players_by_guild[g], 4)
        conn.execute(
            "INSERT INTO sessions (id, guild_id, channel_id, kind, rules, stake, opened_by,"
            " opened_at) VALUES (?, ?, 1, 'physical', '{}', 1, ?, ?)",
            (session_id, g, seats[0], at),
        )
        conn.executemany(
            "INSERT INTO session_seats VALUES (?, ?, ?)",
            [(session_id, s, p) for s, p in enumerate(seats)],
        )
        open_sessions.append(session_id)
    conn.commit()
    conn.execute("ANALYZE")
    conn.close()
    return open_sessions


def p50(samples: list[float]) -> float:
    return statistics.median(samples) * 1000


async def measure(path: Path, sessions: list[int], rng: random.Random) -> tuple[float, float]:
    db = await Database.open(path)
    try:
        record_times = []
        for i in range(300):
            g = 1 + i % GUILDS
            t = time.perf_counter()
            await record_hand(db, g, sessions[g - 1], fake_hand(rng), 1, idempotency_key=f"b{i}")
            record_times.append(time.perf_counter() - t)
        board_times = []
        for i in range(30):
            t = time.perf_counter()
            board = await leaderboard(db, 1 + i % GUILDS, include_guests=True)
            board_times.append(time.perf_counter() - t)
        assert len(board) == PLAYERS // GUILDS
        hands_in_guild = await db.fetchone("SELECT COUNT(*) FROM hands WHERE guild_id = 1")
        top = (await leaderboard(db, 1))[0]
        t = time.perf_counter()
        await player_stats(db, 1, top.player.id)
        stats_ms = (time.perf_counter() - t) * 1000
        t = time.perf_counter()
        await history(db, 1, limit=20)
        history_ms = (time.perf_counter() - t) * 1000
        t = time.perf_counter()
        with tempfile.TemporaryDirectory() as out:
            await export_book(db.path, 1, sessions[0] - 1, "csv", Path(out), gzip_over=2**30)
        export_ms = (time.perf_counter() - t) * 1000
    finally:
        await db.close()
    rec, brd = p50(record_times), p50(board_times)
    assert hands_in_guild is not None
    print(
        f"record_hand: p50 {rec:.2f} ms, p90 "
        f"{sorted(record_times)[int(0.9 * len(record_times))] * 1000:.2f} ms over 300 "
        f"(target ≤ 5 ms: {5 / rec:.1f}x under)"
    )
    print(
        f"leaderboard of one guild ({hands_in_guild[0]} hands): p50 {brd:.1f} ms over 30 "
        f"(target ≤ 100 ms: {100 / brd:.1f}x under)"
    )
    print(
        f"player stats {stats_ms:.1f} ms; history (20) {history_ms:.1f} ms; "
        f"CSV export of one session {export_ms:.1f} ms"
    )
    return rec, brd


def main() -> None:
    rng = random.Random(250_000)
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "bench.db"
        asyncio.run(_create(path))  # an empty, migrated database
        t = time.perf_counter()
        sessions = bulk_fill(path, HANDS, rng)
        fill = time.perf_counter() - t
        size = path.stat().st_size / 1e6
        print(
            f"filled {HANDS} hands, {PLAYERS} players, {GUILDS} guilds in {fill:.1f} s "
            f"({size:.0f} MB)"
        )
        rec, brd = asyncio.run(measure(path, sessions, rng))
    print(f"ledger hands={HANDS} record_ms={rec:.2f} leaderboard_ms={brd:.1f}")


async def _create(path: Path) -> None:
    db = await Database.open(path)
    await db.close()


if __name__ == "__main__":
    main()
