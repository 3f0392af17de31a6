"""A session's hands read for its page: every hand in order, voided and pending ones too, with
each seat's delta, 宝 flown and win, how each winner won, in the same few queries whatever the
number of hands; another guild's session is not found."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest

from shangrao_bot.store.database.interface import Database
from shangrao_bot.store.errors import NotFound
from shangrao_bot.store.ledger import edit_hand, get_hand, record_hand, void_hand
from shangrao_bot.store.ledger.session_hands import session_hands, win_ways
from tests.store.conftest import GUILD, OTHER_GUILD, four_player_session, kong_draw
from tests.store.conftest import self_draw_win as win


async def test_every_hand_in_order_with_its_seats(db: Database) -> None:
    info = await four_player_session(db)
    first = await record_hand(db, GUILD, info.id, win(1, 3, (2, 0, 1, 0)), 100, confirmed=True)
    draw = await record_hand(db, GUILD, info.id, kong_draw(2), 100, confirmed=True)
    wrong = await record_hand(db, GUILD, info.id, win(3, 5), 100, confirmed=True)
    fixed = await edit_hand(db, GUILD, wrong.id, 100, win(0, 5), "wrong winner", confirmed=True)
    dropped = await record_hand(db, GUILD, info.id, win(2, 9), 100, confirmed=True)
    await void_hand(db, GUILD, dropped.id, 100, "not played")
    waiting = await record_hand(db, GUILD, info.id, win(3, 2), 100)

    lines = await session_hands(db, GUILD, info.id)

    # the corrected hand keeps its number, after the one it corrects
    assert [(h.id, h.seq, h.status) for h in lines] == [
        (first.id, 1, "confirmed"),
        (draw.id, 2, "confirmed"),
        (wrong.id, 3, "voided"),
        (fixed.id, 3, "confirmed"),
        (dropped.id, 4, "voided"),
        (waiting.id, 5, "pending"),
    ]
    for line in lines:
        assert line.deltas == (await get_hand(db, GUILD, line.id)).deltas
    one = lines[0]
    assert one.flown == (2, 0, 1, 0) and one.won == (1,) and one.self_drawn == (1,)
    assert one.outcome == "win" and one.pattern == "平胡自摸" and one.bao == "5m"
    assert lines[1].outcome == "draw" and lines[1].won == () and lines[1].flown == (0,) * 4
    assert lines[2].void_reason == "edited: wrong winner" and lines[4].void_reason == "not played"
    assert lines[5].confirmed_at is None and lines[0].confirmed_at is not None


async def test_how_each_winner_won_as_recorded(db: Database) -> None:
    info = await four_player_session(db)
    kong = replace(win(0, 2), detail={"source": "quick", "how": "kong"})
    table = replace(win(2, 2), detail={"wins": [{"seat": 2, "how": "rob"}]})
    await record_hand(db, GUILD, info.id, kong, 100, confirmed=True)
    await record_hand(db, GUILD, info.id, table, 100, confirmed=True)
    await record_hand(db, GUILD, info.id, win(1, 2), 100, confirmed=True)
    assert [h.ways for h in await session_hands(db, GUILD, info.id)] == [
        {0: "kong"},
        {2: "rob"},
        {},
    ]


@pytest.mark.parametrize(
    ("detail", "ways"),
    [
        ({"winners": [1], "how": "self"}, {1: "self"}),
        ({"winners": [1, 2], "how": "self"}, {}),  # one "how" for two winners: whose?
        ({"wins": [{"seat": 0, "how": "dihu"}, {"seat": 3, "how": "rob"}]}, {0: "dihu", 3: "rob"}),
        ({"winners": [0], "how": "teleport"}, {}),
        ({"wins": [{"seat": "0", "how": "rob"}, "junk"]}, {}),
        ({}, {}),
    ],
)
def test_win_ways_reads_only_what_it_knows(detail: dict[str, Any], ways: dict[int, str]) -> None:
    assert win_ways(detail) == ways


async def test_another_guilds_session_is_not_found(db: Database) -> None:
    info = await four_player_session(db)
    await record_hand(db, GUILD, info.id, win(0, 2), 100, confirmed=True)
    other = await four_player_session(db, OTHER_GUILD)
    with pytest.raises(NotFound):
        await session_hands(db, GUILD, other.id)
    with pytest.raises(NotFound):
        await session_hands(db, OTHER_GUILD, info.id)
    with pytest.raises(NotFound):
        await session_hands(db, GUILD, 999_999)
    assert await session_hands(db, OTHER_GUILD, other.id) == []


class Counting:
    """Counts a database's reads."""

    def __init__(self, db: Database, monkeypatch: pytest.MonkeyPatch) -> None:
        self.reads = 0
        for name in ("fetchall", "fetchone"):
            original = getattr(db, name)

            async def counted(*args: Any, _original: Any = original) -> Any:
                self.reads += 1
                return await _original(*args)

            monkeypatch.setattr(db, name, counted)


async def test_reads_do_not_grow_with_the_hands(
    db: Database, monkeypatch: pytest.MonkeyPatch
) -> None:
    short = await four_player_session(db)
    await record_hand(db, GUILD, short.id, win(0, 2), 100, confirmed=True)
    long = await four_player_session(db, guild=GUILD + 1)
    for n in range(12):
        await record_hand(db, GUILD + 1, long.id, win(n % 4, 2), 100, confirmed=n % 3 > 0)
    counting = Counting(db, monkeypatch)
    await session_hands(db, GUILD, short.id)
    one = counting.reads
    assert len(await session_hands(db, GUILD + 1, long.id)) == 12
    assert counting.reads - one == one == 2
