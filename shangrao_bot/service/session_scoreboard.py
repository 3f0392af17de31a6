"""What a session's live scoreboard shows: each seat's standing, the counted hands' deltas in
order (for the chart), the last counted hand and how many hands wait for confirmation — and the
session version it is exactly (:mod:`.versioned_reads`), so that an edit of the scoreboard
from an older read is refused (:mod:`.forward_edits`)."""

from __future__ import annotations

from dataclasses import dataclass, replace

from shangrao_bot.service.versioned_reads import read_at_version
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
    (for the chart), the last counted hand and how many wait for confirmation; ``version``: the
    session version all of it is (None: the session kept changing while it was read)."""

    session: SessionInfo
    standings: tuple[Standing, ...]
    deltas: tuple[tuple[int, ...], ...]
    last: Hand | None
    pending: int
    version: int | None = None


async def read_scoreboard(db: Database, info: SessionInfo) -> Scoreboard:
    """The session's scoreboard as it stands now (the session read again: it may have closed),
    with the version it is."""
    read = await read_at_version(db, info.id, lambda: _scoreboard(db, info))
    return replace(read.value, version=read.version)


async def _scoreboard(db: Database, info: SessionInfo) -> Scoreboard:
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
