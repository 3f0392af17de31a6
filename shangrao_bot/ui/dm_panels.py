"""A player's DM panel at a table: sent at the hand's first private call and edited afterwards —
through the interaction token of the player's last click on it while that lives (interaction
webhooks do not count toward the bot's global request limit), else through the DM channel —,
sent anew when the player must act and has not touched it for a while (an edit does not
notify), when it is too old to edit or its edit keeps failing, and closed at the end of the
hand. A DM that cannot be delivered (403 / 50007) is reported once in the thread; the player
then uses My hand (:mod:`.hand_panels`)."""

from __future__ import annotations

import contextlib
import logging
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import aiohttp
import discord

from shangrao_bot.recently_used import RecentlyUsed
from shangrao_bot.service.model import TableInfo
from shangrao_bot.ui.discord_retry import FIRST_PAUSE, deliver
from shangrao_bot.ui.hand_panels import PANEL_TOKEN_SECONDS
from shangrao_bot.ui.i18n import t
from shangrao_bot.ui.message_age import too_old_to_edit
from shangrao_bot.ui.panel_parts import PanelParts
from shangrao_bot.ui.player_prefs import PlayerPreferences
from shangrao_bot.ui.table_thread import TableThread

log = logging.getLogger(__name__)

Key = tuple[int, int]  # (table, user)
#: Players fetched from Discord kept for their next DM (one is fetched again after).
USERS_KEPT = 512


@dataclass
class DmPanel:
    hand: int
    message: discord.Message
    sent: float = 0.0  # monotonic time the message was sent (a fresh one notifies the player)
    png: bytes | None = None  # the hand picture it shows (an edit keeps it when unchanged)
    # the player's last click on this panel: its interaction token edits the panel without
    # spending the bot's global request budget (interaction webhooks are exempt from it)
    via: discord.Interaction | None = None
    via_at: float = 0.0  # monotonic time of that click
    touched: float = 0.0  # the player last looked at it: sent, or clicked

    def token(self) -> discord.Interaction | None:
        """The interaction to edit the panel through, while its token lives."""
        if self.via is not None and time.monotonic() - self.via_at < PANEL_TOKEN_SECONDS:
            return self.via
        return None


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
        prompt on a panel the player has not touched for longer than this comes as a new
        message."""
        self.thread = thread
        self.prefs = prefs
        self.lang_of = lang_of
        self.fresh_seconds = fresh_seconds
        # the first pause before a DM that Discord failed for a moment is sent again
        self.retry_pause = FIRST_PAUSE
        self.panels: dict[Key, DmPanel] = {}  # (table, user) → DM panel
        self.closed: set[Key] = set()  # DMs found closed: told once in the thread
        # players fetched (not in discord.py's cache): the latest few hundred, refetched after
        self.users: RecentlyUsed[int, discord.User] = RecentlyUsed(USERS_KEPT)

    def wanted(self, key: Key) -> bool:
        """The player gets DM panels: not turned off, and their DMs not found closed."""
        return key not in self.closed and key[1] not in self.prefs.dm_off

    def get(self, key: Key) -> DmPanel | None:
        return self.panels.get(key)

    def open_keys(self) -> list[Key]:
        return list(self.panels)

    def clicked(self, key: Key, interaction: discord.Interaction) -> None:
        """The player pressed a button of their current DM panel (the click acknowledged):
        its token edits the panel from now on, and the player is looking at it."""
        dm = self.panels.get(key)
        if dm is not None:
            dm.via, dm.via_at = interaction, time.monotonic()
            dm.touched = dm.via_at

    async def show(
        self,
        table: TableInfo,
        user_id: int,
        parts: PanelParts,
        *,
        fresh: bool,
        superseded: Callable[[], bool] | None = None,
    ) -> bool:
        """The DM panel: edited in place (through the player's last click when its token
        lives), or sent anew — the old one deleted once the new one is there — when the player
        must act and has not touched the panel for ``fresh_seconds`` (an edit does not
        notify), when the panel is too old to edit, or when its edit keeps failing. A failure
        Discord repeats is tried again (:func:`~.discord_retry.deliver`) unless
        ``superseded()``: a newer state is queued, which is shown instead. False: Discord kept
        failing and the panel does not show this state (the caller tries again later)."""
        key = (table.id, user_id)
        dm = self.panels.get(key)
        lang = self.lang_of(user_id, table)
        what = f"table {table.id}: DM panel of {user_id}"
        replacing: DmPanel | None = None  # the panel the new one replaces (deleted after)
        try:
            if dm is not None and dm.hand == table.hand_no:
                replacing = dm
                unseen = fresh and time.monotonic() - dm.touched >= self.fresh_seconds
                if not unseen and not too_old_to_edit(dm.message.id):
                    try:
                        await deliver(
                            lambda: self._edit(dm, parts),
                            what=what,
                            first_pause=self.retry_pause,
                            superseded=superseded,
                        )
                        return True
                    except discord.NotFound:  # the panel is gone: a new one follows
                        log.debug("table %s: DM panel of %s gone; sent anew", table.id, user_id)
                        replacing = None
                    except discord.Forbidden:
                        raise
                    except (discord.HTTPException, TimeoutError, aiohttp.ClientError):
                        if superseded is not None and superseded():
                            return True  # the newer state is shown next
                        log.warning("%s: its edit kept failing; sent anew", what)
            elif dm is not None:  # a panel of an earlier hand, still open
                await self.close(key, t("table.panel.over", lang))
            user = await self.user(user_id)

            async def send() -> discord.Message:
                file = parts.file()  # a fresh upload for every try
                return await user.send(
                    parts.content,
                    file=file or discord.utils.MISSING,
                    view=parts.items or discord.utils.MISSING,
                )

            message = await deliver(
                send, what=what, first_pause=self.retry_pause, superseded=superseded
            )
            now = time.monotonic()
            self.panels[key] = DmPanel(table.hand_no, message, now, parts.png, touched=now)
            if replacing is not None:  # once the new panel is there (no moment without one)
                await self._replace(replacing, lang)
            return True
        except discord.Forbidden:  # 403 / 50007: DMs closed
            self.closed.add(key)
            self.panels.pop(key, None)
            text = t("table.dm_closed", self.thread.lang(table), user=f"<@{user_id}>")
            await self.thread.say(table, text)
            return True
        except discord.HTTPException as error:  # a warning, never a traceback: Discord's fault
            log.warning(
                "table %s: DM panel of %s not delivered (%s %s)",
                table.id,
                user_id,
                error.status,
                error.text,
            )
        except (TimeoutError, aiohttp.ClientError) as error:
            log.warning("table %s: DM panel of %s not delivered (%r)", table.id, user_id, error)
        return bool(superseded is not None and superseded())

    async def user(self, user_id: int) -> discord.User:
        """The player to DM (fetched once when discord.py's cache does not hold them)."""
        client = self.thread.client
        user = client.get_user(user_id) or self.users.get(user_id)
        if user is None:
            user = await client.fetch_user(user_id)
            self.users.put(user_id, user)
        return user

    async def _edit(self, dm: DmPanel, parts: PanelParts) -> None:
        """One try at editing the panel: through the player's last click while its token
        lives (exempt from the global limit), else through the DM channel; the picture is
        uploaded again only when it changed."""
        fields: dict[str, Any] = {"content": parts.content, "view": parts.items}
        if parts.png is None or parts.png != dm.png:
            file = parts.file()  # a fresh upload for every try
            fields["attachments"] = [file] if file else []
        via = dm.token()
        if via is not None:
            try:
                await via.edit_original_response(**fields)
            except discord.DiscordServerError:
                raise  # Discord's moment: tried again
            except discord.HTTPException:  # the token no longer edits: the channel does
                dm.via = None
                return await self._edit(dm, parts)
        else:
            await dm.message.edit(**fields)
        if "attachments" in fields:
            dm.png = parts.png

    async def _replace(self, dm: DmPanel, lang: str) -> None:
        """The panel gives way to a new one: deleted, or (when Discord will not delete it)
        told that it moved, unless it is too old to edit."""
        try:
            await dm.message.delete()
        except discord.NotFound:
            pass
        except discord.HTTPException:
            if not too_old_to_edit(dm.message.id):
                with contextlib.suppress(discord.HTTPException):
                    await dm.message.edit(
                        content=t("table.panel.moved", lang), attachments=[], view=None
                    )

    async def close(self, key: Key, text: str) -> None:
        """The DM panel says ``text`` and loses its buttons; it is forgotten (whatever comes
        next is a new one)."""
        dm = self.panels.pop(key, None)
        if dm is None or too_old_to_edit(dm.message.id):
            return  # (an old panel keeps its buttons, which answer that the hand moved on)
        try:
            await dm.message.edit(content=text, attachments=[], view=None)
        except discord.HTTPException:
            log.debug("DM panel %s not closed", key)

    def forget_closed(self, table_id: int) -> None:
        """The table is closed: the players whose DMs were closed at it are told again at the
        next table."""
        for key in [k for k in self.closed if k[0] == table_id]:
            self.closed.discard(key)
