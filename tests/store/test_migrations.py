"""Every migration upgrades a database created at each earlier version, keeping its data, and
ends with exactly the schema of a fresh database."""

from __future__ import annotations

from pathlib import Path

import pytest

from shangrao_bot.store.db import Database
from shangrao_bot.store.errors import StoreError
from shangrao_bot.store.migrations import LATEST
from shangrao_bot.store.tx import Tx


async def schema(db: Database) -> list[tuple[str, str]]:
    rows = await db.fetchall(
        "SELECT name, sql FROM sqlite_master WHERE sql IS NOT NULL ORDER BY name"
    )
    return [(r["name"], r["sql"]) for r in rows]


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


@pytest.mark.parametrize("start", range(LATEST))
async def test_upgrade_from_every_earlier_version(tmp_path: Path, start: int) -> None:
    fresh = await Database.open(tmp_path / "fresh.db")
    expected = await schema(fresh)
    await fresh.close()

    old = await Database.open(tmp_path / "old.db", migrate_to=start)
    assert await old.user_version() == start
    await seed_data(old, start)
    await old.close()

    upgraded = await Database.open(tmp_path / "old.db")
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
    finally:
        await upgraded.close()


async def test_a_newer_database_is_refused(tmp_path: Path) -> None:
    db = await Database.open(tmp_path / "x.db")
    await db.write(lambda tx: tx.execute(f"PRAGMA user_version={LATEST + 1}"))
    await db.close()
    with pytest.raises(StoreError, match="newer than this bot"):
        await Database.open(tmp_path / "x.db")


async def test_pragmas(tmp_path: Path) -> None:
    db = await Database.open(tmp_path / "x.db")
    try:
        mode = await db.fetchone("PRAGMA journal_mode")
        fk = await db.fetchone("PRAGMA foreign_keys")
        busy = await db.fetchone("PRAGMA busy_timeout")
        assert mode is not None and mode[0] == "wal"
        assert fk is not None and fk[0] == 1
        assert busy is not None and busy[0] == 5000
    finally:
        await db.close()
