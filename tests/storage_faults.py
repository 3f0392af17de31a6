"""Real storage faults for tests: the kernel or a second process refuses the bot's writes, the
way they fail in production — no mock of the database.

* :class:`DiskFull` — the database lives on a small filesystem (a ``tmpfs`` mounted for the
  test) that a filler file fills up to the last byte; removing the filler frees it. Where
  mounting is not allowed (not root, or no mount privilege), the same refusal comes from the
  kernel's file-size limit (``RLIMIT_FSIZE``, held at the files' present sizes): any write that
  would grow a file fails, as on a full disk.
* :class:`WriteLock` — a second process holds the write lock (``BEGIN IMMEDIATE``) longer than
  the bot's busy timeout, then lets it go. Works everywhere.
* :class:`PageLimit` — SQLite's own "database or disk is full": the bot's writer may not grow
  the file past its present pages (``PRAGMA max_page_count``) once a filler has used up its
  free pages. Works everywhere (no mount, no root), and always gives ``SQLITE_FULL``.
* :class:`ReadOnly` — the database file and its write-ahead log become immutable
  (``chattr +i``), which refuses writes even to root and even through files already open.
  (Remounting the filesystem read-only is refused with EBUSY while the bot holds the database
  open for writing, and a chmod does not stop root: the immutable flag is what makes an open
  database read-only.) Where the flag cannot be set (not root, or a filesystem without it),
  the kernel's file-size limit refuses the writes instead.

On PostgreSQL the same refusals come from the server:

* :class:`PgTableLock` — another connection holds every table of the database with
  ``LOCK TABLE … IN ACCESS EXCLUSIVE MODE`` (or ``EXCLUSIVE``, which lets reads go on) longer
  than the bot's busy timeout (its ``lock_timeout``), then lets go: the counterpart of
  :class:`WriteLock`.
* :func:`terminate_connections` — the server ends every other connection to the database
  (``pg_terminate_backend``), as a restarted server or a cut network does.

:func:`write_lock` picks the lock of the database a test runs on. Each fault is
``await start()`` / ``await stop()``; ``start`` checks that writes really fail.
"""

from __future__ import annotations

import asyncio
import contextlib
import errno
import os
import resource
import shutil
import signal
import sqlite3
import subprocess
import sys
import uuid
from pathlib import Path
from typing import cast

import asyncpg

from shangrao_bot.store.database.interface import Database, is_postgres_url
from shangrao_bot.store.database.sqlite import SqliteDatabase


def _run(*args: str) -> bool:
    if shutil.which(args[0]) is None:
        return False
    done = subprocess.run(args, capture_output=True, text=True, check=False)
    return done.returncode == 0


def privileged() -> bool:
    """Root, and not told to do without (``SHANGRAO_TEST_UNPRIVILEGED=1`` runs the fallbacks
    that a machine without root or mount uses)."""
    return os.geteuid() == 0 and not os.environ.get("SHANGRAO_TEST_UNPRIVILEGED")


class _FileSizeLimit:
    """Refuse every write that grows the database's log, through the process's file-size
    limit (held at the log's present size: a write past it fails with EFBIG)."""

    def __init__(self, database: Path) -> None:
        self.database = database
        self._saved: tuple[int, int] | None = None
        self._handler: object = None

    def start(self) -> None:
        wal = Path(f"{self.database}-wal")
        size = wal.stat().st_size if wal.exists() else 0
        if size == 0:
            size = self.database.stat().st_size
        self._saved = resource.getrlimit(resource.RLIMIT_FSIZE)
        # a write past the limit fails with EFBIG instead of killing the process
        self._handler = signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
        resource.setrlimit(resource.RLIMIT_FSIZE, (size, self._saved[1]))

    def stop(self) -> None:
        if self._saved is not None:
            resource.setrlimit(resource.RLIMIT_FSIZE, self._saved)
            self._saved = None
        if self._handler is not None:
            signal.signal(signal.SIGXFSZ, self._handler)  # type: ignore[arg-type]
            self._handler = None


class DiskFull:
    """A small filesystem for the database at ``folder`` that can fill up and be freed."""

    def __init__(self, folder: Path, database: str = "tables.db", size_mb: int = 32) -> None:
        self.folder = folder
        self.database = folder / database
        self.size_mb = size_mb
        self.mounted = False
        self._limit: _FileSizeLimit | None = None

    def __enter__(self) -> DiskFull:
        self.folder.mkdir(parents=True, exist_ok=True)
        self.mounted = privileged() and _run(
            "mount", "-t", "tmpfs", "-o", f"size={self.size_mb}m", "tmpfs", str(self.folder)
        )
        return self

    def __exit__(self, *exc: object) -> None:
        if self._limit is not None:
            self._limit.stop()
        if self.mounted:
            _run("umount", "-l", str(self.folder))

    @property
    def filler(self) -> Path:
        return self.folder / "filler.bin"

    async def start(self) -> None:
        if not self.mounted:
            self._limit = _FileSizeLimit(self.database)
            self._limit.start()
            return
        await asyncio.to_thread(self._fill)

    def _fill(self) -> None:
        block = b"\0" * (1 << 16)
        with open(self.filler, "wb", buffering=0) as f:
            size = len(block)
            while size:
                try:
                    f.write(block[:size])
                except OSError as exc:
                    if exc.errno != errno.ENOSPC:
                        raise
                    size //= 2  # down to the last byte
        probe = self.folder / "probe.bin"
        try:
            probe.write_bytes(b"x")
        except OSError:
            pass
        else:
            raise AssertionError("the filesystem is not full")
        finally:
            probe.unlink(missing_ok=True)

    async def stop(self) -> None:
        if self._limit is not None:
            self._limit.stop()
            self._limit = None
        self.filler.unlink(missing_ok=True)


class WriteLock:
    """Another process holding the database's write lock until :meth:`stop`."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self._proc: asyncio.subprocess.Process | None = None

    async def start(self) -> None:
        code = (
            "import sqlite3, sys\n"
            f"c = sqlite3.connect({str(self.path)!r}, isolation_level=None)\n"
            "c.execute('BEGIN IMMEDIATE')\n"
            "print('locked', flush=True)\n"
            "sys.stdin.readline()\n"
            "c.execute('ROLLBACK')\n"
        )
        proc = await asyncio.create_subprocess_exec(
            sys.executable,
            "-c",
            code,
            stdin=asyncio.subprocess.PIPE,
            stdout=asyncio.subprocess.PIPE,
        )
        assert proc.stdout is not None
        line = await asyncio.wait_for(proc.stdout.readline(), 30)
        assert line.strip() == b"locked", line
        self._proc = proc

    async def stop(self) -> None:
        proc, self._proc = self._proc, None
        if proc is None:
            return
        assert proc.stdin is not None
        proc.stdin.write(b"go\n")
        await proc.stdin.drain()
        await asyncio.wait_for(proc.wait(), 30)


class ReadOnly:
    """The database ``path`` (and its write-ahead log) refusing every write until :meth:`stop`."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self._files: list[str] = []
        self._limit: _FileSizeLimit | None = None

    async def start(self) -> None:
        files = [str(p) for p in (self.path, Path(f"{self.path}-wal")) if p.exists()]
        if privileged() and self._immutable_works() and _run("chattr", "+i", *files):
            self._files = files
            return
        self._limit = _FileSizeLimit(self.path)
        self._limit.start()

    def _immutable_works(self) -> bool:
        """Whether this filesystem's immutable flag stops writes through an open file (ext4,
        xfs and btrfs do; tmpfs does not)."""
        probe = self.path.parent / f"immutable-{uuid.uuid4().hex}.probe"
        with open(probe, "wb", buffering=0) as f:
            if not _run("chattr", "+i", str(probe)):
                probe.unlink()
                return False
            try:
                f.write(b"x")
            except OSError:
                return True
            else:
                return False
            finally:
                _run("chattr", "-i", str(probe))
                with contextlib.suppress(OSError):
                    probe.unlink()

    async def stop(self) -> None:
        if self._files:
            assert _run("chattr", "-i", *self._files)
            self._files = []
        if self._limit is not None:
            self._limit.stop()
            self._limit = None


class PgTableLock:
    """Another connection holding every table of the PostgreSQL database at ``url`` locked
    (``mode``: ``ACCESS EXCLUSIVE`` refuses reads and writes alike) until :meth:`stop`."""

    def __init__(self, url: str, mode: str = "ACCESS EXCLUSIVE") -> None:
        self.url = url
        self.mode = mode
        self._conn: asyncpg.Connection | None = None

    async def start(self) -> None:
        conn = await asyncpg.connect(self.url)
        try:
            names = await conn.fetch(
                "SELECT quote_ident(tablename) FROM pg_tables WHERE schemaname = 'public'"
            )
            assert names, "no table to lock"
            await conn.execute("BEGIN")
            await conn.execute(f"LOCK TABLE {', '.join(r[0] for r in names)} IN {self.mode} MODE")
            # the locks are granted: every other connection now waits for them
            held = await conn.fetchval(
                "SELECT count(*) FROM pg_locks WHERE pid = pg_backend_pid()"
                " AND locktype = 'relation' AND mode = $1 AND granted",
                self.mode.title().replace(" ", "") + "Lock",
            )
            assert held >= len(names), (held, len(names))
        except BaseException:
            await conn.close()
            raise
        self._conn = conn

    async def stop(self) -> None:
        conn, self._conn = self._conn, None
        if conn is not None:
            await conn.execute("ROLLBACK")
            await conn.close()


def write_lock(target: str | Path, reads_too: bool = True) -> WriteLock | PgTableLock:
    """Another process or connection holding the write lock of the database ``target``
    (an SQLite file, or a PostgreSQL URL) past the busy timeout, until ``stop()``. On
    PostgreSQL ``reads_too`` takes the tables ``IN ACCESS EXCLUSIVE MODE`` (reads wait and fail
    as well: stricter than SQLite's write lock); without it ``IN EXCLUSIVE MODE``, which lets
    reads go on as SQLite's does."""
    if is_postgres_url(target):
        return PgTableLock(str(target), "ACCESS EXCLUSIVE" if reads_too else "EXCLUSIVE")
    return WriteLock(Path(target))


async def terminate_connections(url: str) -> int:
    """End every other connection to the PostgreSQL database at ``url`` (the bot's writer and
    readers), waiting until each is gone; returns how many were ended."""
    conn = await asyncpg.connect(url)
    try:
        ended = await conn.fetchval(
            "SELECT count(*) FILTER (WHERE pg_terminate_backend(pid, 10000))"
            " FROM pg_stat_activity WHERE datname = current_database()"
            " AND pid <> pg_backend_pid()"
        )
        return int(ended)
    finally:
        await conn.close()


class PageLimit:
    """SQLite's "database or disk is full" on the bot's own writer connection: a filler table
    takes every free page, then ``PRAGMA max_page_count`` holds the file at its size, so each
    write that needs a new page is refused with ``SQLITE_FULL`` (a write that fits in the free
    room of pages already in use still goes through, as on a disk that is nearly full).
    :meth:`stop` lifts the limit and drops the filler."""

    FILLER = "disk_filler_for_tests"

    def __init__(self, db: Database) -> None:
        self.db = cast(SqliteDatabase, db)

    async def start(self) -> None:
        def fill(conn: sqlite3.Connection) -> int:
            conn.execute(f"CREATE TABLE IF NOT EXISTS {self.FILLER} (b BLOB)")
            pages = int(conn.execute("PRAGMA page_count").fetchone()[0])
            conn.execute(f"PRAGMA max_page_count={pages}")
            for size in (4000, 1000, 200, 20):  # the free pages, then what room is left
                while True:
                    try:
                        conn.execute(f"INSERT INTO {self.FILLER} VALUES (zeroblob({size}))")
                    except sqlite3.OperationalError as exc:
                        if exc.sqlite_errorcode & 0xFF != 13:  # SQLITE_FULL
                            raise
                        break
            return int(conn.execute("PRAGMA freelist_count").fetchone()[0])

        free = await self.db._raw(fill)
        assert free == 0, f"{free} pages still free"

    async def stop(self) -> None:
        def free(conn: sqlite3.Connection) -> None:
            conn.execute("PRAGMA max_page_count=4294967294")
            conn.execute(f"DROP TABLE IF EXISTS {self.FILLER}")

        await self.db._raw(free)
