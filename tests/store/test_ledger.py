"""The ledger's operations on a real SQLite file: record, confirm, void, undo, edit,
idempotency, refusals, settlement, guests, guild isolation and the audit trail."""

from __future__ import annotations

import pytest

from shangrao_bot.store.database.interface import Database
from shangrao_bot.store.errors import InvalidRecord, NotFound
from shangrao_bot.store.ledger import (
    HandIn,
    PaymentIn,
    add_alias,
    audit_trail,
    close_session,
    confirm_hand,
    edit_hand,
    expire_pending,
    get_hand,
    guest_player,
    list_transfers,
    mark_paid,
    merge_guest,
    open_session,
    record_hand,
    session_balances,
    undo_last_hand,
    user_player,
    void_hand,
)
from tests.store.conftest import (
    CHANNEL,
    GUILD,
    OTHER_GUILD,
    four_player_session,
    kong_draw,
    self_draw_win,
)


async def test_record_is_pending_until_confirmed_and_only_confirmed_hands_count(
    db: Database,
) -> None:
    s = await four_player_session(db)
    hand = await record_hand(db, GUILD, s.id, self_draw_win(0, 2), recorded_by=100)
    assert hand.status == "pending" and hand.seq == 1
    assert hand.deltas == (6, -2, -2, -2)
    assert [p.amount for p in hand.payments] == [2, 2, 2]
    assert all(v == 0 for v in (await session_balances(db, GUILD, s.id)).values())
    hand = await confirm_hand(db, GUILD, hand.id, 101, final=False)
    assert hand.status == "pending" and hand.confirmations == (101,)
    hand = await confirm_hand(db, GUILD, hand.id, 102, final=True)
    assert hand.status == "confirmed" and set(hand.confirmations) == {101, 102}
    balances = await session_balances(db, GUILD, s.id)
    assert [balances[p.id] for p in s.seats] == [6, -2, -2, -2]


async def test_payments_must_sum_to_zero_and_match_the_deltas(db: Database) -> None:
    s = await four_player_session(db)
    lopsided = HandIn("win", (PaymentIn(1, 0, 2, "win"),), (3, -2, 0, -1), (0,))
    with pytest.raises(InvalidRecord, match="the payments give"):
        await record_hand(db, GUILD, s.id, lopsided, 100)
    not_zero = HandIn("win", (PaymentIn(1, 0, 2, "win"),), (3, -2, 0, 0), (0,))
    with pytest.raises(InvalidRecord, match="sum to zero; these deltas sum to 1"):
        await record_hand(db, GUILD, s.id, not_zero, 100)
    bad_reason = HandIn("win", (PaymentIn(1, 0, 2, "bribe"),), (2, -2, 0, 0), (0,))
    with pytest.raises(InvalidRecord, match="'bribe' is not one of"):
        await record_hand(db, GUILD, s.id, bad_reason, 100)
    row = await db.fetchone("SELECT COUNT(*) FROM hands")
    assert row is not None and row[0] == 0  # nothing half-written
    row = await db.fetchone("SELECT COUNT(*) FROM payments")
    assert row is not None and row[0] == 0


async def test_a_repeated_idempotency_key_returns_the_first_record(db: Database) -> None:
    s = await four_player_session(db)
    first = await record_hand(db, GUILD, s.id, self_draw_win(1, 2), 100, idempotency_key="i-1")
    again = await record_hand(db, GUILD, s.id, self_draw_win(2, 9), 100, idempotency_key="i-1")
    assert again.id == first.id and again.deltas == first.deltas
    row = await db.fetchone("SELECT COUNT(*) FROM hands")
    assert row is not None and row[0] == 1


async def test_void_keeps_the_hand_and_audits_it(db: Database) -> None:
    s = await four_player_session(db)
    hand = await record_hand(db, GUILD, s.id, self_draw_win(0, 2), 100, confirmed=True)
    voided = await void_hand(db, GUILD, hand.id, 100, "  wrong   winner ")
    assert voided.status == "voided" and voided.void_reason == "wrong winner"
    assert all(v == 0 for v in (await session_balances(db, GUILD, s.id)).values())
    with pytest.raises(InvalidRecord, match="already voided"):
        await void_hand(db, GUILD, hand.id, 100, "again")
    with pytest.raises(InvalidRecord, match="a reason is required"):
        await void_hand(db, GUILD, hand.id, 100, "   ")
    with pytest.raises(InvalidRecord, match="was voided"):
        await confirm_hand(db, GUILD, hand.id, 101, final=True)
    trail = await audit_trail(db, GUILD)
    assert [a["action"] for a in trail[:2]] == ["void", "record"]
    assert '"reason": "wrong winner"' in trail[0]["after"]


async def test_undo_voids_the_latest_counting_hand(db: Database) -> None:
    s = await four_player_session(db)
    await record_hand(db, GUILD, s.id, self_draw_win(0, 2), 100, confirmed=True)
    second = await record_hand(db, GUILD, s.id, self_draw_win(1, 4), 100, confirmed=True)
    undone = await undo_last_hand(db, GUILD, s.id, 100, "typo")
    assert undone.id == second.id and undone.void_reason == "undo: typo"
    balances = await session_balances(db, GUILD, s.id)
    assert [balances[p.id] for p in s.seats] == [6, -2, -2, -2]
    await undo_last_hand(db, GUILD, s.id, 100, "typo")
    with pytest.raises(NotFound, match="no hand to undo"):
        await undo_last_hand(db, GUILD, s.id, 100, "typo")


async def test_edit_is_void_plus_record_in_one_step(db: Database) -> None:
    s = await four_player_session(db)
    hand = await record_hand(db, GUILD, s.id, self_draw_win(0, 2), 100, confirmed=True)
    new = await edit_hand(db, GUILD, hand.id, 100, self_draw_win(0, 3), "value", confirmed=True)
    assert new.id != hand.id and new.deltas == (9, -3, -3, -3) and new.seq == hand.seq
    old = await get_hand(db, GUILD, hand.id)
    assert old.status == "voided" and old.void_reason == "edited: value"
    # a refused edit changes nothing: the old hand is not voided either
    third = await record_hand(db, GUILD, s.id, self_draw_win(2, 2), 100, confirmed=True)
    assert third.seq == 2  # the edit kept number 1
    assert (await undo_last_hand(db, GUILD, s.id, 100, "typo")).id == third.id
    third = await record_hand(db, GUILD, s.id, self_draw_win(2, 2), 100, confirmed=True)
    bad = HandIn("win", (PaymentIn(1, 0, 2, "win"),), (3, -2, 0, -1), (0,))
    with pytest.raises(InvalidRecord):
        await edit_hand(db, GUILD, third.id, 100, bad, "oops")
    assert (await get_hand(db, GUILD, third.id)).status == "confirmed"


async def test_expired_pending_hands_are_voided(db: Database) -> None:
    s = await four_player_session(db)
    hand = await record_hand(db, GUILD, s.id, self_draw_win(0, 2), 100)
    assert await expire_pending(db, GUILD, "9999-01-01") == 1
    assert (await get_hand(db, GUILD, hand.id)).void_reason == "expired: not confirmed in time"


async def test_close_session_settles_with_minimum_transfers_and_mark_paid(db: Database) -> None:
    s = await four_player_session(db)
    await record_hand(db, GUILD, s.id, self_draw_win(0, 2), 100, confirmed=True)
    await record_hand(db, GUILD, s.id, kong_draw(1), 100, confirmed=True)
    pending = await record_hand(db, GUILD, s.id, self_draw_win(3, 2), 100)
    with pytest.raises(InvalidRecord, match="still wait for confirmation"):
        await close_session(db, GUILD, s.id, 100)
    await void_hand(db, GUILD, pending.id, 100, "not played")
    settlement = await close_session(db, GUILD, s.id, 100)
    ids = [p.id for p in s.seats]
    assert [settlement.balances[i] for i in ids] == [4, 4, -4, -4]
    assert len(settlement.transfers) == 2
    received = {i: 0 for i in ids}
    for t in settlement.transfers:
        received[t.payee.id] += t.amount
        received[t.payer.id] -= t.amount
    assert received == settlement.balances
    paid = await mark_paid(db, GUILD, settlement.transfers[0].id, 102)
    assert paid.paid_by == 102 and paid.paid_at is not None
    with pytest.raises(InvalidRecord, match="already marked paid"):
        await mark_paid(db, GUILD, paid.id, 102)
    with pytest.raises(InvalidRecord, match="is closed"):
        await record_hand(db, GUILD, s.id, self_draw_win(0, 2), 100)
    with pytest.raises(InvalidRecord, match="already closed"):
        await close_session(db, GUILD, s.id, 100)
    assert len(await list_transfers(db, GUILD, s.id)) == 2


async def test_guests_aliases_and_merging_into_a_user_keep_history(db: Database) -> None:
    wang = await guest_player(db, GUILD, "  Lao   Wang ")
    assert wang.is_guest and wang.display_name == "Lao Wang"
    assert (await guest_player(db, GUILD, "lao wang")).id == wang.id
    await add_alias(db, GUILD, wang.id, "老王", 100)
    assert (await guest_player(db, GUILD, "老王")).id == wang.id
    others = [await user_player(db, GUILD, 100 + i, f"u{i}") for i in range(3)]
    s = await open_session(
        db, GUILD, CHANNEL, "physical", {}, 1, 100, [wang.id, *(p.id for p in others)]
    )
    await record_hand(db, GUILD, s.id, self_draw_win(0, 2), 100, confirmed=True)
    user = await user_player(db, GUILD, 999, "wang#1")
    await merge_guest(db, GUILD, wang.id, user.id, 100)
    assert (await session_balances(db, GUILD, s.id))[user.id] == 6
    assert (await guest_player(db, GUILD, "老王")).id == user.id
    with pytest.raises(InvalidRecord, match="not an unmerged guest"):
        await merge_guest(db, GUILD, wang.id, user.id, 100)
    # a guest who sat beside the user in a session is someone else
    other = await guest_player(db, GUILD, "Xiao Li")
    s2 = await open_session(  # another channel: one open score session per channel
        db,
        GUILD,
        CHANNEL + 1,
        "physical",
        {},
        1,
        100,
        [other.id, user.id, *(p.id for p in others[:2])],
    )
    assert s2.seats[0].id == other.id
    with pytest.raises(InvalidRecord, match="sat at the same table"):
        await merge_guest(db, GUILD, other.id, user.id, 100)
    with pytest.raises(InvalidRecord, match="a guest needs a name"):
        await guest_player(db, GUILD, "   ")


async def test_sessions_need_four_distinct_players(db: Database) -> None:
    p = await user_player(db, GUILD, 1, "a")
    with pytest.raises(InvalidRecord, match="four different players"):
        await open_session(db, GUILD, CHANNEL, "physical", {}, 1, 1, [p.id] * 4)


async def test_guild_isolation(db: Database) -> None:
    s = await four_player_session(db, GUILD)
    hand = await record_hand(db, GUILD, s.id, self_draw_win(0, 2), 100, confirmed=True)
    with pytest.raises(NotFound):
        await get_hand(db, OTHER_GUILD, hand.id)
    with pytest.raises(NotFound):
        await void_hand(db, OTHER_GUILD, hand.id, 1, "mine now")
    with pytest.raises(NotFound):
        await record_hand(db, OTHER_GUILD, s.id, self_draw_win(0, 2), 1)
    with pytest.raises(NotFound):
        await session_balances(db, OTHER_GUILD, s.id)
    # another guild's players cannot be seated either
    foreign = [await user_player(db, OTHER_GUILD, 100 + i, f"x{i}") for i in range(4)]
    with pytest.raises(NotFound):
        await open_session(
            db, GUILD, CHANNEL, "physical", {}, 1, 1, [s.seats[0].id, *(p.id for p in foreign[1:])]
        )
    assert await audit_trail(db, OTHER_GUILD) == []
