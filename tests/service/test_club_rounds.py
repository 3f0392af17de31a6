"""Club events' rounds, the service over a real SQLite ledger, at physical tables: a count
that is not a multiple of four needs the organiser's choice; a round seats everyone once, opens
a session per table in its own channel with the seats in wind order, and writes nothing when it
is refused; the standings are the sums of each player's deltas in the event's sessions (a
substitute's for no one, a void at once); a round ends when every table has played its hands;
the swiss rounds avoid repeated pairs while they can; a manual seating is checked."""

from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from shangrao_bot.service.club_events import ClubDesk, ClubRefused
from shangrao_bot.service.club_rounds import ClubRounds, FillChoice
from shangrao_bot.service.club_tables import PhysicalTables
from shangrao_bot.service.seating import Actor
from shangrao_bot.service.session_opening import RosterEntry
from shangrao_bot.store.database.interface import Database
from shangrao_bot.store.database.opening import open_database
from shangrao_bot.store.ledger import get_session, record_hand, void_hand
from shangrao_bot.store.ledger.events import Event, EventSettings
from tests.store.conftest import self_draw_win as win

GUILD = 1001
CHANNEL = 55
ORGANISER = Actor(100, "organiser")
SETTINGS = EventSettings(
    rounds=3,
    seating="swiss",
    tables_kind="physical",
    rules={"preset": "shangrao"},
    hands_per_round=2,
    resting="zero",
    seed=7,
)


@pytest.fixture
async def sqlite_db(tmp_path: Path) -> AsyncIterator[Database]:
    db = await open_database(tmp_path / "ledger.db")
    yield db
    await db.close()


CHANNELS = itertools.count(1000)  # each table's thread: a channel of its own


def tables_for(db: Database) -> PhysicalTables:
    channels = CHANNELS

    async def channel_for(event: Event, round_no: int, table_no: int) -> int:
        return next(channels)

    return PhysicalTables(db, channel_for, lambda n: f"Substitute {n}", stake=1)


async def event_of(db: Database, members: int, guests: int = 0, **changes: object) -> int:
    desk = ClubDesk(db)
    settings = EventSettings(**{**SETTINGS.__dict__, **changes})  # type: ignore[arg-type]
    event = await desk.create(GUILD, CHANNEL, "Club night", ORGANISER, settings)
    roster = [RosterEntry(f"m{i}", 200 + i) for i in range(members)]
    roster += [RosterEntry(f"Guest {i}") for i in range(guests)]
    names = {200 + i: f"Member {i}" for i in range(members)}
    await desk.add(GUILD, event.id, ORGANISER, roster, names)
    return event.id


async def play_round(db: Database, rounds: ClubRounds, event_id: int, value: int) -> None:
    """Every table of the round being played records the event's hands: seat 0 and seat 2
    each win one."""
    sheet = await rounds.sheet(GUILD, event_id)
    assert sheet.playing is not None
    for table in sheet.playing.tables:
        assert table.session_id is not None
        for winner in (0, 2)[: sheet.event.settings.hands_per_round]:
            await record_hand(
                db,
                GUILD,
                table.session_id,
                win(winner, value + table.table_no),
                100,
                confirmed=True,
            )


def pairs(tables: object) -> Counter[tuple[int, int]]:
    met: Counter[tuple[int, int]] = Counter()
    for table in tables:  # type: ignore[attr-defined]
        seated = sorted(p for p in table.seats if p is not None)
        met.update(itertools.combinations(seated, 2))
    return met


async def test_thirteen_players_rest_one_and_the_standings_are_the_sums(
    sqlite_db: Database,
) -> None:
    db = sqlite_db
    event_id = await event_of(db, 10, 3)
    rounds = ClubRounds(db)
    with pytest.raises(ClubRefused) as refused:
        await rounds.start(GUILD, event_id, ORGANISER, tables_for(db))
    assert refused.value.key == "club.choose_fill"
    assert refused.value.args_ == {"count": 13, "rest": 1, "fill": 3}
    with pytest.raises(ClubRefused) as refused:
        await rounds.start(GUILD, event_id, Actor(999, "someone"), tables_for(db), FillChoice.REST)
    assert refused.value.key == "club.organiser_only"
    assert (await rounds.sheet(GUILD, event_id)).rounds == []  # nothing written
    started = await rounds.start(GUILD, event_id, ORGANISER, tables_for(db), FillChoice.REST)
    first = started.round
    assert first.round_no == 1 and len(first.tables) == 3 and len(first.resting) == 1
    seated = [p for t in first.tables for p in t.seats]
    assert len(seated) == len(set(seated)) == 12 and None not in seated
    for table in first.tables:  # each table's session: its own channel, seats in wind order
        assert table.session_id is not None
        info = await get_session(db, GUILD, table.session_id)
        assert [p.id for p in info.seats] == list(table.seats) and info.status == "open"
    assert len({(await get_session(db, GUILD, t.session_id)).channel_id for t in first.tables}) == 3  # type: ignore[arg-type]
    assert await rounds.tables_done(await rounds.sheet(GUILD, event_id)) == (0, 3)
    await play_round(db, rounds, event_id, 1)
    sheet = await rounds.sheet(GUILD, event_id)
    assert await rounds.tables_done(sheet) == (3, 3)
    await rounds.end_round(sheet, ORGANISER.user_id, tables_for(db))
    # the standings: each player's sum of deltas over the event's sessions
    sheet = await rounds.sheet(GUILD, event_id)
    standings = await rounds.standings(sheet)
    sums: Counter[int] = Counter()
    for table in sheet.rounds[0].tables:
        rows = await db.fetchall(
            "SELECT s.player_id, SUM(s.delta) FROM hand_seats s JOIN hands h ON h.id = s.hand_id"
            " WHERE h.session_id = ? AND h.status = 'confirmed' GROUP BY s.player_id",
            (table.session_id,),
        )
        sums.update({int(r[0]): int(r[1]) for r in rows})
    assert {line.player.id: line.total for line in standings.lines} == {
        p.player.id: sums.get(p.player.id, 0) for p in sheet.players
    }
    assert sum(line.total for line in standings.lines) == 0
    assert standings.lines[0].total == max(sums.values())
    rested = next(line for line in standings.lines if line.rested_rounds)
    assert rested.player.id == first.resting[0] and rested.total == 0
    # a void changes them at once
    hand = await db.fetchone(
        "SELECT id FROM hands WHERE session_id = ? ORDER BY id LIMIT 1",
        (sheet.rounds[0].tables[0].session_id,),
    )
    assert hand is not None
    await void_hand(db, GUILD, int(hand[0]), 100, "wrong")
    after = await rounds.standings(await rounds.sheet(GUILD, event_id))
    assert after != standings and sum(line.total for line in after.lines) == 0


async def test_swiss_rounds_avoid_meeting_again(sqlite_db: Database) -> None:
    db = sqlite_db
    event_id = await event_of(db, 16, rounds=3)
    rounds = ClubRounds(db)
    met: Counter[tuple[int, int]] = Counter()
    for value in range(3):
        started = await rounds.start(GUILD, event_id, ORGANISER, tables_for(db))
        met.update(pairs(started.round.tables))
        assert started.round.repeats == 0
        await play_round(db, rounds, event_id, value)
        await rounds.end_round(await rounds.sheet(GUILD, event_id), 100, tables_for(db))
    assert max(met.values()) == 1  # sixteen players, three rounds: nobody meets twice
    with pytest.raises(ClubRefused) as refused:
        await rounds.start(GUILD, event_id, ORGANISER, tables_for(db))
    assert refused.value.key == "club.no_rounds_left"


async def test_fill_ins_are_substitutes_who_count_for_no_one(sqlite_db: Database) -> None:
    db = sqlite_db
    event_id = await event_of(db, 9)
    rounds = ClubRounds(db)
    started = await rounds.start(GUILD, event_id, ORGANISER, tables_for(db), FillChoice.FILL)
    fill_seats = [(t, s) for t in started.round.tables for s, p in enumerate(t.seats) if p is None]
    assert len(fill_seats) == 3 and len({t.table_no for t, _ in fill_seats}) == 3
    for table, seat in fill_seats:
        info = await get_session(db, GUILD, table.session_id)  # type: ignore[arg-type]
        assert info.seats[seat].display_name == f"Substitute {table.table_no}"
    await play_round(db, rounds, event_id, 5)
    standings = await rounds.standings(await rounds.sheet(GUILD, event_id))
    assert len(standings.lines) == 9  # the substitutes are nobody's
    assert all(not line.player.display_name.startswith("Substitute") for line in standings.lines)


async def test_a_round_closed_early_counts_as_far_as_it_got(sqlite_db: Database) -> None:
    db = sqlite_db
    event_id = await event_of(db, 8)
    rounds = ClubRounds(db)
    started = await rounds.start(GUILD, event_id, ORGANISER, tables_for(db))
    session = started.round.tables[0].session_id
    assert session is not None
    await record_hand(db, GUILD, session, win(1, 3), 100, confirmed=True)
    await record_hand(db, GUILD, session, win(2, 4), 100)  # waiting for confirmations
    closed = await rounds.close(GUILD, event_id, ORGANISER, tables_for(db))
    assert closed.status == "closed"
    assert (await get_session(db, GUILD, session)).status == "open"  # open for corrections
    standings = await rounds.standings(await rounds.sheet(GUILD, event_id))
    assert sorted(line.total for line in standings.lines if line.total) == [-3, -3, -3, 9]
    finished = await rounds.finish(GUILD, event_id, ORGANISER, tables_for(db))
    assert not finished.event.is_open
    assert (await get_session(db, GUILD, session)).status == "closed"  # settled at the end
    voided = await db.fetchone(
        "SELECT status FROM hands WHERE session_id = ? ORDER BY id DESC", (session,)
    )
    assert voided is not None and voided[0] == "voided"  # never confirmed: voided as expired


async def test_a_manual_seating_is_checked(sqlite_db: Database) -> None:
    db = sqlite_db
    event_id = await event_of(db, 8, seating="manual")
    rounds = ClubRounds(db)
    sheet = await rounds.sheet(GUILD, event_id)
    ids = [p.player.id for p in sheet.players]
    with pytest.raises(ClubRefused) as refused:
        await rounds.start(GUILD, event_id, ORGANISER, tables_for(db))
    assert refused.value.key == "club.manual_tables"
    with pytest.raises(Exception) as bad:  # a player twice: the engine's refusal
        await rounds.start(
            GUILD, event_id, ORGANISER, tables_for(db), manual=[ids[:4], [ids[0], *ids[5:8]]]
        )
    assert getattr(bad.value, "key", "").startswith("event.")
    started = await rounds.start(
        GUILD, event_id, ORGANISER, tables_for(db), manual=[ids[4:8], ids[:4]]
    )
    assert {frozenset(t.seats) for t in started.round.tables} == {
        frozenset(ids[:4]),
        frozenset(ids[4:8]),
    }


async def test_winds_first_gives_each_player_each_wind_once_in_four_rounds(
    sqlite_db: Database,
) -> None:
    db = sqlite_db
    event_id = await event_of(db, 12, rounds=4, winds_first=True)
    rounds = ClubRounds(db)
    winds: dict[int, Counter[int]] = {}
    for value in range(4):
        started = await rounds.start(GUILD, event_id, ORGANISER, tables_for(db))
        for table in started.round.tables:
            for seat, pid in enumerate(table.seats):
                assert pid is not None
                winds.setdefault(pid, Counter())[seat] += 1
        await play_round(db, rounds, event_id, value)
        await rounds.end_round(await rounds.sheet(GUILD, event_id), 100, tables_for(db))
    assert len(winds) == 12
    assert all(sorted(c.values()) == [1, 1, 1, 1] for c in winds.values())
