"""The virtual tables' event store, guild settings, and guild isolation across every query."""

from __future__ import annotations

import pytest

from shangrao_bot.store.database.interface import Database
from shangrao_bot.store.database.transactions import Tx
from shangrao_bot.store.errors import InvalidRecord, LogMovedOn, NotFound, UniqueViolation
from shangrao_bot.store.games import (
    append_events,
    close_table,
    create_table,
    get_table,
    load_events,
    open_tables,
)
from shangrao_bot.store.guilds import get_settings, update_settings
from shangrao_bot.store.ledger import audit_trail, list_sessions, record_hand
from shangrao_bot.store.ledger.stats import history, leaderboard, player_stats
from shangrao_bot.store.prefs import dm_panels_off, set_dm_panels
from tests.store.conftest import GUILD, OTHER_GUILD, four_player_session, self_draw_win


async def test_event_log_and_snapshot_resume(db: Database) -> None:
    table = await create_table(db, GUILD, 5, thread_id=6)
    assert table.snapshot is None and table.status == "open"
    seq = await append_events(db, table.id, [{"kind": "dealt"}, {"kind": "drew"}], {"v": 1})
    assert seq == 2
    seq = await append_events(db, table.id, [{"kind": "discarded", "tile": "5m"}], None)
    assert seq == 3
    again = await get_table(db, table.id)
    assert again.snapshot == {"v": 1} and again.snapshot_seq == 2
    assert await load_events(db, table.id, after_seq=again.snapshot_seq) == [
        {"kind": "discarded", "tile": "5m"}
    ]
    assert [t.id for t in await open_tables(db)] == [table.id]
    await close_table(db, table.id)
    assert await open_tables(db) == []
    with pytest.raises(InvalidRecord, match="is closed"):
        await append_events(db, table.id, [{"kind": "late"}], None)
    with pytest.raises(NotFound):
        await append_events(db, 999, [], None)


async def test_the_event_log_refuses_a_second_writer(db: Database) -> None:
    """Two processes that both believed they ran a table: the one whose log position is stale
    is refused whole, so the log never interleaves them."""
    table = await create_table(db, GUILD, 5)
    assert await append_events(db, table.id, [{"k": 1}], {"v": 1}, after_seq=0) == 1
    assert await append_events(db, table.id, [{"k": 2}], {"v": 2}, after_seq=1) == 2
    with pytest.raises(LogMovedOn, match="another process"):
        await append_events(db, table.id, [{"k": "stale"}], {"v": "stale"}, after_seq=1)
    again = await get_table(db, table.id)
    assert again.snapshot == {"v": 2} and again.snapshot_seq == 2
    assert await load_events(db, table.id) == [{"k": 1}, {"k": 2}]

    # and two writers of one sequence number: the log's key refuses the second
    async def write_seq_2_again(tx: Tx) -> None:
        await tx.execute(
            "INSERT INTO game_events (table_id, seq, event, at) VALUES (?, 2, '{}', 'now')",
            (table.id,),
        )

    with pytest.raises(UniqueViolation):
        await db.write(write_seq_2_again)


async def test_settings_defaults_updates_and_refusals(db: Database) -> None:
    assert (await get_settings(db, GUILD)).preset == "shangrao"
    s = await update_settings(db, GUILD, 7, preset="baike", stake=5, di_hu=False)
    assert (s.preset, s.stake, s.switches) == ("baike", 5, {"di_hu": False})
    assert await get_settings(db, GUILD) == s
    assert (await get_settings(db, OTHER_GUILD)).preset == "shangrao"
    with pytest.raises(InvalidRecord, match="'riichi' is not a preset"):
        await update_settings(db, GUILD, 7, preset="riichi")
    with pytest.raises(InvalidRecord, match="stake 0 is not allowed"):
        await update_settings(db, GUILD, 7, stake=0)
    with pytest.raises(InvalidRecord, match="'colour' is not a setting"):
        await update_settings(db, GUILD, 7, colour="red")
    assert (await audit_trail(db, GUILD))[0]["action"] == "settings"


async def test_no_query_returns_another_guilds_data(db: Database) -> None:
    mine = await four_player_session(db, GUILD)
    theirs = await four_player_session(db, OTHER_GUILD)
    for _ in range(3):
        await record_hand(db, GUILD, mine.id, self_draw_win(0, 2), 1, confirmed=True)
        await record_hand(db, OTHER_GUILD, theirs.id, self_draw_win(1, 3), 1, confirmed=True)
    foreign = {p.id for p in theirs.seats}
    assert not {r.player.id for r in await leaderboard(db, GUILD)} & foreign
    assert {s.id for s in await list_sessions(db, GUILD)} == {mine.id}
    assert all(h.session_id == mine.id for h in await history(db, GUILD))
    with pytest.raises(NotFound):
        await player_stats(db, GUILD, theirs.seats[0].id)
    stats = await player_stats(db, GUILD, mine.seats[0].id)
    assert not set(stats.head_to_head) & foreign
    assert all(a["guild_id"] == GUILD for a in await audit_trail(db, GUILD))


async def test_dm_preference_is_kept_per_user(db: Database) -> None:
    assert await dm_panels_off(db) == set()
    await set_dm_panels(db, 42, on=False)
    await set_dm_panels(db, 43, on=False)
    await set_dm_panels(db, 43, on=True)
    assert await dm_panels_off(db) == {42}
