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

from shangrao_bot.discord_bot import PREFERENCES_CHANNEL, ShangraoBot
from shangrao_bot.settings import Settings
from shangrao_bot.store.database.interface import Database
from shangrao_bot.store.database.opening import open_database
from shangrao_bot.store.prefs import dm_panels_off
from shangrao_bot.store.processes.postgres_coordination import PgCoordination
from shangrao_bot.ui.discord_presenter import DiscordPresenter
from shangrao_bot.ui.language import ServerLanguages

USER = 4242


class Process:
    def __init__(self, db: Database, coordination: PgCoordination) -> None:
        self.client = discord.Client(intents=discord.Intents.none())
        self.client.db = db  # type: ignore[attr-defined]
        self.presenter = DiscordPresenter(self.client, db=db)
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
    dbs = [await open_database(pg_url) for _ in range(2)]
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


async def test_a_servers_language_chosen_in_one_process_is_used_by_the_other(pg_url: str) -> None:
    """Two bots (not logged in) wired as at start-up: ``/rules set language`` in one makes the
    other's public texts for that server follow."""
    bots = []
    try:
        for _ in range(2):
            bot = ShangraoBot(Settings(discord_token=None, database_url=pg_url))
            bot.db = await open_database(pg_url)
            coordination = PgCoordination(pg_url)
            await coordination.start()
            bot.coordination = coordination
            bot.languages = ServerLanguages()
            bot.table_presenter = DiscordPresenter(bot, db=bot.db)
            await bot.share_settings()
            bots.append(bot)
        here, there = bots
        here.languages.choose(77, "zh-TW")
        await here.share_change({"guild": 77, "language": "zh-TW"})
        await eventually(lambda: there.languages.public(77, "en-US") == "zh-TW")
        await here.share_change({"guild": 77, "language": "auto"})
        await eventually(lambda: there.languages.public(77, "en-US") == "en")
    finally:
        for bot in bots:
            await bot.coordination.close()
            await bot.db.close()
