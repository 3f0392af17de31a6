"""What the league's page lists besides its rankings, on both databases: the newest sessions
with their seats and confirmed hands, and the newest bot-table hands — found among the
server's newest hands or, when those are all of physical tables, through its bot tables'
sessions — never another server's."""

from __future__ import annotations

import pytest

from shangrao_bot.store.database.interface import Database
from shangrao_bot.store.ledger import league as league_lists
from shangrao_bot.store.ledger import open_session, record_hand, user_player
from shangrao_bot.store.ledger.league import recent_sessions, recent_table_hands
from tests.store.conftest import CHANNEL, GUILD, OTHER_GUILD, four_player_session, kong_draw
from tests.store.conftest import self_draw_win as win


async def test_newest_sessions_with_seats_and_counts(db: Database) -> None:
    first = await four_player_session(db)
    await record_hand(db, GUILD, first.id, win(0, 2), 100, confirmed=True)
    await record_hand(db, GUILD, first.id, win(1, 2), 100)  # pending: not counted
    players = [await user_player(db, GUILD, 300 + i, f"v{i}") for i in range(4)]
    second = await open_session(
        db, GUILD, CHANNEL + 1, "virtual", {}, 1, 100, [p.id for p in players]
    )
    await four_player_session(db, OTHER_GUILD)
    lines = await recent_sessions(db, GUILD, limit=10)
    assert [line.id for line in lines] == [second.id, first.id]
    assert [line.hands for line in lines] == [0, 1]
    assert [p.display_name for p in lines[0].players] == ["v0", "v1", "v2", "v3"]
    assert lines[0].kind == "virtual" and lines[1].kind == "physical"
    assert [line.id for line in await recent_sessions(db, GUILD, limit=1)] == [second.id]


async def test_bot_table_hands_newest_first_either_way(
    db: Database, monkeypatch: pytest.MonkeyPatch
) -> None:
    players = [await user_player(db, GUILD, 300 + i, f"v{i}") for i in range(4)]
    table = await open_session(
        db, GUILD, CHANNEL + 1, "virtual", {}, 1, 100, [p.id for p in players]
    )
    table_hands = [
        (await record_hand(db, GUILD, table.id, win(i % 4, 2), 100, confirmed=True)).id
        for i in range(3)
    ]
    physical = await four_player_session(db)
    for _ in range(4):  # newer than every bot-table hand
        await record_hand(db, GUILD, physical.id, kong_draw(1), 100, confirmed=True)
    other = await four_player_session(db, OTHER_GUILD)
    await record_hand(db, OTHER_GUILD, other.id, win(0, 2), 100, confirmed=True)

    found = await recent_table_hands(db, GUILD, limit=2)
    assert [h.id for h in found] == table_hands[::-1][:2]  # among the newest 500
    assert found[0].winner is not None and found[0].winner.display_name == "v2"
    monkeypatch.setattr(league_lists, "NEWEST_LOOKED_AT", 2)  # only physical hands there
    assert [h.id for h in await recent_table_hands(db, GUILD, limit=5)] == table_hands[::-1]
    assert await recent_table_hands(db, OTHER_GUILD) == []
