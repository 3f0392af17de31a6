"""Virtual tables through the loopback fake Discord: /table create with its lobby
buttons, a whole hand of one scripted human (alice) and three AIs driven through buttons,
closed DMs, clicks by strangers and on outdated panels, a restart mid-hand, and what public
messages may carry."""

from __future__ import annotations

import asyncio
import hashlib
import re
from collections.abc import AsyncIterator, Callable
from pathlib import Path
from typing import Any

import pytest

from shangrao_bot.discord_bot import ShangraoBot
from shangrao_bot.render import render_board
from shangrao_bot.service import ServiceConfig
from shangrao_bot.settings import Settings
from shangrao_bot.ui.pacing import Pacing
from tests.e2e.conftest import StartBot
from tests.e2e.fake_discord import FakeDiscord, FakeMessage, FakeUser

FAST = ServiceConfig(
    ai_delay=0.005,
    min_claim_seconds=0.02,
    min_between_hands=0.05,
    ready_seconds=30.0,
    resume_grace_seconds=30.0,
)
# boards and panels edited as soon as the presenter is free: a test about one of these
# intervals sets it on its bot's presenter itself
PACING = Pacing(board_edit_seconds=0.02, panel_quiet_seconds=0.02)
MOVE = re.compile(r"mj:\d+:\d+:\d+:(d|a):")
PUBLIC_FILES = {"board.png", "result.png", "totals.png"}


def seeds(table_id: int, hand_no: int) -> bytes:
    return hashlib.sha256(f"e2e-tables/{table_id}/{hand_no}".encode()).digest()


def make_bot(fake: FakeDiscord, db: Path) -> ShangraoBot:
    settings = Settings(
        discord_token=fake.token,
        database_url=f"sqlite:///{db}",
        dev_guild_id=fake.guild.id,
    )
    return ShangraoBot(settings, service_config=FAST, seeds=seeds, pacing=PACING)


@pytest.fixture
async def bot(
    fake_discord: FakeDiscord, start_bot: StartBot, tmp_path: Path
) -> AsyncIterator[ShangraoBot]:
    yield await start_bot(make_bot(fake_discord, tmp_path / "bot.db"))


async def until(pred: Callable[[], object], timeout: float = 20.0) -> None:
    loop = asyncio.get_running_loop()
    end = loop.time() + timeout
    while not pred():
        if loop.time() > end:
            raise AssertionError("condition not met in time")
        await asyncio.sleep(0.01)


def thread_of(fake: FakeDiscord, table_id: int):  # type: ignore[no-untyped-def]
    return next(th for th in fake.guild.threads if th.name.endswith(f"#{table_id}"))


async def open_table(  # type: ignore[no-untyped-def]
    fake: FakeDiscord, bot: ShangraoBot, user: FakeUser, hands: int = 1, **options: Any
):
    rec = await fake.slash(
        user, "table create", in_channel=fake.channel("mahjong"), hands=hands, **options
    )
    reply = await rec.response()
    assert reply.ephemeral and re.search(r"<#\d+>", reply.text())  # names the table's thread
    table_id = int(re.search(r"#(\d+)", reply.text()).group(1))  # type: ignore[union-attr]
    thread = thread_of(fake, table_id)
    await until(lambda: fake.channel_messages(thread))
    return table_id, thread, fake.channel_messages(thread)[0]


async def seat_ais_and_start(
    fake: FakeDiscord, host: FakeUser, lobby: FakeMessage, table_id: int
) -> None:
    for _ in range(3):
        rec = await fake.click(host, lobby, f"mj:{table_id}:ai-normal")
        assert "AI player sits down" in (await rec.response()).text()
    rec = await fake.click(host, lobby, f"mj:{table_id}:start")
    assert "The game starts" in (await rec.response()).text()


async def open_in_mahjong_and_start(  # type: ignore[no-untyped-def]
    fake: FakeDiscord, user: FakeUser, hands: int = 1
):
    """``user`` opens a table of ``hands`` hands in #mahjong (through the slash command, as
    many players may at once), seats three normal AIs and starts: its id and its thread."""
    rec = await fake.slash(user, "table create", in_channel=fake.channel("mahjong"), hands=hands)
    found = re.search(r"#(\d+)", (await rec.response()).text())
    assert found is not None
    table_id = int(found[1])
    thread = thread_of(fake, table_id)
    await until(lambda: fake.channel_messages(thread), 30)
    await seat_ais_and_start(fake, user, fake.channel_messages(thread)[0], table_id)
    return table_id, thread


async def started_at_turn(  # type: ignore[no-untyped-def]
    fake: FakeDiscord, bot: ShangraoBot, user: FakeUser, **options: Any
):
    """``user``'s table with three AIs, started, once it is ``user``'s move and the presenter
    has shown it: the table's id and thread."""
    table_id, thread, lobby = await open_table(fake, bot, user, **options)
    await seat_ais_and_start(fake, user, lobby, table_id)
    await until(lambda: bot.service.private_view(table_id, user.id).legal, 30)
    await bot.presenter_queue.drain()
    return table_id, thread


def move_ids(message: FakeMessage) -> list[str]:
    return [c for c in message.custom_ids if MOVE.match(c)]


def pick(ids: list[str]) -> str:
    """A simple strategy: win when offered, pass claims, else discard the last tile."""
    for wanted in (":a:win", ":a:pass"):
        for c in ids:
            if wanted in c:
                return c
    discards = [c for c in ids if ":d:" in c]
    return discards[-1] if discards else ids[0]


def result_posted(fake: FakeDiscord, thread) -> bool:  # type: ignore[no-untyped-def]
    return any(
        a.filename == "result.png" for m in fake.channel_messages(thread) for a in m.attachments
    )


def check_public(fake: FakeDiscord, thread, players: list[FakeUser]) -> None:  # type: ignore[no-untyped-def]
    """Public messages carry only public pictures; hand pictures only in the owner's DMs."""
    for m in fake.channel_messages(thread):
        assert not m.ephemeral
        assert {a.filename for a in m.attachments} <= PUBLIC_FILES
        assert not move_ids(m)
    for user in players:
        for m in fake.dm_messages(user):
            assert {a.filename for a in m.attachments} <= {"hand.png"}


async def test_commands_and_permission_check(fake_discord: FakeDiscord, bot: ShangraoBot) -> None:
    synced = {c["name"]: c for c in fake_discord.commands(fake_discord.guild)}
    subs = {o["name"] for o in synced["table"]["options"]}
    assert {"create", "leave", "end", "watch", "list"} <= subs
    for role in fake_discord.guild.roles:  # the bot's role and @everyone
        role.permissions &= ~((1 << 15) | (1 << 35))  # ATTACH_FILES, CREATE_PUBLIC_THREADS
    rec = await fake_discord.slash(
        fake_discord.user("alice"), "table create", in_channel=fake_discord.channel("mahjong")
    )
    text = (await rec.response()).text()
    assert "**Attach Files**, **Create Public Threads**" in text
    assert "Send Messages" not in text


@pytest.mark.slow
async def test_a_full_hand_against_three_ais(fake_discord: FakeDiscord, bot: ShangraoBot) -> None:
    fake = fake_discord
    alice, dave = fake.user("alice"), fake.user("dave")
    table_id, thread, lobby = await open_table(fake, bot, alice)
    assert {f"mj:{table_id}:{op}" for op in ("join", "leave", "start", "rules")} <= set(
        lobby.custom_ids
    )
    rec = await fake.click(dave, lobby, f"mj:{table_id}:start")
    assert "Only the table's host" in (await rec.response()).text()
    rec = await fake.slash(alice, "table list")
    assert f"Table #{table_id}" in (await rec.response()).text()
    await seat_ais_and_start(fake, alice, lobby, table_id)
    await until(lambda: fake.dm_messages(alice))
    # a stranger's clicks: not seated
    table_msg = next(m for m in fake.channel_messages(thread) if m.attachments)
    hand_id = next(c for c in table_msg.custom_ids if c.endswith(":hand"))
    rec = await fake.click(dave, table_msg, hand_id)
    reply = await rec.response()
    assert reply.ephemeral and "You do not sit at this table." in reply.text()
    rec = await fake.click(dave, lobby if lobby.custom_ids else table_msg, hand_id)
    await rec.response()
    # the public board is exactly render_board(public view) once alice must act
    dm = fake.dm_messages(alice)[-1]
    await until(lambda: move_ids(dm))
    await bot.presenter_queue.drain()
    public = bot.service.get(table_id).public
    assert public is not None
    assert fake.attachment_bytes(table_msg) == render_board(public, lang="en")
    assert table_msg.attachments[0].filename == "board.png"
    assert f"<t:{int(bot.service.get(table_id).deadline or 0)}:R>" in table_msg.content
    # play the hand through alice's DM buttons
    clicks = 0
    loop = asyncio.get_running_loop()
    end = loop.time() + 90
    while not result_posted(fake, thread):
        assert loop.time() < end, "the hand did not end"
        panels = fake.dm_messages(alice)  # her turn may bring a fresh panel (a new DM)
        dm = panels[-1] if panels else dm
        ids = move_ids(dm)
        if not ids:
            await asyncio.sleep(0.01)
            continue
        before = dm.edits
        rec = await fake.click(alice, dm, pick(ids))
        await rec.response()
        clicks += 1
        with_edit = loop.time() + 2
        while dm.edits == before and fake.dm_messages(alice)[-1:] == [dm]:
            if loop.time() > with_edit:
                break
            await asyncio.sleep(0.01)
    assert clicks > 0
    result = next(m for m in fake.channel_messages(thread) if "result.png" in str(m.attachments))
    assert "Seed (revealed)" in result.text()
    await until(lambda: any("final standings" in m.text() for m in fake.channel_messages(thread)))
    check_public(fake, thread, [alice])
    assert fake.dm_messages(dave) == []


@pytest.mark.slow
async def test_closed_dms_fall_back_to_my_hand_and_old_panels_are_outdated(
    fake_discord: FakeDiscord, bot: ShangraoBot
) -> None:
    fake = fake_discord
    alice = fake.user("alice")
    alice.dms_open = False
    table_id, thread, lobby = await open_table(fake, bot, alice, hands=2)
    await seat_ais_and_start(fake, alice, lobby, table_id)
    await until(lambda: any("cannot DM you" in m.text() for m in fake.channel_messages(thread)))
    table_msg = next(m for m in fake.channel_messages(thread) if m.attachments)

    async def open_panel() -> FakeMessage:
        while True:
            await until(lambda: bot.service.private_view(table_id, alice.id).legal, 30)
            await bot.presenter_queue.drain()
            hand_id = next(c for c in table_msg.custom_ids if c.endswith(":hand"))
            rec = await fake.click(alice, table_msg, hand_id)
            panel = await rec.response()
            assert panel.ephemeral and panel.attachments[0].filename == "hand.png"
            if move_ids(panel):
                return panel

    while True:  # two panels of the same turn with a choice of discards
        old = await open_panel()
        new = await open_panel()
        chosen = pick(move_ids(new))
        others = [c for c in move_ids(old) if c != chosen and ":d:" in c]
        if others and ":d:" in chosen:
            break
        await (await fake.click(alice, new, chosen)).response()
    stale = others[0]  # a different move: not a double click of the one taken
    edits = new.edits
    rec = await fake.click(alice, new, chosen)
    await rec.response()
    # acknowledged at once (deferred update), then the same panel is edited in place
    assert rec.ack_type == 6 and rec.message is new and new.edits > edits
    await until(lambda: bot.service.get(table_id).sequence != int(stale.split(":")[3]))
    rec = await fake.click(alice, old, stale)
    await rec.wait_followups(1)
    refusal = rec.followups[-1]
    assert "This prompt is outdated" in refusal.text()
    # …and it offers the current panel: one click to act again
    reopen = next(c for c in refusal.custom_ids if c.endswith(":hand"))
    fresh = await (await fake.click(alice, refusal, reopen)).response()
    assert fresh.ephemeral and "(seat 1)" in fresh.text()  # alice's current panel
    told = [m for m in fake.channel_messages(thread) if "cannot DM you" in m.text()]
    assert len(told) == 1
    check_public(fake, thread, [alice])
    rec = await fake.slash(alice, "table end", in_channel=thread)
    assert "is ended" in (await rec.response()).text()
    await until(lambda: any("was ended" in m.text() for m in fake.channel_messages(thread)))


@pytest.mark.slow
async def test_restart_mid_hand_keeps_buttons_working(
    fake_discord: FakeDiscord, start_bot: StartBot, tmp_path: Path
) -> None:
    fake = fake_discord
    alice = fake.user("alice")
    db = tmp_path / "bot.db"
    first = await start_bot(make_bot(fake, db))
    table_id, thread, lobby = await open_table(fake, first, alice)
    await seat_ais_and_start(fake, alice, lobby, table_id)
    await until(lambda: fake.dm_messages(alice) and move_ids(fake.dm_messages(alice)[-1]))
    await first.presenter_queue.drain()
    old_table_msg = next(m for m in fake.channel_messages(thread) if m.attachments)
    before = first.service.snapshot(table_id)
    await first.close()

    second = await start_bot(make_bot(fake, db))
    assert second.service.snapshot(table_id) == before
    await until(lambda: any("bot restarted" in m.text() for m in fake.channel_messages(thread)))
    # the old message's My hand button (sent by the first process) still works
    hand_id = next(c for c in old_table_msg.custom_ids if c.endswith(":hand"))
    rec = await fake.click(alice, old_table_msg, hand_id)
    panel = await rec.response()
    assert panel.ephemeral and move_ids(panel)
    rec = await fake.click(alice, panel, pick(move_ids(panel)))
    await rec.response()
    assert rec.ack_type == 6 and "outdated" not in rec.text()
    check_public(fake, thread, [alice])
    rec = await fake.slash(alice, "table end", in_channel=thread)
    await rec.response()
