"""An event round's tables opened and closed: at physical tables a session each (the scorepad
and ``/score`` record its hands as at any table), at virtual tables a bot table each, opened
with its four players in their winds and started at once.

Both kinds answer the same two calls (:class:`RoundTables`), so the rounds
(:mod:`.club_rounds`) need not know which kind an event plays at:

* ``open``: the table's session, its seats in wind order (East first); a fill-in seat is a
  substitute at a physical table (a guest of the book, named by ``substitute_name``: their
  hands count in the book like anyone's, and for no one in the event) and an AI at a virtual
  table;
* ``close``: the round is over: what the table played so far is its result. A virtual table
  still playing is ended (its hand in play abandoned, its finished hands recorded, its session
  settled). A physical table's session stays open, so that a hand found wrong after the round
  can still be voided or corrected (the standings follow at once);
* ``settle``: the event is over: a physical table's hands still waiting for their
  confirmations are voided as not confirmed in time and its session is settled.
"""

from __future__ import annotations

import contextlib
from collections.abc import Awaitable, Callable, Mapping
from typing import Protocol

from shangrao_bot.service.hand_voiding import EXPIRED
from shangrao_bot.service.model import TableInfo, TableStatus
from shangrao_bot.service.tables import TableService
from shangrao_bot.store.database.interface import Database
from shangrao_bot.store.errors import StoreError
from shangrao_bot.store.ledger import (
    Player,
    close_session,
    get_session,
    guest_player,
    open_session,
    pending_hands,
    void_hand,
)
from shangrao_bot.store.ledger.event_rounds import TableSeats
from shangrao_bot.store.ledger.events import Event

AI_LEVEL = "normal"

#: (event, round, table number) → the channel (a thread) the table plays or records in
ChannelFor = Callable[[Event, int, int], Awaitable[int]]


class RoundTables(Protocol):
    async def open(
        self,
        event: Event,
        round_no: int,
        table: TableSeats,
        players: Mapping[int, Player],
        actor: int,
    ) -> int:
        """Open ``table`` (its seats' players in ``players`` by id); its session's id."""
        ...

    async def close(self, event: Event, session_id: int, actor: int) -> None:
        """The round is over for this table's session."""
        ...

    async def settle(self, event: Event, session_id: int, actor: int) -> None:
        """The event is over for this table's session."""
        ...


class PhysicalTables:
    """Each table a physical session in a channel of its own (``channel_for``)."""

    def __init__(
        self,
        db: Database,
        channel_for: ChannelFor,
        substitute_name: Callable[[int], str],
        stake: int,
    ) -> None:
        self.db = db
        self.channel_for = channel_for
        self.substitute_name = substitute_name
        self.stake = stake

    async def open(
        self,
        event: Event,
        round_no: int,
        table: TableSeats,
        players: Mapping[int, Player],
        actor: int,
    ) -> int:
        seats = []
        for pid in table.seats:
            if pid is None:
                sub = await guest_player(
                    self.db, event.guild_id, self.substitute_name(table.table_no), actor
                )
                seats.append(sub.id)
            else:
                seats.append(players[pid].id)
        channel = await self.channel_for(event, round_no, table.table_no)
        info = await open_session(
            self.db,
            event.guild_id,
            channel,
            "physical",
            dict(event.settings.rules),
            self.stake,
            actor,
            seats,
        )
        return info.id

    async def close(self, event: Event, session_id: int, actor: int) -> None:
        return  # the session stays open for corrections until the event is over

    async def settle(self, event: Event, session_id: int, actor: int) -> None:
        info = await get_session(self.db, event.guild_id, session_id)
        if info.status != "open":
            return
        for hand in await pending_hands(self.db, session_id=session_id):
            with contextlib.suppress(StoreError):  # confirmed meanwhile: it counts
                await void_hand(self.db, event.guild_id, hand.id, actor, EXPIRED, only_pending=True)
        await close_session(self.db, event.guild_id, session_id, actor)


class VirtualTables:
    """Each table a bot table of the table service, started at once with AIs in fill-in
    seats. Every seated player must be a member (a guest cannot press buttons)."""

    def __init__(
        self,
        tables: TableService,
        thread_for: Callable[[int], Awaitable[int]] | None,
        opened: Callable[[TableInfo], Awaitable[None]] | None = None,
    ) -> None:
        self.tables = tables
        self.thread_for = thread_for
        self.opened = opened  # told of each table once it exists (its lobby message posted)

    async def open(
        self,
        event: Event,
        round_no: int,
        table: TableSeats,
        players: Mapping[int, Player],
        actor: int,
    ) -> int:
        humans = [(seat, players[pid]) for seat, pid in enumerate(table.seats) if pid is not None]
        host = humans[0][1]
        assert host.user_id is not None  # a virtual event has members only
        info = await self.tables.create_table(
            event.guild_id,
            event.channel_id,
            host.user_id,
            host.display_name,
            preset=str(event.settings.rules.get("preset") or "") or None,
            hands=event.settings.hands_per_round,
            seat_host=False,
            thread=self.thread_for,
        )
        if self.opened is not None:
            await self.opened(info)
        for seat, player in humans:
            assert player.user_id is not None
            await self.tables.join(info.id, player.user_id, player.display_name, seat)
        for seat, pid in enumerate(table.seats):
            if pid is None:
                await self.tables.add_ai(info.id, host.user_id, AI_LEVEL, seat)
        # the seating gave each player a wind: seat 0 is East, so it deals first
        started = await self.tables.start(info.id, host.user_id, first_dealer=0)
        assert started.ledger_session_id is not None
        return started.ledger_session_id

    async def close(self, event: Event, session_id: int, actor: int) -> None:
        for info in self.tables.tables(event.guild_id):
            if info.ledger_session_id == session_id and info.status is not TableStatus.ENDED:
                await self.tables.end(info.id, actor, is_admin=True)

    async def settle(self, event: Event, session_id: int, actor: int) -> None:
        await self.close(event, session_id, actor)  # a bot table settles its session itself
