"""Carrying out a change of a table: under the table's lock, then its consequences — and the way
back when storage fails.

Every change (a player's button, a command, the table's own timer) runs in
:meth:`TableChanges.changing`, which holds the table's lock and hands the caller a
:class:`~.table_run.TableRun`. Once the caller's part is done, still under the lock:

1. the run plays on until the table waits again, recording finished hands in the ledger on the
   way (:func:`~.recording.play_and_record`) — or closes the table (settled, its row closed);
2. the events and a snapshot are saved (:class:`~.table_saves.TableSaves`);
3. the presenter is told, in order, what was saved;
4. the table's single timer is re-armed for its next deadline (:func:`~.timers.next_wake`), and
   an AI decision the table now waits for may be made ahead (:class:`~.timers.DecisionsAhead`).

When storage cannot take a save (:class:`~shangrao_bot.errors.StorageUnavailable`), the table
goes back to its last saved state, rebuilt from the last snapshot it saved; what was saved
before the fault is shown, and the table tries again on its own after a back-off
(``storage_retry_seconds`` doubling up to ``storage_retry_max_seconds``), nobody struck for the
downtime (:func:`grace`).
"""

from __future__ import annotations

import logging
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from typing import Any

from prometheus_client import Counter

from shangrao_bot.errors import StorageUnavailable
from shangrao_bot.metrics import UNMEASURED
from shangrao_bot.service.clock import Clock
from shangrao_bot.service.config import ServiceConfig
from shangrao_bot.service.deferred_effects import Effects
from shangrao_bot.service.display import info_of
from shangrao_bot.service.errors import TableNotFound
from shangrao_bot.service.model import Table, TableInfo, TableStatus
from shangrao_bot.service.open_tables import OpenTables
from shangrao_bot.service.presenter import Presenter
from shangrao_bot.service.recording import play_and_record, settle_session
from shangrao_bot.service.table_run import TableRun
from shangrao_bot.service.table_saves import TableSaves
from shangrao_bot.service.timers import DecisionsAhead, TimerSet, next_wake
from shangrao_bot.store import games
from shangrao_bot.store.database.interface import Database
from shangrao_bot.store.processes.coordination import Coordination

log = logging.getLogger(__name__)

SeedSource = Callable[[int, int], bytes]  # (table id, hand number) → 32-byte seed


def grace(table: Table, now: float, seconds: float) -> None:
    """Move every deadline of the table that passed to ``now + seconds``: nobody is struck for
    time the bot could not run (a restart, storage down)."""
    late = now + seconds
    if table.deadline is not None and table.deadline < now:
        table.deadline = late
    if table.hold is not None and table.hold.deadline < now:
        table.hold.deadline = late
    if table.ready_deadline is not None and table.ready_deadline < now:
        table.ready_deadline = late


class TableChanges:
    """Runs the changes of the tables in :class:`~.open_tables.OpenTables` and their
    consequences; keeps count of each table's storage faults in a row."""

    def __init__(
        self,
        db: Database,
        presenter: Presenter,
        clock: Clock,
        config: ServiceConfig,
        *,
        tables: OpenTables,
        saves: TableSaves,
        ahead: DecisionsAhead,
        timers: TimerSet,
        claims: Coordination,
        seeds: SeedSource | None,
        hands_finished: Counter = UNMEASURED.hands_finished,
    ) -> None:
        self._db = db
        self._presenter = presenter
        self._clock = clock
        self._config = config
        self._tables = tables
        self._saves = saves
        self._ahead = ahead
        self._timers = timers
        self._claims = claims
        self._seeds = seeds
        self._hands_finished = hands_finished  # the bot's count of hands recorded
        self.faults: dict[int, int] = {}  # table id → storage faults in a row
        self.unrestored: set[int] = set()  # resumed, "restored" not shown yet (not saved)

    def seed_source(self, table_id: int) -> Callable[[int], bytes] | None:
        """The wall seed of each hand of the table (None: fresh secret seeds)."""
        seeds = self._seeds
        if seeds is None:
            return None
        return lambda n: seeds(table_id, n)

    def after(self, run: TableRun) -> TableInfo:
        """The table as it is now (after a storage fault: as it was last saved)."""
        table = self._tables.get(run.table.id)
        return info_of(run.table if table is None else table, self._clock.now())

    @asynccontextmanager
    async def changing(self, table_id: int) -> AsyncIterator[TableRun]:
        """Hold the table's lock around a change and carry out its consequences. A refusal
        raised inside leaves the table as it was (checks come before changes).

        When storage fails (:meth:`_storage_fault`) the table goes back to its last saved
        state. The caller gets :class:`StorageUnavailable` unless its change itself was saved
        (a save after the change succeeded and a later step failed, e.g. recording the hand
        the move finished): that rest is retried by the table's timer."""
        async with self._tables.lock(table_id):
            table = self._tables.find(table_id)
            if table_id in self.faults:
                # nobody is struck for the storage's downtime
                grace(table, self._clock.now(), self._config.resume_grace_seconds)
            run = TableRun(table, self._config, self._clock.now(), Effects())
            run.decided = self._ahead.decided(table_id)
            if table_id in self.unrestored:
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
        recorded = await play_and_record(self._db, run, self._saves.persist)
        if recorded:
            self._hands_finished.inc(recorded)
        if t.end_reason is not None:
            await self._close(run)
            return
        run.refresh_private()
        await self._saves.persist(run)
        self.faults.pop(t.id, None)
        self.unrestored.discard(t.id)
        await self._present(run.saved_calls)
        self.arm(t)
        self._ahead.request(run)

    async def _close(self, run: TableRun) -> None:
        """Settle and close. Safe to repeat after a crash or a storage fault at any point: the
        end is saved first, a session already settled is read back, and a table whose end is
        saved is let go at once — marking its row closed is retried on its own."""
        t = run.table
        reason = t.end_reason or "ended"
        await self._saves.persist(run)
        await settle_session(self._db, run, reason)
        t.status, t.hold = TableStatus.ENDED, None
        run.out.log_table("closed", reason=reason)
        run.out.table_closed(run.info(), reason)
        await self._saves.persist(run)
        self.forget(t)
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

    def forget(self, table: Table) -> None:
        """Let the table go: its claim, its timer, and everything kept about it here."""
        self._claims.release_table(table.id)
        self._timers.cancel(table.id)
        self._tables.remove(table.id)
        self._saves.forget(table.id)
        self.faults.pop(table.id, None)
        self.unrestored.discard(table.id)
        self._ahead.forget(table.id)

    def _backoff(self, faults: int) -> float:
        cfg = self._config
        return float(
            min(cfg.storage_retry_max_seconds, cfg.storage_retry_seconds * 2 ** (faults - 1))
        )

    async def _storage_fault(self, run: TableRun, exc: StorageUnavailable) -> None:
        """A save failed: the table goes back to its last saved snapshot (nothing unsaved is
        shown or kept), what was saved before the fault is shown, and the table tries again
        after a back-off. A table never saved at all (its creation failed) is forgotten."""
        t = run.table
        self._ahead.discard(t.id)  # made for states the table is no longer in
        faults = self.faults.get(t.id, 0) + 1
        delay = self._backoff(faults)
        self._tables.unseat_table(t.id)
        if not self._saves.has_saved(t.id):
            log.warning("table %s: storage unavailable (%s); not opened", t.id, exc.detail)
            self.forget(t)
            await self._present(run.saved_calls)
            return
        log.warning(
            "table %s: storage unavailable (%s); back to its last saved state, retrying in %.0f s",
            t.id,
            exc.detail,
            delay,
        )
        self.faults[t.id] = faults
        table = self._saves.rebuild(t.id, self.seed_source(t.id))
        if table.status is TableStatus.LOBBY and table.ledger_session_id is None:
            # a start whose ledger session opened but whose save failed: the next start
            # reuses that session instead of opening another
            table.ledger_session_id = t.ledger_session_id
        self._tables.put(table)
        self._tables.seat_users(table, displace=False)
        await self._present(run.saved_calls)
        table_id = t.id
        self._timers.arm(table_id, self._clock.now() + delay, lambda: self.on_timer(table_id))

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

    def next_wake(self, table: Table) -> float | None:
        """When the table's timer is to fire next (:func:`~.timers.next_wake`)."""
        return next_wake(table, self._config, self._clock.now())

    def arm(self, table: Table) -> None:
        table_id = table.id
        self._timers.arm(table_id, self.next_wake(table), lambda: self.on_timer(table_id))

    async def on_timer(self, table_id: int) -> None:
        """The table's timer fired: an empty change (the run does what is due)."""
        try:
            async with self.changing(table_id):
                pass
        except TableNotFound:
            return
        except StorageUnavailable:
            return  # logged; the table is back at its saved state and tries again later
