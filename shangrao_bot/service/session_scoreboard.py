"""What a session's live scoreboard shows: each seat's standing, the counted hands' deltas in
order (for the chart), the last counted hand and how many hands wait for confirmation."""

from __future__ import annotations

from dataclasses import dataclass

from shangrao_bot.store.database.interface import Database
from shangrao_bot.store.ledger import (
    Hand,
    Player,
    SessionInfo,
    get_hand,
    get_session,
    session_balances,
)


@dataclass(frozen=True)
class Standing:
    player: Player
    seat: int
    total: int


@dataclass(frozen=True)
class Scoreboard:
    """What the live scoreboard shows: standings by seat, the confirmed hands' deltas in order
    (for the chart), the last counted hand and how many wait for confirmation."""

    session: SessionInfo
    standings: tuple[Standing, ...]
    deltas: tuple[tuple[int, ...], ...]
    last: Hand | None
    pending: int


async def read_scoreboard(db: Database, info: SessionInfo) -> Scoreboard:
    """The session's scoreboard as it stands now (the session read again: it may have closed)."""
    info = await get_session(db, info.guild_id, info.id)
    balances = await session_balances(db, info.guild_id, info.id)
    rows = await db.fetchall(
        "SELECT h.id, h.status FROM hands h WHERE h.session_id = ? AND h.status != 'voided'"
        " ORDER BY h.seq, h.id",
        (info.id,),
    )
    seat_rows = await db.fetchall(
        "SELECT hs.hand_id, hs.delta FROM hand_seats hs JOIN hands h ON h.id = hs.hand_id"
        " WHERE h.session_id = ? AND h.status = 'confirmed' ORDER BY h.seq, h.id, hs.seat",
        (info.id,),
    )
    by_hand: dict[int, list[int]] = {}
    for r in seat_rows:
        by_hand.setdefault(r["hand_id"], []).append(r["delta"])
    deltas = [tuple(d) for d in by_hand.values()]  # one read: consistent with ``last``
    last = await get_hand(db, info.guild_id, [*by_hand][-1]) if by_hand else None
    standings = tuple(Standing(p, i, balances.get(p.id, 0)) for i, p in enumerate(info.seats))
    pending = sum(1 for r in rows if r["status"] == "pending")
    return Scoreboard(info, standings, tuple(deltas), last, pending)
