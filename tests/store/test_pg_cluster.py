"""The throwaway PostgreSQL server the PostgreSQL tests run against: it answers through its
socket, runs without durability (fast, and nothing to keep), and gives each test a database of
its own (one an earlier test gave back only once it is as new)."""

from __future__ import annotations

import asyncpg

from shangrao_bot.store.database.opening import open_database
from shangrao_bot.store.ledger import user_player
from tests.databases import create_database, drop_database
from tests.pg_cluster import Cluster
from tests.store.conftest import GUILD


async def test_the_server_answers_without_durability(pg_cluster: Cluster) -> None:
    conn = await asyncpg.connect(pg_cluster.url)
    try:
        assert await conn.fetchval("SHOW fsync") == "off"
        assert await conn.fetchval("SHOW server_encoding") == "UTF8"
        assert int(await conn.fetchval("SHOW server_version_num")) >= 130000
    finally:
        await conn.close()


async def test_each_test_gets_an_empty_database(pg_url: str) -> None:
    conn = await asyncpg.connect(pg_url)
    try:
        tables = await conn.fetchval(
            "SELECT count(*) FROM information_schema.tables WHERE table_schema = 'public'"
        )
        assert tables == 0
        await conn.execute("CREATE TABLE marks (id BIGINT PRIMARY KEY, note TEXT)")
        await conn.execute("INSERT INTO marks VALUES ($1, $2)", 1, "五万")
        assert await conn.fetchval("SELECT note FROM marks WHERE id = 1") == "五万"
    finally:
        await conn.close()


async def test_databases_are_not_shared(pg_url: str) -> None:
    conn = await asyncpg.connect(pg_url)
    try:
        assert await conn.fetchval("SELECT to_regclass('public.marks')") is None
    finally:
        await conn.close()


async def test_a_database_given_back_is_reset_or_dropped(pg_cluster: Cluster) -> None:
    """The next test gets the database an earlier one gave back only as new: its rows gone,
    its ids counted from 1 again; one whose shape changed (a table of its own, another schema
    version) is dropped instead."""
    url = await create_database(pg_cluster, migrated=True)
    db = await open_database(url)
    player = await user_player(db, GUILD, 100, "alice")
    assert player.id >= 1
    await db.close()
    await drop_database(pg_cluster, url)

    again = await create_database(pg_cluster, migrated=True)
    assert again == url  # the same database, reset
    db = await open_database(again)
    try:
        assert await db.fetchall("SELECT * FROM players") == []
        assert (await user_player(db, GUILD, 101, "bob")).id == 1
        await db.write(lambda tx: tx.execute("UPDATE schema_version SET version = 99"))
    finally:
        await db.close()
    await drop_database(pg_cluster, again)

    conn = await asyncpg.connect(pg_cluster.url)
    try:
        name = again.rsplit("/", 1)[1].split("?")[0]
        assert not await conn.fetchval("SELECT count(*) FROM pg_database WHERE datname = $1", name)
    finally:
        await conn.close()
    fresh = await create_database(pg_cluster, migrated=True)
    try:
        assert fresh != again
    finally:
        await drop_database(pg_cluster, fresh)
