"""The rule book's newer scoring rules through ``/score`` end to end (the real bot against the
loopback fake Discord): a 跌宝杠 claimed on a discard written ``{111m}`` (§4), an 有宝平胡
robbing a kong recorded as the pattern 抢杠 (§4), and hands that cannot have happened (§10)
refused privately with nothing written — in the reader's language."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from shangrao_bot.discord_bot import ShangraoBot
from tests.e2e.conftest import StartBot
from tests.e2e.fake_discord import FakeDiscord
from tests.e2e.fake_model import FakeUser
from tests.e2e.test_bot_commands import bot_settings
from tests.e2e.test_scorekeeping import counts, start_session

WIN = {"hand": "123m4p5m6p777s111z5m9s", "win": "9s", "bao": "5m"}  # 宝吊头 ×3, two 宝 held
CLAIMED = {"hand": "123p456p789s5z5z", "win": "5z", "bao": "2m", "melds": "{111m}"}


@pytest.fixture
async def bot(
    ledger_url: str, fake_discord: FakeDiscord, start_bot: StartBot, tmp_path: Path
) -> AsyncIterator[ShangraoBot]:
    """The bot on an SQLite file, then on a PostgreSQL database (``ledger_url``)."""
    yield await start_bot(ShangraoBot(bot_settings(fake_discord, tmp_path, ledger_url)))


def mention(user: FakeUser) -> str:
    return f"<@{user.id}>"


async def test_s4_claimed_indicator_kong_and_rob_with_bao_are_recorded(
    fake_discord: FakeDiscord, bot: ShangraoBot
) -> None:
    fake = fake_discord
    alice, bob = fake.user("alice"), fake.user("bob")
    await start_session(fake, alice, f"{mention(alice)} {mention(bob)} C D")
    # {111m}: a 跌宝杠 claimed on a discard, 碰杠 1 from each beside 平胡自摸 2
    preview = await (await fake.slash(alice, "score tiles", **CLAIMED)).response()
    assert not preview.ephemeral, preview.text()
    assert "Read as: {1-1-1 Crak}" in preview.text()
    assert "Bob → Alice: **2** (win)" in preview.text()
    assert "Bob → Alice: **1** (明杠 bonus)" in preview.text()
    assert "Alice **+9**" in preview.text()
    # an 有宝平胡 robbing Bob's kong: pattern 抢杠, 1 × 6 from Bob alone
    rob = await (
        await fake.slash(alice, "score quick", winner="1", pattern="抢杠", how="rob", robbed="2")
    ).response()
    assert not rob.ephemeral, rob.text()
    assert "Bob → Alice: **6** (win)" in rob.text()
    choices = await fake.autocomplete(alice, "score quick", focused="pattern", pattern="抢")
    assert "抢杠" in [c["value"] for c in choices]
    # 天胡 priced by its tiles when that is more than the flat 10 (§7): 清碰碰胡 × 九幺 = 20
    tianhu = await (
        await fake.slash(
            alice, "score quick", winner="1", pattern="清碰碰胡", how="tianhu", yaojiu=True
        )
    ).response()
    assert not tianhu.ephemeral, tianhu.text()
    assert "Bob → Alice: **20** (win)" in tianhu.text()


@pytest.mark.slow
@pytest.mark.parametrize(
    ("command", "options", "expected"),
    [
        ("score tiles", {**WIN, "bonuses": "2:jiebao"}, "接宝 needs the fourth 宝"),
        ("score tiles", {**WIN, "bonuses": "Bob:四个宝"}, "the winner holds 2 宝"),
        ("score tiles", {**WIN, "flown": "Bob:3"}, "3 宝 flown and 2 held by the winner make 5"),
        (
            "score tiles",
            {**CLAIMED, "melds": "(111m)", "how": "kong"},
            "a 跌宝杠 draws none",
        ),
        ("score tiles", {**CLAIMED, "melds": "{123m}"}, "is not a claimed 跌宝杠"),
        ("score quick", {"winner": "1", "pattern": "宝吊宝", "flown": "1:3"}, "make 5"),
        ("score quick", {"winner": "1", "pattern": "平胡自摸", "bonuses": "2:接宝"}, "no other"),
        ("score quick", {"winner": "1", "pattern": "抢杠"}, "choose how 抢杠"),
        ("score draw", {"bonuses": "2:四个宝, 3:接宝"}, "cannot both happen"),
    ],
)
async def test_s10_impossible_hands_are_refused_privately_and_write_nothing(
    fake_discord: FakeDiscord,
    bot: ShangraoBot,
    command: str,
    options: dict[str, object],
    expected: str,
) -> None:
    fake = fake_discord
    alice, bob = fake.user("alice"), fake.user("bob")
    await start_session(fake, alice, f"{mention(alice)} {mention(bob)} C D")
    before = await counts(bot)
    message = await (await fake.slash(alice, command, **options)).response()
    assert message.ephemeral and expected in message.text(), message.text()
    assert await counts(bot) == before


async def test_s10_an_impossible_hand_is_refused_in_chinese(
    fake_discord: FakeDiscord, bot: ShangraoBot
) -> None:
    fake = fake_discord
    alice, bob = fake.user("alice"), fake.user("bob")
    assert bob.locale == "zh-CN"
    await start_session(fake, alice, f"{mention(alice)} {mention(bob)} C D")
    before = await counts(bot)
    message = await (
        await fake.slash(bob, "score tiles", **{**WIN, "winner": "2", "bonuses": "3:接宝"})
    ).response()
    assert message.ephemeral and "接宝要别人打出第四张宝" in message.text(), message.text()
    assert await counts(bot) == before


async def test_s4_rob_with_bao_is_a_house_switch(
    fake_discord: FakeDiscord, bot: ShangraoBot
) -> None:
    fake = fake_discord
    alice, bob = fake.user("alice"), fake.user("bob")
    shown = await (await fake.slash(alice, "rules show")).response()
    assert "**on** · 抢杠 with 宝" in shown.text()
    rec = await fake.slash(alice, "rules set", rob_with_bao=False)
    assert "Rules updated." in (await rec.response()).text()
    shown = await (await fake.slash(bob, "rules show")).response()
    assert "**off** · 抢杠 with 宝" in shown.text() and "**on** · 抢杠 —" in shown.text()
    await start_session(fake, alice, f"{mention(alice)} {mention(bob)} C D")
    before = await counts(bot)
    refused = await (
        await fake.slash(alice, "score quick", winner="1", pattern="抢杠", how="rob", robbed="2")
    ).response()
    assert refused.ephemeral and "rob_with_bao is off" in refused.text(), refused.text()
    tiles = {"hand": "123m4p5m6p111z78s99p9s", "win": "9s", "bao": "5m", "how": "rob"}
    refused = await (await fake.slash(alice, "score tiles", **tiles, robbed="2")).response()
    assert refused.ephemeral and "有宝平胡 is not a win" in refused.text(), refused.text()
    assert await counts(bot) == before
    # a Chinese reader sees the switch in Chinese
    rec = await fake.slash(alice, "rules set", language="zh-CN", rob_with_bao=True)
    shown = await rec.response()
    assert "**开** · 有宝抢杠" in shown.text(), shown.text()
