"""A session's sheet (:mod:`shangrao_bot.service.session_sheet`): its totals are the ledger's
balances and its running totals end there; an open session's settlement is the fewest
transfers that clear it as it stands, a closed one's the transfers it stored; a hand confirmed
in the middle of the read never leaves the sheet half old, half new; and the reads do not grow
with the hands."""

from __future__ import annotations

from collections.abc import AsyncIterator, Awaitable
from pathlib import Path
from typing import cast

import pytest

from shangrao_bot.fewest_transfers import minimum_transfers
from shangrao_bot.service.session_sheet import read_session_sheet
from shangrao_bot.store.database.interface import Database
from shangrao_bot.store.database.opening import open_database
from shangrao_bot.store.errors import NotFound
from shangrao_bot.store.ledger import (
    Quorum,
    close_session,
    confirm_hand,
    list_transfers,
    mark_paid,
    record_hand,
    session_balances,
    session_version,
    void_hand,
)
from tests.service.test_versioned_reads import interrupted
from tests.store.conftest import GUILD, OTHER_GUILD, four_player_session, kong_draw
from tests.store.conftest import self_draw_win as win


@pytest.fixture
async def sqlite_db(tmp_path: Path) -> AsyncIterator[Database]:
    db = await open_database(tmp_path / "ledger.db")
    yield db
    await db.close()


async def test_totals_running_totals_and_settlement(sqlite_db: Database) -> None:
    db = sqlite_db
    info = await four_player_session(db)
    await record_hand(db, GUILD, info.id, win(0, 3, (0, 1, 0, 0)), 100, confirmed=True)
    await record_hand(db, GUILD, info.id, kong_draw(3), 100, confirmed=True)
    dropped = await record_hand(db, GUILD, info.id, win(2, 40), 100, confirmed=True)
    await void_hand(db, GUILD, dropped.id, 100, "not played")
    waiting = await record_hand(db, GUILD, info.id, win(1, 20), 100)

    sheet = await read_session_sheet(db, GUILD, info.id)

    balances = await session_balances(db, GUILD, info.id)
    assert [(t.seat, t.player.id, t.total) for t in sheet.totals] == [
        (i, p.id, balances[p.id]) for i, p in enumerate(info.seats)
    ]
    assert [h.status for h in sheet.hands] == ["confirmed", "confirmed", "voided", "pending"]
    running = sheet.running()
    assert [r.hand.seq for r in running] == [1, 2]
    assert running[0].totals == (12, -6, -3, -3) and running[-1].totals == (10, -8, -5, 3)
    assert running[-1].totals == tuple(t.total for t in sheet.totals)
    assert not sheet.settled
    assert [(o.payer.id, o.payee.id, o.amount, o.paid) for o in sheet.transfers] == [
        (t.payer, t.payee, t.amount, False) for t in minimum_transfers(balances)
    ]
    assert sheet.version == await session_version(db, info.id)

    await void_hand(db, GUILD, waiting.id, 100, "never confirmed")
    settlement = await close_session(db, GUILD, info.id, 100)
    await mark_paid(db, GUILD, settlement.transfers[-1].id, 100)
    closed = await read_session_sheet(db, GUILD, info.id)
    stored = await list_transfers(db, GUILD, info.id)
    assert closed.settled and closed.session.status == "closed"
    assert [(o.payer, o.payee, o.amount, o.paid) for o in closed.transfers] == [
        (t.payer, t.payee, t.amount, t.paid_at is not None) for t in stored
    ]
    assert [o.paid for o in closed.transfers][-1] and not closed.transfers[0].paid


async def test_another_guilds_session_is_not_found(sqlite_db: Database) -> None:
    other = await four_player_session(sqlite_db, OTHER_GUILD)
    with pytest.raises(NotFound):
        await read_session_sheet(sqlite_db, GUILD, other.id)


async def test_a_hand_confirmed_in_the_middle_of_the_read_is_wholly_in_or_out(
    sqlite_db: Database,
) -> None:
    db = sqlite_db
    quorum = Quorum(frozenset({101}), 1, 100)
    counting = interrupted(db, None)
    info = await four_player_session(db)
    await read_session_sheet(cast(Database, counting), GUILD, info.id)
    queries = counting.reads
    assert queries >= 5  # the version, the session and its seats, the hands, the version
    for at in range(queries):
        info = await four_player_session(db, guild=GUILD + 1 + at)
        await record_hand(db, info.guild_id, info.id, win(1, 3), 100, confirmed=True)
        hand = await record_hand(db, info.guild_id, info.id, win(0, 2), 100)
        before = await read_session_sheet(db, info.guild_id, info.id)

        def confirm(guild: int = info.guild_id, hand_id: int = hand.id) -> Awaitable[object]:
            return confirm_hand(db, guild, hand_id, 101, True, quorum)

        reader = interrupted(db, at, confirm)
        sheet = await read_session_sheet(cast(Database, reader), info.guild_id, info.id)
        after = await read_session_sheet(db, info.guild_id, info.id)
        assert reader.reads > at, "the change was not made"
        assert before.transfers != after.transfers
        assert sheet in (before, after), f"the change before read {at} mislabelled"


async def test_the_reads_do_not_grow_with_the_hands(sqlite_db: Database) -> None:
    db = sqlite_db
    reads = []
    for guild, hands in ((GUILD, 1), (GUILD + 1, 16)):
        info = await four_player_session(db, guild=guild)
        for n in range(hands):
            await record_hand(db, guild, info.id, win(n % 4, 2), 100, confirmed=True)
        counting = interrupted(db, None)
        sheet = await read_session_sheet(cast(Database, counting), guild, info.id)
        assert len(sheet.hands) == hands
        reads.append(counting.reads)
    assert reads[0] == reads[1] <= 7
