"""A ``DATABASE_URL`` that cannot work stops ``python bot.py`` before it logs in: one line on
stderr naming the problem and the fix, exit status 2, no request to Discord, no token.

The bot runs as root here, and root writes through file permissions: a read-only file or folder
is made with a real read-only mount (a tmpfs remounted read-only, a file bind-mounted read-only).
Where mounting is not allowed, the same cases are made with permissions and, for root, the bot
process runs as ``nobody`` (for whom permissions do hold).
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import shutil
import sqlite3
import subprocess
import sys
from collections.abc import AsyncIterator, Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

from tests.e2e.fake_discord import FakeDiscord

# every test here takes seconds (the slow marker: pytest -m 'not slow' leaves them out)
pytestmark = pytest.mark.slow

ROOT = Path(__file__).resolve().parents[2]
NOBODY = 65534


def _run(*args: str) -> bool:
    return subprocess.run(args, capture_output=True, check=False).returncode == 0


@dataclass
class ReadOnly:
    """``folder``: a read-only folder holding ``db`` (a migrated ledger); ``file``: a migrated
    ledger that is read-only itself, in a writable folder. ``user``: the uid the bot must run
    as for these to be read-only to it (None: as the test's own user)."""

    folder: Path
    db: Path
    file: Path
    user: int | None


def _ledger(path: Path) -> None:
    """A migrated ledger file, as the bot leaves it (WAL mode, closed cleanly)."""
    from shangrao_bot.store.database.sqlite_migrations import LATEST, MIGRATIONS

    conn = sqlite3.connect(path, isolation_level=None)
    try:
        conn.execute("PRAGMA journal_mode=WAL")
        for n, statements in enumerate(MIGRATIONS, start=1):
            for statement in statements:
                conn.execute(statement)
            conn.execute(f"PRAGMA user_version={n}")
        assert conn.execute("PRAGMA user_version").fetchone()[0] == LATEST
    finally:
        conn.close()


@pytest.fixture
def read_only(tmp_path: Path) -> Iterator[ReadOnly]:
    folder = tmp_path / "ro"
    folder.mkdir()
    rw = tmp_path / "rw"
    rw.mkdir()
    file = rw / "ledger.db"
    _ledger(file)
    mounted: list[Path] = []
    try:
        if _run("mount", "-t", "tmpfs", "-o", "size=4m", "tmpfs", str(folder)):
            mounted.append(folder)
            _ledger(folder / "ledger.db")
            if not _run("mount", "-o", "remount,ro", str(folder)):
                raise AssertionError("could not remount the tmpfs read-only")
            if not _run("mount", "--bind", str(file), str(file)):
                raise AssertionError("could not bind-mount the file")
            mounted.append(file)
            if not _run("mount", "-o", "remount,bind,ro", str(file)):
                raise AssertionError("could not remount the file read-only")
            user = None
        else:  # no mounting here: permissions, which hold for anyone but root
            _ledger(folder / "ledger.db")
            for p in (tmp_path, folder, rw):
                p.chmod(0o777 if p is rw else 0o755)
            (folder / "ledger.db").chmod(0o444)
            file.chmod(0o444)
            folder.chmod(0o555)
            user = NOBODY if os.geteuid() == 0 else None
        yield ReadOnly(folder, folder / "ledger.db", file, user)
    finally:
        for m in reversed(mounted):
            if not _run("umount", str(m)):
                _run("umount", "-l", str(m))  # still busy: detach now, freed when unused
        folder.chmod(0o755)


async def _run_bot(
    fake: FakeDiscord, url: str, cwd: Path, user: int | None, **extra: str
) -> tuple[int, str, str]:
    env = fake.subprocess_env(DATABASE_URL=url, LOG_LEVEL="INFO", PYTHONUNBUFFERED="1", **extra)
    proc = await asyncio.create_subprocess_exec(
        sys.executable,
        str(ROOT / "bot.py"),
        env=env,
        cwd=cwd,  # no .env of the developer's checkout is read
        stdout=asyncio.subprocess.PIPE,
        stderr=asyncio.subprocess.PIPE,
        user=user,
    )
    try:
        out, err = await asyncio.wait_for(proc.communicate(), 30)
    except TimeoutError:
        proc.kill()
        out, err = await proc.communicate()
        raise AssertionError(f"the bot did not stop: {fake.requests[:3]}\n{err.decode()}") from None
    assert proc.returncode is not None
    return proc.returncode, out.decode(), err.decode()


async def _refused(fake: FakeDiscord, url: str, cwd: Path, user: int | None, *words: str) -> str:
    code, out, err = await _run_bot(fake, url, cwd, user)
    lines = err.splitlines()
    assert code == 2, err
    assert out == "" and len(lines) == 1, err
    (line,) = lines
    assert line.startswith("shangrao-bot: DATABASE_URL"), line
    for word in words:
        assert word in line, line
    assert "Traceback" not in err and fake.token not in err
    assert fake.requests == []  # it never tried to log in
    return line


async def test_a_read_only_database_file_stops_the_bot(
    fake_discord: FakeDiscord, read_only: ReadOnly, tmp_path: Path
) -> None:
    line = await _refused(
        fake_discord, f"sqlite:///{read_only.file}", tmp_path, read_only.user, "cannot be written"
    )
    assert str(read_only.file) in line and "writable" in line


async def test_a_ledger_in_a_read_only_folder_stops_the_bot(
    fake_discord: FakeDiscord, read_only: ReadOnly, tmp_path: Path
) -> None:
    line = await _refused(
        fake_discord, f"sqlite:///{read_only.db}", tmp_path, read_only.user, "cannot be written"
    )
    assert "read-only" in line and "writable" in line


async def test_a_new_database_in_a_read_only_folder_stops_the_bot(
    fake_discord: FakeDiscord, read_only: ReadOnly, tmp_path: Path
) -> None:
    new = read_only.folder / "new.db"
    line = await _refused(fake_discord, f"sqlite:///{new}", tmp_path, read_only.user, "read-only")
    assert "writable" in line
    assert not new.exists()


async def test_a_folder_that_cannot_be_created_stops_the_bot(
    fake_discord: FakeDiscord, read_only: ReadOnly, tmp_path: Path
) -> None:
    under_ro = read_only.folder / "sub" / "x.db"
    line = await _refused(
        fake_discord, f"sqlite:///{under_ro}", tmp_path, read_only.user, "cannot be created"
    )
    assert str(under_ro.parent) in line
    a_file = tmp_path / "plain.txt"
    a_file.write_text("not a folder\n")
    fake_discord.requests.clear()
    line = await _refused(
        fake_discord, f"sqlite:///{a_file}/sub/x.db", tmp_path, None, "cannot be created"
    )
    assert str(a_file / "sub") in line


async def test_a_file_that_is_not_a_database_stops_the_bot(
    fake_discord: FakeDiscord, tmp_path: Path
) -> None:
    notes = tmp_path / "notes.db"
    notes.write_text("these are my notes, not a database\n" * 100)
    before = notes.read_bytes()
    line = await _refused(fake_discord, f"sqlite:///{notes}", tmp_path, None, "not an SQLite")
    assert str(notes) in line
    assert notes.read_bytes() == before  # left as it was


@pytest.mark.parametrize("target", ["/dev/null", "folder"])
async def test_something_that_is_not_a_file_stops_the_bot(
    fake_discord: FakeDiscord, tmp_path: Path, target: str
) -> None:
    path = "/dev/null" if target == "/dev/null" else str(tmp_path)
    line = await _refused(fake_discord, f"sqlite:///{path}", tmp_path, None, "not a regular file")
    assert path in line


async def test_a_good_database_url_still_starts(fake_discord: FakeDiscord, tmp_path: Path) -> None:
    """The probe leaves a usable ledger alone: the bot logs in and the probe left no trace."""
    db = tmp_path / "data" / "ledger.db"
    async with _logged_in_bot(
        fake_discord, f"sqlite:///{db}", tmp_path, DEV_GUILD_ID=str(fake_discord.guild.id)
    ):
        pass
    conn = sqlite3.connect(db)
    try:
        tables = {r[0] for r in conn.execute("SELECT name FROM sqlite_master")}
    finally:
        conn.close()
    assert not any("probe" in t for t in tables)
    shutil.rmtree(tmp_path / "data")


@contextlib.asynccontextmanager
async def _logged_in_bot(
    fake: FakeDiscord, url: str, cwd: Path, **extra: str
) -> AsyncIterator[asyncio.subprocess.Process]:
    """``python bot.py`` on ``url``, once logged in; stopped with SIGTERM afterwards, which it
    must end cleanly (status 0)."""
    env = fake.subprocess_env(DATABASE_URL=url, LOG_LEVEL="INFO", PYTHONUNBUFFERED="1", **extra)
    proc = await asyncio.create_subprocess_exec(
        sys.executable,
        str(ROOT / "bot.py"),
        env=env,
        cwd=cwd,  # no .env of the developer's checkout is read
        stdout=asyncio.subprocess.PIPE,
        stderr=asyncio.subprocess.STDOUT,
    )
    try:
        await fake.wait_for(lambda: fake.connected, timeout=60)
        yield proc
    finally:
        proc.terminate()
        out, _ = await asyncio.wait_for(proc.communicate(), 60)
    assert proc.returncode == 0, out.decode()


async def _one_line_refusal(fake: FakeDiscord, url: str, cwd: Path, **extra: str) -> str:
    code, out, err = await _run_bot(fake, url, cwd, None, **extra)
    lines = err.splitlines()
    assert code == 2 and out == "" and len(lines) == 1, err
    assert "Traceback" not in err and fake.token not in err
    return lines[0]


async def test_some_shards_on_sqlite_are_refused(fake_discord: FakeDiscord, tmp_path: Path) -> None:
    """Other processes would run the other shards, and an SQLite file serves one process."""
    line = await _one_line_refusal(
        fake_discord, f"sqlite:///{tmp_path / 'x.db'}", tmp_path, SHARD_COUNT="2", SHARD_IDS="1"
    )
    assert line.startswith("shangrao-bot: SHARD_IDS") and "PostgreSQL" in line, line
    assert fake_discord.requests == []  # it never tried to log in


async def test_an_unreachable_postgresql_server_stops_the_bot(
    fake_discord: FakeDiscord, tmp_path: Path
) -> None:
    """Nothing listens on port 1: one line, and the URL's password is not in it."""
    url = "postgresql://shangrao:s3cret-pw@127.0.0.1:1/shangrao"
    line = await _one_line_refusal(fake_discord, url, tmp_path)
    assert line.startswith("shangrao-bot: DATABASE_URL") and "cannot be used" in line, line
    assert "s3cret-pw" not in line and "shangrao:***@127.0.0.1:1" in line
    assert fake_discord.requests == []


async def test_a_second_bot_on_the_same_sqlite_file_is_refused(
    fake_discord: FakeDiscord, tmp_path: Path
) -> None:
    """Its virtual tables would run twice: the second process stops with one line while the
    first goes on."""
    url = f"sqlite:///{tmp_path / 'ledger.db'}"
    async with _logged_in_bot(fake_discord, url, tmp_path) as first:
        line = await _one_line_refusal(fake_discord, url, tmp_path)
        assert "another bot process is already using" in line, line
        assert first.returncode is None  # the first bot is untouched
