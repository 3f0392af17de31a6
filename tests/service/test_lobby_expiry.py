"""Lobbies that nobody changes close after ``lobby_idle_seconds`` — also across a restart,
measured from their last saved change — with a public notice, freeing the guild's table places:
forgotten lobbies cannot block table creation for a whole server."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from shangrao_bot.catalog import BY_KEY
from shangrao_bot.discord_bot import service_config_for
from shangrao_bot.service import ServiceConfig, TableService, TableStatus
from shangrao_bot.service.errors import TableNotFound, TooManyTables
from shangrao_bot.settings import SettingsError, load_settings
from shangrao_bot.store import games
from shangrao_bot.store.database.interface import Database
from shangrao_bot.store.database.opening import open_database
from tests.service.conftest import (
    CHANNEL,
    FAST,
    GUILD,
    HOST,
    ManualClock,
    RecordingPresenter,
    seeds_for,
)

IDLE = 1800.0


def test_the_default_idle_time_is_thirty_minutes() -> None:
    assert ServiceConfig().lobby_idle_seconds == IDLE
    assert FAST.lobby_idle_seconds == IDLE


def _closed(presenter: RecordingPresenter, table_id: int) -> list[str]:
    return [c.args["reason"] for c in presenter.named("table_closed") if c.table.id == table_id]


async def test_an_idle_lobby_closes_and_each_change_restarts_its_time(
    service: TableService, db: Database, presenter: RecordingPresenter, clock: ManualClock
) -> None:
    tid = (await service.create_table(GUILD, CHANNEL, HOST, "Host")).id
    await clock.advance(IDLE - 60)
    await service.join(tid, 201, "b")  # a change: the idle time starts again
    await clock.advance(IDLE - 1)
    assert service.get(tid).status is TableStatus.LOBBY and not _closed(presenter, tid)
    await clock.advance(1)
    assert _closed(presenter, tid) == ["expired"]
    with pytest.raises(TableNotFound):
        service.get(tid)
    assert service.table_of(GUILD, HOST) is None and service.table_of(GUILD, 201) is None
    stored = await games.get_table(db, tid)
    assert stored.status == "closed"
    text = BY_KEY["table.closed.expired"]
    assert set(text) == {"en", "zh-CN", "zh-TW"}


@pytest.mark.slow
async def test_a_started_table_does_not_expire(
    service: TableService, presenter: RecordingPresenter, clock: ManualClock
) -> None:
    tid = (await service.create_table(GUILD, CHANNEL, HOST, "Host", seat_host=False)).id
    for _ in range(4):
        await service.add_ai(tid, HOST)
    await service.start(tid, HOST)
    await clock.advance(IDLE + 60)
    assert "expired" not in _closed(presenter, tid)


async def test_twenty_idle_lobbies_no_longer_block_a_server(
    service: TableService, presenter: RecordingPresenter, clock: ManualClock
) -> None:
    limit = service.config.max_tables_per_guild
    for host in range(limit):
        await service.create_table(GUILD, CHANNEL, 1000 + host, f"h{host}")
    with pytest.raises(TooManyTables):
        await service.create_table(GUILD, CHANNEL, 5000, "late")
    await clock.advance(IDLE)
    assert service.tables(GUILD) == []
    assert len(presenter.named("table_closed")) == limit
    info = await service.create_table(GUILD, CHANNEL, 5000, "late")
    assert info.status is TableStatus.LOBBY


async def _restart(path: str | Path, clock: ManualClock) -> tuple[TableService, RecordingPresenter]:
    db = await open_database(path)
    presenter = RecordingPresenter(clock)
    return TableService(db, presenter, clock=clock, config=FAST, seeds=seeds_for), presenter


async def test_idle_time_counts_across_a_restart_from_the_last_change(
    db_target: str | Path, db: Database, clock: ManualClock, presenter: RecordingPresenter
) -> None:
    first = TableService(db, presenter, clock=clock, config=FAST, seeds=seeds_for)
    tid = (await first.create_table(GUILD, CHANNEL, HOST, "Host")).id
    await clock.advance(600)
    await first.add_ai(tid, HOST)  # the last change, 10 minutes in
    changed = clock.now()
    await clock.advance(600)
    assert first.snapshot(tid)["table"]["changed_at"] == changed
    await first.shutdown()

    second, shown = await _restart(db_target, clock)
    try:
        assert [i.id for i in await second.resume_all()] == [tid]
        await clock.advance(changed + IDLE - clock.now() - 1)
        assert second.get(tid).status is TableStatus.LOBBY
        await clock.advance(1)  # 30 minutes after the last change, not after the restart
        assert _closed(shown, tid) == ["expired"]
        assert second.tables(GUILD) == []
    finally:
        await second.shutdown()
        await second._db.close()


async def test_a_lobby_that_expired_while_the_bot_was_down_closes_on_resume(
    db_target: str | Path, db: Database, clock: ManualClock, presenter: RecordingPresenter
) -> None:
    first = TableService(db, presenter, clock=clock, config=FAST, seeds=seeds_for)
    tid = (await first.create_table(GUILD, CHANNEL, HOST, "Host")).id
    await first.shutdown()
    await clock.advance(IDLE + 3600)  # the bot was down

    second, shown = await _restart(db_target, clock)
    try:
        assert await second.resume_all() == []
        assert _closed(shown, tid) == ["expired"]
        assert second.table_of(GUILD, HOST) is None
        assert (await games.get_table(second._db, tid)).status == "closed"
    finally:
        await second.shutdown()
        await second._db.close()


async def test_the_idle_time_is_a_setting(
    db: Database, clock: ManualClock, presenter: RecordingPresenter
) -> None:
    svc = TableService(
        db, presenter, clock=clock, config=replace(FAST, lobby_idle_seconds=60.0), seeds=seeds_for
    )
    try:
        tid = (await svc.create_table(GUILD, CHANNEL, HOST, "Host")).id
        await clock.advance(60)
        assert _closed(presenter, tid) == ["expired"]
    finally:
        await svc.shutdown()


def test_the_idle_time_comes_from_the_environment() -> None:
    settings = load_settings({"TABLE_LOBBY_IDLE_SECONDS": "600"})
    assert service_config_for(settings) == ServiceConfig(lobby_idle_seconds=600.0)
    with pytest.raises(SettingsError):
        load_settings({"TABLE_LOBBY_IDLE_SECONDS": "5"})  # a lobby needs time to fill
