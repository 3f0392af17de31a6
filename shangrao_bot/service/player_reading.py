"""What a player's web page reads: the figures ``/stats`` and ``/profile`` give (the same reads,
:mod:`.book_reading`), the rating after each rated hand with where the latest of those hands were
played (to link each point of the chart to its hand), the players they sat with most, their
latest hands, and their average review rating when the server shows reviews publicly.

Every read costs what one player has, never the server's whole book: the figures read the
maintained totals, the ratings the cached fold, the hands the player's own index.
"""

from __future__ import annotations

import weakref
from array import array
from dataclasses import dataclass

from shangrao_bot.recently_used import RecentlyUsed
from shangrao_bot.service.book_reading import (
    PlayerFigures,
    RatingFigures,
    player_figures,
    rating_figures,
)
from shangrao_bot.store.database.interface import Database
from shangrao_bot.store.ledger.player_hands import (
    HandPlace,
    PlayerHand,
    Tablemate,
    hand_places,
    recent_hands,
    tablemates,
)
from shangrao_bot.store.ledger.ratings import RatingBook, guild_ratings
from shangrao_bot.store.ledger.reviews import average_rating

__all__ = [
    "RECENT_HANDS",
    "TABLEMATES",
    "HandPlace",
    "PlayerHand",
    "PlayerSheet",
    "RatingHistory",
    "Tablemate",
    "player_sheet",
    "rating_history",
]

TABLEMATES = 10  # the players sat with most, shown
RECENT_HANDS = 10  # the latest hands, shown
KEPT_HISTORIES = 64  # rating histories kept per database, the most recently read


@dataclass(frozen=True)
class RatingHistory:
    """A player's displayed rating after each of their rated hands, oldest first, each
    hand's ledger id, and where the latest of them were played (the others are not looked up:
    a chart links only its latest points). Shared by the readers of the same ratings: never
    changed once made."""

    ratings: array[float]
    hand_ids: array[int]
    places: dict[int, HandPlace]


@dataclass(frozen=True)
class _Kept:
    book: weakref.ref[RatingBook]  # the ratings it was read from
    history: RatingHistory


# the histories last read, per database: a history stands as long as the ratings' book it was
# read from (a change of the ledger folds a new book)
_HISTORIES: weakref.WeakKeyDictionary[Database, RecentlyUsed[tuple[int, int, int], _Kept]] = (
    weakref.WeakKeyDictionary()
)


async def rating_history(db: Database, guild_id: int, player_id: int, linked: int) -> RatingHistory:
    """The player's rating history from the cached ratings (folded first when stale), with the
    places of their latest ``linked`` rated hands. The same object again while the ratings
    have not changed (a page that draws it may keep its drawing as long)."""
    book = await guild_ratings(db, guild_id)
    kept_here = _HISTORIES.get(db)
    if kept_here is None:
        kept_here = _HISTORIES[db] = RecentlyUsed(KEPT_HISTORIES)
    key = (guild_id, player_id, linked)
    kept = kept_here.get(key)
    if kept is not None and kept.book() is book:
        return kept.history
    steps = book.steps.get(player_id)
    if steps is None:
        history = RatingHistory(array("d"), array("q"), {})
    else:
        ratings = array("d", book.trend(player_id))
        hand_ids = array("q", (book.hand_id[i] for i in steps.index))
        latest = hand_ids[-linked:] if linked > 0 else array("q")
        history = RatingHistory(ratings, hand_ids, await hand_places(db, guild_id, latest))
    kept_here.put(key, _Kept(weakref.ref(book), history))
    return history


@dataclass(frozen=True)
class PlayerSheet:
    """Everything a player's page shows of them (the player is ``figures.stats.player``)."""

    figures: PlayerFigures
    rating: RatingFigures
    history: RatingHistory
    tablemates: list[Tablemate]
    recent: list[PlayerHand]
    review: tuple[float, int] | None  # mean review rating and of how many hands; None: not shown


async def player_sheet(
    db: Database, guild_id: int, player_id: int, *, linked: int, reviews_public: bool
) -> PlayerSheet:
    """The player's sheet; :class:`~shangrao_bot.store.errors.NotFound` for a player of another
    server or none. The review average is read only when ``reviews_public`` (the server's
    ``review_public``): otherwise a player's reviews are theirs alone."""
    figures = await player_figures(db, guild_id, player_id, running=False)
    rating = await rating_figures(db, guild_id, player_id)
    history = await rating_history(db, guild_id, player_id, linked)
    mates = await tablemates(db, guild_id, player_id, TABLEMATES)
    recent = await recent_hands(db, guild_id, player_id, RECENT_HANDS)
    review = await average_rating(db, guild_id, player_id) if reviews_public else None
    return PlayerSheet(figures, rating, history, mates, recent, review)
