"""Taking a checked backup (:func:`take_backup`) of the bot's database, while the bot runs.

The copy goes to a hidden partial file beside the backup's name; it is checked (SQLite's own
integrity check, then the schema version and every table's rows against those of the
database at the copy's moment, :mod:`.sqlite_copy`; PostgreSQL's dump restored into a scratch
database, :mod:`.pg_copy`), its digest and the check's findings go into its manifest
(:mod:`.manifest`), and only then are both renamed into place. A copy that fails its check, a
full disk, a stop: the partial files are removed, and the backup's name holds whatever it held
before, never a part.

Nothing here blocks the event loop: the SQLite copy, the check, the digest and the writes run
on a thread of their own at the lowest priority (:mod:`.background`); PostgreSQL's tools are
child processes.
"""

from __future__ import annotations

import sqlite3
import threading
import time
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path

from shangrao_bot.store.backups.background import in_background
from shangrao_bot.store.backups.files import (
    Partials,
    check_room,
    fsync_path,
    no_room,
    out_of_space,
    put_in_place,
    write_synced,
)
from shangrao_bot.store.backups.manifest import Manifest, digest_of, manifest_path
from shangrao_bot.store.backups.refusals import BackupRefused
from shangrao_bot.store.backups.sqlite_copy import (
    DEFAULT_PACING,
    Contents,
    CopyProgress,
    Pacing,
    check_copy,
    copy_database,
)
from shangrao_bot.store.database.interface import is_postgres_url, shown_url
from shangrao_bot.store.database.sqlite_migrations import LATEST


@dataclass(frozen=True)
class TakenBackup:
    """A checked backup in place: the file, its manifest's file and what the manifest says;
    for SQLite, how the copy went."""

    file: Path
    manifest_file: Path
    manifest: Manifest
    progress: CopyProgress | None = None


def _refuse_newer(contents: Contents) -> None:
    if contents.schema_version > LATEST:
        raise BackupRefused("backup.newer_schema", version=contents.schema_version, latest=LATEST)


async def take_backup(
    source: str | Path,
    out: Path,
    *,
    pacing: Pacing = DEFAULT_PACING,
    stop: threading.Event | None = None,
) -> TakenBackup:
    """A checked backup of the database ``source`` (a ``postgresql://`` URL, or the path of an
    SQLite file) at ``out``, with its manifest beside it. ``pacing``: how an SQLite copy is
    spread over time; ``stop`` set: an SQLite copy stops (:class:`~.sqlite_copy.CopyStopped`),
    as a cancelled call stops a PostgreSQL one, leaving nothing."""
    out = Path(out)
    if out.is_dir():
        raise BackupRefused("backup.out_is_folder", path=str(out))
    folder = out.parent
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise BackupRefused("backup.write_failed", path=str(out), error=str(exc)) from None
    taken_at = datetime.now(UTC).isoformat(timespec="milliseconds")
    started = time.monotonic()
    sidecar = manifest_path(out)
    with Partials() as partials:
        partial = partials.beside(out)
        try:
            progress: CopyProgress | None = None
            if is_postgres_url(source):
                contents, tool = await _dump(str(source), partial)
                kind, shown = "postgresql", shown_url(str(source))
            else:
                path = Path(source)
                if not path.is_file():
                    raise BackupRefused("backup.no_database", path=str(path))

                def before_copy(contents: Contents, size: int) -> None:
                    _refuse_newer(contents)
                    check_room(folder, size)

                contents, progress = await in_background(
                    copy_database, path, partial, pacing, stop, before_copy
                )
                await in_background(check_copy, partial, contents)
                kind, shown, tool = "sqlite", str(path), ""
            sha, size = await in_background(digest_of, partial)
            manifest = Manifest(
                kind=kind,
                schema_version=contents.schema_version,
                tables=contents.tables,
                size=size,
                sha256=sha,
                taken_at=taken_at,
                source=shown,
                seconds=round(time.monotonic() - started, 3),
                tool=tool,
            )
            sidecar_partial = partials.beside(sidecar)
            await in_background(_finish, partial, out, sidecar_partial, sidecar, manifest)
        except (OSError, sqlite3.Error) as exc:
            if out_of_space(exc):
                raise no_room(folder, exc) from None
            raise BackupRefused("backup.write_failed", path=str(out), error=str(exc)) from None
    return TakenBackup(out, sidecar, manifest, progress)


async def _dump(url: str, partial: Path) -> tuple[Contents, str]:
    """PostgreSQL: the dump of ``url`` into ``partial``, checked; what it holds and the
    ``pg_dump`` that wrote it."""
    from shangrao_bot.store.backups.pg_copy import check_dump, dump_database

    contents, tools, version = await dump_database(url, partial)
    _refuse_newer(contents)
    await check_dump(url, partial, tools, contents)
    return contents, version


def _finish(partial: Path, out: Path, sidecar_partial: Path, sidecar: Path, m: Manifest) -> None:
    """Flush the checked copy, write its manifest, and put both in place (the backup first:
    a manifest never describes a file that is not there yet)."""
    fsync_path(partial)
    write_synced(sidecar_partial, m.to_json() + "\n")
    put_in_place([(partial, out), (sidecar_partial, sidecar)])
