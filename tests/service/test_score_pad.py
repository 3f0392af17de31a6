"""The scorepad's side of the scorebook on each database: a hand tapped together scores and
records exactly as the same hand typed into ``/score quick`` or ``/score draw``; estimating
writes nothing; the steppers keep within what can be typed; the session's habits come from its
counted hands."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from shangrao_bot.rules.score_model import BonusKind, WinHow
from shangrao_bot.service.pad_hand import MAX_FLOWN_TOTAL, PadHand
from shangrao_bot.service.score_pad import estimate, pad_habits, record
from shangrao_bot.service.scorebook import ScoreBook
from shangrao_bot.service.scorekeeping import ScoreError
from shangrao_bot.service.seating import Actor
from shangrao_bot.service.session_opening import RosterEntry
from shangrao_bot.store.database.interface import Database
from shangrao_bot.store.ledger import SessionInfo

GUILD, CHANNEL = 1, 10
ALICE, BOB, CAROL = Actor(101, "Alice"), Actor(102, "Bob"), Actor(103, "Carol")
STRANGER = Actor(999, "Stranger")
NAMES = {101: "Alice", 102: "Bob", 103: "Carol"}


@pytest.fixture
def book(db: Database) -> ScoreBook:
    return ScoreBook(db, now=lambda: datetime.now(UTC))


async def start(book: ScoreBook) -> SessionInfo:
    roster = [RosterEntry("", 101), RosterEntry("", 102), RosterEntry("", 103), RosterEntry("Wang")]
    return await book.start(GUILD, CHANNEL, ALICE, roster, NAMES)


async def hands(db: Database) -> int:
    row = await db.fetchone("SELECT COUNT(*) FROM hands")
    assert row is not None
    return int(row[0])


async def test_a_tapped_hand_is_the_typed_hand(book: ScoreBook, db: Database) -> None:
    await start(book)
    pad = (
        PadHand(winner=3, pattern="碰碰胡", dandiao=True)
        .step_flown(3, 1)
        .step_flown(0, 1)
        .step_bonus(0, BonusKind.ANGANG, 1)
        .step_bonus(2, BonusKind.MINGGANG, 1)
        .step_bonus(2, BonusKind.MINGGANG, 1)
    )
    guess = await estimate(book, GUILD, CHANNEL, BOB, pad)
    assert await hands(db) == 0  # estimating writes nothing
    typed = await book.estimate_quick(
        GUILD,
        CHANNEL,
        BOB,
        winner="Wang",
        pattern="碰碰胡",
        dandiao=True,
        flown="Wang:1, <@101>:1",
        bonuses="1:暗杠, Carol:明杠×2",
    )
    assert guess.result == typed.result
    assert guess.result.deltas == (-32 + 6 - 2, -16 - 2 - 2, -16 - 2 + 6, 64 - 2 - 2)
    sent = await record(book, GUILD, CHANNEL, BOB, pad, key="pad-1")
    assert sent.hand is not None and sent.hand.status == "pending"
    assert sent.result == guess.result
    again = await record(book, GUILD, CHANNEL, BOB, pad, key="pad-1")  # a double send
    assert again.hand is not None and again.hand.id == sent.hand.id and await hands(db) == 1
    draw = PadHand(draw=True).step_bonus(3, BonusKind.JIEBAO, 1)
    assert (await estimate(book, GUILD, CHANNEL, CAROL, draw)).result.deltas == (-10, -10, -10, 30)


async def test_the_pad_is_refused_as_the_typed_command(book: ScoreBook, db: Database) -> None:
    await start(book)
    with pytest.raises(ScoreError) as stranger:
        await estimate(book, GUILD, CHANNEL, STRANGER, PadHand(winner=0, pattern="平胡自摸"))
    assert stranger.value.key == "sk.not_seated"
    robbed_self = PadHand(winner=1, pattern="抢杠", how=WinHow.ROB, robbed=1)
    with pytest.raises(ScoreError) as impossible:
        await record(book, GUILD, CHANNEL, ALICE, robbed_self, key="pad-2")
    assert impossible.value.key == "score.bad_input"
    assert await hands(db) == 0


def test_steppers_keep_within_what_can_be_typed() -> None:
    pad = PadHand()
    for _ in range(6):
        pad = pad.step_flown(1, 1)
    assert pad.flown == (0, MAX_FLOWN_TOTAL, 0, 0)
    assert pad.step_flown(2, 1) == pad  # the wall holds four 宝
    assert pad.step_flown(1, -9).flown == (0, 0, 0, 0)
    bonus = PadHand().step_bonus(0, BonusKind.ANGANG, -1).step_bonus(0, BonusKind.ANGANG, 2)
    assert bonus.bonuses[0] == (0, 2, 0, 0) and bonus.bonuses_text() == "1:暗杠×2"
    kong = PadHand(winner=0, pattern="平胡自摸", how=WinHow.KONG, kong_chain=2)
    assert kong.quick_options()["kong_chain"] == 2
    assert kong.with_(how=WinHow.SELF).quick_options()["kong_chain"] == 1


async def test_habits_come_from_the_counted_hands(book: ScoreBook) -> None:
    info = await start(book)
    empty = await pad_habits(book, info)
    assert empty.common == () and empty.last is None and "平胡自摸" in empty.patterns
    assert WinHow.ROB in empty.hows  # the shangrao preset robs kongs
    for n, (pattern, how) in enumerate(
        [("碰碰胡", WinHow.SELF), ("碰碰胡", WinHow.SELF), ("平胡自摸", WinHow.KONG)]
    ):
        pad = PadHand(winner=n % 4, pattern=pattern, how=how)
        sent = await record(book, GUILD, CHANNEL, ALICE, pad, key=f"h{n}")
        assert sent.hand is not None
        await book.confirm(GUILD, sent.hand.id, BOB if n % 4 != 1 else CAROL)
    habits = await pad_habits(book, info)
    assert habits.patterns[0] == "碰碰胡"
    assert [(h.pattern, h.how) for h in habits.common] == [("碰碰胡", WinHow.SELF)]
    assert habits.last is not None and habits.last.pattern == "平胡自摸"
    assert habits.last.how is WinHow.KONG and habits.last.winner is None


async def test_robbing_is_offered_only_where_the_rules_allow_it(book: ScoreBook) -> None:
    roster = [RosterEntry("", 101), RosterEntry("", 102), RosterEntry("", 103), RosterEntry("Wang")]
    info = await book.start(GUILD, CHANNEL, ALICE, roster, NAMES, "baike")
    habits = await pad_habits(book, info)
    assert WinHow.ROB not in habits.hows and WinHow.SELF in habits.hows
    assert "平胡 无宝自摸" in habits.patterns
