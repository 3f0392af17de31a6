"""The table service: virtual tables from lobby to settlement, without Discord.

The Discord cogs call these methods (one per button or command) and implement a
:class:`~.presenter.Presenter` to show what happens. Every change of a table happens under that
table's own ``asyncio.Lock`` and is followed, still under the lock, by the same steps:

1. the game flow runs until the table waits again (:class:`~.flow.TableRun`: AI moves, claim
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

Refusals are typed :class:`~shangrao_bot.errors.UserError` subclasses (:mod:`.errors`) raised
before anything changes. Read-only methods take no lock and never wait.
"""

from __future__ import annotations

import asyncio
import json
import logging
from collections.abc import AsyncIterator, Awaitable, Callable, Container
from contextlib import asynccontextmanager, suppress
from dataclasses import replace
from typing import Any

from shangrao_bot.engine.actions import Action
from shangrao_bot.engine.errors import EngineError
from shangrao_bot.engine.events import Event
from shangrao_bot.engine.session import Session
from shangrao_bot.engine.typed_moves import parse_command
from shangrao_bot.engine.views import PlayerView, hand_events
from shangrao_bot.errors import StorageUnavailable
from shangrao_bot.service import lobby
from shangrao_bot.service.autoplay import AHEAD_LEVELS
from shangrao_bot.service.clock import Clock, SystemClock
from shangrao_bot.service.config import ServiceConfig, rules_for, table_config
from shangrao_bot.service.display import info_of, seat_view, table_public
from shangrao_bot.service.effects import Effects
from shangrao_bot.service.errors import (
    AlreadySeated,
    BadCommand,
    NotHostOrAdmin,
    NotPlaying,
    NotSeated,
    PromptOutdated,
    TableNotFound,
    TooManyTables,
)
from shangrao_bot.service.flow import AiKey, AiRequest, TableRun, hold_decided
from shangrao_bot.service.model import ActResult, Table, TableInfo, TableStatus
from shangrao_bot.service.presenter import Presenter, SessionSummary
from shangrao_bot.service.recording import (
    BOT_ACTOR,
    open_ledger_session,
    record_finished_hand,
    settle,
)
from shangrao_bot.service.snapshot import SnapshotError, snapshot_of, table_from_snapshot
from shangrao_bot.service.timers import TimerSet
from shangrao_bot.store import games
from shangrao_bot.store.coordination import Coordination, SoloCoordination
from shangrao_bot.store.db import Database
from shangrao_bot.store.errors import LogMovedOn, StoreError
from shangrao_bot.store.guilds import get_settings

log = logging.getLogger(__name__)

SeedSource = Callable[[int, int], bytes]  # (table id, hand number) → 32-byte seed
# (level, seed, view) → the AI's action, made elsewhere (:func:`~.autoplay.ai_decision`)
Decider = Callable[[str, int, PlayerView], Awaitable[Action]]
# (table, seat, that seat's view) → nothing: starts work for showing the view, shows nothing
Prepare = Callable[[TableInfo, int, PlayerView], None]


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
    ) -> None:
        """``decide``: makes AI decisions ahead of time, off the event loop (another
        process), while the AI's delay runs: the table then only applies them. Without it,
        or when a decision is not back in time, the table makes it itself. Only the
        decisions of AIs of ``ahead_levels`` are made ahead (see :data:`AHEAD_LEVELS`).

        ``prepare``: told each seat's private view a change produced, before the change is
        saved, so that slow work for showing it (drawing the hand's picture) overlaps the
        save. It must show nothing: what is shown waits for the save (the presenter's
        calls)."""
        self._db = db
        self._prepare = prepare
        self._decide = decide
        self._ahead_levels = ahead_levels
        self._decided: dict[int, dict[AiKey, Action]] = {}  # table id → decisions made ahead
        self._deciding: dict[int, AiKey] = {}  # table id → the decision being made ahead
        self._ahead: set[asyncio.Task[None]] = set()
        self._claims: Coordination = claims or SoloCoordination()
        self._owns_guild = owns_guild or (lambda guild_id: True)
        self._presenter = presenter
        self._clock: Clock = clock or SystemClock()
        self.config = config or ServiceConfig()
        self._seeds = seeds
        self._tables: dict[int, Table] = {}
        self._locks: dict[int, asyncio.Lock] = {}
        self._seated: dict[tuple[int, int], int] = {}  # (guild, user) → table id
        self._timers = TimerSet(self._clock)
        # SECRET: each table's last saved snapshot, as the JSON text saved (what it goes back
        # to when a save fails)
        self._saved: dict[int, str] = {}
        self._faults: dict[int, int] = {}  # table id → storage faults in a row
        self._unrestored: set[int] = set()  # resumed, "restored" not shown yet (not saved)
        self._log_seq: dict[int, int] = {}  # table id → the last event of its log saved

    # --- reading (no lock, no waiting) ---------------------------------------------------------

    def _table(self, table_id: int) -> Table:
        table = self._tables.get(table_id)
        if table is None or table.status is TableStatus.ENDED:
            raise TableNotFound(table=table_id)
        return table

    def get(self, table_id: int) -> TableInfo:
        """The table as anyone may see it now."""
        return info_of(self._table(table_id), self._clock.now())

    def tables(self, guild_id: int | None = None, channel_id: int | None = None) -> list[TableInfo]:
        """Open tables (of a guild, of a channel), oldest first."""
        now = self._clock.now()
        return [
            info_of(t, now)
            for t in sorted(self._tables.values(), key=lambda t: t.id)
            if t.status is not TableStatus.ENDED
            and (guild_id is None or t.guild_id == guild_id)
            and (channel_id is None or t.channel_id == channel_id)
        ]

    def table_of(self, guild_id: int, user_id: int) -> int | None:
        """The table where the member sits in this guild, if any."""
        return self._seated.get((guild_id, user_id))

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
        rules = rules_for(await get_settings(self._db, guild_id), preset)
        cfg = table_config(self.config, rules, hands, turn_seconds, claim_seconds)
        if len(self.tables(guild_id)) >= self.config.max_tables_per_guild:
            raise TooManyTables(limit=self.config.max_tables_per_guild)
        if seat_host:
            self._check_free(guild_id, host_id)
        stored = await games.create_table(self._db, guild_id, channel_id, thread_id)
        if not await self._claims.claim_table(stored.id):  # a new id: nobody else can hold it
            raise StorageUnavailable("a new table is claimed by another process")
        if seat_host and (guild_id, host_id) in self._seated:  # sat down elsewhere meanwhile
            await games.close_table(self._db, stored.id)
            self._check_free(guild_id, host_id)
        if thread is not None:
            try:
                thread_id = await thread(stored.id)
            except BaseException:
                with suppress(StorageUnavailable):  # else closed at the next start-up
                    await games.close_table(self._db, stored.id)
                raise
            if seat_host and (guild_id, host_id) in self._seated:
                await games.close_table(self._db, stored.id)
                self._check_free(guild_id, host_id)
        table = Table(
            id=stored.id,
            guild_id=guild_id,
            channel_id=channel_id,
            thread_id=thread_id,
            host_id=host_id,
            config=cfg,
            created_at=self._clock.now(),
            changed_at=self._clock.now(),
        )
        if seat_host:
            lobby.seat_human(table, host_id, host_name)
            self._seated[(guild_id, host_id)] = table.id
        self._tables[table.id] = table
        try:
            async with self._changing(table.id) as run:
                run.out.log_table("created", host=host_id, config=cfg.to_dict())
                run.out.lobby_changed(run.info())
        except StorageUnavailable:
            # never saved, so already forgotten; a row left open without a snapshot is closed
            # by the next start-up's resume_all
            with suppress(StorageUnavailable):
                await games.close_table(self._db, stored.id)
            raise
        return self.get(table.id)

    async def set_thread(self, table_id: int, thread_id: int) -> TableInfo:
        """Remember the thread the Discord layer opened for the table (after creating it, so
        the thread can be named after the table's id)."""
        async with self._changing(table_id) as run:
            run.table.thread_id = thread_id
            run.out.log_table("thread", thread=thread_id)
        return self._after(run)

    async def join(
        self, table_id: int, user_id: int, name: str, seat: int | None = None
    ) -> TableInfo:
        """Sit down (``seat`` or the first free one). One table at a time per member."""
        async with self._changing(table_id) as run:
            t = run.table
            lobby.require_lobby(t)
            self._check_free(t.guild_id, user_id)
            at = lobby.seat_human(t, user_id, name, seat)
            self._seated[(t.guild_id, user_id)] = t.id
            run.out.log_table("join", user=user_id, seat=at)
            run.out.lobby_changed(run.info())
        return self._after(run)

    async def leave(self, table_id: int, user_id: int) -> TableInfo:
        """Leave the table. In the lobby the seat is freed (the host passes to the next human;
        the last human's leaving closes the table). During the game the player steps away: an
        AI plays the seat until they press "I'm back" — the seat stays theirs in the ledger. A
        spectator stops watching."""
        async with self._changing(table_id) as run:
            t = run.table
            seat = t.seat_of(user_id)
            if seat is None:
                if user_id not in t.spectators:
                    raise NotSeated()
                t.spectators.discard(user_id)
                run.out.log_table("unwatch", user=user_id)
                run.out.lobby_changed(run.info())
            elif t.status is TableStatus.LOBBY:
                host = t.host_id
                lobby.unseat(t, seat)
                self._seated.pop((t.guild_id, user_id), None)
                run.out.log_table("leave", user=user_id, seat=seat)
                if user_id == host and not t.human_seats():
                    t.end_reason, t.end_actor = "abandoned", user_id
                else:
                    new_host = t.seat_of(t.host_id)
                    if t.host_id != host and new_host is not None:
                        run.out.notice(
                            run.info(), "table.notice.host_changed", name=t.name(new_host)
                        )
                    run.out.lobby_changed(run.info())
            else:
                run.set_away(seat, "table.notice.away")
                run.out.lobby_changed(run.info())
        return self._after(run)

    async def add_ai(
        self, table_id: int, user_id: int, level: str = "normal", seat: int | None = None
    ) -> TableInfo:
        """The host seats an AI player (``easy`` or ``normal``)."""
        async with self._changing(table_id) as run:
            t = run.table
            lobby.require_lobby(t)
            lobby.require_host(t, user_id)
            at = lobby.seat_ai(t, level, seat)
            run.out.log_table("add_ai", seat=at, level=level)
            run.out.lobby_changed(run.info())
        return self._after(run)

    async def remove_ai(self, table_id: int, user_id: int, seat: int) -> TableInfo:
        """The host frees an AI's seat (before the game)."""
        async with self._changing(table_id) as run:
            t = run.table
            lobby.require_lobby(t)
            lobby.require_host(t, user_id)
            lobby.remove_ai(t, seat)
            run.out.log_table("remove_ai", seat=seat)
            run.out.lobby_changed(run.info())
        return self._after(run)

    async def watch(self, table_id: int, user_id: int) -> TableInfo:
        """Watch as a spectator (the public board only). Players of the table already see it."""
        async with self._changing(table_id) as run:
            t = run.table
            if t.seat_of(user_id) is None and user_id not in t.spectators:
                t.spectators.add(user_id)
                run.out.log_table("watch", user=user_id)
                run.out.lobby_changed(run.info())
        return self._after(run)

    async def start(self, table_id: int, user_id: int) -> TableInfo:
        """The host starts the game once all four seats are filled (humans or AIs): a ledger
        session opens for the four seats and the first hand is dealt."""
        async with self._changing(table_id) as run:
            t = run.table
            lobby.check_start(t, user_id)
            t.ledger_session_id = await open_ledger_session(self._db, t)
            await self._persist(run)  # a crash from here on resumes with this session
            t.session = Session(t.config.rules, t.config.hands, self._seed_source(t.id))
            run.out.log_table("start", ledger_session=t.ledger_session_id)
            run.start_hand()
        return self._after(run)

    async def end(self, table_id: int, user_id: int, *, is_admin: bool = False) -> None:
        """End the table (the host, or a server admin — the caller checks the permission and
        says so with ``is_admin``). The hands finished so far stay recorded and the session is
        settled; a hand in play is abandoned."""
        async with self._changing(table_id) as run:
            t = run.table
            if user_id != t.host_id and not is_admin:
                raise NotHostOrAdmin()
            t.end_reason, t.end_actor = "ended", user_id

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
        async with self._changing(table_id) as run:
            t = run.table
            seat = self._seat(t, user_id)
            if t.status is TableStatus.LOBBY:
                raise NotPlaying()
            if t.status is not TableStatus.PLAYING or t.hand is None:
                raise PromptOutdated()
            request = action if isinstance(action, str) else replace(action, seat=seat)
            last = t.last_accepted.get(seat)
            if last is not None and last[:3] == (t.hand_no, seq, request):
                return ActResult(last[3], duplicate=True)
            shown = table_public(t)
            if shown is None or seq != shown.sequence or hand not in (None, t.hand_no):
                raise PromptOutdated()
            result = run.human_action(seat, self._parse(t, seat, request))
            t.last_accepted[seat] = (t.hand_no, seq, request, result.action)
            t.strikes[seat] = 0
            run.come_back(seat)
        return result

    async def back(self, table_id: int, user_id: int) -> TableInfo:
        """ "I'm back": the seat leaves autopilot (and a paused table goes on)."""
        async with self._changing(table_id) as run:
            t = run.table
            seat = self._seat(t, user_id)
            if t.status in (TableStatus.PLAYING, TableStatus.READY):
                run.come_back(seat)
        return self._after(run)

    async def ready(self, table_id: int, user_id: int) -> TableInfo:
        """Ready for the next hand (the Ready gate); the next hand starts when every human is
        ready or the gate's time is up. Pressing Ready also ends the player's autopilot."""
        async with self._changing(table_id) as run:
            t = run.table
            seat = self._seat(t, user_id)
            if t.status is TableStatus.LOBBY:
                raise NotPlaying()
            if t.status is TableStatus.READY:
                run.come_back(seat)
                run.set_ready(seat)
        return self._after(run)

    # --- start-up and shut-down ----------------------------------------------------------------

    async def resume_all(self) -> list[TableInfo]:
        """Rebuild every open table from the event store at start-up, at the exact state it
        was saved in. Deadlines still ahead are kept; one that passed while the bot was down
        moves to now + ``resume_grace_seconds`` (nobody is struck for the downtime); AI moves
        and claim holds that fell due run at once. The presenter gets ``restored`` and the
        humans who must act are prompted again."""
        resumed: list[TableInfo] = []
        for stored in await games.open_tables(self._db):
            if stored.id in self._tables or not self._owns_guild(stored.guild_id):
                continue
            if not await self._claims.claim_table(stored.id):
                log.warning("table %s is run by another process; not resumed here", stored.id)
                continue
            if stored.snapshot is None:
                await games.close_table(self._db, stored.id)
                continue
            try:
                table = table_from_snapshot(stored.snapshot, self._seed_source(stored.id))
            except (SnapshotError, EngineError):
                log.exception("table %s cannot be resumed; left as it is", stored.id)
                continue
            if table.status is TableStatus.ENDED:  # it was closing when the bot stopped
                await games.close_table(self._db, table.id)
                continue
            self._grace(table)
            self._tables[table.id] = table
            self._saved[table.id] = games.snapshot_text(stored.snapshot)
            self._log_seq[table.id] = stored.snapshot_seq
            for user in table.users():
                self._seated[(table.guild_id, user)] = table.id
            self._unrestored.add(table.id)  # the first change that saves shows it restored
            try:
                async with self._changing(table.id):
                    pass
            except StorageUnavailable:
                pass  # back to the saved state; it tries again by itself
            if table.id in self._tables:
                resumed.append(self.get(table.id))
        return resumed

    async def shutdown(self) -> None:
        """Stop every timer (the database already holds everything). Call before closing the
        database; the service is not to be used afterwards."""
        await self._timers.cancel_all()
        for task in list(self._ahead):
            task.cancel()

    def runs(self, table_id: int) -> bool:
        """Whether this process runs the table now (it is in its memory, not ended)."""
        table = self._tables.get(table_id)
        return table is not None and table.status is not TableStatus.ENDED

    def drop(self, table_id: int) -> None:
        """Forget a table another process took over (its claim was lost): its timers stop and
        nothing of it is saved from here again."""
        table = self._tables.get(table_id)
        if table is not None:
            log.error("table %s: claim lost to another process; no longer run here", table_id)
            self._forget(table)

    # --- internals -----------------------------------------------------------------------------

    def _seed_source(self, table_id: int) -> Callable[[int], bytes] | None:
        seeds = self._seeds
        if seeds is None:
            return None
        return lambda n: seeds(table_id, n)

    def _check_free(self, guild_id: int, user_id: int) -> None:
        where = self._seated.get((guild_id, user_id))
        if where is not None:
            raise AlreadySeated(table=where)

    @staticmethod
    def _seat(table: Table, user_id: int) -> int:
        seat = table.seat_of(user_id)
        if seat is None:
            raise NotSeated()
        return seat

    @staticmethod
    def _parse(table: Table, seat: int, request: Action | str) -> Action:
        if isinstance(request, Action):
            return request
        view = seat_view(table, seat)
        assert view is not None
        command = parse_command(request, view)
        if command.error is not None:
            raise BadCommand(reason=command.error)
        if command.action is None:
            raise BadCommand(reason=f"'{request.strip()}' is not a move here: use the buttons")
        return replace(command.action, seat=seat)

    def _after(self, run: TableRun) -> TableInfo:
        # the table as it is now (after a storage fault: as it was last saved)
        return info_of(self._tables.get(run.table.id, run.table), self._clock.now())

    def _grace(self, table: Table) -> None:
        now = self._clock.now()
        late = now + self.config.resume_grace_seconds
        if table.deadline is not None and table.deadline < now:
            table.deadline = late
        if table.hold is not None and table.hold.deadline < now:
            table.hold.deadline = late
        if table.ready_deadline is not None and table.ready_deadline < now:
            table.ready_deadline = late

    @asynccontextmanager
    async def _changing(self, table_id: int) -> AsyncIterator[TableRun]:
        """Hold the table's lock around a change and carry out its consequences. A refusal
        raised inside leaves the table as it was (checks come before changes).

        When storage fails (:meth:`_storage_fault`) the table goes back to its last saved
        state. The caller gets :class:`StorageUnavailable` unless its change itself was saved
        (a save after the change succeeded and a later step failed, e.g. recording the hand
        the move finished): that rest is retried by the table's timer."""
        lock = self._locks.setdefault(table_id, asyncio.Lock())
        async with lock:
            table = self._table(table_id)
            if table_id in self._faults:
                self._grace(table)  # nobody is struck for the storage's downtime
            run = TableRun(table, self.config, self._clock.now(), Effects())
            run.decided = self._decided.setdefault(table_id, {})
            if table_id in self._unrestored:
                run.out.restored(run.info())
                run.reprompt()
            try:
                yield run
            except StorageUnavailable as exc:
                await self._storage_fault(run, exc)
                raise
            saves = run.saves
            try:
                await self._settle(run)
            except StorageUnavailable as exc:
                await self._storage_fault(run, exc)
                if run.saves == saves:
                    raise

    async def _settle(self, run: TableRun) -> None:
        t = run.table
        run.step()
        while run.hand_over():
            state = t.hand
            assert state is not None
            await self._persist(run)  # the finished hand is saved before the ledger sees it
            try:
                # idempotent (keyed by table and hand): a retry after a fault records it once
                hand = await record_finished_hand(self._db, t, state, t.hand_no)
            except StoreError:
                # e.g. the session was closed from the ledger commands: the table cannot go on
                log.exception("table %s: hand %s cannot be recorded; ending", t.id, t.hand_no)
                t.end_reason = "ended"
                break
            run.finish_hand(hand.id)
            run.step()
        if t.end_reason is not None:
            await self._close(run)
            return
        run.refresh_private()
        await self._persist(run)
        self._faults.pop(t.id, None)
        self._unrestored.discard(t.id)
        await self._present(run.saved_calls)
        self._arm(t)
        self._decide_ahead(run)

    def _decide_ahead(self, run: TableRun) -> None:
        if self._decide is None:
            return
        request = run.ai_request(self._ahead_levels)
        table_id = run.table.id
        if request is None:
            return
        if self._deciding.get(table_id) == request.key or request.key in run.decided:
            return
        target: dict[AiKey, Action] = {}  # decisions for earlier moments are of no use now
        self._decided[table_id] = target
        self._deciding[table_id] = request.key
        task = asyncio.create_task(self._ahead_of_time(table_id, request, target))
        self._ahead.add(task)
        task.add_done_callback(self._ahead.discard)

    async def _ahead_of_time(
        self, table_id: int, request: AiRequest, target: dict[AiKey, Action]
    ) -> None:
        assert self._decide is not None
        try:
            action = await self._decide(request.level, request.seed, request.view)
        except Exception as exc:  # the table makes the decision itself when it is due
            log.debug("table %s: an AI decision ahead of time failed (%s)", table_id, exc)
            return
        finally:
            if self._deciding.get(table_id) == request.key:
                del self._deciding[table_id]
        if self._decided.get(table_id) is target:  # no newer moment, fault or end meanwhile
            target[request.key] = action

    async def _close(self, run: TableRun) -> None:
        """Settle and close. Safe to repeat after a crash or a storage fault at any point: the
        end is saved first, a session already settled is read back, and a table whose end is
        saved is let go at once — marking its row closed is retried on its own."""
        t = run.table
        reason = t.end_reason or "ended"
        await self._persist(run)
        session = t.session
        if session is not None and t.ledger_session_id is not None:
            if not session.over:
                session.end()
            actor = t.end_actor if reason == "ended" else BOT_ACTOR
            settlement = await settle(self._db, t, actor)
            summary = SessionSummary(
                reason=reason,
                records=tuple(session.records),
                totals=tuple(session.totals),
                players=tuple(s.player_id or 0 for s in t.seats if s is not None),
                settlement=settlement,
            )
            t.status, t.hold = TableStatus.ENDED, None
            run.out.session_ended(run.info(), summary)
        t.status, t.hold = TableStatus.ENDED, None
        run.out.log_table("closed", reason=reason)
        run.out.table_closed(run.info(), reason)
        await self._persist(run)
        self._forget(t)
        await self._present(run.saved_calls)
        await self._close_row(t.id)

    async def _close_row(self, table_id: int, attempt: int = 0) -> None:
        """Mark a table's row closed (its end is saved already, so a start-up would close it
        too); while storage is unavailable, try again after a back-off."""
        try:
            await games.close_table(self._db, table_id)
        except StorageUnavailable as exc:
            delay = self._backoff(attempt + 1)
            log.warning(
                "table %s: storage unavailable (%s); closing it again in %.0f s",
                table_id,
                exc.detail,
                delay,
            )
            self._timers.arm(
                table_id,
                self._clock.now() + delay,
                lambda: self._close_row(table_id, attempt + 1),
            )

    def _forget(self, table: Table) -> None:
        self._claims.release_table(table.id)
        self._timers.cancel(table.id)
        self._tables.pop(table.id, None)
        self._locks.pop(table.id, None)
        self._saved.pop(table.id, None)
        self._faults.pop(table.id, None)
        self._unrestored.discard(table.id)
        self._log_seq.pop(table.id, None)
        self._decided.pop(table.id, None)
        self._deciding.pop(table.id, None)
        for key, where in list(self._seated.items()):
            if where == table.id:
                del self._seated[key]

    async def _persist(self, run: TableRun) -> None:
        """Save the run's events and the table's snapshot in one write; what the run
        gathered to show so far becomes showable (it is saved now)."""
        t = run.table
        if run.out.log:
            t.changed_at = run.now
        if self._prepare is not None:
            for info, seat, view in run.out.private_views:
                try:
                    self._prepare(info, seat, view)
                except Exception:  # only a head start: the view is shown all the same
                    log.exception("table %s: preparing a panel failed", t.id)
        run.out.private_views = []
        snapshot = games.snapshot_text(snapshot_of(t))
        after = self._log_seq.get(t.id, 0)
        try:
            self._log_seq[t.id] = await games.append_events(
                self._db, t.id, run.out.log, snapshot, after_seq=after
            )
        except LogMovedOn:  # another process wrote this table: it is no longer ours to run
            self.drop(t.id)
            raise TableNotFound(table=t.id) from None
        run.out.log = []
        self._saved[t.id] = snapshot
        run.saved_calls.extend(run.out.calls)
        run.out.calls = []
        run.saves += 1

    def _backoff(self, faults: int) -> float:
        cfg = self.config
        return float(
            min(cfg.storage_retry_max_seconds, cfg.storage_retry_seconds * 2 ** (faults - 1))
        )

    async def _storage_fault(self, run: TableRun, exc: StorageUnavailable) -> None:
        """A save failed: the table goes back to its last saved snapshot (nothing unsaved is
        shown or kept), what was saved before the fault is shown, and the table tries again
        after a back-off. A table never saved at all (its creation failed) is forgotten."""
        t = run.table
        self._decided.pop(t.id, None)  # made for states the table is no longer in
        faults = self._faults.get(t.id, 0) + 1
        delay = self._backoff(faults)
        saved = self._saved.get(t.id)
        for key, where in list(self._seated.items()):
            if where == t.id:
                del self._seated[key]
        if saved is None:
            log.warning("table %s: storage unavailable (%s); not opened", t.id, exc.detail)
            self._forget(t)
            await self._present(run.saved_calls)
            return
        log.warning(
            "table %s: storage unavailable (%s); back to its last saved state, retrying in %.0f s",
            t.id,
            exc.detail,
            delay,
        )
        self._faults[t.id] = faults
        table = table_from_snapshot(json.loads(saved), self._seed_source(t.id))
        if table.status is TableStatus.LOBBY and table.ledger_session_id is None:
            # a start whose ledger session opened but whose save failed: the next start
            # reuses that session instead of opening another
            table.ledger_session_id = t.ledger_session_id
        self._tables[t.id] = table
        for user in table.users():
            self._seated.setdefault((table.guild_id, user), t.id)
        await self._present(run.saved_calls)
        table_id = t.id
        self._timers.arm(table_id, self._clock.now() + delay, lambda: self._on_timer(table_id))

    async def _present(self, calls: list[tuple[str, Any]]) -> None:
        """Carry out the saved calls, taking them off the list: a call is shown once, even if
        a later step of the same change presents that list again."""
        pending = list(calls)
        calls.clear()
        for name, call in pending:
            try:
                await call(self._presenter)
            except Exception:
                log.exception("presenter.%s failed", name)

    def _next_wake(self, t: Table) -> float | None:
        if t.status is TableStatus.ENDED:
            return None
        if t.status is TableStatus.LOBBY:
            return t.changed_at + self.config.lobby_idle_seconds
        if t.paused:
            return t.idle_deadline
        if t.status is TableStatus.READY:
            everyone = all(t.ready[s] or t.is_auto(s) for s in range(len(t.seats)))
            if everyone and t.ready_earliest is not None:
                return t.ready_earliest
            return t.ready_deadline
        if t.status is not TableStatus.PLAYING:
            return None
        if t.hold is not None:
            # the hold's end; past it, a window still waiting for a human: its deadline. (Not
            # by the clock alone: a timer that fired a hair early must not skip to the deadline)
            waiting = t.hand is not None and not hold_decided(t.hand, t.hold)
            past = self._clock.now() >= t.hold.until
            return t.hold.deadline if waiting and past else t.hold.until
        due = [x for x in (t.ai_due, t.deadline) if x is not None]
        return min(due) if due else None

    def _arm(self, table: Table) -> None:
        table_id = table.id
        self._timers.arm(table_id, self._next_wake(table), lambda: self._on_timer(table_id))

    async def _on_timer(self, table_id: int) -> None:
        try:
            async with self._changing(table_id):
                pass
        except TableNotFound:
            return
        except StorageUnavailable:
            return  # logged; the table is back at its saved state and tries again later
