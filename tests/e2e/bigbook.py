"""A big book for export tests and the export benchmark: thousands of confirmed hands written
with a few bulk SQL statements (seconds, not minutes), and a probe of the event loop's lag."""

from __future__ import annotations

import asyncio
from pathlib import Path

from shangrao_bot.store.database.interface import Database
from shangrao_bot.store.database.opening import open_database
from shangrao_bot.store.database.postgres_migrations import PG_MIGRATIONS
from shangrao_bot.store.database.transactions import Tx
from tests.e2e.fake_discord import FakeDiscord
from tests.e2e.test_tables_sigkill import BotProcess, start_bot_py, until

PER_SESSION = 1_000
TRIGGERED = ("hand_seats", "payments")  # the tables whose inserts move the running totals
# Migration 7's statements filling the running totals from the hands already written
TOTALS_BACKFILL = tuple(s for s in PG_MIGRATIONS[6] if s.startswith("INSERT INTO totals_"))


async def fill_book(
    db: Database, guild_id: int, hands: int, per_session: int = PER_SESSION
) -> None:
    """A book of ``hands`` confirmed hands by four players, in sessions of ``per_session``,
    written with a few bulk statements in one transaction (seconds, not minutes), in a
    database holding no other hand.

    On PostgreSQL the running totals' triggers are off during the load, and the totals are
    then filled set-based, as migration 7 fills them for an existing book: PostgreSQL keeps
    every version of a row updated within one transaction, so those triggers, updating the
    same few totals rows once per seat and payment, made the load quadratic (25 s for 4,000
    hands). SQLite runs its triggers."""
    now = "2026-01-01T00:00:00.000+00:00"
    sessions = (hands + per_session - 1) // per_session
    postgresql = db.kind == "postgresql"

    async def fill(tx: Tx) -> None:
        if postgresql:
            for table in TRIGGERED:
                await tx.execute(f"ALTER TABLE {table} DISABLE TRIGGER USER")
        await tx.executemany(
            "INSERT INTO players (id, guild_id, user_id, display_name, created_at)"
            " VALUES (?, ?, ?, ?, ?)",
            [(9001 + i, guild_id, 7001 + i, f"Player {i}", now) for i in range(4)],
        )
        await tx.execute(
            "WITH RECURSIVE n(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM n WHERE x < ?)"
            " INSERT INTO sessions (id, guild_id, channel_id, kind, rules, stake, status,"
            " opened_by, opened_at, closed_at)"
            " SELECT x, ?, 55, 'physical', '{\"preset\": \"shangrao\"}', 1, 'closed', 7001, ?, ?"
            " FROM n",
            (sessions, guild_id, now, now),
        )
        await tx.execute(
            "INSERT INTO session_seats (session_id, seat, player_id)"
            " SELECT s.id, k.seat, 9001 + k.seat FROM sessions s,"
            " (SELECT 0 AS seat UNION ALL SELECT 1 UNION ALL SELECT 2 UNION ALL SELECT 3) k"
        )
        await tx.execute(
            "WITH RECURSIVE n(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM n WHERE x < ?)"
            " INSERT INTO hands (id, guild_id, session_id, seq, dealer_seat, bao, outcome,"
            " pattern, detail, recorded_by, status, created_at, confirmed_at)"
            " SELECT x, ?, (x - 1) / ? + 1, (x - 1) % ? + 1, x % 4, '5m', 'win', '宝吊头',"
            " '{\"winners\": [' || (x % 4) || '], \"self_draw\": false}', 7001, 'confirmed',"
            " ?, ? FROM n",
            (hands, guild_id, per_session, per_session, now, now),
        )
        await tx.execute(
            "INSERT INTO hand_seats (hand_id, seat, player_id, guild_id, status, created_at,"
            " delta, won) SELECT h.id, k.seat, 9001 + k.seat, h.guild_id, 'confirmed', ?,"
            " CASE WHEN k.seat = h.id % 4 THEN 3 ELSE -1 END,"
            " CASE WHEN k.seat = h.id % 4 THEN 1 ELSE 0 END FROM hands h,"
            " (SELECT 0 AS seat UNION ALL SELECT 1 UNION ALL SELECT 2 UNION ALL SELECT 3) k",
            (now,),
        )
        await tx.execute(
            "INSERT INTO payments (hand_id, payer_id, payee_id, amount, reason)"
            " SELECT hs.hand_id, hs.player_id, 9001 + hs.hand_id % 4, 1, 'win'"
            " FROM hand_seats hs WHERE hs.won = 0"
        )
        if postgresql:  # ids given explicitly: move the identities past them
            for table in ("players", "sessions", "hands"):
                await tx.fetchval(
                    f"SELECT setval(pg_get_serial_sequence('{table}', 'id'),"
                    f" (SELECT MAX(id) FROM {table}))"
                )
            for table in TRIGGERED:
                await tx.execute(f"ALTER TABLE {table} ENABLE TRIGGER USER")
            for statement in TOTALS_BACKFILL:
                await tx.execute(statement)

    await db.write(fill)


class LoopLag:
    """The event loop's worst lateness while it runs: a 10 ms timer that notes how late
    it fires."""

    def __init__(self) -> None:
        self.worst = 0.0
        self._task: asyncio.Task[None] | None = None

    async def _watch(self) -> None:
        loop = asyncio.get_running_loop()
        while True:
            start = loop.time()
            await asyncio.sleep(0.01)
            self.worst = max(self.worst, loop.time() - start - 0.01)

    def __enter__(self) -> LoopLag:
        self._task = asyncio.get_running_loop().create_task(self._watch())
        return self

    def __exit__(self, *exc: object) -> None:
        assert self._task is not None
        self._task.cancel()


async def bot_py_with_book(
    fake: FakeDiscord, tmp_path: Path, hands: int, **env_extra: str
) -> BotProcess:
    """``python bot.py`` (the real entry point, another process) on a database holding a book
    of ``hands`` hands in the fake's server, once it is logged in."""
    db_path = tmp_path / "book.db"
    db = await open_database(db_path)
    try:
        await fill_book(db, fake.guild.id, hands)
    finally:
        await db.close()
    env = fake.subprocess_env(
        DATABASE_URL=f"sqlite:///{db_path}",
        DEV_GUILD_ID=str(fake.guild.id),
        LOG_LEVEL="INFO",
        PYTHONUNBUFFERED="1",
        **env_extra,
    )
    bot = await start_bot_py(env, tmp_path / "bot.log")
    await until(lambda: fake.connected and "logged in as" in bot.output(), "bot ready", bot, 60)
    return bot
