"""SIGTERM while a command runs: ``python bot.py`` (the real entry point) against the loopback
fake Discord stops gracefully — a command that finishes within the grace period still answers,
one that does not is cancelled quietly — and exits 0 with the database closed and no
"unexpected error" or traceback in its log."""

from __future__ import annotations

import asyncio
import signal
from pathlib import Path

import pytest

from tests.e2e.bigbook import bot_py_with_book
from tests.e2e.fake_discord import FakeDiscord, InteractionNotAcknowledged
from tests.e2e.test_tables_sigkill import BotProcess, until

# every test here takes seconds (the slow marker: pytest -m 'not slow' leaves them out)
pytestmark = pytest.mark.slow


async def _stopped_cleanly(fake: FakeDiscord, bot: BotProcess, within: float) -> str:
    loop = asyncio.get_running_loop()
    start = loop.time()
    bot.proc.send_signal(signal.SIGTERM)
    code = await asyncio.wait_for(bot.proc.wait(), 60)
    took = loop.time() - start
    text = bot.output()
    assert code == 0, text[-3000:]
    assert "database closed" in text, text[-3000:]
    for bad in ("unexpected error", "Traceback", " ERROR ", "Task exception"):
        assert bad not in text, text[-3000:]
    assert fake.token not in text
    assert took < within, (took, text[-3000:])
    return text


@pytest.mark.heavy
async def test_sigterm_lets_a_running_command_finish(
    fake_discord: FakeDiscord, tmp_path: Path
) -> None:
    fake = fake_discord
    bot = await bot_py_with_book(fake, tmp_path, 40_000, SHUTDOWN_GRACE_SECONDS="60")
    try:
        rec = await fake.slash(fake.user("alice"), "export", format="json")
        assert rec.deferred and not rec.responded  # running when the signal comes
        stopping = asyncio.create_task(_stopped_cleanly(fake, bot, 60))
        # while it drains, new interactions are no longer taken (Discord tells their users)
        await until(lambda: "running interactions" in bot.output(), "draining", bot)
        with pytest.raises(InteractionNotAcknowledged):
            await fake.slash(fake.user("bob"), "help", deadline=0.5)
        assert [v.code for v in fake.take_violations()] == [10062]
        assert not rec.responded  # the export was still running meanwhile
        text = await stopping
        assert "waiting up to 60s for 1 running interactions" in text
        assert "interaction ignored: shutting down" in text
        done = await rec.response(timeout=1)  # it was answered before the bot went
        assert "40000 rows exported" in done.text() and done.attachments
    finally:
        await bot.reap()


async def test_sigterm_cancels_a_long_command_quietly(
    fake_discord: FakeDiscord, tmp_path: Path
) -> None:
    fake = fake_discord
    bot = await bot_py_with_book(fake, tmp_path, 40_000, SHUTDOWN_GRACE_SECONDS="0.5")
    try:
        rec = await fake.slash(fake.user("alice"), "export", format="json")
        assert rec.deferred and not rec.responded
        text = await _stopped_cleanly(fake, bot, 25)
        assert "signal received: shutting down" in text
        assert "cancelled 1 interactions still running at shutdown" in text
        stopped = await rec.response(timeout=1)  # cancelled: told so, no half-made file
        assert "restarting" in stopped.text() and not stopped.attachments
    finally:
        await bot.reap()
