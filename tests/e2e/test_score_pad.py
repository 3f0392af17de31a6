"""The scorepad through the loopback fake Discord, in zh-CN: a whole four-hand evening recorded
with taps alone (Record under the scoreboard, then buttons and a select) — a 平胡自摸 with a 宝
flown, a 杠开 after two kongs, a 抢杠, a 流局 with bonuses — each confirmed by another seated
member; the ledger and the settlement equal what the same hands typed into ``/score quick``
and ``/score draw`` give. Refusals (an impossible combination, a member not seated, an expired
pad, the same hand sent twice) are shown in the tapper's language and write nothing."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest

from shangrao_bot.discord_bot import ShangraoBot
from shangrao_bot.store.ledger import (
    get_session,
    list_sessions,
    list_transfers,
    session_balances,
)
from shangrao_bot.ui.score_pads import PAD_MINUTES, pads_of
from tests.e2e.conftest import StartBot
from tests.e2e.fake_discord import FakeDiscord
from tests.e2e.fake_model import FakeMessage, FakeUser
from tests.e2e.test_bot_commands import bot_settings

pytestmark = pytest.mark.slow


@pytest.fixture
async def bot(
    ledger_url: str, fake_discord: FakeDiscord, start_bot: StartBot, tmp_path: Path
) -> AsyncIterator[ShangraoBot]:
    """The bot on an SQLite file, then on a PostgreSQL database (``ledger_url``)."""
    yield await start_bot(ShangraoBot(bot_settings(fake_discord, tmp_path, ledger_url)))


class Taps:
    """Taps on the pads and previews, counted per hand."""

    def __init__(self, fake: FakeDiscord) -> None:
        self.fake = fake
        self.count = 0

    async def button(self, user: FakeUser, message: FakeMessage, label: str) -> FakeMessage:
        found = [b for b in message.buttons() if b.get("label") == label]
        assert found, f"no button {label!r} on {message.button_labels()}"
        self.count += 1
        rec = await self.fake.click(user, message, found[0]["custom_id"])
        return await rec.response()

    async def pick(self, user: FakeUser, message: FakeMessage, value: str) -> FakeMessage:
        select = next(
            c
            for c in message.iter_components()
            if c.get("type") == 3 and value in [o["value"] for o in c.get("options", [])]
        )
        self.count += 2  # open the list, pick the pattern
        rec = await self.fake.select(user, message, select["custom_id"], [value])
        return await rec.response()


async def record_button(message: FakeMessage) -> str:
    return next(c for c in message.custom_ids if c.startswith("sk:pad:"))


async def confirm(fake: FakeDiscord, user: FakeUser, preview: FakeMessage) -> None:
    ok = next(c for c in preview.custom_ids if c.startswith("sk:confirm:"))
    await (await fake.click(user, preview, ok)).response()
    assert "已确认" in preview.text()


def previews(fake: FakeDiscord, channel: Any) -> list[FakeMessage]:
    return [
        m
        for m in fake.channel_messages(channel)
        if any(c.startswith(("sk:confirm:", "sk:cancel:")) for c in m.custom_ids)
        or "已确认" in m.text()
    ]


async def newest_preview(fake: FakeDiscord, channel: Any, seen: list[int]) -> FakeMessage:
    """The preview posted after the ``seen`` ones (it follows the pad's answer)."""
    await fake.wait_for(lambda: len(previews(fake, channel)) > len(seen), timeout=10)
    preview = previews(fake, channel)[len(seen)]
    seen.append(preview.id)
    return preview


async def hands_written(bot: ShangraoBot) -> int:
    row = await bot.db.fetchone("SELECT COUNT(*) FROM hands")
    assert row is not None
    return int(row[0])


async def test_an_evening_recorded_with_taps_equals_the_typed_one(
    fake_discord: FakeDiscord, bot: ShangraoBot
) -> None:
    fake = fake_discord
    alice, bob, carol, dave = (fake.user(n) for n in ("alice", "bob", "carol", "dave"))
    fake.guild.add_member(carol)
    await (await fake.slash(alice, "rules set", language="zh-CN")).response()
    mahjong, general = fake.channel("mahjong"), fake.channel("general")
    players = f"<@{dave.id}> <@{bob.id}>, 老王, 小李"
    board = await (
        await fake.slash(dave, "session start", in_channel=mahjong, players=players)
    ).response()
    assert board.button_labels() == ["记一手"]
    taps = Taps(fake)
    posted: list[int] = []
    typed_posted: list[int] = []
    per_hand: list[int] = []

    async def open_pad(user: FakeUser) -> FakeMessage:
        taps.count += 1
        rec = await fake.click(user, board, await record_button(board))
        pad = await rec.response()
        assert pad.ephemeral
        return pad

    # 1. 老王 (West) wins 平胡自摸; Dave flew a 宝 — Bob taps, Dave confirms
    taps.count = 0
    pad = await open_pad(bob)
    assert "谁胡了" in pad.text() and pad.button_labels()[:5] == [
        "东 Dave",
        "南 Bob",
        "西 老王",
        "北 小李",
        "流局",
    ]
    await taps.button(bob, pad, "西 老王")
    await taps.button(bob, pad, "自摸")
    await taps.pick(bob, pad, "平胡自摸")
    await taps.button(bob, pad, "下一步 ▶")
    await taps.button(bob, pad, "东 Dave")
    await taps.button(bob, pad, "飞宝 +")
    assert "东 Dave: 飞宝1 →" in pad.text()  # the running payments, before sending
    await taps.button(bob, pad, "预览 ✓")
    assert "第 1 手" in pad.text() and not pad.custom_ids
    await confirm(fake, dave, await newest_preview(fake, mahjong, posted))
    per_hand.append(taps.count + 1)

    # 2. Dave wins 杠开 after two kongs (his 暗杠 and 明杠) — Bob taps, Dave confirms
    taps.count = 0
    pad = await open_pad(bob)
    await taps.button(bob, pad, "东 Dave")
    await taps.button(bob, pad, "杠开")
    await taps.button(bob, pad, "+")
    assert "连杠 2" in pad.button_labels()
    await taps.button(bob, pad, "下一步 ▶")
    await taps.pick(bob, pad, "平胡自摸")
    await taps.button(bob, pad, "下一步 ▶")
    await taps.button(bob, pad, "暗杠 +")
    await taps.button(bob, pad, "明杠 +")
    await taps.button(bob, pad, "预览 ✓")
    await confirm(fake, dave, await newest_preview(fake, mahjong, posted))
    per_hand.append(taps.count + 1)

    # 3. Bob robs 老王's kong (抢杠) — Dave taps, Bob confirms
    taps.count = 0
    pad = await open_pad(dave)
    await taps.button(dave, pad, "S Bob")  # Dave's Discord is in English
    await taps.button(dave, pad, "Robbed kong")
    await taps.button(dave, pad, "W 老王's kong")
    await taps.button(dave, pad, "Next ▶")
    await taps.pick(dave, pad, "抢杠")
    await taps.button(dave, pad, "Next ▶")
    await taps.button(dave, pad, "Preview ✓")
    await confirm(fake, bob, await newest_preview(fake, mahjong, posted))
    per_hand.append(taps.count + 1)

    # 4. 流局: 小李's 暗杠 and Dave's 明杠 — Bob taps, Dave confirms; first an impossible
    # combination (接宝 and 四个宝 for one seat) is shown as the scorebook refuses it
    taps.count = 0
    pad = await open_pad(bob)
    await taps.button(bob, pad, "流局")
    await taps.button(bob, pad, "北 小李")
    written = await hands_written(bot)
    await taps.button(bob, pad, "接宝 +")
    await taps.button(bob, pad, "四个宝 +")
    await taps.button(bob, pad, "预览 ✓")
    assert "⚠️" in pad.text() and "接宝和四个宝不能同时发生" in pad.text()  # in Chinese, kept
    assert await hands_written(bot) == written
    await taps.button(bob, pad, "接宝 −")
    await taps.button(bob, pad, "四个宝 −")
    await taps.button(bob, pad, "暗杠 +")
    await taps.button(bob, pad, "东 Dave")
    await taps.button(bob, pad, "明杠 +")
    await taps.button(bob, pad, "预览 ✓")
    await confirm(fake, dave, await newest_preview(fake, mahjong, posted))
    per_hand.append(7 + 1)  # the taps of the hand itself, not of the refused detour

    # the same evening typed, in another channel
    await (await fake.slash(dave, "session start", in_channel=general, players=players)).response()
    for options in (
        {"winner": "3", "pattern": "平胡自摸", "flown": "1:1"},
        {
            "winner": "1",
            "pattern": "平胡自摸",
            "how": "kong",
            "kong_chain": 2,
            "bonuses": "1:暗杠, 1:明杠",
        },
        {"winner": "2", "pattern": "抢杠", "how": "rob", "robbed": "3"},
    ):
        await (await fake.slash(bob, "score quick", in_channel=general, **options)).response()
        await confirm(fake, dave, await newest_preview(fake, general, typed_posted))
    await (
        await fake.slash(bob, "score draw", in_channel=general, bonuses="4:暗杠, 1:明杠")
    ).response()
    await confirm(fake, dave, await newest_preview(fake, general, typed_posted))
    sessions = sorted(await list_sessions(bot.db, fake.guild.id), key=lambda s: s.id)
    tapped, typed = sessions[0], sessions[1]
    tapped_board = await bot.scorebook.scoreboard(
        await get_session(bot.db, fake.guild.id, tapped.id)
    )
    typed_board = await bot.scorebook.scoreboard(await get_session(bot.db, fake.guild.id, typed.id))
    assert tapped_board.deltas == typed_board.deltas and len(tapped_board.deltas) == 4
    tapped_balances = await session_balances(bot.db, fake.guild.id, tapped.id)
    typed_balances = await session_balances(bot.db, fake.guild.id, typed.id)
    assert sorted(tapped_balances.values()) == sorted(typed_balances.values())

    # refusals: carol does not sit here (her words are traditional Chinese)
    rec = await fake.click(carol, board, await record_button(board))
    refused = await rec.response()
    assert refused.ephemeral and "不在" in refused.text()
    # an expired pad: it remembers nothing and says how to get a new one
    pad = await open_pad(bob)
    for open_pad_ in pads_of(bot).pads.values():
        open_pad_.touched -= PAD_MINUTES * 60 + 1
    await taps.button(bob, pad, "东 Dave")
    assert "已过期" in pad.text() and not pad.custom_ids
    # the same hand sent twice (two members tap it at once): recorded once
    before = await hands_written(bot)
    one, two = await open_pad(bob), await open_pad(dave)
    assert "Bob" in two.text()  # Dave is told Bob is recording too
    await taps.button(bob, one, "流局")
    await taps.button(bob, one, "暗杠 +")
    await taps.button(dave, two, "流局")
    await taps.button(dave, two, "暗杠 +")
    await taps.button(bob, one, "预览 ✓")
    send = next(b["custom_id"] for b in two.buttons() if b.get("label") == "Preview ✓")
    rec = await fake.click(dave, two, send)
    (said,) = await rec.wait_followups(1)
    assert said.ephemeral and "That hand was just recorded" in said.text()  # Dave's English
    assert await hands_written(bot) == before + 1
    pending = await newest_preview(fake, mahjong, posted)  # the hand sent twice: cancelled
    cancel = next(c for c in pending.custom_ids if c.startswith("sk:cancel:"))
    await (await fake.click(dave, pending, cancel)).response()
    for channel in (mahjong, general):  # and the settlement: the same transfers, seat by seat
        await (await fake.slash(dave, "session end", in_channel=channel)).response()
    settled = []
    for session in (tapped, typed):
        seat_of = {p.id: i for i, p in enumerate(session.seats)}
        transfers = await list_transfers(bot.db, fake.guild.id, session.id)
        settled.append(
            sorted((seat_of[t.payer.id], seat_of[t.payee.id], t.amount) for t in transfers)
        )
    assert settled[0] == settled[1] and settled[0]
    print("TAPS per hand (Record, pad, Confirm):", per_hand)


async def test_a_session_in_a_thread_records_there(
    fake_discord: FakeDiscord, bot: ShangraoBot
) -> None:
    """A session started in a thread: its pad records into that thread's session, and the
    preview is posted in the thread."""
    fake = fake_discord
    bob, dave = fake.user("bob"), fake.user("dave")
    thread = fake.guild.add_thread(fake.channel("mahjong"), "周五牌局", owner=dave)
    players = f"<@{dave.id}> <@{bob.id}>, 老王, 小李"
    board = await (
        await fake.slash(dave, "session start", in_channel=thread, players=players)
    ).response()
    taps = Taps(fake)
    rec = await fake.click(bob, board, await record_button(board))
    pad = await rec.response()
    await taps.button(bob, pad, "流局")
    await taps.button(bob, pad, "暗杠 +")
    await taps.button(bob, pad, "预览 ✓")
    preview = await newest_preview(fake, thread, [])
    assert "流局" in preview.text() and "Dave **+6**" in preview.text()
    assert previews(fake, fake.channel("mahjong")) == []
