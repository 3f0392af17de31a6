"""PostgreSQL's own tools, ``pg_dump`` and ``pg_restore``, found and run for the backups.

**Which ones.** A dump must be written by a ``pg_dump`` at least as new as the server (an older
one refuses), and is best read back by the tools of the same major version. The candidates are
looked for where ``tests/pg_cluster.py`` looks for the server's binaries: Debian's
``/usr/lib/postgresql/<major>/bin`` (several majors may sit side by side there), the folder
``pg_config --bindir`` names, and ``pg_dump`` on ``PATH`` (whose major its ``--version``
tells). :func:`find_tools` takes those of the server's major, else the oldest newer one, else
refuses with the package to install.

**How they run.** As a child process awaited on the event loop (never blocking it), given the
database's URL without its password — the password goes in ``PGPASSWORD``, so no process list
shows it — and killed if the caller is cancelled. A failure is a keyed refusal with the tool's
last words; a full disk is ``backup.no_space``.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import re
import shutil
import subprocess
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import urlsplit, urlunsplit

from shangrao_bot.store.backups.refusals import BackupRefused

DEBIAN_BINARIES = Path("/usr/lib/postgresql")
_VERSION = re.compile(r"\(PostgreSQL\)\s+(\d+)")
_ERROR_LIMIT = 300  # characters of a tool's last words kept in a refusal


@dataclass(frozen=True)
class PgTools:
    """``pg_dump`` and ``pg_restore`` of one major version, in ``folder``."""

    folder: Path
    major: int

    @property
    def pg_dump(self) -> Path:
        return self.folder / "pg_dump"

    @property
    def pg_restore(self) -> Path:
        return self.folder / "pg_restore"


def major_in(version: str) -> int | None:
    """The major version in a tool's ``--version`` line (``pg_dump (PostgreSQL) 15.4`` → 15)."""
    found = _VERSION.search(version)
    return int(found.group(1)) if found else None


def _major_of(pg_dump: Path) -> int | None:
    try:
        done = subprocess.run(
            [str(pg_dump), "--version"], capture_output=True, text=True, check=False, timeout=30
        )
    except (OSError, subprocess.TimeoutExpired):
        return None
    return major_in(done.stdout)


def candidates() -> list[PgTools]:
    """Every folder holding both tools, with its major version (blocking: it may ask the
    tools their version)."""
    found: dict[Path, PgTools] = {}
    for folder in DEBIAN_BINARIES.glob("*/bin"):
        if folder.parent.name.isdigit():
            found[folder] = PgTools(folder, int(folder.parent.name))
    others: list[Path] = []
    pg_config = shutil.which("pg_config")
    if pg_config is not None:
        with contextlib.suppress(OSError, subprocess.TimeoutExpired):
            done = subprocess.run(
                [pg_config, "--bindir"], capture_output=True, text=True, check=False, timeout=30
            )
            if done.returncode == 0 and done.stdout.strip():
                others.append(Path(done.stdout.strip()))
    on_path = shutil.which("pg_dump")
    if on_path is not None:
        others.append(Path(on_path).resolve().parent)
    for folder in others:
        if folder not in found:
            major = _major_of(folder / "pg_dump")
            if major is not None:
                found[folder] = PgTools(folder, major)
    return [t for t in found.values() if t.pg_dump.exists() and t.pg_restore.exists()]


def find_tools(server_major: int, at_least: int = 0) -> PgTools:
    """The tools for a server of ``server_major`` (and, to read a dump, at least as new as
    ``at_least``, the major of the ``pg_dump`` that wrote it): those of the same major, else
    the oldest newer ones. Blocking."""
    wanted = max(server_major, at_least)
    usable = sorted((t for t in candidates() if t.major >= wanted), key=lambda t: t.major)
    for tools in usable:
        if tools.major == server_major:
            return tools
    if usable:
        return usable[0]
    raise BackupRefused("backup.pg_tools_missing", major=wanted)


@dataclass(frozen=True)
class LibpqTarget:
    """A database URL as the tools take it: the URL without its password, and the password."""

    url: str
    password: str | None

    def env(self) -> dict[str, str]:
        env = dict(os.environ)
        if self.password is not None:
            env["PGPASSWORD"] = self.password
        return env


def libpq_target(url: str, database: str | None = None) -> LibpqTarget:
    """``url`` (of ``database`` instead of its own, if given) for the tools: its password
    taken out."""
    parts = urlsplit(url)
    password = parts.password
    netloc = parts.netloc
    if password is not None:
        user, _, host = netloc.rpartition("@")
        netloc = f"{user.split(':', 1)[0]}@{host}"
    if database is not None:
        parts = parts._replace(path="/" + database)
    return LibpqTarget(urlunsplit(parts._replace(netloc=netloc)), password)


def url_for(url: str, database: str) -> str:
    """``url`` naming ``database`` instead of its own (its password kept: for asyncpg)."""
    return urlunsplit(urlsplit(url)._replace(path="/" + database))


def database_of(url: str) -> str:
    """The database a ``postgresql://`` URL names."""
    name = urlsplit(url).path.lstrip("/")
    if not name:
        raise BackupRefused("backup.pg_no_database", url=url)
    return name


async def run_tool(tool: Path, args: list[str], target: LibpqTarget, room: str) -> str:
    """Run ``tool`` with ``args`` (the database as ``--dbname``) and return its standard output;
    refused with its last words when it fails (``backup.no_space`` when that is a full disk:
    the folder or server ``room``). A cancelled caller kills it."""
    proc = await asyncio.create_subprocess_exec(
        str(tool),
        "--dbname",
        target.url,
        *args,
        stdin=asyncio.subprocess.DEVNULL,
        stdout=asyncio.subprocess.PIPE,
        stderr=asyncio.subprocess.PIPE,
        env=target.env(),
    )
    try:
        out, err = await proc.communicate()
    except BaseException:
        if proc.returncode is None:
            proc.kill()
            await proc.wait()
        raise
    if proc.returncode == 0:
        return out.decode(errors="replace")
    words = err.decode(errors="replace").strip()
    if "No space left on device" in words or "could not extend file" in words:
        raise BackupRefused("backup.no_space", folder=room, error=_last(words))
    raise BackupRefused(
        "backup.pg_tool_failed", tool=tool.name, status=proc.returncode, error=_last(words)
    )


def _last(words: str) -> str:
    lines = [line for line in words.splitlines() if line.strip()]
    text = " ".join(lines[-3:]) if lines else "(no message)"
    return text if len(text) <= _ERROR_LIMIT else text[: _ERROR_LIMIT - 1] + "…"
