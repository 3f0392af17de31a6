"""A virtual table's lobby message in its thread: posted once the thread exists, edited as
seats change (posted anew once it is too old to edit), and left without buttons once the game
starts or the table closes."""

from __future__ import annotations

import contextlib

import discord

from shangrao_bot.service.model import TableInfo, TableStatus
from shangrao_bot.ui.message_age import too_old_to_edit
from shangrao_bot.ui.table_buttons import lobby_message
from shangrao_bot.ui.table_thread import TableThread


class LobbyPosts:
    """The tables' lobby messages (one per presenter)."""

    def __init__(self, thread: TableThread) -> None:
        self.thread = thread
        self.messages: dict[int, int] = {}  # table → lobby message id

    async def post(self, table: TableInfo) -> None:
        """The lobby message, posted once the thread exists (the cog calls this)."""
        thread = self.thread.thread(table)
        if thread is None:
            return
        embed, view = lobby_message(table, self.thread.lang(table))
        msg = await thread.send(
            embed=embed, view=view, allowed_mentions=discord.AllowedMentions.none()
        )
        self.messages[table.id] = msg.id
        await self.thread.add_members(table)

    async def changed(self, table: TableInfo) -> None:
        thread = self.thread.thread(table)
        msg_id = self.messages.get(table.id)
        if thread is None or msg_id is None:
            return
        embed, view = lobby_message(table, self.thread.lang(table))
        await self.thread.add_members(table)
        if too_old_to_edit(msg_id):  # a lobby open for long: posted anew, the old one goes
            await self.post(table)
            await self._delete(thread, msg_id)
            return
        if table.status is not TableStatus.LOBBY:
            await thread.get_partial_message(msg_id).edit(embed=embed, view=None)
        else:
            await thread.get_partial_message(msg_id).edit(embed=embed, view=view)

    async def started(self, table: TableInfo) -> None:
        """The game started: the lobby message shows the seats taken, without buttons."""
        lobby = self.messages.pop(table.id, None)
        thread = self.thread.thread(table)
        if lobby is not None and thread is not None:
            if too_old_to_edit(lobby):  # too old to edit: it goes (the game has begun)
                await self._delete(thread, lobby)
                return
            embed, _ = lobby_message(table, self.thread.lang(table))
            await thread.get_partial_message(lobby).edit(embed=embed, view=None)

    async def closed(self, table: TableInfo) -> None:
        """The table closed: a lobby message still open (no game started) loses its buttons."""
        lobby = self.messages.pop(table.id, None)
        thread = self.thread.thread(table)
        if lobby is not None and thread is not None:
            if too_old_to_edit(lobby):
                await self._delete(thread, lobby)
            else:
                await thread.get_partial_message(lobby).edit(view=None)

    @staticmethod
    async def _delete(thread: discord.PartialMessageable, message_id: int) -> None:
        with contextlib.suppress(discord.HTTPException):
            await thread.get_partial_message(message_id).delete()
