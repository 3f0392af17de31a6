"""Leaderboards, player statistics, history and exports, computed on a small known book and
checked against sums written out by hand."""

from __future__ import annotations

import dataclasses
import datetime
import decimal

import pytest

from shangrao_bot.store.database.interface import Database
from shangrao_bot.store.ledger import guest_player, open_session, record_hand, void_hand
from shangrao_bot.store.ledger.stats import history, leaderboard, player_stats
from tests.store.conftest import CHANNEL, GUILD, OTHER_GUILD, four_player_session, kong_draw
from tests.store.conftest import self_draw_win as win


async def book(db: Database) -> list[int]:
    s = await four_player_session(db)
    await record_hand(db, GUILD, s.id, win(0, 2), 100, confirmed=True)  # +6 -2 -2 -2
    await record_hand(db, GUILD, s.id, win(1, 4, (1, 0, 0, 0)), 100, confirmed=True)
    # seat 0 flew one 宝 and pays double: -8; seat 1 +16; seats 2, 3 -4
    await record_hand(db, GUILD, s.id, kong_draw(2), 100, confirmed=True)  # -2 -2 +6 -2
    voided = await record_hand(db, GUILD, s.id, win(3, 50), 100, confirmed=True)
    await void_hand(db, GUILD, voided.id, 100, "not played")
    await record_hand(db, GUILD, s.id, win(3, 10), 100)  # pending: does not count
    return [p.id for p in s.seats]


async def test_leaderboard_totals_and_metrics(db: Database) -> None:
    ids = await book(db)
    board = await leaderboard(db, GUILD)
    by_id = {row.player.id: row for row in board}
    assert [by_id[i].total for i in ids] == [-4, 12, 0, -8]
    assert [by_id[i].hands for i in ids] == [3, 3, 3, 3]
    assert [by_id[i].wins for i in ids] == [1, 1, 0, 0]
    assert [by_id[i].self_draws for i in ids] == [1, 1, 0, 0]
    assert [by_id[i].biggest for i in ids] == [6, 16, 6, -2]
    assert by_id[ids[0]].fei_bao == 1 and by_id[ids[0]].fei_bao_net == -8
    assert [row.player.id for row in board] == [ids[1], ids[2], ids[0], ids[3]]
    assert (await leaderboard(db, GUILD, metric="biggest"))[0].player.id == ids[1]
    assert (await leaderboard(db, GUILD, metric="win_rate"))[0].win_rate == pytest.approx(1 / 3)
    assert await leaderboard(db, GUILD, min_hands=4) == []
    assert await leaderboard(db, GUILD, since="9999") == []
    assert await leaderboard(db, OTHER_GUILD) == []
    with pytest.raises(ValueError, match="metric 'luck'"):
        await leaderboard(db, GUILD, metric="luck")


async def test_guests_are_excluded_unless_asked(db: Database) -> None:
    g = [await guest_player(db, GUILD, f"guest{i}") for i in range(4)]
    s = await open_session(db, GUILD, CHANNEL, "physical", {}, 1, 1, [p.id for p in g])
    await record_hand(db, GUILD, s.id, win(0, 2), 1, confirmed=True)
    assert await leaderboard(db, GUILD) == []
    assert len(await leaderboard(db, GUILD, include_guests=True)) == 4


async def test_player_stats(db: Database) -> None:
    ids = await book(db)
    stats = await player_stats(db, GUILD, ids[0])
    assert (stats.hands, stats.wins, stats.self_draws, stats.total) == (3, 1, 1, -4)
    assert stats.patterns == {"平胡自摸": 1}
    assert stats.trend == [6, -2, -4]
    # head to head: seat 0 won 2 from each, paid 8 to seat 1, paid 2 to seat 2's kong
    assert stats.head_to_head == {ids[1]: 2 - 8, ids[2]: 2 - 2, ids[3]: 2}
    assert stats.opponents[ids[1]].display_name == "user1"


async def test_history_newest_first_with_filters(db: Database) -> None:
    ids = await book(db)
    hands = await history(db, GUILD)
    assert [h.seq for h in hands] == [5, 4, 3, 2, 1]
    assert [h.status for h in hands][:2] == ["pending", "voided"]
    assert [h.seq for h in await history(db, GUILD, include_voided=False, limit=2)] == [5, 3]
    assert len(await history(db, GUILD, player_id=ids[0])) == 5
    assert await history(db, OTHER_GUILD) == []


def _types(value: object) -> set[type]:
    """Every scalar type inside ``value`` (a result dataclass, its lists and dicts)."""
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return set().union(*(_types(getattr(value, f.name)) for f in dataclasses.fields(value)))
    if isinstance(value, dict):
        return set().union(set(), *(_types(k) | _types(v) for k, v in value.items()))
    if isinstance(value, list | tuple):
        return set().union(set(), *(_types(v) for v in value))
    return {type(value)}


async def test_figures_come_back_as_the_same_python_types_on_both_databases(
    db: Database,
) -> None:
    """PostgreSQL sums BIGINT columns to ``Decimal`` and compares it equal to an ``int``, so a
    type slip would pass every equality check: the types themselves are checked."""
    s = await four_player_session(db)
    for w in (0, 1, 0):
        await record_hand(db, GUILD, s.id, win(w, 2, (0, 1, 0, 0)), 100, confirmed=True)
    await record_hand(db, GUILD, s.id, kong_draw(2), 100, confirmed=True)
    seen: set[type] = set()
    for period in ({}, {"since": "2000-01-01"}, {"session_id": s.id}):
        seen |= _types(await leaderboard(db, GUILD, **period))  # type: ignore[arg-type]
    seen |= _types(await player_stats(db, GUILD, s.seats[0].id))
    seen |= _types(await history(db, GUILD))
    assert not {t for t in seen if issubclass(t, decimal.Decimal)}, seen
    assert seen <= {int, str, bool, float, type(None), datetime.datetime}, seen
