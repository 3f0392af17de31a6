"""Seasons: named spans of a server's book (``/season start | end``, ``/leaderboard season:``).

A season runs from ``/season start`` to ``/season end``; a server has at most one open season,
and seasons never overlap. A hand belongs to the season that was open when it was recorded (its
``created_at``): a season's leaderboard is the leaderboard of the period ``started_at <=
created_at < ended_at``, which reads migration 7's period buckets (a month, ten days and a day
at a time) — as fast as any period, and exact through voids, undos, merges and edits with no
totals of its own. A hand recorded between two seasons belongs to none (it still counts all
time). An edit records the corrected hand anew, so a hand of a season that is edited after the
season ended moves to the season open at the edit (or to none).

Ratings never reset: a season's rating board shows each player's rating as it stood at the
season's end (now, for the open season), among the players who played in the season.
"""

from __future__ import annotations

from dataclasses import dataclass

from shangrao_bot.store.database.interface import Database, now_iso
from shangrao_bot.store.database.transactions import Row, Tx
from shangrao_bot.store.errors import InvalidRecord, NotFound, UniqueViolation
from shangrao_bot.store.ledger import Player, player_from_row
from shangrao_bot.store.ledger.audit import record_audit
from shangrao_bot.store.ledger.ratings import NEW_RATING, guild_ratings
from shangrao_bot.store.ledger.stats import BoardRow, leaderboard

MAX_SEASON_NAME = 50
BAO_DIAO_TOU = "宝吊头"


class SeasonOpen(InvalidRecord):
    """A season is already open: the server ends it before starting another."""

    def __init__(self, season: Season) -> None:
        super().__init__("store.season.open", name=season.name)
        self.season = season


class SeasonNameTaken(InvalidRecord):
    """Another season of the server already has this name."""


class NoOpenSeason(NotFound):
    """No season is open in the server."""


class BadSeasonName(InvalidRecord):
    """A season name that is empty or too long."""


@dataclass(frozen=True)
class Season:
    id: int
    guild_id: int
    name: str
    started_at: str
    ended_at: str | None  # None: the open season

    @property
    def is_open(self) -> bool:
        return self.ended_at is None


def _season(row: Row) -> Season:
    return Season(row["id"], row["guild_id"], row["name"], row["started_at"], row["ended_at"])


def clean_season_name(name: str) -> str:
    """A season name with its spaces tidied; refused when empty or over
    :data:`MAX_SEASON_NAME` characters."""
    cleaned = " ".join(name.split())
    if not cleaned or len(cleaned) > MAX_SEASON_NAME:
        raise BadSeasonName("store.season.bad_name", limit=MAX_SEASON_NAME)
    return cleaned


async def start_season(db: Database, guild_id: int, name: str, actor: int) -> Season:
    """Open a season now. Refused while another is open (:class:`SeasonOpen`) or when the
    name is taken (:class:`SeasonNameTaken`) — checked inside the transaction, and the unique
    indexes refuse a concurrent start too."""
    cleaned = clean_season_name(name)

    async def start(tx: Tx) -> int:
        row = await tx.fetchone(
            "SELECT * FROM seasons WHERE guild_id = ? AND ended_at IS NULL", (guild_id,)
        )
        if row is not None:
            raise SeasonOpen(_season(row))
        if await tx.fetchone(
            "SELECT id FROM seasons WHERE guild_id = ? AND name = ?", (guild_id, cleaned)
        ):
            raise SeasonNameTaken("store.season.name_taken", name=cleaned)
        at = now_iso()
        season_id = await tx.insert(
            "INSERT INTO seasons (guild_id, name, started_at, started_by) VALUES (?, ?, ?, ?)",
            (guild_id, cleaned, at, actor),
        )
        await record_audit(
            tx, guild_id, actor, "start", "season", season_id, None, {"name": cleaned, "at": at}
        )
        return season_id

    try:
        season_id = await db.write(start)
    except UniqueViolation:  # a concurrent /season start won
        raise SeasonNameTaken("store.season.started_meanwhile", name=cleaned) from None
    return await get_season(db, guild_id, season_id)


async def end_season(db: Database, guild_id: int, actor: int) -> Season:
    """Close the open season now (:class:`NoOpenSeason` when there is none)."""

    async def end(tx: Tx) -> int:
        row = await tx.fetchone(
            "SELECT * FROM seasons WHERE guild_id = ? AND ended_at IS NULL", (guild_id,)
        )
        if row is None:
            raise NoOpenSeason("store.season.none_open")
        at = max(now_iso(), row["started_at"])
        await tx.execute(
            "UPDATE seasons SET ended_at = ?, ended_by = ? WHERE id = ? AND ended_at IS NULL",
            (at, actor, row["id"]),
        )
        await record_audit(
            tx, guild_id, actor, "end", "season", row["id"], {"ended_at": None}, {"ended_at": at}
        )
        return int(row["id"])

    season_id = await db.write(end)
    return await get_season(db, guild_id, season_id)


async def get_season(db: Database, guild_id: int, season_id: int) -> Season:
    row = await db.fetchone(
        "SELECT * FROM seasons WHERE id = ? AND guild_id = ?", (season_id, guild_id)
    )
    if row is None:
        raise NotFound("store.season.not_found", season=season_id)
    return _season(row)


async def current_season(db: Database, guild_id: int) -> Season | None:
    row = await db.fetchone(
        "SELECT * FROM seasons WHERE guild_id = ? AND ended_at IS NULL", (guild_id,)
    )
    return _season(row) if row is not None else None


async def list_seasons(
    db: Database, guild_id: int, typed: str = "", limit: int = 25
) -> list[Season]:
    """The server's seasons whose name contains ``typed`` (any case), newest first."""
    rows = await db.fetchall(
        "SELECT * FROM seasons WHERE guild_id = ? ORDER BY started_at DESC, id DESC", (guild_id,)
    )
    needle = typed.strip().casefold()
    return [_season(r) for r in rows if needle in r["name"].casefold()][:limit]


async def season_named(db: Database, guild_id: int, text: str) -> Season | None:
    """The season ``#id`` (autocomplete's value) or named ``text`` (exactly, any case)."""
    raw = text.strip()
    if raw.startswith("#") and raw[1:].isdigit() and int(raw[1:]) < 2**63:
        try:
            return await get_season(db, guild_id, int(raw[1:]))
        except NotFound:
            return None
    wanted = " ".join(raw.split()).casefold()
    for season in await list_seasons(db, guild_id, limit=10**6):
        if season.name.casefold() == wanted:
            return season
    return None


@dataclass(frozen=True)
class Improvement:
    player: Player
    before: float  # displayed rating when the season started (0: a new player)
    after: float  # at the season's end


@dataclass(frozen=True)
class SeasonSummary:
    season: Season
    hands: int  # counted hands of the season
    champion: BoardRow | None  # the best total
    biggest: BoardRow | None  # who won the biggest single hand
    bao_diao_tou: tuple[Player, int] | None  # most 宝吊头 wins
    improved: Improvement | None  # the biggest rise of the displayed rating


async def season_summary(db: Database, guild_id: int, season: Season) -> SeasonSummary:
    """The season's card: champion (best total), biggest hand, most 宝吊头 wins and the most
    improved rating (guests included: they played). Ties go to the lower player id, so the
    card is the same however often it is read."""
    until = season.ended_at
    board = await leaderboard(
        db,
        guild_id,
        since=season.started_at,
        until=until,
        include_guests=True,
        limit=10**6,
    )
    bounds = "h.created_at >= ?" + (" AND h.created_at < ?" if until else "")
    params: list[object] = [guild_id, season.started_at, *([until] if until else [])]
    count = await db.fetchone(
        "SELECT COUNT(*) FROM hands h WHERE h.guild_id = ? AND h.status = 'confirmed'"
        f" AND {bounds}",
        params,
    )
    bao = await db.fetchall(
        "SELECT p.*, x.n FROM (SELECT hs.player_id, COUNT(*) AS n FROM hands h"
        " JOIN hand_seats hs ON hs.hand_id = h.id"
        f" WHERE h.guild_id = ? AND h.status = 'confirmed' AND {bounds}"
        " AND h.pattern LIKE ? AND hs.won = 1 GROUP BY hs.player_id) x"
        " JOIN players p ON p.id = x.player_id ORDER BY x.n DESC, p.id LIMIT 1",
        [*params, f"%{BAO_DIAO_TOU}%"],
    )
    champion = max(board, key=lambda b: (b.total, -b.player.id), default=None)
    winners = [b for b in board if b.wins]
    biggest = max(winners, key=lambda b: (b.biggest, -b.player.id), default=None)
    improved: Improvement | None = None
    if board:
        book = await guild_ratings(db, guild_id)
        end = until or "\U0010ffff"
        for row in sorted(board, key=lambda b: b.player.id):
            if not book.played_between(row.player.id, season.started_at, end):
                continue  # no rated game in the season
            after = book.ordinal_at(row.player.id, end)
            before = book.ordinal_at(row.player.id, season.started_at)
            start = NEW_RATING.ordinal if before is None else before
            assert after is not None
            if improved is None or after - start > improved.after - improved.before:
                improved = Improvement(row.player, start, after)
    return SeasonSummary(
        season,
        hands=int(count[0]) if count else 0,
        champion=champion,
        biggest=biggest,
        bao_diao_tou=(player_from_row(bao[0]), int(bao[0]["n"])) if bao else None,
        improved=improved,
    )
