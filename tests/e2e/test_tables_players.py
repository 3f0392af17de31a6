"""The virtual table as its players meet it, through the loopback fake Discord: the host is
seated and in the thread, a claim prompt says who discarded what, panels recall what happened
and link to the thread, the seat map keeps the running score, I'm back only for an away
player, the Rules button opens the rule book on the preset, and a Chinese server reads Chinese."""

from __future__ import annotations

import asyncio
import re
from pathlib import Path
from typing import Any

import pytest

from shangrao_bot.engine import session as session_module
from shangrao_bot.ui.table_text import signed
from tests.e2e.conftest import StartBot
from tests.e2e.fake_discord import FakeDiscord, FakeMessage
from tests.e2e.test_tables import (
    make_bot,
    move_ids,
    open_table,
    pick,
    seat_ais_and_start,
    until,
)
from tests.e2e.test_tables_claim_race import claim_prompt, crafted_hand, race_table
from tests.e2e.test_tables_features import play_hand

MPSZ = re.compile(r"\b[1-9]+[mpsz]\b")


def result_message(fake: FakeDiscord, thread: Any) -> FakeMessage:
    """The last hand's result (its picture), with the Ready button between hands."""
    return next(
        m
        for m in reversed(fake.channel_messages(thread))
        if any(a.filename == "result.png" for a in m.attachments)
    )


def table_messages(fake: FakeDiscord, thread: Any) -> list[FakeMessage]:
    return [
        m
        for m in fake.channel_messages(thread)
        if any(a.filename == "board.png" for a in m.attachments)
    ]


async def test_the_host_is_seated_in_the_thread_and_join_answers_them(
    fake_discord: FakeDiscord, start_bot: StartBot, tmp_path: Path
) -> None:
    fake = fake_discord
    alice, bob = fake.user("alice"), fake.user("bob")
    bot = await start_bot(make_bot(fake, tmp_path / "bot.db"))
    table_id, thread, lobby = await open_table(fake, bot, alice)
    await until(lambda: alice.id in thread.thread_member_ids)
    # the host pressing Join is told where they sit, not refused
    reply = await (await fake.click(alice, lobby, f"mj:{table_id}:join")).response()
    assert reply.ephemeral and "You already sit at this table (seat 1)" in reply.text()
    reply = await (await fake.click(bob, lobby, f"mj:{table_id}:join")).response()
    assert "你已坐到牌桌 #1（2号位）。" in reply.text()  # bob reads Chinese
    await until(lambda: bob.id in thread.thread_member_ids)
    # the lobby is edited after the reply (the presenter's queue): wait for bob's seat
    await until(lambda: f"<@{bob.id}>" in lobby.embeds[0]["description"])
    seats = lobby.embeds[0]["description"]
    assert "**seat 1** <@" in seats and "**seat 2** <@" in seats and "seat 0" not in seats
    # the Rules button shows the table's settings and the rule book on its preset
    rules = await (await fake.click(bob, lobby, f"mj:{table_id}:rules")).response()
    assert rules.ephemeral and rules.content.startswith("牌桌 #1：方案 **上饶**")
    assert "§7 上饶方案" in rules.text()
    assert "**平胡自摸** · ×2" in rules.text() and "**宝吊头** · ×3" in rules.text()


async def test_a_claim_prompt_says_who_discarded_what_and_what_each_button_does(
    fake_discord: FakeDiscord,
    start_bot: StartBot,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The crafted deal: the AI dealer (seat 4, East) throws 5 Dot; alice may chi, bob pong."""
    fake = fake_discord
    monkeypatch.setattr(session_module, "HandState", crafted_hand)
    race = await race_table(fake, start_bot, tmp_path, hold=1.0)
    alice, bob = fake.user("alice"), fake.user("bob")
    chi_panel, _ = await claim_prompt(fake, alice, "chi")
    pong_panel, _ = await claim_prompt(fake, bob, "pong")
    assert "▶ East AI 4 (normal) discarded **5 Dot**: **Chi 4-5-6 Dot** / **Pass**" in (
        chi_panel.text()
    )
    # bob reads Chinese: the same prompt in his words
    assert "▶ 东家 电脑4号（普通） 打出 **五筒**：**碰 五筒** / **过**" in pong_panel.text()
    assert {"Chi 4-5-6 Dot", "Pass"} <= set(chi_panel.button_labels())
    for panel in (chi_panel, pong_panel):
        link = f"https://discord.com/channels/{fake.guild.id}/{race.thread.id}"
        assert f"]({link})" in panel.text()  # [Go to the table] / [前往牌桌]
        assert not MPSZ.search(panel.text())
        assert not any(MPSZ.fullmatch(label) for label in panel.button_labels())


@pytest.mark.slow
async def test_panels_recall_the_table_and_the_seat_map_keeps_the_score(
    fake_discord: FakeDiscord, start_bot: StartBot, tmp_path: Path
) -> None:
    fake = fake_discord
    alice = fake.user("alice")
    bot = await start_bot(make_bot(fake, tmp_path / "bot.db"))
    table_id, thread, lobby = await open_table(fake, bot, alice, hands=2)
    await seat_ais_and_start(fake, alice, lobby, table_id)
    await until(lambda: [m for m in fake.channel_messages(thread) if "**Hand 1/2**" in m.text()])
    announced = [m.text() for m in fake.channel_messages(thread) if "**Hand 1/2**" in m.text()]
    assert "deals (East)" in announced[0] and "in their DMs" in announced[0]
    # alice (East) discards first; her next turn panel, after the others moved: what they
    # did, the drawn tile, the thread's link
    await until(lambda: any(":d:" in c for m in fake.dm_messages(alice) for c in move_ids(m)))
    first_turn = next(m for m in fake.dm_messages(alice) if any(":d:" in c for c in move_ids(m)))
    await (await fake.click(alice, first_turn, pick(move_ids(first_turn)))).response()
    await until(
        lambda: any(
            "Since your last move:" in m.text() and "you drew" in m.text()
            for m in fake.dm_messages(alice)
        ),
        60,
    )
    panel = next(m for m in fake.dm_messages(alice) if "Since your last move:" in m.text())
    assert re.search(r"· (South|West|North) AI \d \(normal\) discarded ", panel.text())
    assert f"https://discord.com/channels/{fake.guild.id}/{thread.id}" in panel.text()
    first = table_messages(fake, thread)[0]
    assert "**East** (seat 1) <@" in first.text() and "±0" in first.text()
    assert not any(c.endswith(":back") for c in first.custom_ids)  # only for away players
    await play_hand(fake, bot, alice, thread)
    # alice is ready: the second hand's table message shows every seat's running score
    # after hand 1
    await until(lambda: any(c.endswith(":ready") for c in result_message(fake, thread).custom_ids))
    result = result_message(fake, thread)
    ready = next(c for c in result.custom_ids if c.endswith(":ready"))
    await (await fake.click(alice, result, ready)).response()
    await until(lambda: len(table_messages(fake, thread)) == 2, 60)
    totals = bot.service.get(table_id).totals
    second = table_messages(fake, thread)[1]
    for seat, total in enumerate(totals):
        assert re.search(
            rf"\(seat {seat + 1}\) \S+(?: \S+)*? · {re.escape(signed(total))}", second.text()
        ), second.text()


async def test_i_am_back_is_offered_only_to_a_player_who_is_away(
    fake_discord: FakeDiscord, start_bot: StartBot, tmp_path: Path
) -> None:
    fake = fake_discord
    alice = fake.user("alice")
    bot = await start_bot(make_bot(fake, tmp_path / "bot.db"))
    table_id, thread, lobby = await open_table(fake, bot, alice, hands=1)
    await seat_ais_and_start(fake, alice, lobby, table_id)
    await until(lambda: fake.dm_messages(alice))
    reply = await (await fake.slash(alice, "table leave", in_channel=thread)).response()
    assert reply.ephemeral
    back = f"mj:{table_id}:back"
    await until(lambda: any(back in m.custom_ids for m in fake.dm_messages(alice)), 30)
    panel = next(m for m in reversed(fake.dm_messages(alice)) if back in m.custom_ids)
    assert "You are away: the AI plays your seat." in panel.text()
    assert all(back not in m.custom_ids for m in fake.channel_messages(thread))
    reply = await (await fake.click(alice, panel, back)).response()
    assert "Welcome back" in reply.text()


async def test_discard_buttons_carry_the_tiles_picture_and_name(
    fake_discord: FakeDiscord, start_bot: StartBot, tmp_path: Path
) -> None:
    fake = fake_discord
    bob = fake.user("bob")  # reads Chinese
    bot = await start_bot(make_bot(fake, tmp_path / "bot.db"))
    assert await bot.tile_emojis.wait_ready(60)
    table_id, _, lobby = await open_table(fake, bot, bob, hands=1)
    for _ in range(3):
        await (await fake.click(bob, lobby, f"mj:{table_id}:ai-normal")).response()
    await (await fake.click(bob, lobby, f"mj:{table_id}:start")).response()
    await until(lambda: any(":d:" in c for m in fake.dm_messages(bob) for c in m.custom_ids), 60)
    panel = next(
        m for m in reversed(fake.dm_messages(bob)) if any(":d:" in c for c in m.custom_ids)
    )
    view = bot.service.private_view(table_id, bob.id)
    bao = view.public.bao
    discards = [b for b in panel.buttons() if ":d:" in b["custom_id"]]
    assert discards
    for button in discards:
        tile = int(button["custom_id"].rsplit(":", 1)[1])
        emoji = fake.application_emoji(int(button["emoji"]["id"]))
        assert emoji is not None  # an application emoji the bot uploaded
        expected = bot.tile_emojis.get(tile, bao=tile == bao)
        assert expected is not None and emoji.name == expected.name
        label = button["label"]
        assert not MPSZ.search(label) and re.search(r"[一二三四五六七八九东南西北白发中]", label)
        if tile == bao:
            assert "（宝）" in label
        if tile == view.drawn:
            assert "新摸" in label and button["style"] == 1


async def test_table_create_offers_the_presets_as_choices(
    fake_discord: FakeDiscord, start_bot: StartBot, tmp_path: Path
) -> None:
    fake = fake_discord
    await start_bot(make_bot(fake, tmp_path / "bot.db"))
    table = next(c for c in fake.commands(fake.guild) if c["name"] == "table")
    create = next(o for o in table["options"] if o["name"] == "create")
    preset = next(o for o in create["options"] if o["name"] == "preset")
    assert [c["value"] for c in preset["choices"]] == ["shangrao", "baike"]
    assert preset["choices"][0]["name_localizations"]["zh-CN"] == "上饶（倍数）"
    rules_set = next(
        o
        for o in next(c for c in fake.commands(fake.guild) if c["name"] == "rules")["options"]
        if o["name"] == "set"
    )
    same = next(o for o in rules_set["options"] if o["name"] == "preset")["choices"]
    assert preset["choices"] == same  # the same choices as /rules set


@pytest.mark.slow
async def test_a_move_whose_panel_was_replaced_meanwhile_is_not_an_error(
    fake_discord: FakeDiscord, start_bot: StartBot, tmp_path: Path
) -> None:
    """The move is played; the panel's edit finds it gone (re-sent meanwhile, 404): no
    apology, no error logged — the new panel is the current one."""
    fake = fake_discord
    alice = fake.user("alice")
    bot = await start_bot(make_bot(fake, tmp_path / "bot.db"))
    table_id, _, lobby = await open_table(fake, bot, alice, hands=1)
    await seat_ais_and_start(fake, alice, lobby, table_id)
    await until(lambda: any(":d:" in c for m in fake.dm_messages(alice) for c in m.custom_ids), 30)
    panel = next(
        m for m in reversed(fake.dm_messages(alice)) if any(":d:" in c for c in m.custom_ids)
    )
    seq = bot.service.get(table_id).sequence
    rec = await fake.click(alice, panel, next(c for c in panel.custom_ids if ":d:" in c))
    fake._delete(panel)  # re-sent while the move is played
    await until(lambda: bot.service.get(table_id).sequence != seq)
    # the next update of alice's panel finds it gone and sends a new one
    await until(lambda: [m for m in fake.dm_messages(alice) if m.id != panel.id], 10)
    await asyncio.sleep(0.2)  # an apology would have come by now
    assert not rec.followups  # no apology
    assert "error id" not in rec.text()
