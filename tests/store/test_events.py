"""Club events in the ledger, on both databases: players joining from the next round, a
round's seating written whole or refused whole, at most one round played at a time, each
seat's results over its table's confirmed hands (a void changes them at once), a corrected
seating moving the recorded hands with the seat in one audited transaction."""

from __future__ import annotations

import json

import pytest

from shangrao_bot.store.database.interface import Database
from shangrao_bot.store.ledger import guest_player, open_session, record_hand, user_player
from shangrao_bot.store.ledger.audit import audit_trail
from shangrao_bot.store.ledger.event_rounds import (
    TableSeats,
    attach_session,
    close_round,
    event_rounds,
    next_round_no,
    seat_results,
    start_round,
    swap_seats,
)
from shangrao_bot.store.ledger.events import (
    EventNotFound,
    EventRefused,
    EventSettings,
    add_event_player,
    create_event,
    event_players,
    finish_event,
    get_event,
    list_events,
    remove_event_player,
    set_event_messages,
)
from shangrao_bot.store.ledger.hands import void_hand
from tests.store.conftest import CHANNEL, GUILD, OTHER_GUILD
from tests.store.conftest import self_draw_win as win

ORGANISER = 100
SETTINGS = EventSettings(
    rounds=3,
    seating="swiss",
    tables_kind="physical",
    rules={"preset": "shangrao"},
    hands_per_round=4,
    resting="zero",
    seed=42,
)


async def event_with(db: Database, count: int, settings: EventSettings = SETTINGS) -> tuple:
    event = await create_event(db, GUILD, CHANNEL, "  Club   night  ", ORGANISER, settings)
    players = []
    for i in range(count):
        if i % 5 == 4:
            p = await guest_player(db, GUILD, f"guest {i}")
        else:
            p = await user_player(db, GUILD, 200 + i, f"user {i}")
        await add_event_player(db, GUILD, event.id, p.id, ORGANISER)
        players.append(p.id)
    return event, players


def tables_of(players: list[int]) -> list[TableSeats]:
    return [
        TableSeats(
            n + 1, (players[4 * n], players[4 * n + 1], players[4 * n + 2], players[4 * n + 3])
        )
        for n in range(len(players) // 4)
    ]


async def test_an_event_and_its_players(db: Database) -> None:
    event, players = await event_with(db, 9)
    assert event.name == "Club night" and event.is_open and event.settings == SETTINGS
    assert [e.id for e in await list_events(db, GUILD, open_only=True)] == [event.id]
    with pytest.raises(EventNotFound):
        await get_event(db, OTHER_GUILD, event.id)
    joined = await event_players(db, event.id)
    assert [p.player.id for p in joined] == players
    assert all(p.joined_round == 1 and p.left_round is None for p in joined)
    with pytest.raises(EventRefused) as refused:
        await add_event_player(db, GUILD, event.id, players[0], ORGANISER)
    assert refused.value.key == "store.event.already_in"
    await remove_event_player(db, GUILD, event.id, players[8], ORGANISER)  # never seated: gone
    assert len(await event_players(db, event.id)) == 8
    await set_event_messages(db, GUILD, event.id, message_id=5, standings_message_id=6)
    again = await get_event(db, GUILD, event.id)
    assert (again.message_id, again.standings_message_id) == (5, 6)


@pytest.mark.parametrize(
    "change",
    [
        {"rounds": 0},
        {"rounds": 17},
        {"seating": "chaos"},
        {"tables_kind": "online"},
        {"hands_per_round": 0},
        {"resting": "half"},
    ],
)
async def test_settings_out_of_range_are_refused(db: Database, change: dict) -> None:
    settings = EventSettings(**{**SETTINGS.__dict__, **change})
    with pytest.raises(EventRefused) as refused:
        await create_event(db, GUILD, CHANNEL, "x", ORGANISER, settings)
    assert refused.value.key == "store.event.bad_setting"
    assert await list_events(db, GUILD) == []


async def test_rounds_seat_everyone_once_and_one_at_a_time(db: Database) -> None:
    event, players = await event_with(db, 9)
    with pytest.raises(EventRefused) as refused:  # nobody rests: one player left out
        await start_round(db, GUILD, event.id, tables_of(players[:8]), [], "none", 0, ORGANISER)
    assert refused.value.key == "store.event.bad_seating"
    with pytest.raises(EventRefused):  # a player twice
        await start_round(
            db, GUILD, event.id, tables_of(players[:8]), [players[0]], "rest", 0, ORGANISER
        )
    assert await event_rounds(db, event.id) == []  # nothing half-written
    first = await start_round(
        db, GUILD, event.id, tables_of(players[:8]), [players[8]], "rest", 0, ORGANISER
    )
    assert first.round_no == 1 and first.is_playing and first.resting == (players[8],)
    assert [t.seats for t in first.tables] == [tuple(players[:4]), tuple(players[4:8])]
    with pytest.raises(EventRefused) as refused:
        await start_round(
            db, GUILD, event.id, tables_of(players[1:9]), [players[0]], "rest", 0, ORGANISER
        )
    assert refused.value.key == "store.event.round_playing"
    late = await user_player(db, GUILD, 999, "late")
    joined = await add_event_player(db, GUILD, event.id, late.id, ORGANISER)
    assert joined.joined_round == 2 and not joined.plays_in(1) and joined.plays_in(2)
    await remove_event_player(db, GUILD, event.id, players[0], ORGANISER)  # seated: leaves
    left = {p.player.id: p for p in await event_players(db, event.id)}[players[0]]
    assert left.left_round == 2 and left.plays_in(1) and not left.plays_in(2)
    await close_round(db, GUILD, event.id, 1, ORGANISER)
    with pytest.raises(EventRefused):
        await close_round(db, GUILD, event.id, 1, ORGANISER)
    assert await next_round_no(db, event.id) == 2
    second_players = [*players[1:], late.id]  # 9 players: one of them rests
    second = await start_round(
        db,
        GUILD,
        event.id,
        [
            TableSeats(1, (second_players[0], second_players[1], None, second_players[2])),
            TableSeats(2, tuple(second_players[3:7])),
            TableSeats(3, (second_players[7], second_players[8], None, None)),
        ],
        [],
        "fill",
        1,
        ORGANISER,
    )
    assert second.round_no == 2 and second.fill == "fill" and second.repeats == 1
    assert second.tables[0].seats[2] is None


async def test_results_follow_the_confirmed_hands(db: Database) -> None:
    event, players = await event_with(db, 8)
    round_ = await start_round(db, GUILD, event.id, tables_of(players), [], "none", 0, ORGANISER)
    session = await open_session(
        db,
        GUILD,
        CHANNEL + 1,
        "physical",
        {"preset": "shangrao"},
        1,
        ORGANISER,
        list(round_.tables[0].seats),  # type: ignore[arg-type]
    )
    await attach_session(db, event.id, 1, 1, session.id)
    one = await record_hand(db, GUILD, session.id, win(0, 2), ORGANISER, confirmed=True)
    await record_hand(db, GUILD, session.id, win(2, 3), ORGANISER, confirmed=True)
    await record_hand(db, GUILD, session.id, win(1, 50), ORGANISER)  # pending: not counted
    results = {(r.table_no, r.seat): r for r in await seat_results(db, event.id)}
    assert len(results) == 8
    assert [results[(1, s)].points for s in range(4)] == [6 - 3, -2 - 3, -2 + 9, -2 - 3]
    assert all(results[(1, s)].hands == 2 for s in range(4))
    assert all(results[(2, s)].points == 0 and results[(2, s)].hands == 0 for s in range(4))
    assert sum(r.points for r in results.values()) == 0
    await void_hand(db, GUILD, one.id, ORGANISER, "wrong winner")
    after = {(r.table_no, r.seat): r.points for r in await seat_results(db, event.id)}
    assert [after[(1, s)] for s in range(4)] == [-3, -3, 9, -3]
    rounds = await event_rounds(db, event.id)
    assert rounds[0].tables[0].session_id == session.id


async def test_a_corrected_seating_moves_the_hands_with_the_seat(db: Database) -> None:
    event, players = await event_with(db, 8)
    round_ = await start_round(db, GUILD, event.id, tables_of(players), [], "none", 0, ORGANISER)
    sessions = []
    for table in round_.tables:
        s = await open_session(
            db,
            GUILD,
            CHANNEL + table.table_no,
            "physical",
            {"preset": "shangrao"},
            1,
            ORGANISER,
            list(table.seats),  # type: ignore[arg-type]
        )
        await attach_session(db, event.id, 1, table.table_no, s.id)
        sessions.append(s.id)
    await record_hand(db, GUILD, sessions[0], win(0, 5), ORGANISER, confirmed=True)
    await record_hand(db, GUILD, sessions[1], win(3, 1), ORGANISER, confirmed=True)
    # players[0] (table 1, East) and players[5] (table 2, South) were really in each other's place
    swapped = await swap_seats(db, GUILD, event.id, 1, (1, 0), (2, 1), actor=101)
    assert swapped.tables[0].seats[0] == players[5] and swapped.tables[1].seats[1] == players[0]
    seat_rows = await db.fetchall(
        "SELECT h.session_id, s.seat, s.player_id, s.delta FROM hand_seats s"
        " JOIN hands h ON h.id = s.hand_id WHERE s.seat IN (0, 1) ORDER BY h.session_id, s.seat"
    )
    by_seat = {(int(r[0]), int(r[1])): (int(r[2]), int(r[3])) for r in seat_rows}
    assert by_seat[(sessions[0], 0)] == (players[5], 15)  # East's win is now players[5]'s
    assert by_seat[(sessions[1], 1)] == (players[0], -1)
    session_seats = await db.fetchall(
        "SELECT session_id, seat, player_id FROM session_seats WHERE session_id IN (?, ?)"
        " ORDER BY session_id, seat",
        tuple(sessions),
    )
    assert [int(r[2]) for r in session_seats] == [
        players[5],
        players[1],
        players[2],
        players[3],
        players[4],
        players[0],
        players[6],
        players[7],
    ]
    trail = [a for a in await audit_trail(db, GUILD) if a["action"] == "swap_seats"]
    assert len(trail) == 1 and trail[0]["actor"] == 101
    assert json.loads(trail[0]["after"])["players"] == [players[5], players[0]]
    with pytest.raises(EventRefused):  # the same seat
        await swap_seats(db, GUILD, event.id, 1, (1, 0), (1, 0), actor=101)
    await close_round(db, GUILD, event.id, 1, ORGANISER)
    with pytest.raises(EventRefused) as refused:
        await swap_seats(db, GUILD, event.id, 1, (1, 0), (2, 1), actor=101)
    assert refused.value.key == "store.event.round_not_playing"


async def test_a_finished_event_takes_no_more(db: Database) -> None:
    event, players = await event_with(db, 8)
    await start_round(db, GUILD, event.id, tables_of(players), [], "none", 0, ORGANISER)
    with pytest.raises(EventRefused) as refused:
        await finish_event(db, GUILD, event.id, ORGANISER)
    assert refused.value.key == "store.event.round_playing"
    await close_round(db, GUILD, event.id, 1, ORGANISER)
    done = await finish_event(db, GUILD, event.id, ORGANISER)
    assert done.status == "finished" and done.finished_at is not None
    late = await user_player(db, GUILD, 999, "late")
    with pytest.raises(EventRefused) as refused:
        await add_event_player(db, GUILD, event.id, late.id, ORGANISER)
    assert refused.value.key == "store.event.finished"
