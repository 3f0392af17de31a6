"""A Discord user's own preferences, kept across restarts: DM panels on or off, and the
language their Discord speaks (seen in their last interaction).

They belong to the user, not to a guild, so they are keyed by user id alone and hold nothing
about any server.
"""

from __future__ import annotations

from shangrao_bot.store.database.interface import Database, now_iso
from shangrao_bot.store.database.transactions import Tx


async def set_dm_panels(db: Database, user_id: int, on: bool) -> None:
    """``/table dm on|off``: whether the user gets their table panel by DM."""
    at = now_iso()

    async def upsert(tx: Tx) -> None:
        await tx.execute(
            "INSERT INTO user_prefs (user_id, dm_panels, updated_at) VALUES (?, ?, ?)"
            " ON CONFLICT (user_id) DO UPDATE SET dm_panels = excluded.dm_panels,"
            " updated_at = excluded.updated_at",
            (user_id, int(on), at),
        )

    await db.write(upsert)


async def dm_panels_off(db: Database) -> set[int]:
    """Every user who switched DM panels off (loaded once at start-up)."""
    rows = await db.fetchall("SELECT user_id FROM user_prefs WHERE dm_panels = 0")
    return {int(r[0]) for r in rows}


async def set_user_lang(db: Database, user_id: int, lang: str) -> None:
    """The language of the user's Discord (``en``, ``zh-CN``, ``zh-TW``), for their DMs."""
    at = now_iso()

    async def upsert(tx: Tx) -> None:
        await tx.execute(
            "INSERT INTO user_prefs (user_id, lang, updated_at) VALUES (?, ?, ?)"
            " ON CONFLICT (user_id) DO UPDATE SET lang = excluded.lang,"
            " updated_at = excluded.updated_at",
            (user_id, lang, at),
        )

    await db.write(upsert)


async def user_langs(db: Database) -> dict[int, str]:
    """Every known user's language (loaded once at start-up)."""
    rows = await db.fetchall("SELECT user_id, lang FROM user_prefs WHERE lang IS NOT NULL")
    return {int(r[0]): str(r[1]) for r in rows}
