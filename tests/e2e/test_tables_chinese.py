"""A Chinese-speaking group plays a whole virtual-table session in a server whose preferred
locale is English (``/rules set language:zh-CN``): the lobby, the table messages, the result
cards, notices, the final standings, every DM panel and every private reply are in Chinese —
no English word but the players' names, no mpsz tile code, AI seats with Chinese names — and
the players play each hand from their DMs alone."""

from __future__ import annotations

import asyncio
import re
from collections.abc import Callable
from contextvars import ContextVar
from pathlib import Path

import pytest

from shangrao_bot.render import canvas
from shangrao_bot.render.canvas import Drawn
from tests.e2e.conftest import StartBot
from tests.e2e.fake_discord import FakeDiscord
from tests.e2e.fake_model import FakeMessage, FakeUser
from tests.e2e.language_check import message_texts, offending
from tests.e2e.test_tables import make_bot, move_ids, open_table, pick, until

HANDS = 2
HEX = re.compile(r"\b[0-9a-f]{16,}\b")  # the fairness hash and the seed


def session_over(fake: FakeDiscord, thread: object) -> bool:
    return any("最终排名" in m.text() for m in fake.channel_messages(thread))  # type: ignore[arg-type]


def moved_on(fake: FakeDiscord, user: FakeUser, panel: FakeMessage) -> Callable[[], bool]:
    """True once ``panel`` was edited, or replaced by a newer DM."""
    edits = panel.edits
    return lambda: panel.edits > edits or fake.dm_messages(user)[-1:] != [panel]


async def play_from_dms(
    fake: FakeDiscord,
    user: FakeUser,
    thread: object,
    seen: list[str],
    hints: list[str],
    *,
    let_time_run_out: bool = False,
) -> int:
    """``user`` plays every move from their newest DM panel (and asks for a hint once per
    hand), until the session is over; returns the moves made. ``let_time_run_out``: the first
    turn is left to the clock (the bot plays it and says so in the thread)."""
    loop = asyncio.get_running_loop()
    end = loop.time() + 240
    moves = 0
    hinted: set[str] = set()
    idle = let_time_run_out
    while not session_over(fake, thread):
        assert loop.time() < end, "the session did not end"
        panels = fake.dm_messages(user)
        panel = panels[-1] if panels else None
        ids = move_ids(panel) if panel is not None else []
        if panel is None or not ids:
            await asyncio.sleep(0.02)
            continue
        seen.extend(message_texts(panel))
        hint = next((c for c in panel.custom_ids if c.endswith(":hint")), None)
        if hint is not None and hint not in hinted:
            hinted.add(hint)
            reply = await (await fake.click(user, panel, hint)).response()
            hints.append(reply.text())
            seen.extend(message_texts(reply))
            continue
        if idle and any(":d:" in c for c in ids):  # a turn: the clock plays it
            idle = False
            await until(moved_on(fake, user, panel), 40)
            continue
        before = panel.edits
        rec = await fake.click(user, panel, pick(ids))
        await rec.response()
        moves += 1
        settle = loop.time() + 2
        while panel.edits == before and fake.dm_messages(user)[-1:] == [panel]:
            if loop.time() > settle:
                break
            await asyncio.sleep(0.01)
    return moves


async def press_ready(
    fake: FakeDiscord, users: list[FakeUser], thread: object, seen: list[str]
) -> None:
    """Between hands each player presses Ready on the result message."""
    pressed: set[tuple[int, str]] = set()
    while not session_over(fake, thread):
        for message in fake.channel_messages(thread):  # type: ignore[arg-type]
            ready = next((c for c in message.custom_ids if c.endswith(":ready")), None)
            for user in users:
                if ready is not None and (user.id, ready) not in pressed:
                    pressed.add((user.id, ready))
                    rec = await fake.click(user, message, ready)
                    reply = await rec.response()
                    seen.extend(message_texts(reply))
        await asyncio.sleep(0.05)


@pytest.mark.heavy
@pytest.mark.slow
@pytest.mark.usefixtures("pictures_in_threads")  # what is drawn is recorded in this process
async def test_a_chinese_group_plays_a_whole_session_in_chinese(
    fake_discord: FakeDiscord,
    start_bot: StartBot,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    fake = fake_discord
    # every text drawn on an image, in whatever task or thread the bot renders it
    drawn: list[Drawn] = []
    monkeypatch.setattr(canvas, "_LOG", ContextVar("drawn", default=drawn))
    alice, bob = fake.user("alice"), fake.user("bob")
    ming = fake.add_user("xiaoming", locale="zh-CN")
    fake.guild.add_member(ming)
    assert fake.guild.preferred_locale == "en-US" and bob.locale == "zh-CN"
    bot = await start_bot(make_bot(fake, tmp_path / "bot.db"))
    await bot.tile_emojis.wait_ready(60)
    names = {bob.username, ming.username}  # display names: the usernames, capitalised
    seen: list[str] = []

    rules = await (await fake.slash(alice, "rules set", language="zh-CN")).response()
    seen.extend(message_texts(rules))  # public: in the server's language now
    table_id, thread, lobby = await open_table(fake, bot, bob, hands=HANDS, turn_seconds=10)
    seen.extend(message_texts(fake.ephemeral_messages(bob)[-1]))
    for user, op in ((ming, "join"), (bob, "ai-normal"), (bob, "ai-easy"), (bob, "rules")):
        reply = await (await fake.click(user, lobby, f"mj:{table_id}:{op}")).response()
        seen.extend(message_texts(reply))
    seen.extend(message_texts(fake.get_message(lobby.id) or lobby))
    reply = await (await fake.click(bob, lobby, f"mj:{table_id}:start")).response()
    seen.extend(message_texts(reply))

    hints: list[str] = []
    players = [bob, ming]
    ready = asyncio.create_task(press_ready(fake, players, thread, seen))
    moves = await asyncio.gather(
        play_from_dms(fake, bob, thread, seen, hints),
        play_from_dms(fake, ming, thread, seen, hints, let_time_run_out=True),
    )
    await ready
    assert sum(moves) > 0 and len(hints) >= 2
    await bot.presenter_queue.drain()

    messages: list[FakeMessage] = list(fake.channel_messages(thread))
    for user in players:
        messages += fake.dm_messages(user) + fake.ephemeral_messages(user)
    texts = seen + [text for m in messages for text in message_texts(m)]
    problems = offending(texts, names)
    assert problems == [], "\n".join(problems[:40])
    # AI seats are named in Chinese, and the session ended with standings and settlement
    everything = "\n".join(texts)
    assert "电脑3号（普通）" in everything and "电脑4号（简单）" in everything
    assert "最终排名" in everything
    # and every image's labels (boards, hands, result cards, the totals chart) are Chinese
    labels = {HEX.sub("", d.text) for d in drawn if d.kind == "text"}
    assert labels and not [s for s in labels if re.search(r"[A-Za-z]", s)]
    # xiaoming's turn ran out: the thread names the move played for him as players say it
    assert re.search(r"超时：已代为 (打出 \S+|胡)", everything), everything
