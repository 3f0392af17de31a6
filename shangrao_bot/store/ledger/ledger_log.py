"""The ledger's version per guild and its log of changes (migration 10): how a fold of the
guild's games, kept in memory or in the database, knows whether the games it folded still count
as they did.

Every change of a counted seat row bumps the guild's version and logs, under the new version,
the moment its hand was first recorded (``since``). So the games first recorded before the
earliest ``since`` logged after a version are exactly as they were at that version.
"""

from __future__ import annotations

from shangrao_bot.store.database.interface import Database


async def ledger_version(db: Database, guild_id: int) -> int:
    """The guild's ledger version (0: no hand ever counted)."""
    row = await db.fetchone("SELECT version FROM ledger_versions WHERE guild_id = ?", (guild_id,))
    return int(row[0]) if row is not None else 0


async def changes_after(db: Database, guild_id: int, version: int) -> tuple[int, str | None]:
    """The guild's ledger version now, and the earliest moment a change after ``version``
    touched: None when nothing changed, '' (every hand) when the log no longer holds every
    change since (it is pruned: :func:`shangrao_bot.store.ledger.ratings.guild_ratings`)."""
    now = await ledger_version(db, guild_id)
    if now == version:
        return version, None
    row = await db.fetchone(
        "SELECT MIN(version), MIN(since) FROM ledger_changes WHERE guild_id = ? AND version > ?",
        (guild_id, version),
    )
    if row is None or row[0] is None or int(row[0]) != version + 1:
        return now, ""
    return now, str(row[1])
