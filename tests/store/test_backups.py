"""Checked backups and their restore, on SQLite and on PostgreSQL (real files, a real server,
PostgreSQL's own pg_dump and pg_restore): a round trip gives back every row; restore refuses
anything but a checked backup, a file cut short or altered, data it would replace unasked, a
database in use; and whatever is refused, nothing is left half-written."""

from __future__ import annotations

import json
import sqlite3
import subprocess
import sys
from pathlib import Path

import asyncpg
import pytest

from shangrao_bot.store.backups.manifest import manifest_path, read_checked
from shangrao_bot.store.backups.pg_tools import database_of
from shangrao_bot.store.backups.refusals import BackupRefused
from shangrao_bot.store.backups.restoring import restore_backup
from shangrao_bot.store.backups.sqlite_copy import Contents, check_copy
from shangrao_bot.store.backups.taking import take_backup
from shangrao_bot.store.database.interface import is_postgres_url
from shangrao_bot.store.database.opening import open_database
from shangrao_bot.store.database.sqlite_migrations import LATEST
from tests.conftest import NewTarget
from tests.databases import fresh_database
from tests.pg_cluster import Cluster
from tests.store.backup_helpers import every_row, fill, rows_of


def _suffix(target: str | Path) -> str:
    return ".dump" if is_postgres_url(target) else ".db"


async def _filled(new_target: NewTarget, hands: int = 3) -> str | Path:
    source = await new_target()
    db = await open_database(source)
    try:
        await fill(db, hands)
    finally:
        await db.close()
    return source


def _leftovers(folder: Path) -> list[str]:
    """Partial files of a backup or a restore left in ``folder`` (there must be none)."""
    return sorted(p.name for p in folder.iterdir() if p.name.startswith("."))


async def test_a_backup_restores_every_row(new_target: NewTarget, tmp_path: Path) -> None:
    source = await _filled(new_target)
    out = tmp_path / "backups" / f"one{_suffix(source)}"
    taken = await take_backup(source, out)
    db = await open_database(source)
    try:
        rows = await every_row(db)
    finally:
        await db.close()
    assert taken.file == out and manifest_path(out).is_file()
    manifest = read_checked(out)
    assert manifest == taken.manifest
    assert manifest.schema_version == LATEST and manifest.hands == 3
    assert manifest.tables == {name: len(found) for name, found in rows.items()}
    assert _leftovers(out.parent) == []

    target = await new_target()
    done = await restore_backup(out, target)
    assert done.replaced_rows == 0 and done.manifest == manifest
    assert await rows_of(target) == rows
    restored = await open_database(target)
    try:
        assert await restored.integrity_ok() and await restored.user_version() == LATEST
    finally:
        await restored.close()


async def test_anything_but_a_checked_backup_is_refused(
    new_target: NewTarget, tmp_path: Path
) -> None:
    source = await _filled(new_target)
    good = tmp_path / f"good{_suffix(source)}"
    await take_backup(source, good)
    target = await new_target()
    before = await rows_of(target)

    async def refused(path: Path) -> str:
        with pytest.raises(BackupRefused) as caught:
            await restore_backup(path, target, replace=True)
        assert await rows_of(target) == before  # nothing touched
        return caught.value.key

    assert await refused(tmp_path / "nothing.db") == "backup.missing"
    data = good.read_bytes()

    bare = tmp_path / "bare.db"  # the same bytes, no manifest: not a checked backup
    bare.write_bytes(data)
    assert await refused(bare) == "backup.not_checked"

    forged = tmp_path / "forged.db"  # a manifest of another format
    forged.write_bytes(data)
    manifest_path(forged).write_text(json.dumps({"format": "something else"}))
    assert await refused(forged) == "backup.not_checked"

    cut = tmp_path / "cut.db"  # cut short, its manifest copied along
    cut.write_bytes(data[: len(data) // 2])
    manifest_path(cut).write_text(manifest_path(good).read_text())
    assert await refused(cut) == "backup.altered"

    altered = bytearray(data)  # one byte changed, the size the same
    altered[len(altered) // 2] ^= 0xFF
    changed = tmp_path / "changed.db"
    changed.write_bytes(bytes(altered))
    manifest_path(changed).write_text(manifest_path(good).read_text())
    assert await refused(changed) == "backup.altered"

    assert _leftovers(tmp_path) == []
    await restore_backup(good, target, replace=True)  # the checked one goes through


async def test_data_is_replaced_only_when_asked(new_target: NewTarget, tmp_path: Path) -> None:
    source = await _filled(new_target, hands=2)
    out = tmp_path / f"b{_suffix(source)}"
    await take_backup(source, out)
    expected = await rows_of(source)
    target = await _filled(new_target, hands=5)
    before = await rows_of(target)
    with pytest.raises(BackupRefused) as caught:
        await restore_backup(out, target)
    assert caught.value.key == "backup.target_has_data"
    assert await rows_of(target) == before
    done = await restore_backup(out, target, replace=True)
    assert done.replaced_rows > 0
    assert await rows_of(target) == expected


async def test_a_backup_of_the_other_kind_or_a_newer_bot_is_refused(tmp_path: Path) -> None:
    source = tmp_path / "ledger.db"
    db = await open_database(source)
    await db.close()
    out = tmp_path / "b.db"
    await take_backup(source, out)
    with pytest.raises(BackupRefused) as caught:  # refused before any server is asked
        await restore_backup(out, "postgresql://nobody@/nowhere?host=/nonexistent")
    assert caught.value.key == "backup.wrong_kind"
    # a backup of a newer schema: refused by the bot that cannot run it
    newer = tmp_path / "newer.db"
    conn = sqlite3.connect(source)
    conn.execute(f"PRAGMA user_version={LATEST + 1}")
    conn.close()
    with pytest.raises(BackupRefused) as caught:
        await take_backup(source, newer)
    assert caught.value.key == "backup.newer_schema" and not newer.exists()


async def test_a_running_bots_sqlite_file_is_not_restored(tmp_path: Path) -> None:
    """Another process holds the bot's lock on ``<database>.lock`` (as a running bot does,
    through the same function): refused, the database untouched."""
    source = tmp_path / "source.db"
    db = await open_database(source)
    await db.close()
    out = tmp_path / "b.db"
    await take_backup(source, out)
    target = tmp_path / "bot.db"
    db = await open_database(target)
    await db.close()
    before = target.read_bytes()
    holder = subprocess.Popen(
        [
            sys.executable,
            "-c",
            "import sys\n"
            "from shangrao_bot.store.database.startup import hold_sqlite_file\n"
            f"hold = hold_sqlite_file({str(target)!r})\n"
            "print('held', flush=True)\n"
            "sys.stdin.readline()\n",
        ],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
    )
    try:
        assert holder.stdout is not None and holder.stdout.readline().strip() == "held"
        with pytest.raises(BackupRefused) as caught:
            await restore_backup(out, target, replace=True)
        assert caught.value.key == "backup.bot_running"
        assert target.read_bytes() == before
    finally:
        assert holder.stdin is not None
        holder.stdin.write("done\n")
        holder.stdin.close()
        holder.wait(30)
    await restore_backup(out, target, replace=True)  # the bot stopped: it goes through


async def test_a_stale_write_ahead_log_beside_the_old_file_is_not_applied(
    tmp_path: Path,
) -> None:
    """A database left with its write-ahead log (its last commits in it, as after a killed
    process): restored over with ``replace``, the new file must hold the backup, not the old
    log's pages applied to it."""
    source = tmp_path / "source.db"
    db = await open_database(source)
    await fill(db, hands=1)
    await db.close()
    out = tmp_path / "b.db"
    await take_backup(source, out)
    expected = await rows_of(source)

    target = tmp_path / "old.db"
    conn = sqlite3.connect(target, isolation_level=None)
    conn.execute("PRAGMA journal_mode=WAL")
    conn.execute("PRAGMA wal_autocheckpoint=0")
    conn.execute("CREATE TABLE old_data (x TEXT)")
    conn.executemany("INSERT INTO old_data VALUES (?)", [("x" * 500,)] * 200)
    log = Path(f"{target}-wal").read_bytes()  # the log as a killed process leaves it
    conn.close()  # (a clean close folds it in and removes it)
    Path(f"{target}-wal").write_bytes(log)

    await restore_backup(out, target, replace=True)
    assert await rows_of(target) == expected
    assert not Path(f"{target}-wal").exists() or Path(f"{target}-wal").stat().st_size == 0


async def test_the_check_finds_a_damaged_copy(tmp_path: Path) -> None:
    source = tmp_path / "source.db"
    db = await open_database(source)
    await fill(db, hands=40, events=200)
    await db.close()
    out = tmp_path / "b.db"
    taken = await take_backup(source, out)
    expected = Contents(taken.manifest.schema_version, taken.manifest.tables)
    check_copy(out, expected)  # whole: passes
    damaged = bytearray(out.read_bytes())
    page = 4096
    for n in range(2, len(damaged) // page):  # every page but the first: garbage
        damaged[n * page + 8 : n * page + 64] = b"\xa5" * 56
    broken = tmp_path / "broken.db"
    broken.write_bytes(bytes(damaged))
    with pytest.raises(BackupRefused) as caught:
        check_copy(broken, expected)
    assert caught.value.key == "backup.check_failed"
    fewer = Contents(expected.schema_version, {**expected.tables, "hands": 39})
    with pytest.raises(BackupRefused) as caught:
        check_copy(out, fewer)
    assert caught.value.key == "backup.check_failed" and "hands" in str(caught.value)


async def test_backups_of_nothing_or_into_a_folder_are_refused(tmp_path: Path) -> None:
    with pytest.raises(BackupRefused) as caught:
        await take_backup(tmp_path / "absent.db", tmp_path / "b.db")
    assert caught.value.key == "backup.no_database"
    assert not (tmp_path / "absent.db").exists()
    source = tmp_path / "source.db"
    await (await open_database(source)).close()
    with pytest.raises(BackupRefused) as caught:
        await take_backup(source, tmp_path)
    assert caught.value.key == "backup.out_is_folder"


@pytest.mark.slow
async def test_a_postgresql_database_in_use_is_not_restored(
    pg_cluster: Cluster, tmp_path: Path
) -> None:
    """PostgreSQL's own: a bot's connections to the database. Refused, the database
    untouched, no database of the attempt left on the server."""
    async with fresh_database(pg_cluster) as source, fresh_database(pg_cluster) as target:
        for url, hands in ((source, 3), (target, 1)):
            db = await open_database(url)
            await fill(db, hands)
            await db.close()
        out = tmp_path / "b.dump"
        await take_backup(source, out)
        before = await rows_of(target)
        bot = await open_database(target)  # a running bot's connections
        try:
            with pytest.raises(BackupRefused) as caught:
                await restore_backup(out, target, replace=True)
            assert caught.value.key == "backup.pg_in_use"
            assert await every_row(bot) == before
        finally:
            await bot.close()
        server = await asyncpg.connect(pg_cluster.url)
        try:
            names = [str(r[0]) for r in await server.fetch("SELECT datname FROM pg_database")]
        finally:
            await server.close()
        mine = database_of(str(target))[:32]  # other tests use the server meanwhile
        assert [n for n in names if n.startswith(mine) and n != database_of(str(target))] == []
        await restore_backup(out, target, replace=True)  # the bot stopped: it goes through
        assert await rows_of(target) == await rows_of(source)
