"""The append-only audit trail: who did what, when, with the record before and after."""

from __future__ import annotations

import json
from typing import Any

from shangrao_bot.store.database.interface import Database, now_iso
from shangrao_bot.store.database.transactions import Tx


async def record_audit(
    tx: Tx,
    guild_id: int,
    actor: int,
    action: str,
    entity: str,
    entity_id: int | None,
    before: Any = None,
    after: Any = None,
) -> None:
    """Inside a write (:meth:`Database.write`): the audit row commits with the change."""
    await tx.execute(
        "INSERT INTO audit (guild_id, actor, action, entity, entity_id, before, after, at) "
        "VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
        (
            guild_id,
            actor,
            action,
            entity,
            entity_id,
            None if before is None else json.dumps(before, ensure_ascii=False),
            None if after is None else json.dumps(after, ensure_ascii=False),
            now_iso(),
        ),
    )


async def audit_trail(db: Database, guild_id: int, limit: int = 100) -> list[dict[str, Any]]:
    rows = await db.fetchall(
        "SELECT * FROM audit WHERE guild_id = ? ORDER BY id DESC LIMIT ?", (guild_id, limit)
    )
    return [dict(r) for r in rows]
