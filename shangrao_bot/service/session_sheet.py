"""A session's whole sheet, as its web page shows it: the session, every hand in order (voided
and pending ones too), each seat's total and running totals over the confirmed hands, and the
settlement — the transfers stored when the session closed (what ``/session end`` posted), or
for an open session the fewest transfers that would clear it as it stands.

The totals and the running totals are summed from the hands read, so the page never shows a
total its rows do not add up to; the whole sheet is read at one session version
(:mod:`.versioned_reads`), so a hand confirmed while it is read cannot leave the settlement
behind the rows.
"""

from __future__ import annotations

from dataclasses import dataclass

from shangrao_bot.fewest_transfers import minimum_transfers
from shangrao_bot.service.versioned_reads import read_at_version
from shangrao_bot.store.database.interface import Database
from shangrao_bot.store.ledger import Player, SessionInfo, get_session, list_transfers
from shangrao_bot.store.ledger.session_hands import HandLine, session_hands


@dataclass(frozen=True)
class SeatTotal:
    seat: int  # 0-3
    player: Player
    total: int  # the confirmed hands' deltas


@dataclass(frozen=True)
class Owed:
    """One transfer of the settlement; ``paid`` only once the session is closed and its payee
    (or an official) marked it."""

    payer: Player
    payee: Player
    amount: int
    paid: bool


@dataclass(frozen=True)
class RunningTotal:
    """The seats' totals after a confirmed hand."""

    hand: HandLine
    totals: tuple[int, ...]  # by seat


@dataclass(frozen=True)
class SessionSheet:
    """``settled``: the transfers are the session's own settlement (it is closed); otherwise
    they are what it would be if the session ended now. ``version``: the session version the
    sheet is (None: it kept changing while it was read)."""

    session: SessionInfo
    hands: tuple[HandLine, ...]
    totals: tuple[SeatTotal, ...]
    transfers: tuple[Owed, ...]
    settled: bool
    version: int | None = None

    @property
    def counted(self) -> tuple[HandLine, ...]:
        return tuple(h for h in self.hands if h.status == "confirmed")

    def running(self) -> list[RunningTotal]:
        """Each seat's total after each confirmed hand, in order."""
        totals = [0] * len(self.session.seats)
        out = []
        for hand in self.counted:
            totals = [t + d for t, d in zip(totals, hand.deltas, strict=True)]
            out.append(RunningTotal(hand, tuple(totals)))
        return out


async def read_session_sheet(db: Database, guild_id: int, session_id: int) -> SessionSheet:
    """The sheet of session ``session_id`` of this guild (:class:`NotFound` for another
    guild's or an unknown id), read at one version."""
    read = await read_at_version(db, session_id, lambda: _sheet(db, guild_id, session_id))
    sheet = read.value
    return SessionSheet(
        sheet.session, sheet.hands, sheet.totals, sheet.transfers, sheet.settled, read.version
    )


async def _sheet(db: Database, guild_id: int, session_id: int) -> SessionSheet:
    info = await get_session(db, guild_id, session_id)
    hands = tuple(await session_hands(db, guild_id, session_id))
    sums = [0] * len(info.seats)
    for hand in hands:
        if hand.status == "confirmed":
            sums = [t + d for t, d in zip(sums, hand.deltas, strict=True)]
    totals = tuple(SeatTotal(i, p, sums[i]) for i, p in enumerate(info.seats))
    if info.status == "closed":
        stored = await list_transfers(db, guild_id, session_id)
        owed = tuple(Owed(t.payer, t.payee, t.amount, t.paid_at is not None) for t in stored)
        return SessionSheet(info, hands, totals, owed, True)
    players = {p.id: p for p in info.seats}
    balances = {t.player.id: t.total for t in totals}
    owed = tuple(
        Owed(players[t.payer], players[t.payee], t.amount, False)
        for t in minimum_transfers(balances)
    )
    return SessionSheet(info, hands, totals, owed, False)
