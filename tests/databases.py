"""New databases for tests, made without running every migration each time.

A test of the ledger wants a database of its own, migrated as the bot migrates it; running all
the migrations for each test (and each hypothesis example) cost more than most tests
themselves. So the migrations run once, and tests get copies:

- PostgreSQL: the run's throwaway cluster (:func:`tests.pg_cluster.shared`) is prepared with a
  database migrated once, :data:`MIGRATED`, marked a template that nobody connects to; a test
  gets ``CREATE DATABASE … TEMPLATE`` of it (:func:`fresh_database` with ``migrated=True``) or
  an empty one (the default), dropped afterwards.
- SQLite: a file migrated once per process, copied to where the test wants its database
  (:func:`migrated_sqlite`).

A test about the migrations themselves asks for an empty database (``empty_target``,
``new_target``) and migrates it as the bot does.
"""

from __future__ import annotations

import asyncio
import atexit
import contextlib
import shutil
import tempfile
import threading
import uuid
from collections.abc import AsyncIterator
from pathlib import Path

from shangrao_bot.store.db import Database
from tests.pg_cluster import Cluster

MIGRATED = "t_migrated"  # the cluster's migrated template database


def prepare_cluster(cluster: Cluster) -> None:
    """Give a newly started cluster its :data:`MIGRATED` template (run in a thread of its own:
    the caller may be inside an event loop)."""
    failure: list[BaseException] = []

    async def make() -> None:
        import asyncpg

        admin = await asyncpg.connect(cluster.url)
        try:
            await admin.execute(f'CREATE DATABASE "{MIGRATED}"')
            database = await Database.open(cluster.url_for(MIGRATED))
            await database.close()
            await admin.execute(
                f'ALTER DATABASE "{MIGRATED}" WITH IS_TEMPLATE true ALLOW_CONNECTIONS false'
            )
        finally:
            await admin.close()

    def run() -> None:
        try:
            asyncio.run(make())
        except BaseException as exc:
            failure.append(exc)

    thread = threading.Thread(target=run, name="migrated-template")
    thread.start()
    thread.join()
    if failure:
        raise failure[0]


async def create_database(cluster: Cluster, *, migrated: bool = False) -> str:
    """A new database of ``cluster`` (its ``DATABASE_URL``): empty, or (``migrated``) at the
    latest schema version, as :meth:`Database.open` leaves it. :func:`drop_database` it."""
    import asyncpg

    name = f"t_{uuid.uuid4().hex[:16]}"
    template = f' TEMPLATE "{MIGRATED}"' if migrated else ""
    admin = await asyncpg.connect(cluster.url)
    try:
        await admin.execute(f'CREATE DATABASE "{name}"{template}')
    finally:
        await admin.close()
    return cluster.url_for(name)


async def drop_database(cluster: Cluster, url: str) -> None:
    """Drop the database of ``url`` (made by :func:`create_database`), connections and all."""
    import asyncpg

    name = url.rsplit("/", 1)[1].split("?", 1)[0]
    admin = await asyncpg.connect(cluster.url)
    try:
        await admin.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
    finally:
        await admin.close()


@contextlib.asynccontextmanager
async def fresh_database(cluster: Cluster, *, migrated: bool = False) -> AsyncIterator[str]:
    """:func:`create_database` for the block, dropped afterwards."""
    url = await create_database(cluster, migrated=migrated)
    try:
        yield url
    finally:
        await drop_database(cluster, url)


_sqlite_template: Path | None = None


async def migrated_sqlite(path: Path) -> Path:
    """``path``, made a new SQLite database at the latest schema version (a copy of a file
    this process migrated once). Returns ``path``."""
    global _sqlite_template
    if _sqlite_template is None:
        folder = Path(tempfile.mkdtemp(prefix="shangrao-template-"))
        atexit.register(shutil.rmtree, folder, True)
        made = folder / "migrated.db"
        database = await Database.open(made)
        await database.close()
        # closed cleanly, the write-ahead log is folded into the file and removed
        assert not made.with_name(made.name + "-wal").exists()
        _sqlite_template = made
    shutil.copyfile(_sqlite_template, path)
    return path
