"""Storage faults seen from Discord: the real ShangraoBot, its database on a small filesystem
that fills up (:mod:`tests.storage_faults`), against the loopback fake Discord.

While the disk is full every command and button that must write answers "storage is
unavailable, try again" in the user's language — never the generic apology — and nothing is
half-written; the expiry sweep logs a warning instead of a traceback; once space is back the
same actions work.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import AsyncIterator, Iterator
from datetime import timedelta
from pathlib import Path

import pytest

from shangrao_bot.discord_bot import ShangraoBot
from shangrao_bot.settings import Settings
from shangrao_bot.store.guilds import get_settings
from shangrao_bot.ui.i18n import t
from shangrao_bot.ui.score_views import bot_book
from tests.e2e.conftest import StartBot
from tests.e2e.fake_discord import FakeDiscord
from tests.e2e.fake_model import FakeUser
from tests.e2e.test_scorekeeping import WIN, counts, mention, start_session
from tests.e2e.test_tables import (
    make_bot,
    move_ids,
    open_table,
    pick,
    result_posted,
    seat_ais_and_start,
    until,
)
from tests.storage_faults import DiskFull, WriteLock

UNAVAILABLE = {lang: t("error.storage_unavailable", lang) for lang in ("en", "zh-CN", "zh-TW")}


@pytest.fixture
def disk(tmp_path: Path) -> Iterator[DiskFull]:
    with DiskFull(tmp_path / "small", database="bot.db") as small:
        yield small


@pytest.fixture
async def bot(
    fake_discord: FakeDiscord, start_bot: StartBot, disk: DiskFull
) -> AsyncIterator[ShangraoBot]:
    settings = Settings(
        discord_token=fake_discord.token,
        database_url=f"sqlite:///{disk.database}",
        dev_guild_id=fake_discord.guild.id,
    )
    yield await start_bot(ShangraoBot(settings))


def unavailable(text: str, lang: str = "en") -> bool:
    return text.strip() == UNAVAILABLE[lang]


async def _refused(fake: FakeDiscord, who: FakeUser, command: str, **options: object) -> str:
    answer = await (await fake.slash(who, command, **options)).response()
    assert answer.ephemeral
    return answer.text()


@pytest.mark.slow
async def test_commands_and_buttons_say_storage_is_unavailable_and_write_nothing(
    fake_discord: FakeDiscord, bot: ShangraoBot, disk: DiskFull, caplog: pytest.LogCaptureFixture
) -> None:
    fake = fake_discord
    alice, bob, carol, dave = (fake.user(n) for n in ("alice", "bob", "carol", "dave"))
    await start_session(fake, alice, " ".join(mention(u) for u in (alice, bob, carol, dave)))
    preview = await (await fake.slash(alice, "score tiles", **WIN)).response()
    confirm = next(c for c in preview.custom_ids if c.startswith("sk:confirm:"))
    before = await counts(bot)
    settings_before = await get_settings(bot.db, fake.guild.id)

    await disk.start()
    try:
        with caplog.at_level(logging.WARNING):
            # scoring, confirming, the rules, the session's end: refused, in each one's language
            assert unavailable(
                await _refused(fake, bob, "score quick", winner="2", pattern="平胡自摸"), "zh-CN"
            )
            assert unavailable(await _refused(fake, alice, "score draw"))
            refused = await (await fake.click(bob, preview, confirm)).response()
            assert refused.ephemeral and unavailable(refused.text(), "zh-CN")
            assert unavailable(await _refused(fake, alice, "rules set", confirm_minutes=5))
            assert unavailable(await _refused(fake, alice, "score undo", reason="oops"))
            # a preview expiring meanwhile: the sweep cannot void it and says so in one line
            book = bot_book(bot)
            real = book.now
            book.now = lambda: real() + timedelta(days=1)
            try:
                sessions = bot.get_cog("Sessions")
                assert sessions is not None
                await sessions._sweep_once()  # type: ignore[attr-defined]
            finally:
                book.now = real
        assert await counts(bot) == before
        assert await get_settings(bot.db, fake.guild.id) == settings_before
        assert "Waiting for 1 confirmation" in preview.text()
        assert not [r for r in caplog.records if r.exc_info is not None]
        assert not [r for r in caplog.records if "unexpected error" in r.getMessage()]
        assert any("storage unavailable" in r.getMessage() for r in caplog.records)
    finally:
        await disk.stop()

    # space is back: the same actions work
    await (await fake.click(bob, preview, confirm)).response()
    assert "Confirmed: it counts." in preview.text()
    answer = await (await fake.slash(alice, "rules set", confirm_minutes=5)).response()
    assert not answer.ephemeral
    assert (await get_settings(bot.db, fake.guild.id)).confirm_minutes == 5

    # the end of the session and a Paid button: refused while full, then done once
    await disk.start()
    try:
        assert unavailable(await _refused(fake, alice, "session end"))
        assert (await counts(bot))[4:] == before[4:]  # the session is open, no transfer
    finally:
        await disk.stop()
    end = await (await fake.slash(alice, "session end")).response()
    assert "final standings" in end.text()
    paid = [c for c in end.custom_ids if c.startswith("sk:paid:")]
    assert paid
    await disk.start()
    try:
        refused = await (await fake.click(alice, end, paid[0])).response()
        assert refused.ephemeral and unavailable(refused.text())
        assert len([c for c in end.custom_ids if c.startswith("sk:paid:")]) == len(paid)
    finally:
        await disk.stop()
    await (await fake.click(alice, end, paid[0])).response()
    assert len([c for c in end.custom_ids if c.startswith("sk:paid:")]) == len(paid) - 1


ORIGINAL = "/webhooks/{webhook_id}/{webhook_token}/messages/{message_id}"


async def test_a_fault_after_the_answer_was_posted_keeps_what_was_saved(
    fake_discord: FakeDiscord, bot: ShangraoBot, disk: DiskFull, caplog: pytest.LogCaptureFixture
) -> None:
    """The disk fills right after the session's board or a hand's preview was posted (the
    session and the hand are saved; only the link to the message is not): the player is not
    told "nothing was saved" — it was — and the session and the preview work."""
    fake = fake_discord
    alice, bob, carol, dave = (fake.user(n) for n in ("alice", "bob", "carol", "dave"))

    def warned() -> int:
        return sum("storage unavailable" in r.getMessage() for r in caplog.records)

    with caplog.at_level(logging.WARNING):
        fake.before_next("GET", ORIGINAL, disk.start)
        players = " ".join(mention(u) for u in (alice, bob, carol, dave))
        rec = await fake.slash(alice, "session start", players=players)
        started = await rec.response()
        assert not started.ephemeral and "Session #1" in started.text()
        await fake.wait_for(lambda: warned() == 1, timeout=5)
        assert rec.followups == []  # no "nothing was saved": the session was
        await disk.stop()
        fake.before_next("GET", ORIGINAL, disk.start)
        rec = await fake.slash(alice, "score tiles", **WIN)
        preview = await rec.response()
        assert not preview.ephemeral and "Hand #1 · session #1" in preview.text()
        await fake.wait_for(lambda: warned() == 2, timeout=5)
        assert rec.followups == []
        await disk.stop()
    assert not [r for r in caplog.records if r.exc_info is not None]
    assert (await counts(bot))[0] == 1 and (await counts(bot))[4] == 1
    confirm = next(c for c in preview.custom_ids if c.startswith("sk:confirm:"))
    await (await fake.click(bob, preview, confirm)).response()
    assert "Confirmed: it counts." in preview.text()


@pytest.mark.slow
async def test_a_table_on_a_full_disk_refuses_the_move_and_plays_on_after(
    fake_discord: FakeDiscord, start_bot: StartBot, disk: DiskFull
) -> None:
    """Lobby buttons and a move refused with the storage message while the disk is full (the
    move not taken: the same button works once space is back), then the hand is played to
    its end."""
    fake = fake_discord
    alice = fake.user("alice")
    bot = await start_bot(make_bot(fake, disk.database))
    table_id, thread, lobby = await open_table(fake, bot, alice)
    await disk.start()
    try:
        rec = await fake.click(alice, lobby, f"mj:{table_id}:ai-normal")
        answer = await rec.response()
        assert answer.ephemeral and unavailable(answer.text())
        assert bot.service.get(table_id).seats[1] is None
    finally:
        await disk.stop()
    await seat_ais_and_start(fake, alice, lobby, table_id)
    await until(lambda: fake.dm_messages(alice) and move_ids(fake.dm_messages(alice)[-1]), 30)
    dm = fake.dm_messages(alice)[-1]
    move = pick(move_ids(dm))
    before = bot.service.snapshot(table_id)
    await disk.start()
    try:
        rec = await fake.click(alice, dm, move)
        await rec.wait_followups(1)
        assert unavailable(rec.followups[-1].text())
        assert bot.service.snapshot(table_id) == before
    finally:
        await disk.stop()
    await (await fake.click(alice, dm, move)).response()
    assert bot.service.snapshot(table_id) != before
    loop = asyncio.get_running_loop()
    end = loop.time() + 90
    while not result_posted(fake, thread):
        assert loop.time() < end, "the hand did not end"
        dm = fake.dm_messages(alice)[-1]
        ids = move_ids(dm)
        if not ids:
            await asyncio.sleep(0.01)
            continue
        edits = dm.edits
        await (await fake.click(alice, dm, pick(ids))).response()
        await until(lambda d=dm, e=edits: d.edits != e or fake.dm_messages(alice)[-1] is not d, 5)
    await until(lambda: any("final standings" in m.text() for m in fake.channel_messages(thread)))


@pytest.mark.slow
async def test_a_locked_database_is_answered_before_discord_gives_up(
    fake_discord: FakeDiscord, start_bot: StartBot, tmp_path: Path
) -> None:
    """Another program holds the write lock: the bot's own busy timeout (not a test's) leaves
    time to answer within Discord's 3 s, so the player reads "storage is unavailable" instead
    of "This interaction failed" (the fake fails the test on a late acknowledgement)."""
    fake = fake_discord
    path = tmp_path / "bot.db"
    bot = await start_bot(
        ShangraoBot(
            Settings(
                discord_token=fake.token,
                database_url=f"sqlite:///{path}",
                dev_guild_id=fake.guild.id,
            )
        )
    )
    lock = WriteLock(path)
    await lock.start()
    try:
        answer = await (
            await fake.slash(fake.user("alice"), "rules set", confirm_minutes=5)
        ).response()
        assert answer.ephemeral and unavailable(answer.text())
    finally:
        await lock.stop()
    assert (await get_settings(bot.db, fake.guild.id)).confirm_minutes != 5
