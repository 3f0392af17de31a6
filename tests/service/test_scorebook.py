"""The scorebook (scorekeeping rules, no Discord) on each database: sessions, previews
recorded pending, who confirms, expiry, double submits, undo/void permissions, settlement,
and bad input — each refusal typed, nothing written. Hypothesis feeds random strings to the
tile form: no unhandled exception, no partial write."""

from __future__ import annotations

import asyncio
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path

import asyncpg
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from shangrao_bot.service.scorebook import ScoreBook
from shangrao_bot.service.scorekeeping import ScoreError
from shangrao_bot.service.seating import Actor
from shangrao_bot.service.session_opening import RosterEntry, parse_roster
from shangrao_bot.store.database.interface import Database
from shangrao_bot.store.database.opening import open_database
from shangrao_bot.store.errors import InvalidRecord
from shangrao_bot.store.guilds import update_settings
from shangrao_bot.store.ledger import (
    SessionInfo,
    add_alias,
    audit_trail,
    guest_player,
    session_balances,
    undo_last_hand,
    void_hand,
)
from tests.databases import create_database, drop_database, migrated_sqlite
from tests.pg_cluster import Cluster

GUILD, OTHER, CHANNEL = 1, 2, 10
ALICE = Actor(101, "Alice")
BOB = Actor(102, "Bob")
CAROL = Actor(103, "Carol")
STRANGER = Actor(999, "Stranger")
SCORER = Actor(500, "Scorer", is_scorer=True)
ADMIN = Actor(600, "Admin", is_admin=True)
NAMES = {101: "Alice", 102: "Bob", 103: "Carol"}
WIN = {"hand": "123m4p5m6p777s111z5m9s", "win": "9s", "bao": "5m"}  # 宝吊头 ×3


class Clock:
    def __init__(self) -> None:
        self.now = datetime.now(UTC)

    def __call__(self) -> datetime:
        return self.now


@pytest.fixture
def clock() -> Clock:
    return Clock()


@pytest.fixture
def book(db: Database, clock: Clock) -> ScoreBook:
    return ScoreBook(db, now=clock)


async def start(book: ScoreBook, guild: int = GUILD, guest: str = "Lao Wang") -> SessionInfo:
    roster = [RosterEntry("", 101), RosterEntry("", 102), RosterEntry("", 103), RosterEntry(guest)]
    return await book.start(guild, CHANNEL, ALICE, roster, NAMES)


async def counts(db: Database) -> tuple[int, ...]:
    out = []
    for table in ("hands", "hand_seats", "payments", "confirmations", "sessions", "transfers"):
        row = await db.fetchone(f"SELECT COUNT(*) FROM {table}")
        assert row is not None
        out.append(row[0])
    return tuple(out)


def test_roster_parsing() -> None:
    assert parse_roster("<@123456789012345678> <@!223456789012345678>Lao_Wang Li") == [
        RosterEntry("", 123456789012345678),
        RosterEntry("", 223456789012345678),
        RosterEntry("Lao_Wang"),
        RosterEntry("Li"),
    ]
    assert parse_roster("Lao Wang, 小李，<@123456789012345678>、Ann") == [
        RosterEntry("Lao Wang"),
        RosterEntry("小李"),
        RosterEntry("", 123456789012345678),
        RosterEntry("Ann"),
    ]


async def test_a_preview_counts_once_another_seated_member_confirms(
    book: ScoreBook, db: Database
) -> None:
    info = await start(book)
    p = await book.preview_tiles(GUILD, CHANNEL, ALICE, **WIN)
    assert p.hand is not None and p.hand.status == "pending" and p.winner == 0
    assert p.result.deltas == (9, -3, -3, -3) and p.needed == 1
    assert all(v == 0 for v in (await session_balances(db, GUILD, info.id)).values())
    with pytest.raises(ScoreError) as own:
        await book.confirm(GUILD, p.hand.id, ALICE)
    assert own.value.key == "sk.confirm_own"
    with pytest.raises(ScoreError) as stranger:
        await book.confirm(GUILD, p.hand.id, STRANGER)
    assert stranger.value.key == "sk.confirm_not_seated"
    done = await book.confirm(GUILD, p.hand.id, BOB)
    assert done.counted and done.hand.status == "confirmed"
    balances = await session_balances(db, GUILD, info.id)
    assert [balances[s.id] for s in info.seats] == [9, -3, -3, -3]
    with pytest.raises(ScoreError) as again:
        await book.confirm(GUILD, p.hand.id, CAROL)
    assert again.value.key == "sk.hand_counted"
    board = await book.scoreboard(info)
    assert board.deltas == ((9, -3, -3, -3),) and board.last is not None and board.pending == 0


async def test_confirmation_policy_and_officials(book: ScoreBook, db: Database) -> None:
    await start(book)
    await update_settings(db, GUILD, 1, confirmations=2)
    p = await book.preview_tiles(GUILD, CHANNEL, ALICE, **WIN)
    assert p.hand is not None and p.needed == 2
    first = await book.confirm(GUILD, p.hand.id, BOB)
    assert not first.counted and first.needed == 1
    assert (await book.confirm(GUILD, p.hand.id, BOB)).needed == 1  # twice is still one
    assert (await book.confirm(GUILD, p.hand.id, CAROL)).counted
    # a scorer confirms alone, at once, without being seated
    q = await book.preview_tiles(GUILD, CHANNEL, SCORER, winner="2", **WIN)
    assert q.hand is not None and q.winner == 1
    assert (await book.confirm(GUILD, q.hand.id, SCORER)).counted


async def test_a_lone_member_confirms_their_own_preview(book: ScoreBook) -> None:
    roster = [RosterEntry("", 101), RosterEntry("A"), RosterEntry("B"), RosterEntry("C")]
    await book.start(GUILD, CHANNEL, ALICE, roster, NAMES)
    p = await book.preview_tiles(GUILD, CHANNEL, ALICE, **WIN)
    assert p.hand is not None and p.needed == 1
    assert (await book.confirm(GUILD, p.hand.id, ALICE)).counted


async def test_previews_expire(book: ScoreBook, clock: Clock, db: Database) -> None:
    await start(book)
    await update_settings(db, GUILD, 1, confirm_minutes=5)
    p = await book.preview_tiles(GUILD, CHANNEL, ALICE, **WIN)
    assert p.hand is not None
    clock.now += timedelta(minutes=4)
    assert await book.expire_due() == []
    clock.now += timedelta(minutes=2)
    with pytest.raises(ScoreError) as late:
        await book.confirm(GUILD, p.hand.id, BOB)
    assert late.value.key == "sk.hand_expired"
    assert await book.expire_due() == []  # the confirm already voided it
    rows = await db.fetchall("SELECT status, void_reason FROM hands")
    assert [(r[0], r[1]) for r in rows] == [("voided", "expired: not confirmed in time")]


async def test_a_double_submit_records_once(book: ScoreBook, clock: Clock, db: Database) -> None:
    await start(book)
    a = await book.preview_tiles(GUILD, CHANNEL, ALICE, key="i1", **WIN)
    same_interaction = await book.preview_tiles(GUILD, CHANNEL, ALICE, key="i1", **WIN)
    same_content = await book.preview_tiles(GUILD, CHANNEL, ALICE, key="i2", **WIN)
    assert a.hand and same_interaction.hand and same_content.hand
    assert a.hand.id == same_interaction.hand.id == same_content.hand.id
    clock.now += timedelta(seconds=60)  # later, the same hand again is a new hand
    later = await book.preview_tiles(GUILD, CHANNEL, ALICE, key="i3", **WIN)
    assert later.hand and later.hand.id != a.hand.id
    assert (await counts(db))[0] == 2


async def test_quick_and_draw(book: ScoreBook) -> None:
    await start(book)
    q = await book.preview_quick(
        GUILD,
        CHANNEL,
        BOB,
        winner="Lao Wang",
        pattern="碰碰胡",
        dandiao=True,
        flown="Lao Wang:1, <@101>:1",
        bonuses="1:暗杠, Carol:明杠×2",
    )
    # 碰碰胡 4 × 单吊 2 × 飞宝 2 = 16; Alice flew one: pays 32;
    # bonuses: 2 from each to Alice, 1 from each to Carol twice
    assert q.winner == 3 and q.result.value == 16
    assert q.result.deltas == (-32 + 6 - 2, -16 - 2 - 2, -16 - 2 + 6, 64 - 2 - 2)
    d = await book.preview_draw(GUILD, CHANNEL, CAROL, bonuses="4:接宝")
    assert d.result.deltas == (-10, -10, -10, 30) and d.winner is None
    assert d.hand is not None and d.hand.outcome == "draw"


async def test_undo_void_and_end_with_settlement(book: ScoreBook, db: Database) -> None:
    info = await start(book)
    p = await book.preview_tiles(GUILD, CHANNEL, ALICE, **WIN)
    assert p.hand
    await book.confirm(GUILD, p.hand.id, BOB)
    q = await book.preview_tiles(GUILD, CHANNEL, BOB, **WIN)
    assert q.hand
    with pytest.raises(ScoreError) as not_yours:
        await book.undo(GUILD, CHANNEL, ALICE, "typo")
    assert not_yours.value.key == "sk.undo_not_yours"
    with pytest.raises(ScoreError) as no_reason:
        await book.undo(GUILD, CHANNEL, BOB, "   ")
    assert no_reason.value.key == "sk.need_reason"
    undone = await book.undo(GUILD, CHANNEL, BOB, "wrong winner")
    assert undone.id == q.hand.id and undone.status == "voided"
    with pytest.raises(ScoreError) as others:
        await book.void(GUILD, p.hand.id, CAROL, "no")
    assert others.value.key == "sk.void_not_yours"
    # a pending preview blocks the end
    r = await book.preview_tiles(GUILD, CHANNEL, CAROL, **WIN)
    with pytest.raises(ScoreError) as pending:
        await book.end(GUILD, CHANNEL, ALICE)
    assert (
        pending.value.key == "sk.ledger"
        and "wait for confirmation" in pending.value.args_["reason"]
    )
    assert r.hand
    await book.cancel(GUILD, r.hand.id, ALICE)
    with pytest.raises(ScoreError):
        await book.end(GUILD, CHANNEL, STRANGER)
    settlement = await book.end(GUILD, CHANNEL, ALICE)
    assert [(t.payer.display_name, t.payee.display_name, t.amount) for t in settlement.transfers]
    assert sum(t.amount for t in settlement.transfers) == 9
    transfer = settlement.transfers[0]
    with pytest.raises(ScoreError) as payee:
        await book.paid(GUILD, transfer.id, CAROL)
    assert payee.value.key == "sk.paid_not_payee"
    assert (await book.paid(GUILD, transfer.id, ALICE)).paid_at is not None  # Alice receives
    with pytest.raises(ScoreError):
        await book.paid(GUILD, transfer.id, ADMIN)  # already paid
    assert await book.current(GUILD, CHANNEL) is None
    assert {a["action"] for a in await audit_trail(db, GUILD)} >= {"void", "close", "paid"}
    assert info.id == settlement.session_id


@pytest.mark.parametrize(
    ("call", "key"),
    [
        ({"hand": "123m0m", "win": "9s", "bao": "5m"}, "score.bad_input"),
        ({"hand": "123m4p5m6p777s111z9s9s", "win": "9s", "bao": "5m"}, "score.not_win"),
        ({**WIN, "winner": "Zhang San"}, "sk.not_in_session.winner"),
        ({**WIN, "winner": "5"}, "sk.bad_seat.winner"),
        ({**WIN, "winner": "<@123456789012345678>"}, "sk.not_in_session.winner"),
        ({**WIN, "robbed": "0"}, "sk.bad_seat.robbed"),
        ({**WIN, "flown": "Zhang San:1"}, "sk.not_in_session.flown"),
        ({**WIN, "bonuses": "9:暗杠"}, "sk.bad_seat.bonuses"),
        ({**WIN, "flown": "Bob"}, "sk.bad_flown"),
        ({**WIN, "flown": "Bob:5"}, "sk.flown_many"),
        ({**WIN, "bonuses": "Bob:huge"}, "sk.bad_bonus"),
        ({**WIN, "how": "sideways"}, "sk.bad_how"),
        ({"hand": "123m4p5m6p777s111z5m9s", "bao": "5m"}, "sk.need_win"),
    ],
)
async def test_bad_tiles_input_writes_nothing(
    book: ScoreBook, db: Database, call: dict[str, str], key: str
) -> None:
    await start(book)
    before = await counts(db)
    with pytest.raises(ScoreError) as refused:
        await book.preview_tiles(GUILD, CHANNEL, ALICE, **call)
    assert refused.value.key == key
    assert await counts(db) == before


async def test_bad_sessions_and_strangers(book: ScoreBook, db: Database) -> None:
    roster = [RosterEntry("", 101), RosterEntry("A"), RosterEntry("B"), RosterEntry("C")]
    for bad, key in [
        (roster[:3], "sk.roster_size"),
        ([*roster[:3], RosterEntry("a")], "sk.roster_twice"),
    ]:
        with pytest.raises(ScoreError) as refused:
            await book.start(GUILD, CHANNEL, ALICE, bad, NAMES)
        assert refused.value.key == key
    for stake in (0, -5, 10**9):
        with pytest.raises(ScoreError) as absurd:
            await book.start(GUILD, CHANNEL, ALICE, roster, NAMES, stake=stake)
        assert absurd.value.key == "sk.bad_stake"
    with pytest.raises(ScoreError) as preset:
        await book.start(GUILD, CHANNEL, ALICE, roster, NAMES, preset="riichi")
    assert preset.value.key == "sk.bad_preset"
    assert await counts(db) == (0, 0, 0, 0, 0, 0)
    await start(book)
    with pytest.raises(ScoreError) as twice:
        await start(book)
    assert twice.value.key == "sk.session_open"
    with pytest.raises(ScoreError) as stranger:
        await book.preview_tiles(GUILD, CHANNEL, STRANGER, **WIN)
    assert stranger.value.key == "sk.not_seated"
    # another guild's hand: not found, nothing changes
    other = await start(book, OTHER)
    p = await book.preview_tiles(OTHER, CHANNEL, ALICE, **WIN)
    assert p.hand and other.id
    before = await counts(db)
    for action in (
        book.void(GUILD, p.hand.id, ADMIN, "x"),
        book.confirm(GUILD, p.hand.id, ADMIN),
        book.cancel(GUILD, p.hand.id, ADMIN),
    ):
        with pytest.raises(ScoreError) as foreign:
            await action
        assert foreign.value.key == "sk.ledger" and "does not exist in this server" in str(
            foreign.value.args_["reason"]
        )
    assert await counts(db) == before


async def test_outside_a_session_tiles_is_a_calculator(book: ScoreBook, db: Database) -> None:
    """Seats are numbered 1-4 as in a session, the winner being seat 1."""
    p = await book.preview_tiles(GUILD, CHANNEL, STRANGER, flown="1:1", **WIN)
    assert p.hand is None and p.session is None and p.result.deltas == (18, -6, -6, -6)
    assert p.seats == ("座1", "座2", "座3", "座4") and p.winner == 0
    assert await counts(db) == (0, 0, 0, 0, 0, 0)
    bonus = await book.preview_tiles(GUILD, CHANNEL, STRANGER, bonuses="3:暗杠", **WIN)
    assert bonus.result.deltas == (9 - 2, -3 - 2, -3 + 6, -3 - 2)
    flown = await book.preview_tiles(GUILD, CHANNEL, STRANGER, flown="4:1", **WIN)
    assert flown.result.deltas == (12, -3, -3, -6)  # seat 4 flew a 宝 and pays double
    robbed = await book.preview_tiles(GUILD, CHANNEL, STRANGER, how="rob", robbed="4", **WIN)
    assert robbed.result.deltas == (18, 0, 0, -18)  # 抢杠: the robbed seat 4 pays for all
    for field, value, key in [
        ("bonuses", "Bob:暗杠", "sk.calc_bonus"),
        ("bonuses", "0:暗杠", "sk.calc_bonus"),
        ("bonuses", "5:暗杠", "sk.calc_bonus"),
        ("flown", "0:1", "sk.calc_flown"),
        ("flown", "5:1", "sk.calc_flown"),
        ("robbed", "1", "sk.calc_robbed"),  # the winner's own kong
        ("robbed", "0", "sk.calc_robbed"),
        ("robbed", "5", "sk.calc_robbed"),
    ]:
        with pytest.raises(ScoreError) as refused:
            await book.preview_tiles(GUILD, CHANNEL, STRANGER, **{**WIN, field: value})
        assert refused.value.key == key, (field, value)
    with pytest.raises(ScoreError) as quick:
        await book.preview_quick(GUILD, CHANNEL, ALICE, winner="1", pattern="平胡自摸")
    assert quick.value.key == "sk.no_session"


async def tiles_once(path: str | Path, in_session: bool, fields: dict[str, str | None]) -> None:
    """One ``/score tiles`` through the service on an empty database: a typed refusal that
    writes nothing, or a zero-sum hand written whole (hand, four seats, every payment) — or,
    in the calculator, nothing written at all."""
    database = await open_database(path)
    try:
        book = ScoreBook(database)
        if in_session:
            await start(book)
        before = await counts(database)
        try:
            p = await book.preview_tiles(GUILD, CHANNEL, ALICE, **fields)  # type: ignore[arg-type]
        except ScoreError as refused:
            assert refused.key.startswith(("sk.", "score."))
            assert await counts(database) == before
            return
        assert sum(p.result.deltas) == 0
        after = await counts(database)
        if not in_session:
            assert after == before
            return
        assert p.hand is not None
        assert after[0] == before[0] + 1 and after[1] == before[1] + 4
        assert after[2] == before[2] + len(p.result.payments)
    finally:
        await database.close()


async def fresh_sqlite_tiles_once(
    tmp_path_factory: pytest.TempPathFactory, in_session: bool, fields: dict[str, str | None]
) -> None:
    """:func:`tiles_once` on a new SQLite file of its own (a copy of a migrated one)."""
    path = await migrated_sqlite(tmp_path_factory.mktemp("fuzz") / "f.db")
    await tiles_once(path, in_session, fields)


TILE_TEXT = st.text(alphabet="0123456789mpsz[]() 宝一二三万条筒东南西北中发白,:x", max_size=40)


@pytest.mark.slow
@settings(
    max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(
    hand=st.one_of(TILE_TEXT, st.text(max_size=40)),
    win=st.one_of(st.none(), TILE_TEXT),
    bao=TILE_TEXT,
    melds=st.one_of(st.none(), TILE_TEXT),
    how=st.sampled_from(["self", "kong", "rob", "tianhu", "dihu", "??"]),
    winner=st.one_of(st.none(), st.text(max_size=12), st.sampled_from(["1", "2", "Bob", "9"])),
    flown=st.one_of(st.none(), st.text(max_size=12), st.just("2:1")),
    robbed=st.one_of(st.none(), st.sampled_from(["1", "3", "Carol", "x"])),
)
def test_random_strings_never_crash_nor_half_write(
    tmp_path_factory: pytest.TempPathFactory,
    hand: str,
    win: str | None,
    bao: str,
    melds: str | None,
    how: str,
    winner: str | None,
    flown: str | None,
    robbed: str | None,
) -> None:
    fields = {"hand": hand, "win": win, "bao": bao, "melds": melds, "how": how}
    fields |= {"winner": winner, "flown": flown, "robbed": robbed}
    asyncio.run(fresh_sqlite_tiles_once(tmp_path_factory, True, fields))


@pytest.mark.slow
@settings(
    max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(
    hand=st.one_of(TILE_TEXT, st.text(max_size=40)),
    win=st.one_of(st.none(), TILE_TEXT),
    bao=TILE_TEXT,
    how=st.sampled_from(["self", "kong", "rob", "??"]),
    winner=st.one_of(st.none(), st.sampled_from(["1", "2", "Bob", "9"])),
    flown=st.one_of(st.none(), st.just("2:1")),
)
def test_random_strings_never_crash_nor_half_write_on_postgresql(
    pg_database: str,
    hand: str,
    win: str | None,
    bao: str,
    how: str,
    winner: str | None,
    flown: str | None,
) -> None:
    """The same on PostgreSQL: one database for the test, emptied before each example."""
    fields = {"hand": hand, "win": win, "bao": bao, "melds": None, "how": how}
    fields |= {"winner": winner, "flown": flown, "robbed": None}

    async def once() -> None:
        await empty_database(pg_database)
        await tiles_once(pg_database, True, fields)

    asyncio.run(once())


@pytest.fixture
def pg_database(pg_cluster: Cluster) -> Iterator[str]:
    """A migrated PostgreSQL database for a test that runs its own event loops (each
    ``asyncio.run`` ends its loop: the database is made and dropped on a loop of its own)."""
    url = asyncio.run(create_database(pg_cluster, migrated=True))
    try:
        yield url
    finally:
        asyncio.run(drop_database(pg_cluster, url))


async def empty_database(url: str) -> None:
    """Every row of every table gone (ids counted from 1 again); the schema stays."""
    conn = await asyncpg.connect(url)
    try:
        tables = await conn.fetch(
            "SELECT quote_ident(tablename) FROM pg_tables WHERE schemaname = 'public'"
            " AND tablename <> 'schema_version'"
        )
        await conn.execute(f"TRUNCATE {', '.join(r[0] for r in tables)} RESTART IDENTITY CASCADE")
    finally:
        await conn.close()


async def test_two_confirmations_at_once_count_the_hand(book: ScoreBook, db: Database) -> None:
    await start(book)
    await update_settings(db, GUILD, 1, confirmations=2)
    p = await book.preview_tiles(GUILD, CHANNEL, ALICE, **WIN)
    assert p.hand
    both = await asyncio.gather(
        book.confirm(GUILD, p.hand.id, BOB), book.confirm(GUILD, p.hand.id, CAROL)
    )
    assert any(o.counted for o in both)
    row = await db.fetchone("SELECT status FROM hands WHERE id = ?", (p.hand.id,))
    assert row is not None and row[0] == "confirmed"


async def test_a_counted_hand_is_never_cancelled_nor_undone_by_mistake(
    book: ScoreBook, db: Database
) -> None:
    info = await start(book)
    p = await book.preview_tiles(GUILD, CHANNEL, ALICE, **WIN)
    assert p.hand
    await book.confirm(GUILD, p.hand.id, BOB)
    # a cancel or an expiry that read the hand while it was pending is refused in the write
    with pytest.raises(InvalidRecord, match="confirmed meanwhile"):
        await void_hand(db, GUILD, p.hand.id, CAROL.user_id, "cancelled", only_pending=True)
    # an undo checked against hand 1 does not void hand 2, recorded meanwhile by someone else
    q = await book.preview_tiles(GUILD, CHANNEL, BOB, **{**WIN, "winner": "2"})
    assert q.hand
    with pytest.raises(InvalidRecord, match="recorded meanwhile"):
        await undo_last_hand(db, GUILD, info.id, ALICE.user_id, "typo", expected=p.hand.id)
    statuses = [r[0] for r in await db.fetchall("SELECT status FROM hands ORDER BY id")]
    assert statuses == ["confirmed", "pending"]


async def test_one_session_per_channel_even_when_started_at_once(
    book: ScoreBook, db: Database
) -> None:
    results = await asyncio.gather(start(book), start(book), return_exceptions=True)
    assert sum(isinstance(r, SessionInfo) for r in results) == 1
    assert all(isinstance(r, (SessionInfo, ScoreError)) for r in results)
    row = await db.fetchone("SELECT COUNT(*) FROM sessions")
    assert row is not None and row[0] == 1


async def test_two_names_of_one_player_write_nothing(book: ScoreBook, db: Database) -> None:
    wang = await guest_player(db, GUILD, "Lao Wang")
    await add_alias(db, GUILD, wang.id, "LW", 1)
    before = await counts(db)
    players_before = await db.fetchone("SELECT COUNT(*) FROM players")
    roster = parse_roster("<@101> NewGuy, Lao Wang, LW")
    with pytest.raises(ScoreError) as twice:
        await book.start(GUILD, CHANNEL, ALICE, roster, NAMES)
    assert twice.value.key == "sk.roster_twice"
    assert await counts(db) == before
    assert await db.fetchone("SELECT COUNT(*) FROM players") == players_before


async def test_impossible_bonuses_are_refused(book: ScoreBook, db: Database) -> None:
    await start(book)
    before = await counts(db)
    for bonuses, needle in [
        ("1:暗杠×4, 1:明杠", "at most four"),
        ("2:接宝, 3:接宝", "接宝 happens once"),
        ("2:接宝, 3:四个宝", "cannot both happen"),
    ]:
        with pytest.raises(ScoreError) as refused:
            await book.preview_draw(GUILD, CHANNEL, ALICE, bonuses=bonuses)
        assert needle in refused.value.args_["reason"]
    assert await counts(db) == before


ODD = st.sampled_from(["²", "٣", "①", "#²", "1²", "9" * 30, "<@" + "9" * 30 + ">", "：", "2：1"])
FIELD = st.one_of(st.none(), ODD, st.text(max_size=15), st.lists(ODD, max_size=3).map(",".join))
PLAYER_FIELDS = {
    "in_session": st.booleans(),
    "winner": FIELD,
    "flown": FIELD,
    "robbed": FIELD,
    "bonuses": FIELD,
    "how": st.sampled_from(["self", "rob", "kong"]),
}


def player_fields(
    winner: str | None, flown: str | None, robbed: str | None, bonuses: str | None, how: str
) -> dict[str, str | None]:
    """The tile form's fields: the given player fields around a valid hand."""
    return {
        "winner": winner,
        "flown": flown,
        "robbed": robbed,
        "bonuses": bonuses,
        "how": how,
        **WIN,
    }


@pytest.mark.slow
@settings(
    max_examples=200, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(**PLAYER_FIELDS)
def test_random_player_fields_never_crash_nor_half_write(
    tmp_path_factory: pytest.TempPathFactory,
    in_session: bool,
    winner: str | None,
    flown: str | None,
    robbed: str | None,
    bonuses: str | None,
    how: str,
) -> None:
    """A valid hand, so the player fields (seat numbers, names, mentions, 宝 and bonus lists)
    are what is tested — in a session and in the calculator."""
    fields = player_fields(winner, flown, robbed, bonuses, how)
    asyncio.run(fresh_sqlite_tiles_once(tmp_path_factory, in_session, fields))


@pytest.mark.slow
@settings(
    max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(**PLAYER_FIELDS)
def test_random_player_fields_never_crash_nor_half_write_on_postgresql(
    pg_database: str,
    in_session: bool,
    winner: str | None,
    flown: str | None,
    robbed: str | None,
    bonuses: str | None,
    how: str,
) -> None:
    """The same on PostgreSQL: one database for the test, emptied before each example."""
    fields = player_fields(winner, flown, robbed, bonuses, how)

    async def once() -> None:
        await empty_database(pg_database)
        await tiles_once(pg_database, in_session, fields)

    asyncio.run(once())
