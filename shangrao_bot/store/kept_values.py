"""Small named values the bot keeps for itself between runs and between its processes (the
fingerprint of the slash commands last synced, for one)."""

from __future__ import annotations

from shangrao_bot.store.database.interface import Database
from shangrao_bot.store.database.transactions import Tx


async def get_state(db: Database, key: str) -> str | None:
    row = await db.fetchone("SELECT value FROM bot_state WHERE key = ?", (key,))
    return None if row is None else str(row["value"])


async def set_state(db: Database, key: str, value: str) -> None:
    async def put(tx: Tx) -> None:
        await tx.execute(
            "INSERT INTO bot_state (key, value) VALUES (?, ?)"
            " ON CONFLICT (key) DO UPDATE SET value = excluded.value",
            (key, value),
        )

    await db.write(put)
