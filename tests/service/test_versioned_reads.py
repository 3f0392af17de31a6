"""The snapshot reads (:mod:`shangrao_bot.service.versioned_reads`), on SQLite and PostgreSQL:
a change committed in the middle of reading a scoreboard, a preview or a settlement — injected
before each of the read's queries in turn — is never labelled with the older version: what is
read with a version is exactly that version's state, and a read that never settles carries
none."""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Sequence
from typing import Any, cast

from shangrao_bot.service.scorebook import ScoreBook
from shangrao_bot.service.session_scoreboard import read_scoreboard
from shangrao_bot.service.versioned_reads import read_at_version
from shangrao_bot.store.database.interface import Database
from shangrao_bot.store.database.transactions import Row
from shangrao_bot.store.ledger import (
    Quorum,
    close_session,
    confirm_hand,
    mark_paid,
    record_hand,
    session_version,
)
from tests.store.conftest import GUILD, four_player_session, kong_draw, self_draw_win

Change = Callable[[], Awaitable[object]]


class Interrupted:
    """The database as a reader sees it, but ``change`` commits just before its read number
    ``at`` (0 first); counts the reads."""

    def __init__(self, db: Database, at: int | None, change: Change | None = None) -> None:
        self.db, self.at, self.change = db, at, change
        self.reads = 0
        self.kind = db.kind

    async def fetchall(self, sql: str, params: Sequence[Any] = ()) -> list[Row]:
        if self.reads == self.at and self.change is not None:
            await self.change()
        self.reads += 1
        return await self.db.fetchall(sql, params)

    async def fetchone(self, sql: str, params: Sequence[Any] = ()) -> Row | None:
        rows = await self.fetchall(sql, params)
        return rows[0] if rows else None


def interrupted(db: Database, at: int | None, change: Change | None = None) -> Interrupted:
    return Interrupted(db, at, change)


async def test_a_change_in_the_middle_of_a_scoreboard_read_keeps_its_version(
    db: Database,
) -> None:
    quorum = Quorum(frozenset({101}), 1, 100)
    counting = interrupted(db, None)
    info = await four_player_session(db)
    await read_scoreboard(cast(Database, counting), info)
    queries = counting.reads
    assert queries >= 8  # the session, the balances, the hands, the seats, the last hand
    for at in range(queries):
        info = await four_player_session(db, guild=GUILD + 1 + at)
        await record_hand(db, info.guild_id, info.id, self_draw_win(1, 3), 100, confirmed=True)
        hand = await record_hand(db, info.guild_id, info.id, self_draw_win(0, 2), 100)
        before = await read_scoreboard(db, info)

        def confirm(guild: int = info.guild_id, hand_id: int = hand.id) -> Awaitable[object]:
            return confirm_hand(db, guild, hand_id, 101, True, quorum)

        reader = interrupted(db, at, confirm)
        board = await read_scoreboard(cast(Database, reader), info)
        after = await read_scoreboard(db, info)
        assert reader.reads > at, "the change was not made"
        assert before.version is not None and after.version is not None
        assert after.version > before.version
        assert board in (before, after), f"the change before read {at} mislabelled"
        assert board.pending == (1 if board.version == before.version else 0)


async def test_a_change_in_the_middle_of_a_preview_read_keeps_its_version(db: Database) -> None:
    book = ScoreBook(db)
    quorum = Quorum(frozenset({101, 102}), 2, 100)
    counting = interrupted(db, None)
    info = await four_player_session(db)
    hand = await record_hand(db, GUILD, info.id, self_draw_win(0, 2), 100)
    book.desk.db = cast(Database, counting)
    await book.preview_state(GUILD, hand.id)
    queries = counting.reads
    for at in range(queries):
        info = await four_player_session(db, guild=GUILD + 100 + at)
        hand = await record_hand(db, info.guild_id, info.id, self_draw_win(0, 2), 100)
        book.desk.db = db
        before = await book.preview_state(info.guild_id, hand.id)

        def confirm(hand_id: int = hand.id, guild: int = info.guild_id) -> Awaitable[object]:
            return confirm_hand(db, guild, hand_id, 101, False, quorum)  # one of two

        reader = interrupted(db, at, confirm)
        book.desk.db = cast(Database, reader)
        got = await book.preview_state(info.guild_id, hand.id)
        book.desk.db = db
        after = await book.preview_state(info.guild_id, hand.id)
        assert reader.reads > at, "the change was not made"
        assert after.needed == before.needed - 1
        assert got in (before, after), f"the change before read {at} mislabelled"


async def test_a_transfer_paid_in_the_middle_of_a_settlement_read_keeps_its_version(
    db: Database,
) -> None:
    book = ScoreBook(db)

    async def closed_session(guild: int) -> int:
        info = await four_player_session(db, guild=guild)
        await record_hand(db, guild, info.id, self_draw_win(0, 2), 100, confirmed=True)
        await close_session(db, guild, info.id, 100)
        return info.id

    counting = interrupted(db, None)
    session = await closed_session(GUILD)
    book.desk.db = cast(Database, counting)
    await book.transfers(GUILD, session)
    queries = counting.reads
    for at in range(queries):
        guild = GUILD + 200 + at
        session = await closed_session(guild)
        book.desk.db = db
        before = await book.transfers(guild, session)

        def pay(guild: int = guild, transfer: int = before.rows[1].id) -> Awaitable[object]:
            return mark_paid(db, guild, transfer, 100)

        reader = interrupted(db, at, pay)
        book.desk.db = cast(Database, reader)
        got = await book.transfers(guild, session)
        book.desk.db = db
        after = await book.transfers(guild, session)
        assert reader.reads > at, "the change was not made"
        assert [t.paid_at is None for t in after.rows] == [True, False, True]
        assert got in (before, after), f"the change before read {at} mislabelled"


async def test_a_read_that_never_settles_carries_no_version(db: Database) -> None:
    info = await four_player_session(db)
    hands = iter(range(100))

    async def read_while_recording() -> int:
        await record_hand(db, GUILD, info.id, kong_draw(next(hands) % 4), 100)
        return await session_version(db, info.id)

    got = await read_at_version(db, info.id, read_while_recording, tries=3)
    assert got.version is None and next(hands) == 3
