"""What a server's league page lists besides its rankings: the recent sessions with their
players and hands, the recent hands of the bot's tables, and each season's champion. Every
query reads one server only."""

from __future__ import annotations

from dataclasses import dataclass

from shangrao_bot.store.database.interface import Database
from shangrao_bot.store.ledger.players import Player, player_from_row
from shangrao_bot.store.ledger.seasons import Season, list_seasons
from shangrao_bot.store.ledger.stats import BoardRow, leaderboard

NEWEST_LOOKED_AT = 500  # the server's newest hands searched for bot-table ones first


@dataclass(frozen=True)
class SessionLine:
    """A session as the league lists it."""

    id: int
    kind: str  # "physical" or "virtual"
    status: str  # "open" or "closed"
    opened_at: str
    closed_at: str | None
    players: tuple[Player, ...]  # by seat
    hands: int  # confirmed hands


@dataclass(frozen=True)
class TableHandLine:
    """A finished hand of a bot table."""

    id: int
    session_id: int
    seq: int
    created_at: str
    outcome: str
    pattern: str | None
    winner: Player | None


@dataclass(frozen=True)
class SeasonLine:
    season: Season
    champion: BoardRow | None  # the best total (guests included), as the season's card


async def recent_sessions(db: Database, guild_id: int, limit: int = 10) -> list[SessionLine]:
    """The newest ``limit`` sessions, newest first."""
    # the newest ids first, then their counts: counted before the limit, every session of the
    # server would be (26 ms at 6,000 sessions)
    rows = await db.fetchall(
        "SELECT s.id, s.kind, s.status, s.opened_at, s.closed_at,"
        " (SELECT COUNT(*) FROM hands h WHERE h.session_id = s.id"
        "  AND h.status = 'confirmed') AS hands"
        " FROM (SELECT id, kind, status, opened_at, closed_at FROM sessions"
        "  WHERE guild_id = ? ORDER BY id DESC LIMIT ?) s ORDER BY s.id DESC",
        (guild_id, limit),
    )
    if not rows:
        return []
    ids = [int(r["id"]) for r in rows]
    marks = ", ".join("?" for _ in ids)
    seated = await db.fetchall(
        "SELECT ss.session_id, ss.seat, p.* FROM session_seats ss"
        " JOIN players p ON p.id = ss.player_id"
        f" WHERE ss.session_id IN ({marks}) ORDER BY ss.session_id, ss.seat",
        ids,
    )
    seats: dict[int, list[Player]] = {}
    for r in seated:
        seats.setdefault(int(r["session_id"]), []).append(player_from_row(r))
    return [
        SessionLine(
            int(r["id"]),
            str(r["kind"]),
            str(r["status"]),
            str(r["opened_at"]),
            r["closed_at"],
            tuple(seats.get(int(r["id"]), [])),
            int(r["hands"]),
        )
        for r in rows
    ]


async def recent_table_hands(db: Database, guild_id: int, limit: int = 10) -> list[TableHandLine]:
    """The newest ``limit`` confirmed hands of the bot's tables (every ledger hand of a table
    has ended: a hand is recorded only once it is over), newest recorded first."""
    # Among the server's newest hands first (a server whose tables play finds them there at
    # once); else from its bot tables' sessions (a server of physical tables has few or none):
    # either way never a walk over every hand of the server.
    rows = await db.fetchall(
        "SELECT h.id, h.session_id, h.seq, h.created_at, h.outcome, h.pattern"
        " FROM (SELECT id, session_id, seq, created_at, outcome, pattern FROM hands"
        "  WHERE guild_id = ? AND status = 'confirmed'"
        "  ORDER BY created_at DESC, id DESC LIMIT ?) h"
        " JOIN sessions s ON s.id = h.session_id WHERE s.kind = 'virtual'"
        " ORDER BY h.created_at DESC, h.id DESC LIMIT ?",
        (guild_id, NEWEST_LOOKED_AT, limit),
    )
    if len(rows) < limit:
        rows = await db.fetchall(
            "SELECT h.id, h.session_id, h.seq, h.created_at, h.outcome, h.pattern FROM sessions s"
            " JOIN hands h ON h.session_id = s.id"
            " WHERE s.guild_id = ? AND s.kind = 'virtual' AND h.status = 'confirmed'"
            " ORDER BY h.created_at DESC, h.id DESC LIMIT ?",
            (guild_id, limit),
        )
    if not rows:
        return []
    ids = [int(r["id"]) for r in rows]
    marks = ", ".join("?" for _ in ids)
    won = await db.fetchall(
        "SELECT hs.hand_id, p.* FROM hand_seats hs JOIN players p ON p.id = hs.player_id"
        f" WHERE hs.hand_id IN ({marks}) AND hs.won = 1 ORDER BY hs.hand_id, hs.seat",
        ids,
    )
    winners: dict[int, Player] = {}
    for r in won:
        winners.setdefault(int(r["hand_id"]), player_from_row(r))
    return [
        TableHandLine(
            int(r["id"]),
            int(r["session_id"]),
            int(r["seq"]),
            str(r["created_at"]),
            str(r["outcome"]),
            r["pattern"],
            winners.get(int(r["id"])),
        )
        for r in rows
    ]


async def seasons_with_champions(db: Database, guild_id: int, limit: int = 25) -> list[SeasonLine]:
    """The newest ``limit`` seasons, each with its best total (the season card's champion)."""
    lines = []
    for season in await list_seasons(db, guild_id, limit=limit):
        board = await leaderboard(
            db,
            guild_id,
            metric="total",
            since=season.started_at,
            until=season.ended_at,
            include_guests=True,
            limit=10**6,
        )
        champion = max(board, key=lambda b: (b.total, -b.player.id), default=None)
        lines.append(SeasonLine(season, champion))
    return lines
