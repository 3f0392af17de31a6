"""The bot's health checks (:mod:`.health`): Discord's gateway connected, the database
answering and taking writes, the event loop on time."""

from __future__ import annotations

import asyncio
from collections.abc import Callable

import discord

from shangrao_bot.errors import StorageUnavailable
from shangrao_bot.loop_lag import LoopLagProbe
from shangrao_bot.store.database.interface import Database
from shangrao_bot.web.health import HealthCheck

DATABASE_TIMEOUT_S = 1.0  # a trivial query takes a millisecond; a second is a stuck database
LAG_LIMIT_S = 1.0  # a loop this late delays every click by as much


def gateway_check(client: discord.Client) -> HealthCheck:
    """Every shard of this process connected to Discord's gateway."""

    async def probe() -> str | None:
        if client.is_closed():
            return "closed"
        if not client.is_ready():
            return "not connected yet"
        if isinstance(client, discord.AutoShardedClient):
            down = sorted(i for i, shard in client.shards.items() if shard.is_closed())
            if down:
                return "not connected (shards " + ", ".join(map(str, down)) + ")"
        elif client.ws is None or not client.ws.open:
            return "not connected"
        return None

    return HealthCheck("gateway", probe)


def database_check(
    database: Callable[[], Database | None], timeout: float = DATABASE_TIMEOUT_S
) -> HealthCheck:
    """The database answers a trivial query within ``timeout`` seconds."""

    async def probe() -> str | None:
        db = database()
        if db is None:
            return "not open"
        try:
            async with asyncio.timeout(timeout):
                await db.fetchone("SELECT 1")
        except TimeoutError:
            return f"no answer within {timeout:g} s"
        except StorageUnavailable:
            return "unavailable"
        return None

    return HealthCheck("database", probe)


def loop_lag_check(lag: LoopLagProbe, limit: float = LAG_LIMIT_S) -> HealthCheck:
    """The event loop answered within ``limit`` seconds over the probe's recent past."""

    async def probe() -> str | None:
        worst = lag.lag()
        if worst < limit:
            return None
        return f"lag {worst:.2f} s in the last {lag.recent:g} s (limit {limit:g} s)"

    return HealthCheck("event loop", probe)


def storage_check(database: Callable[[], Database | None]) -> HealthCheck:
    """The database's last write went through: a write refused for storage (a full disk, a
    database locked or read-only) stays the reason until the next write succeeds (the tables
    pause meanwhile and try again by themselves: :mod:`~shangrao_bot.store.storage_health`)."""

    async def probe() -> str | None:
        db = database()
        return None if db is None else db.health.reason()

    return HealthCheck("storage", probe)
