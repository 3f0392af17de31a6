"""Restoring a checked backup (:func:`restore_backup`) into the bot's database, never leaving it
half-restored.

Refused before anything is touched: a file that is not a checked backup, or not the file its
manifest describes (:func:`~.manifest.read_checked`); a backup of the other kind of database;
one newer than this bot; a database a bot runs on (SQLite: the bot's lock on
``<database>.lock`` is held, :func:`~shangrao_bot.store.database.startup.hold_sqlite_file`;
PostgreSQL: another connection uses it); a database that holds data, unless ``replace`` says
to replace it.

**SQLite.** Holding the bot's lock (so no bot starts meanwhile), the backup is copied to a
hidden partial file beside the database — its digest checked again as it is copied — and the
copy checked (:func:`~.sqlite_copy.check_copy`); the old database's write-ahead log is folded
into it (a log left beside a new file would be applied to it), then the copy is renamed onto
the database's name. **PostgreSQL**: :func:`~.pg_copy.restore_dump`.

A backup of an older schema version is restored as it is: the bot migrates it at start-up.
"""

from __future__ import annotations

import sqlite3
from dataclasses import dataclass
from pathlib import Path

from shangrao_bot.store.backups.background import in_background
from shangrao_bot.store.backups.files import (
    Partials,
    check_room,
    copy_hashing,
    no_room,
    out_of_space,
    put_in_place,
)
from shangrao_bot.store.backups.manifest import Manifest, read_checked
from shangrao_bot.store.backups.pg_tools import major_in
from shangrao_bot.store.backups.refusals import BackupRefused
from shangrao_bot.store.backups.sqlite_copy import (
    Contents,
    check_copy,
    open_read_only,
    read_contents,
)
from shangrao_bot.store.database.interface import is_postgres_url, shown_url
from shangrao_bot.store.database.sqlite_migrations import LATEST
from shangrao_bot.store.database.startup import hold_sqlite_file
from shangrao_bot.store.errors import StoreError


@dataclass(frozen=True)
class Restored:
    """A restore done: the backup's manifest, the database it went into (its path, or its URL
    without the password), and the rows of data it replaced (0: there were none)."""

    manifest: Manifest
    target: str
    replaced_rows: int


async def restore_backup(backup: Path, target: str | Path, *, replace: bool = False) -> Restored:
    """Make the database ``target`` (a ``postgresql://`` URL, or an SQLite file's path) hold
    the checked backup ``backup``; ``replace``: even when it holds data."""
    manifest = await in_background(read_checked, Path(backup))
    if manifest.schema_version > LATEST:
        raise BackupRefused(
            "backup.newer_backup", path=str(backup), version=manifest.schema_version, latest=LATEST
        )
    contents = Contents(manifest.schema_version, manifest.tables)
    postgres = is_postgres_url(target)
    wanted = "postgresql" if postgres else "sqlite"
    if manifest.kind != wanted:
        raise BackupRefused(
            "backup.wrong_kind", path=str(backup), kind=manifest.kind, target=wanted
        )
    if postgres:
        from shangrao_bot.store.backups.pg_copy import restore_dump

        url = str(target)
        replaced = await restore_dump(
            Path(backup), contents, major_in(manifest.tool) or 0, url, replace=replace
        )
        return Restored(manifest, shown_url(url), replaced)
    path = Path(target)
    replaced = await in_background(_restore_file, Path(backup), manifest, path, replace)
    return Restored(manifest, str(path), replaced)


def _restore_file(backup: Path, manifest: Manifest, target: Path, replace: bool) -> int:
    """SQLite: the checked backup ``backup`` put in place of ``target``; returns the rows of
    data replaced. Blocking."""
    try:
        target.parent.mkdir(parents=True, exist_ok=True)
        hold = hold_sqlite_file(str(target))
    except StoreError:
        raise BackupRefused("backup.bot_running", path=str(target)) from None
    except OSError as exc:
        raise BackupRefused("backup.write_failed", path=str(target), error=str(exc)) from None
    try:
        rows = _rows_of_data(target, replace)
        if rows and not replace:
            raise BackupRefused("backup.target_has_data", target=str(target), rows=rows)
        check_room(target.parent, manifest.size)
        with Partials() as partials:
            partial = partials.beside(target, "restoring")
            try:
                sha, size = copy_hashing(backup, partial)
                if (sha, size) != (manifest.sha256, manifest.size):  # changed since it was read
                    raise BackupRefused(
                        "backup.altered", path=str(backup), size=size, expected=manifest.size
                    )
                check_copy(partial, Contents(manifest.schema_version, manifest.tables))
                _fold_log(target)
                put_in_place([(partial, target)])
            except (OSError, sqlite3.Error) as exc:
                if out_of_space(exc):
                    raise no_room(target.parent, exc) from None
                raise BackupRefused(
                    "backup.write_failed", path=str(target), error=str(exc)
                ) from None
        return rows
    finally:
        hold.close()


def _rows_of_data(target: Path, replace: bool) -> int:
    """The rows of data the database ``target`` holds (0 when there is no file). A file that
    cannot be read as a database counts as data, unless it is to be replaced anyway."""
    if not target.exists() or target.stat().st_size == 0:
        return 0
    try:
        conn = open_read_only(target)
        try:
            return read_contents(conn).rows_of_data()
        finally:
            conn.close()
    except sqlite3.Error as exc:
        if replace:
            return 0
        raise BackupRefused(
            "backup.target_unreadable", target=str(target), error=str(exc)
        ) from None


def _fold_log(target: Path) -> None:
    """Fold the write-ahead log of the old database ``target`` into it and remove the log and
    its index: SQLite would apply a log left beside the restored file to it. (Nobody else has
    the file open: the bot's lock is held.)"""
    wal, shm = Path(f"{target}-wal"), Path(f"{target}-shm")
    if wal.exists() and wal.stat().st_size > 0 and target.exists():
        try:
            conn = sqlite3.connect(target, isolation_level=None)
            try:
                conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
            finally:
                conn.close()
        except sqlite3.Error:
            pass  # not a readable database: its log cannot be folded, and is not wanted
    wal.unlink(missing_ok=True)
    shm.unlink(missing_ok=True)
