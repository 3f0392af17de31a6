"""What each message shows and the lease on editing it (``message_versions``), on SQLite and
PostgreSQL: one holder at a time, never for an older version than the message shows, the
version recorded never lowered; rows untouched for long forgotten, but never under a lease."""

from __future__ import annotations

from shangrao_bot.store.database.interface import Database
from shangrao_bot.store.database.transactions import Tx
from shangrao_bot.store.message_versions import (
    Claim,
    forget_untouched,
    lease_left,
    release_lease,
    renew_lease,
    shown_version,
    take_lease,
)


async def test_one_holder_at_a_time_and_never_backwards(db: Database) -> None:
    assert await shown_version(db, 1) is None
    first = await take_lease(db, 1, 5, "a", 30)
    assert first.claim is Claim.TAKEN and first.shown == 0
    busy = await take_lease(db, 1, 6, "b", 30)
    assert busy.claim is Claim.BUSY and 25 < busy.wait <= 30
    shown, left = await lease_left(db, 1)
    assert shown == 0 and 25 < left <= 30
    assert await renew_lease(db, 1, "a", 30) and not await renew_lease(db, 1, "b", 30)
    assert await release_lease(db, 1, "a", 5)
    assert await shown_version(db, 1) == 5 and await lease_left(db, 1) == (5, 0.0)
    assert (await take_lease(db, 1, 4, "b", 30)).claim is Claim.OLDER
    assert (await take_lease(db, 1, 5, "b", 30)).claim is Claim.TAKEN  # the same again
    assert await release_lease(db, 1, "b", None)  # the edit failed: it shows what it showed
    assert await shown_version(db, 1) == 5
    # a lease that ran out is taken over; the late holder's release still never lowers
    assert (await take_lease(db, 2, 1, "gone", -1)).claim is Claim.TAKEN
    assert (await take_lease(db, 2, 3, "c", 30)).claim is Claim.TAKEN
    assert not await release_lease(db, 2, "gone", 1)
    assert await release_lease(db, 2, "c", 3)
    assert not await release_lease(db, 2, "c", 2)
    assert await shown_version(db, 2) == 3


async def test_old_rows_are_forgotten_but_not_under_a_lease(db: Database) -> None:
    for message in (1, 2, 3):
        await take_lease(db, message, 1, "x", 30)
    await release_lease(db, 1, "x", 1)
    await release_lease(db, 3, "x", 1)

    async def age(tx: Tx) -> None:
        await tx.execute(
            "UPDATE message_versions SET updated_at = '2000-01-01' WHERE message_id < 3"
        )

    await db.write(age)
    assert await forget_untouched(db, "2020-01-01") == 1  # 1; 2 is held, 3 is recent
    assert [await shown_version(db, m) for m in (1, 2, 3)] == [None, 0, 1]
