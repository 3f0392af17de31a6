"""A player's DM panel at a table: sent at the hand's first private call and edited afterwards,
sent anew when the player must act and the panel is old (an edit does not notify), closed at the
end of the hand. A DM that cannot be delivered (403 / 50007) is reported once in the thread; the
player then uses My hand (:mod:`.hand_panels`)."""

from __future__ import annotations

import logging
import time
from collections.abc import Callable
from dataclasses import dataclass

import discord

from shangrao_bot.service.model import TableInfo
from shangrao_bot.ui.discord_retry import FIRST_PAUSE, deliver
from shangrao_bot.ui.i18n import t
from shangrao_bot.ui.panel_parts import PanelParts
from shangrao_bot.ui.player_prefs import PlayerPreferences
from shangrao_bot.ui.table_thread import TableThread

log = logging.getLogger(__name__)

Key = tuple[int, int]  # (table, user)


@dataclass
class DmPanel:
    hand: int
    message: discord.Message
    sent: float = 0.0  # monotonic time the message was sent (a fresh one notifies the player)
    png: bytes | None = None  # the hand picture it shows (an edit keeps it when unchanged)


class DmPanels:
    """The players' DM panels (one per presenter)."""

    def __init__(
        self,
        thread: TableThread,
        prefs: PlayerPreferences,
        lang_of: Callable[[int, TableInfo], str],
        fresh_seconds: float,
    ) -> None:
        """``lang_of``: the language of a player's panels at a table; ``fresh_seconds``: a
        prompt on a panel older than this comes as a new message."""
        self.thread = thread
        self.prefs = prefs
        self.lang_of = lang_of
        self.fresh_seconds = fresh_seconds
        # the first pause before a DM that Discord failed for a moment is sent again
        self.retry_pause = FIRST_PAUSE
        self.panels: dict[Key, DmPanel] = {}  # (table, user) → DM panel
        self.closed: set[Key] = set()  # DMs found closed: told once in the thread

    def wanted(self, key: Key) -> bool:
        """The player gets DM panels: not turned off, and their DMs not found closed."""
        return key not in self.closed and key[1] not in self.prefs.dm_off

    def get(self, key: Key) -> DmPanel | None:
        return self.panels.get(key)

    def open_keys(self) -> list[Key]:
        return list(self.panels)

    async def show(self, table: TableInfo, user_id: int, parts: PanelParts, *, fresh: bool) -> None:
        """The DM panel: edited in place, or sent anew (the old one deleted) when the player
        must act and the panel is older than ``fresh_seconds`` — an edit does not notify."""
        key = (table.id, user_id)
        dm = self.panels.get(key)
        lang = self.lang_of(user_id, table)
        try:
            if dm is not None and dm.hand == table.hand_no:
                if not fresh or time.monotonic() - dm.sent < self.fresh_seconds:
                    try:
                        if parts.png is not None and parts.png == dm.png:
                            # the same picture: only the text and buttons change, the
                            # attachment already shown stays (nothing is uploaded again)
                            await dm.message.edit(content=parts.content, view=parts.items)
                        else:
                            file = parts.file()
                            await dm.message.edit(
                                content=parts.content,
                                attachments=[file] if file else [],
                                view=parts.items,
                            )
                            dm.png = parts.png
                        return
                    except discord.NotFound:  # the panel is gone: a new one follows
                        log.debug("table %s: DM panel of %s gone; sent anew", table.id, user_id)
                else:
                    try:
                        await dm.message.delete()
                    except discord.NotFound:
                        pass
                    except discord.HTTPException:
                        await dm.message.edit(
                            content=t("table.panel.moved", lang), attachments=[], view=None
                        )
            elif dm is not None:  # a panel of an earlier hand, still open
                await self.close(key, t("table.panel.over", lang))
            client = self.thread.client
            user = client.get_user(user_id) or await client.fetch_user(user_id)

            async def send() -> discord.Message:
                file = parts.file()  # a fresh upload for every try
                return await user.send(
                    parts.content,
                    file=file or discord.utils.MISSING,
                    view=parts.items or discord.utils.MISSING,
                )

            what = f"table {table.id}: DM panel of {user_id}"
            message = await deliver(send, what=what, first_pause=self.retry_pause)
            self.panels[key] = DmPanel(table.hand_no, message, time.monotonic(), parts.png)
        except discord.Forbidden:  # 403 / 50007: DMs closed
            self.closed.add(key)
            self.panels.pop(key, None)
            text = t("table.dm_closed", self.thread.lang(table), user=f"<@{user_id}>")
            await self.thread.say(table, text)
        except discord.HTTPException as error:  # a warning, never a traceback: Discord's fault
            log.warning(
                "table %s: DM panel of %s not delivered (%s %s)",
                table.id,
                user_id,
                error.status,
                error.text,
            )

    async def close(self, key: Key, text: str) -> None:
        """The DM panel says ``text`` and loses its buttons; it is forgotten (whatever comes
        next is a new one)."""
        dm = self.panels.pop(key, None)
        if dm is None:
            return
        try:
            await dm.message.edit(content=text, attachments=[], view=None)
        except discord.HTTPException:
            log.debug("DM panel %s not closed", key)

    def forget_closed(self, table_id: int) -> None:
        """The table is closed: the players whose DMs were closed at it are told again at the
        next table."""
        for key in [k for k in self.closed if k[0] == table_id]:
            self.closed.discard(key)
