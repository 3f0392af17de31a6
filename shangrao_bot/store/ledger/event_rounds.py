"""An event's rounds in the ledger: each round's seating as it was started (tables of four in
wind order, fill-in seats, resting players), the session each table's hands are recorded in,
the round closed, a seating corrected after hands were played, and each seat's results, which
the standings are computed from (:mod:`shangrao_bot.engine.club.standings`).

A round's seats are written in one transaction with the round itself, so a round is never
half-seated; at most one round of an event is being played (a unique index), and rounds are
numbered 1, 2, … without gaps.

**A seat's results** are the sum of its deltas over the confirmed hands of its table's session:
a voided or corrected hand changes them at once, as it changes the session's scoreboard.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from shangrao_bot.store.database.interface import Database, now_iso
from shangrao_bot.store.database.transactions import Tx
from shangrao_bot.store.errors import UniqueViolation
from shangrao_bot.store.ledger.audit import record_audit
from shangrao_bot.store.ledger.events import EventRefused, next_round_in, open_event_in

SEATS = 4
FILLS = ("none", "rest", "fill")


@dataclass(frozen=True)
class TableSeats:
    """One table of a round: its seats' players in wind order (None: a fill-in seat)."""

    table_no: int  # 1, 2, …
    seats: tuple[int | None, int | None, int | None, int | None]
    session_id: int | None = None  # the session its hands are recorded in, once opened


@dataclass(frozen=True)
class EventRound:
    round_no: int
    status: str  # "playing" or "closed"
    fill: str  # how a count that is not a multiple of four was met: "none", "rest", "fill"
    repeats: int  # pairs of players who had met before
    tables: tuple[TableSeats, ...]
    resting: tuple[int, ...]  # player ids left out
    started_at: str
    closed_at: str | None

    @property
    def is_playing(self) -> bool:
        return self.status == "playing"


@dataclass(frozen=True)
class SeatResult:
    """A seat's points over its table's confirmed hands in one round."""

    round_no: int
    table_no: int
    seat: int
    player_id: int | None  # None: a fill-in
    points: int
    hands: int


async def start_round(
    db: Database,
    guild_id: int,
    event_id: int,
    tables: Sequence[TableSeats],
    resting: Sequence[int],
    fill: str,
    repeats: int,
    actor: int,
) -> EventRound:
    """Start the event's next round with this seating. Refused when the event is finished, all
    its rounds were played, a round is still being played, or the seating is not one of the
    event's current players each once (in a table or resting)."""

    async def start(tx: Tx) -> int:
        event = await open_event_in(tx, guild_id, event_id)
        round_no = await next_round_in(tx, event_id)
        if round_no > event.settings.rounds:
            raise EventRefused("store.event.no_rounds_left", name=event.name)
        playing = await tx.fetchone(
            "SELECT round_no FROM event_rounds WHERE event_id = ? AND status = 'playing'",
            (event_id,),
        )
        if playing is not None:
            raise EventRefused("store.event.round_playing", round=int(playing["round_no"]))
        players = {
            int(r["player_id"])
            for r in await tx.fetch(
                "SELECT player_id FROM event_players WHERE event_id = ? AND joined_round <= ?"
                " AND (left_round IS NULL OR left_round > ?)",
                (event_id, round_no, round_no),
            )
        }
        _check_seating(tables, resting, fill, players)
        try:
            await tx.execute(
                "INSERT INTO event_rounds (event_id, round_no, status, fill, repeats,"
                " started_by, started_at) VALUES (?, ?, 'playing', ?, ?, ?, ?)",
                (event_id, round_no, fill, repeats, actor, now_iso()),
            )
        except UniqueViolation:
            raise EventRefused("store.event.round_playing", round=round_no - 1) from None
        await tx.executemany(
            "INSERT INTO event_tables (event_id, round_no, table_no) VALUES (?, ?, ?)",
            [(event_id, round_no, t.table_no) for t in tables],
        )
        await tx.executemany(
            "INSERT INTO event_seats (event_id, round_no, table_no, seat, player_id)"
            " VALUES (?, ?, ?, ?, ?)",
            [
                (event_id, round_no, t.table_no, seat, pid)
                for t in tables
                for seat, pid in enumerate(t.seats)
            ],
        )
        await tx.executemany(
            "INSERT INTO event_resting (event_id, round_no, player_id) VALUES (?, ?, ?)",
            [(event_id, round_no, pid) for pid in resting],
        )
        await record_audit(
            tx,
            guild_id,
            actor,
            "start_round",
            "event",
            event_id,
            None,
            {
                "round": round_no,
                "tables": [list(t.seats) for t in tables],
                "resting": list(resting),
            },
        )
        return round_no

    round_no = await db.write(start)
    return await get_round(db, event_id, round_no)


def _check_seating(
    tables: Sequence[TableSeats], resting: Sequence[int], fill: str, players: set[int]
) -> None:
    if fill not in FILLS or not tables:
        raise EventRefused("store.event.bad_seating")
    seated = [pid for t in tables for pid in t.seats if pid is not None]
    everyone = seated + list(resting)
    numbers = sorted(t.table_no for t in tables)
    fill_ins = sum(pid is None for t in tables for pid in t.seats)
    if (
        any(len(t.seats) != SEATS for t in tables)
        or numbers != list(range(1, len(tables) + 1))
        or len(everyone) != len(set(everyone))
        or set(everyone) != players
        or (fill_ins and fill != "fill")
        or (resting and fill != "rest")
    ):
        raise EventRefused("store.event.bad_seating")


async def attach_session(
    db: Database, event_id: int, round_no: int, table_no: int, session_id: int
) -> None:
    """Table ``table_no`` of the round records its hands in ``session_id``."""

    async def attach(tx: Tx) -> None:
        await tx.execute(
            "UPDATE event_tables SET session_id = ?"
            " WHERE event_id = ? AND round_no = ? AND table_no = ?",
            (session_id, event_id, round_no, table_no),
        )

    await db.write(attach)


async def close_round(
    db: Database, guild_id: int, event_id: int, round_no: int, actor: int
) -> EventRound:
    """The round ends (its tables' hands so far are its results). Refused when it is not the
    round being played."""

    async def close(tx: Tx) -> None:
        await open_event_in(tx, guild_id, event_id)
        changed = await tx.execute(
            "UPDATE event_rounds SET status = 'closed', closed_by = ?, closed_at = ?"
            " WHERE event_id = ? AND round_no = ? AND status = 'playing'",
            (actor, now_iso(), event_id, round_no),
        )
        if not changed:
            raise EventRefused("store.event.round_not_playing", round=round_no)
        await record_audit(tx, guild_id, actor, "close_round", "event", event_id, None, round_no)

    await db.write(close)
    return await get_round(db, event_id, round_no)


async def get_round(db: Database, event_id: int, round_no: int) -> EventRound:
    for r in await event_rounds(db, event_id):
        if r.round_no == round_no:
            return r
    raise EventRefused("store.event.no_round", round=round_no)


async def event_rounds(db: Database, event_id: int) -> list[EventRound]:
    """Every round started, in order, with its tables and resting players."""
    rounds = await db.fetchall(
        "SELECT * FROM event_rounds WHERE event_id = ? ORDER BY round_no", (event_id,)
    )
    seats = await db.fetchall(
        "SELECT s.round_no, s.table_no, s.seat, s.player_id, t.session_id FROM event_seats s"
        " JOIN event_tables t ON t.event_id = s.event_id AND t.round_no = s.round_no"
        " AND t.table_no = s.table_no WHERE s.event_id = ?"
        " ORDER BY s.round_no, s.table_no, s.seat",
        (event_id,),
    )
    resting = await db.fetchall(
        "SELECT round_no, player_id FROM event_resting WHERE event_id = ?"
        " ORDER BY round_no, player_id",
        (event_id,),
    )
    tables: dict[int, dict[int, tuple[list[int | None], int | None]]] = {}
    for s in seats:
        by_table = tables.setdefault(int(s["round_no"]), {})
        players, _ = by_table.setdefault(int(s["table_no"]), ([None] * SEATS, None))
        players[int(s["seat"])] = None if s["player_id"] is None else int(s["player_id"])
        session = None if s["session_id"] is None else int(s["session_id"])
        by_table[int(s["table_no"])] = (players, session)
    out = []
    for r in rounds:
        n = int(r["round_no"])
        out.append(
            EventRound(
                round_no=n,
                status=r["status"],
                fill=r["fill"],
                repeats=int(r["repeats"]),
                tables=tuple(
                    TableSeats(no, (p[0], p[1], p[2], p[3]), session)
                    for no, (p, session) in sorted(tables.get(n, {}).items())
                ),
                resting=tuple(int(x["player_id"]) for x in resting if int(x["round_no"]) == n),
                started_at=r["started_at"],
                closed_at=r["closed_at"],
            )
        )
    return out


async def seat_results(db: Database, event_id: int) -> list[SeatResult]:
    """Every seat of every round's tables with its points over its session's confirmed hands
    (0 and no hands for a table whose session is not open yet or has none)."""
    rows = await db.fetchall(
        "SELECT s.round_no, s.table_no, s.seat, s.player_id,"
        " COALESCE(SUM(h.delta), 0) AS points, COUNT(h.hand_id) AS hands"
        " FROM event_seats s JOIN event_tables t ON t.event_id = s.event_id"
        " AND t.round_no = s.round_no AND t.table_no = s.table_no"
        " LEFT JOIN hands x ON x.session_id = t.session_id AND x.status = 'confirmed'"
        " LEFT JOIN hand_seats h ON h.hand_id = x.id AND h.seat = s.seat"
        " WHERE s.event_id = ? GROUP BY s.round_no, s.table_no, s.seat, s.player_id"
        " ORDER BY s.round_no, s.table_no, s.seat",
        (event_id,),
    )
    return [
        SeatResult(
            int(r["round_no"]),
            int(r["table_no"]),
            int(r["seat"]),
            None if r["player_id"] is None else int(r["player_id"]),
            int(r["points"]),
            int(r["hands"]),
        )
        for r in rows
    ]


async def swap_seats(
    db: Database,
    guild_id: int,
    event_id: int,
    round_no: int,
    first: tuple[int, int],
    second: tuple[int, int],
    actor: int,
) -> EventRound:
    """Correct a round's seating: the players of seats ``first`` and ``second`` (each a table
    number and a seat 0–3) change places, and the hands already recorded at those seats move
    with the seat — the person who sat there is credited with them. One transaction: the
    round's seats, each table's session seats and every recorded hand's seat rows, and the
    audit trail. Refused for a fill-in seat, a seat that does not exist, or the same seat."""

    async def swap(tx: Tx) -> None:
        event = await open_event_in(tx, guild_id, event_id)
        if event.settings.tables_kind != "physical":
            raise EventRefused("store.event.swap_virtual")
        if first == second:
            raise EventRefused("store.event.bad_swap")
        status = await tx.fetchone(
            "SELECT status FROM event_rounds WHERE event_id = ? AND round_no = ?",
            (event_id, round_no),
        )
        if status is None or status["status"] != "playing":  # a closed round is settled
            raise EventRefused("store.event.round_not_playing", round=round_no)
        found = {}
        for table_no, seat in (first, second):
            row = await tx.fetchone(
                "SELECT s.player_id, t.session_id FROM event_seats s JOIN event_tables t"
                " ON t.event_id = s.event_id AND t.round_no = s.round_no"
                " AND t.table_no = s.table_no"
                " WHERE s.event_id = ? AND s.round_no = ? AND s.table_no = ? AND s.seat = ?",
                (event_id, round_no, table_no, seat),
            )
            if row is None or row["player_id"] is None:
                raise EventRefused("store.event.bad_swap")
            found[(table_no, seat)] = (int(row["player_id"]), row["session_id"])
        (pa, session_a), (pb, session_b) = found[first], found[second]
        for (table_no, seat), pid, session in (
            (first, pb, session_a),
            (second, pa, session_b),
        ):
            await tx.execute(
                "UPDATE event_seats SET player_id = ?"
                " WHERE event_id = ? AND round_no = ? AND table_no = ? AND seat = ?",
                (pid, event_id, round_no, table_no, seat),
            )
            if session is None:
                continue
            await tx.execute(
                "UPDATE session_seats SET player_id = ? WHERE session_id = ? AND seat = ?",
                (pid, session, seat),
            )
            await tx.execute(
                "UPDATE hand_seats SET player_id = ? WHERE seat = ?"
                " AND hand_id IN (SELECT id FROM hands WHERE session_id = ?)",
                (pid, seat, session),
            )
        await record_audit(
            tx,
            guild_id,
            actor,
            "swap_seats",
            "event",
            event_id,
            {"round": round_no, "seats": [list(first), list(second)], "players": [pa, pb]},
            {"round": round_no, "seats": [list(first), list(second)], "players": [pb, pa]},
        )

    await db.write(swap)
    return await get_round(db, event_id, round_no)


async def next_round_no(db: Database, event_id: int) -> int:
    """The number the event's next round will have."""
    row = await db.fetchone(
        "SELECT MAX(round_no) AS last FROM event_rounds WHERE event_id = ?", (event_id,)
    )
    return 1 if row is None or row["last"] is None else int(row["last"]) + 1


async def tables_version(db: Database, event_id: int) -> int:
    """The sum of the versions of the event's tables' sessions (migration 12): it grows with
    every change any of them shows (a hand recorded, confirmed, voided or corrected, a session
    settled, a player renamed), and stays the same while none changes."""
    row = await db.fetchone(
        "SELECT COALESCE(SUM(v.version), 0) AS total FROM event_tables t"
        " JOIN session_versions v ON v.session_id = t.session_id WHERE t.event_id = ?",
        (event_id,),
    )
    return 0 if row is None else int(row["total"])
