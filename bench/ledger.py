"""Benchmark of the ledger: leaderboards and player statistics over a big book, and what keeping
their running totals costs a write — on SQLite, on PostgreSQL, or on both in one run.

Fills a database with 1,000,000 hands (four seats each, realistic payments: 自摸 and discard
wins, 飞宝 doubling, kong bonuses, 流局) in 31 guilds — 100,000 hands of 200 players in the
largest, 30,000 of 40 players in each other — spread over the 365 days before the run. The fill
is bulk SQL at schema version 6, before the running totals exist (a million awaited single-hand
transactions would take the benchmark's whole budget): one transaction function
(:meth:`Database.write`) of the database opened at version 6 writes a few hundred hand
templates from Python, then ``INSERT … SELECT`` statements stamp them into the book. The SQL is
the same on both databases; only the bulk load's housekeeping differs (which catalog lists the
indexes it drops and rebuilds; on PostgreSQL, foreign keys dropped and validated again at the
end, the identity sequences moved past the ids written, and ``VACUUM ANALYZE`` afterwards, as
autovacuum would leave a settled book). Both books are identical, row for row.

Opening the database then applies migration 7, whose backfill computes the totals from the
hands: the totals are made by the backfill path, not by the triggers, and that upgrade is timed
(what a big server's first start on the new version costs). The triggers' cost is measured on
their own: recording (:func:`record_hand`, confirmed) and voiding a hand on the same book with
and without them, in alternating rounds (the load of a shared machine then falls on both alike).

Then, for the largest guild, every period and metric ``/leaderboard`` offers is timed twice —
the scan query the totals replaced (``tests/store/scan_reference.py``, median of 3) and the
totals (median of 7) — and the two results are checked equal; :func:`player_stats` likewise
for the guild's three most active players.

Usage::

    python bench/ledger.py [HANDS] [--database DB]...

``--database`` (repeatable, at most one of each kind): ``sqlite`` (a temporary file),
``postgres-temp`` (a throwaway PostgreSQL cluster of the server binaries ``tests/pg_cluster.py``
finds, deleted afterwards), or a ``postgresql://`` URL (the bench creates a scratch database on
that server — the user needs ``CREATEDB`` — and drops it afterwards). The databases are measured
one after the other, each on the same book.

Without ``--database`` the run is SQLite's alone and its output is as it always was: the last
line is exactly
``ledger hands=<n> largest=<n> leaderboard_ms_max=<x> stats_ms_max=<x> (target < 20)``, the
maxima over every period and metric (and player) of the totals' median. With ``--database``
each database's section is headed by its name, and the run ends with a side-by-side table,
then that line once per database with ``db=<sqlite|postgresql>`` after ``ledger`` (nothing else
changes), then, with two databases, ``ledger compare=postgresql/sqlite fill=<x> migrate=<x>
record=<x> void=<x> leaderboard_ms_max=<x> stats_ms_max=<x>``: PostgreSQL's figure divided by
SQLite's (above 1: PostgreSQL is slower).

The book's fill lives in ``bench/ledger_book.py``, the databases it is measured on in
``bench/ledger_databases.py``; this script measures and reports.
"""

from __future__ import annotations

import argparse
import asyncio
import random
import statistics
import sys
import tempfile
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from functools import partial
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # the scan reference, in tests/

from ledger_book import fake_hand, fill_book, guild_sizes
from ledger_databases import (
    POSTGRES_TEMP,
    SQLITE,
    database_spec,
    kind_of,
    provide,
    settings_of,
    settle,
)

from shangrao_bot.store.database.interface import Database
from shangrao_bot.store.database.opening import open_database
from shangrao_bot.store.database.transactions import Tx
from shangrao_bot.store.ledger import record_hand, void_hand
from shangrao_bot.store.ledger.stats import METRICS, leaderboard, player_stats
from tests.store.scan_reference import scan_leaderboard, scan_player_stats

HANDS = 1_000_000
PERIOD_DAYS = {"week": 7, "month": 30, "season": 90, "all": None}  # as cogs/ledger.py offers
BOARD_LINES = 20  # /leaderboard's limit; "biggest" reads every player (then keeps winners)
TARGET_MS = 20.0
WRITES = 200
WRITE_ROUNDS = 10
SEED = 1_000_000


# --- the measurements ---------------------------------------------------------------------------


@dataclass
class Figures:
    """One database's results."""

    kind: str
    hands: int
    fill_s: float = 0.0
    migrate_s: float = 0.0
    write_ms: dict[str, float] = field(default_factory=dict)  # "record+" … p50, ms
    board: dict[tuple[str, str], tuple[float, float, int]] = field(default_factory=dict)
    stats: list[tuple[int, int, float, float]] = field(default_factory=list)
    board_max: float = 0.0
    stats_max: float = 0.0

    def line(self, tagged: bool) -> str:
        tag = f" db={self.kind}" if tagged else ""
        return (
            f"ledger{tag} hands={self.hands} largest={self.hands // 10}"
            f" leaderboard_ms_max={self.board_max:.2f} stats_ms_max={self.stats_max:.2f}"
            f" (target < {TARGET_MS:.0f})"
        )


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


async def totals_triggers(db: Database) -> list[tuple[str, str, str]]:
    """The running totals' triggers: (name, table, the statement creating it)."""
    if db.kind == "postgresql":
        rows = await db.fetchall(
            "SELECT t.tgname, c.relname, pg_get_triggerdef(t.oid) FROM pg_trigger t"
            " JOIN pg_class c ON c.oid = t.tgrelid"
            " WHERE NOT t.tgisinternal AND t.tgname LIKE 'totals_%' ORDER BY t.tgname"
        )
    else:
        rows = await db.fetchall(
            "SELECT name, tbl_name, sql FROM sqlite_master WHERE type = 'trigger'"
            " AND name LIKE 'totals_%' ORDER BY name"
        )
    return [(r[0], r[1], r[2]) for r in rows]


async def set_triggers(db: Database, triggers: list[tuple[str, str, str]], on: bool) -> None:
    """Create (``on``) or drop the running totals' triggers, in one write transaction."""

    async def toggle(tx: Tx) -> None:
        for name, table, create in triggers:
            if on:
                await tx.execute(create)
            elif db.kind == "postgresql":
                await tx.execute(f"DROP TRIGGER {name} ON {table}")
            else:
                await tx.execute(f"DROP TRIGGER {name}")

    await db.write(toggle)


async def write_costs(db: Database, session: int, rng: random.Random) -> dict[str, list[float]]:
    """Seconds of recording a confirmed hand and of voiding it, with and without the totals'
    triggers, in alternating rounds on the same book (so that the machine's load falls on both
    alike). Each round voids the hands it recorded, so the totals stay exact either way."""
    triggers = await totals_triggers(db)
    assert len(triggers) == 8, triggers
    times: dict[str, list[float]] = {k: [] for k in ("record+", "record-", "void+", "void-")}
    for _ in range(WRITE_ROUNDS):
        for on in (True, False):
            if not on:
                await set_triggers(db, triggers, False)
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
                await set_triggers(db, triggers, True)
    return times


async def reads(db: Database, now: datetime, figures: Figures) -> None:
    hands = await db.fetchone("SELECT COUNT(*) FROM hands WHERE guild_id = 1")
    assert hands is not None
    print(f"largest guild: {hands[0]} hands; /leaderboard (median ms, scan vs totals)")
    for period, days in PERIOD_DAYS.items():
        since = (now - timedelta(days=days)).isoformat() if days else None
        for metric in METRICS:
            limit = 100_000 if metric == "biggest" else BOARD_LINES
            kwargs: dict[str, Any] = {"metric": metric, "since": since, "limit": limit}
            old_ms, old = await timed(3, partial(scan_leaderboard, db, 1, **kwargs))
            new_ms, new = await timed(7, partial(leaderboard, db, 1, **kwargs))
            assert new == old, (period, metric)
            figures.board[period, metric] = (old_ms, new_ms, len(new))
            figures.board_max = max(figures.board_max, new_ms)
            print(
                f"  {period:<6} {metric:<8} scan {old_ms:7.1f}  totals {new_ms:6.2f}"
                f"  ({old_ms / new_ms:5.1f}x faster, {len(new)} rows)"
            )
    active = await db.fetchall(
        "SELECT player_id, hands FROM totals_all WHERE guild_id = 1"
        " ORDER BY hands DESC, player_id LIMIT 3"
    )
    for row in active:
        pid = row["player_id"]
        old_ms, old = await timed(3, partial(scan_player_stats, db, 1, pid))
        new_ms, new = await timed(7, partial(player_stats, db, 1, pid))
        assert new == old, pid
        figures.stats.append((pid, row["hands"], old_ms, new_ms))
        figures.stats_max = max(figures.stats_max, new_ms)
        print(
            f"  /stats of player {pid} ({row['hands']} hands): scan {old_ms:.1f} ms,"
            f" totals {new_ms:.2f} ms ({old_ms / new_ms:.1f}x faster)"
        )


async def measure(spec: str, hands: int, now: datetime, folder: Path, heading: bool) -> Figures:
    """Fill, migrate and time one database (``--database`` ``spec``), printing as it goes;
    ``now``: the moment the book ends at and the periods count back from."""
    rng = random.Random(SEED)  # every database gets the same book
    async with provide(spec, folder) as (target, what):
        db = await open_database(target, migrate_to=6)  # an empty database at version 6
        figures = Figures(db.kind, hands)
        try:
            if heading:
                print(f"== {db.kind}: {what}; {await settings_of(db)} ==")
            book_end = now - timedelta(minutes=1)
            t = time.perf_counter()
            sessions = await db.write(lambda tx: fill_book(tx, db.kind, hands, rng, book_end))
        finally:
            await db.close()
        vacuum_s = 0.0
        if isinstance(target, str):
            vacuum_s, size = await settle(target)
        else:
            size = target.stat().st_size
        figures.fill_s = time.perf_counter() - t
        print(
            f"filled {hands} hands in {len(guild_sizes(hands))} guilds (largest {hands // 10})"
            f" in {figures.fill_s:.1f} s ({size / 1e6:.0f} MB), schema version 6"
        )
        if isinstance(target, str):
            print(f"  (of which VACUUM ANALYZE, as autovacuum would: {vacuum_s:.1f} s)")
        t = time.perf_counter()
        await (await open_database(target)).close()
        figures.migrate_s = time.perf_counter() - t
        print(f"migration 7 (totals backfilled from the hands): {figures.migrate_s:.1f} s")
        if isinstance(target, str):
            vacuum_s, _ = await settle(target)
            print(f"  then VACUUM ANALYZE, as autovacuum would: {vacuum_s:.1f} s")
        db = await open_database(target)
        try:
            costs = await write_costs(db, sessions[0], rng)
            for name in ("record", "void"):
                with_totals, without = ms(costs[name + "+"]), ms(costs[name + "-"])
                figures.write_ms[name + "+"], figures.write_ms[name + "-"] = with_totals, without
                print(
                    f"{name}_hand: p50 {without:.2f} ms without the totals' triggers,"
                    f" {with_totals:.2f} ms with them ({with_totals - without:+.2f} ms),"
                    f" {WRITES} each, interleaved"
                )
            await reads(db, now, figures)
        finally:
            await db.close()
    return figures


# --- the report ---------------------------------------------------------------------------------


def ratio(a: float, b: float) -> str:
    return f"{a / b:.2f}x" if b else "-"


def side_by_side(runs: list[Figures]) -> None:
    """Every figure of every database in one table (then PostgreSQL ÷ SQLite, with both)."""
    pair = len(runs) == 2
    names = [f.kind for f in runs]
    first = 34
    print(f"== side by side: {runs[0].hands} hands, largest guild {runs[0].hands // 10} ==")
    header = f"{'':<{first}}" + "".join(f"{n:>23}" for n in names)
    print(header + (f"{names[1] + '÷' + names[0]:>24}" if pair else ""))

    def row(label: str, values: list[float], unit: str = "", digits: int = 2) -> None:
        cells = "".join(f"{f'{v:.{digits}f}{unit}':>23}" for v in values)
        print(f"{label:<{first}}{cells}" + (f"{ratio(values[1], values[0]):>24}" if pair else ""))

    row("fill at schema 6 (s)", [f.fill_s for f in runs], digits=1)
    row("migration 7 (s)", [f.migrate_s for f in runs], digits=1)
    for name in ("record", "void"):
        row(f"{name}_hand p50, no triggers (ms)", [f.write_ms[name + "-"] for f in runs])
        row(f"{name}_hand p50, triggers (ms)", [f.write_ms[name + "+"] for f in runs])
    print(f"{'/leaderboard, median ms':<{first}}" + "".join(f"{'scan   totals':>23}" for _ in runs))
    for key in runs[0].board:
        cells = "".join(f"{f.board[key][0]:>14.1f}{f.board[key][1]:>9.2f}" for f in runs)
        totals = ratio(runs[1].board[key][1], runs[0].board[key][1]) if pair else ""
        print(f"  {key[0]:<6} {key[1]:<8} ({runs[0].board[key][2]} rows)".ljust(first) + cells
              + (f"{totals:>24}" if pair else ""))  # fmt: skip
    for i, (pid, hands, *_) in enumerate(runs[0].stats):
        cells = "".join(f"{f.stats[i][2]:>14.1f}{f.stats[i][3]:>9.2f}" for f in runs)
        totals = ratio(runs[1].stats[i][3], runs[0].stats[i][3]) if pair else ""
        print(f"  /stats of player {pid} ({hands} hands)".ljust(first) + cells
              + (f"{totals:>24}" if pair else ""))  # fmt: skip


def compare_line(sqlite: Figures, pg: Figures) -> str:
    return (
        f"ledger compare={pg.kind}/{sqlite.kind} fill={ratio(pg.fill_s, sqlite.fill_s)}"
        f" migrate={ratio(pg.migrate_s, sqlite.migrate_s)}"
        f" record={ratio(pg.write_ms['record+'], sqlite.write_ms['record+'])}"
        f" void={ratio(pg.write_ms['void+'], sqlite.write_ms['void+'])}"
        f" leaderboard_ms_max={ratio(pg.board_max, sqlite.board_max)}"
        f" stats_ms_max={ratio(pg.stats_max, sqlite.stats_max)}"
    )


def parse_args(argv: list[str] | None = None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(
        description="The ledger benchmark: leaderboards and player statistics over a big book,"
        " and what their running totals cost a write, on SQLite and/or PostgreSQL."
    )
    parser.add_argument(
        "hands", nargs="?", type=int, default=HANDS, help=f"hands in the book (default {HANDS})"
    )
    parser.add_argument(
        "--database",
        action="append",
        type=database_spec,
        metavar="DB",
        help=f"{SQLITE} (a temporary file), {POSTGRES_TEMP} (a throwaway cluster of this"
        " machine's PostgreSQL binaries) or a postgresql:// URL (a scratch database is created"
        " on that server and dropped afterwards); repeat to measure several in one run, at most"
        f" one of each kind (default: {SQLITE} alone, its output as before this option)",
    )
    args = parser.parse_args(argv)
    if args.hands < 10:
        parser.error("the book needs at least 10 hands")
    kinds = [kind_of(spec) for spec in args.database or []]
    if len(set(kinds)) < len(kinds):
        parser.error("--database: at most one database of each kind (sqlite, postgresql)")
    return args


def main() -> None:
    args = parse_args()
    tagged = args.database is not None
    specs: list[str] = args.database or [SQLITE]
    # one moment for every database: the same book, and the same periods counted back from it
    now = datetime.now(UTC).replace(microsecond=0)
    runs = []
    with tempfile.TemporaryDirectory() as tmp:
        for spec in specs:
            runs.append(asyncio.run(measure(spec, args.hands, now, Path(tmp), tagged)))
    if not tagged:
        print(runs[0].line(tagged=False))
        return
    side_by_side(runs)
    for figures in runs:
        print(figures.line(tagged=True))
    by_kind = {f.kind: f for f in runs}
    if len(by_kind) == 2:
        print(compare_line(by_kind[SQLITE], by_kind["postgresql"]))


if __name__ == "__main__":
    main()
