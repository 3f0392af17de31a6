"""Saving a table's changes to its event store (:mod:`shangrao_bot.store.games`).

Each save writes, in one go, the events a run gathered since its last save and the table's
snapshot (:func:`~.snapshot.snapshot_of`), after the log position this process last wrote: a
log another process wrote meanwhile (:class:`~shangrao_bot.store.errors.LogMovedOn`) means the
table is no longer ours to run. What the run gathered to show so far becomes showable once
saved: nothing unsaved is ever shown.

Each table's last saved snapshot stays in memory, as the JSON text saved: when storage fails,
the table goes back to exactly that (:meth:`TableSaves.rebuild`).
"""

from __future__ import annotations

import json
import logging
from collections.abc import Callable

from shangrao_bot.engine.views import PlayerView
from shangrao_bot.service.errors import TableNotFound
from shangrao_bot.service.model import Table, TableInfo
from shangrao_bot.service.snapshot import snapshot_of, table_from_snapshot
from shangrao_bot.service.table_run import TableRun
from shangrao_bot.store import games
from shangrao_bot.store.database.interface import Database
from shangrao_bot.store.errors import LogMovedOn

log = logging.getLogger(__name__)

# (table, seat, that seat's view) → nothing: starts work for showing the view, shows nothing
Prepare = Callable[[TableInfo, int, PlayerView], None]


class TableSaves:
    """Saves the tables' changes and remembers what each table last saved.

    ``prepare``: told each seat's private view a change produced, before the change is saved
    (see :class:`~.tables.TableService`). ``lost(table_id)``: called when another process
    wrote the table's log (the table must be let go here)."""

    def __init__(
        self, db: Database, *, prepare: Prepare | None, lost: Callable[[int], None]
    ) -> None:
        self._db = db
        self._prepare = prepare
        self._lost = lost
        # SECRET: each table's last saved snapshot, as the JSON text saved (what it goes back
        # to when a save fails)
        self._saved: dict[int, str] = {}
        self._log_seq: dict[int, int] = {}  # table id → the last event of its log saved

    async def persist(self, run: TableRun) -> None:
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
            self._lost(t.id)
            raise TableNotFound(table=t.id) from None
        run.out.log = []
        self._saved[t.id] = snapshot
        run.saved_calls.extend(run.out.calls)
        run.out.calls = []
        run.saves += 1

    def adopt(self, table_id: int, snapshot: str, seq: int) -> None:
        """A table resumed from storage: ``snapshot`` (as saved) and its log's position."""
        self._saved[table_id] = snapshot
        self._log_seq[table_id] = seq

    def has_saved(self, table_id: int) -> bool:
        return table_id in self._saved

    def rebuild(self, table_id: int, seeds: Callable[[int], bytes] | None) -> Table:
        """The table as it was last saved (:meth:`has_saved` must hold)."""
        return table_from_snapshot(json.loads(self._saved[table_id]), seeds)

    def forget(self, table_id: int) -> None:
        self._saved.pop(table_id, None)
        self._log_seq.pop(table_id, None)
