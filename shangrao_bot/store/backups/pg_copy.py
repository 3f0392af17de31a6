"""Backups of a PostgreSQL database: ``pg_dump`` in its custom format, checked by restoring it
into a scratch database; and a restore that leaves nothing half-done.

**The dump** (:func:`dump_database`). One connection opens a read-only ``REPEATABLE READ``
transaction, exports its snapshot (``pg_export_snapshot``) and counts every table's rows in it;
``pg_dump --snapshot`` then dumps exactly that snapshot. So the rows counted are the rows
dumped, whatever the bot's processes write meanwhile (they are never held up: a snapshot is
only a reader).

**The check** (:func:`check_dump`). The dump is restored (``pg_restore --single-transaction
--exit-on-error``) into a scratch database the check creates and drops, whose schema version
and rows of every table must be those counted, with no index left invalid.

**The restore** (:func:`restore_dump`) goes into a fresh database, checked the same way, which
then takes the target's name: both renames in one transaction, so the name holds the old
database or the whole restored one, never a part. The old one is dropped afterwards. The target
must have no other connection (a bot running on it is refused; PostgreSQL would refuse the
rename anyway), and it must hold no data unless the caller said to replace it.
"""

from __future__ import annotations

import asyncio
import secrets
from pathlib import Path

import asyncpg

from shangrao_bot.errors import Phrase
from shangrao_bot.store.backups.pg_tools import (
    PgTools,
    database_of,
    find_tools,
    libpq_target,
    run_tool,
    url_for,
)
from shangrao_bot.store.backups.refusals import BackupRefused
from shangrao_bot.store.backups.sqlite_copy import Contents, compare, quoted
from shangrao_bot.store.database.interface import shown_url
from shangrao_bot.store.database.postgres import connect, schema_version

MAINTENANCE_DATABASES = ("postgres", "template1")
RESTORE_OPTIONS = ["--exit-on-error", "--single-transaction", "--no-owner", "--no-privileges"]


async def server_major(conn: asyncpg.Connection) -> int:
    return int(await conn.fetchval("SHOW server_version_num")) // 10000


async def read_contents(conn: asyncpg.Connection) -> Contents:
    """The schema version and the rows of every table of the ``public`` schema, read on
    ``conn`` (inside its transaction, when it has one)."""
    names = await conn.fetch(
        "SELECT tablename FROM pg_tables WHERE schemaname = 'public' ORDER BY tablename"
    )
    tables = {}
    for row in names:
        name = str(row[0])
        tables[name] = int(await conn.fetchval(f"SELECT COUNT(*) FROM {quoted(name)}"))
    return Contents(await schema_version(conn), tables)


async def dump_database(url: str, partial: Path) -> tuple[Contents, PgTools, str]:
    """Dump the database ``url`` names into the new file ``partial`` (custom format) as it is
    at one moment; returns what it held then, the tools used and ``pg_dump``'s version."""
    conn = await connect(url)
    try:
        tools = await asyncio.to_thread(find_tools, await server_major(conn))
        async with conn.transaction(isolation="repeatable_read", readonly=True):
            snapshot = await conn.fetchval("SELECT pg_export_snapshot()")
            contents = await read_contents(conn)
            args = ["--format=custom", f"--snapshot={snapshot}", f"--file={partial}"]
            await run_tool(tools.pg_dump, args, libpq_target(url), str(partial.parent))
    finally:
        await conn.close()
    version = await run_version(tools)
    return contents, tools, version


async def run_version(tools: PgTools) -> str:
    proc = await asyncio.create_subprocess_exec(
        str(tools.pg_dump), "--version", stdout=asyncio.subprocess.PIPE
    )
    out, _ = await proc.communicate()
    return out.decode(errors="replace").strip()


async def check_dump(url: str, partial: Path, tools: PgTools, expected: Contents) -> None:
    """Refuse the dump ``partial`` (``backup.check_failed``) unless it restores into a scratch
    database of the server ``url`` names with ``expected``'s schema version and rows."""
    scratch = f"shangrao_check_{secrets.token_hex(6)}"
    admin = await connect(url)
    try:
        await admin.execute(f"CREATE DATABASE {quoted(scratch)} TEMPLATE template0")
        try:
            target = libpq_target(url, scratch)
            await run_tool(
                tools.pg_restore, [*RESTORE_OPTIONS, str(partial)], target, shown_url(url)
            )
            found = await contents_at(url_for(url, scratch))
        finally:
            await admin.execute(f"DROP DATABASE IF EXISTS {quoted(scratch)} WITH (FORCE)")
    finally:
        await admin.close()
    compare(partial, found, expected)


async def contents_at(url: str) -> Contents:
    """:func:`read_contents` of the database ``url`` names; an index left invalid (a failed
    build) is refused as a damaged copy."""
    conn = await connect(url)
    try:
        invalid = await conn.fetchval("SELECT COUNT(*) FROM pg_index WHERE NOT indisvalid")
        if invalid:
            why = Phrase("backup.why.integrity", detail=f"{invalid} invalid indexes")
            raise BackupRefused("backup.check_failed", path=shown_url(url), why=why)
        return await read_contents(conn)
    finally:
        await conn.close()


async def _maintenance(url: str) -> asyncpg.Connection:
    """A connection to another database of the server (a database cannot be renamed by a
    connection to it)."""
    error: BaseException | None = None
    for name in MAINTENANCE_DATABASES:
        if name == database_of(url):
            continue
        try:
            return await connect(url_for(url, name))
        except (OSError, asyncpg.PostgresError) as exc:
            error = exc
    raise BackupRefused("backup.pg_failed", url=shown_url(url), error=str(error))


async def _rows_of_data(url: str) -> int:
    conn = await connect(url)
    try:
        contents = await read_contents(conn)
    finally:
        await conn.close()
    return contents.rows_of_data()


async def restore_dump(
    dump: Path, schema: Contents, dumped_by: int, url: str, *, replace: bool
) -> int:
    """Make the database ``url`` names hold the dump ``dump`` (checked to hold ``schema``'s
    version and rows), written by the ``pg_dump`` of major ``dumped_by``. Refused: another
    connection uses it (``backup.pg_in_use``); it holds data and ``replace`` is False
    (``backup.target_has_data``). Returns the rows of data replaced."""
    shown = shown_url(url)
    target = database_of(url)
    admin = await _maintenance(url)
    try:
        tools = await asyncio.to_thread(find_tools, await server_major(admin), dumped_by)
        owner = await admin.fetchval(
            "SELECT pg_get_userbyid(datdba) FROM pg_database WHERE datname = $1", target
        )
        rows = 0
        if owner is not None:
            await _refuse_if_in_use(admin, target, shown)
            rows = await _rows_of_data(url)
            if rows and not replace:
                raise BackupRefused("backup.target_has_data", target=shown, rows=rows)
        fresh = f"{target[:32]}_restore_{secrets.token_hex(4)}"
        old = f"{target[:32]}_replaced_{secrets.token_hex(4)}"
        owned = f" OWNER {quoted(owner)}" if owner is not None else ""
        await admin.execute(f"CREATE DATABASE {quoted(fresh)} TEMPLATE template0{owned}")
        try:
            me = await admin.fetchval("SELECT current_user")
            role = [f"--role={owner}"] if owner is not None and owner != me else []
            options = [*RESTORE_OPTIONS, *role, str(dump)]
            await run_tool(tools.pg_restore, options, libpq_target(url, fresh), shown)
            compare(dump, await contents_at(url_for(url, fresh)), schema)
            async with admin.transaction():
                if owner is not None:
                    await admin.execute(f"ALTER DATABASE {quoted(target)} RENAME TO {quoted(old)}")
                await admin.execute(f"ALTER DATABASE {quoted(fresh)} RENAME TO {quoted(target)}")
        except asyncpg.ObjectInUseError:
            await admin.execute(f"DROP DATABASE IF EXISTS {quoted(fresh)} WITH (FORCE)")
            await _refuse_if_in_use(admin, target, shown)
            raise
        except BaseException:
            await admin.execute(f"DROP DATABASE IF EXISTS {quoted(fresh)} WITH (FORCE)")
            raise
        if owner is not None:
            await admin.execute(f"DROP DATABASE IF EXISTS {quoted(old)} WITH (FORCE)")
        return rows
    except asyncpg.PostgresError as exc:
        raise BackupRefused("backup.pg_failed", url=shown, error=str(exc)) from None
    finally:
        await admin.close()


async def _refuse_if_in_use(admin: asyncpg.Connection, target: str, shown: str) -> None:
    others = await admin.fetchval(
        "SELECT COUNT(*) FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()",
        target,
    )
    if others:
        raise BackupRefused("backup.pg_in_use", url=shown, count=int(others))
