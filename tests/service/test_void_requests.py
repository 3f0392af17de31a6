"""A recorder's request to void a hand that counts (the scorebook, no Discord, a real SQLite
file): who may confirm or withdraw it, that it lapses, that it is answered once, and that the
hand counts until it is confirmed."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from shangrao_bot.service.hand_voiding import VoidRequest
from shangrao_bot.service.scorebook import ScoreBook
from shangrao_bot.service.scorekeeping import ScoreError
from shangrao_bot.service.seating import Actor
from shangrao_bot.service.session_opening import RosterEntry
from shangrao_bot.store.database.interface import Database
from shangrao_bot.store.ledger import Hand, get_hand

GUILD, CHANNEL = 1, 10
ALICE, BOB, CAROL = Actor(101, "Alice"), Actor(102, "Bob"), Actor(103, "Carol")
STRANGER = Actor(999, "Stranger")
SCORER = Actor(500, "Scorer", is_scorer=True)
NAMES = {101: "Alice", 102: "Bob", 103: "Carol"}
WIN = {"hand": "123m4p5m6p777s111z5m9s", "win": "9s", "bao": "5m"}


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


async def counted(book: ScoreBook, recorder: Actor = ALICE, confirmer: Actor = BOB) -> Hand:
    roster = [RosterEntry("", 101), RosterEntry("", 102), RosterEntry("", 103), RosterEntry("Wu")]
    if await book.current(GUILD, CHANNEL) is None:
        await book.start(GUILD, CHANNEL, ALICE, roster, NAMES)
    preview = await book.preview_tiles(GUILD, CHANNEL, recorder, **WIN, key=str(id(recorder)))
    assert preview.hand is not None
    outcome = await book.confirm(GUILD, preview.hand.id, confirmer)
    assert outcome.counted
    return outcome.hand


async def test_a_request_counts_only_once_another_member_confirms(
    book: ScoreBook, db: Database
) -> None:
    hand = await counted(book)
    request = await book.void(GUILD, hand.id, ALICE, "wrong bao")
    assert isinstance(request, VoidRequest) and not request.undo
    assert (await get_hand(db, GUILD, hand.id)).status == "confirmed"
    for who, key in ((ALICE, "sk.request_own"), (STRANGER, "sk.confirm_not_seated")):
        with pytest.raises(ScoreError) as refused:
            await book.confirm_void(GUILD, request.id, who)
        assert refused.value.key == key
    with pytest.raises(ScoreError) as refused:
        await book.cancel_void(GUILD, request.id, STRANGER)
    assert refused.value.key == "sk.not_seated"
    voided, answered = await book.confirm_void(GUILD, request.id, CAROL)
    assert answered == request and voided.status == "voided"
    assert voided.void_reason == "wrong bao ✓ Carol"
    with pytest.raises(ScoreError) as refused:  # answered once
        await book.confirm_void(GUILD, request.id, BOB)
    assert refused.value.key == "sk.request_gone"


async def test_a_request_lapses_and_a_scorer_confirms_it(
    book: ScoreBook, db: Database, clock: Clock
) -> None:
    hand = await counted(book)
    request = await book.undo(GUILD, CHANNEL, ALICE, "typo")
    assert isinstance(request, VoidRequest) and request.undo
    clock.now += timedelta(hours=2)
    with pytest.raises(ScoreError) as refused:
        await book.confirm_void(GUILD, request.id, BOB)
    assert refused.value.key == "sk.request_gone"
    assert (await get_hand(db, GUILD, hand.id)).status == "confirmed"
    again = await book.undo(GUILD, CHANNEL, ALICE, "typo")
    assert isinstance(again, VoidRequest) and again.id != request.id
    undone, _ = await book.confirm_void(GUILD, again.id, SCORER)
    assert undone.status == "voided" and undone.void_reason == "undo: typo ✓ Scorer"


async def test_who_voids_without_asking(book: ScoreBook) -> None:
    hand = await counted(book)
    voided = await book.void(GUILD, hand.id, SCORER, "official")  # a scorer: at once
    assert isinstance(voided, Hand) and voided.status == "voided"
    pending = await book.preview_draw(GUILD, CHANNEL, BOB, bonuses="Wu:暗杠")
    assert pending.hand is not None
    undone = await book.undo(GUILD, CHANNEL, BOB, "never counted")  # not confirmed yet
    assert isinstance(undone, Hand) and undone.status == "voided"
    hand = await counted(book, recorder=BOB, confirmer=CAROL)
    withdrawn = await book.void(GUILD, hand.id, BOB, "mistake")
    assert isinstance(withdrawn, VoidRequest)
    assert await book.cancel_void(GUILD, withdrawn.id, CAROL) == withdrawn
    with pytest.raises(ScoreError):
        await book.confirm_void(GUILD, withdrawn.id, ALICE)
