"""The names of the bot's slash commands, as texts mention them (``"session start"``)."""

from __future__ import annotations

from shangrao_bot.discord_bot import ShangraoBot, cog_extensions
from shangrao_bot.settings import Settings


async def command_names() -> set[str]:
    """Every command and subcommand the cogs define (loaded into a bot that never connects)."""
    bot = ShangraoBot(Settings(discord_token=None))
    for name in cog_extensions():
        await bot.load_extension(name)
    names = set()
    for command in bot.tree.get_commands():
        names.add(command.name)
        for sub in getattr(command, "commands", []):
            names.add(f"{command.name} {sub.name}")
    await bot.close()
    return names
