"""QueuedPresenter: the service's calls return at once while a slow presenter works through
each table's calls in order."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Sequence

import pytest

from shangrao_bot.engine.events import Event
from shangrao_bot.service import TableService
from shangrao_bot.service.model import TableInfo
from shangrao_bot.service.queued import QueuedPresenter
from shangrao_bot.store.database.interface import Database
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


class GatedStart(RecordingPresenter):
    """Records like its parent, but the hand's start waits until the gate opens."""

    def __init__(self, clock: ManualClock) -> None:
        super().__init__(clock)
        self.gate = asyncio.Event()

    async def hand_started(self, table: TableInfo, events: Sequence[Event]) -> None:
        await self.gate.wait()
        await super().hand_started(table, events)


async def test_instant_calls_are_made_inline_only_when_their_table_is_idle(
    db: Database, clock: ManualClock
) -> None:
    inner = GatedStart(clock)
    queued = QueuedPresenter(inner, instant={"private_changed", "prompt", "table_changed"})
    svc = TableService(db, queued, clock=clock, config=FAST, seeds=seeds_for)
    try:
        table_id = await open_table(svc, hands=1)
        # the hand's start is still being presented: the calls after it wait their turn,
        # instant or not (the human's first prompt among them)
        assert "hand_started" not in [c.name for c in inner.calls]
        assert not inner.named("prompt", "private_changed", "table_changed")
        inner.gate.set()
        await queued.drain()
        names = [c.name for c in inner.calls if c.table.id == table_id]
        assert names.index("hand_started") < names.index("prompt")
        # idle: an instant call is made before the service's call returns, another is queued
        info = svc.get(table_id)
        view = svc.private_view(table_id, HOST)
        made = len(inner.calls)
        await queued.private_changed(info, 0, view)
        assert [c.name for c in inner.calls[made:]] == ["private_changed"]
        await queued.notice(info, "table.paused")
        assert len(inner.calls) == made + 1
        await queued.drain()
        assert [c.name for c in inner.calls[made:]] == ["private_changed", "notice"]
    finally:
        await svc.shutdown()
        await queued.close()


class FailingLobby(RecordingPresenter):
    """Every lobby change fails with the error the test sets."""

    def __init__(self, clock: ManualClock, error: Exception) -> None:
        super().__init__(clock)
        self.error = error

    async def lobby_changed(self, table: TableInfo) -> None:
        raise self.error


async def test_a_transient_fault_is_one_warning_line_and_a_bug_is_a_traceback(
    db: Database, clock: ManualClock, caplog: pytest.LogCaptureFixture
) -> None:
    for error, level, traced in (
        (ConnectionResetError("gone"), logging.WARNING, False),
        (KeyError("bug"), logging.ERROR, True),
    ):
        caplog.clear()
        inner = FailingLobby(clock, error)
        queued = QueuedPresenter(inner, transient=lambda e: isinstance(e, ConnectionError))
        svc = TableService(db, queued, clock=clock, config=FAST, seeds=seeds_for)
        try:
            with caplog.at_level(logging.WARNING, logger="shangrao_bot.service.queued"):
                await open_table(svc, humans=[HOST], ais=[], start=False)
                await queued.drain()
            failed = [r for r in caplog.records if "lobby_changed failed" in r.getMessage()]
            assert failed and {r.levelno for r in failed} == {level}
            assert all(bool(r.exc_info) is traced for r in failed)
        finally:
            await svc.shutdown()
            await queued.close()
