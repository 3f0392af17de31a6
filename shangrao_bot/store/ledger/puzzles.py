"""何切 puzzles in the ledger (migration 9): posed puzzles, players' answers, each server's
puzzle settings, and the small leaderboard of correct answers.

The rules that must hold under concurrency live in the transactions here:

* an answer is taken only while its puzzle is open (read in the same transaction as the
  upsert), one row per player and puzzle, the latest answer replacing the earlier one;
* a puzzle is revealed once: :func:`close_puzzle` flips ``revealed_at`` only if it is unset,
  so the poster's Reveal and the deadline sweep cannot both announce it;
* the daily puzzle is posted once a day: :func:`claim_daily` moves ``last_daily`` forward only
  from an earlier day, so of two processes (or two ticks) only one claims a day.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from shangrao_bot.store.database.interface import Database, now_iso
from shangrao_bot.store.database.transactions import Row, Tx
from shangrao_bot.store.ledger.audit import record_audit

DEFAULT_MINUTES = 10
MINUTES = (1, 1440)
BOARD_SIZE = 20


@dataclass(frozen=True)
class StoredPuzzle:
    id: int
    guild_id: int
    channel_id: int
    message_id: int | None
    poster_id: int | None
    seed: str
    spec: dict[str, Any]
    answer: str
    lang: str
    daily: str | None
    deadline: str
    revealed_at: str | None

    @property
    def open(self) -> bool:
        return self.revealed_at is None


@dataclass(frozen=True)
class PuzzleSettings:
    guild_id: int
    daily_channel_id: int | None = None
    daily: bool = False
    minutes: int = DEFAULT_MINUTES
    last_daily: str | None = None


@dataclass(frozen=True)
class BoardLine:
    user_id: int
    right: int
    answered: int


def _puzzle(row: Row) -> StoredPuzzle:
    return StoredPuzzle(
        int(row["id"]),
        int(row["guild_id"]),
        int(row["channel_id"]),
        None if row["message_id"] is None else int(row["message_id"]),
        None if row["poster_id"] is None else int(row["poster_id"]),
        str(row["seed"]),
        json.loads(row["spec"]),
        str(row["answer"]),
        str(row["lang"]),
        row["daily"],
        str(row["deadline"]),
        row["revealed_at"],
    )


async def add_puzzle(
    db: Database,
    *,
    guild_id: int,
    channel_id: int,
    poster_id: int | None,
    seed: str,
    spec: dict[str, Any],
    answer: str,
    lang: str,
    deadline: str,
    daily: str | None = None,
) -> StoredPuzzle:
    """Record a puzzle about to be posted (its message id follows: :func:`set_message`)."""
    at = now_iso()

    async def insert(tx: Tx) -> int:
        return await tx.insert(
            "INSERT INTO puzzles (guild_id, channel_id, poster_id, seed, spec, answer, lang,"
            " daily, deadline, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            (
                guild_id,
                channel_id,
                poster_id,
                seed,
                json.dumps(spec, ensure_ascii=False),
                answer,
                lang,
                daily,
                deadline,
                at,
            ),
        )

    puzzle_id = await db.write(insert)
    found = await get_puzzle(db, puzzle_id)
    assert found is not None
    return found


async def set_message(db: Database, puzzle_id: int, message_id: int) -> None:
    async def update(tx: Tx) -> None:
        await tx.execute("UPDATE puzzles SET message_id = ? WHERE id = ?", (message_id, puzzle_id))

    await db.write(update)


async def get_puzzle(db: Database, puzzle_id: int) -> StoredPuzzle | None:
    row = await db.fetchone("SELECT * FROM puzzles WHERE id = ?", (puzzle_id,))
    return None if row is None else _puzzle(row)


async def answer_puzzle(
    db: Database, puzzle_id: int, user_id: int, tile: str, message_id: int | None = None
) -> bool:
    """Record (or change) ``user_id``'s answer; False when the puzzle is revealed already
    (or unknown): nothing is written then. ``message_id``: the message the answer was given
    on, kept when the puzzle has none yet (its posting was cut short, by a restart, before
    the id was stored: the deadline's reveal then still finds the message)."""
    at = now_iso()

    async def upsert(tx: Tx) -> bool:
        row = await tx.fetchone("SELECT revealed_at FROM puzzles WHERE id = ?", (puzzle_id,))
        if row is None or row["revealed_at"] is not None:
            return False
        await tx.execute(
            "INSERT INTO puzzle_answers (puzzle_id, user_id, tile, answered_at)"
            " VALUES (?, ?, ?, ?) ON CONFLICT (puzzle_id, user_id) DO UPDATE SET"
            " tile = excluded.tile, answered_at = excluded.answered_at",
            (puzzle_id, user_id, tile, at),
        )
        if message_id is not None:
            await tx.execute(
                "UPDATE puzzles SET message_id = ? WHERE id = ? AND message_id IS NULL",
                (message_id, puzzle_id),
            )
        return True

    return await db.write(upsert)


async def answers(db: Database, puzzle_id: int) -> dict[int, str]:
    """Each player's answer (user id → tile), in the order they first answered."""
    rows = await db.fetchall(
        "SELECT user_id, tile FROM puzzle_answers WHERE puzzle_id = ? ORDER BY answered_at,"
        " user_id",
        (puzzle_id,),
    )
    return {int(r["user_id"]): str(r["tile"]) for r in rows}


async def close_puzzle(db: Database, puzzle_id: int) -> bool:
    """Mark the puzzle revealed; True for the one caller that did (False: already revealed)."""
    at = now_iso()

    async def close(tx: Tx) -> int:
        return await tx.execute(
            "UPDATE puzzles SET revealed_at = ? WHERE id = ? AND revealed_at IS NULL",
            (at, puzzle_id),
        )

    return await db.write(close) == 1


async def due_puzzles(db: Database, now: str) -> list[StoredPuzzle]:
    """Open puzzles whose deadline has passed (oldest first)."""
    rows = await db.fetchall(
        "SELECT * FROM puzzles WHERE revealed_at IS NULL AND deadline <= ? ORDER BY deadline, id",
        (now,),
    )
    return [_puzzle(r) for r in rows]


async def leaderboard(db: Database, guild_id: int, limit: int = BOARD_SIZE) -> list[BoardLine]:
    """Players of the server by correct answers to revealed puzzles (then fewer answers, then
    user id, so ties read the same every time)."""
    rows = await db.fetchall(
        "SELECT a.user_id AS user_id,"
        " SUM(CASE WHEN a.tile = p.answer THEN 1 ELSE 0 END) AS right_answers,"
        " COUNT(*) AS answered"
        " FROM puzzle_answers a JOIN puzzles p ON p.id = a.puzzle_id"
        " WHERE p.guild_id = ? AND p.revealed_at IS NOT NULL"
        " GROUP BY a.user_id ORDER BY right_answers DESC, answered, a.user_id LIMIT ?",
        (guild_id, limit),
    )
    return [BoardLine(int(r["user_id"]), int(r["right_answers"]), int(r["answered"])) for r in rows]


# --- settings and the daily puzzle --------------------------------------------------------------


def _settings(guild_id: int, row: Row | None) -> PuzzleSettings:
    if row is None:
        return PuzzleSettings(guild_id)
    channel = row["daily_channel_id"]
    return PuzzleSettings(
        guild_id,
        None if channel is None else int(channel),
        bool(row["daily"]),
        int(row["minutes"]),
        row["last_daily"],
    )


async def get_puzzle_settings(db: Database, guild_id: int) -> PuzzleSettings:
    row = await db.fetchone("SELECT * FROM puzzle_settings WHERE guild_id = ?", (guild_id,))
    return _settings(guild_id, row)


async def update_puzzle_settings(
    db: Database,
    guild_id: int,
    *,
    actor: int | None = None,
    daily: bool | None = None,
    channel_id: int | None = None,
    minutes: int | None = None,
) -> PuzzleSettings:
    """Change what is given, keep the rest (read and written in one transaction); audited
    with before and after when an ``actor`` (the administrator) is named."""
    at = now_iso()

    async def update(tx: Tx) -> PuzzleSettings:
        row = await tx.fetchone("SELECT * FROM puzzle_settings WHERE guild_id = ?", (guild_id,))
        before = _settings(guild_id, row)
        after = PuzzleSettings(
            guild_id,
            before.daily_channel_id if channel_id is None else channel_id,
            before.daily if daily is None else daily,
            before.minutes if minutes is None else minutes,
            before.last_daily,
        )
        await tx.execute(
            "INSERT INTO puzzle_settings (guild_id, daily_channel_id, daily, minutes,"
            " updated_at) VALUES (?, ?, ?, ?, ?) ON CONFLICT (guild_id) DO UPDATE SET"
            " daily_channel_id = excluded.daily_channel_id, daily = excluded.daily,"
            " minutes = excluded.minutes, updated_at = excluded.updated_at",
            (guild_id, after.daily_channel_id, int(after.daily), after.minutes, at),
        )
        if actor is not None:
            await record_audit(
                tx,
                guild_id,
                actor,
                "settings",
                "puzzles",
                guild_id,
                before.__dict__,
                after.__dict__,
            )
        return after

    return await db.write(update)


async def daily_due(db: Database, today: str) -> list[PuzzleSettings]:
    """Servers with the daily puzzle on, a channel, and no puzzle posted ``today`` yet."""
    rows = await db.fetchall(
        "SELECT * FROM puzzle_settings WHERE daily = 1 AND daily_channel_id IS NOT NULL"
        " AND (last_daily IS NULL OR last_daily < ?) ORDER BY guild_id",
        (today,),
    )
    return [_settings(int(r["guild_id"]), r) for r in rows]


async def claim_daily(db: Database, guild_id: int, today: str) -> bool:
    """Take ``today``'s daily puzzle of the server: True for the one caller that moved
    ``last_daily`` to ``today`` (so it posts), False when it was posted already."""

    async def claim(tx: Tx) -> int:
        return await tx.execute(
            "UPDATE puzzle_settings SET last_daily = ? WHERE guild_id = ? AND daily = 1"
            " AND (last_daily IS NULL OR last_daily < ?)",
            (today, guild_id, today),
        )

    return await db.write(claim) == 1
