"""Virtual-table features through the loopback fake Discord: the deadline shown with
the board before a prompt, coalesced board edits, the Hint button, the DM preference, watching
from the table message, removing an AI seat and the Ready countdown."""

from __future__ import annotations

import asyncio
import dataclasses
import logging
import re
import threading
from collections.abc import AsyncIterator, Sequence
from pathlib import Path
from typing import Any

import pytest

from shangrao_bot.discord_bot import ShangraoBot
from shangrao_bot.engine.events import Event
from shangrao_bot.engine.views import PlayerView
from shangrao_bot.errors import Refusal
from shangrao_bot.render import render_board
from shangrao_bot.service.model import TableInfo
from shangrao_bot.store.prefs import dm_panels_off
from shangrao_bot.ui import board_updates as presenter_module
from shangrao_bot.ui.i18n import LANGS, t
from shangrao_bot.ui.pacing import Pacing
from shangrao_bot.ui.table_text import hint_text, table_message_text
from tests.e2e.conftest import StartBot
from tests.e2e.fake_discord import FakeDiscord, FakeMessage, FakeUser
from tests.e2e.test_tables import (
    check_public,
    make_bot,
    move_ids,
    open_table,
    pick,
    result_posted,
    seat_ais_and_start,
    started_at_turn,
    until,
)

# every test here takes seconds (the slow marker: pytest -m 'not slow' leaves them out)
pytestmark = pytest.mark.slow


@pytest.fixture
async def bot(
    fake_discord: FakeDiscord, start_bot: StartBot, tmp_path: Path
) -> AsyncIterator[ShangraoBot]:
    yield await start_bot(make_bot(fake_discord, tmp_path / "bot.db"))


class Recorder:
    """Wraps the bot's Discord presenter to record what the service asked it to show."""

    def __init__(self, bot: ShangraoBot) -> None:
        self.calls: list[tuple[str, TableInfo, Any]] = []
        p = bot.table_presenter
        changed, prompt, started = p.table_changed, p.prompt, p.hand_started

        async def table_changed(table: TableInfo, events: Sequence[Event]) -> None:
            self.calls.append(("changed", table, None))
            await changed(table, events)

        async def on_prompt(table: TableInfo, seat: int, view: PlayerView, deadline: float) -> None:
            self.calls.append(("prompt", table, deadline))
            await prompt(table, seat, view, deadline)

        async def hand_started(table: TableInfo, events: Sequence[Event]) -> None:
            self.calls.append(("started", table, None))
            await started(table, events)

        p.table_changed = table_changed  # type: ignore[method-assign]
        p.prompt = on_prompt  # type: ignore[method-assign]
        p.hand_started = hand_started  # type: ignore[method-assign]

    def count(self, name: str) -> int:
        return sum(1 for c in self.calls if c[0] == name)


async def play_hand(
    fake: FakeDiscord,
    bot: ShangraoBot,
    alice: FakeUser,
    thread: Any,
    seen: set[int] | None = None,
) -> int:
    """Alice plays through her DM panel until the result is posted; returns her clicks.
    ``seen`` collects the ids of the DM panels she pressed."""
    await until(lambda: fake.dm_messages(alice))
    loop = asyncio.get_running_loop()
    end = loop.time() + 90
    clicks = 0
    while not result_posted(fake, thread):
        assert loop.time() < end, "the hand did not end"
        panels = fake.dm_messages(alice)  # empty for a moment while a panel is re-sent
        dm = panels[-1] if panels else None
        ids = move_ids(dm) if dm is not None else []
        if dm is None or not ids:
            await asyncio.sleep(0.01)
            continue
        before = dm.edits
        if seen is not None:
            seen.add(dm.id)
        rec = await fake.click(alice, dm, pick(ids))
        await rec.response()
        clicks += 1
        with_edit = loop.time() + 2
        while dm.edits == before and fake.dm_messages(alice)[-1:] == [dm]:
            if loop.time() > with_edit:
                break
            await asyncio.sleep(0.01)
    return clicks


def table_message(fake: FakeDiscord, thread: Any) -> FakeMessage:
    return next(m for m in fake.channel_messages(thread) if m.attachments)


async def test_the_board_before_a_prompt_carries_the_deadline(
    fake_discord: FakeDiscord, bot: ShangraoBot
) -> None:
    fake = fake_discord
    alice = fake.user("alice")
    rec = Recorder(bot)
    table_id, thread, lobby = await open_table(fake, bot, alice)
    await seat_ais_and_start(fake, alice, lobby, table_id)
    assert await play_hand(fake, bot, alice, thread) > 0
    await bot.presenter_queue.drain()
    prompts = 0
    shown: TableInfo | None = None
    for name, info, deadline in rec.calls:
        if name in ("changed", "started"):
            shown = info
        elif name == "prompt":
            prompts += 1
            assert shown is not None and shown.deadline == deadline, (shown, deadline)
    assert prompts > 0
    check_public(fake, thread, [alice])


async def test_board_edits_are_coalesced_and_end_with_the_latest_state(
    fake_discord: FakeDiscord,
    bot: ShangraoBot,
) -> None:
    fake = fake_discord
    alice = fake.user("alice")
    presenter = bot.table_presenter
    rec = Recorder(bot)
    # wait for alice's first turn: the board then shows the latest state, deadline included
    table_id, thread = await started_at_turn(fake, bot, alice)
    msg = table_message(fake, thread)
    info = bot.service.get(table_id)
    assert info.public is not None
    assert fake.attachment_bytes(msg) == render_board(info.public, lang="en")
    assert msg.content == table_message_text(info, "en")
    # a burst of changes: one edit due now and at most one pending edit that shows the latest
    presenter.board_interval = 0.3
    await asyncio.sleep(0.35)
    edits = msg.edits
    stale = dataclasses.replace(info, deadline=None)
    for _ in range(5):
        await presenter.table_changed(stale, [])
    await presenter.table_changed(info, [])
    # due now: the edit runs on the board's own task (the table's next calls do not wait for
    # it), showing the latest state by the time it renders; at most one more follows
    await until(lambda: msg.edits > edits, 3)
    await asyncio.sleep(0.5)
    assert edits + 1 <= msg.edits <= edits + 2
    assert msg.content == table_message_text(info, "en")
    assert fake.attachment_bytes(msg) == render_board(info.public, lang="en")
    # a whole hand at the production interval: far fewer edits of the table message than board
    # changes
    presenter.board_interval = Pacing().board_edit_seconds
    before_edits, before_changes = msg.edits, rec.count("changed")
    await play_hand(fake, bot, alice, thread)
    await bot.presenter_queue.drain()
    changes = rec.count("changed") - before_changes
    edits = msg.edits - before_edits
    assert changes >= 10
    assert edits * 2 < changes, (edits, changes)
    print(f"board changes={changes} table message edits={edits}")
    final = [c[1] for c in rec.calls if c[0] == "changed"][-1]
    assert final.public is not None
    assert fake.attachment_bytes(msg) == render_board(final.public, lang="en")  # the final board
    check_public(fake, thread, [alice])


@pytest.mark.usefixtures("pictures_in_threads")  # the board's drawing is held in this process
async def test_a_board_drawn_before_the_hand_ended_is_not_shown_after_it(
    fake_discord: FakeDiscord,
    bot: ShangraoBot,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A board picture still being drawn when the table's pending board is dropped (the hand
    ended: its final board follows) is thrown away, not edited in over the final board."""
    fake = fake_discord
    alice = fake.user("alice")
    presenter = bot.table_presenter
    table_id, thread = await started_at_turn(fake, bot, alice)
    await presenter.settled()
    msg = table_message(fake, thread)
    drawing, release = threading.Event(), threading.Event()
    real_timed = presenter_module.timed

    def held(fn: Any, *args: Any, **kwargs: Any) -> Any:
        drawing.set()
        release.wait(10)
        return real_timed(fn, *args, **kwargs)

    monkeypatch.setattr(presenter_module, "timed", held)
    presenter.board_interval = 0.0
    info = bot.service.get(table_id)
    await presenter.table_changed(dataclasses.replace(info, deadline=None), [])
    await until(drawing.is_set, 5)
    edits = msg.edits
    presenter._drop_board(table_id)  # what the hand's end does before its final board
    release.set()
    await asyncio.sleep(0.3)
    await presenter.settled()
    assert msg.edits == edits


async def test_hint_button_answers_the_owner_with_waits(
    fake_discord: FakeDiscord,
    bot: ShangraoBot,
) -> None:
    fake = fake_discord
    alice, dave = fake.user("alice"), fake.user("dave")
    table_id, thread = await started_at_turn(fake, bot, alice)
    dm = fake.dm_messages(alice)[-1]
    hint_id = f"mj:{table_id}:1:hint"
    assert hint_id in dm.custom_ids
    view = bot.service.private_view(table_id, alice.id)
    rec = await fake.click(alice, dm, hint_id)
    reply = await rec.response()
    assert reply.ephemeral
    assert reply.text() == hint_text(view, "en")
    assert any(k in reply.text() for k in ("Waiting on", "Discard", "No waits yet"))
    # the same Hint on My hand's ephemeral panel; a stranger's press tells them nothing
    table_msg = table_message(fake, thread)
    hand_id = next(c for c in table_msg.custom_ids if c.endswith(":hand"))
    panel = await (await fake.click(alice, table_msg, hand_id)).response()
    assert hint_id in panel.custom_ids
    rec = await fake.click(dave, table_msg, hand_id)
    assert "You do not sit at this table." in (await rec.response()).text()
    check_public(fake, thread, [alice])


async def test_dm_preference_and_a_fresh_dm_when_the_turn_comes(
    fake_discord: FakeDiscord, bot: ShangraoBot
) -> None:
    fake = fake_discord
    alice, bob = fake.user("alice"), fake.user("bob")
    # bob: /table dm off → no DM at all, My hand works
    rec = await fake.slash(bob, "table dm", in_channel=fake.channel("mahjong"), mode="off")
    assert (await rec.response()).text() in {t("table.reply.dm_off", lang) for lang in LANGS}
    assert bob.id in bot.table_presenter.dm_off
    assert bob.id in await dm_panels_off(bot.db)  # kept in the database: survives a restart
    table_id, thread, lobby = await open_table(fake, bot, alice, hands=2)
    rec = await fake.click(bob, lobby, f"mj:{table_id}:join")
    await rec.response()
    for _ in range(2):
        await (await fake.click(alice, lobby, f"mj:{table_id}:ai-normal")).response()
    await (await fake.click(alice, lobby, f"mj:{table_id}:start")).response()
    await until(lambda: fake.dm_messages(alice))
    await bot.presenter_queue.drain()
    assert fake.dm_messages(bob) == []
    table_msg = table_message(fake, thread)
    hand_id = next(c for c in table_msg.custom_ids if c.endswith(":hand"))
    panel = await (await fake.click(bob, table_msg, hand_id)).response()
    assert panel.ephemeral and panel.attachments[0].filename == "hand.png"
    # alice: every prompt sends her a fresh DM panel (the old one goes), so Discord notifies
    bot.table_presenter.dm_fresh_seconds = 0.0
    loop = asyncio.get_running_loop()
    end = loop.time() + 60
    seen: set[int] = set()
    while bot.service.get(table_id).status.value == "playing":
        assert loop.time() < end, "the hand did not end"
        for user in (alice, bob):
            try:
                if not bot.service.private_view(table_id, user.id).legal:
                    continue
            except Refusal:  # the hand just ended
                break
            await bot.presenter_queue.drain()
            if user is alice:
                dms = fake.dm_messages(alice)
                assert len(dms) == 1  # the old panel was deleted
                msg: Any = dms[0]
                seen.add(msg.id)
            else:
                now_id = next(c for c in table_msg.custom_ids if c.endswith(":hand"))
                msg = await (await fake.click(bob, table_msg, now_id)).response()
            ids = move_ids(msg)
            if ids:
                rec = await fake.click(user, msg, pick(ids))
                # the panel shows the move — or, when alice's next prompt follows at once, it
                # is replaced by a fresh one (a deferred update needs no edit)
                await until(lambda rec=rec, msg=msg: rec.responded or msg.deleted)
        await asyncio.sleep(0.01)
    assert len(seen) >= 2  # a new message at least once
    assert fake.dm_messages(bob) == []
    rec = await fake.slash(bob, "table dm", in_channel=fake.channel("mahjong"), mode="on")
    assert (await rec.response()).text() in {t("table.reply.dm_on", lang) for lang in LANGS}
    assert bob.id not in bot.table_presenter.dm_off
    check_public(fake, thread, [alice, bob])


async def test_watch_button_remove_ai_and_ready_countdown(
    fake_discord: FakeDiscord, bot: ShangraoBot
) -> None:
    fake = fake_discord
    alice, dave = fake.user("alice"), fake.user("dave")
    table_id, thread, lobby = await open_table(fake, bot, alice, hands=2)
    for _ in range(3):
        await (await fake.click(alice, lobby, f"mj:{table_id}:ai-easy")).response()
    await bot.presenter_queue.drain()
    rm = [c for c in lobby.custom_ids if re.fullmatch(rf"mj:{table_id}:rm\d", c)]
    assert len(rm) == 3
    # only the host removes an AI player
    rec = await fake.click(dave, lobby, rm[0])
    assert "Only the table's host" in (await rec.response()).text()
    rec = await fake.click(alice, lobby, rm[0])
    assert (await rec.response()).ephemeral
    await bot.presenter_queue.drain()
    assert rm[0] not in lobby.custom_ids
    assert sum(s is not None for s in bot.service.get(table_id).seats) == 3
    await (await fake.click(alice, lobby, f"mj:{table_id}:ai-normal")).response()
    await (await fake.click(alice, lobby, f"mj:{table_id}:start")).response()
    await until(lambda: bot.service.private_view(table_id, alice.id).legal, 30)
    await bot.presenter_queue.drain()
    # Watch on the table message: an ephemeral public board for a spectator, never a hand
    table_msg = table_message(fake, thread)
    rec = await fake.click(dave, table_msg, f"mj:{table_id}:watch")
    reply = await rec.response()
    assert reply.ephemeral
    assert [a.filename for a in reply.attachments] == ["board.png"]
    assert not move_ids(reply)
    assert dave.id in bot.service.get(table_id).spectators
    public = bot.service.get(table_id).public
    assert public is not None
    assert fake.attachment_bytes(reply) == render_board(public, lang="en")
    # the Ready gate shows the auto-ready countdown
    await play_hand(fake, bot, alice, thread)
    await bot.presenter_queue.drain()
    result = next(m for m in fake.channel_messages(thread) if "result.png" in str(m.attachments))
    info = bot.service.get(table_id)
    assert info.ready_deadline is not None
    assert f"<t:{int(info.ready_deadline)}:R>" in result.text()
    assert fake.dm_messages(dave) == []
    check_public(fake, thread, [alice])


async def test_a_turn_prompt_discord_fails_for_a_moment_is_delivered(
    fake_discord: FakeDiscord, bot: ShangraoBot, caplog: pytest.LogCaptureFixture
) -> None:
    """Discord answers 503 to the DM that carries alice's next prompt (discord.py does not
    retry a 503): the panel is sent again and arrives, and the log says so in warning lines with
    the route and the status, never a traceback."""
    fake = fake_discord
    alice = fake.user("alice")
    table_id, _thread, lobby = await open_table(fake, bot, alice, hands=4)
    await seat_ais_and_start(fake, alice, lobby, table_id)
    await until(lambda: fake.dm_messages(alice))
    presenter = bot.table_presenter
    presenter.dm_fresh_seconds = 0.0  # every prompt is a new DM (a POST)
    presenter.delivery.dms.retry_pause = 0.01
    dm = fake.dm(alice)
    fake.fail_next("POST", "/channels/{channel_id}/messages", status=503, only=f"/{dm.id}/")
    before = {m.id for m in fake.dm_messages(alice)}
    loop = asyncio.get_running_loop()
    end = loop.time() + 60
    with caplog.at_level(logging.WARNING, logger="shangrao_bot.ui"):
        while not any(r.status == 503 for r in fake.rejections):
            assert loop.time() < end, "alice never got a new prompt"
            await bot.presenter_queue.drain()
            dms = fake.dm_messages(alice)
            ids = move_ids(dms[0]) if dms else []
            if ids and bot.service.private_view(table_id, alice.id).legal:
                rec = await fake.click(alice, dms[0], pick(ids))
                await until(lambda rec=rec: rec.responded, 30)
            await asyncio.sleep(0.01)
        await until(lambda: {m.id for m in fake.dm_messages(alice)} - before, 30)
        await bot.presenter_queue.drain()
    assert len(fake.dm_messages(alice)) == 1  # the new prompt, the old one deleted
    warned = [r.getMessage() for r in caplog.records if "503" in r.getMessage()]
    assert warned and all("POST" in w for w in warned)
    assert all(r.exc_info is None for r in caplog.records)


async def test_a_hand_result_discord_fails_for_a_moment_is_posted(
    fake_discord: FakeDiscord, bot: ShangraoBot, caplog: pytest.LogCaptureFixture
) -> None:
    """The thread's next message after the deal is the hand's result card: Discord answers it
    503 once, and the card is posted all the same (a result is always delivered). A board edit
    Discord fails is a warning with its status (the next change edits the board again), never
    a traceback."""
    fake = fake_discord
    alice = fake.user("alice")
    table_id, thread, lobby = await open_table(fake, bot, alice)
    await seat_ais_and_start(fake, alice, lobby, table_id)
    await until(lambda: fake.dm_messages(alice))
    await bot.presenter_queue.drain()
    bot.table_presenter.results.retry_pause = 0.01
    only = f"/{thread.id}/"
    fake.fail_next("POST", "/channels/{channel_id}/messages", status=503, only=only)
    edit = "/channels/{channel_id}/messages/{message_id}"
    fake.fail_next("PATCH", edit, status=503, only=only)
    loop = asyncio.get_running_loop()
    end = loop.time() + 60
    with caplog.at_level(logging.WARNING, logger="shangrao_bot.ui"):
        while not result_posted(fake, thread):
            assert loop.time() < end, "the hand's result never came"
            await bot.presenter_queue.drain()
            dms = fake.dm_messages(alice)
            ids = move_ids(dms[0]) if dms else []
            try:
                legal = bot.service.private_view(table_id, alice.id).legal
            except Refusal:  # the hand is over (and the one-hand table closed)
                legal = ()
            if ids and legal:
                rec = await fake.click(alice, dms[0], pick(ids))
                await until(lambda rec=rec: rec.responded, 30)
            await asyncio.sleep(0.01)
    failed = sorted((r.method, r.status) for r in fake.rejections if only in r.path)
    assert failed == [("PATCH", 503), ("POST", 503)]
    # the failed edit was a board's during the hand or the final board's (tried again)
    assert any("board" in r.getMessage() and "503" in r.getMessage() for r in caplog.records)
    cards = [
        m
        for m in fake.channel_messages(thread)
        if any(a.filename == "result.png" for a in m.attachments)
    ]
    assert len(cards) == 1
    assert all(r.exc_info is None for r in caplog.records)
