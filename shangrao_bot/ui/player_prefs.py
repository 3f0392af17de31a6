"""Players' own preferences as the presenter keeps them: the language of each player's Discord
(their panels and DMs speak it) and who turned DM panels off (``/table dm off``: My hand only).

Both are kept in memory, saved in the database through :mod:`shangrao_bot.store.prefs` (so they
hold after a restart) and passed on to the bot's other processes, which keep the same caches.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable
from typing import Any

from shangrao_bot.errors import StorageUnavailable
from shangrao_bot.recently_used import RecentlyUsed
from shangrao_bot.store.database.interface import Database
from shangrao_bot.store.prefs import set_dm_panels, set_user_lang

log = logging.getLogger(__name__)

#: Players whose language this process keeps (a few megabytes at most).
LANGS_KEPT = 20_000


class PlayerPreferences:
    """The players' preferences of one process of the bot."""

    def __init__(self, db: Database | None) -> None:
        """``db``: where the preferences are saved (None: nowhere, they are only kept here)."""
        self.db = db
        # user → language seen in their interactions: the latest users' (one who comes back
        # after is known again from her next click)
        self.langs: RecentlyUsed[int, str] = RecentlyUsed(LANGS_KEPT)
        self.dm_off: set[int] = set()  # users who chose /table dm off (My hand only)
        # tells the bot's other processes of a player's changed preference (they keep the
        # same caches); None: there are none
        self.share: Callable[[dict[str, Any]], Awaitable[None]] | None = None
        self.saving: set[asyncio.Task[None]] = set()  # background saves

    def remember_lang(self, user_id: int, lang: str) -> None:
        """The language of the user's Discord, seen in an interaction: their DMs follow it. A
        change is saved in the background (never delaying the interaction's answer), so it
        holds after a restart too."""
        if self.langs.get(user_id) == lang:
            return
        self.langs.put(user_id, lang)
        if self.db is not None:
            task = asyncio.create_task(self.save_lang(self.db, user_id, lang))
            self.saving.add(task)
            task.add_done_callback(self.saving.discard)

    async def save_lang(self, db: Database, user_id: int, lang: str) -> None:
        """Save a user's language in ``db`` and pass it on; a failure is only logged."""
        try:
            await set_user_lang(db, user_id, lang)
            await self.pass_on({"user": user_id, "lang": lang})
        except StorageUnavailable as exc:  # expected while storage is down: one line
            log.warning("the language of user %s was not saved (%s)", user_id, exc.detail)
        except Exception:  # a preference: losing it costs a DM in the server's language
            log.warning("the language of user %s was not saved", user_id, exc_info=True)

    async def save_dm(self, user_id: int, *, on: bool) -> None:
        """Save whether the user gets DM panels (kept across restarts)."""
        if self.db is not None:
            await set_dm_panels(self.db, user_id, on)

    def note_dm(self, user_id: int, *, on: bool) -> None:
        """Whether the user gets DM panels, in this process."""
        if on:
            self.dm_off.discard(user_id)
        else:
            self.dm_off.add(user_id)

    async def pass_on(self, change: dict[str, Any]) -> None:
        """Tell the bot's other processes of a changed preference (a failure is only logged)."""
        if self.share is not None:
            try:
                await self.share(change)
            except Exception:  # the others see it at their next start at the latest
                log.warning("a preference change was not passed on", exc_info=True)
