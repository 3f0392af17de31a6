"""QueuedPresenter: the service's calls return at once while a slow presenter works through
each table's calls in order."""

from __future__ import annotations

import asyncio

from shangrao_bot.service import TableService
from shangrao_bot.service.model import TableInfo
from shangrao_bot.service.queued import QueuedPresenter
from shangrao_bot.store.db import Database
from tests.service.conftest import (
    FAST,
    HOST,
    ManualClock,
    RecordingPresenter,
    open_table,
    seeds_for,
)


class GatedPresenter(RecordingPresenter):
    """Records like its parent, but each lobby change waits until the gate opens."""

    def __init__(self, clock: ManualClock) -> None:
        super().__init__(clock)
        self.gate = asyncio.Event()

    async def lobby_changed(self, table: TableInfo) -> None:
        await self.gate.wait()
        await super().lobby_changed(table)


async def test_slow_presentation_does_not_hold_the_table(db: Database, clock: ManualClock) -> None:
    inner = GatedPresenter(clock)
    queued = QueuedPresenter(inner)
    svc = TableService(db, queued, clock=clock, config=FAST, seeds=seeds_for)
    try:
        first = await open_table(svc, humans=[HOST, 201], ais=["easy"], start=False)
        other = await open_table(svc, humans=[300], ais=[], start=False)
        assert inner.calls == []  # everything waits behind the gate, the service did not
        await svc.end(other, 300)
        inner.gate.set()
        await queued.drain()
        mine = [c for c in inner.calls if c.table.id == first]
        assert [len([s for s in c.table.seats if s]) for c in mine] == [1, 2, 3]
        theirs = [c.name for c in inner.calls if c.table.id == other]
        assert theirs == ["lobby_changed", "table_closed"]
    finally:
        await svc.shutdown()
        await queued.close()
