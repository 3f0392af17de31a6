"""``/score``'s ``bonuses`` (in a session and in the calculator) read through the parser the
command line shares (:mod:`shangrao_bot.rules.bonus_text`): Chinese kinds and ``×N`` everywhere,
the refusals keep their keys."""

from __future__ import annotations

from typing import Any

import pytest

from shangrao_bot.service.scorebook import ScoreBook
from shangrao_bot.service.scorekeeping import ScoreError
from shangrao_bot.service.seating import Actor
from shangrao_bot.service.session_opening import RosterEntry
from shangrao_bot.store.database.interface import Database

GUILD, CHANNEL = 1, 10
ALICE, STRANGER = Actor(101, "Alice"), Actor(999, "Stranger")
NAMES = {101: "Alice", 102: "Bob", 103: "Carol"}
WIN: dict[str, Any] = {"hand": "123m4p5m6p777s111z5m9s", "win": "9s", "bao": "5m"}  # 宝吊头 ×3


@pytest.fixture
def book(db: Database) -> ScoreBook:
    return ScoreBook(db)


async def in_session(book: ScoreBook) -> None:
    roster = [RosterEntry("", 101), RosterEntry("", 102), RosterEntry("", 103), RosterEntry("Wang")]
    await book.start(GUILD, CHANNEL, ALICE, roster, NAMES)


async def session_deltas(book: ScoreBook, bonuses: str) -> tuple[int, ...]:
    p = await book.preview_draw(GUILD, CHANNEL, ALICE, bonuses=bonuses, key=bonuses)
    return tuple(p.result.deltas)


async def test_session_bonuses_take_chinese_kinds_and_counts(book: ScoreBook) -> None:
    await in_session(book)
    spelled_out = await session_deltas(book, "2:angang, 2:angang, Carol:minggang")
    assert spelled_out == (-4 - 1, 12 - 1, -4 + 3, -4 - 1)
    for same in ("2:暗杠×2, Carol:碰杠", "Bob:暗槓x2，3：补杠", "2:自摸杠 X2、3:明杠"):
        assert await session_deltas(book, same) == spelled_out, same
    assert await session_deltas(book, "4:四个宝") == (-10, -10, -10, 30)


async def test_the_calculator_reads_the_same_kinds_and_counts(book: ScoreBook) -> None:
    twice = await book.preview_tiles(GUILD, CHANNEL, STRANGER, bonuses="3:暗杠×2", **WIN)
    spelled = await book.preview_tiles(GUILD, CHANNEL, STRANGER, bonuses="3:angang,3:暗杠", **WIN)
    assert twice.hand is None
    assert twice.result.deltas == spelled.result.deltas == (9 - 4, -3 - 4, -3 + 12, -3 - 4)


@pytest.mark.parametrize(
    ("bonuses", "key"),
    [
        ("Bob:huge", "sk.bad_bonus"),
        ("Bob:暗杠×5", "sk.bad_bonus"),
        ("Bob", "sk.bad_bonus"),
        ("9:暗杠×2", "sk.bad_seat.bonuses"),
        (":暗杠", "sk.not_in_session.bonuses"),
    ],
)
async def test_session_refusals_keep_their_keys(book: ScoreBook, bonuses: str, key: str) -> None:
    await in_session(book)
    with pytest.raises(ScoreError) as refused:
        await book.preview_tiles(GUILD, CHANNEL, ALICE, bonuses=bonuses, **WIN)
    assert refused.value.key == key


@pytest.mark.parametrize("bonuses", ["2:huge", "2:暗杠×0", "Bob:暗杠", "5:暗杠×2", "2"])
async def test_calculator_refusals_keep_their_key(book: ScoreBook, bonuses: str) -> None:
    with pytest.raises(ScoreError) as refused:
        await book.preview_tiles(GUILD, CHANNEL, STRANGER, bonuses=bonuses, **WIN)
    assert refused.value.key == "sk.calc_bonus"
