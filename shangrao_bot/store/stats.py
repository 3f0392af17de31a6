"""Reading the book: leaderboards, player statistics, history and exports.

Only confirmed hands count. Every query is filtered by guild id first, so a guild never sees
another's data. Leaderboards and player figures read the running totals that migration 7's
triggers keep on every write (per player: all time, per UTC day, per session; patterns won and
head-to-head nets), so their cost follows the number of players and days asked for, not the
number of hands in the book.
"""

from __future__ import annotations

import csv
import io
import json
from dataclasses import dataclass
from typing import Any

from shangrao_bot.store.db import Database
from shangrao_bot.store.errors import NotFound
from shangrao_bot.store.ledger import (
    Hand,
    Player,
    get_player,
    get_session,
    hand_from_row,
    list_sessions,
    player_from_row,
)

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
    "hs.delta, 1, hs.won, hs.self_draw, hs.delta, hs.flown,"
    " CASE WHEN hs.flown > 0 THEN hs.delta ELSE 0 END"
)
_SUMMED = (
    "SUM(total) AS total, SUM(hands) AS hands, SUM(wins) AS wins,"
    " SUM(self_draws) AS self_draws, MAX(biggest) AS biggest, SUM(fei_bao) AS fei_bao,"
    " SUM(fei_bao_net) AS fei_bao_net"
)


def _board_source(
    guild_id: int,
    since: str | None,
    until: str | None,
    session_id: int | None,
    min_hands: int,
) -> tuple[str, list[Any]]:
    """The query giving each player's figures (``pid`` and the board columns) over the hands
    ``since <= created_at < until`` (of one session), with at least ``min_hands`` hands.

    All time and one session read one maintained row per player. A period reads the day
    buckets strictly between its first and last day, plus the confirmed rows of those two days
    themselves filtered by the exact timestamps: a timestamp's day (its first ten characters)
    after ``since``'s day sorts after ``since``, and one before ``until``'s day sorts before
    ``until``, so the two parts are exactly the rows the bounds select (text comparison, as the
    rows are compared everywhere else). A period of one session scans that session's rows."""
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
    days = ""
    day_params: list[Any] = []
    edges = []
    if since is not None:
        days += " AND day > ?"
        day_params.append(since[:10])
        edges.append(since[:10])
    if until is not None:
        days += " AND day < ?"
        day_params.append(until[:10])
        if until[:10] not in edges:
            edges.append(until[:10])
    edge_sql = " OR ".join("substr(hs.created_at, 1, 10) = ?" for _ in edges)
    return (
        f"SELECT pid, {_SUMMED} FROM ("
        f"SELECT player_id AS pid, {_BOARD_COLUMNS} FROM totals_day WHERE guild_id = ?{days}"
        f" UNION ALL SELECT hs.player_id, {_SEAT_AS_BUCKET} FROM hand_seats hs"
        f" WHERE hs.guild_id = ? AND hs.status = 'confirmed' AND ({edge_sql}){bounds}"
        ") GROUP BY pid HAVING SUM(hands) >= ?",
        [guild_id, *day_params, guild_id, *edges, *bound_params, min_hands],
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


async def player_stats(db: Database, guild_id: int, player_id: int) -> PlayerStats:
    """A player's figures over their confirmed hands: the maintained totals, patterns and
    head-to-head nets, and the running total after each hand (read from the hands)."""
    player = await get_player(db, guild_id, player_id)
    agg = await db.fetchone(
        "SELECT hands, wins, self_draws, total, biggest, fei_bao, fei_bao_net FROM totals_all"
        " WHERE guild_id = ? AND player_id = ?",
        (guild_id, player_id),
    )
    hands, wins, self_draws, total, biggest, fei_bao, fei_bao_net = (
        (
            agg["hands"],
            agg["wins"],
            agg["self_draws"],
            agg["total"],
            agg["biggest"],
            agg["fei_bao"],
            agg["fei_bao_net"],
        )
        if agg is not None
        else (0, 0, 0, 0, 0, 0, 0)
    )
    patterns = await db.fetchall(
        "SELECT pattern, wins FROM totals_pattern WHERE guild_id = ? AND player_id = ?"
        " ORDER BY wins DESC, pattern",
        (guild_id, player_id),
    )
    h2h = await db.fetchall(
        "SELECT other_id, net FROM totals_h2h WHERE guild_id = ? AND player_id = ?"
        " ORDER BY other_id",
        (guild_id, player_id),
    )
    trend_rows = await db.fetchall(
        "SELECT SUM(delta) OVER (ORDER BY created_at, hand_id ROWS UNBOUNDED PRECEDING)"
        " FROM hand_seats WHERE guild_id = ? AND player_id = ? AND status = 'confirmed'"
        " ORDER BY created_at, hand_id",
        (guild_id, player_id),
    )
    others = [r["other_id"] for r in h2h]
    found = await db.fetchall(
        f"SELECT * FROM players WHERE guild_id = ? AND id IN ({', '.join('?' * len(others))})",
        [guild_id, *others],
    )
    opponents = {r["id"]: player_from_row(r) for r in found}
    for other in others:
        if other not in opponents:
            raise NotFound(f"player #{other} does not exist in this server")
    return PlayerStats(
        player,
        hands,
        wins,
        self_draws,
        total,
        biggest,
        fei_bao,
        fei_bao_net,
        {r["pattern"]: r["wins"] for r in patterns},
        {r["other_id"]: r["net"] for r in h2h},
        {o: opponents[o] for o in others},
        [r[0] for r in trend_rows],
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


# --- export ------------------------------------------------------------------------------------

CSV_COLUMNS = (
    "hand_id",
    "session_id",
    "seq",
    "created_at",
    "status",
    "outcome",
    "pattern",
    "dealer_seat",
    "bao",
    "seat",
    "player",
    "player_id",
    "delta",
    "won",
    "self_draw",
    "flown",
    "void_reason",
)


async def _export_rows(db: Database, guild_id: int, session_id: int | None) -> list[Any]:
    sql = (
        "SELECT h.id AS hand_id, h.session_id, h.seq, h.created_at, h.status, h.outcome,"
        " h.pattern, h.dealer_seat, h.bao, hs.seat, p.display_name AS player, p.id AS player_id,"
        " hs.delta, hs.won, hs.self_draw, hs.flown, h.void_reason"
        " FROM hands h JOIN hand_seats hs ON hs.hand_id = h.id"
        " JOIN players p ON p.id = hs.player_id WHERE h.guild_id = ?"
    )
    params: list[Any] = [guild_id]
    if session_id is not None:
        sql += " AND h.session_id = ?"
        params.append(session_id)
    return await db.fetchall(sql + " ORDER BY h.session_id, h.seq, hs.seat", params)


async def export_csv(db: Database, guild_id: int, session_id: int | None = None) -> str:
    """One row per hand and seat (voided hands included, marked by status)."""
    if session_id is not None:
        await get_session(db, guild_id, session_id)
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(CSV_COLUMNS)
    for r in await _export_rows(db, guild_id, session_id):
        writer.writerow([r[c] for c in CSV_COLUMNS])
    return out.getvalue()


async def export_json(db: Database, guild_id: int, session_id: int | None = None) -> str:
    """Sessions with their seats, hands, payments and transfers, as one JSON document."""
    if session_id is not None:
        sessions = [await get_session(db, guild_id, session_id)]
    else:
        sessions = list(reversed(await list_sessions(db, guild_id)))
    doc: dict[str, Any] = {"guild_id": guild_id, "sessions": []}
    for s in sessions:
        hands = await db.fetchall(
            "SELECT * FROM hands WHERE session_id = ? AND guild_id = ? ORDER BY seq",
            (s.id, guild_id),
        )
        transfers = await db.fetchall(
            "SELECT payer_id, payee_id, amount, paid_at FROM transfers WHERE session_id = ?"
            " ORDER BY id",
            (s.id,),
        )
        entries = []
        for row in hands:
            h = await hand_from_row(db, row)
            entries.append(
                {
                    "id": h.id,
                    "seq": h.seq,
                    "status": h.status,
                    "outcome": h.outcome,
                    "pattern": h.pattern,
                    "dealer_seat": h.dealer_seat,
                    "bao": h.bao,
                    "winners": list(h.winners),
                    "deltas": list(h.deltas),
                    "created_at": h.created_at,
                    "confirmed_at": h.confirmed_at,
                    "void_reason": h.void_reason,
                    "payments": [
                        {
                            "payer": p.payer.display_name,
                            "payee": p.payee.display_name,
                            "amount": p.amount,
                            "reason": p.reason,
                        }
                        for p in h.payments
                    ],
                    "detail": h.detail,
                }
            )
        doc["sessions"].append(
            {
                "id": s.id,
                "kind": s.kind,
                "status": s.status,
                "stake": s.stake,
                "rules": s.rules,
                "opened_at": s.opened_at,
                "closed_at": s.closed_at,
                "seats": [{"player_id": p.id, "name": p.display_name} for p in s.seats],
                "hands": entries,
                "transfers": [dict(t) for t in transfers],
            }
        )
    return json.dumps(doc, ensure_ascii=False, indent=1)
