"""Reviews of hands (migration 11) on SQLite and PostgreSQL: one per hand and seat, a review
again replacing it; a player's average over their most recent reviewed hands; a session's
reviews; a server's hand refused to another; and the server setting ``review_public``."""

from __future__ import annotations

import json
from dataclasses import replace

import pytest

from shangrao_bot.store.database.interface import Database
from shangrao_bot.store.errors import InvalidRecord, NotFound
from shangrao_bot.store.guilds import get_settings, update_settings
from shangrao_bot.store.ledger import (
    Hand,
    SessionInfo,
    audit_trail,
    open_session,
    record_hand,
)
from shangrao_bot.store.ledger.reviews import (
    StoredReview,
    average_rating,
    get_review,
    save_review,
    session_reviews,
)
from tests.store.conftest import CHANNEL, GUILD, OTHER_GUILD, four_player_session, self_draw_win


async def hands(db: Database, session: SessionInfo, count: int, guild: int = GUILD) -> list[Hand]:
    return [
        await record_hand(db, guild, session.id, self_draw_win(i % 4, 2), 100, confirmed=True)
        for i in range(count)
    ]


def review(
    hand: Hand, session: SessionInfo, seat: int = 0, rating: int = 80, lost: float = 0.5
) -> StoredReview:
    return StoredReview(
        guild_id=hand.guild_id,
        hand_id=hand.id,
        seat=seat,
        player_id=session.seats[seat].id,
        rating=rating,
        judged=12,
        matched=9,
        flagged=1,
        lost=lost,
        reviewed_at="2026-03-01T12:00:00.000+00:00",
    )


async def test_a_review_round_trips_per_server(db: Database) -> None:
    s = await four_player_session(db)
    (hand,) = await hands(db, s, 1)
    r = review(hand, s, seat=2, lost=0.1234567890123)
    await save_review(db, r)
    assert await get_review(db, GUILD, hand.id, 2) == r  # a fraction reads back exactly
    assert await get_review(db, GUILD, hand.id, 1) is None
    assert await get_review(db, OTHER_GUILD, hand.id, 2) is None
    assert await get_review(db, GUILD, hand.id + 100, 2) is None


async def test_a_review_again_replaces_the_first(db: Database) -> None:
    s = await four_player_session(db)
    (hand,) = await hands(db, s, 1)
    await save_review(db, review(hand, s, rating=40, lost=3.0))
    again = replace(review(hand, s), rating=95, lost=0.25, judged=3)
    await save_review(db, again)
    assert await get_review(db, GUILD, hand.id, 0) == again
    count = await db.fetchone("SELECT COUNT(*) FROM hand_reviews")
    assert count is not None and count[0] == 1


async def test_a_review_of_another_servers_hand_is_refused(db: Database) -> None:
    theirs = await four_player_session(db, OTHER_GUILD)
    (hand,) = await hands(db, theirs, 1, OTHER_GUILD)
    await save_review(db, review(hand, theirs, rating=70))
    foreign = replace(review(hand, theirs), guild_id=GUILD, rating=1)
    with pytest.raises(NotFound) as refused:
        await save_review(db, foreign)
    assert refused.value.key == "store.hand.not_found"
    with pytest.raises(NotFound):
        await save_review(db, replace(foreign, hand_id=hand.id + 100))
    kept = await get_review(db, OTHER_GUILD, hand.id, 0)
    assert kept is not None and kept.rating == 70


async def test_the_average_reads_the_last_20_reviewed_hands(db: Database) -> None:
    s = await four_player_session(db)
    played = await hands(db, s, 25)
    # the 5 oldest hands rated 0, the 20 newest 60 … 79 (saved newest first: hand ids count,
    # not the order of saving)
    for i, hand in reversed(list(enumerate(played))):
        await save_review(db, review(hand, s, rating=0 if i < 5 else 55 + i))
        await save_review(db, review(hand, s, seat=1, rating=100))  # another player's
    assert await average_rating(db, GUILD, s.seats[0].id) == (69.5, 20)
    assert await average_rating(db, GUILD, s.seats[0].id, last=4) == (77.5, 4)
    assert await average_rating(db, GUILD, s.seats[0].id, last=100) == (55.6, 25)
    assert await average_rating(db, GUILD, s.seats[1].id) == (100.0, 20)


async def test_no_reviews_no_average(db: Database) -> None:
    s = await four_player_session(db)
    (hand,) = await hands(db, s, 1)
    await save_review(db, review(hand, s))
    assert await average_rating(db, GUILD, s.seats[3].id) is None
    assert await average_rating(db, OTHER_GUILD, s.seats[0].id) is None


async def test_session_reviews_are_the_sessions_own_by_hand_then_seat(db: Database) -> None:
    first = await four_player_session(db)
    second = await open_session(
        db,
        GUILD,
        CHANNEL + 1,
        "physical",
        {"preset": "shangrao"},
        1,
        100,
        [p.id for p in first.seats],
    )
    a, b = await hands(db, first, 2)
    (c,) = await hands(db, second, 1)
    for hand, session in ((b, first), (c, second), (a, first)):
        for seat in (3, 0):
            await save_review(db, review(hand, session, seat=seat))
    assert [(r.hand_id, r.seat) for r in await session_reviews(db, GUILD, first.id)] == [
        (a.id, 0),
        (a.id, 3),
        (b.id, 0),
        (b.id, 3),
    ]
    assert [(r.hand_id, r.seat) for r in await session_reviews(db, GUILD, second.id)] == [
        (c.id, 0),
        (c.id, 3),
    ]
    assert await session_reviews(db, OTHER_GUILD, first.id) == []
    assert await session_reviews(db, GUILD, second.id + 100) == []


async def test_review_public_round_trips_and_is_audited(db: Database) -> None:
    assert not (await get_settings(db, GUILD)).review_public
    s = await update_settings(db, GUILD, 7, review_public=True, stake=3)
    assert s.review_public and s.stake == 3
    assert await get_settings(db, GUILD) == s
    assert not (await get_settings(db, OTHER_GUILD)).review_public
    (entry,) = await audit_trail(db, GUILD)
    assert (entry["action"], int(entry["actor"])) == ("settings", 7)
    assert json.loads(entry["before"])["review_public"] is False
    assert json.loads(entry["after"])["review_public"] is True
    s = await update_settings(db, GUILD, 8, language="en")  # other changes keep it
    assert s.review_public and (await get_settings(db, GUILD)).review_public
    s = await update_settings(db, GUILD, 7, review_public=False)
    assert not s.review_public and not (await get_settings(db, GUILD)).review_public


@pytest.mark.parametrize("value", [1, 0, "true", None])
async def test_review_public_must_be_a_bool(db: Database, value: object) -> None:
    with pytest.raises(InvalidRecord, match="review_public must be true or false") as refused:
        await update_settings(db, GUILD, 7, review_public=value)
    assert refused.value.key == "store.settings.bad_review_public"
    assert refused.value.args_ == {"value": value}
    assert not (await get_settings(db, GUILD)).review_public
    assert await audit_trail(db, GUILD) == []
