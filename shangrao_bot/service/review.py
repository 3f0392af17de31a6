"""Reviews of a player's decisions in finished bot-table hands: find the hand and the seat,
check who may see the review, review it (:mod:`shangrao_bot.engine.review`, off the event loop)
and keep its summary in the ledger for ``/profile`` and ``/review session``.

Who may see what:

* only a finished virtual hand is reviewed — the replay's refusals say so for a hand still being
  played, a hand recorded with ``/score`` (no moves) or an unknown id;
* only a human seat is reviewed (an AI seat's decisions are the AI's);
* a member's own review is for him; another player's review is refused unless the server
  allows reviews to be public (``/rules set review_public:``), and then it is posted for all.

Every review judges its seat from that seat's own view: nothing in it comes from another
seat's concealed tiles.
"""

from __future__ import annotations

import asyncio
from dataclasses import dataclass

from shangrao_bot.engine.review import HandReview, review_hand
from shangrao_bot.errors import Refusal
from shangrao_bot.recently_used import RecentlyUsed
from shangrao_bot.service.replay import (
    HandStillPlaying,
    LoadedReplay,
    PhysicalHand,
    ReplayCache,
    last_played,
)
from shangrao_bot.store.database.interface import Database, now_iso
from shangrao_bot.store.ledger.reviews import StoredReview, save_review, session_reviews

CACHE_SIZE = 64


class ReviewRefused(Refusal):
    """A review that cannot be shown; ``key`` says why (the catalogs' ``review`` area)."""


class NotAtTheTable(ReviewRefused):
    def __init__(self, hand: int) -> None:
        super().__init__("review.not_seated", hand=hand)


class AiSeat(ReviewRefused):
    def __init__(self, hand: int, name: str) -> None:
        super().__init__("review.ai_seat", hand=hand, name=name)


class PrivateReview(ReviewRefused):
    def __init__(self, name: str) -> None:
        super().__init__("review.private", name=name)


class NoSuchPlayer(ReviewRefused):
    def __init__(self, hand: int, name: str) -> None:
        super().__init__("review.player_not_in_hand", hand=hand, name=name)


class ReviewPhysical(ReviewRefused):
    def __init__(self, hand: int) -> None:
        super().__init__("review.physical", hand=hand)


class ReviewStillPlaying(ReviewRefused):
    def __init__(self, hand: int | None = None, table: int | None = None) -> None:
        if hand is None:
            super().__init__("review.running_table", table=table)
        else:
            super().__init__("review.running", hand=hand)


async def replay_for_review(
    replays: ReplayCache, db: Database, guild_id: int, hand_id: int
) -> LoadedReplay:
    """The hand rebuilt, the replay's refusals said as a review's (a hand still being played,
    a hand recorded with ``/score``)."""
    try:
        return await replays.get(db, guild_id, hand_id)
    except PhysicalHand:
        raise ReviewPhysical(hand_id) from None
    except HandStillPlaying:
        raise ReviewStillPlaying(hand_id) from None


class NoSessionHands(ReviewRefused):
    def __init__(self) -> None:
        super().__init__("review.session_empty")


@dataclass(frozen=True)
class SeatInfo:
    seat: int
    player_id: int
    user_id: int | None  # None: an AI seat (recorded as a guest)
    name: str


@dataclass(frozen=True)
class LoadedReview:
    replay: LoadedReplay
    seats: tuple[SeatInfo, ...]
    review: HandReview

    @property
    def hand_id(self) -> int:
        return self.replay.source.hand_id

    @property
    def seat(self) -> SeatInfo:
        return self.seats[self.review.seat]


async def hand_seats(db: Database, hand_id: int) -> tuple[SeatInfo, ...]:
    rows = await db.fetchall(
        "SELECT hs.seat, p.id, p.user_id, p.display_name FROM hand_seats hs"
        " JOIN players p ON p.id = hs.player_id WHERE hs.hand_id = ? ORDER BY hs.seat",
        (hand_id,),
    )
    return tuple(
        SeatInfo(
            int(r["seat"]),
            int(r["id"]),
            None if r["user_id"] is None else int(r["user_id"]),
            str(r["display_name"]),
        )
        for r in rows
    )


def pick_seat(
    hand_id: int,
    seats: tuple[SeatInfo, ...],
    requester: int,
    player: int | None,
    public: bool,
) -> SeatInfo:
    """The seat to review: ``player``'s (a Discord user id) or else the requester's; refusals
    for a member who did not sit and for another's review on a private server."""
    wanted = requester if player is None else player
    found = next((s for s in seats if s.user_id == wanted), None)
    if found is None:
        if player is None:
            raise NotAtTheTable(hand_id)
        raise NoSuchPlayer(hand_id, f"<@{player}>")
    if found.user_id != requester and not public:
        raise PrivateReview(found.name)
    return found


def pick_seat_number(hand_id: int, seats: tuple[SeatInfo, ...], seat: int) -> SeatInfo:
    """The seat ``seat`` (0-3) of the hand, refused when it was an AI's (the command line)."""
    found = next((s for s in seats if s.seat == seat), None)
    if found is None:
        raise NotAtTheTable(hand_id)
    if found.user_id is None:
        raise AiSeat(hand_id, found.name)
    return found


def seat_owner(hand_id: int, seats: tuple[SeatInfo, ...], seat: int) -> int:
    """The Discord user who sat in seat ``seat`` (a review button's); refused for an AI seat
    and for a seat the hand does not have (a button of a review no longer known)."""
    found = next((s for s in seats if s.seat == seat), None)
    if found is None:
        raise ReviewRefused("review.gone")
    if found.user_id is None:
        raise AiSeat(hand_id, found.name)
    return found.user_id


def stored_of(guild_id: int, hand_id: int, seat: SeatInfo, review: HandReview) -> StoredReview:
    """A review's summary as the ledger keeps it."""
    return StoredReview(
        guild_id=guild_id,
        hand_id=hand_id,
        seat=seat.seat,
        player_id=seat.player_id,
        rating=review.rating,
        judged=len(review.judged),
        matched=review.matched,
        flagged=len(review.flagged),
        lost=round(review.lost, 3),
        reviewed_at=now_iso(),
    )


def review_of(loaded: LoadedReplay, seat: int) -> HandReview:
    """Seat ``seat``'s decisions in the rebuilt hand, judged (a few hundred milliseconds)."""
    final = loaded.replay.final
    return review_hand(
        final.rules,
        final.seed,
        final.dealer,
        tuple(final.actions),
        seat,
        loaded.replay.action_steps,
    )


class ReviewCache:
    """Reviews by (guild, hand, seat), the ``size`` most recently used: a finished hand never
    changes, and the ◀ ▶ buttons of a review message need it again at every press. A review
    made is kept in the ledger too (``/profile``, ``/review session``)."""

    def __init__(self, replays: ReplayCache, size: int = CACHE_SIZE) -> None:
        self.replays = replays
        self._items: RecentlyUsed[tuple[int, int, int], LoadedReview] = RecentlyUsed(size)

    async def get(
        self,
        db: Database,
        guild_id: int,
        hand_id: int,
        seat: SeatInfo,
        seats: tuple[SeatInfo, ...],
    ) -> LoadedReview:
        """The review of ``seat`` (one of the hand's ``seats``, :func:`hand_seats`)."""
        key = (guild_id, hand_id, seat.seat)
        found = self._items.get(key)
        if found is not None:
            return found
        loaded = await replay_for_review(self.replays, db, guild_id, hand_id)
        review = await asyncio.to_thread(review_of, loaded, seat.seat)  # off the event loop
        made = LoadedReview(loaded, seats, review)
        await save_review(db, stored_of(guild_id, hand_id, seat, review))
        self._items.put(key, made)
        return made

    def clear(self) -> None:
        self._items.clear()


async def find_review(
    db: Database,
    cache: ReviewCache,
    guild_id: int,
    hand_id: int,
    requester: int,
    public: bool,
    *,
    player: int | None = None,
    seat: int | None = None,
) -> LoadedReview:
    """The review a member asks for: of ``player`` (a Discord user id), or of seat ``seat``
    (a button's), or else their own — the refusals of :func:`replay_for_review` first, then
    :func:`pick_seat`'s (another's review only when the server makes reviews ``public``)."""
    await replay_for_review(cache.replays, db, guild_id, hand_id)
    seats = await hand_seats(db, hand_id)
    if seat is not None:
        player = seat_owner(hand_id, seats, seat)
    found = pick_seat(hand_id, seats, requester, player, public)
    return await cache.get(db, guild_id, hand_id, found, seats)


async def seat_review(
    db: Database, cache: ReviewCache, guild_id: int, hand_id: int, seat: int
) -> LoadedReview:
    """The review of seat ``seat`` (0-3) of the hand, for one who was given it (a web page's
    address carries a key for that hand and seat): the refusals of :func:`replay_for_review`
    first, then :func:`pick_seat_number`'s (a seat nobody sat in, an AI's)."""
    await replay_for_review(cache.replays, db, guild_id, hand_id)
    seats = await hand_seats(db, hand_id)
    found = pick_seat_number(hand_id, seats, seat)
    return await cache.get(db, guild_id, hand_id, found, seats)


@dataclass(frozen=True)
class PlayerSummary:
    """One player's line of ``/review session``."""

    player_id: int
    user_id: int | None
    name: str
    hands: int
    judged: int
    matched: int
    flagged: int
    lost: float
    rating: float  # the average of the hands' ratings


async def session_hands(db: Database, guild_id: int, session_id: int) -> list[int]:
    """The session's finished virtual hands, by id."""
    rows = await db.fetchall(
        "SELECT h.id FROM hands h JOIN sessions s ON s.id = h.session_id"
        " WHERE h.session_id = ? AND h.guild_id = ? AND s.kind = 'virtual' ORDER BY h.id",
        (session_id, guild_id),
    )
    return [int(r["id"]) for r in rows]


async def last_session(db: Database, guild_id: int, user_id: int) -> int:
    """The session of the member's last bot-table hand (:class:`NoSessionHands` when none)."""
    last = await last_played(db, guild_id, user_id)
    if last is None:
        raise NoSessionHands()
    row = await db.fetchone("SELECT session_id FROM hands WHERE id = ?", (last,))
    assert row is not None
    return int(row["session_id"])


async def review_session(
    db: Database,
    cache: ReviewCache,
    guild_id: int,
    session_id: int,
    only_user: int | None = None,
) -> list[PlayerSummary]:
    """Every human seat of every finished virtual hand of the session reviewed (the ledger's
    stored reviews reused), summed per player, best average rating first; only ``only_user``'s
    line when given (reviews are private on the server)."""
    hands = await session_hands(db, guild_id, session_id)
    if not hands:
        raise NoSessionHands()
    stored = {(r.hand_id, r.seat): r for r in await session_reviews(db, guild_id, session_id)}
    names: dict[int, tuple[int | None, str]] = {}
    rows: list[StoredReview] = []
    for hand_id in hands:
        seats = await hand_seats(db, hand_id)
        for seat in seats:
            if seat.user_id is None or (only_user is not None and seat.user_id != only_user):
                continue
            names[seat.player_id] = (seat.user_id, seat.name)
            row = stored.get((hand_id, seat.seat))
            if row is None:
                try:
                    made = await cache.get(db, guild_id, hand_id, seat, seats)
                except Refusal:
                    continue  # a hand that cannot be rebuilt is left out, not the session
                row = stored_of(guild_id, hand_id, seat, made.review)
            rows.append(row)
    out = []
    for player_id, (user_id, name) in names.items():
        mine = [r for r in rows if r.player_id == player_id]
        if not mine:
            continue
        out.append(
            PlayerSummary(
                player_id,
                user_id,
                name,
                len(mine),
                sum(r.judged for r in mine),
                sum(r.matched for r in mine),
                sum(r.flagged for r in mine),
                sum(r.lost for r in mine),
                sum(r.rating for r in mine) / len(mine),
            )
        )
    return sorted(out, key=lambda p: (-p.rating, p.name))
