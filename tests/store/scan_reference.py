"""The leaderboard and player statistics as they were computed before the running totals: one
scan of the guild's confirmed ``hand_seats`` rows per call. Kept verbatim as the reference the
maintained totals must reproduce exactly (tests and ``bench/ledger.py`` compare against it)."""

from __future__ import annotations

from typing import Any

from shangrao_bot.store.database.interface import Database
from shangrao_bot.store.ledger import get_player, player_from_row
from shangrao_bot.store.ledger.stats import METRICS, BoardRow, PlayerStats


def _filters(since: str | None, until: str | None, session_id: int | None) -> tuple[str, list[Any]]:
    sql = ""
    params: list[Any] = []
    if since is not None:
        sql += " AND hs.created_at >= ?"
        params.append(since)
    if until is not None:
        sql += " AND hs.created_at < ?"
        params.append(until)
    if session_id is not None:
        sql += " AND hs.hand_id IN (SELECT id FROM hands WHERE session_id = ?)"
        params.append(session_id)
    return sql, params


async def scan_leaderboard(
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
    """The guild's players ranked by ``metric`` (total, average, win_rate, biggest)."""
    if metric not in METRICS:
        raise ValueError(f"metric '{metric}' is not one of {', '.join(METRICS)}")
    extra, params = _filters(since, until, session_id)
    guests = "" if include_guests else " AND p.user_id IS NOT NULL"
    rows = await db.fetchall(
        "SELECT p.*, agg.* FROM (SELECT hs.player_id AS pid, SUM(hs.delta) AS total,"
        " COUNT(*) AS hands, SUM(hs.won) AS wins, SUM(hs.self_draw) AS self_draws,"
        " MAX(hs.delta) AS biggest, SUM(hs.flown) AS fei_bao,"
        " SUM(CASE WHEN hs.flown > 0 THEN hs.delta ELSE 0 END) AS fei_bao_net"
        " FROM hand_seats hs WHERE hs.guild_id = ? AND hs.status = 'confirmed'"
        f"{extra} GROUP BY hs.player_id HAVING COUNT(*) >= ?) agg"
        f" JOIN players p ON p.id = agg.pid WHERE p.guild_id = ?{guests}",
        [guild_id, *params, max(1, min_hands), guild_id],
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


async def scan_player_stats(db: Database, guild_id: int, player_id: int) -> PlayerStats:
    player = await get_player(db, guild_id, player_id)
    agg = await db.fetchone(
        "SELECT COUNT(*) AS hands, COALESCE(SUM(won), 0) AS wins,"
        " COALESCE(SUM(self_draw), 0) AS self_draws, COALESCE(SUM(delta), 0) AS total,"
        " COALESCE(MAX(delta), 0) AS biggest, COALESCE(SUM(flown), 0) AS fei_bao,"
        " COALESCE(SUM(CASE WHEN flown > 0 THEN delta ELSE 0 END), 0) AS fei_bao_net"
        " FROM hand_seats WHERE guild_id = ? AND player_id = ? AND status = 'confirmed'",
        (guild_id, player_id),
    )
    assert agg is not None
    patterns = await db.fetchall(
        "SELECT COALESCE(h.pattern, '?') AS pattern, COUNT(*) AS n FROM hand_seats hs"
        " JOIN hands h ON h.id = hs.hand_id WHERE hs.guild_id = ? AND hs.player_id = ?"
        " AND hs.status = 'confirmed' AND hs.won = 1 GROUP BY h.pattern ORDER BY n DESC",
        (guild_id, player_id),
    )
    h2h = await db.fetchall(
        "SELECT CASE WHEN p.payer_id = ? THEN p.payee_id ELSE p.payer_id END AS other,"
        " SUM(CASE WHEN p.payee_id = ? THEN p.amount ELSE -p.amount END) AS net"
        " FROM payments p JOIN hands h ON h.id = p.hand_id"
        " WHERE h.guild_id = ? AND h.status = 'confirmed' AND (p.payer_id = ? OR p.payee_id = ?)"
        " GROUP BY other",
        (player_id, player_id, guild_id, player_id, player_id),
    )
    trend_rows = await db.fetchall(
        "SELECT delta FROM hand_seats WHERE guild_id = ? AND player_id = ?"
        " AND status = 'confirmed' ORDER BY created_at, hand_id",
        (guild_id, player_id),
    )
    trend: list[int] = []
    running = 0
    for r in trend_rows:
        running += r["delta"]
        trend.append(running)
    opponents = {r["other"]: await get_player(db, guild_id, r["other"]) for r in h2h}
    return PlayerStats(
        player,
        agg["hands"],
        agg["wins"],
        agg["self_draws"],
        agg["total"],
        agg["biggest"],
        agg["fei_bao"],
        agg["fei_bao_net"],
        {r["pattern"]: r["n"] for r in patterns},
        {r["other"]: r["net"] for r in h2h},
        opponents,
        trend,
    )
