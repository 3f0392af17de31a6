"""A bot in another process reaches the fake through ``tests/e2e/sitecustom/sitecustomize.py``."""

from __future__ import annotations

import asyncio
import contextlib
import sys
from pathlib import Path

import pytest

from tests.e2e.fake_discord import FAKE_IDENTIFY_ENV, FakeDiscord

ROOT = Path(__file__).resolve().parents[2]


async def test_sitecustomize_points_discord_py_at_the_fake(fake_discord: FakeDiscord) -> None:
    code = (
        "import discord.http, discord.gateway as g; "
        "print(discord.http.Route.BASE, g.DiscordWebSocket.DEFAULT_GATEWAY)"
    )
    proc = await asyncio.create_subprocess_exec(
        sys.executable,
        "-c",
        code,
        env=fake_discord.subprocess_env(),
        cwd=ROOT,
        stdout=asyncio.subprocess.PIPE,
    )
    out, _ = await asyncio.wait_for(proc.communicate(), 30)
    assert out.decode().split() == [fake_discord.api_base, fake_discord.gateway_url]


@pytest.mark.fake_discord(identify_window=0.5)
async def test_a_shorter_identify_window_reaches_the_bot_process(fake_discord: FakeDiscord) -> None:
    """A fake whose window between logins is not Discord's 5 s tells the bot's processes, which
    then pace their logins to it (with their margin); Discord's own window is not announced."""
    code = (
        "from shangrao_bot.store.processes import postgres_coordination as c; "
        "print(c.IDENTIFY_INTERVAL_SECONDS)"
    )

    async def interval(env: dict[str, str]) -> float:
        proc = await asyncio.create_subprocess_exec(
            sys.executable, "-c", code, env=env, cwd=ROOT, stdout=asyncio.subprocess.PIPE
        )
        out, _ = await asyncio.wait_for(proc.communicate(), 30)
        return float(out.decode())

    assert await interval(fake_discord.subprocess_env()) == pytest.approx(0.55)
    assert FAKE_IDENTIFY_ENV not in FakeDiscord(world=False).subprocess_env()


async def test_bot_process_syncs_and_answers(fake_discord: FakeDiscord) -> None:
    env = fake_discord.subprocess_env(MINIBOT_GUILD_ID=str(fake_discord.guild.id))
    proc = await asyncio.create_subprocess_exec(
        sys.executable,
        "-m",
        "tests.e2e.minibot_main",
        env=env,
        cwd=ROOT,
        stdout=asyncio.subprocess.PIPE,
        stderr=asyncio.subprocess.STDOUT,
    )
    try:
        await fake_discord.wait_for(
            lambda: (
                fake_discord.connected and "ping" in fake_discord.command_names(fake_discord.guild)
            ),
            timeout=30,
        )
        rec = await fake_discord.slash(fake_discord.user("bob"), "lang")
        assert (await rec.response()).content == "你好 [zh-CN/en-US]"
    finally:
        with contextlib.suppress(ProcessLookupError):
            proc.terminate()
        output, _ = await asyncio.wait_for(proc.communicate(), 30)
    assert fake_discord.identify_count == 1, output.decode()
