"""Reading the book: leaderboards, player statistics and history (exports: :mod:`.export`).

Only confirmed hands count. Every query is filtered by guild id first, so a guild never sees
another's data. Leaderboards and player figures read the running totals that migration 7's
triggers keep on every write (per player: all time, per UTC day, per session; patterns won and
head-to-head nets), so their cost follows the number of players and days asked for, not the
number of hands in the book. Ratings (:func:`rating_leaderboard`) are read from the cached fold of
:mod:`.ratings`.
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass
from typing import Any

from shangrao_bot.store.database.interface import Database
from shangrao_bot.store.database.sqlite_migrations import SPANS
from shangrao_bot.store.errors import NotFound
from shangrao_bot.store.ledger import (
    Hand,
    Player,
    hand_from_row,
    player_from_row,
)
from shangrao_bot.store.ledger.ratings import guild_ratings

METRICS = ("total", "average", "win_rate", "biggest")


@dataclass(frozen=True)
class BoardRow:
    player: Player
    total: int
    hands: int
    wins: int
    self_draws: int
    biggest: int  # the best single hand's net result
    fei_bao: int  # 宝 flown
    fei_bao_net: int  # net result of the hands in which the player flew a 宝 (飞宝 gained/lost)

    @property
    def average(self) -> float:
        return self.total / self.hands if self.hands else 0.0

    @property
    def win_rate(self) -> float:
        return self.wins / self.hands if self.hands else 0.0


@dataclass(frozen=True)
class PlayerStats:
    player: Player
    hands: int
    wins: int
    self_draws: int
    total: int
    biggest: int
    fei_bao: int
    fei_bao_net: int
    patterns: dict[str, int]  # pattern of each win → count
    head_to_head: dict[int, int]  # opponent id → net amount won from them (negative: lost)
    opponents: dict[int, Player]
    trend: list[int]  # running total after each hand, oldest first


_BOARD_COLUMNS = "total, hands, wins, self_draws, biggest, fei_bao, fei_bao_net"
# one confirmed seat row as a bucket of one hand
_SEAT_AS_BUCKET = (
    "hs.delta AS total, 1 AS hands, hs.won AS wins, hs.self_draw AS self_draws,"
    " hs.delta AS biggest, hs.flown AS fei_bao,"
    " CASE WHEN hs.flown > 0 THEN hs.delta ELSE 0 END AS fei_bao_net"
)
_SUMMED = (
    "SUM(total) AS total, SUM(hands) AS hands, SUM(wins) AS wins,"
    " SUM(self_draws) AS self_draws, MAX(biggest) AS biggest, SUM(fei_bao) AS fei_bao,"
    " SUM(fei_bao_net) AS fei_bao_net"
)


def _after_prefix(prefix: str) -> str | None:
    """The least text greater than every text starting with ``prefix`` (None: no such text),
    so that those texts are exactly ``prefix <= t < _after_prefix(prefix)``."""
    head = prefix.rstrip("\U0010ffff")
    if not head:
        return None
    code = ord(head[-1]) + 1
    if 0xD800 <= code <= 0xDFFF:  # surrogates never occur in stored text
        code = 0xE000
    return head[:-1] + chr(code)


def _period_parts(since: str | None, until: str | None) -> tuple[list[Any], list[str]]:
    """The buckets covering ``since <= created_at < until`` exactly: ``(span, low,
    low_inclusive, high)`` ranges of bucket prefixes (None: unbounded), and the days whose rows
    are read one by one.

    Text comparison decides (as it did when rows were compared to the bounds). A prefix of a
    span greater than ``since``'s prefix of that span starts only texts greater than ``since``;
    one less than ``until``'s only texts less than ``until``. So the months strictly between the
    bounds' months count whole; within the bounds' own months, the ten-day buckets strictly
    between the bounds' ten-day prefixes; within those, the days strictly between; the rows of
    the bounds' own days are compared with the bounds themselves. Each row falls in exactly one
    part."""
    ranges: list[Any] = []
    parents: list[str | None] = [None]  # None: no parent bucket restricts the range
    parent_span = 0
    for span in sorted(SPANS):
        low = since[:span] if since is not None else None
        high = until[:span] if until is not None else None
        for parent in parents:
            lo, inclusive, hi = low, False, high
            if parent is not None:
                if len(parent) < parent_span:
                    # a bound shorter than the parent span: its only child would be itself,
                    # which the bound excludes (the rows equal to it are read one by one)
                    continue
                # the children of ``parent``: the prefixes that start with it
                if lo is None or parent > lo:
                    lo, inclusive = parent, True
                after = _after_prefix(parent)
                if after is not None and (hi is None or after < hi):
                    hi = after
            if lo is None or hi is None or lo < hi:
                ranges.append((span, lo, inclusive, hi))
        parents = list(sorted({p for p in (low, high) if p is not None}))
        parent_span = span
    return ranges, [p for p in parents if p is not None]


def _board_source(
    guild_id: int,
    since: str | None,
    until: str | None,
    session_id: int | None,
    min_hands: int,
) -> tuple[str, list[Any]]:
    """The query giving each player's figures (``pid`` and the board columns) over the
    confirmed hands ``since <= created_at < until`` (of one session), with at least
    ``min_hands`` hands. All time and one session read one maintained row per player; a period
    reads period buckets (:func:`_period_parts`); a period of one session scans that session's
    rows."""
    if since is None and until is None:
        if session_id is None:
            return (
                f"SELECT player_id AS pid, {_BOARD_COLUMNS} FROM totals_all"
                " WHERE guild_id = ? AND hands >= ?",
                [guild_id, min_hands],
            )
        return (
            f"SELECT player_id AS pid, {_BOARD_COLUMNS} FROM totals_session"
            " WHERE guild_id = ? AND session_id = ? AND hands >= ?",
            [guild_id, session_id, min_hands],
        )
    bounds = ""
    bound_params: list[Any] = []
    if since is not None:
        bounds += " AND hs.created_at >= ?"
        bound_params.append(since)
    if until is not None:
        bounds += " AND hs.created_at < ?"
        bound_params.append(until)
    if session_id is not None:
        return (
            "SELECT hs.player_id AS pid, SUM(hs.delta) AS total, COUNT(*) AS hands,"
            " SUM(hs.won) AS wins, SUM(hs.self_draw) AS self_draws, MAX(hs.delta) AS biggest,"
            " SUM(hs.flown) AS fei_bao,"
            " SUM(CASE WHEN hs.flown > 0 THEN hs.delta ELSE 0 END) AS fei_bao_net"
            " FROM hands h JOIN hand_seats hs ON hs.hand_id = h.id"
            " WHERE h.session_id = ? AND hs.guild_id = ? AND hs.status = 'confirmed'"
            f"{bounds} GROUP BY hs.player_id HAVING COUNT(*) >= ?",
            [session_id, guild_id, *bound_params, min_hands],
        )
    ranges, days = _period_parts(since, until)
    parts: list[str] = []
    params: list[Any] = []
    for span, low, inclusive, high in ranges:
        sql = (
            f"SELECT player_id AS pid, {_BOARD_COLUMNS} FROM totals_span"
            " WHERE guild_id = ? AND span = ?"
        )
        params += [guild_id, span]
        if low is not None:
            sql += " AND prefix >= ?" if inclusive else " AND prefix > ?"
            params.append(low)
        if high is not None:
            sql += " AND prefix < ?"
            params.append(high)
        parts.append(sql)
    for day in days:
        parts.append(
            f"SELECT hs.player_id AS pid, {_SEAT_AS_BUCKET} FROM hand_seats hs"
            f" WHERE hs.guild_id = ? AND hs.status = 'confirmed'"
            f" AND substr(hs.created_at, 1, {SPANS[0]}) = ?{bounds}"
        )
        params += [guild_id, day, *bound_params]
    return (
        f"SELECT pid, {_SUMMED} FROM ({' UNION ALL '.join(parts)}) AS parts"
        " GROUP BY pid HAVING SUM(hands) >= ?",
        [*params, min_hands],
    )


async def leaderboard(
    db: Database,
    guild_id: int,
    *,
    metric: str = "total",
    since: str | None = None,
    until: str | None = None,
    session_id: int | None = None,
    min_hands: int = 1,
    include_guests: bool = False,
    limit: int = 50,
) -> list[BoardRow]:
    """The guild's players ranked by ``metric`` (total, average, win_rate, biggest), over the
    confirmed hands recorded ``since <= created_at < until`` (ISO timestamps; either open) and
    of one session when given. Reads the running totals of migration 7, not the hands."""
    if metric not in METRICS:
        raise ValueError(f"metric '{metric}' is not one of {', '.join(METRICS)}")
    source, params = _board_source(guild_id, since, until, session_id, max(1, min_hands))
    guests = "" if include_guests else " AND p.user_id IS NOT NULL"
    rows = await db.fetchall(
        f"SELECT p.*, agg.* FROM ({source}) agg JOIN players p ON p.id = agg.pid"
        f" WHERE p.guild_id = ?{guests}",
        [*params, guild_id],
    )
    board = [
        BoardRow(
            player_from_row(r),
            r["total"],
            r["hands"],
            r["wins"],
            r["self_draws"],
            r["biggest"],
            r["fei_bao"],
            r["fei_bao_net"],
        )
        for r in rows
    ]
    keys = {
        "total": lambda b: (b.total, b.average),
        "average": lambda b: (b.average, b.total),
        "win_rate": lambda b: (b.win_rate, b.total),
        "biggest": lambda b: (b.biggest, b.total),
    }
    board.sort(key=lambda b: (*keys[metric](b), -b.player.id), reverse=True)
    return board[:limit]


async def player_stats(
    db: Database, guild_id: int, player_id: int, *, running: bool = True
) -> PlayerStats:
    """A player's figures over their confirmed hands: the maintained totals, patterns and
    head-to-head nets, and (unless not ``running``: then ``trend`` is empty) the running total
    after each hand (read from the hands: the only read whose cost follows the player's hands).
    Four reads: a busy event loop pays for each round trip to the database thread."""
    row = await db.fetchone(
        "SELECT p.*, a.hands, a.wins, a.self_draws, a.total, a.biggest, a.fei_bao,"
        " a.fei_bao_net, (SELECT COALESCE(SUM(o.hands), 0) FROM totals_all o"
        "  WHERE o.player_id = p.id AND o.guild_id <> p.guild_id) AS elsewhere"
        " FROM players p LEFT JOIN totals_all a ON a.guild_id = p.guild_id AND a.player_id = p.id"
        " WHERE p.id = ? AND p.guild_id = ?",
        (player_id, guild_id),
    )
    if row is None:
        raise NotFound("store.player.not_found", player=player_id)
    player = player_from_row(row)
    patterns = await db.fetchall(
        "SELECT pattern, wins FROM totals_pattern WHERE guild_id = ? AND player_id = ?"
        " ORDER BY wins DESC, pattern",
        (guild_id, player_id),
    )
    h2h = await db.fetchall(
        "SELECT h.other_id, h.net, p.* FROM totals_h2h h"
        " LEFT JOIN players p ON p.id = h.other_id AND p.guild_id = h.guild_id"
        " WHERE h.guild_id = ? AND h.player_id = ? ORDER BY h.other_id",
        (guild_id, player_id),
    )
    for r in h2h:
        if r["id"] is None:
            raise NotFound("store.player.not_found", player=r["other_id"])
    # a player's rows all carry their guild (a player belongs to one guild, and merges stay
    # inside it): then the guild filter is left out, so that the index on (player_id, status,
    # created_at, hand_id, delta) answers alone; otherwise the rows are filtered
    here = row["elsewhere"] == 0
    deltas = (
        await db.fetchall(
            "SELECT delta FROM hand_seats WHERE player_id = ? AND status = 'confirmed'"
            + ("" if here else " AND guild_id = ?")
            + " ORDER BY created_at, hand_id",
            (player_id,) if here else (player_id, guild_id),
        )
        if running
        else []
    )
    return PlayerStats(
        player,
        hands=row["hands"] or 0,  # no row: no confirmed hand
        wins=row["wins"] or 0,
        self_draws=row["self_draws"] or 0,
        total=row["total"] or 0,
        biggest=row["biggest"] or 0,
        fei_bao=row["fei_bao"] or 0,
        fei_bao_net=row["fei_bao_net"] or 0,
        patterns={r["pattern"]: r["wins"] for r in patterns},
        head_to_head={r["other_id"]: r["net"] for r in h2h},
        opponents={r["other_id"]: player_from_row(r) for r in h2h},
        trend=list(itertools.accumulate(r[0] for r in deltas)),
    )


async def history(
    db: Database,
    guild_id: int,
    *,
    player_id: int | None = None,
    session_id: int | None = None,
    include_voided: bool = True,
    limit: int = 20,
) -> list[Hand]:
    """The latest hands (newest first), optionally of one player or one session."""
    sql = "SELECT h.* FROM hands h WHERE h.guild_id = ?"
    params: list[Any] = [guild_id]
    if player_id is not None:
        sql += " AND h.id IN (SELECT hand_id FROM hand_seats WHERE player_id = ? AND guild_id = ?)"
        params += [player_id, guild_id]
    if session_id is not None:
        sql += " AND h.session_id = ?"
        params.append(session_id)
    if not include_voided:
        sql += " AND h.status != 'voided'"
    rows = await db.fetchall(
        sql + " ORDER BY h.created_at DESC, h.id DESC LIMIT ?", [*params, limit]
    )
    return [await hand_from_row(db, r) for r in rows]


# --- ratings ------------------------------------------------------------------------------------

RATING_MIN_GAMES = 10
"""The rating leaderboard's default minimum of rated hands: fewer, and σ is still so wide that
the displayed rating (μ − 3σ) says more about how little the model knows than about skill."""


@dataclass(frozen=True)
class RatingRow:
    player: Player
    ordinal: float  # the displayed rating, μ − 3σ
    mu: float
    sigma: float
    games: int  # rated hands in the period asked for


async def rating_leaderboard(
    db: Database,
    guild_id: int,
    *,
    since: str | None = None,
    until: str | None = None,
    min_games: int = RATING_MIN_GAMES,
    include_guests: bool = False,
    limit: int = 50,
) -> list[RatingRow]:
    """The guild's players ranked by displayed rating, among those with at least
    ``min_games`` rated hands first recorded ``since <= at < until``; each rating as it stood
    at ``until`` (now when open). Ratings never reset: a season's board is the ratings at its
    end of the players who played in it. Reads the cached ratings
    (:func:`~.ratings.guild_ratings`) and the players it ranks."""
    book = await guild_ratings(db, guild_id)
    rows: list[tuple[int, float, float, int]] = []
    for pid in book.players():
        games = book.games_between(pid, since, until)
        if games < max(1, min_games):
            continue
        step = book.step_before(pid, until) if until is not None else book.last_step(pid)
        if step is None:
            continue
        rows.append((pid, step.mu, step.sigma, games))
    if not rows:
        return []
    players = await _players(db, guild_id, [r[0] for r in rows], include_guests)
    board = [
        RatingRow(players[pid], mu - 3 * sigma, mu, sigma, games)
        for pid, mu, sigma, games in rows
        if pid in players
    ]
    board.sort(key=lambda r: (-r.ordinal, -r.games, r.player.id))
    return board[:limit]


async def _players(
    db: Database, guild_id: int, ids: list[int], include_guests: bool
) -> dict[int, Player]:
    """The guild's players of ``ids`` (members only unless ``include_guests``)."""
    out: dict[int, Player] = {}
    guests = "" if include_guests else " AND user_id IS NOT NULL"
    for start in range(0, len(ids), 500):  # bounded parameter lists
        chunk = ids[start : start + 500]
        marks = ", ".join("?" for _ in chunk)
        for r in await db.fetchall(
            f"SELECT * FROM players WHERE guild_id = ? AND id IN ({marks}){guests}",
            [guild_id, *chunk],
        ):
            out[r["id"]] = player_from_row(r)
    return out
