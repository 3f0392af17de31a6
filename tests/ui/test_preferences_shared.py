"""A player's preferences changed in one process of the bot reach the others (which keep the
same caches): two presenters, each with its own coordination over one real PostgreSQL
database, stand for two processes, wired as the bot wires them."""

from __future__ import annotations

import asyncio
import json
from collections.abc import AsyncIterator
from typing import Any

import discord
import pytest

from shangrao_bot.discord_bot import PREFERENCES_CHANNEL
from shangrao_bot.store.db import Database
from shangrao_bot.store.pg_coordination import PgCoordination
from shangrao_bot.store.prefs import dm_panels_off
from shangrao_bot.ui.presenter import DiscordPresenter

USER = 4242


class Process:
    def __init__(self, db: Database, coordination: PgCoordination) -> None:
        self.client = discord.Client(intents=discord.Intents.none())
        self.client.db = db  # type: ignore[attr-defined]
        self.presenter = DiscordPresenter(self.client)
        self.coordination = coordination

        async def share(change: dict[str, Any]) -> None:
            await coordination.notify(PREFERENCES_CHANNEL, json.dumps(change))

        self.presenter.share = share

    async def listen(self) -> None:
        async def changed(payload: str) -> None:
            await self.presenter.preference_changed(json.loads(payload))

        await self.coordination.listen(PREFERENCES_CHANNEL, changed)


@pytest.fixture
async def two(pg_url: str) -> AsyncIterator[tuple[Process, Process]]:
    dbs = [await Database.open(pg_url) for _ in range(2)]
    coordinations = [PgCoordination(pg_url) for _ in range(2)]
    for c in coordinations:
        await c.start()
    processes = (Process(dbs[0], coordinations[0]), Process(dbs[1], coordinations[1]))
    for p in processes:
        await p.listen()
    try:
        yield processes
    finally:
        for c in coordinations:
            await c.close()
        for db in dbs:
            await db.close()


async def eventually(check: Any) -> None:
    for _ in range(250):
        if check():
            return
        await asyncio.sleep(0.02)
    raise AssertionError("not passed on within 5 s")


async def test_dm_panels_off_in_one_process_holds_in_the_other(
    two: tuple[Process, Process],
) -> None:
    here, there = two
    await here.presenter.set_dm(USER, on=False)
    assert USER in await dm_panels_off(here.client.db)  # type: ignore[attr-defined]
    await eventually(lambda: USER in there.presenter.dm_off)
    await here.presenter.set_dm(USER, on=True)
    await eventually(lambda: USER not in there.presenter.dm_off)


async def test_a_language_seen_in_one_process_is_known_in_the_other(
    two: tuple[Process, Process],
) -> None:
    here, there = two
    here.presenter.remember_lang(USER, "zh-TW")  # saved, then passed on, in the background
    await eventually(lambda: there.presenter.langs.get(USER) == "zh-TW")
