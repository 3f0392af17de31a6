"""Reviews of players' decisions in finished hands, in the ledger (migration 11).

One row per hand and seat: the hand's rating (0–100), how many of the seat's decisions were
judged, how many matched the ranking's first choice and how many were flagged, and the expected
points lost. Reviewing a hand's seat again replaces its row (:func:`save_review` is an upsert on
the hand and seat), so a review made with a newer ranking never counts twice. Whose review it
is, the hand's seat says (``hand_seats``): a guest merged into a member brings their reviews
along. A player's average reads their most recent reviewed hands (the highest hand ids: hands
are numbered as they are recorded).

Whether a server shows reviews publicly is its ``review_public`` setting
(:mod:`shangrao_bot.store.guilds`).
"""

from __future__ import annotations

from dataclasses import dataclass

from shangrao_bot.store.database.interface import Database
from shangrao_bot.store.database.transactions import Row, Tx
from shangrao_bot.store.errors import NotFound

RECENT = 20
"""How many of a player's most recent reviewed hands their average reads by default."""

_STORED = "guild_id, hand_id, seat, rating, judged, matched, flagged, lost, reviewed_at"
_READ = (
    "r.guild_id, r.hand_id, r.seat, hs.player_id, r.rating, r.judged, r.matched, r.flagged,"
    " r.lost, r.reviewed_at FROM hand_reviews r"
    " JOIN hand_seats hs ON hs.hand_id = r.hand_id AND hs.seat = r.seat"
)


@dataclass(frozen=True)
class StoredReview:
    guild_id: int
    hand_id: int
    seat: int
    player_id: int  # the hand's seat's player (read from ``hand_seats``; not stored twice)
    rating: int  # 0–100: 100 for a hand played as the ranking would
    judged: int  # decisions judged (a choice among more than one legal action)
    matched: int  # of those, the ranking's first choice
    flagged: int  # decisions that cost enough to be pointed out
    lost: float  # expected points lost over the hand
    reviewed_at: str


def _review(row: Row) -> StoredReview:
    return StoredReview(
        int(row["guild_id"]),
        int(row["hand_id"]),
        int(row["seat"]),
        int(row["player_id"]),
        int(row["rating"]),
        int(row["judged"]),
        int(row["matched"]),
        int(row["flagged"]),
        float(row["lost"]),
        str(row["reviewed_at"]),
    )


async def save_review(db: Database, review: StoredReview) -> None:
    """Store ``review``, replacing an earlier review of the same hand and seat. A hand of
    another server (or none) is refused (:class:`NotFound`), so one server's review never
    lands on, or replaces, another's."""

    async def upsert(tx: Tx) -> None:
        guild = await tx.fetchval("SELECT guild_id FROM hands WHERE id = ?", (review.hand_id,))
        if guild is None or int(guild) != review.guild_id:
            raise NotFound("store.hand.not_found", hand=review.hand_id)
        await tx.execute(
            f"INSERT INTO hand_reviews ({_STORED}) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)"
            " ON CONFLICT (hand_id, seat) DO UPDATE SET rating = excluded.rating,"
            " judged = excluded.judged, matched = excluded.matched,"
            " flagged = excluded.flagged, lost = excluded.lost,"
            " reviewed_at = excluded.reviewed_at",
            (
                review.guild_id,
                review.hand_id,
                review.seat,
                review.rating,
                review.judged,
                review.matched,
                review.flagged,
                float(review.lost),
                review.reviewed_at,
            ),
        )

    await db.write(upsert)


async def get_review(db: Database, guild_id: int, hand_id: int, seat: int) -> StoredReview | None:
    """The review of ``seat`` in hand ``hand_id`` of the server, or None."""
    row = await db.fetchone(
        f"SELECT {_READ} WHERE r.hand_id = ? AND r.seat = ? AND r.guild_id = ?",
        (hand_id, seat, guild_id),
    )
    return None if row is None else _review(row)


async def average_rating(
    db: Database, guild_id: int, player_id: int, last: int = RECENT
) -> tuple[float, int] | None:
    """The mean rating of the player's ``last`` reviewed hands with the highest hand ids, and
    how many hands it is of (fewer when they have fewer reviews); None when they have none."""
    row = await db.fetchone(
        "SELECT SUM(rating) AS total, COUNT(*) AS hands FROM (SELECT r.rating FROM hand_reviews r"
        " JOIN hand_seats hs ON hs.hand_id = r.hand_id AND hs.seat = r.seat"
        " WHERE r.guild_id = ? AND hs.player_id = ? ORDER BY r.hand_id DESC, r.seat DESC"
        " LIMIT ?) AS recent",
        (guild_id, player_id, last),
    )
    hands = 0 if row is None else int(row["hands"])
    if row is None or hands == 0:
        return None
    return int(row["total"]) / hands, hands


async def session_reviews(db: Database, guild_id: int, session_id: int) -> list[StoredReview]:
    """Every stored review of the hands of session ``session_id``, by hand id then seat."""
    rows = await db.fetchall(
        f"SELECT {_READ} JOIN hands h ON h.id = r.hand_id"
        " WHERE h.session_id = ? AND h.guild_id = ? AND r.guild_id = ?"
        " ORDER BY r.hand_id, r.seat",
        (session_id, guild_id, guild_id),
    )
    return [_review(r) for r in rows]
