"""Every migration upgrades a database created at each earlier version, keeping its data, and
ends with exactly the schema of a fresh database — on SQLite and on PostgreSQL. A database
newer than the bot is refused on both. On PostgreSQL, processes that start together migrate
once (the advisory lock), and an index left invalid fails the integrity check."""

from __future__ import annotations

import asyncio
import logging
import os
import sys
from pathlib import Path

import asyncpg
import pytest

from shangrao_bot.store.database.interface import Database, is_postgres_url
from shangrao_bot.store.database.opening import open_database
from shangrao_bot.store.database.postgres import MIGRATION_LOCK
from shangrao_bot.store.database.sqlite_migrations import LATEST
from shangrao_bot.store.database.transactions import Tx
from shangrao_bot.store.errors import StoreError
from shangrao_bot.store.ledger import rating_fold, record_hand
from shangrao_bot.store.ledger.rating_checkpoints import Checkpoint, resumption, write_checkpoint
from shangrao_bot.store.ledger.ratings import guild_ratings, ledger_games, rate_games
from tests.conftest import NewTarget
from tests.store.conftest import GUILD, four_player_session, self_draw_win, table_exists

ROOT = Path(__file__).resolve().parents[2]


# PostgreSQL's schema as its catalog describes it: every column (in order, with its type,
# collation, nullability, default and identity), index, constraint, trigger and function
PG_SCHEMA = """
SELECT 'column' AS kind, table_name || '.' || lpad(ordinal_position::text, 3, '0')
       || ' ' || column_name AS name,
       concat_ws(' ', data_type, collation_name, is_nullable, column_default,
                 identity_generation) AS sql
  FROM information_schema.columns WHERE table_schema = 'public'
UNION ALL SELECT 'index', indexname, indexdef FROM pg_indexes WHERE schemaname = 'public'
UNION ALL SELECT 'constraint', conrelid::regclass::text || '.' || conname,
       pg_get_constraintdef(oid)
  FROM pg_constraint WHERE connamespace = 'public'::regnamespace
UNION ALL SELECT 'trigger', tgname, pg_get_triggerdef(oid) FROM pg_trigger WHERE NOT tgisinternal
UNION ALL SELECT 'function', proname, prosrc FROM pg_proc
  WHERE pronamespace = 'public'::regnamespace
ORDER BY 1, 2
"""


async def schema(db: Database) -> list[tuple[str, str]]:
    if db.kind == "postgresql":
        rows = await db.fetchall(PG_SCHEMA)
        return [(f"{r['kind']} {r['name']}", r["sql"]) for r in rows]
    rows = await db.fetchall(
        "SELECT name, sql FROM sqlite_master WHERE sql IS NOT NULL ORDER BY name"
    )
    return [(r["name"], r["sql"]) for r in rows]


async def set_version(db: Database, version: int) -> None:
    """Record ``version`` as the database's schema version, as a newer bot would have."""
    if db.kind == "postgresql":
        await db.write(lambda tx: tx.execute("UPDATE schema_version SET version = ?", (version,)))
    else:
        await db.write(lambda tx: tx.execute(f"PRAGMA user_version={version}"))


async def seed_data(db: Database, version: int) -> None:
    async def seed(tx: Tx) -> None:
        if version >= 1:
            for i in range(4):
                await tx.execute(
                    "INSERT INTO players (guild_id, user_id, display_name, created_at)"
                    " VALUES (1, ?, ?, 'then')",
                    (10 + i, f"p{i}"),
                )
            await tx.execute(
                "INSERT INTO sessions (guild_id, channel_id, kind, rules, stake, opened_by,"
                " opened_at) VALUES (1, 2, 'physical', '{}', 1, 10, 'then')"
            )
            await tx.execute(
                "INSERT INTO hands (guild_id, session_id, seq, outcome, recorded_by, status,"
                " created_at) VALUES (1, 1, 1, 'win', 10, 'confirmed', 'then')"
            )
            await tx.execute(
                "INSERT INTO payments (hand_id, payer_id, payee_id, amount, reason)"
                " VALUES (1, 2, 1, 2, 'win')"
            )
        if version >= 2:
            await tx.execute(
                "INSERT INTO confirmations (hand_id, user_id, at) VALUES (1, 11, 'then')"
            )
        if version >= 3:
            await tx.execute(
                "INSERT INTO game_tables (guild_id, channel_id, created_at, updated_at)"
                " VALUES (1, 2, 'then', 'then')"
            )

    await db.write(seed)


@pytest.mark.slow
@pytest.mark.parametrize("start", range(LATEST))
async def test_upgrade_from_every_earlier_version(new_target: NewTarget, start: int) -> None:
    fresh = await open_database(await new_target())
    expected = await schema(fresh)
    await fresh.close()
    assert len(expected) > 20

    path = await new_target()
    old = await open_database(path, migrate_to=start)
    assert await old.user_version() == start
    await seed_data(old, start)
    await old.close()

    upgraded = await open_database(path)
    try:
        assert await upgraded.user_version() == LATEST
        assert await schema(upgraded) == expected
        assert await upgraded.integrity_ok()
        if start >= 1:
            row = await upgraded.fetchone("SELECT amount FROM payments WHERE hand_id = 1")
            assert row is not None and row[0] == 2
        if start >= 2:
            row = await upgraded.fetchone("SELECT COUNT(*) FROM confirmations")
            assert row is not None and row[0] == 1
        # migration 13: no rating checkpoint yet, and its blobs read back byte for byte
        row = await upgraded.fetchone("SELECT COUNT(*) FROM rating_checkpoints")
        assert row is not None and row[0] == 0
        every_byte = bytes(range(256))
        checkpoint = Checkpoint(4, 0, 1, "then", every_byte, every_byte[::-1])
        await write_checkpoint(upgraded, 1, checkpoint)
        row = await upgraded.fetchone("SELECT state, steps FROM rating_checkpoints")
        assert row is not None and (bytes(row[0]), bytes(row[1])) == (
            every_byte,
            every_byte[::-1],
        )
    finally:
        await upgraded.close()


async def test_a_book_upgraded_to_rating_checkpoints_gets_them_at_its_first_fold(
    new_target: NewTarget, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A book recorded before migration 13: the first rating read after the upgrade folds
    every game and writes the checkpoints; the next process resumes from them."""
    monkeypatch.setattr(rating_fold, "PERSISTED_EVERY", 4)
    path = await new_target()
    old = await open_database(path, migrate_to=12)
    try:
        info = await four_player_session(old)
        for winner in range(4):
            for value in (1, 2, 3):
                await record_hand(
                    old, GUILD, info.id, self_draw_win(winner, value), 100, confirmed=True
                )
    finally:
        await old.close()
    for _ in range(2):  # the upgraded process, then the next one
        db = await open_database(path)
        try:
            book = await guild_ratings(db, GUILD)
            assert book == rate_games(await ledger_games(db, GUILD))
            rows = await db.fetchall(
                "SELECT games FROM rating_checkpoints WHERE guild_id = ? ORDER BY games",
                (GUILD,),
            )
            assert [r[0] for r in rows] == [4, 8, 12]
            assert (await resumption(db, GUILD)) is not None
        finally:
            await db.close()


async def test_a_newer_database_is_refused(db_target: str | Path) -> None:
    db = await open_database(db_target)
    await set_version(db, LATEST + 1)
    await db.close()
    with pytest.raises(StoreError, match=f"schema version {LATEST + 1}, newer than this bot"):
        await open_database(db_target)
    if is_postgres_url(db_target):  # the refusal let go of the migration lock
        conn = await asyncpg.connect(str(db_target))
        try:
            assert await conn.fetchval("SELECT pg_try_advisory_lock($1)", MIGRATION_LOCK)
        finally:
            await conn.close()


async def test_a_fresh_database_reaches_the_latest_version(db: Database) -> None:
    assert await db.user_version() == LATEST
    assert await db.integrity_ok()
    for table in ("players", "hands", "payments", "game_events", "totals_all"):
        assert await table_exists(db, table), table


async def test_pragmas(tmp_path: Path) -> None:
    """SQLite only (its PRAGMAs); PostgreSQL's session settings are checked in
    test_write_path.py (``test_every_connection_has_the_session_settings``)."""
    db = await open_database(tmp_path / "x.db")
    try:
        mode = await db.fetchone("PRAGMA journal_mode")
        fk = await db.fetchone("PRAGMA foreign_keys")
        busy = await db.fetchone("PRAGMA busy_timeout")
        assert mode is not None and mode[0] == "wal"
        assert fk is not None and fk[0] == 1
        assert busy is not None and busy[0] == 5000
    finally:
        await db.close()


# --- PostgreSQL: processes starting together, the integrity check --------------------------------


async def _waiting_for_the_migration_lock(conn: asyncpg.Connection, count: int) -> None:
    """Until ``count`` other sessions wait for the migration advisory lock."""
    query = (
        "SELECT count(*) FROM pg_locks WHERE locktype = 'advisory' AND NOT granted"
        " AND ((classid::bigint << 32) | objid::bigint) = $1"
    )
    for _ in range(2000):
        if await conn.fetchval(query, MIGRATION_LOCK) >= count:
            return
        await asyncio.sleep(0.01)
    raise AssertionError(f"{count} sessions never waited for the migration lock")


async def test_openings_at_once_migrate_once(pg_url: str, caplog: pytest.LogCaptureFixture) -> None:
    """Four openings of an empty database at the same moment (the test holds the migration
    lock until all four wait for it): one applies every migration, the others find nothing
    left to do, and all four are at the latest version."""
    holder = await asyncpg.connect(pg_url)
    try:
        await holder.execute("SELECT pg_advisory_lock($1)", MIGRATION_LOCK)
        with caplog.at_level(logging.INFO, logger="shangrao_bot.store.database.postgres"):
            opening = [asyncio.ensure_future(open_database(pg_url)) for _ in range(4)]
            await _waiting_for_the_migration_lock(holder, 4)
            await holder.execute("SELECT pg_advisory_unlock($1)", MIGRATION_LOCK)
            dbs = await asyncio.gather(*opening)
        try:
            assert [await d.user_version() for d in dbs] == [LATEST] * 4
        finally:
            for d in dbs:
                await d.close()
    finally:
        await holder.close()
    migrated = [r.getMessage() for r in caplog.records if "migrated to" in r.getMessage()]
    assert migrated == [f"database migrated to schema version {n}" for n in range(1, LATEST + 1)]


CHILD = """
import asyncio, logging, sys
from shangrao_bot.store.database.opening import open_database
logging.basicConfig(level=logging.INFO, stream=sys.stdout, format="%(message)s")
async def main():
    db = await open_database(sys.argv[1])
    print("at", await db.user_version(), flush=True)
    await db.close()
asyncio.run(main())
"""


async def test_processes_starting_together_migrate_once(pg_url: str) -> None:
    """Two bot processes (shards) starting on an empty database at once: one migrates, the
    other waits for it and migrates nothing."""
    holder = await asyncpg.connect(pg_url)
    try:
        await holder.execute("SELECT pg_advisory_lock($1)", MIGRATION_LOCK)
        children = [
            await asyncio.create_subprocess_exec(
                sys.executable,
                "-c",
                CHILD,
                pg_url,
                stdout=asyncio.subprocess.PIPE,
                env={**os.environ, "PYTHONPATH": str(ROOT)},
                cwd=ROOT,
            )
            for _ in range(2)
        ]
        await _waiting_for_the_migration_lock(holder, 2)
        await holder.execute("SELECT pg_advisory_unlock($1)", MIGRATION_LOCK)
        outputs = [(await c.communicate())[0].decode() for c in children]
    finally:
        await holder.close()
    assert [c.returncode for c in children] == [0, 0], outputs
    lines = [line for out in outputs for line in out.splitlines()]
    assert lines.count(f"at {LATEST}") == 2
    migrated = [line for line in lines if "migrated to" in line]
    assert sorted(migrated) == sorted(
        f"database migrated to schema version {n}" for n in range(1, LATEST + 1)
    )
    # all of it in one process: the other found nothing to do
    assert sum(1 for out in outputs if "migrated to" in out) == 1


async def test_an_index_left_invalid_fails_the_integrity_check(pg_url: str) -> None:
    """PostgreSQL's counterpart of SQLite's ``integrity_check``: a unique index whose build
    failed half-way stays behind, invalid, and the check says so until it is gone."""
    db = await open_database(pg_url)
    admin = await asyncpg.connect(pg_url)
    try:
        assert await db.integrity_ok()
        await admin.execute("CREATE TABLE twice (x INTEGER)")
        await admin.execute("INSERT INTO twice VALUES (1), (1)")
        with pytest.raises(asyncpg.UniqueViolationError):
            await admin.execute("CREATE UNIQUE INDEX CONCURRENTLY twice_x ON twice (x)")
        assert not await db.integrity_ok()
        await admin.execute("DROP INDEX twice_x")
        assert await db.integrity_ok()
    finally:
        await admin.close()
        await db.close()
