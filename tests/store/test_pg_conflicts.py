"""Several writers on one PostgreSQL database at once: the bot's shard processes, each with
its own :class:`~shangrao_bot.store.database.postgres.PgDatabase`, writing the same rows. Each write
runs at ``SERIALIZABLE`` isolation; a transaction refused for a conflict with another writer is
run again from the start, and the totals stay exact.

Every test here is PostgreSQL's own (SQLite has one writer per file: its concurrency tests are
in test_reliability.py and test_write_path.py, which run on both)."""

from __future__ import annotations

import asyncio
import os
import sys
from pathlib import Path

import pytest

from shangrao_bot.store import games
from shangrao_bot.store.database.interface import Database
from shangrao_bot.store.database.opening import open_database
from shangrao_bot.store.database.postgres import PgDatabase
from shangrao_bot.store.database.transactions import Tx
from shangrao_bot.store.ledger import confirm_hand, record_hand, session_balances
from tests.store.conftest import CHANNEL, GUILD, four_player_session, self_draw_win
from tests.store.test_totals import assert_totals_exact

ROOT = Path(__file__).resolve().parents[2]
GUARD_S = 30  # only ever reached when the code under test hangs


async def open_pg(url: str) -> PgDatabase:
    db = await open_database(url)
    assert isinstance(db, PgDatabase)
    return db


async def test_a_write_refused_for_a_conflict_is_run_again(pg_url: str) -> None:
    """Shard A reads a table's last event and, still in its transaction, waits; shard B appends
    to the same table and commits; A's append then conflicts with B's. A's write is refused,
    run again from the start (reading B's event this time) and commits after it."""
    a, b = await open_pg(pg_url), await open_pg(pg_url)
    try:
        table = await games.create_table(a, GUILD, CHANNEL)
        read_once = asyncio.Event()
        go_on = asyncio.Event()
        attempts = 0

        async def append_after_a_pause(tx: Tx) -> int:
            nonlocal attempts
            attempts += 1
            last = await tx.fetchval(
                "SELECT COALESCE(MAX(seq), 0) FROM game_events WHERE table_id = ?", (table.id,)
            )
            read_once.set()
            await asyncio.wait_for(go_on.wait(), GUARD_S)
            await tx.execute(
                "INSERT INTO game_events (table_id, seq, event, at) VALUES (?, ?, ?, 'now')",
                (table.id, int(last) + 1, '{"by": "a"}'),
            )
            return int(last) + 1

        held = asyncio.create_task(a.write(append_after_a_pause))
        await asyncio.wait_for(read_once.wait(), GUARD_S)
        assert await games.append_events(b, table.id, [{"by": "b"}], None) == 1
        go_on.set()
        assert await held == 2
        assert attempts == 2 and a.conflicts == 1 and b.conflicts == 0
        assert await games.load_events(a, table.id) == [{"by": "b"}, {"by": "a"}]
    finally:
        await a.close()
        await b.close()


async def assert_session_exact(db: Database, session_id: int, hands: int) -> None:
    """``hands`` confirmed hands numbered 1… without a gap or a twin, each key once, and the
    balances and running totals equal to the sums of the payments."""
    seqs = await db.fetchall(
        "SELECT seq FROM hands WHERE session_id = ? AND status = 'confirmed' ORDER BY seq",
        (session_id,),
    )
    assert [r[0] for r in seqs] == list(range(1, hands + 1))
    keys = await db.fetchall(
        "SELECT idempotency_key FROM hands WHERE session_id = ?", (session_id,)
    )
    assert len({r[0] for r in keys}) == len(keys) == hands
    expected: dict[int, int] = {}
    pays = await db.fetchall(
        "SELECT payer_id, payee_id, amount FROM payments p JOIN hands h ON h.id = p.hand_id"
        " WHERE h.session_id = ? AND h.status = 'confirmed'",
        (session_id,),
    )
    for p in pays:
        expected[p["payer_id"]] = expected.get(p["payer_id"], 0) - p["amount"]
        expected[p["payee_id"]] = expected.get(p["payee_id"], 0) + p["amount"]
    balances = await session_balances(db, GUILD, session_id)
    assert {k: v for k, v in balances.items() if v} == {k: v for k, v in expected.items() if v}
    await assert_totals_exact(db)


@pytest.mark.slow
async def test_two_databases_writing_the_same_session_keep_it_exact(pg_url: str) -> None:
    """Two shards' databases, eight writers each, record and confirm hands into one session —
    the same keys on both (a double submit reaching both) and keys of their own: every hand
    once, numbered without a gap, balances and running totals exact. The conflicts were
    real: some writes were refused and run again."""
    a, b = await open_pg(pg_url), await open_pg(pg_url)
    try:
        session = await four_player_session(a)
        per_writer = 4

        async def writer(db: Database, shard: str, w: int) -> None:
            for i in range(per_writer):
                for key in (f"both-{w}-{i}", f"{shard}-{w}-{i}"):
                    hand = await record_hand(
                        db, GUILD, session.id, self_draw_win((w + i) % 4, 1 + i), 100,
                        idempotency_key=key,
                    )  # fmt: skip
                    await confirm_hand(db, GUILD, hand.id, 101 + w % 3, final=True)

        await asyncio.gather(
            *(writer(a, "a", w) for w in range(8)), *(writer(b, "b", w) for w in range(8))
        )
        await assert_session_exact(a, session.id, 8 * per_writer * 3)
        assert a.conflicts + b.conflicts > 0
    finally:
        await a.close()
        await b.close()


@pytest.mark.slow
async def test_two_processes_writing_the_same_session_keep_it_exact(pg_url: str) -> None:
    """The same with two bot processes, started together: every hand once, numbered without
    a gap, balances and running totals exact, conflicts met and retried."""
    db = await open_pg(pg_url)
    try:
        session = await four_player_session(db)
        hands = 24
        children = [
            await asyncio.create_subprocess_exec(
                sys.executable,
                str(ROOT / "tests/store/shard_writer.py"),
                pg_url,
                str(session.id),
                shard,
                str(hands),
                stdin=asyncio.subprocess.PIPE,
                stdout=asyncio.subprocess.PIPE,
                env={**os.environ, "PYTHONPATH": str(ROOT)},
                cwd=ROOT,
            )
            for shard in ("a", "b")
        ]
        for child in children:
            assert child.stdout is not None
            line = await asyncio.wait_for(child.stdout.readline(), GUARD_S)
            assert line.strip() == b"ready", line
        done = await asyncio.wait_for(
            asyncio.gather(*(c.communicate(b"go\n") for c in children)), GUARD_S * 4
        )  # both go at once
        outputs = [out.decode() for out, _ in done]
        assert [c.returncode for c in children] == [0, 0], outputs
        conflicts = [int(out.split()[-1]) for out in outputs]
        await assert_session_exact(db, session.id, hands * 3)
        assert sum(conflicts) > 0, outputs
    finally:
        await db.close()
