"""``/analyze`` through the loopback fake Discord: a picture and the same ranking as text, in
the asker's language; a 13-tile hand as it stands; bad input refused privately with the
offending token named (translated), never a traceback."""

from __future__ import annotations

from collections.abc import AsyncIterator
from io import BytesIO
from pathlib import Path

import pytest
from PIL import Image

from shangrao_bot.discord_bot import ShangraoBot
from tests.e2e.conftest import StartBot
from tests.e2e.fake_discord import FakeDiscord, FakeMessage
from tests.e2e.test_tables import make_bot

HAND = "123m456p78s1199s5m2z"  # 14 tiles, 宝 5m


@pytest.fixture
async def bot(
    fake_discord: FakeDiscord, start_bot: StartBot, tmp_path: Path, pictures_in_threads: None
) -> AsyncIterator[ShangraoBot]:
    yield await start_bot(make_bot(fake_discord, tmp_path / "bot.db"))


def picture(fake: FakeDiscord, message: FakeMessage) -> Image.Image:
    assert [a.filename for a in message.attachments] == ["analysis.png"]
    return Image.open(BytesIO(fake.attachment_bytes(message)))


@pytest.mark.slow
async def test_a_hand_on_its_turn_is_ranked_in_a_picture_and_in_text(
    fake_discord: FakeDiscord, bot: ShangraoBot
) -> None:
    fake = fake_discord
    rec = await fake.slash(fake.user("alice"), "analyze", hand=HAND, bao="5m", seen="9s 6s")
    message = await rec.response(timeout=30)
    assert not message.ephemeral
    text = message.text()
    assert "What to discard (何切) · 宝 5m" in text
    assert "Hand: `1235m456p117899s2z`" in text and "In sight: 2 tiles" in text
    lines = [line for line in text.splitlines() if line.startswith("**")]
    # discarding South (or 9s) looks ready, but every wait is an 有宝平胡: no real win. The
    # ranking counts those hands one tile away and ranks them by the points they can expect
    assert lines[0].startswith(
        "**1.** discard **9 Bam** — looks ready, but every wait is an 有宝平胡"
    )
    assert "1 from a real win" in lines[0] and "points expected" in lines[0]
    south = next(line for line in lines if "**South**" in line)
    assert "looks ready, but every wait is an 有宝平胡" in south
    assert not any("— ready" in line for line in lines)
    assert len(lines) == 12  # every kind held is a candidate
    img = picture(fake, message)
    assert img.width == 1100 and 600 < img.height < 2200
    assert message.embeds[0]["image"]["url"].endswith("/analysis.png")


@pytest.mark.parametrize(
    ("user", "title", "row"),
    [
        (
            "bob",
            "何切 · 宝 5m",
            "**1.** 打 **九条** — 看似听牌，但只能成有宝平胡（不算胡） · 离真胡 1 向听",
        ),
        (
            "carol",
            "何切 · 寶 5m",
            "**1.** 打 **九條** — 看似聽牌，但只能成有寶平胡（不算胡） · 離真胡 1 向聽",
        ),
    ],
)
async def test_the_answer_is_in_the_askers_language(
    fake_discord: FakeDiscord, bot: ShangraoBot, user: str, title: str, row: str
) -> None:
    fake = fake_discord
    message = await (await fake.slash(fake.user(user), "analyze", hand=HAND, bao="5m")).response(
        timeout=30
    )
    assert title in message.text() and row in message.text()
    assert picture(fake, message).width == 1100


async def test_a_13_tile_hand_shows_its_state(fake_discord: FakeDiscord, bot: ShangraoBot) -> None:
    fake = fake_discord
    alice = fake.user("alice")
    ready = await (await fake.slash(alice, "analyze", hand="123m456p789s1199s", bao="5m")).response(
        timeout=30
    )
    assert "The hand as it stands · 宝 5m" in ready.text()
    assert "The hand as it stands: ready: " in ready.text() and "points expected" in ready.text()
    far = await (
        await fake.slash(alice, "analyze", hand="1m2m5m8m9m2p3p5p7p8p1s1s7s", bao="5m")
    ).response(timeout=30)
    assert "The hand as it stands: 2 from a real win" in far.text()
    picture(fake, far)
    melds = await (
        await fake.slash(alice, "analyze", hand="123m456p1199s5m", melds="[777z]", bao="5m")
    ).response(timeout=30)
    assert "Hand: `1235m456p1199s [777z]`" in melds.text()  # sorted, melds after


@pytest.mark.parametrize(
    ("user", "options", "expected"),
    [
        (
            "alice",
            {"hand": "123m456p78s1199s0m2z", "bao": "5m"},
            "'0m' is not a tile: ranks are 1-9",
        ),
        ("bob", {"hand": HAND, "bao": "0m"}, "输入有误：“0m”不是牌：点数只能是 1-9"),
        ("carol", {"hand": "123m", "bao": "5m"}, "輸入有誤：這手牌有 3 張"),
        ("alice", {"hand": HAND, "bao": "5m", "seen": "5m5m5m5m"}, "5 5m in sight"),
        ("alice", {"hand": HAND, "bao": "5m", "melds": "[12m]"}, "'[12m]' is not a meld"),
        ("alice", {"hand": "\x1b[31m" + "9" * 150, "bao": "5m"}, "is not a tile"),
    ],
)
async def test_bad_input_is_refused_privately_naming_the_token(
    fake_discord: FakeDiscord,
    bot: ShangraoBot,
    user: str,
    options: dict[str, str],
    expected: str,
) -> None:
    fake = fake_discord
    rec = await fake.slash(fake.user(user), "analyze", **options)
    message = await rec.response(timeout=30)
    assert message.ephemeral and expected in message.text(), message.text()
    assert "Traceback" not in message.text() and "error id" not in message.text()
