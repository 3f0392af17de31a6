"""The databases the ledger benchmark runs on (``bench/ledger.py --database``): a temporary
SQLite file, a throwaway PostgreSQL cluster, or a scratch database on a PostgreSQL server
(created, then dropped) — :func:`provide` — and what the report says of each."""

from __future__ import annotations

import argparse
import contextlib
import os
import sqlite3
import sys
import time
from collections.abc import AsyncIterator
from pathlib import Path
from urllib.parse import urlsplit, urlunsplit

import asyncpg

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # the PostgreSQL cluster, tests/

from shangrao_bot.store.database.interface import Database, is_postgres_url, shown_url
from tests.pg_cluster import MISSING, Cluster, find_bindir

SQLITE, POSTGRES_TEMP = "sqlite", "postgres-temp"


def database_spec(value: str) -> str:
    """``--database``'s value: ``sqlite``, ``postgres-temp`` or a ``postgresql://`` URL."""
    if value in (SQLITE, POSTGRES_TEMP) or is_postgres_url(value):
        return value
    raise argparse.ArgumentTypeError(
        f"{value!r}: give {SQLITE}, {POSTGRES_TEMP} or a postgresql://USER@HOST:PORT/DATABASE URL"
    )


def kind_of(spec: str) -> str:
    return SQLITE if spec == SQLITE else "postgresql"


def with_database(url: str, name: str) -> str:
    """``url`` naming the database ``name`` of the same server instead."""
    return urlunsplit(urlsplit(url)._replace(path=f"/{name}"))


@contextlib.asynccontextmanager
async def scratch_database(server_url: str) -> AsyncIterator[str]:
    """A new, empty database on the server of ``server_url`` (its URL), dropped afterwards."""
    name = f"ledger_bench_{os.getpid()}"
    admin = await asyncpg.connect(server_url)
    try:
        await admin.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
        await admin.execute(f'CREATE DATABASE "{name}"')
    finally:
        await admin.close()
    try:
        yield with_database(server_url, name)
    finally:
        admin = await asyncpg.connect(server_url)
        try:
            await admin.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
        finally:
            await admin.close()


@contextlib.asynccontextmanager
async def provide(spec: str, folder: Path) -> AsyncIterator[tuple[str | Path, str]]:
    """What :func:`open_database` is given for ``spec``, and what it is (for the heading)."""
    if spec == SQLITE:
        yield folder / "bench.db", f"a temporary file, SQLite {sqlite3.sqlite_version}"
        return
    if spec == POSTGRES_TEMP:
        bindir = find_bindir()
        if bindir is None:
            raise SystemExit(f"--database {POSTGRES_TEMP}: {MISSING}")
        cluster = Cluster.start(bindir)
        try:
            async with scratch_database(cluster.url) as url:
                yield url, f"a throwaway cluster of {bindir}"
        finally:
            cluster.stop()
        return
    async with scratch_database(spec) as url:
        yield url, f"a scratch database on {shown_url(spec)}"


async def settings_of(db: Database) -> str:
    """The settings that weigh on the figures, for the heading."""
    if db.kind == "postgresql":
        row = await db.fetchone(
            "SELECT current_setting('server_version'), current_setting('fsync'),"
            " current_setting('synchronous_commit'), current_setting('shared_buffers')"
        )
        assert row is not None
        return (
            f"PostgreSQL {row[0]}: fsync={row[1]} synchronous_commit={row[2]}"
            f" shared_buffers={row[3]}"
        )
    return "WAL, synchronous=NORMAL (the store's settings)"


async def settle(url: str) -> tuple[float, int]:
    """``VACUUM ANALYZE`` a PostgreSQL database, as autovacuum leaves a settled book (the
    planner's statistics; the visibility map an index-only scan needs); its seconds, and the
    database's size in bytes."""
    conn = await asyncpg.connect(url)
    try:
        t = time.perf_counter()
        await conn.execute("VACUUM ANALYZE")
        seconds = time.perf_counter() - t
        size = await conn.fetchval("SELECT pg_database_size(current_database())")
    finally:
        await conn.close()
    return seconds, int(size)
