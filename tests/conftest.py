"""Shared test configuration.

Hypothesis explores new examples on every local run (that is how it finds bugs); on CI
(``CI`` set) it runs a fixed, derandomized set so that a landing never depends on luck. A
failure found locally is then pinned as an explicit test.
"""

from __future__ import annotations

import contextlib
import os
import uuid
from collections.abc import AsyncIterator, Awaitable, Callable, Iterator
from pathlib import Path

import pytest
from hypothesis import settings

from shangrao_bot.store.db import Database
from shangrao_bot.ui.pictures import PICTURES
from tests.pg_cluster import MISSING, Cluster, find_bindir, required


@pytest.fixture(autouse=True)
def _command_ids_kept_to_their_test() -> Iterator[None]:
    """The synced commands' ids are process-wide (:data:`shangrao_bot.ui.i18n.COMMAND_IDS`): a
    bot started in this process by one test must not turn the next test's texts (a command
    line's error, say) into Discord command mentions."""
    from shangrao_bot.ui import i18n

    saved = dict(i18n.COMMAND_IDS)
    try:
        yield
    finally:
        i18n.remember_commands(saved)


settings.register_profile("ci", derandomize=True, deadline=None, print_blob=True)
if os.environ.get("CI"):
    settings.load_profile("ci")


# --- a throwaway PostgreSQL server -------------------------------------------------------------


@pytest.fixture(scope="session")
def pg_cluster() -> Iterator[Cluster]:
    """One throwaway PostgreSQL cluster for the whole run (:mod:`tests.pg_cluster`): skipped
    with the reason where the server is not installed, a failure where it is required."""
    bindir = find_bindir()
    if bindir is None:
        if required():
            pytest.fail(MISSING)
        pytest.skip(MISSING)
    cluster = Cluster.start(bindir)
    try:
        yield cluster
    finally:
        cluster.stop()


@contextlib.asynccontextmanager
async def fresh_database(cluster: Cluster) -> AsyncIterator[str]:
    """A new, empty database of ``cluster`` (its ``DATABASE_URL``), dropped afterwards."""
    import asyncpg

    name = f"t_{uuid.uuid4().hex[:16]}"
    admin = await asyncpg.connect(cluster.url)
    try:
        await admin.execute(f'CREATE DATABASE "{name}"')
    finally:
        await admin.close()
    try:
        yield cluster.url_for(name)
    finally:
        admin = await asyncpg.connect(cluster.url)
        try:
            await admin.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
        finally:
            await admin.close()


@pytest.fixture
async def pg_url(pg_cluster: Cluster) -> AsyncIterator[str]:
    """A ``DATABASE_URL`` of a new, empty database of its own, dropped afterwards."""
    async with fresh_database(pg_cluster) as url:
        yield url


# --- the ledger database, on both backends ------------------------------------------------------

BACKENDS = ("sqlite", "postgresql")


@pytest.fixture(params=BACKENDS)
async def db_target(request: pytest.FixtureRequest, tmp_path: Path) -> AsyncIterator[str | Path]:
    """What :meth:`Database.open` is given, once per backend: a new SQLite file in the test's
    folder, or the URL of a new, empty database of the throwaway PostgreSQL cluster (dropped
    afterwards). A test taking it (or :func:`db`) runs against both databases."""
    if request.param == "sqlite":
        yield tmp_path / "ledger.db"
        return
    cluster: Cluster = request.getfixturevalue("pg_cluster")
    async with fresh_database(cluster) as url:
        yield url


@pytest.fixture
async def db(db_target: str | Path) -> AsyncIterator[Database]:
    """An open, migrated ledger database: an SQLite file, then a PostgreSQL database."""
    database = await Database.open(db_target)
    try:
        yield database
    finally:
        await database.close()


NewTarget = Callable[[], Awaitable[str | Path]]


@pytest.fixture(params=BACKENDS)
async def new_target(request: pytest.FixtureRequest, tmp_path: Path) -> AsyncIterator[NewTarget]:
    """A maker of new, empty databases of one backend, once per backend: each call gives
    another target for :meth:`Database.open` (an SQLite file of the test's folder, or a new
    database of the throwaway PostgreSQL cluster, dropped afterwards). For a test that needs
    several databases of the same backend."""
    cluster: Cluster | None = (
        request.getfixturevalue("pg_cluster") if request.param == "postgresql" else None
    )
    async with contextlib.AsyncExitStack() as stack:
        made = 0

        async def new() -> str | Path:
            nonlocal made
            made += 1
            if cluster is None:
                return tmp_path / f"ledger-{made}.db"
            return await stack.enter_async_context(fresh_database(cluster))

        yield new


@pytest.fixture
def pictures_in_threads() -> Iterator[None]:
    """Pictures drawn on threads of this process for the test: what it patches or records in
    the drawing code applies (a worker process has its own copy of that code)."""
    processes = PICTURES.processes
    PICTURES.configure(0)
    try:
        yield
    finally:
        PICTURES.configure(processes)
