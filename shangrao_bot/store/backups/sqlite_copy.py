"""A consistent copy of an SQLite database while the bot writes to it, and the copy's check.

**The copy** (:func:`copy_database`) is SQLite's online backup (``Connection.backup``) on a
read-only connection of its own, run a bounded number of pages per step with a pause between
steps, *inside one read transaction* held from the first step to the last:

- In WAL mode a reader never blocks the writer, nor the writer a reader: the bot's writes go on
  throughout, each committing as usual (they wait for nothing of the copy's), and the copy sees
  none of them — it is the database exactly as it was when the read transaction began.
- Without that transaction each step would read the latest commit, and SQLite restarts a
  backup from its first page whenever the source changed between two steps: with tables saving
  every few milliseconds a paced backup would start over for ever (measured in
  ``bench/backup.py``: hundreds of restarts, no copy).
- The steps and pauses only spread the copy's reading and writing over time, so the disk and
  the two cores are never taken by the copy alone for long; the pages per step bound each step.
- The rows of every table and the schema version are read in the same transaction: what the
  database held at the copy's moment.

``VACUUM INTO`` takes one read transaction too, but rebuilds every table and index as it goes
(more work than copying pages) in one statement that cannot pause or stop part-way.

**The check** (:func:`check_copy`) opens the finished copy read-only: ``PRAGMA integrity_check``
must say ``ok``, and its schema version and the rows of every table must be those read in the
database at the copy's moment.

Everything here blocks: the callers run it on a thread of its own.
"""

from __future__ import annotations

import sqlite3
import threading
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from shangrao_bot.errors import Phrase
from shangrao_bot.store.backups.refusals import BackupRefused

BUSY_TIMEOUT_MS = 5000  # opening the source waits this long for a lock held by a checkpoint


@dataclass(frozen=True)
class Pacing:
    """How the copy is spread over time: ``pages`` per step (-1: all in one step) and a pause
    of ``pause`` seconds after each step."""

    pages: int = 1024  # 4 MB of the default 4 KB pages
    pause: float = 0.002


DEFAULT_PACING = Pacing()


# tables of the bot's own bookkeeping (the schema version, kept values), not the servers' data
BOOKKEEPING = frozenset({"schema_version", "bot_state"})


@dataclass(frozen=True)
class Contents:
    """What a database holds at one moment: its schema version and every table's rows."""

    schema_version: int
    tables: dict[str, int]

    def rows_of_data(self) -> int:
        """The rows of the servers' data (the bot's own bookkeeping left out)."""
        return sum(n for table, n in self.tables.items() if table not in BOOKKEEPING)


@dataclass(frozen=True)
class CopyProgress:
    """How the copy went: its steps, and the restarts SQLite made (0 inside one snapshot)."""

    steps: int
    restarts: int
    pages: int


class CopyStopped(Exception):
    """The copy was asked to stop (the bot shuts down): nothing is kept."""


def read_contents(conn: sqlite3.Connection) -> Contents:
    """The schema version and the rows of every table (the internal ``sqlite_`` tables
    excepted), read on ``conn`` — inside its transaction, when it has one open."""
    names = [
        str(row[0])
        for row in conn.execute(
            "SELECT name FROM sqlite_schema WHERE type = 'table' AND name NOT LIKE 'sqlite\\_%'"
            " ESCAPE '\\' ORDER BY name"
        )
    ]
    version = int(conn.execute("PRAGMA user_version").fetchone()[0])
    tables = {name: int(conn.execute(f"SELECT COUNT(*) FROM {quoted(name)}").fetchone()[0])
              for name in names}  # fmt: skip
    return Contents(version, tables)


def quoted(name: str) -> str:
    """``name`` as an SQL identifier."""
    return '"' + name.replace('"', '""') + '"'


def open_read_only(path: Path) -> sqlite3.Connection:
    """A read-only connection to the database file ``path`` (never created, never written)."""
    conn = sqlite3.connect(f"{path.resolve().as_uri()}?mode=ro", uri=True, isolation_level=None)
    conn.execute(f"PRAGMA busy_timeout={BUSY_TIMEOUT_MS}")
    return conn


def database_size(conn: sqlite3.Connection) -> int:
    """The bytes of the database ``conn`` reads (its pages, at its read transaction's moment)."""
    pages = int(conn.execute("PRAGMA page_count").fetchone()[0])
    return pages * int(conn.execute("PRAGMA page_size").fetchone()[0])


def copy_database(
    source: Path,
    partial: Path,
    pacing: Pacing = DEFAULT_PACING,
    stop: threading.Event | None = None,
    before_copy: Callable[[Contents, int], None] | None = None,
) -> tuple[Contents, CopyProgress]:
    """Copy the SQLite database ``source`` into the new file ``partial``, as it is at one
    moment, while other connections write to it; returns what it held at that moment and how
    the copy went. ``before_copy(contents, size)``: called with what the database holds and
    its size once the moment is fixed, before anything is written (it may refuse the copy).
    The copy is left in rollback-journal mode: one self-contained file. ``stop`` set:
    :class:`CopyStopped`."""
    try:
        src = open_read_only(source)
    except sqlite3.Error as exc:
        raise BackupRefused("backup.source_unreadable", path=str(source), error=str(exc)) from None
    try:
        try:
            src.execute("BEGIN")  # the read transaction starts at the first read below
            contents = read_contents(src)
            size = database_size(src)
        except sqlite3.DatabaseError as exc:
            raise BackupRefused(
                "backup.source_unreadable", path=str(source), error=str(exc)
            ) from None
        if before_copy is not None:
            before_copy(contents, size)
        steps = restarts = 0
        last: int | None = None
        total = 0

        def progress(status: int, remaining: int, pages: int) -> None:
            nonlocal steps, restarts, last, total
            steps += 1
            total = pages
            if last is not None and remaining > last:
                restarts += 1
            last = remaining
            if stop is not None and stop.is_set():
                raise CopyStopped

        dst = sqlite3.connect(partial, isolation_level=None)
        try:
            src.backup(dst, pages=pacing.pages, progress=progress, sleep=pacing.pause)
            # the copy carries the source's WAL mode in its header: make it one file
            dst.execute("PRAGMA journal_mode=DELETE")
        finally:
            dst.close()
        src.execute("COMMIT")
    finally:
        src.close()
    return contents, CopyProgress(steps, restarts, total)


def check_copy(partial: Path, expected: Contents) -> None:
    """Refuse the copy ``partial`` (``backup.check_failed``) unless SQLite finds it whole and
    it holds ``expected``: the same schema version and the same rows in every table."""
    try:
        conn = open_read_only(partial)
        try:
            verdict = [str(row[0]) for row in conn.execute("PRAGMA integrity_check")]
            found = read_contents(conn) if verdict == ["ok"] else None
        finally:
            conn.close()
    except sqlite3.DatabaseError as exc:
        raise _failed(partial, Phrase("backup.why.integrity", detail=str(exc))) from None
    if found is None:
        raise _failed(partial, Phrase("backup.why.integrity", detail="; ".join(verdict[:3])))
    compare(partial, found, expected)


def compare(copy: Path, found: Contents, expected: Contents) -> None:
    """Refuse (``backup.check_failed``) a copy whose contents are not ``expected``."""
    if found.schema_version != expected.schema_version:
        why = Phrase(
            "backup.why.version", copy=found.schema_version, source=expected.schema_version
        )
        raise _failed(copy, why)
    for table in sorted(found.tables.keys() | expected.tables.keys()):
        have, want = found.tables.get(table), expected.tables.get(table)
        if have != want:
            why = Phrase(
                "backup.why.rows",
                table=table,
                copy="-" if have is None else have,
                source="-" if want is None else want,
            )
            raise _failed(copy, why)


def _failed(copy: Path, why: Phrase) -> BackupRefused:
    return BackupRefused("backup.check_failed", path=str(copy), why=why)
