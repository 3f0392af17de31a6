"""Reading the server's book, for ``/leaderboard``, ``/history``, ``/stats``, ``/profile`` and
``/export``: which hands a ranking counts (a period or a season), what a ranking, a history or a
player's figures read, who a typed player is, a player's rating figures, and an export's limits.
No Discord: the cogs word and send what these return.

Only confirmed hands count in rankings and figures; a history shows every hand with its status.
A season's hands are those recorded while it was open (:mod:`shangrao_bot.store.ledger.seasons`).
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from pathlib import Path

from shangrao_bot.names import normalize_name
from shangrao_bot.service.scorekeeping import ScoreError
from shangrao_bot.store.database.interface import Database
from shangrao_bot.store.errors import NotFound, StoreError
from shangrao_bot.store.ledger import (
    Hand,
    Player,
    find_players,
    get_player,
    get_session,
    player_named,
    user_player,
)
from shangrao_bot.store.ledger.export import ExportFile, export_book
from shangrao_bot.store.ledger.ratings import (
    NEW_RATING,
    Rating,
    guild_ratings,
    ledger_version,
    ratings_fresh,
)
from shangrao_bot.store.ledger.seasons import Season, current_season, list_seasons, season_named
from shangrao_bot.store.ledger.stats import (
    RATING_MIN_GAMES,
    BoardRow,
    PlayerStats,
    RatingRow,
    history,
)
from shangrao_bot.store.ledger.stats import leaderboard as ranked_by_metric
from shangrao_bot.store.ledger.stats import player_stats as stored_player_stats
from shangrao_bot.store.ledger.stats import rating_leaderboard as ranked_by_rating

# What the cogs show of the store's records (named here, so the cogs read the book through
# this module only).
__all__ = [
    "ALL_PLAYERS",
    "EXPORT_GZIP_OVER",
    "MAX_LINES",
    "PERIOD_DAYS",
    "RIVALS",
    "TREND_POINTS",
    "BoardPeriod",
    "BoardRow",
    "ExportFile",
    "ExportGate",
    "Hand",
    "Player",
    "PlayerFigures",
    "PlayerStats",
    "Ranking",
    "Rating",
    "RatingFigures",
    "RatingRanking",
    "RatingRow",
    "Season",
    "board_period",
    "export_file",
    "file_size",
    "hand_history",
    "leaderboard",
    "player_figures",
    "players_matching",
    "rating_figures",
    "rating_leaderboard",
    "ratings_stale",
    "resolve_player",
    "seasons_matching",
]

MAX_LINES = 20  # rows of a ranking or a history
PERIOD_DAYS = {"week": 7, "month": 30, "all": None}  # "season": the server's current season
ALL_PLAYERS = 100_000  # ranking by biggest hand reads every player, then keeps the winners
TREND_POINTS = 20  # rating values in a player's recent trend (/stats' and /profile's sparkline)
RIVALS = 15  # opponents in a player's head-to-head figures
EXPORT_GZIP_OVER = 4 * 2**20  # bytes: a bigger export is gzipped (text shrinks about tenfold)


# --- who -----------------------------------------------------------------------------------------


async def resolve_player(
    db: Database,
    guild_id: int,
    text: str | None,
    *,
    caller_id: int,
    caller_name: str,
    account_name: str,
) -> Player:
    """``#id`` (from autocomplete), a mention, or a name; none = the caller (named by their
    display name, or by their account's name when the display name has nothing visible)."""
    if not text:
        name = normalize_name(caller_name) or account_name
        return await user_player(db, guild_id, caller_id, name)
    raw = text.strip()
    try:
        # ids in ASCII digits that fit SQLite's 64-bit integers (Discord ids have 17-19)
        by_id = re.fullmatch(r"#([0-9]{1,19})", raw)
        if by_id and int(by_id.group(1)) < 2**63:
            return await get_player(db, guild_id, int(by_id.group(1)))
        mention = re.fullmatch(r"<@!?([0-9]{1,19})>", raw)
        if mention and int(mention.group(1)) < 2**63:
            row = await db.fetchone(
                "SELECT id FROM players WHERE guild_id = ? AND user_id = ?",
                (guild_id, int(mention.group(1))),
            )
            if row is not None:
                return await get_player(db, guild_id, row["id"])
    except StoreError:
        pass
    found = await player_named(db, guild_id, raw)
    if found is None:
        raise ScoreError("sk.no_player", name=raw)  # the error path quotes its start
    return found


async def players_matching(
    db: Database, guild_id: int, typed: str, guests_only: bool = False
) -> list[Player]:
    """The server's players whose name matches what is typed (members first); only the guests
    when ``guests_only``."""
    found = await find_players(db, guild_id, typed)
    return [p for p in found if p.is_guest or not guests_only]


async def seasons_matching(db: Database, guild_id: int, typed: str) -> list[Season]:
    """The server's seasons whose name contains what is typed, newest first."""
    return await list_seasons(db, guild_id, typed)


# --- rankings ------------------------------------------------------------------------------------


@dataclass(frozen=True)
class BoardPeriod:
    """Which hands a ranking counts: those of ``season``, else those recorded since ``since``
    (``key`` is ``week``, ``month`` or ``all``: no bound)."""

    key: str
    season: Season | None
    since: str | None
    until: str | None


async def board_period(
    db: Database, guild_id: int, period: str | None, season: str | None
) -> BoardPeriod:
    """The period asked for (``week``, ``month``, ``season``: the server's current season,
    ``all``; none: all time) or the season named (``season``, not with a period)."""
    period_key = period or "all"
    if season is not None and period is not None:
        raise ScoreError("rt.period_and_season")
    chosen: Season | None = None
    if season is not None:
        chosen = await season_named(db, guild_id, season)
        if chosen is None:
            raise ScoreError("rt.unknown_season", name=season[:50])
    elif period_key == "season":
        chosen = await current_season(db, guild_id)
        if chosen is None:
            raise ScoreError("rt.no_open_season")
    if chosen is not None:
        return BoardPeriod(period_key, chosen, chosen.started_at, chosen.ended_at)
    days = PERIOD_DAYS[period_key]
    since = (datetime.now(UTC) - timedelta(days=days)).isoformat() if days else None
    return BoardPeriod(period_key, None, since, None)


@dataclass(frozen=True)
class Ranking:
    """The top rows of a ranking by a metric; ``ranked`` players were ranked (by biggest hand:
    before those who never won a hand were left out); ``min_hands`` is the filter applied."""

    rows: list[BoardRow]
    ranked: int
    min_hands: int


async def leaderboard(
    db: Database,
    guild_id: int,
    period: BoardPeriod,
    metric: str,
    min_hands: int | None,
    guests: bool,
) -> Ranking:
    """The ranking by ``metric`` (``total``, ``average``, ``win_rate``, ``biggest``) of the
    players with at least ``min_hands`` confirmed hands (default 1) in the period."""
    minimum = min_hands or 1
    rows = await ranked_by_metric(
        db,
        guild_id,
        metric=metric,
        since=period.since,
        until=period.until,
        min_hands=minimum,
        include_guests=guests,
        limit=ALL_PLAYERS if metric == "biggest" else MAX_LINES,
    )
    ranked = len(rows)
    if metric == "biggest":  # a player who never won a hand has no biggest hand
        rows = [r for r in rows if r.wins][:MAX_LINES]
    return Ranking(rows, ranked, minimum)


@dataclass(frozen=True)
class RatingRanking:
    """The top rows of the ranking by rating; ``min_hands`` is the rated hands a player needs."""

    rows: list[RatingRow]
    min_hands: int


async def rating_leaderboard(
    db: Database, guild_id: int, period: BoardPeriod, min_hands: int | None, guests: bool
) -> RatingRanking:
    """The ratings (as they stood at the season's end, or now) of the players with at least
    ``min_hands`` rated hands in the period (default :data:`RATING_MIN_GAMES`)."""
    minimum = min_hands or RATING_MIN_GAMES
    rows = await ranked_by_rating(
        db,
        guild_id,
        since=period.since,
        until=period.until,
        min_games=minimum,
        include_guests=guests,
        limit=MAX_LINES,
    )
    return RatingRanking(rows, minimum)


# --- a player's figures, the history -------------------------------------------------------------


async def ratings_stale(db: Database, guild_id: int) -> bool:
    """Whether the ratings must be folded again before they are read (a fold of a big book
    without checkpoints takes longer than Discord's three seconds)."""
    version = await ledger_version(db, guild_id)
    return not ratings_fresh(db, guild_id, version)


@dataclass(frozen=True)
class RatingFigures:
    """A player's rating, its last :data:`TREND_POINTS` values (oldest first) and how much it
    moved over them, and its rank among the server's rated players (guests too: they are rated
    alike)."""

    rating: Rating
    recent: list[float]
    change: float
    rank: int
    ranked: int


async def rating_figures(db: Database, guild_id: int, player_id: int) -> RatingFigures:
    """The player's rating figures (the ratings folded first when they are stale)."""
    book = await guild_ratings(db, guild_id)
    rating = book.rating(player_id)
    trend = book.trend(player_id)
    recent = trend[-TREND_POINTS:]
    before = trend[-TREND_POINTS - 1] if len(trend) > TREND_POINTS else NEW_RATING.ordinal
    change = recent[-1] - before if recent else 0.0
    better = sum(1 for r in book.ratings.values() if r.ordinal > rating.ordinal)
    return RatingFigures(rating, recent, change, better + 1, len(book.ratings))


@dataclass(frozen=True)
class PlayerFigures:
    """A player's figures from the confirmed hands: the totals, the net won from the opponents
    they won most from (at most :data:`RIVALS`), and each hand's result in order (the running
    total's steps)."""

    stats: PlayerStats
    rivals: list[tuple[Player, int]]
    steps: list[int]


async def player_figures(
    db: Database, guild_id: int, player_id: int, *, running: bool = True
) -> PlayerFigures:
    """The player's figures; without the running total (``trend`` and ``steps`` empty) unless
    ``running``: a reader that draws no running total skips its read of every hand."""
    s = await stored_player_stats(db, guild_id, player_id, running=running)
    best = sorted(s.head_to_head.items(), key=lambda kv: -kv[1])[:RIVALS]
    rivals = [(s.opponents[o], net) for o, net in best if o in s.opponents]
    steps = [b - a for a, b in zip([0, *s.trend], s.trend, strict=False)]
    return PlayerFigures(s, rivals, steps)


async def hand_history(
    db: Database, guild_id: int, player: Player | None, session_id: int | None
) -> list[Hand]:
    """The latest :data:`MAX_LINES` hands (newest first, voided ones too), of one player or
    one session of the server."""
    if session_id is not None:
        try:
            await get_session(db, guild_id, session_id)
        except StoreError:
            raise ScoreError("sk.no_session_id", id=session_id) from None
    return await history(
        db,
        guild_id,
        player_id=player.id if player else None,
        session_id=session_id,
        limit=MAX_LINES,
    )


# --- export ------------------------------------------------------------------------------------


class ExportGate:
    """One export at a time per server: each reads the whole book."""

    def __init__(self) -> None:
        self._running: set[int] = set()

    @contextmanager
    def turn(self, guild_id: int) -> Iterator[None]:
        """The server's turn to export; refused while its previous export runs."""
        if guild_id in self._running:
            raise ScoreError("skv.export.busy")
        self._running.add(guild_id)
        try:
            yield
        finally:
            self._running.discard(guild_id)


async def export_file(
    db: Database,
    guild_id: int,
    session_id: int | None,
    fmt: str,
    folder: Path,
    limit: int,
) -> ExportFile:
    """The book (one session's hands, or every hand of the server) as a ``csv`` or ``json``
    file in ``folder``, gzipped over :data:`EXPORT_GZIP_OVER` or ``limit``; refused when even
    so it is bigger than ``limit`` (the upload limit)."""
    try:
        done = await export_book(
            db, guild_id, session_id, fmt, folder, gzip_over=min(EXPORT_GZIP_OVER, limit)
        )
    except NotFound:
        raise ScoreError("sk.no_session_id", id=session_id) from None
    if done.size > limit:
        raise ScoreError("skv.export.too_big", size=file_size(done.size), limit=file_size(limit))
    return done


def file_size(size: int) -> str:
    """Bytes as people read them: ``64 KB``, ``12.5 MB``."""
    if size >= 2**20:
        return f"{size / 2**20:.1f} MB"
    return f"{max(1, round(size / 1024))} KB"
