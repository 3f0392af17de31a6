"""Helpers of the store tests. Their ``db`` (tests/conftest.py) is a real database opened and
migrated like the bot does: an SQLite file, then a PostgreSQL database."""

from __future__ import annotations

from shangrao_bot.store.db import Database
from shangrao_bot.store.ledger import HandIn, PaymentIn, SessionInfo, open_session, user_player

GUILD = 1001
OTHER_GUILD = 2002
CHANNEL = 55


async def table_exists(db: Database, name: str) -> bool:
    """Whether the database has a table called ``name`` (each database has its own catalog)."""
    if db.kind == "postgresql":
        return bool((await db.fetchall("SELECT to_regclass(?) IS NOT NULL", (name,)))[0][0])
    return bool(await db.fetchall("SELECT 1 FROM sqlite_master WHERE name = ?", (name,)))


async def four_player_session(db: Database, guild: int = GUILD) -> SessionInfo:
    players = [await user_player(db, guild, 100 + i, f"user{i}") for i in range(4)]
    return await open_session(
        db, guild, CHANNEL, "physical", {"preset": "shangrao"}, 1, 100, [p.id for p in players]
    )


def self_draw_win(winner: int, value: int, flown: tuple[int, ...] = (0, 0, 0, 0)) -> HandIn:
    """A 自摸 win: every other seat pays ``value`` (doubled by its own 飞宝)."""
    pays = tuple(
        PaymentIn(s, winner, value * 2 ** flown[s], "win") for s in range(4) if s != winner
    )
    deltas = [0, 0, 0, 0]
    for p in pays:
        deltas[p.payer] -= p.amount
        deltas[p.payee] += p.amount
    return HandIn("win", pays, tuple(deltas), (winner,), (winner,), flown, 0, "5m", "平胡自摸")


def kong_draw(seat: int) -> HandIn:
    """A 流局 with one 暗杠 bonus (2 from each other seat)."""
    pays = tuple(PaymentIn(s, seat, 2, "angang") for s in range(4) if s != seat)
    deltas = tuple(6 if s == seat else -2 for s in range(4))
    return HandIn("draw", pays, deltas)
