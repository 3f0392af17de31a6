"""A server set to simplified Chinese (``/rules set language:zh-CN``) keeps score of a whole
physical session: every public message, and every private reply to its Chinese-speaking player,
is in Chinese — no English word but the players' names, no mpsz tile code — while its
English-speaking player still gets private replies in English. The guild's preferred locale
stays en-US: the setting alone decides."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from shangrao_bot.discord_bot import ShangraoBot
from tests.e2e.conftest import StartBot
from tests.e2e.fake_discord import FakeDiscord
from tests.e2e.fake_model import FakeMessage, FakeUser
from tests.e2e.language_check import message_texts, offending
from tests.e2e.test_bot_commands import bot_settings

WIN = {"hand": "123m4p5m6p777s111z5m9s", "win": "9s", "bao": "5m"}  # 宝吊头 ×3
NAMES = {"Dave", "Bob"}  # the members' display names; the guests are 老王 and an AI seat's name


@pytest.fixture
async def bot(
    ledger_url: str, fake_discord: FakeDiscord, start_bot: StartBot, tmp_path: Path
) -> AsyncIterator[ShangraoBot]:
    """The bot on an SQLite file, then on a PostgreSQL database (``ledger_url``)."""
    yield await start_bot(ShangraoBot(bot_settings(fake_discord, tmp_path, ledger_url)))


def mention(user: FakeUser) -> str:
    return f"<@{user.id}>"


def button(message: FakeMessage, prefix: str) -> str:
    return next(c for c in message.custom_ids if c.startswith(prefix))


@pytest.mark.slow
async def test_a_chinese_server_keeps_score_in_chinese(
    fake_discord: FakeDiscord, bot: ShangraoBot
) -> None:
    fake = fake_discord
    alice, bob, dave = fake.user("alice"), fake.user("bob"), fake.user("dave")
    assert (alice.locale, bob.locale, dave.locale) == ("en-US", "zh-CN", "en-US")
    assert fake.guild.preferred_locale == "en-US"
    seen: list[str] = []  # what public messages said at each step (buttons change)

    def look(message: FakeMessage) -> FakeMessage:
        assert not message.ephemeral
        seen.extend(message_texts(message))
        return message

    rules = await (await fake.slash(alice, "rules set", language="zh-CN")).response()
    assert "规则已更新" in rules.text()

    # the session: two members, a guest, and a guest named as the ledger names an AI seat
    started = look(
        await (
            await fake.slash(
                dave,
                "session start",
                players=f"{mention(dave)} {mention(bob)}, 老王, AI 3 (normal)",
            )
        ).response()
    )
    assert "1. Dave, 2. Bob, 3. 老王, 4. 电脑3号（普通）" in started.text()
    assert "实时记分板" in started.text() and "上饶 · 底分 1 · 已计 0 手" in started.text()

    # Dave (English) records his 宝吊头 from the tiles; Bob (Chinese) confirms it
    preview = look(await (await fake.slash(dave, "score tiles", **WIN)).response())
    assert "赢家：**Dave**" in preview.text() and "宝牌 **五万** · 胡张 **九条**" in preview.text()
    assert "一二三万" in preview.text() and preview.button_labels() == ["确认", "取消"]
    refused = await (await fake.click(dave, preview, button(preview, "sk:confirm:"))).response()
    assert refused.ephemeral and "another seated player" in refused.text()  # Dave's own words
    await (await fake.click(bob, preview, button(preview, "sk:confirm:"))).response()
    look(preview)
    assert "已确认" in preview.text()

    # Bob records 老王's 清碰碰胡 by its pattern; he cannot confirm it himself; Dave does
    quick = look(
        await (await fake.slash(bob, "score quick", winner="老王", pattern="清碰碰胡")).response()
    )
    assert "老王 **+30**" in quick.text()
    refused = await (await fake.click(bob, quick, button(quick, "sk:confirm:"))).response()
    assert refused.ephemeral and "这手是你记录的" in refused.text()
    await (await fake.click(dave, quick, button(quick, "sk:confirm:"))).response()
    look(quick)

    # refusals to Bob name the options as his Discord shows them
    for options, expected in (
        ({"winner": "7", "pattern": "平胡自摸"}, "`赢家` 里的 '7' 不是座位"),
        ({"winner": "2", "pattern": "平胡自摸", "flown": "老王"}, "`飞宝` 里的 '老王'"),
    ):
        refused = await (await fake.slash(bob, "score quick", **options)).response()
        assert refused.ephemeral and expected in refused.text()

    # a 流局 with the AI seat's kong, confirmed by Dave; Bob's undo waits for Dave to agree
    draw = look(await (await fake.slash(bob, "score draw", bonuses="4:暗杠")).response())
    assert "流局" in draw.text() and "电脑3号（普通） **+6**" in draw.text()
    await (await fake.click(dave, draw, button(draw, "sk:confirm:"))).response()
    look(draw)
    undone = look(await (await fake.slash(bob, "score undo", reason="记错了")).response())
    assert "**Bob** 请求撤销第 3 手" in undone.text() and undone.button_labels() == ["确认", "取消"]
    refused = await (await fake.click(bob, undone, button(undone, "sk:vreq:ok:"))).response()
    assert refused.ephemeral and "这是你提出的请求" in refused.text()
    await (await fake.click(dave, undone, button(undone, "sk:vreq:ok:"))).response()
    look(undone)
    assert "已撤销：记错了 ✓ Dave" in undone.text() and not undone.custom_ids
    await fake.wait_for(lambda: "❌ 已撤销：记错了" in draw.text(), timeout=5)
    look(draw)

    # a hand recorded and cancelled: the cancel is said in Chinese too
    again = look(await (await fake.slash(bob, "score tiles", **WIN)).response())
    await (await fake.click(dave, again, button(again, "sk:cancel:"))).response()
    look(again)
    assert "Dave 取消了这一手" in again.text()

    # the calculator, in a channel without a session: seats 1-4, the winner is seat 1
    calc = look(
        await (
            await fake.slash(bob, "score tiles", in_channel=fake.channel("mahjong"), **WIN)
        ).response()
    )
    assert "赢家：**1号位**" in calc.text() and "2号位 → 1号位：**3**（胡）" in calc.text()
    assert "计算器模式" in calc.text()

    # the end: standings and who pays whom; 老王 (a guest) is paid through an administrator
    end = look(await (await fake.slash(dave, "session end")).response())
    assert "最终排名" in end.text() and "结算：谁付给谁" in end.text()
    paid = [c for c in end.custom_ids if c.startswith("sk:paid:")]
    assert len(paid) == 3 and all(label.startswith("已付：") for label in end.button_labels())
    refused = await (await fake.click(bob, end, paid[0])).response()
    assert refused.ephemeral and "只有收款人 老王" in refused.text()
    await (await fake.click(alice, end, paid[0])).response()
    look(end)
    assert "✅" in end.text()

    # reading the book: public answers in Chinese whoever asks; private ones in the asker's
    shown = look(await (await fake.slash(dave, "session show", session=1)).response())
    assert "场次 #1 · 最终排名" in shown.text()
    board = look(await (await fake.slash(dave, "leaderboard", guests=True)).response())
    assert "排行榜 · 全部 · 按总分" in board.text() and "电脑3号（普通）" in board.text()
    biggest = look(
        await (await fake.slash(dave, "leaderboard", guests=True, metric="biggest")).response()
    )
    assert "电脑3号" not in biggest.text()  # never won: no biggest hand
    ai = next(c for c in await fake.autocomplete(bob, "stats", focused="player", player="AI"))
    assert ai["name"] == "电脑3号（普通）（访客）"
    stats = look(await (await fake.slash(dave, "stats", player=ai["value"])).response())
    assert "数据 · 电脑3号（普通）" in stats.text() and "最大一手 —" in stats.text()
    history = await (await fake.slash(bob, "history", session=1)).response()
    assert history.ephemeral and "已撤销：记错了" in history.text()
    listed = await (await fake.slash(bob, "session list")).response()
    assert listed.ephemeral and "线下牌局 · 已结束" in listed.text()
    exported = await (await fake.slash(bob, "export", format="csv", session=1)).response()
    assert exported.ephemeral and "已导出 16 行" in exported.text()
    dave_list = await (await fake.slash(dave, "session list")).response()
    assert "physical table · closed" in dave_list.text()  # Dave's own reply: English

    # nothing public in English or mpsz — as each message was, and as it is now
    public = [
        m
        for channel in (fake.default_channel, fake.channel("mahjong"))
        for m in fake.channel_messages(channel)
        if m.author.bot and m is not rules  # (the rules' own reply is not scorekeeping)
    ]
    assert len(public) == 12
    texts = seen + [text for m in public for text in message_texts(m)]
    assert offending(texts, NAMES) == []
    # nor in what only Bob read
    private = [text for m in fake.ephemeral_messages(bob) for text in message_texts(m)]
    assert len(fake.ephemeral_messages(bob)) == 8  # with his own undo request refused
    assert offending(private, NAMES) == []
