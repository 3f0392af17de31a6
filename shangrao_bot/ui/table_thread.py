"""Where a virtual table's public messages go: the table's thread, in the server's language.

Shared by the presenter's parts (:mod:`.lobby_posts`, :mod:`.board_updates`,
:mod:`.result_posts`, the DM panels' "DMs closed" notice): the thread as a partial
messageable, a line said in it, the table's public language, and the seated humans added to it
as members.
"""

from __future__ import annotations

import logging

import discord

from shangrao_bot.service.model import TableInfo
from shangrao_bot.ui.language import public_language

log = logging.getLogger(__name__)


class TableThread:
    """The tables' threads as the presenter posts in them (one per presenter)."""

    def __init__(self, client: discord.Client) -> None:
        self.client = client
        self.members: dict[int, set[int]] = {}  # table → users added to its thread

    def lang(self, table: TableInfo) -> str:
        """The table's public language: the server's (:mod:`.language`)."""
        guild = self.client.get_guild(table.guild_id)
        locale = guild.preferred_locale if guild is not None else None
        return public_language(self.client, table.guild_id, locale)

    def thread(self, table: TableInfo) -> discord.PartialMessageable | None:
        if table.thread_id is None:
            return None
        return self.client.get_partial_messageable(table.thread_id, guild_id=table.guild_id)

    async def say(self, table: TableInfo, text: str) -> None:
        thread = self.thread(table)
        if thread is not None:
            await thread.send(text[:2000], allowed_mentions=discord.AllowedMentions.none())

    async def add_members(self, table: TableInfo) -> None:
        """Seated humans become members of the table's thread, so it shows in their channel
        list and its jump links open it (each is added once; a failure is only logged)."""
        if table.thread_id is None:
            return
        added = self.members.setdefault(table.id, set())
        for user_id in [s.user_id for s in table.seats if s is not None and s.user_id]:
            if user_id in added:
                continue
            added.add(user_id)
            try:
                await self.client.http.add_user_to_thread(table.thread_id, user_id)
            except discord.HTTPException:
                log.info("table %s: could not add %s to its thread", table.id, user_id)

    def forget(self, table_id: int) -> None:
        """The table is closed: its members are not remembered any more."""
        self.members.pop(table_id, None)
