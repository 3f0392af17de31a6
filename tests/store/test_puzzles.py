"""The puzzle store (migration 9) on SQLite and PostgreSQL: answers while open only, one per
player with the latest kept; one reveal; deadlines; the daily claim once a day; settings; the
leaderboard of correct answers per server."""

from __future__ import annotations

import asyncio

from shangrao_bot.store.database.interface import Database
from shangrao_bot.store.ledger.puzzles import (
    DEFAULT_MINUTES,
    BoardLine,
    StoredPuzzle,
    add_puzzle,
    answer_puzzle,
    answers,
    claim_daily,
    close_puzzle,
    daily_due,
    due_puzzles,
    get_puzzle,
    get_puzzle_settings,
    leaderboard,
    set_message,
    update_puzzle_settings,
)
from tests.store.conftest import CHANNEL, GUILD, OTHER_GUILD


async def posed(
    db: Database, guild: int = GUILD, answer: str = "5m", deadline: str = "2026-01-01T00:10"
) -> StoredPuzzle:
    return await add_puzzle(
        db,
        guild_id=guild,
        channel_id=CHANNEL,
        poster_id=7,
        seed="s",
        spec={"tiles": "123m", "seen": "东"},
        answer=answer,
        lang="zh-CN",
        deadline=deadline,
    )


async def test_a_puzzle_round_trips_and_takes_its_message(db: Database) -> None:
    p = await posed(db)
    assert p.open and p.message_id is None and p.spec == {"tiles": "123m", "seen": "东"}
    await set_message(db, p.id, 123456789012345678)
    again = await get_puzzle(db, p.id)
    assert again is not None and again.message_id == 123456789012345678
    assert await get_puzzle(db, p.id + 100) is None


async def test_answers_are_one_per_player_the_latest_kept_and_closed_by_the_reveal(
    db: Database,
) -> None:
    p = await posed(db)
    assert await answer_puzzle(db, p.id, 1, "2z")
    assert await answer_puzzle(db, p.id, 2, "5m")
    assert await answer_puzzle(db, p.id, 1, "5m")  # changed
    assert await answers(db, p.id) == {1: "5m", 2: "5m"}
    # an answer names the message when the puzzle has none stored yet, and changes no other
    assert await answer_puzzle(db, p.id, 2, "5m", message_id=99)
    assert await answer_puzzle(db, p.id, 2, "5m", message_id=98)
    found = await get_puzzle(db, p.id)
    assert found is not None and found.message_id == 99
    reveals = await asyncio.gather(*(close_puzzle(db, p.id) for _ in range(3)))
    assert sorted(reveals) == [False, False, True]  # revealed once
    assert not await answer_puzzle(db, p.id, 3, "5m")
    assert await answers(db, p.id) == {1: "5m", 2: "5m"}
    assert not await answer_puzzle(db, p.id + 100, 3, "5m")  # unknown puzzle


async def test_due_puzzles_are_the_open_ones_past_their_deadline(db: Database) -> None:
    early = await posed(db, deadline="2026-01-01T00:05:00.000+00:00")
    late = await posed(db, deadline="2026-01-01T00:20:00.000+00:00")
    assert [p.id for p in await due_puzzles(db, "2026-01-01T00:10:00.000+00:00")] == [early.id]
    await close_puzzle(db, early.id)
    assert await due_puzzles(db, "2026-01-01T00:10:00.000+00:00") == []
    assert [p.id for p in await due_puzzles(db, "2026-01-02")] == [late.id]


async def test_the_leaderboard_counts_correct_answers_of_revealed_puzzles_per_server(
    db: Database,
) -> None:
    a, b, c = await posed(db), await posed(db, answer="2z"), await posed(db)
    other = await posed(db, OTHER_GUILD)
    for puzzle, given in ((a, {1: "5m", 2: "5m", 3: "1m"}), (b, {1: "2z", 2: "5m"})):
        for user, tile in given.items():
            await answer_puzzle(db, puzzle.id, user, tile)
        await close_puzzle(db, puzzle.id)
    await answer_puzzle(db, c.id, 3, "5m")  # not revealed: not counted
    await answer_puzzle(db, other.id, 3, "5m")
    await close_puzzle(db, other.id)
    assert await leaderboard(db, GUILD) == [
        BoardLine(1, 2, 2),
        BoardLine(2, 1, 2),
        BoardLine(3, 0, 1),
    ]
    assert await leaderboard(db, OTHER_GUILD) == [BoardLine(3, 1, 1)]
    assert await leaderboard(db, 999) == []


async def test_settings_and_the_daily_claim_once_a_day(db: Database) -> None:
    assert (await get_puzzle_settings(db, GUILD)).minutes == DEFAULT_MINUTES
    s = await update_puzzle_settings(db, GUILD, minutes=3)
    assert not s.daily and s.minutes == 3
    assert await daily_due(db, "2026-12-01") == []
    s = await update_puzzle_settings(db, GUILD, actor=42, daily=True, channel_id=CHANNEL)
    assert s.daily and s.daily_channel_id == CHANNEL and s.minutes == 3
    audit = await db.fetchall(
        "SELECT actor, entity FROM audit WHERE guild_id = ? AND entity = 'puzzles'", (GUILD,)
    )
    assert [(int(r["actor"]), r["entity"]) for r in audit] == [(42, "puzzles")]
    assert [d.guild_id for d in await daily_due(db, "2026-12-01")] == [GUILD]
    claims = await asyncio.gather(*(claim_daily(db, GUILD, "2026-12-01") for _ in range(3)))
    assert sorted(claims) == [False, False, True]
    assert await daily_due(db, "2026-12-01") == []
    assert (await get_puzzle_settings(db, GUILD)).last_daily == "2026-12-01"
    assert [d.guild_id for d in await daily_due(db, "2026-12-02")] == [GUILD]
    await update_puzzle_settings(db, GUILD, daily=False)
    assert not await claim_daily(db, GUILD, "2026-12-02")
