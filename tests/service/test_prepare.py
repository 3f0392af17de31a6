"""The service's head start on showing a seat's view (``TableService(prepare=…)``): each
private view a change produced is handed to ``prepare`` before the change is saved, so that
slow work for showing it (the Discord presenter draws the hand picture) overlaps the save —
while the view itself is shown only once saved, and never when the save fails."""

from __future__ import annotations

import logging
from pathlib import Path

import pytest

from shangrao_bot.engine.views import PlayerView
from shangrao_bot.errors import StorageUnavailable
from shangrao_bot.service import ManualClock, TableInfo, TableService
from shangrao_bot.service.table_saves import Prepare
from shangrao_bot.store.database.interface import Database
from shangrao_bot.store.database.opening import open_database
from tests.service.conftest import (
    FAST,
    HOST,
    RecordingPresenter,
    drive,
    legal_now,
    normal_policy,
    open_table,
    seeds_for,
)
from tests.storage_faults import write_lock


class Preparations:
    """Each ``prepare`` call, with how many presenter calls had been made by then."""

    def __init__(self, presenter: RecordingPresenter) -> None:
        self.presenter = presenter
        self.views: list[tuple[int, int, PlayerView]] = []  # (calls shown by then, seat, view)

    def __call__(self, info: TableInfo, seat: int, view: PlayerView) -> None:
        self.views.append((len(self.presenter.calls), seat, view))


async def play_one_hand(
    db: Database, clock: ManualClock, presenter: RecordingPresenter, prepare: Prepare, seed: int
) -> None:
    """A table of the host and three AIs, one hand played to its close."""
    svc = TableService(db, presenter, clock=clock, config=FAST, seeds=seeds_for, prepare=prepare)
    try:
        tid = await open_table(svc, hands=1)
        await drive(svc, clock, tid, {HOST: normal_policy(seed)}, presenter.closed)
    finally:
        await svc.shutdown()


async def test_every_shown_view_was_prepared_before_it_was_shown(
    db: Database, clock: ManualClock
) -> None:
    presenter = RecordingPresenter(clock)
    prepared = Preparations(presenter)
    await play_one_hand(db, clock, presenter, prepared, 3)
    shown = [
        (i, c.args["seat"], c.args["view"])
        for i, c in enumerate(presenter.calls)
        if c.name in ("private_changed", "prompt")
    ]
    assert len(shown) > 10
    for index, seat, view in shown:
        early = [at for at, s, v in prepared.views if v is view and s == seat]
        assert early and early[0] <= index, f"call {index} was not prepared before it was shown"
    assert {seat for _, seat, _ in prepared.views} == {0}  # the human's seat only


async def test_a_view_prepared_for_a_move_that_was_not_saved_is_never_shown(
    tmp_path: Path, clock: ManualClock
) -> None:
    path = tmp_path / "bot.db"
    db = await open_database(path, busy_timeout_ms=50)
    presenter = RecordingPresenter(clock)
    prepared = Preparations(presenter)
    svc = TableService(db, presenter, clock=clock, config=FAST, seeds=seeds_for, prepare=prepared)
    try:
        tid = await open_table(svc, hands=1)
        policy = normal_policy(5)
        await drive(svc, clock, tid, {HOST: policy}, lambda: legal_now(svc, tid, HOST) is not None)
        view = legal_now(svc, tid, HOST)
        assert view is not None
        before, shown = len(prepared.views), len(presenter.calls)
        lock = write_lock(path)
        await lock.start()
        try:
            with pytest.raises(StorageUnavailable):
                await svc.act(tid, HOST, policy(view), view.public.sequence, hand=1)
        finally:
            await lock.stop()
        assert len(prepared.views) > before  # the move's view got its head start …
        assert len(presenter.calls) == shown  # … and was not shown
    finally:
        await svc.shutdown()
        await db.close()


async def test_a_failing_prepare_does_not_stop_the_game(
    db: Database, clock: ManualClock, caplog: pytest.LogCaptureFixture
) -> None:
    def broken(info: TableInfo, seat: int, view: PlayerView) -> None:
        raise RuntimeError("no head start today")

    caplog.set_level(logging.ERROR)
    presenter = RecordingPresenter(clock)
    await play_one_hand(db, clock, presenter, broken, 4)
    assert [c.args["reason"] for c in presenter.named("table_closed")] == ["completed"]
    assert presenter.named("prompt")
    assert any("preparing a panel failed" in r.getMessage() for r in caplog.records)
