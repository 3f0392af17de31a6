"""The lobby: seats, the one-table-per-member rule, AI seats, host rights, start conditions,
settings, spectators, leaving and ending before the game."""

from __future__ import annotations

import pytest

from shangrao_bot.rules.ruleset import Preset
from shangrao_bot.service import SeatKind, TableService, TableStatus
from shangrao_bot.service.errors import (
    AlreadySeated,
    AlreadyStarted,
    BadAILevel,
    BadSeat,
    BadTableConfig,
    NotAnAI,
    NotEnoughPlayers,
    NotHost,
    NotHostOrAdmin,
    NotSeated,
    SeatTaken,
    TableFull,
    TableNotFound,
    TooManyTables,
)
from shangrao_bot.store.database.interface import Database
from shangrao_bot.store.guilds import update_settings
from shangrao_bot.store.ledger import list_sessions
from tests.service.conftest import CHANNEL, GUILD, HOST, RecordingPresenter, open_table


async def test_create_seats_the_host_and_uses_the_guild_rules(
    service: TableService, db: Database, presenter: RecordingPresenter
) -> None:
    await update_settings(db, GUILD, HOST, stake=3, di_hu=False)
    info = await service.create_table(GUILD, CHANNEL, HOST, "Host", thread_id=77, hands=2)
    assert info.status is TableStatus.LOBBY and info.thread_id == 77
    seat0 = info.seats[0]
    assert seat0 is not None and seat0.user_id == HOST and seat0.kind is SeatKind.HUMAN
    assert info.config.rules.stake == 3 and not info.config.rules.di_hu
    assert info.config.rules.preset is Preset.SHANGRAO and info.config.hands == 2
    assert service.table_of(GUILD, HOST) == info.id
    assert presenter.named("lobby_changed")[-1].table.id == info.id

    other = await service.create_table(GUILD, CHANNEL, 200, "B", preset="baike")
    assert other.config.rules.preset is Preset.BAIKE and other.config.rules.stake == 3
    assert [t.id for t in service.tables(GUILD, CHANNEL)] == [info.id, other.id]


@pytest.mark.parametrize(
    "options",
    [{"hands": 0}, {"hands": 65}, {"turn_seconds": 1}, {"claim_seconds": 1}, {"preset": "nope"}],
)
async def test_bad_settings_are_refused(service: TableService, options: dict[str, object]) -> None:
    with pytest.raises(BadTableConfig):
        await service.create_table(GUILD, CHANNEL, HOST, "Host", **options)  # type: ignore[arg-type]
    assert service.tables() == []


@pytest.mark.slow
async def test_seats_fill_and_a_member_sits_at_one_table(service: TableService) -> None:
    tid = (await service.create_table(GUILD, CHANNEL, HOST, "Host")).id
    await service.join(tid, 201, "a")
    with pytest.raises(SeatTaken):
        await service.join(tid, 202, "b", seat=1)
    with pytest.raises(BadSeat):
        await service.join(tid, 202, "b", seat=7)
    info = await service.join(tid, 202, "b", seat=3)
    assert [s.user_id if s else None for s in info.seats] == [HOST, 201, None, 202]
    await service.join(tid, 203, "c")
    with pytest.raises(TableFull):
        await service.join(tid, 204, "d")
    with pytest.raises(AlreadySeated):
        await service.join(tid, 201, "a")

    second = (await service.create_table(GUILD, CHANNEL, 300, "Other")).id
    with pytest.raises(AlreadySeated) as err:
        await service.join(second, 201, "a")
    assert err.value.args_ == {"table": tid} and err.value.key == "table.already_seated"
    with pytest.raises(AlreadySeated):
        await service.create_table(GUILD, CHANNEL, 202, "b")
    # another guild is another world
    await service.create_table(GUILD + 1, CHANNEL, 201, "a")


async def test_ai_seats_and_host_rights(service: TableService) -> None:
    tid = (await service.create_table(GUILD, CHANNEL, HOST, "Host")).id
    await service.join(tid, 201, "guest")
    with pytest.raises(NotHost):
        await service.add_ai(tid, 201, "easy")
    with pytest.raises(BadAILevel):
        await service.add_ai(tid, HOST, "godlike")
    info = await service.add_ai(tid, HOST, "easy")
    ai = info.seats[2]
    assert ai is not None and ai.kind is SeatKind.AI and ai.name == "AI 3 (easy)"
    with pytest.raises(NotEnoughPlayers) as err:
        await service.start(tid, HOST)
    assert err.value.args_ == {"empty": 1}
    with pytest.raises(NotAnAI):
        await service.remove_ai(tid, HOST, 1)
    with pytest.raises(NotHost):
        await service.remove_ai(tid, 201, 2)
    info = await service.remove_ai(tid, HOST, 2)
    assert info.seats[2] is None
    await service.add_ai(tid, HOST, "normal")
    await service.add_ai(tid, HOST, "normal")
    with pytest.raises(NotHost):
        await service.start(tid, 201)
    info = await service.start(tid, HOST)
    assert info.status is TableStatus.PLAYING and info.hand_no == 1
    assert info.dice is not None and info.dice.first_dealer == info.dealer  # dealer by dice
    assert info.public is not None and info.public.commitment  # the fairness hash is public
    with pytest.raises(AlreadyStarted):
        await service.add_ai(tid, HOST, "easy")
    with pytest.raises(AlreadyStarted):
        await service.join(tid, 999, "late")


async def test_leaving_the_lobby(service: TableService, presenter: RecordingPresenter) -> None:
    tid = (await service.create_table(GUILD, CHANNEL, HOST, "Host")).id
    await service.join(tid, 201, "second")
    with pytest.raises(NotSeated):
        await service.leave(tid, 999)
    info = await service.leave(tid, HOST)
    assert info.host_id == 201 and info.seats[0] is None
    assert service.table_of(GUILD, HOST) is None
    assert presenter.named("notice")[-1].args["key"] == "table.notice.host_changed"
    # the host may now sit elsewhere
    await service.create_table(GUILD, CHANNEL, HOST, "Host")
    await service.leave(tid, 201)  # the last human (the host) leaves: the table closes
    assert presenter.named("table_closed")[-1].args["reason"] == "abandoned"
    with pytest.raises(TableNotFound):
        service.get(tid)
    assert service.table_of(GUILD, 201) is None


async def test_spectators(service: TableService) -> None:
    tid = (await service.create_table(GUILD, CHANNEL, HOST, "Host")).id
    info = await service.watch(tid, 500)
    assert info.spectators == {500}
    assert (await service.watch(tid, HOST)).spectators == {500}  # players see the board anyway
    info = await service.join(tid, 500, "now playing")
    assert info.spectators == frozenset() and info.seat_of(500) == 1
    await service.watch(tid, 501)
    assert (await service.leave(tid, 501)).spectators == frozenset()


async def test_ending_before_the_game(
    service: TableService, db: Database, presenter: RecordingPresenter
) -> None:
    tid = (await service.create_table(GUILD, CHANNEL, HOST, "Host")).id
    await service.join(tid, 201, "guest")
    with pytest.raises(NotHostOrAdmin):
        await service.end(tid, 201)
    await service.end(tid, 777, is_admin=True)
    assert presenter.named("table_closed")[-1].args["reason"] == "ended"
    assert not presenter.named("session_ended")
    assert await list_sessions(db, GUILD) == []
    assert service.table_of(GUILD, 201) is None


async def test_too_many_tables(db: Database, presenter: RecordingPresenter) -> None:
    from dataclasses import replace

    from tests.service.conftest import FAST

    svc = TableService(db, presenter, config=replace(FAST, max_tables_per_guild=2))
    try:
        await open_table(svc, humans=[1], start=False)
        await open_table(svc, humans=[2], start=False)
        with pytest.raises(TooManyTables):
            await open_table(svc, humans=[3], start=False)
    finally:
        await svc.shutdown()


async def test_seat_refusals_count_seats_as_players_do(service: TableService) -> None:
    tid = (await service.create_table(GUILD, CHANNEL, HOST, "Host")).id
    with pytest.raises(SeatTaken) as taken:
        await service.join(tid, 202, "b", seat=0)
    assert taken.value.args_ == {"seat": 1}
    with pytest.raises(NotAnAI) as not_ai:
        await service.remove_ai(tid, HOST, 2)
    assert not_ai.value.args_ == {"seat": 3}


@pytest.mark.parametrize("dealer", [0, 2])
async def test_a_table_started_with_its_first_dealer(service: TableService, dealer: int) -> None:
    """A club event's table deals first from the seat its seating made East, not the dice's."""
    table_id = await open_table(service, start=False)
    started = await service.start(table_id, HOST, first_dealer=dealer)
    assert started.dealer == dealer and started.hand_no == 1
