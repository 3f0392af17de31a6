"""A session's version (migration 12's triggers), on SQLite and PostgreSQL: every change its
scoreboard, its previews or its settlement show bumps it in the change's own transaction —
a hand recorded, confirmed (and each confirmation on the way), cancelled, voided, undone,
expired or corrected, a guest merged into a member, a player renamed, the session closed, a
transfer marked paid — and a change of another session does not."""

from __future__ import annotations

from collections.abc import Awaitable, Callable

import pytest

from shangrao_bot.store.database.interface import Database, now_iso
from shangrao_bot.store.database.transactions import Tx
from shangrao_bot.store.ledger import (
    Quorum,
    SessionInfo,
    close_session,
    confirm_hand,
    edit_hand,
    expire_pending,
    guest_player,
    list_transfers,
    mark_paid,
    merge_guest,
    open_session,
    record_hand,
    rename_player,
    session_version,
    set_board_message,
    set_hand_message,
    undo_last_hand,
    user_player,
    void_hand,
)
from tests.store.conftest import CHANNEL, GUILD, four_player_session, kong_draw, self_draw_win

Change = Callable[[], Awaitable[object]]


async def versions(db: Database, *sessions: SessionInfo) -> list[int]:
    return [await session_version(db, s.id) for s in sessions]


async def bumps(db: Database, mine: SessionInfo, other: SessionInfo, change: Change) -> None:
    """``change`` moves ``mine``'s version on and leaves ``other``'s as it was."""
    before = await versions(db, mine, other)
    await change()
    after = await versions(db, mine, other)
    assert after[0] > before[0], "the session's version did not move"
    assert after[1] == before[1], "another session's version moved"


async def leaves(db: Database, sessions: list[SessionInfo], change: Change) -> None:
    before = await versions(db, *sessions)
    await change()
    assert await versions(db, *sessions) == before


async def two_sessions(db: Database) -> tuple[SessionInfo, SessionInfo]:
    mine = await four_player_session(db)
    others = [await user_player(db, GUILD, 200 + i, f"other{i}") for i in range(4)]
    other = await open_session(
        db, GUILD, CHANNEL + 1, "physical", {}, 1, 200, [p.id for p in others]
    )
    return mine, other


async def test_every_change_of_a_hand_bumps_its_session_only(db: Database) -> None:
    mine, other = await two_sessions(db)
    assert await session_version(db, mine.id) > 0  # opened: its seats were given
    await record_hand(db, GUILD, other.id, kong_draw(0), 200, confirmed=True)
    recorder, members = 100, frozenset({101, 102})
    quorum = Quorum(members, 2, recorder)
    hand = await record_hand(db, GUILD, mine.id, self_draw_win(0, 2), recorder)

    async def record() -> object:
        return await record_hand(db, GUILD, mine.id, self_draw_win(1, 3), recorder)

    await bumps(db, mine, other, record)  # a pending hand: the scoreboard counts it waiting
    await bumps(db, mine, other, lambda: confirm_hand(db, GUILD, hand.id, 101, False, quorum))
    await bumps(db, mine, other, lambda: confirm_hand(db, GUILD, hand.id, 102, False, quorum))
    assert (await confirm_hand(db, GUILD, hand.id, 102, False, quorum)).status == "confirmed"
    pending = await record_hand(db, GUILD, mine.id, kong_draw(2), recorder)
    await bumps(db, mine, other, lambda: void_hand(db, GUILD, pending.id, 101, "cancelled"))
    await bumps(db, mine, other, lambda: void_hand(db, GUILD, hand.id, 0, "wrong"))
    await bumps(db, mine, other, lambda: undo_last_hand(db, GUILD, mine.id, 0, "oops"))
    counted = await record_hand(db, GUILD, mine.id, kong_draw(1), recorder, confirmed=True)
    fixed = kong_draw(3)
    await bumps(db, mine, other, lambda: edit_hand(db, GUILD, counted.id, 0, fixed, "seat"))
    await record_hand(db, GUILD, mine.id, kong_draw(0), recorder)
    await bumps(db, mine, other, lambda: expire_pending(db, GUILD, "9999"))
    # where its prompt and the board are kept: not something they show
    await leaves(db, [mine, other], lambda: set_hand_message(db, GUILD, counted.id, 5, 6))
    await leaves(db, [mine, other], lambda: set_board_message(db, GUILD, mine.id, 5, 7))


async def test_closing_and_paying_bump_the_session_only(db: Database) -> None:
    mine, other = await two_sessions(db)
    for s in (mine, other):
        await record_hand(db, GUILD, s.id, self_draw_win(0, 2), 100, confirmed=True)
    await bumps(db, mine, other, lambda: close_session(db, GUILD, mine.id, 100))
    await close_session(db, GUILD, other.id, 200)
    first, second, _ = await list_transfers(db, GUILD, mine.id)
    await bumps(db, mine, other, lambda: mark_paid(db, GUILD, first.id, 100))
    await bumps(db, mine, other, lambda: mark_paid(db, GUILD, second.id, 100))


async def test_seats_and_names_bump_the_sessions_they_are_in(db: Database) -> None:
    guest = await guest_player(db, GUILD, "Lao Wang")
    seated = [await user_player(db, GUILD, 300 + i, f"p{i}") for i in range(3)]
    mine = await open_session(
        db, GUILD, CHANNEL + 2, "physical", {}, 1, 300, [guest.id, *(p.id for p in seated)]
    )
    _, other = await two_sessions(db)
    await record_hand(db, GUILD, mine.id, self_draw_win(0, 2), 300, confirmed=True)
    await bumps(db, mine, other, lambda: rename_player(db, GUILD, guest.id, "Wang Li", 300))
    member = await user_player(db, GUILD, 999, "member")
    await bumps(db, mine, other, lambda: merge_guest(db, GUILD, guest.id, member.id, 300))
    # a member's Discord name followed: the sessions they sit in show it
    await bumps(db, mine, other, lambda: user_player(db, GUILD, 999, "renamed member"))
    await leaves(db, [mine, other], lambda: user_player(db, GUILD, 999, "renamed member"))


async def test_a_change_commits_with_its_bump_or_not_at_all(db: Database) -> None:
    mine, _ = await two_sessions(db)
    before = await session_version(db, mine.id)

    async def refused(tx: Tx) -> None:
        await tx.execute(
            "UPDATE sessions SET status = 'closed', closed_at = ? WHERE id = ?",
            (now_iso(), mine.id),
        )
        raise RuntimeError("changed my mind")

    with pytest.raises(RuntimeError):
        await db.write(refused)
    assert await session_version(db, mine.id) == before
