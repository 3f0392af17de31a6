"""A table that has ended leaves nothing behind in the bot's memory.

A bot runs for months while tables open and close by the thousand: every map the bot keeps per
table (its board message, its panels, queues, timers, saves …) must let go of a table when it
ends, or the process grows by a little with every table. This test plays two one-hand tables
one after the other through the loopback fake Discord, then walks everything reachable from the
bot's own objects (the service, the presenter and every part of them, not discord.py's caches,
which are bounded by their own settings) and looks for the ended tables' ids among the keys of
every dict and the members of every set. A bounded cache (:class:`RecentlyUsed`, an
``lru_cache``) may keep them: it forgets by itself.

The tables get ids no other key could have by chance (a closed table of id 7,000,000 is
written first: the next ids follow it)."""

from __future__ import annotations

import asyncio
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from shangrao_bot.discord_bot import ShangraoBot
from shangrao_bot.recently_used import RecentlyUsed
from shangrao_bot.store.database.transactions import Tx
from tests.e2e.conftest import StartBot
from tests.e2e.fake_discord import FakeDiscord, FakeUser
from tests.e2e.test_tables import make_bot, move_ids, open_in_mahjong_and_start, pick, until

FIRST_ID = 7_000_000
PROJECT = ("shangrao_bot", "cogs")


def _own(obj: object) -> bool:
    return type(obj).__module__.startswith(PROJECT)


def kept_keys(root: object) -> Iterator[tuple[str, Any]]:
    """(``Owner.attribute``, key) for every dict key and set member reachable from ``root``
    through the project's own objects (their attributes, and the containers they hold),
    bounded caches left out."""
    seen: set[int] = set()
    stack: list[tuple[str, object]] = [("bot", root)]
    while stack:
        path, obj = stack.pop()
        if id(obj) in seen or isinstance(obj, RecentlyUsed):
            continue
        seen.add(id(obj))
        if isinstance(obj, dict):
            for k, v in list(obj.items()):
                yield path, k
                stack.append((path, v))
        elif isinstance(obj, (set, frozenset)):
            for k in list(obj):
                yield path, k
        elif isinstance(obj, (list, tuple)):
            stack.extend((path, v) for v in obj)
        elif _own(obj) or obj is root:
            attrs = dict(getattr(obj, "__dict__", {}))
            for cls in type(obj).__mro__:
                for name in getattr(cls, "__slots__", ()):
                    if hasattr(obj, name):
                        attrs[name] = getattr(obj, name)
            if obj is root:  # the bot: only its own parts, not discord.py's client state
                attrs = {k: v for k, v in attrs.items() if _own(v) or isinstance(v, dict)}
            owner = type(obj).__name__
            stack.extend((f"{owner}.{name}", v) for name, v in attrs.items())


def mentions(key: object, ids: set[int]) -> bool:
    if isinstance(key, int):
        return key in ids
    if isinstance(key, tuple):
        return any(mentions(k, ids) for k in key)
    return False


async def play_to_the_end(
    fake: FakeDiscord, bot: ShangraoBot, user: FakeUser, kept_while_open: list[str]
) -> int:
    table_id, thread = await open_in_mahjong_and_start(fake, user, hands=1)
    await until(lambda: fake.dm_messages(user))
    kept_while_open.extend(p for p, k in kept_keys(bot) if mentions(k, {table_id}))
    loop = asyncio.get_running_loop()
    end = loop.time() + 120
    while not any("final standings" in m.text() for m in fake.channel_messages(thread)):
        assert loop.time() < end, "the table did not end"
        dms = fake.dm_messages(user)
        ids = move_ids(dms[-1]) if dms else []
        if not ids:
            await asyncio.sleep(0.01)
            continue
        rec = await fake.click(user, dms[-1], pick(ids))
        await rec.response()
        await asyncio.sleep(0.01)
    return table_id


@pytest.mark.slow
async def test_ended_tables_leave_no_state_behind(
    fake_discord: FakeDiscord, start_bot: StartBot, tmp_path: Path
) -> None:
    fake = fake_discord
    bot = await start_bot(make_bot(fake, tmp_path / "bot.db"))

    async def reserve_ids(tx: Tx) -> None:
        await tx.execute(
            "INSERT INTO game_tables (id, guild_id, channel_id, status, created_at, updated_at)"
            " VALUES (?, ?, ?, 'closed', '2026-01-01', '2026-01-01')",
            (FIRST_ID, fake.guild.id, fake.channel("mahjong").id),
        )

    await bot.db.write(reserve_ids)
    alice = fake.user("alice")
    kept_while_open: list[str] = []
    ended = {await play_to_the_end(fake, bot, alice, kept_while_open) for _ in range(2)}
    assert min(ended) > FIRST_ID
    # the walk sees a running table's state (else finding nothing at the end means nothing)
    seen_open = set(kept_while_open)
    assert {"OpenTables.tables", "BoardUpdates.messages"} <= seen_open, sorted(seen_open)
    await bot.presenter_queue.drain()
    await bot.table_presenter.settled()
    await asyncio.sleep(0.2)  # the last edits' answers
    left = sorted({path for path, key in kept_keys(bot) if mentions(key, ended)})
    assert left == [], f"ended tables still kept in: {left}"
