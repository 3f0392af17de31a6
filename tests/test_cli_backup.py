"""``shangrao-bot backup`` and ``restore``: ``DATABASE_URL``'s database (or ``--database``'s)
backed up and restored from the command line, on SQLite and PostgreSQL; a refusal is one error
line in the language ``--lang`` asks for, exit status 2, nothing left half-written."""

from __future__ import annotations

import asyncio
import io
from pathlib import Path

import pytest

from shangrao_bot.entrypoints.cli import main
from shangrao_bot.store.backups.manifest import manifest_path
from shangrao_bot.store.database.interface import is_postgres_url, shown_url
from shangrao_bot.store.database.opening import open_database
from shangrao_bot.store.database.sqlite_migrations import LATEST
from tests.conftest import NewTarget
from tests.store.backup_helpers import fill, rows_of, url_of

PREFIX = "shangrao-bot: error: "


def run(*argv: str) -> tuple[int, str]:
    out = io.StringIO()
    return main(list(argv), stdout=out), out.getvalue()


@pytest.fixture(autouse=True)
def _no_env_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """No ``.env`` of the machine's: the tests set ``DATABASE_URL`` themselves."""
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("DATABASE_URL", raising=False)


async def test_backup_and_restore_round_trip(
    new_target: NewTarget, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    source = await new_target()
    db = await open_database(source)
    try:
        await fill(db, hands=4)
        shown = db.path
    finally:
        await db.close()
    monkeypatch.setenv("DATABASE_URL", url_of(source))
    out = tmp_path / "saved" / "backup.file"
    code, text = await asyncio.to_thread(run, "backup", "--out", str(out))
    assert code == 0, text
    assert text.startswith(f"checked backup of {shown} (schema version {LATEST}; ")
    assert "4 hands) written to " in text and text.endswith(f"manifest {manifest_path(out)}\n")
    assert out.is_file() and manifest_path(out).is_file()

    target = await new_target()
    code, text = await asyncio.to_thread(run, "restore", str(out), "--database", url_of(target))
    assert code == 0, text
    shown_target = shown_url(str(target)) if is_postgres_url(target) else str(target)
    assert text.startswith(f"restored {out} (taken ") and text.endswith(f" into {shown_target}\n")
    assert await rows_of(target) == await rows_of(source)


def test_a_refusal_is_one_line_in_the_language_asked_for(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    bare = tmp_path / "bare.db"
    bare.write_bytes(b"not a backup")
    target = f"sqlite:///{tmp_path / 'bot.db'}"
    code, text = run("restore", str(bare), "--database", target)
    err = capsys.readouterr().err
    assert (code, text) == (2, "")
    assert err == (
        f"{PREFIX}{bare} is not a checked backup (no valid manifest {bare}.manifest.json beside "
        "it): restore reads only the backups shangrao-bot backup writes\n"
    )
    code, _ = run("--lang", "zh-CN", "restore", str(bare), "--database", target)
    err = capsys.readouterr().err
    assert code == 2 and err.count("\n") == 1
    assert err.startswith(PREFIX) and "不是经过检查的备份" in err
    assert not (tmp_path / "bot.db").exists()


async def test_restore_over_data_needs_replace(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    source = tmp_path / "source.db"
    db = await open_database(source)
    await fill(db, hands=1)
    await db.close()
    monkeypatch.setenv("DATABASE_URL", f"sqlite:///{source}")
    out = tmp_path / "b.db"
    assert (await asyncio.to_thread(run, "backup", "--out", str(out)))[0] == 0
    target = tmp_path / "bot.db"
    db = await open_database(target)
    await fill(db, hands=2)
    await db.close()
    before = await rows_of(target)
    monkeypatch.setenv("DATABASE_URL", f"sqlite:///{target}")
    code, _ = await asyncio.to_thread(run, "restore", str(out))
    err = capsys.readouterr().err
    assert code == 2 and err.count("\n") == 1
    assert f"{target} holds data (" in err and "add --replace" in err
    assert await rows_of(target) == before
    code, text = await asyncio.to_thread(run, "restore", str(out), "--replace")
    assert code == 0 and " rows replaced\n" in text
    assert await rows_of(target) == await rows_of(source)


def test_backup_of_no_database_is_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, _ = run("backup", "--database", "sqlite:///data/none.db", "--out", "b.db")
    assert code == 2
    assert capsys.readouterr().err == (
        f"{PREFIX}there is no database at data/none.db: nothing to back up\n"
    )
    assert not (tmp_path / "data").exists() and not (tmp_path / "b.db").exists()


def test_help_says_what_backup_and_restore_take() -> None:
    code, text = run("backup", "--help")
    flat = " ".join(text.split())
    assert code == 0
    for words in ("--database", "--out", "manifest", "sha256", "DATABASE_URL", "Exit status 0"):
        assert words in flat
    code, text = run("restore", "--help")
    flat = " ".join(text.split())
    assert code == 0
    for words in ("--replace", "--database", "checked backup", "never half-restored"):
        assert words in flat
    code, text = run("--help")
    assert "backup" in text and "restore" in text
