"""The throwaway PostgreSQL server the PostgreSQL tests run against: it answers through its
socket, runs without durability (fast, and nothing to keep), and gives each test a database of
its own."""

from __future__ import annotations

import asyncpg

from tests.pg_cluster import Cluster


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
