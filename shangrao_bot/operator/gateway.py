"""The bot's own health check (:mod:`shangrao_bot.web.health`): every shard of this process
connected to Discord's gateway. Beside the bot, not in ``web/``: it reads the discord.py
client, which the web layer never imports."""

from __future__ import annotations

import discord

from shangrao_bot.web.health import HealthCheck


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
