"""A private panel's view once it is sent: released, it and its buttons are freed at once by
reference counting — without it, each panel would be a reference cycle of about 45 objects
left for the garbage collector, which runs on the event loop."""

from __future__ import annotations

import gc
from pathlib import Path

import pytest

from shangrao_bot.service import ManualClock, TableService
from shangrao_bot.store.database.opening import open_database
from shangrao_bot.ui.hand_buttons import release_view
from shangrao_bot.ui.panel_parts import panel_view
from tests.service.conftest import (
    FAST,
    HOST,
    RecordingPresenter,
    drive,
    legal_now,
    open_table,
    seeds_for,
)

PANELS = 50


@pytest.mark.slow
async def test_a_released_panel_view_leaves_nothing_for_the_collector(tmp_path: Path) -> None:
    db = await open_database(tmp_path / "bot.db")
    clock = ManualClock()
    svc = TableService(db, RecordingPresenter(clock), clock=clock, config=FAST, seeds=seeds_for)
    try:
        tid = await open_table(svc, hands=1)
        await drive(svc, clock, tid, {}, lambda: legal_now(svc, tid, HOST) is not None)
        info, view = svc.get(tid), svc.private_view(tid, HOST)
        assert view.legal
        left: dict[bool, int] = {}
        gc.collect()
        gc.disable()
        try:
            for released in (False, True):
                gc.collect()
                before = len(gc.get_objects())
                for _ in range(PANELS):
                    items = panel_view(info, view, "zh-CN")
                    assert items is not None and items.to_components()  # as sent
                    if released:
                        release_view(items)
                    del items
                left[released] = len(gc.get_objects()) - before
        finally:
            gc.enable()
        assert left[False] >= 20 * PANELS  # the cycles an unreleased view leaves
        assert left[True] == 0
    finally:
        await svc.shutdown()
        await db.close()
