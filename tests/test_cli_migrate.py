"""``shangrao-bot migrate``: the migrations applied to ``DATABASE_URL``'s database (SQLite or
PostgreSQL) without starting the bot, the versions before and after on one line, and an
unusable database as one error line with exit status 2 — never a password, never a
traceback."""

from __future__ import annotations

import asyncio
import io
from pathlib import Path

import pytest

from shangrao_bot.entrypoints.cli import main
from shangrao_bot.store.database.interface import is_postgres_url
from shangrao_bot.store.database.opening import open_database
from shangrao_bot.store.database.sqlite_migrations import LATEST

PREFIX = "shangrao-bot: error: "


def migrate() -> tuple[int, str]:
    out = io.StringIO()
    return main(["migrate"], stdout=out), out.getvalue()


@pytest.fixture(autouse=True)
def _no_env_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """No ``.env`` of the machine's: the tests set ``DATABASE_URL`` themselves."""
    monkeypatch.chdir(tmp_path)


def url_of(target: str | Path) -> str:
    return str(target) if is_postgres_url(target) else f"sqlite:///{target}"


async def test_migrate_brings_an_older_database_to_the_latest_version(
    empty_target: str | Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    db_target = empty_target
    old = await open_database(db_target, migrate_to=3)
    shown = old.path
    await old.close()
    monkeypatch.setenv("DATABASE_URL", url_of(db_target))
    code, out = await asyncio.to_thread(migrate)
    assert (code, out) == (0, f"database {shown} at schema version {LATEST} (was 3)\n")
    again = await asyncio.to_thread(migrate)
    assert again == (0, f"database {shown} at schema version {LATEST} (was {LATEST})\n")
    db = await open_database(db_target)
    try:
        assert await db.user_version() == LATEST and await db.integrity_ok()
    finally:
        await db.close()


def test_migrate_creates_a_new_sqlite_ledger(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("DATABASE_URL", "sqlite:///data/new.db")
    assert migrate() == (0, f"database data/new.db at schema version {LATEST} (was 0)\n")
    assert (tmp_path / "data" / "new.db").is_file()


async def test_a_newer_database_is_refused(
    db_target: str | Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    db = await open_database(db_target)
    if db.kind == "postgresql":
        await db.write(lambda tx: tx.execute("UPDATE schema_version SET version = 99"))
    else:
        await db.write(lambda tx: tx.execute("PRAGMA user_version=99"))
    await db.close()
    monkeypatch.setenv("DATABASE_URL", url_of(db_target))
    assert await asyncio.to_thread(migrate) == (2, "")
    err = capsys.readouterr().err
    assert err.startswith(PREFIX) and err.count("\n") == 1, err
    assert "schema version 99, newer than this bot" in err


@pytest.mark.parametrize(
    ("url", "needle"),
    [
        pytest.param(
            "postgresql://bob:s3cret@127.0.0.1:1/ledger",
            "postgresql://bob:***@127.0.0.1:1/ledger cannot be used (ConnectionRefusedError",
            id="nothing-listening",
        ),
        pytest.param(
            "postgresql://bob:s3cret@no-such-host.invalid:5432/ledger",
            "postgresql://bob:***@no-such-host.invalid:5432/ledger cannot be used",
            id="unknown-host",
        ),
        pytest.param("mysql://bob:s3cret@db/ledger", "is not supported", id="other-scheme"),
        pytest.param("sqlite:///:memory:", "in-memory database", id="in-memory"),
    ],
)
def test_an_unusable_database_is_one_error_line(
    url: str, needle: str, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv("DATABASE_URL", url)
    assert migrate() == (2, "")
    err = capsys.readouterr().err
    assert err.startswith(PREFIX) and err.count("\n") == 1, err
    assert needle in err, err
    assert "Traceback" not in err and "internal error" not in err


def test_a_bad_setting_is_one_error_line(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv("DATABASE_URL", "sqlite:///x.db")
    monkeypatch.setenv("LOG_LEVEL", "LOUD")
    assert migrate() == (2, "")
    err = capsys.readouterr().err
    assert err.startswith(PREFIX) and "LOG_LEVEL" in err and err.count("\n") == 1


def test_help_says_what_migrate_does() -> None:
    out = io.StringIO()
    assert main(["migrate", "--help"], stdout=out) == 0
    flat = " ".join(out.getvalue().split())
    for words in ("DATABASE_URL", "SQLite", "PostgreSQL", "Exit status 0", "2 when"):
        assert words in flat, words
