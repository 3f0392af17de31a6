"""The presenter's own writes while storage is unavailable: a user's language that cannot be
saved costs one log line (no traceback: the fault is expected and already reported by the
table service), and is saved by the next attempt once storage is back."""

from __future__ import annotations

import logging
from pathlib import Path

import discord
import pytest

from shangrao_bot.store.database.opening import open_database
from shangrao_bot.store.prefs import user_langs
from shangrao_bot.ui.discord_presenter import DiscordPresenter
from tests.storage_faults import write_lock


async def test_a_language_not_saved_while_storage_is_down_is_one_log_line(
    db_target: str | Path, caplog: pytest.LogCaptureFixture
) -> None:
    db = await open_database(db_target, busy_timeout_ms=50)
    presenter = DiscordPresenter(discord.Client(intents=discord.Intents.none()))
    lock = write_lock(db_target)
    try:
        caplog.set_level(logging.WARNING)
        await lock.start()
        try:
            await presenter._save_lang(db, 7, "zh-CN")
        finally:
            await lock.stop()
        lines = [r for r in caplog.records if "language of user 7" in r.getMessage()]
        assert len(lines) == 1 and lines[0].exc_info is None
        assert await user_langs(db) == {}
        await presenter._save_lang(db, 7, "zh-CN")
        assert await user_langs(db) == {7: "zh-CN"}
    finally:
        await db.close()
