"""The table service: virtual tables from lobby to settlement, without Discord.

The Discord cogs call these methods (one per button or command) and implement a
:class:`~.presenter.Presenter` to show what happens. Every change of a table happens under that
table's own ``asyncio.Lock`` and is followed, still under the lock, by the same steps
(:class:`~.table_changes.TableChanges`):

1. the game flow runs until the table waits again (:class:`~.table_run.TableRun`: AI moves, claim
   holds, prompts, timeouts …), recording finished hands in the ledger on the way;
2. the events and a snapshot are appended to the table's event store (so a restart resumes the
   exact state, :meth:`TableService.resume_all`);
3. the presenter is told, in order;
4. the table's single timer is re-armed for its next deadline.

When storage cannot take a save (:class:`~shangrao_bot.errors.StorageUnavailable`: disk full,
database locked past the busy timeout, read-only), the table goes back to its last saved state,
rebuilt from the last snapshot it saved (kept in memory). Rebuilding rather than keeping the
unsaved events to write later is what keeps memory, the database and Discord in step: what was
not saved never happened, so nothing unsaved is shown, and a player whose move could not be
saved is told to try again (the error reaches the caller) instead of seeing a move that a
restart would take back. What was saved before the fault (a hand over, not yet in the ledger) is
shown, and the table tries again on its own — its timer re-armed after a back-off
(``storage_retry_seconds`` doubling up to ``storage_retry_max_seconds``) — and carries on once
storage is back: AI moves, timeouts, recording hands and closing are all safe to repeat.

Refusals are typed :class:`~shangrao_bot.errors.Refusal` subclasses (:mod:`.errors`) raised
before anything changes. Read-only methods take no lock and never wait.

:class:`TableService` is the API; the work is done by its parts, each in its module:

* :class:`~.open_tables.OpenTables` — the tables in memory, their locks, who sits where;
* :class:`~.table_changes.TableChanges` — a change under the lock and its consequences, closing,
  the way back from a storage fault; :class:`~.table_saves.TableSaves` — saving;
* :class:`~.table_opening.TableOpening` — creating tables and resuming them at start-up;
* :class:`~.lobby_changes.LobbyChanges` — seating, the lobby, starting and ending;
* :class:`~.player_moves.PlayerMoves` — a player's move, "I'm back", Ready;
* :mod:`.timers` — each table's timer and the AI decisions made ahead of time;
* :mod:`.recording` — finished hands and the settlement in the ledger.
"""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable, Container
from typing import Any

from shangrao_bot.engine.actions import Action
from shangrao_bot.engine.events import Event
from shangrao_bot.engine.views import PlayerView, hand_events
from shangrao_bot.metrics import UNMEASURED, BotMetrics
from shangrao_bot.service.autoplay import AHEAD_LEVELS
from shangrao_bot.service.clock import Clock, SystemClock
from shangrao_bot.service.config import ServiceConfig
from shangrao_bot.service.display import info_of, seat_view
from shangrao_bot.service.errors import NotPlaying, NotSeated
from shangrao_bot.service.lobby_changes import LobbyChanges
from shangrao_bot.service.model import ActResult, Table, TableInfo, TableStatus
from shangrao_bot.service.open_tables import OpenTables
from shangrao_bot.service.player_moves import PlayerMoves
from shangrao_bot.service.presenter import Presenter
from shangrao_bot.service.snapshot import snapshot_of
from shangrao_bot.service.table_changes import SeedSource, TableChanges
from shangrao_bot.service.table_opening import TableOpening
from shangrao_bot.service.table_saves import Prepare, TableSaves
from shangrao_bot.service.timers import Decider, DecisionsAhead, TimerSet
from shangrao_bot.store.database.interface import Database
from shangrao_bot.store.processes.coordination import Coordination, SoloCoordination

log = logging.getLogger(__name__)


class TableService:
    """Virtual tables of every guild in this process.

    ``clock``: time source (tests pass a :class:`~.clock.ManualClock`). ``seeds``: the wall
    seed of each hand, ``seeds(table_id, hand_no)`` — None (production) draws a fresh secret seed
    per hand; tests pass a deterministic source.

    A bot split into shard processes runs each table in exactly one of them: ``owns_guild``
    says which guilds' tables this process resumes (those of its shards), and ``claims`` (the
    processes' coordination) grants a table to one process at a time — taken when the table is
    created or resumed, let go when it closes. Alone, the process owns everything.
    """

    def __init__(
        self,
        db: Database,
        presenter: Presenter,
        *,
        clock: Clock | None = None,
        config: ServiceConfig | None = None,
        seeds: SeedSource | None = None,
        claims: Coordination | None = None,
        owns_guild: Callable[[int], bool] | None = None,
        decide: Decider | None = None,
        ahead_levels: Container[str] = AHEAD_LEVELS,
        prepare: Prepare | None = None,
        metrics: BotMetrics = UNMEASURED,
    ) -> None:
        """``decide``: makes AI decisions ahead of time, off the event loop (another
        process), while the AI's delay runs: the table then only applies them. Without it,
        or when a decision is not back in time, the table makes it itself. Only the
        decisions of AIs of ``ahead_levels`` are made ahead (see :data:`AHEAD_LEVELS`).

        ``prepare``: told each seat's private view a change produced, before the change is
        saved, so that slow work for showing it (drawing the hand's picture) overlaps the
        save. It must show nothing: what is shown waits for the save (the presenter's
        calls). ``metrics``: the bot's, where finished hands are counted."""
        self._db = db
        self._clock: Clock = clock or SystemClock()
        self.config = config or ServiceConfig()
        coordination: Coordination = claims or SoloCoordination()
        self._open = OpenTables()
        self._timers = TimerSet(self._clock)
        self._ahead = DecisionsAhead(decide, ahead_levels)
        self._saves = TableSaves(db, prepare=prepare, lost=self.drop)
        self._changes = TableChanges(
            db,
            presenter,
            self._clock,
            self.config,
            tables=self._open,
            saves=self._saves,
            ahead=self._ahead,
            timers=self._timers,
            claims=coordination,
            seeds=seeds,
            hands_finished=metrics.hands_finished,
        )
        self._opening = TableOpening(
            db,
            self._clock,
            self.config,
            tables=self._open,
            saves=self._saves,
            changes=self._changes,
            claims=coordination,
            owns_guild=owns_guild or (lambda guild_id: True),
        )
        self._lobby = LobbyChanges(db, tables=self._open, saves=self._saves, changes=self._changes)
        self._moves = PlayerMoves(self._changes)

    # --- reading (no lock, no waiting) ---------------------------------------------------------

    def get(self, table_id: int) -> TableInfo:
        """The table as anyone may see it now."""
        return info_of(self._table(table_id), self._clock.now())

    def tables(self, guild_id: int | None = None, channel_id: int | None = None) -> list[TableInfo]:
        """Open tables (of a guild, of a channel), oldest first."""
        now = self._clock.now()
        return [info_of(t, now) for t in self._open.open_ones(guild_id, channel_id)]

    def open_by_status(self) -> dict[TableStatus, int]:
        """How many tables this process runs, by status (the ended ones left out): what the
        operator's ``shangrao_tables_open`` reports."""
        counts: dict[TableStatus, int] = {}
        for table in self._open.tables.values():
            if table.status is not TableStatus.ENDED:
                counts[table.status] = counts.get(table.status, 0) + 1
        return counts

    def table_of(self, guild_id: int, user_id: int) -> int | None:
        """The table where the member sits in this guild, if any."""
        return self._open.where(guild_id, user_id)

    def private_view(self, table_id: int, user_id: int) -> PlayerView:
        """PRIVATE: what the member's seat sees now (their tiles, drawn tile and legal actions)
        — for the "My hand" panel. Refused to anyone not seated, and between hands."""
        table = self._table(table_id)
        seat = table.seat_of(user_id)
        if seat is None:
            raise NotSeated()
        view = seat_view(table, seat)
        if view is None:
            raise NotPlaying()
        return view

    def public_events(self, table_id: int) -> list[Event]:
        """The current hand's events as the table has shown them (what a player's panel recalls
        after a restart): public parts only, a held claim window's later events left out."""
        table = self._table(table_id)
        state = table.hand
        if state is None:
            return []
        events = hand_events(state)
        if table.hold is not None and table.hold.held:
            events = events[: len(events) - len(table.hold.held)]
        return [e for e in events if e.public]

    def snapshot(self, table_id: int) -> dict[str, Any]:
        """SECRET: the table's saved form (every hand, the seed) — for tests and debugging."""
        return snapshot_of(self._table(table_id))

    # --- the lobby -----------------------------------------------------------------------------

    async def create_table(
        self,
        guild_id: int,
        channel_id: int,
        host_id: int,
        host_name: str,
        *,
        thread_id: int | None = None,
        preset: str | None = None,
        hands: int | None = None,
        turn_seconds: float | None = None,
        claim_seconds: float | None = None,
        seat_host: bool = True,
        thread: Callable[[int], Awaitable[int]] | None = None,
    ) -> TableInfo:
        """Open a lobby. Rules: the guild's settings, with ``preset`` instead of the guild's
        preset if given. The host sits down at once unless ``seat_host`` is False (a host who
        only watches, e.g. a table of four AI players).

        ``thread(table_id)``: opens the table's thread (named after the table's id, known by
        then) and returns its id, once every check has passed — so a refused table opens no
        thread, and the thread is in the table's first save: no state where the table is
        saved but its thread is not. When it raises, nothing of the table stays."""
        return await self._opening.create(
            guild_id,
            channel_id,
            host_id,
            host_name,
            thread_id=thread_id,
            preset=preset,
            hands=hands,
            turn_seconds=turn_seconds,
            claim_seconds=claim_seconds,
            seat_host=seat_host,
            thread=thread,
        )

    async def set_thread(self, table_id: int, thread_id: int) -> TableInfo:
        """Remember the thread the Discord layer opened for the table (after creating it, so
        the thread can be named after the table's id)."""
        return await self._lobby.set_thread(table_id, thread_id)

    async def join(
        self, table_id: int, user_id: int, name: str, seat: int | None = None
    ) -> TableInfo:
        """Sit down (``seat`` or the first free one). One table at a time per member."""
        return await self._lobby.join(table_id, user_id, name, seat)

    async def leave(self, table_id: int, user_id: int) -> TableInfo:
        """Leave the table. In the lobby the seat is freed (the host passes to the next human;
        the last human's leaving closes the table). During the game the player steps away: an
        AI plays the seat until they press "I'm back" — the seat stays theirs in the ledger. A
        spectator stops watching."""
        return await self._lobby.leave(table_id, user_id)

    async def add_ai(
        self, table_id: int, user_id: int, level: str = "normal", seat: int | None = None
    ) -> TableInfo:
        """The host seats an AI player (``easy`` or ``normal``)."""
        return await self._lobby.add_ai(table_id, user_id, level, seat)

    async def remove_ai(self, table_id: int, user_id: int, seat: int) -> TableInfo:
        """The host frees an AI's seat (before the game)."""
        return await self._lobby.remove_ai(table_id, user_id, seat)

    async def watch(self, table_id: int, user_id: int) -> TableInfo:
        """Watch as a spectator (the public board only). Players of the table already see it."""
        return await self._lobby.watch(table_id, user_id)

    async def start(
        self, table_id: int, user_id: int, *, first_dealer: int | None = None
    ) -> TableInfo:
        """The host starts the game once all four seats are filled (humans or AIs): a ledger
        session opens for the four seats and the first hand is dealt. ``first_dealer``: the
        seat that deals first (East), instead of the dice's choice — a club event's table,
        whose seating gave each player their wind."""
        return await self._lobby.start(table_id, user_id, first_dealer)

    async def end(self, table_id: int, user_id: int, *, is_admin: bool = False) -> None:
        """End the table (the host, or a server admin — the caller checks the permission and
        says so with ``is_admin``). The hands finished so far stay recorded and the session is
        settled; a hand in play is abandoned."""
        await self._lobby.end(table_id, user_id, is_admin=is_admin)

    # --- the game ------------------------------------------------------------------------------

    async def act(
        self,
        table_id: int,
        user_id: int,
        action: Action | str,
        seq: int,
        *,
        hand: int | None = None,
    ) -> ActResult:
        """A seated player's move: an :class:`Action` (its seat is ignored: the player's own
        seat is used) or a typed command (``d 5m``, ``pong``, ``hu``, ``pass`` …).

        ``seq`` is the public sequence the player's buttons were made for
        (``view.public.sequence``) and ``hand`` the hand number (``table.hand_no``; optional
        but recommended, since sequences restart each hand): a stale button raises
        :class:`~.errors.PromptOutdated`. Pressing the same button twice is taken once (the
        second call returns ``duplicate=True``). Acting also ends the player's autopilot."""
        return await self._moves.act(table_id, user_id, action, seq, hand)

    async def back(self, table_id: int, user_id: int) -> TableInfo:
        """ "I'm back": the seat leaves autopilot (and a paused table goes on)."""
        return await self._moves.back(table_id, user_id)

    async def ready(self, table_id: int, user_id: int) -> TableInfo:
        """Ready for the next hand (the Ready gate); the next hand starts when every human is
        ready or the gate's time is up. Pressing Ready also ends the player's autopilot."""
        return await self._moves.ready(table_id, user_id)

    # --- start-up and shut-down ----------------------------------------------------------------

    async def resume_all(self) -> list[TableInfo]:
        """Rebuild every open table from the event store at start-up, at the exact state it
        was saved in. Deadlines still ahead are kept; one that passed while the bot was down
        moves to now + ``resume_grace_seconds`` (nobody is struck for the downtime); AI moves
        and claim holds that fell due run at once. The presenter gets ``restored`` and the
        humans who must act are prompted again."""
        return await self._opening.resume_all()

    async def shutdown(self) -> None:
        """Stop every timer (the database already holds everything). Call before closing the
        database; the service is not to be used afterwards."""
        await self._timers.cancel_all()
        self._ahead.cancel_all()

    def runs(self, table_id: int) -> bool:
        """Whether this process runs the table now (it is in its memory, not ended)."""
        table = self._open.get(table_id)
        return table is not None and table.status is not TableStatus.ENDED

    def drop(self, table_id: int) -> None:
        """Forget a table another process took over (its claim was lost): its timers stop and
        nothing of it is saved from here again."""
        table = self._open.get(table_id)
        if table is not None:
            log.error("table %s: claim lost to another process; no longer run here", table_id)
            self._changes.forget(table)

    # --- internals (the tests look at some) ----------------------------------------------------

    def _table(self, table_id: int) -> Table:
        return self._open.find(table_id)

    @property
    def _tables(self) -> dict[int, Table]:
        return self._open.tables

    @property
    def _faults(self) -> dict[int, int]:
        return self._changes.faults

    def _next_wake(self, table: Table) -> float | None:
        return self._changes.next_wake(table)
