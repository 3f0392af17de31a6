"""What the backup tests share: a database given a little of everything (a session with hands,
a table's event log), and every table's rows read for comparison."""

from __future__ import annotations

import sqlite3
from pathlib import Path
from typing import Any

import asyncpg

from shangrao_bot.store import games
from shangrao_bot.store.database.interface import Database, is_postgres_url
from shangrao_bot.store.ledger import record_hand
from tests.store.conftest import CHANNEL, GUILD, four_player_session, kong_draw, self_draw_win


async def fill(db: Database, hands: int = 3, events: int = 5) -> None:
    """A session with ``hands`` confirmed hands and a table whose log holds ``events``
    events."""
    session = await four_player_session(db)
    for n in range(hands):
        hand = self_draw_win(n % 4, 2 + n) if n % 3 else kong_draw(n % 4)
        await record_hand(db, GUILD, session.id, hand, 100, confirmed=True)
    table = await games.create_table(db, GUILD, CHANNEL)
    await games.append_events(
        db, table.id, [{"n": i} for i in range(events)], {"state": events}, after_seq=0
    )


PG_TABLES = "SELECT tablename FROM pg_tables WHERE schemaname = 'public' ORDER BY 1"
SQLITE_TABLES = (
    "SELECT name FROM sqlite_schema WHERE type = 'table' AND name NOT LIKE 'sqlite%' ORDER BY 1"
)


async def table_names(db: Database) -> list[str]:
    sql = PG_TABLES if db.kind == "postgresql" else SQLITE_TABLES
    return [str(r[0]) for r in await db.fetchall(sql)]


async def every_row(db: Database) -> dict[str, list[tuple[Any, ...]]]:
    """Every row of every table, each table's rows in one order."""
    rows = {}
    for name in await table_names(db):
        found = [tuple(r) for r in await db.fetchall(f'SELECT * FROM "{name}"')]
        rows[name] = sorted(found, key=repr)
    return rows


async def rows_of(target: str | Path) -> dict[str, list[tuple[Any, ...]]]:
    """Every row of every table of the database ``target``, read as it is (nothing created,
    nothing migrated): an SQLite file that does not exist has none."""
    if is_postgres_url(target):
        conn = await asyncpg.connect(str(target))
        try:
            names = [r[0] for r in await conn.fetch(PG_TABLES)]
            return {
                n: sorted((tuple(r) for r in await conn.fetch(f'SELECT * FROM "{n}"')), key=repr)
                for n in names
            }
        finally:
            await conn.close()
    if not Path(target).exists():
        return {}
    conn = sqlite3.connect(f"{Path(target).resolve().as_uri()}?mode=ro", uri=True)
    try:
        names = [r[0] for r in conn.execute(SQLITE_TABLES)]
        return {
            n: sorted((tuple(r) for r in conn.execute(f'SELECT * FROM "{n}"')), key=repr)
            for n in names
        }
    finally:
        conn.close()


def url_of(target: str | Path) -> str:
    """The ``DATABASE_URL`` of a test database."""
    return str(target) if is_postgres_url(target) else f"sqlite:///{target}"
