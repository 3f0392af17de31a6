"""The rule book through the loopback fake Discord: ``/rules explain`` without a topic (the
contents) and with each topic, in the reader's language, privately; Next / Previous / Contents
and the contents' topic buttons edit the message in place; after a restart the old message's
buttons still work; a virtual table's Rules button shows the table's settings and the book's
section on its preset, paged the same way."""

from __future__ import annotations

import re
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from shangrao_bot.discord_bot import ShangraoBot
from shangrao_bot.ui.i18n import t
from shangrao_bot.ui.rulebook import TOPICS, load_book, pages
from tests.e2e.conftest import StartBot
from tests.e2e.fake_discord import FakeDiscord, FakeMessage, FakeUser
from tests.e2e.language_check import message_texts, offending
from tests.e2e.test_tables import make_bot, open_table

CODE = re.compile(r"```.*?```|`[^`\n]*`", re.S)


@pytest.fixture
async def bot(
    fake_discord: FakeDiscord, start_bot: StartBot, tmp_path: Path
) -> AsyncIterator[ShangraoBot]:
    yield await start_bot(make_bot(fake_discord, tmp_path / "bot.db"))


def embed(message: FakeMessage) -> dict[str, str]:
    assert len(message.embeds) == 1
    return message.embeds[0]  # type: ignore[no-any-return]


def description(message: FakeMessage) -> str:
    return str(embed(message)["description"])


def footer(message: FakeMessage) -> str:
    return str(embed(message).get("footer", {}).get("text", ""))


def enabled(message: FakeMessage) -> set[str]:
    return {b["custom_id"] for b in message.buttons() if not b.get("disabled")}


async def press(fake: FakeDiscord, user: FakeUser, message: FakeMessage, custom_id: str) -> None:
    """Press a book button: the answer edits the message in place."""
    rec = await fake.click(user, message, custom_id)
    assert (await rec.response()) is message and rec.ack_type == 7


async def test_without_a_topic_the_contents_in_the_readers_language(
    fake_discord: FakeDiscord, bot: ShangraoBot
) -> None:
    fake = fake_discord
    for user, title, topic in (
        ("alice", "Shangrao mahjong (上饶麻将): the rule book", "Tiles, table and wall"),
        ("bob", "上饶麻将规则书", "牌、牌桌与牌墙"),
        ("carol", "上饒麻將規則書", "牌、牌桌與牌牆"),
    ):
        rec = await fake.slash(fake.user(user), "rules explain")
        message = await rec.response()
        assert message.ephemeral and embed(message)["title"] == title
        assert f"**{topic}** — §1 " in message.text()
        assert re.search(r"</rules explain:\d+>", message.text())  # a clickable mention
        lang = {"alice": "en", "bob": "zh-CN", "carol": "zh-TW"}[user]
        assert message.custom_ids == [f"rb:{topic}:{lang}:0" for topic in TOPICS]
        assert message.buttons()[0]["label"] == topic


@pytest.mark.slow
@pytest.mark.parametrize("topic", list(TOPICS))
async def test_each_topic_opens_on_its_first_page(
    fake_discord: FakeDiscord, bot: ShangraoBot, topic: str
) -> None:
    fake = fake_discord
    bob = fake.user("bob")
    rec = await fake.slash(bob, "rules explain", topic=topic)
    message = await rec.response()
    assert message.ephemeral
    first = TOPICS[topic][0]
    assert embed(message)["title"] == f"规则书 · {t(f'book.topic.{topic}', 'zh-CN')}"
    assert description(message).startswith(f"**{load_book('zh-CN').sections[first].title}**")
    count = len(pages(topic, "zh-CN"))
    assert footer(message) == f"第 1 页，共 {count} 页"
    prose = [CODE.sub(" ", text) for text in message_texts(message)]
    assert offending(prose, ["Discord"]) == []


@pytest.mark.slow
async def test_next_previous_and_contents_turn_the_pages(
    fake_discord: FakeDiscord, bot: ShangraoBot
) -> None:
    fake = fake_discord
    alice = fake.user("alice")
    message = await (await fake.slash(alice, "rules explain", topic="examples")).response()
    count = len(pages("examples", "en"))
    assert count > 2 and footer(message) == f"Page 1 of {count}"
    assert enabled(message) == {"rb:examples:en:1", "rb:toc:en:0"}  # Previous is disabled
    seen = [message.text()]
    for page in range(1, count):  # Next to the end
        await press(fake, alice, message, f"rb:examples:en:{page}")
        assert footer(message) == f"Page {page + 1} of {count}"
        seen.append(message.text())
    assert "12.37" in seen[-1] and len(set(seen)) == count
    assert enabled(message) == {f"rb:examples:en:{count - 2}", "rb:toc:en:0"}  # Next disabled
    await press(fake, alice, message, f"rb:examples:en:{count - 2}")  # Previous
    assert message.text() == seen[-2]
    await press(fake, alice, message, "rb:toc:en:0")  # Contents
    assert embed(message)["title"].endswith("the rule book")
    await press(fake, alice, message, "rb:winning:en:0")  # a topic from the contents
    assert description(message).startswith("**§5 How a hand is won**")


@pytest.mark.slow
async def test_the_buttons_still_work_after_a_restart(
    fake_discord: FakeDiscord, bot: ShangraoBot, start_bot: StartBot, tmp_path: Path
) -> None:
    fake = fake_discord
    carol = fake.user("carol")
    message = await (await fake.slash(carol, "rules explain", topic="patterns")).response()
    assert footer(message).startswith("第 1 頁")
    await bot.close()
    await start_bot(make_bot(fake, tmp_path / "bot.db"))
    await press(fake, carol, message, "rb:patterns:zh-TW:1")
    assert footer(message).startswith("第 2 頁")
    assert description(message).startswith("**§8 百科方案：分表**")


@pytest.mark.slow
async def test_the_tables_rules_button_opens_the_book_on_its_preset(
    fake_discord: FakeDiscord, bot: ShangraoBot
) -> None:
    fake = fake_discord
    alice, bob = fake.user("alice"), fake.user("bob")
    table_id, _thread, lobby = await open_table(fake, bot, alice)
    reply = await (await fake.click(alice, lobby, f"mj:{table_id}:rules")).response()
    assert reply.ephemeral
    assert reply.content.startswith(f"Table #{table_id}: preset **shangrao (上饶)**, stake 1")
    assert embed(reply)["title"] == "Rule book · §7 The shangrao preset: patterns and modifiers"
    assert "**平胡自摸** · ×2 · standard, clean" in reply.text()
    count = len(pages("s7", "en"))
    assert footer(reply) == f"Page 1 of {count}" and count > 1
    await press(fake, alice, reply, "rb:s7:en:1")
    assert footer(reply) == f"Page 2 of {count}" and "**抢杠** · ×6" in reply.text()
    assert reply.content.startswith(f"Table #{table_id}")  # the settings stay
    # a baike table shows §8, to a Chinese reader in Chinese
    table_id, _thread, lobby = await open_table(fake, bot, bob, preset="baike")
    reply = await (await fake.click(bob, lobby, f"mj:{table_id}:rules")).response()
    assert reply.content.startswith(f"牌桌 #{table_id}：方案 **百科**")
    assert "**§8 百科方案：分表**" in reply.text()
    assert "**七对** · 无宝：16 · 宝调：12 · 有宝：不算胡" in reply.text()
    assert offending(message_texts(reply), []) == []
