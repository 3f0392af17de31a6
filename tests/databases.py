"""New databases for tests, made without running every migration each time.

A test of the ledger wants a database of its own, migrated as the bot migrates it; running all
the migrations for each test (and each hypothesis example) cost more than most tests
themselves. So the migrations run once, and tests get copies:

- PostgreSQL: the run's throwaway cluster (:func:`tests.pg_cluster.shared`) is prepared with a
  database migrated once, :data:`MIGRATED`, marked a template that nobody connects to; a test
  gets ``CREATE DATABASE … TEMPLATE`` of it (:func:`fresh_database` with ``migrated=True``) or
  an empty one (the default); given back afterwards (:func:`drop_database`: reset for the
  process's next test when it is still as new, dropped otherwise).
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
from typing import Any

from shangrao_bot.store.database.opening import open_database
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
            database = await open_database(cluster.url_for(MIGRATED))
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


# What a database holds besides rows: every object of the user's schemas and the database's
# own settings. A database given back whose shape is the empty or the migrated one is reset
# and used again; any other shape (a test made a table, changed the schema version, set a
# setting ...) is dropped.
SHAPE = r"""
SELECT md5(coalesce(string_agg(item, E'\n' ORDER BY item), '')) FROM (
  SELECT 'schema ' || nspname FROM pg_namespace WHERE oid IN (SELECT oid FROM user_ns)
  UNION ALL
  SELECT 'relation ' || c.oid::regclass::text || ' ' || c.relkind::text || ' '
    || c.relpersistence::text || ' ' || c.relrowsecurity::text
  FROM pg_class c WHERE c.relnamespace IN (SELECT oid FROM user_ns)
  UNION ALL
  SELECT 'column ' || a.attrelid::regclass::text || ' ' || a.attname || ' '
    || format_type(a.atttypid, a.atttypmod) || ' ' || a.attnotnull::text || ' '
    || a.attidentity::text || ' ' || coalesce(pg_get_expr(d.adbin, d.adrelid), '')
  FROM pg_attribute a JOIN pg_class c ON c.oid = a.attrelid
  LEFT JOIN pg_attrdef d ON d.adrelid = a.attrelid AND d.adnum = a.attnum
  WHERE c.relnamespace IN (SELECT oid FROM user_ns) AND a.attnum > 0 AND NOT a.attisdropped
  UNION ALL
  SELECT 'index ' || pg_get_indexdef(i.indexrelid) FROM pg_index i JOIN pg_class c
    ON c.oid = i.indexrelid WHERE c.relnamespace IN (SELECT oid FROM user_ns)
  UNION ALL
  SELECT 'constraint ' || conrelid::regclass::text || ' ' || conname || ' '
    || pg_get_constraintdef(oid) FROM pg_constraint
  WHERE connamespace IN (SELECT oid FROM user_ns)
  UNION ALL
  SELECT 'function ' || p.oid::regprocedure::text || ' ' || md5(coalesce(p.prosrc, ''))
  FROM pg_proc p WHERE p.pronamespace IN (SELECT oid FROM user_ns)
  UNION ALL
  SELECT 'trigger ' || pg_get_triggerdef(t.oid) || ' ' || t.tgenabled::text
  FROM pg_trigger t WHERE NOT t.tgisinternal
  UNION ALL
  SELECT 'view ' || c.oid::regclass::text || ' ' || pg_get_viewdef(c.oid)
  FROM pg_class c WHERE c.relkind IN ('v', 'm') AND c.relnamespace IN (SELECT oid FROM user_ns)
  UNION ALL
  SELECT 'type ' || t.oid::regtype::text || ' ' || t.typtype::text FROM pg_type t
  WHERE t.typnamespace IN (SELECT oid FROM user_ns) AND t.typtype IN ('e', 'd', 'c', 'r')
  UNION ALL
  SELECT 'sequence ' || schemaname || '.' || sequencename || ' ' || start_value::text || ' '
    || increment_by::text || ' ' || min_value::text || ' ' || max_value::text || ' '
    || cycle::text FROM pg_sequences
  UNION ALL
  SELECT 'policy ' || polrelid::regclass::text || ' ' || polname FROM pg_policy
  UNION ALL
  SELECT 'extension ' || extname FROM pg_extension
  UNION ALL
  SELECT 'large objects ' || count(*)::text FROM pg_largeobject_metadata
  UNION ALL
  SELECT 'database ' || datallowconn::text || ' ' || datconnlimit::text || ' '
    || datistemplate::text FROM pg_database WHERE datname = current_database()
  UNION ALL
  SELECT 'setting ' || array_to_string(setconfig, ',') FROM pg_db_role_setting
  WHERE setdatabase = (SELECT oid FROM pg_database WHERE datname = current_database())
  UNION ALL
  SELECT 'prepared ' || gid FROM pg_prepared_xacts WHERE database = current_database()
) AS items(item)
"""
USER_NS = (
    "WITH user_ns AS (SELECT oid FROM pg_namespace WHERE nspname NOT LIKE 'pg\\_%'"
    " AND nspname <> 'information_schema')"
)
POOL_SIZE = 8  # clean databases of each shape a process keeps for its next tests


class _Pool:
    """The databases this process handed out and got back clean, by shape: ``CREATE
    DATABASE`` copies about 8 MB of catalogs (a few tenths of a second of the server's
    processor), a reset deletes a test's rows (about 10 ms)."""

    def __init__(self) -> None:
        self.clean: dict[tuple[Path, bool], list[str]] = {}
        self.shapes: dict[tuple[Path, bool], str] = {}
        self.reset_sql: str | None = None  # what empties a database of the migrated shape


_POOL = _Pool()


def _name(url: str) -> str:
    return url.rsplit("/", 1)[1].split("?", 1)[0]


async def _shape(conn: Any) -> str:
    """The digest of everything ``conn``'s database holds besides its rows (:data:`SHAPE`),
    and the schema version it records."""
    shape = str(await conn.fetchval(USER_NS + SHAPE))
    if await conn.fetchval("SELECT to_regclass('public.schema_version') IS NOT NULL"):
        rows = await conn.fetch("SELECT * FROM schema_version")
        shape += " " + repr(sorted(tuple(r) for r in rows))
    return shape


async def _known_shape(cluster: Cluster, migrated: bool) -> str:
    key = (cluster.root, migrated)
    if key not in _POOL.shapes:
        import asyncpg

        url = await _create(cluster, migrated)
        conn = await asyncpg.connect(url)
        try:
            _POOL.shapes[key] = await _shape(conn)
        finally:
            await conn.close()
        _POOL.clean.setdefault(key, []).append(url)
    return _POOL.shapes[key]


async def _create(cluster: Cluster, migrated: bool) -> str:
    import asyncpg

    name = f"t_{uuid.uuid4().hex[:16]}"
    template = f' TEMPLATE "{MIGRATED}"' if migrated else ""
    admin = await asyncpg.connect(cluster.url)
    try:
        await admin.execute(f'CREATE DATABASE "{name}"{template}')
    finally:
        await admin.close()
    return cluster.url_for(name)


async def create_database(cluster: Cluster, *, migrated: bool = False) -> str:
    """A database of ``cluster`` of the test's own (its ``DATABASE_URL``): empty, or
    (``migrated``) at the latest schema version, as :func:`open_database` leaves it — one given
    back clean by an earlier test of this process, or a new one. :func:`drop_database` it."""
    await _known_shape(cluster, migrated)
    clean = _POOL.clean.setdefault((cluster.root, migrated), [])
    if clean:
        return clean.pop()
    return await _create(cluster, migrated)


async def drop_database(cluster: Cluster, url: str) -> None:
    """Done with the database of ``url`` (from :func:`create_database`): its connections are
    ended, and it is kept for the next test when its shape is still the empty or the migrated
    one (its rows deleted, its sequences restarted); otherwise it is dropped."""
    import asyncpg

    try:
        conn = await asyncpg.connect(url)
    except (OSError, asyncpg.PostgresError):
        conn = None
    if conn is not None:
        try:
            kept = await _reset(cluster, conn)
        except (OSError, asyncpg.PostgresError):
            kept = None
        finally:
            await conn.close()
        if kept is not None:
            clean = _POOL.clean.setdefault((cluster.root, kept), [])
            if len(clean) < POOL_SIZE:
                clean.append(url)
                return
    admin = await asyncpg.connect(cluster.url)
    try:
        await admin.execute(f'DROP DATABASE IF EXISTS "{_name(url)}" WITH (FORCE)')
    finally:
        await admin.close()


async def _reset(cluster: Cluster, conn: Any) -> bool | None:
    """End every other connection to ``conn``'s database; then, when its shape is a known one,
    delete every row but the schema version's and restart its sequences: whether it is the
    migrated shape, or None (an unknown shape: not reset)."""
    await conn.execute(
        "SELECT pg_terminate_backend(pid) FROM pg_stat_activity"
        " WHERE datname = current_database() AND pid <> pg_backend_pid()"
    )
    for _ in range(500):  # the ended backends let go of their locks as they exit
        if not await conn.fetchval(
            "SELECT count(*) FROM pg_stat_activity"
            " WHERE datname = current_database() AND pid <> pg_backend_pid()"
        ):
            break
        await asyncio.sleep(0.01)
    else:
        return None
    shape = await _shape(conn)
    if shape == await _known_shape(cluster, migrated=False):
        return False
    if shape != await _known_shape(cluster, migrated=True):
        return None
    if _POOL.reset_sql is None:  # the migrated shape's tables and sequences: the same each time
        _POOL.reset_sql = await _reset_sql(conn)
    await conn.execute(_POOL.reset_sql)
    return True


async def _reset_sql(conn: Any) -> str:
    """The statements that empty a database of the migrated shape: every row but the schema
    version's deleted, its sequences restarted, with no trigger firing meanwhile (the running
    totals would be kept up for nothing)."""
    tables = await conn.fetch(
        "SELECT quote_ident(tablename) FROM pg_tables"
        " WHERE schemaname = 'public' AND tablename <> 'schema_version'"
    )
    sequences = await conn.fetch(
        "SELECT quote_ident(schemaname) || '.' || quote_ident(sequencename) FROM pg_sequences"
    )
    statements = [
        "SET session_replication_role = replica",
        *(f"DELETE FROM {r[0]}" for r in tables),
        *(f"ALTER SEQUENCE {r[0]} RESTART" for r in sequences),
        "SET session_replication_role = DEFAULT",
    ]
    return "; ".join(statements)


@contextlib.asynccontextmanager
async def fresh_database(cluster: Cluster, *, migrated: bool = False) -> AsyncIterator[str]:
    """:func:`create_database` for the block, :func:`drop_database` afterwards."""
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
        database = await open_database(made)
        await database.close()
        # closed cleanly, the write-ahead log is folded into the file and removed
        assert not made.with_name(made.name + "-wal").exists()
        _sqlite_template = made
    shutil.copyfile(_sqlite_template, path)
    return path
