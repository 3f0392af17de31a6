"""The bot's own backups on a schedule (``BACKUP_EVERY``, ``BACKUP_KEEP``, ``BACKUP_DIR``): no
command, only the background :class:`~shangrao_bot.store.backups.schedule.BackupSchedule`, run
by the leader of the bot's processes (alone on SQLite, always). Its last outcome is
``bot.get_cog("Backups").schedule.last``."""

from __future__ import annotations

import logging
from pathlib import Path

from discord.ext import commands

from shangrao_bot.discord_bot import ShangraoBot
from shangrao_bot.store.backups.schedule import BackupSchedule, default_folder

log = logging.getLogger(__name__)


class Backups(commands.Cog):
    def __init__(self, bot: ShangraoBot) -> None:
        self.bot = bot
        self.schedule: BackupSchedule | None = None

    async def cog_load(self) -> None:
        plan = self.bot.settings.backups
        if plan.every_seconds is None:  # no schedule: nothing of the bot is read
            return
        db = self.bot.db
        folder = Path(plan.folder) if plan.folder else default_folder(db.kind, db.path)
        self.schedule = BackupSchedule(
            db.target,
            db.kind,
            folder,
            plan.every_seconds,
            plan.keep,
            is_leader=lambda: self.bot.coordination.is_leader,
        )
        self.schedule.start()
        log.info(
            "backups every %gs into %s, the newest %d kept", plan.every_seconds, folder, plan.keep
        )

    async def cog_unload(self) -> None:
        if self.schedule is not None:
            await self.schedule.stop()


async def setup(bot: ShangraoBot) -> None:
    await bot.add_cog(Backups(bot))
