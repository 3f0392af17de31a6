"""What a player's page reads: the rating history (one value and hand per rated hand, where the
latest were played) is the same object while the ratings stand and a new one after a change,
and the review average is read only where reviews are public."""

from __future__ import annotations

from pathlib import Path

import pytest

from shangrao_bot.service.player_reading import player_sheet, rating_history
from shangrao_bot.store.database.interface import Database
from shangrao_bot.store.database.opening import open_database
from shangrao_bot.store.ledger import record_hand, user_player
from shangrao_bot.store.ledger.ratings import guild_ratings
from shangrao_bot.store.ledger.reviews import StoredReview, save_review
from tests.store.conftest import GUILD, four_player_session
from tests.store.conftest import self_draw_win as win


@pytest.fixture
async def sqlite_db(tmp_path: Path) -> Database:
    db = await open_database(tmp_path / "ledger.db")
    yield db  # type: ignore[misc]
    await db.close()


async def test_the_history_stands_as_long_as_the_ratings(sqlite_db: Database) -> None:
    s = await four_player_session(sqlite_db)
    pid = s.seats[0].id
    hands = [
        await record_hand(sqlite_db, GUILD, s.id, win(i % 4, 2), 100, confirmed=True)
        for i in range(3)
    ]
    first = await rating_history(sqlite_db, GUILD, pid, linked=2)
    book = await guild_ratings(sqlite_db, GUILD)
    assert list(first.ratings) == book.trend(pid)
    assert list(first.hand_ids) == [h.id for h in hands]
    assert set(first.places) == {hands[1].id, hands[2].id}  # the latest two only
    assert await rating_history(sqlite_db, GUILD, pid, linked=2) is first
    more = await record_hand(sqlite_db, GUILD, s.id, win(0, 4), 100, confirmed=True)
    after = await rating_history(sqlite_db, GUILD, pid, linked=2)
    assert after is not first and list(after.hand_ids)[-1] == more.id
    assert set(after.places) == {hands[2].id, more.id}
    nobody = await user_player(sqlite_db, GUILD, 999, "new")
    empty = await rating_history(sqlite_db, GUILD, nobody.id, linked=2)
    assert (len(empty.ratings), len(empty.hand_ids), empty.places) == (0, 0, {})


async def test_the_review_average_only_where_public(sqlite_db: Database) -> None:
    s = await four_player_session(sqlite_db)
    hand = await record_hand(sqlite_db, GUILD, s.id, win(0, 2), 100, confirmed=True)
    await save_review(
        sqlite_db,
        StoredReview(GUILD, hand.id, 0, s.seats[0].id, 64, 10, 7, 1, 0.5, "2026-03-01T12:00:00"),
    )
    pid = s.seats[0].id
    hidden = await player_sheet(sqlite_db, GUILD, pid, linked=300, reviews_public=False)
    shown = await player_sheet(sqlite_db, GUILD, pid, linked=300, reviews_public=True)
    assert hidden.review is None and shown.review == (64.0, 1)
    assert shown.figures.stats.hands == 1 and shown.figures.steps == []
