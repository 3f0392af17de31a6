"""Seasons in the store, on both databases: one open season per server, unique names, the
audit trail, a season's hands are those recorded while it was open (its leaderboard is the period
of its span), and the summary card's figures."""

from __future__ import annotations

import asyncio
import contextlib

import pytest

from shangrao_bot.store.database.interface import Database
from shangrao_bot.store.database.transactions import Tx
from shangrao_bot.store.ledger import (
    audit_trail,
    guest_player,
    merge_guest,
    open_session,
    record_hand,
    user_player,
    void_hand,
)
from shangrao_bot.store.ledger.seasons import (
    BadSeasonName,
    NoOpenSeason,
    SeasonNameTaken,
    SeasonOpen,
    current_season,
    end_season,
    list_seasons,
    season_named,
    season_summary,
    start_season,
)
from shangrao_bot.store.ledger.stats import leaderboard, rating_leaderboard
from tests.store.conftest import CHANNEL, GUILD, OTHER_GUILD, self_draw_win
from tests.store.test_totals import backdate


async def test_one_open_season_with_a_unique_name(db: Database) -> None:
    assert await current_season(db, GUILD) is None
    with pytest.raises(NoOpenSeason):
        await end_season(db, GUILD, 1)
    spring = await start_season(db, GUILD, "  Spring   2026 ", 7)
    assert spring.name == "Spring 2026" and spring.is_open
    with pytest.raises(SeasonOpen) as refused:
        await start_season(db, GUILD, "Summer", 7)
    assert refused.value.season == spring
    # another server has its own seasons
    other = await start_season(db, OTHER_GUILD, "Spring 2026", 8)
    assert other.guild_id == OTHER_GUILD
    ended = await end_season(db, GUILD, 7)
    assert ended.id == spring.id and not ended.is_open
    assert ended.ended_at is not None and ended.ended_at >= ended.started_at
    with pytest.raises(SeasonNameTaken):
        await start_season(db, GUILD, "Spring 2026", 7)
    for bad in ("", "   ", "x" * 51):
        with pytest.raises(BadSeasonName):
            await start_season(db, GUILD, bad, 7)
    summer = await start_season(db, GUILD, "Summer", 7)
    assert [s.name for s in await list_seasons(db, GUILD)] == ["Summer", "Spring 2026"]
    assert [s.name for s in await list_seasons(db, GUILD, "SPR")] == ["Spring 2026"]
    assert await season_named(db, GUILD, "spring  2026") == ended
    assert await season_named(db, GUILD, f"#{summer.id}") == summer
    assert await season_named(db, GUILD, f"#{other.id}") is None  # another server's
    assert await season_named(db, GUILD, "Winter") is None
    actions = [(a["action"], a["entity"]) for a in await audit_trail(db, GUILD)]
    assert actions.count(("start", "season")) == 2 and ("end", "season") in actions


async def test_two_starts_at_once_open_one_season(db: Database) -> None:
    results = await asyncio.gather(
        *(start_season(db, GUILD, f"S{i}", 1) for i in range(4)), return_exceptions=True
    )
    started = [r for r in results if not isinstance(r, BaseException)]
    assert len(started) == 1
    assert all(isinstance(r, SeasonOpen | SeasonNameTaken) for r in results if r not in started)
    rows = await db.fetchall("SELECT COUNT(*) FROM seasons WHERE guild_id = ?", (GUILD,))
    assert rows[0][0] == 1


async def set_span(db: Database, season_id: int, start: str, end: str | None) -> None:
    async def move(tx: Tx) -> None:
        await tx.execute(
            "UPDATE seasons SET started_at = ?, ended_at = ? WHERE id = ?", (start, end, season_id)
        )

    await db.write(move)


async def test_a_season_is_the_hands_recorded_while_it_was_open(db: Database) -> None:
    players = [await user_player(db, GUILD, 100 + i, f"user{i}") for i in range(3)]
    guest = await guest_player(db, GUILD, "Lao Wang")
    ids = [p.id for p in (*players, guest)]
    s = await open_session(db, GUILD, CHANNEL, "physical", {}, 1, 1, ids)
    # before the season: user0 wins big; in it: user1 twice (one a 宝吊头), the guest once;
    # after it: user2
    moments = {
        "before": "2026-01-31T23:59:59.999+00:00",
        "in": "2026-02-10T12:00:00.000+00:00",
        "after": "2026-03-01T00:00:00.000+00:00",
    }
    hands = [
        ("before", self_draw_win(0, 16)),
        ("in", self_draw_win(1, 2)),
        ("in", self_draw_win(1, 4)),
        ("in", self_draw_win(3, 8)),
        ("after", self_draw_win(2, 1)),
    ]
    recorded = []
    for when, hand in hands:
        h = await record_hand(db, GUILD, s.id, hand, 1, confirmed=True)
        await backdate(db, h.id, moments[when])
        recorded.append(h)

    async def bao(tx: Tx) -> None:
        await tx.execute("UPDATE hands SET pattern = '宝吊头' WHERE id = ?", (recorded[2].id,))

    await db.write(bao)
    season = await start_season(db, GUILD, "February", 1)
    await set_span(db, season.id, "2026-02-01T00:00:00.000+00:00", "2026-03-01T00:00:00.000+00:00")
    (season,) = await list_seasons(db, GUILD)  # ended: its span set as if it ran in February

    board = await leaderboard(
        db, GUILD, since=season.started_at, until=season.ended_at, include_guests=True
    )
    assert {r.player.id: r.hands for r in board} == {i: 3 for i in ids}
    summary = await season_summary(db, GUILD, season)
    assert summary.hands == 3
    assert summary.champion is not None and summary.champion.player.id == ids[3]  # +24
    assert summary.biggest is not None and summary.biggest.player.id == ids[3]
    assert summary.bao_diao_tou is not None and summary.bao_diao_tou[0].id == ids[1]
    assert summary.bao_diao_tou[1] == 1
    assert summary.improved is not None and summary.improved.after > summary.improved.before
    # the rating board of the season: the players of its hands, rated as at its end
    rated = await rating_leaderboard(
        db,
        GUILD,
        since=season.started_at,
        until=season.ended_at,
        min_games=3,
        include_guests=True,
    )
    assert sorted(r.player.id for r in rated) == sorted(ids) and all(r.games == 3 for r in rated)
    assert len(await rating_leaderboard(db, GUILD, min_games=4, include_guests=True)) == 4
    assert len(await rating_leaderboard(db, GUILD, min_games=6, include_guests=True)) == 0
    assert {r.player.id for r in await rating_leaderboard(db, GUILD, min_games=1)} == set(
        ids[:3]
    )  # members only unless asked

    # a void in the season changes it; the guest merged into a member brings their hands
    await void_hand(db, GUILD, recorded[3].id, 1, "not played")
    summary = await season_summary(db, GUILD, season)
    assert summary.hands == 2 and summary.champion is not None
    assert summary.champion.player.id == ids[1]
    member = await user_player(db, GUILD, 999, "Wang")
    await merge_guest(db, GUILD, guest.id, member.id, 1)
    board = await leaderboard(
        db, GUILD, since=season.started_at, until=season.ended_at, include_guests=True
    )
    assert member.id in {r.player.id for r in board} and guest.id not in {
        r.player.id for r in board
    }


async def test_an_empty_season_has_an_empty_card(db: Database) -> None:
    season = await start_season(db, GUILD, "Quiet", 1)
    with contextlib.suppress(NoOpenSeason):
        season = await end_season(db, GUILD, 1)
    summary = await season_summary(db, GUILD, season)
    assert summary.hands == 0
    assert summary.champion is summary.biggest is summary.bao_diao_tou is summary.improved is None
