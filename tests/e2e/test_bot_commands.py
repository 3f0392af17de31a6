"""The project's bot (the real ShangraoBot with its cogs and a real SQLite file) against the
loopback fake Discord: /help, /rules, /score tiles, /leaderboard and the error path, in English
and Chinese; and ``python bot.py`` as a separate process."""

from __future__ import annotations

import asyncio
import contextlib
import re
import signal
import sys
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from shangrao_bot.discord_bot import ShangraoBot
from shangrao_bot.settings import Settings
from shangrao_bot.store.ledger import open_session, user_player
from tests.e2e.conftest import StartBot
from tests.e2e.fake_discord import DriverError, FakeDiscord

ROOT = Path(__file__).resolve().parents[2]


def bot_settings(fake: FakeDiscord, tmp_path: Path, database_url: str | None = None) -> Settings:
    """The bot's settings for a test: the fake's token, ``database_url`` (by default a
    database file in ``tmp_path``), and commands synced to the fake's guild."""
    return Settings(
        discord_token=fake.token,
        database_url=database_url or f"sqlite:///{tmp_path / 'bot.db'}",
        dev_guild_id=fake.guild.id,
    )


@pytest.fixture
async def bot(
    fake_discord: FakeDiscord, start_bot: StartBot, tmp_path: Path
) -> AsyncIterator[ShangraoBot]:
    yield await start_bot(ShangraoBot(bot_settings(fake_discord, tmp_path)))


@pytest.mark.slow
async def test_commands_are_synced_with_chinese_names(
    fake_discord: FakeDiscord, bot: ShangraoBot
) -> None:
    synced = {c["name"]: c for c in fake_discord.commands(fake_discord.guild)}
    assert {"help", "rules", "score", "session", "table", "leaderboard"} <= set(synced)
    assert synced["help"]["name_localizations"]["zh-CN"] == "帮助"
    assert synced["rules"]["name_localizations"]["zh-TW"] == "規則"


@pytest.mark.slow
@pytest.mark.parametrize(
    ("user", "title"),
    [
        ("alice", "Shangrao mahjong (上饶麻将) bot"),
        ("bob", "上饶麻将机器人"),
        ("carol", "上饒麻將機器人"),
    ],
)
async def test_help_in_the_users_language(
    fake_discord: FakeDiscord, bot: ShangraoBot, user: str, title: str
) -> None:
    rec = await fake_discord.slash(fake_discord.user(user), "help")
    message = await rec.response()
    assert message.ephemeral
    assert message.embeds[0]["title"] == title
    # commands are named as clickable mentions (shown in the reader's language by Discord)
    assert re.search(r"</rules show:\d+>", message.text())


@pytest.mark.slow
async def test_rules_show_and_set_by_an_administrator(
    fake_discord: FakeDiscord, bot: ShangraoBot
) -> None:
    """``/rules show`` is public: it speaks the server's language (its preferred locale until an
    administrator picks one with ``/rules set language``), whoever asks."""
    alice, bob = fake_discord.user("alice"), fake_discord.user("bob")
    shown = await (await fake_discord.slash(alice, "rules show")).response()
    assert "Preset: **shangrao (上饶)**" in shown.text() and "Stake: **1**" in shown.text()
    assert "**on** · 地胡" in shown.text() and "**on** · 抢杠" in shown.text()
    assert "**auto (the server's language)**" in shown.text()
    rec = await fake_discord.slash(alice, "rules set", preset="baike", stake=5, di_hu=False)
    assert "Rules updated." in (await rec.response()).text()
    shown = await (await fake_discord.slash(bob, "rules show")).response()
    assert not shown.ephemeral
    assert "Preset: **baike (百科)**" in shown.text() and "Stake: **5**" in shown.text()
    assert "**off** · 地胡" in shown.text()
    assert "**off** · 抢杠" in shown.text()  # baike has no robbing a kong
    rec = await fake_discord.slash(alice, "rules set", language="zh-CN")
    assert "规则已更新。" in (await rec.response()).text()
    shown = await (await fake_discord.slash(alice, "rules show")).response()
    assert "计分方案：**百科**" in shown.text() and "底分：**5**" in shown.text()
    assert "**关** · 地胡" in shown.text()
    assert "公开消息和图片的语言：**简体中文**" in shown.text()
    assert not re.search(r"\b(baike|shangrao|Preset|Stake)\b", shown.text())
    with pytest.raises(DriverError, match="must be >= 1"):  # Discord refuses it itself
        await fake_discord.slash(alice, "rules set", stake=0)
    rec = await fake_discord.slash(alice, "rules set")
    assert (await rec.response()).ephemeral and "give at least one option" in rec.text()
    rec = await fake_discord.slash(alice, "rules set", language="auto")
    shown = await (await fake_discord.slash(bob, "rules show")).response()
    assert "Preset: **baike (百科)**" in shown.text()


@pytest.mark.slow
async def test_the_server_language_survives_a_restart(
    fake_discord: FakeDiscord, bot: ShangraoBot, start_bot: StartBot, tmp_path: Path
) -> None:
    alice = fake_discord.user("alice")
    await (await fake_discord.slash(alice, "rules set", language="zh-TW")).response()
    await bot.close()
    await start_bot(ShangraoBot(bot_settings(fake_discord, tmp_path)))
    shown = await (await fake_discord.slash(alice, "rules show")).response()
    assert "計分方案：**上饒**" in shown.text()


@pytest.mark.slow
async def test_rules_set_is_refused_to_non_administrators(
    fake_discord: FakeDiscord, bot: ShangraoBot
) -> None:
    """Discord applies default permissions to whole commands only (not to ``/rules set``
    alone), so the bot checks the member's permission itself."""
    rec = await fake_discord.slash(fake_discord.user("dave"), "rules set", stake=3)
    message = await rec.response()
    assert message.ephemeral
    assert "Only server administrators can change the rules." in message.text()
    shown = await (await fake_discord.slash(fake_discord.user("dave"), "rules show")).response()
    assert "Stake: **1**" in shown.text()


@pytest.mark.slow
async def test_score_tiles_scores_with_a_result_card(
    fake_discord: FakeDiscord, bot: ShangraoBot
) -> None:
    rec = await fake_discord.slash(
        fake_discord.user("alice"), "score tiles", hand="123m4p5m6p777s111z5m9s", win="9s", bao="5m"
    )
    message = await rec.response()
    assert "Pattern: **宝吊头** ×3" in message.text()
    assert "Each other player pays **3**" in message.text()
    assert "Calculator: nothing was recorded." in message.text()
    png = fake_discord.attachment_bytes(message, 0)
    assert png.startswith(b"\x89PNG")


@pytest.mark.slow
async def test_score_tiles_explains_what_is_wrong(
    fake_discord: FakeDiscord, bot: ShangraoBot
) -> None:
    alice, bob = fake_discord.user("alice"), fake_discord.user("bob")
    rec = await fake_discord.slash(alice, "score tiles", hand="123m0m", win="9s", bao="5m")
    message = await rec.response()
    assert message.ephemeral and "'0m' is not a tile: ranks are 1-9" in message.text()
    rec = await fake_discord.slash(
        bob, "score tiles", hand="123m4p5m6p777s111z9s9s", win="9s", bao="5m"
    )
    assert "不算胡" in (await rec.response()).text()
    rec = await fake_discord.slash(bob, "score tiles", hand="123m0m", win="9s", bao="5m")
    refusal = (await rec.response()).text()  # the core's reason in the reader's language
    assert refusal.startswith("输入有误：") and "0m" in refusal and "is not a tile" not in refusal
    rec = await fake_discord.slash(
        bob, "score tiles", hand="123m4p5m6p777s111z5m9s", win="9s", bao="5m"
    )
    # the result is public: in the server's language (English here), tiles by their names
    result = (await rec.response()).text()
    assert "1-2-3 Crak" in result and "123m" not in result


@pytest.mark.slow
async def test_leaderboard_is_empty_at_first(fake_discord: FakeDiscord, bot: ShangraoBot) -> None:
    rec = await fake_discord.slash(fake_discord.user("alice"), "leaderboard")
    assert "No confirmed hands yet" in (await rec.response()).text()
    rec = await fake_discord.slash(fake_discord.user("bob"), "session list")
    assert "本服务器还没有记分场次" in (await rec.response()).text()
    rec = await fake_discord.slash(fake_discord.user("carol"), "table list")
    assert "本伺服器沒有進行中的虛擬牌桌" in (await rec.response()).text()


@pytest.mark.slow
async def test_an_unexpected_error_is_an_apology_with_an_error_id(
    fake_discord: FakeDiscord, bot: ShangraoBot, monkeypatch: pytest.MonkeyPatch
) -> None:
    async def broken(*args: object, **kwargs: object) -> None:
        raise RuntimeError("database on fire")

    # the bot loaded its own copy of the cog module (discord.py's load_extension re-imports it)
    monkeypatch.setattr(sys.modules["cogs.ledger"], "leaderboard", broken)
    rec = await fake_discord.slash(fake_discord.user("alice"), "leaderboard")
    message = await rec.response()
    assert message.ephemeral
    assert "error id" in message.text() and "database on fire" not in message.text()


async def _run_bot_py(env: dict[str, str]) -> asyncio.subprocess.Process:
    return await asyncio.create_subprocess_exec(
        sys.executable,
        "bot.py",
        env=env,
        cwd=ROOT,
        stdout=asyncio.subprocess.PIPE,
        stderr=asyncio.subprocess.STDOUT,
    )


@pytest.mark.slow
async def test_bot_py_syncs_answers_and_stops_cleanly_on_sigterm(
    fake_discord: FakeDiscord, tmp_path: Path
) -> None:
    env = fake_discord.subprocess_env(
        DEV_GUILD_ID=str(fake_discord.guild.id),
        DATABASE_URL=f"sqlite:///{tmp_path / 'proc.db'}",
        LOG_LEVEL="INFO",
    )
    proc = await _run_bot_py(env)
    try:
        await fake_discord.wait_for(
            lambda: (
                fake_discord.connected and "help" in fake_discord.command_names(fake_discord.guild)
            ),
            timeout=60,
        )
        rec = await fake_discord.slash(fake_discord.user("bob"), "help")
        assert (await rec.response()).embeds[0]["title"] == "上饶麻将机器人"
        proc.send_signal(signal.SIGTERM)
        output, _ = await asyncio.wait_for(proc.communicate(), 60)
    finally:
        with contextlib.suppress(ProcessLookupError):
            proc.kill()
    text = output.decode()
    assert proc.returncode == 0, text
    assert "database closed" in text and "Traceback" not in text
    assert fake_discord.token not in text


@pytest.mark.slow
async def test_bot_py_with_a_rejected_token_explains(
    fake_discord: FakeDiscord, tmp_path: Path
) -> None:
    env = fake_discord.subprocess_env(
        token="MTIz.not-the-token.xyz", DATABASE_URL=f"sqlite:///{tmp_path / 'x.db'}"
    )
    proc = await _run_bot_py(env)
    output, _ = await asyncio.wait_for(proc.communicate(), 60)
    text = output.decode()
    assert proc.returncode == 2, text
    assert "Discord rejected DISCORD_TOKEN" in text and "Reset Token" in text
    assert "Traceback" not in text and "not-the-token" not in text


@pytest.mark.slow
async def test_session_list_stays_within_discords_limit(
    fake_discord: FakeDiscord, bot: ShangraoBot
) -> None:
    guild = fake_discord.guild.id
    players = [
        await user_player(bot.db, guild, 500 + i, "a-rather-long-display-name-" + "x" * 20)
        for i in range(4)
    ]
    for channel in range(30):  # one open score session per channel
        await open_session(
            bot.db, guild, 1 + channel, "physical", {}, 1, 500, [p.id for p in players]
        )
    rec = await fake_discord.slash(fake_discord.user("alice"), "session list")
    text = (await rec.response()).content
    assert 0 < len(text) <= 2000 and text.startswith("#30 ")


async def test_refusals_name_commands_as_clickable_mentions(
    fake_discord: FakeDiscord, bot: ShangraoBot
) -> None:
    """A refusal that points to another command mentions it by id, so Discord shows it under
    the reader's own localized name and one click opens it."""
    session = next(c for c in fake_discord.commands(fake_discord.guild) if c["name"] == "session")
    for user, words in (("alice", "start one with"), ("bob", "先用")):
        rec = await fake_discord.slash(fake_discord.user(user), "score undo", reason="oops")
        reply = await rec.response()
        assert reply.ephemeral and words in reply.text()
        assert f"</session start:{session['id']}>" in reply.text()
