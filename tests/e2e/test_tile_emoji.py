"""Tile pictures as application emoji (:mod:`shangrao_bot.ui.emoji`): the real bot's start-up
sync, through the real discord.py client, against the fake Discord — first start, restarts,
changed art, emoji that are not ours, failures, Discord's limit of 2000, and a start-up that
never waits for it."""

from __future__ import annotations

import io
import re
import threading
from pathlib import Path

import pytest
from PIL import Image

from shangrao_bot.discord_bot import ShangraoBot
from shangrao_bot.rules.tiles import NUM_KINDS, tile_str
from shangrao_bot.settings import Settings
from shangrao_bot.ui import emoji as tile_emoji
from shangrao_bot.ui.emoji import EmojiArt
from tests.e2e.conftest import StartBot
from tests.e2e.fake_discord import FakeDiscord
from tests.e2e.test_bot_commands import bot_settings

EMOJIS = "/applications/{application_id}/emojis"
LOOKS = [(tile, bao) for bao in (False, True) for tile in range(NUM_KINDS)]
STALE = "sr5m_deadbeef"  # ours by its name, but no current picture has this hash


@pytest.fixture
def settings(fake_discord: FakeDiscord, tmp_path: Path) -> Settings:
    return bot_settings(fake_discord, tmp_path)


async def start(start_bot: StartBot, settings: Settings) -> ShangraoBot:
    """The bot, started, once its tile emoji sync has ended."""
    bot = await start_bot(ShangraoBot(settings))
    await bot.tile_emojis.wait_ready(timeout=30)
    return bot


async def restart(
    fake: FakeDiscord, bot: ShangraoBot, start_bot: StartBot, settings: Settings
) -> ShangraoBot:
    await bot.close()
    await fake.wait_for(lambda: not fake.connected, timeout=5)
    return await start(start_bot, settings)


def emoji_ids(bot: ShangraoBot) -> dict[tuple[int, bool], int | None]:
    ids = {}
    for tile, bao in LOOKS:
        emoji = bot.tile_emojis.get(tile, bao=bao)
        ids[(tile, bao)] = emoji.id if emoji is not None else None
    return ids


async def answers_help(fake: FakeDiscord) -> bool:
    reply = await (await fake.slash(fake.user("alice"), "help")).response()
    return "Shangrao mahjong" in reply.text()


def fill(fake: FakeDiscord, count: int) -> None:
    """``count`` emoji uploaded by hand in the Developer Portal (not the bot's)."""
    for i in range(count):
        fake.add_application_emoji(f"party{i}")


async def test_first_start_uploads_every_tile_picture(
    fake_discord: FakeDiscord, start_bot: StartBot, settings: Settings
) -> None:
    fake = fake_discord
    bot = await start(start_bot, settings)
    assert bot.tile_emojis.ready and bot.tile_emojis.done
    report = bot.tile_emojis.report
    assert report is not None and len(report.uploaded) == 68
    assert (report.kept, report.deleted, report.failed, report.stopped) == ([], [], [], None)
    assert fake.emoji_uploads == report.uploaded
    assert len(fake.application_emojis()) == 68
    seen: set[int] = set()
    for tile, bao in LOOKS:
        emoji = bot.tile_emojis.get(tile, bao=bao)
        assert emoji is not None and emoji.id is not None and emoji.id not in seen
        seen.add(emoji.id)
        pattern = f"sr{tile_str(tile)}{'b' if bao else ''}_[0-9a-f]{{8}}"
        assert emoji.name is not None and re.fullmatch(pattern, emoji.name)
        stored = fake.application_emoji(emoji.id)
        assert stored is not None and stored.name == emoji.name
        assert stored.user is fake.bot_user and not stored.animated
        assert stored.content_type == "image/png" and len(stored.image) < 32 * 1024
        with Image.open(io.BytesIO(stored.image)) as image:
            assert (image.format, image.mode, image.size) == ("PNG", "RGBA", (128, 128))
            assert image.getpixel((0, 0)) == (0, 0, 0, 0)  # a transparent canvas
            assert image.getpixel((64, 64))[3] == 255  # with the tile in the middle
    plain, bao = bot.tile_emojis.get(4), bot.tile_emojis.get(4, bao=True)
    assert plain is not None and bao is not None and plain.id != bao.id


async def test_a_second_start_uploads_and_deletes_nothing(
    fake_discord: FakeDiscord, start_bot: StartBot, settings: Settings
) -> None:
    fake = fake_discord
    first = await start(start_bot, settings)
    before = emoji_ids(first)
    second = await restart(fake, first, start_bot, settings)
    report = second.tile_emojis.report
    assert report is not None and second.tile_emojis.ready
    assert (len(report.kept), report.uploaded, report.deleted) == (68, [], [])
    assert len(fake.emoji_uploads) == 68 and fake.emoji_deletions == []
    assert emoji_ids(second) == before
    posts = [m for m, path in fake.requests if m == "POST" and path.endswith("/emojis")]
    assert len(posts) == 68  # all of them from the first start


async def test_changed_art_replaces_exactly_the_changed_pictures(
    fake_discord: FakeDiscord,
    start_bot: StartBot,
    settings: Settings,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    fake = fake_discord
    first = await start(start_bot, settings)
    before = emoji_ids(first)
    old_names = [
        emoji.name
        for emoji in (first.tile_emojis.get(0), first.tile_emojis.get(33, bao=True))
        if emoji is not None
    ]
    changed = {(0, False), (33, True)}
    original = tile_emoji.tile_art

    def new_art(tile: int, bao: bool) -> EmojiArt:
        if (tile, bao) not in changed:
            return original(tile, bao)
        image = tile_emoji.draw_emoji(tile, bao)
        image.putpixel((0, 0), (200, 30, 30, 255))
        return tile_emoji.make_art(tile, bao, image)

    monkeypatch.setattr(tile_emoji, "tile_art", new_art)
    second = await restart(fake, first, start_bot, settings)
    report = second.tile_emojis.report
    assert report is not None and second.tile_emojis.ready
    assert report.uploaded == [new_art(0, False).name, new_art(33, True).name]
    assert report.deleted == old_names and fake.emoji_deletions == old_names
    assert len(report.kept) == 66 and len(fake.application_emojis()) == 68
    after = emoji_ids(second)
    assert {k for k in before if before[k] != after[k]} == changed
    assert all(fake.application_emoji(name) is None for name in old_names)


async def test_emoji_that_are_not_ours_survive(
    fake_discord: FakeDiscord, start_bot: StartBot, settings: Settings
) -> None:
    fake = fake_discord
    others = ["logo", "sr", "sr5m", "sr5m_party", "sr0m_12ab", "SR5M_12ab", "sr5m_12ab_x"]
    for name in [*others, STALE]:
        fake.add_application_emoji(name)
    bot = await start(start_bot, settings)
    assert bot.tile_emojis.ready
    assert fake.emoji_deletions == [STALE]
    assert all(fake.application_emoji(name) is not None for name in others)
    assert len(fake.application_emojis()) == 68 + len(others)


async def test_an_upload_failure_leaves_the_bot_working_and_the_next_start_completes_it(
    fake_discord: FakeDiscord, start_bot: StartBot, settings: Settings
) -> None:
    fake = fake_discord
    fake.fail_next("POST", EMOJIS, status=503)
    first = await start(start_bot, settings)
    report = first.tile_emojis.report
    assert report is not None and not first.tile_emojis.ready
    missing = tile_emoji.tile_art(0, False).name
    assert report.failed == [missing] and len(report.uploaded) == 67
    assert first.tile_emojis.get(0) is None and first.tile_emojis.get(0, bao=True) is not None
    assert await answers_help(fake)
    second = await restart(fake, first, start_bot, settings)
    report = second.tile_emojis.report
    assert report is not None and second.tile_emojis.ready
    assert report.uploaded == [missing] and report.deleted == []


async def test_uploads_stop_when_discord_keeps_failing(
    fake_discord: FakeDiscord, start_bot: StartBot, settings: Settings
) -> None:
    fake = fake_discord
    fake.fail_next("POST", EMOJIS, status=503, times=tile_emoji.MAX_FAILURES_IN_A_ROW)
    first = await start(start_bot, settings)
    report = first.tile_emojis.report
    assert report is not None and report.uploaded == [] and len(report.failed) == 68
    assert report.stopped == f"{tile_emoji.MAX_FAILURES_IN_A_ROW} uploads in a row failed"
    posts = [m for m, path in fake.requests if m == "POST" and path.endswith("/emojis")]
    assert len(posts) == tile_emoji.MAX_FAILURES_IN_A_ROW
    assert all(v is None for v in emoji_ids(first).values())
    assert await answers_help(fake)
    second = await restart(fake, first, start_bot, settings)
    assert second.tile_emojis.ready and len(fake.emoji_uploads) == 68


async def test_a_failed_listing_uploads_nothing(
    fake_discord: FakeDiscord, start_bot: StartBot, settings: Settings
) -> None:
    fake = fake_discord
    fake.fail_next("GET", EMOJIS, status=503)
    bot = await start(start_bot, settings)
    report = bot.tile_emojis.report
    assert report is not None and report.stopped is not None
    assert report.stopped.startswith("listing the application's emoji failed")
    assert fake.emoji_uploads == [] and not bot.tile_emojis.ready
    assert await answers_help(fake)


@pytest.mark.slow
async def test_an_application_at_the_limit_uploads_nothing(
    fake_discord: FakeDiscord, start_bot: StartBot, settings: Settings
) -> None:
    fake = fake_discord
    fill(fake, 2000)
    bot = await start(start_bot, settings)
    report = bot.tile_emojis.report
    assert report is not None and len(report.failed) == 68
    assert report.stopped == "the application owns 2000 emoji, Discord's limit"
    assert fake.emoji_uploads == [] and fake.rejections == []  # not even tried
    assert all(v is None for v in emoji_ids(bot).values())
    assert await answers_help(fake)


@pytest.mark.slow
async def test_near_the_limit_outdated_emoji_make_room_first(
    fake_discord: FakeDiscord, start_bot: StartBot, settings: Settings
) -> None:
    fake = fake_discord
    fill(fake, 1989)
    fake.add_application_emoji(STALE)
    bot = await start(start_bot, settings)
    report = bot.tile_emojis.report
    assert report is not None and report.deleted == [STALE]
    assert len(report.uploaded) == 11 and len(report.failed) == 57
    assert len(fake.application_emojis()) == 2000
    assert bot.tile_emojis.get(10) is not None and bot.tile_emojis.get(11) is None


async def test_discords_limit_refusal_stops_the_uploads(
    fake_discord: FakeDiscord, start_bot: StartBot, settings: Settings
) -> None:
    fake = fake_discord
    fake.application_emoji_limit = 10  # Discord counts some the listing did not show
    bot = await start(start_bot, settings)
    report = bot.tile_emojis.report
    assert report is not None and len(report.uploaded) == 10 and len(report.failed) == 58
    assert report.stopped == "Discord's limit of emoji per application was reached"
    assert [(r.status, r.code, r.violation) for r in fake.rejections] == [(400, 30008, False)]
    assert await answers_help(fake)


async def test_start_up_and_commands_do_not_wait_for_the_sync(
    fake_discord: FakeDiscord,
    start_bot: StartBot,
    settings: Settings,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    fake = fake_discord
    gate, drawn_in = threading.Event(), []
    original = tile_emoji.all_art

    def slow_art() -> list[EmojiArt]:
        drawn_in.append(threading.current_thread())
        gate.wait(30)
        return original()

    monkeypatch.setattr(tile_emoji, "all_art", slow_art)
    try:
        bot = await start_bot(ShangraoBot(settings))
        assert await answers_help(fake)  # while the pictures are still being drawn
        assert not bot.tile_emojis.done and bot.tile_emojis.get(5) is None
    finally:
        gate.set()
    assert await bot.tile_emojis.wait_ready(timeout=30)
    assert drawn_in and drawn_in[0] is not threading.main_thread()  # off the event loop


async def test_closing_the_bot_during_the_sync(
    fake_discord: FakeDiscord,
    start_bot: StartBot,
    settings: Settings,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    fake = fake_discord
    gate = threading.Event()
    original = tile_emoji.all_art

    def slow_art() -> list[EmojiArt]:
        gate.wait(30)
        return original()

    monkeypatch.setattr(tile_emoji, "all_art", slow_art)
    try:
        bot = await start_bot(ShangraoBot(settings))
        await bot.close()
        assert bot.tile_emojis.done and bot.tile_emojis.report is None
    finally:
        gate.set()
    assert fake.emoji_uploads == []


def test_the_art_is_68_distinct_small_pictures_named_by_their_pixels() -> None:
    art = tile_emoji.all_art()
    assert len(art) == 68 and len({a.name for a in art}) == 68
    assert all(len(a.png) < tile_emoji.MAX_IMAGE_BYTES // 8 for a in art)
    assert all(tile_emoji.OUR_NAME.fullmatch(a.name) and len(a.name) <= 32 for a in art)
    again = tile_emoji.make_art(5, True, tile_emoji.draw_emoji(5, True))
    assert again == tile_emoji.tile_art(5, True)  # drawn again: the same pixels, the same name


async def test_a_process_that_adopted_the_emoji_and_becomes_the_leader_keeps_them(
    fake_discord: FakeDiscord, start_bot: StartBot, settings: Settings
) -> None:
    """Of several processes, one that adopted the leader's emoji syncs them itself once it
    becomes the leader: the emoji it (and every other process) shows are kept, not deleted
    as if they were outdated."""
    fake = fake_discord
    bot = await start(start_bot, settings)
    other = tile_emoji.TileEmojis()
    adopted = await other.adopt(bot)
    assert len(adopted.kept) == 68 and other.ready
    before = {look: other.get(look[0], bao=look[1]) for look in LOOKS}
    report = await other.sync(bot)
    assert (len(report.kept), report.uploaded, report.deleted) == (68, [], [])
    assert fake.emoji_deletions == [] and len(fake.application_emojis()) == 68
    assert {look: other.get(look[0], bao=look[1]) for look in LOOKS} == before
