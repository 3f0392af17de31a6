"""Health checks (:mod:`.health`) that any process serving pages can run: the database
answering and taking writes, the event loop on time. The bot runs them beside its own check of
Discord's gateway (which needs discord.py, so it lives with the bot); ``shangrao-bot web`` runs
them alone."""

from __future__ import annotations

import asyncio
from collections.abc import Callable

from shangrao_bot.errors import StorageUnavailable
from shangrao_bot.loop_lag import LoopLagProbe
from shangrao_bot.store.database.interface import Database
from shangrao_bot.web.health import HealthCheck

DATABASE_TIMEOUT_S = 1.0  # a trivial query takes a millisecond; a second is a stuck database
LAG_LIMIT_S = 1.0  # a loop this late delays every click by as much


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
