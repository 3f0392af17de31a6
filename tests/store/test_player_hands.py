"""A player's hands on SQLite and PostgreSQL: where hands were played (another server's left
out), a player's latest confirmed hands (voided and pending ones not), the players they sat
with most (counted from the per-session totals, checked against the hands themselves), and a
player's figures read without their running total."""

from __future__ import annotations

from collections import Counter

from shangrao_bot.store.database.interface import Database
from shangrao_bot.store.ledger import (
    get_hand,
    guest_player,
    open_session,
    record_hand,
    user_player,
    void_hand,
)
from shangrao_bot.store.ledger.player_hands import (
    CHUNK,
    HandPlace,
    hand_places,
    recent_hands,
    tablemates,
)
from shangrao_bot.store.ledger.stats import history, player_stats
from tests.store.conftest import CHANNEL, GUILD, OTHER_GUILD, four_player_session, kong_draw
from tests.store.conftest import self_draw_win as win


async def two_tables(db: Database) -> tuple[list[int], list[int], list[int], int]:
    """Four members at a physical table (three confirmed hands, one voided, one pending); three
    of them and a guest at a bot table (two confirmed hands); another server's table. Gives the
    members' ids, the physical table's confirmed hands, the bot table's, and the other
    server's hand."""
    s = await four_player_session(db)
    members = [p.id for p in s.seats]
    physical = [
        (await record_hand(db, GUILD, s.id, win(0, 2), 100, confirmed=True)).id,
        (await record_hand(db, GUILD, s.id, win(1, 4, (1, 0, 0, 0)), 100, confirmed=True)).id,
        (await record_hand(db, GUILD, s.id, kong_draw(2), 100, confirmed=True)).id,
    ]
    voided = await record_hand(db, GUILD, s.id, win(3, 50), 100, confirmed=True)
    await void_hand(db, GUILD, voided.id, 100, "not played")
    await record_hand(db, GUILD, s.id, win(3, 10), 100)  # pending
    guest = await guest_player(db, GUILD, "guest")
    seated = [members[0], members[1], members[3], guest.id]
    t = await open_session(
        db, GUILD, CHANNEL + 1, "virtual", {"preset": "shangrao"}, 1, 100, seated
    )
    table = [
        (await record_hand(db, GUILD, t.id, win(2, 3), 100, confirmed=True)).id,
        (await record_hand(db, GUILD, t.id, win(0, 8), 100, confirmed=True)).id,
    ]
    others = [await user_player(db, OTHER_GUILD, 200 + i, f"other{i}") for i in range(4)]
    o = await open_session(db, OTHER_GUILD, CHANNEL, "physical", {}, 1, 200, [p.id for p in others])
    other = await record_hand(db, OTHER_GUILD, o.id, win(0, 2), 200, confirmed=True)
    return members, physical, table, other.id


async def test_hand_places_of_the_server_only(db: Database) -> None:
    _, physical, table, other = await two_tables(db)
    places = await hand_places(db, GUILD, [*physical, *table, other, 10**9, physical[0]])
    assert set(places) == {*physical, *table}
    for hand_id in physical:
        hand = await get_hand(db, GUILD, hand_id)
        assert places[hand_id] == HandPlace(hand_id, hand.session_id, "physical")
    assert {places[h].kind for h in table} == {"virtual"}
    assert len({places[h].session_id for h in table}) == 1
    # more ids than one query takes: read in chunks, found all the same
    many = [*range(10**9, 10**9 + CHUNK), *table]
    assert set(await hand_places(db, GUILD, many)) == set(table)
    assert await hand_places(db, OTHER_GUILD, physical) == {}
    assert await hand_places(db, GUILD, []) == {}


async def test_recent_hands_newest_first_confirmed_only(db: Database) -> None:
    members, physical, table, _ = await two_tables(db)
    latest = await recent_hands(db, GUILD, members[0])
    assert [h.place.hand_id for h in latest] == [*reversed(table), *reversed(physical)]
    newest = latest[0]  # win(0, 8) at the bot table: seat 0 self-drew, 8 from each other seat
    assert newest.place.kind == "virtual" and newest.outcome == "win"
    assert (newest.delta, newest.won, newest.self_draw) == (24, True, True)
    assert newest.pattern == "平胡自摸" and newest.seq == 2
    drawn = latest[2]  # the kong draw: seat 0 paid 2
    assert (drawn.outcome, drawn.delta, drawn.won, drawn.pattern) == ("draw", -2, False, None)
    assert [h.place.hand_id for h in await recent_hands(db, GUILD, members[0], limit=2)] == [
        *reversed(table)
    ]
    assert [h.place.hand_id for h in await recent_hands(db, GUILD, members[2])] == [
        *reversed(physical)
    ]
    assert await recent_hands(db, OTHER_GUILD, members[0]) == []


async def test_tablemates_count_the_hands_played_together(db: Database) -> None:
    members, _, _, _ = await two_tables(db)
    mates = await tablemates(db, GUILD, members[0])
    # checked against the hands themselves: each confirmed hand of the player, its other seats
    together: Counter[int] = Counter()
    for hand in await history(db, GUILD, player_id=members[0], include_voided=False, limit=100):
        if hand.status == "confirmed":
            together.update(p.id for p in hand.players if p.id != members[0])
    assert {m.player.id: m.hands for m in mates} == dict(together)
    assert [(m.player.id, m.hands) for m in mates] == [
        (members[1], 5),
        (members[3], 5),
        (members[2], 3),
        (mates[-1].player.id, 2),
    ]
    assert mates[-1].player.is_guest
    assert [m.player.id for m in await tablemates(db, GUILD, members[0], limit=2)] == [
        members[1],
        members[3],
    ]
    assert await tablemates(db, OTHER_GUILD, members[0]) == []


async def test_player_stats_without_the_running_total(db: Database) -> None:
    members, _, _, _ = await two_tables(db)
    full = await player_stats(db, GUILD, members[0])
    short = await player_stats(db, GUILD, members[0], running=False)
    assert full.trend and short.trend == []
    assert {**vars(short), "trend": full.trend} == vars(full)
