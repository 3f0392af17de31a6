"""The real bot's own backups (``BACKUP_EVERY``) against the loopback fake Discord: started on a
book with no backup yet, it takes a checked backup beside its database soon after start-up;
while it runs, ``shangrao-bot restore`` refuses its database (the bot holds its lock); once it
has stopped, the backup is restored."""

from __future__ import annotations

import asyncio
import io
from pathlib import Path

import pytest

from shangrao_bot.discord_bot import ShangraoBot
from shangrao_bot.entrypoints.cli import main
from shangrao_bot.settings import BackupPlan, Settings
from shangrao_bot.store.backups import schedule
from shangrao_bot.store.backups.manifest import read_checked
from shangrao_bot.store.backups.schedule import own_backups
from shangrao_bot.store.database.opening import open_database
from tests.e2e.conftest import StartBot
from tests.e2e.fake_discord import FakeDiscord
from tests.e2e.test_tables import FAST, PACING, seeds, until
from tests.store.backup_helpers import fill, rows_of


def cli(*argv: str) -> tuple[int, str]:
    out = io.StringIO()
    return main(list(argv), stdout=out), out.getvalue()


@pytest.mark.slow
async def test_the_bot_backs_itself_up_and_its_running_file_is_not_restored_under_it(
    fake_discord: FakeDiscord,
    start_bot: StartBot,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    monkeypatch.setattr(schedule, "START_DELAY_S", 0.0)  # the catch-up backup at once
    path = tmp_path / "bot.db"
    db = await open_database(path)
    try:
        await fill(db, hands=3)
    finally:
        await db.close()
    settings = Settings(
        discord_token=fake_discord.token,
        database_url=f"sqlite:///{path}",
        dev_guild_id=fake_discord.guild.id,
        backups=BackupPlan(every_seconds=6 * 3600, keep=2),
    )
    bot = await start_bot(ShangraoBot(settings, service_config=FAST, seeds=seeds, pacing=PACING))
    folder = tmp_path / "backups"  # beside the database
    await until(lambda: own_backups(folder), 30)
    backups = bot.get_cog("Backups")
    assert backups is not None and backups.schedule is not None  # type: ignore[attr-defined]
    await until(lambda: backups.schedule.last is not None, 30)  # type: ignore[attr-defined]
    [(_, taken)] = own_backups(folder)
    assert backups.schedule.last.file == taken  # type: ignore[attr-defined]
    manifest = read_checked(taken)
    assert manifest.hands == 3 and manifest.source == str(path)
    assert bot.db.health.current() is None  # the tracker a health check reads

    code, _ = await asyncio.to_thread(
        cli, "restore", str(taken), "--database", f"sqlite:///{path}", "--replace"
    )
    err = capsys.readouterr().err
    assert code == 2
    assert err == (
        f"shangrao-bot: error: a bot is running on {path} (it holds {path}.lock): stop it "
        "before restoring\n"
    )
    await bot.close()
    code, text = await asyncio.to_thread(
        cli, "restore", str(taken), "--database", f"sqlite:///{path}", "--replace"
    )
    assert code == 0, capsys.readouterr().err
    assert text.startswith(f"restored {taken} ")
    assert await rows_of(path) == await rows_of(taken)
