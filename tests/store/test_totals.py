"""The running totals of migration 7 stay exact through every write path.

A seeded random walk over a real SQLite file records, confirms, voids, undoes, edits and expires
hands, closes sessions, merges guests into members and renames guests; after every step the
maintained totals are compared with the same totals recomputed from the hands, and every few
steps the leaderboard (every period and metric the bot offers, every season of the guild, plus
arbitrary since/until and session filters) and every player's statistics are compared with the
scan queries they replaced (:mod:`tests.store.scan_reference`), and the cached ratings (resumed
after each change) with a fold from scratch. Hands are backdated over four months (the written
rows are updated like any other write, through the triggers) so that periods, day buckets and
the first and last day of a period are exercised, midnight included.
"""

from __future__ import annotations

import contextlib
import random
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest

from shangrao_bot.store.database.interface import Database
from shangrao_bot.store.database.opening import open_database
from shangrao_bot.store.database.sqlite_migrations import LATEST
from shangrao_bot.store.database.transactions import Tx
from shangrao_bot.store.errors import StoreError
from shangrao_bot.store.ledger import (
    HandIn,
    PaymentIn,
    close_session,
    confirm_hand,
    edit_hand,
    expire_pending,
    guest_player,
    merge_guest,
    open_session,
    record_hand,
    rename_player,
    undo_last_hand,
    user_player,
    void_hand,
)
from shangrao_bot.store.ledger.ratings import guild_ratings, ledger_games, rate_games
from shangrao_bot.store.ledger.seasons import list_seasons
from shangrao_bot.store.ledger.stats import METRICS, leaderboard, player_stats
from tests.store.conftest import GUILD, OTHER_GUILD, table_exists
from tests.store.conftest import self_draw_win as win
from tests.store.scan_reference import scan_leaderboard, scan_player_stats

PATTERNS = ["平胡自摸", "宝吊头", "十三浪", "七对", None]
SUMS = (
    "COUNT(*), SUM(delta), SUM(won), SUM(self_draw), MAX(delta), SUM(flown),"
    " SUM(CASE WHEN flown > 0 THEN delta ELSE 0 END)"
)
SEAT_COLUMNS = "hands, total, wins, self_draws, biggest, fei_bao, fei_bao_net"
# each maintained table, and the same figures recomputed from the hands
TOTALS = {
    "totals_all": (
        f"SELECT guild_id, player_id, {SEAT_COLUMNS} FROM totals_all",
        f"SELECT guild_id, player_id, {SUMS} FROM hand_seats WHERE status = 'confirmed'"
        " GROUP BY guild_id, player_id",
    ),
    **{
        f"totals_span {span}": (
            f"SELECT guild_id, prefix, up, player_id, {SEAT_COLUMNS} FROM totals_span"
            f" WHERE span = {span}",
            f"SELECT guild_id, substr(created_at, 1, {span}),"
            f" {parent}, player_id, {SUMS} FROM hand_seats"
            " WHERE status = 'confirmed' GROUP BY 1, 2, 3, 4",
        )
        for span, parent in (
            (10, "substr(created_at, 1, 9)"),
            (9, "substr(created_at, 1, 7)"),
            (7, "''"),
        )
    },
    "totals_session": (
        f"SELECT guild_id, session_id, player_id, {SEAT_COLUMNS} FROM totals_session",
        f"SELECT hs.guild_id, h.session_id, hs.player_id, {SUMS} FROM hand_seats hs"
        " JOIN hands h ON h.id = hs.hand_id WHERE hs.status = 'confirmed' GROUP BY 1, 2, 3",
    ),
    "totals_pattern": (
        "SELECT guild_id, player_id, pattern, wins FROM totals_pattern",
        "SELECT hs.guild_id, hs.player_id, COALESCE(h.pattern, '?'), COUNT(*) FROM hand_seats hs"
        " JOIN hands h ON h.id = hs.hand_id WHERE hs.status = 'confirmed' AND hs.won = 1"
        " GROUP BY 1, 2, 3",
    ),
    "totals_h2h": (
        "SELECT guild_id, player_id, other_id, net, payments FROM totals_h2h",
        "SELECT h.guild_id, me, other, SUM(net), COUNT(*) FROM ("
        " SELECT hand_id, payer_id AS me, payee_id AS other, -amount AS net FROM payments"
        " UNION ALL SELECT hand_id, payee_id, payer_id, amount FROM payments"
        ") x JOIN hands h ON h.id = x.hand_id WHERE h.status = 'confirmed' GROUP BY 1, 2, 3",
    ),
}


async def assert_totals_exact(db: Database) -> None:
    for table, (kept, recomputed) in TOTALS.items():
        have = sorted(tuple(r) for r in await db.fetchall(kept))
        want = sorted(tuple(r) for r in await db.fetchall(recomputed))
        assert have == want, table


def periods(rng: random.Random, stamps: list[str]) -> list[tuple[str | None, str | None]]:
    """The periods of the last 7, 30 and 90 days and all time (as /leaderboard computed them) and
    arbitrary bounds: recorded timestamps themselves, day strings, the same day at both ends,
    bounds in the wrong order, short strings."""
    now = datetime.now(UTC)
    out: list[tuple[str | None, str | None]] = [
        ((now - timedelta(days=d)).isoformat(), None) for d in (7, 30, 90)
    ]
    out += [(None, None), ("9999", None), (None, "2000"), ("2026", None)]
    for _ in range(6):
        a, b = rng.choice(stamps), rng.choice(stamps)
        out += [(a, b), (a, None), (None, b), (a[:10], b[:10])]
        out.append((a, a[:10] + "T23:59:59.999+00:00"))  # one day, partial at both ends
    return out


async def assert_reads_match_scan(db: Database, rng: random.Random, guilds: list[int]) -> None:
    rows = await db.fetchall("SELECT created_at FROM hand_seats")
    stamps = [r[0] for r in rows] or ["2026-01-01T00:00:00.000+00:00"]
    sessions = [r[0] for r in await db.fetchall("SELECT id FROM sessions")]
    for guild in guilds:
        cases: list[dict[str, Any]] = [
            {"since": since, "until": until} for since, until in periods(rng, stamps)
        ]
        for sid in rng.sample(sessions, min(3, len(sessions))):
            cases += [{"session_id": sid}, {"session_id": sid, "since": rng.choice(stamps)}]
        # a season's leaderboard is the period of its span (as /leaderboard season: reads it)
        cases += [
            {"since": season.started_at, "until": season.ended_at}
            for season in await list_seasons(db, guild)
        ]
        for case in cases:
            for metric in METRICS:
                for min_hands in (1, 3):
                    for guests in (False, True):
                        kwargs = dict(
                            case, metric=metric, min_hands=min_hands, include_guests=guests
                        )
                        new = await leaderboard(db, guild, **kwargs, limit=1000)
                        old = await scan_leaderboard(db, guild, **kwargs, limit=1000)
                        assert new == old, kwargs
        players = await db.fetchall("SELECT id FROM players WHERE guild_id = ?", (guild,))
        for p in players:
            new_stats = await player_stats(db, guild, p[0])
            old_stats = await scan_player_stats(db, guild, p[0])
            assert new_stats == old_stats
        cached = await guild_ratings(db, guild)
        fresh = rate_games(await ledger_games(db, guild))
        assert cached == fresh


def random_hand(rng: random.Random) -> HandIn:
    if rng.random() < 0.12:  # 流局, with a kong bonus or none
        pays: list[PaymentIn] = []
        if rng.random() < 0.6:
            k = rng.randrange(4)
            pays = [PaymentIn(s, k, rng.choice([1, 2]), "angang") for s in range(4) if s != k]
        winners: tuple[int, ...] = ()
        outcome = "draw"
        flown = (0, 0, 0, 0)
        pattern = None
    else:
        w = rng.randrange(4)
        value = rng.choice([1, 2, 2, 4, 8, 16])
        flown = tuple(1 if rng.random() < 0.2 else 0 for _ in range(4))
        if rng.random() < 0.5:  # 自摸: everyone pays
            pays = [PaymentIn(s, w, value * 2 ** flown[s], "win") for s in range(4) if s != w]
        else:  # a discard: the discarder pays
            d = rng.choice([s for s in range(4) if s != w])
            pays = [PaymentIn(d, w, value * 2 ** flown[d], "win")]
        if rng.random() < 0.2:
            k = rng.randrange(4)
            pays += [PaymentIn(s, k, 1, "minggang") for s in range(4) if s != k]
        winners = (w,)
        outcome = "win"
        pattern = rng.choice(PATTERNS)
    deltas = [0] * 4
    for p in pays:
        deltas[p.payer] -= p.amount
        deltas[p.payee] += p.amount
    self_draw = winners if rng.random() < 0.5 else ()
    return HandIn(outcome, tuple(pays), tuple(deltas), winners, self_draw, flown, 0, "5m", pattern)


async def backdate(db: Database, hand_id: int, at: str) -> None:
    """Move a hand to another moment (the write goes through the triggers like any other)."""

    async def move(tx: Tx) -> None:
        await tx.execute("UPDATE hands SET created_at = ? WHERE id = ?", (at, hand_id))
        await tx.execute("UPDATE hand_seats SET created_at = ? WHERE hand_id = ?", (at, hand_id))

    await db.write(move)


def random_moment(rng: random.Random) -> str:
    day = datetime.now(UTC) - timedelta(days=rng.randrange(0, 120))
    clock = rng.choice(["00:00:00.000", "23:59:59.999", "12:00:00.000", None])
    if clock is None:
        return (day - timedelta(seconds=rng.randrange(86_400))).isoformat(timespec="milliseconds")
    return f"{day.date().isoformat()}T{clock}+00:00"


class Walk:
    """The book under test and the random steps that write it."""

    def __init__(self, db: Database, rng: random.Random) -> None:
        self.db = db
        self.rng = rng
        self.channel = 0
        self.guests: dict[int, list[int]] = {}

    async def setup(self, guild: int, users: int, guests: int) -> None:
        for i in range(users):
            await user_player(self.db, guild, guild * 1000 + i, f"user{guild}-{i}")
        self.guests[guild] = [
            (await guest_player(self.db, guild, f"guest{guild}-{i}")).id for i in range(guests)
        ]

    async def pool(self, guild: int) -> list[int]:
        rows = await self.db.fetchall(
            "SELECT id FROM players WHERE guild_id = ? AND merged_into IS NULL", (guild,)
        )
        return [r[0] for r in rows]

    async def open(self, guild: int) -> None:
        seats = self.rng.sample(await self.pool(guild), 4)
        self.channel += 1
        await open_session(self.db, guild, self.channel, "physical", {}, 1, 1, seats)

    async def open_sessions(self, guild: int) -> list[int]:
        rows = await self.db.fetchall(
            "SELECT id FROM sessions WHERE guild_id = ? AND status = 'open'", (guild,)
        )
        return [r[0] for r in rows]

    async def hands(self, guild: int, where: str) -> list[int]:
        rows = await self.db.fetchall(
            "SELECT h.id FROM hands h JOIN sessions s ON s.id = h.session_id"
            f" WHERE h.guild_id = ? AND s.status = 'open' AND {where}",
            (guild,),
        )
        return [r[0] for r in rows]

    async def step(self, guild: int) -> None:
        rng, db = self.rng, self.db
        sessions = await self.open_sessions(guild)
        if len(sessions) < 2:
            await self.open(guild)
            return
        op = rng.choices(
            [
                *("record", "confirm", "void", "undo", "edit", "expire", "close", "merge"),
                *("rename", "season"),
            ],
            [40, 10, 8, 6, 8, 3, 2, 3, 3, 2],
        )[0]
        if op == "record":
            hand = await record_hand(
                db, guild, rng.choice(sessions), random_hand(rng), 1, confirmed=rng.random() < 0.6
            )
            if rng.random() < 0.8:
                await backdate(db, hand.id, random_moment(rng))
        elif op == "confirm":
            pending = await self.hands(guild, "h.status = 'pending'")
            if pending:
                await confirm_hand(db, guild, rng.choice(pending), 1, final=True)
        elif op == "void":
            live = await self.hands(guild, "h.status != 'voided'")
            if live:
                await void_hand(db, guild, rng.choice(live), 1, "mistake")
        elif op == "undo":
            with contextlib.suppress(StoreError):  # a session with nothing to undo
                await undo_last_hand(db, guild, rng.choice(sessions), 1, "oops")
        elif op == "edit":
            live = await self.hands(guild, "h.status != 'voided'")
            if live:
                new = await edit_hand(
                    db, guild, rng.choice(live), 1, random_hand(rng), "typo", rng.random() < 0.7
                )
                if rng.random() < 0.5:
                    await backdate(db, new.id, random_moment(rng))
        elif op == "expire":
            await expire_pending(db, guild, random_moment(rng))
        elif op == "close":
            sid = rng.choice(sessions)
            for hid in await self.hands(guild, f"h.session_id = {sid} AND h.status = 'pending'"):
                await void_hand(db, guild, hid, 1, "closing")
            await close_session(db, guild, sid, 1)
        elif op == "merge":
            await self.merge(guild)
        elif op == "season":
            await self.season(guild)
        elif op == "rename":
            guests = await self.db.fetchall(
                "SELECT id FROM players WHERE guild_id = ? AND user_id IS NULL"
                " AND merged_into IS NULL",
                (guild,),
            )
            if guests:
                self.channel += 1
                await rename_player(db, guild, rng.choice(guests)[0], f"renamed{self.channel}", 1)

    async def season(self, guild: int) -> None:
        """A season over a random span of the walk's four months (as if started and ended
        then), or one still open since a random moment (none in a book older than seasons)."""
        if not await table_exists(self.db, "seasons"):
            return
        a, b = sorted([random_moment(self.rng), random_moment(self.rng)])
        still_open = self.rng.random() < 0.3
        self.channel += 1

        async def add(tx: Tx) -> None:
            if still_open:
                await tx.execute(
                    "DELETE FROM seasons WHERE guild_id = ? AND ended_at IS NULL", (guild,)
                )
            await tx.execute(
                "INSERT INTO seasons (guild_id, name, started_at, ended_at, started_by)"
                " VALUES (?, ?, ?, ?, 1)",
                (guild, f"season{self.channel}", a, None if still_open else b),
            )

        await self.db.write(add)

    async def merge(self, guild: int) -> None:
        """Merge a guest into a member they never sat with (a new guest joins the pool)."""
        pairs = await self.db.fetchall(
            "SELECT g.id, u.id FROM players g JOIN players u ON u.guild_id = g.guild_id"
            " WHERE g.guild_id = ? AND g.user_id IS NULL AND g.merged_into IS NULL"
            " AND u.user_id IS NOT NULL AND NOT EXISTS (SELECT 1 FROM session_seats a"
            " JOIN session_seats b ON a.session_id = b.session_id"
            " WHERE a.player_id = g.id AND b.player_id = u.id)",
            (guild,),
        )
        if pairs:
            guest, user = self.rng.choice(pairs)
            await merge_guest(self.db, guild, guest, user, 1)
        self.channel += 1
        await guest_player(self.db, guild, f"newguest{self.channel}")


@pytest.mark.slow
@pytest.mark.parametrize("seed", [1, 2, 3])
async def test_random_walk_keeps_totals_exact(db: Database, seed: int) -> None:
    rng = random.Random(seed)
    walk = Walk(db, rng)
    await walk.setup(GUILD, 6, 4)
    await walk.setup(OTHER_GUILD, 4, 2)
    for n in range(1, 301):
        await walk.step(GUILD if rng.random() < 0.8 else OTHER_GUILD)
        await assert_totals_exact(db)
        if n % 100 == 0:
            await assert_reads_match_scan(db, rng, [GUILD, OTHER_GUILD])
    # the walk did write: confirmed, voided and pending hands, merged guests, several days
    counts = {
        r[0]: r[1] for r in await db.fetchall("SELECT status, COUNT(*) FROM hands GROUP BY status")
    }
    assert counts.get("confirmed", 0) > 50 and counts.get("voided", 0) > 10, counts
    merged = await db.fetchone("SELECT COUNT(*) FROM players WHERE merged_into IS NOT NULL")
    days = await db.fetchone("SELECT COUNT(DISTINCT prefix) FROM totals_span WHERE span = 10")
    assert merged is not None and merged[0] >= 1
    assert days is not None and days[0] > 20


async def test_voiding_the_best_hand_reads_the_next_best(db: Database) -> None:
    players = [await user_player(db, GUILD, 100 + i, f"user{i}") for i in range(4)]
    s = await open_session(db, GUILD, 1, "physical", {}, 1, 1, [p.id for p in players])
    await record_hand(db, GUILD, s.id, win(0, 2), 1, confirmed=True)  # +6
    big = await record_hand(db, GUILD, s.id, win(0, 8), 1, confirmed=True)  # +24
    await record_hand(db, GUILD, s.id, win(0, 4), 1, confirmed=True)  # +12
    today = big.created_at[:10]
    for kwargs in ({}, {"session_id": s.id}, {"since": today}, {"since": big.created_at}):
        assert (await leaderboard(db, GUILD, metric="biggest", **kwargs))[0].biggest == 24
    await void_hand(db, GUILD, big.id, 1, "not played")
    for kwargs in ({}, {"session_id": s.id}, {"since": today}):
        assert (await leaderboard(db, GUILD, metric="biggest", **kwargs))[0].biggest == 12
    assert (await player_stats(db, GUILD, players[0].id)).biggest == 12
    await assert_totals_exact(db)


@pytest.mark.slow
async def test_a_book_at_version_6_upgrades_with_exact_totals(
    empty_target: str | Path,
) -> None:
    path = empty_target
    old = await open_database(path, migrate_to=6)
    rng = random.Random(7)
    walk = Walk(old, rng)
    await walk.setup(GUILD, 6, 3)
    await walk.setup(OTHER_GUILD, 4, 1)
    for _ in range(150):
        await walk.step(GUILD if rng.random() < 0.7 else OTHER_GUILD)
    assert await old.user_version() == 6
    assert not await table_exists(old, "totals_all")
    await old.close()

    db = await open_database(path)
    try:
        assert await db.user_version() == LATEST
        kept = await db.fetchone("SELECT COUNT(*), SUM(hands) FROM totals_all")
        assert kept is not None and kept[0] > 0 and kept[1] > 100
        await assert_totals_exact(db)
        await assert_reads_match_scan(db, rng, [GUILD, OTHER_GUILD])
        # and the upgraded book keeps them on the next writes
        walk.db = db
        for _ in range(30):
            await walk.step(GUILD)
        await assert_totals_exact(db)
    finally:
        await db.close()


async def test_rows_filed_under_another_guild_stay_out_of_a_players_figures(
    db: Database,
) -> None:
    """No write path files a player's seat under another guild; were one to, the figures
    (read without the guild filter when every row is the player's guild's) still match."""
    players = [await user_player(db, GUILD, 100 + i, f"user{i}") for i in range(4)]
    s = await open_session(db, GUILD, 1, "physical", {}, 1, 1, [p.id for p in players])
    first = await record_hand(db, GUILD, s.id, win(0, 2), 1, confirmed=True)
    await record_hand(db, GUILD, s.id, win(1, 4), 1, confirmed=True)

    async def refile(tx: Tx) -> None:
        await tx.execute(
            "UPDATE hand_seats SET guild_id = ? WHERE hand_id = ? AND seat = 0",
            (OTHER_GUILD, first.id),
        )

    await db.write(refile)
    await assert_totals_exact(db)
    for p in players:
        assert await player_stats(db, GUILD, p.id) == await scan_player_stats(db, GUILD, p.id)
    assert (await player_stats(db, GUILD, players[0].id)).trend == [-4]
