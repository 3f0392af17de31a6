"""Edits that only move forward (:mod:`shangrao_bot.service.forward_edits`), on SQLite and
PostgreSQL, made to finish in the wrong order on purpose (events, not timing):

- a refresh that read the older scoreboard is held after its read while a newer one reads and
  edits: released, its edit is dropped;
- an older edit held in flight while a newer one waits on the lease: the newer one edits after
  it, and the message ends at the newer state;
- the same across processes: two instances with holders of their own over two connections to
  one database; a holder's lease is renewed while its edit is slow; a holder that dies
  mid-lease blocks the others only until its lease runs out.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import AsyncIterator, Callable
from pathlib import Path
from typing import cast

import pytest

from shangrao_bot.errors import StorageUnavailable
from shangrao_bot.service.forward_edits import ForwardEdits, Outcome
from shangrao_bot.service.session_scoreboard import Scoreboard, read_scoreboard
from shangrao_bot.store.database.interface import Database
from shangrao_bot.store.database.opening import open_database
from shangrao_bot.store.ledger import Quorum, confirm_hand, record_hand, session_balances
from shangrao_bot.store.message_versions import shown_version, take_lease
from tests.store.conftest import GUILD, four_player_session, self_draw_win

MESSAGE = 424242


class Message:
    """A message the edits write to: what it showed, in order."""

    def __init__(self) -> None:
        self.shown: list[str] = []

    def edit(
        self, text: str, started: asyncio.Event | None = None, hold: asyncio.Event | None = None
    ) -> Callable[[], object]:
        async def run() -> None:
            if started is not None:
                started.set()
            if hold is not None:
                await hold.wait()
            self.shown.append(text)

        return run

    @property
    def now(self) -> str | None:
        return self.shown[-1] if self.shown else None


async def until(predicate: Callable[[], bool], timeout: float = 5.0) -> None:
    end = time.monotonic() + timeout
    while not predicate():
        assert time.monotonic() < end, "condition not met in time"
        await asyncio.sleep(0.005)


def totals(board: Scoreboard) -> dict[int, int]:
    return {s.player.id: s.total for s in board.standings}


@pytest.fixture
async def second_db(db_target: str | Path, db: Database) -> AsyncIterator[Database]:
    """Another connection to the same database, as another process has."""
    other = await open_database(db_target)
    try:
        yield other
    finally:
        await other.close()


async def test_a_refresh_held_after_reading_the_older_board_is_dropped(db: Database) -> None:
    info = await four_player_session(db)
    hand = await record_hand(db, GUILD, info.id, self_draw_win(0, 2), 100)
    edits, message = ForwardEdits(db), Message()
    read, go_on = asyncio.Event(), asyncio.Event()

    async def refresh(name: str, hold: asyncio.Event | None = None) -> Outcome:
        board = await read_scoreboard(db, info)
        assert board.version is not None
        if hold is not None:
            read.set()
            await hold.wait()
        return await edits.edit(MESSAGE, board.version, message.edit(f"{name} {totals(board)}"))

    older = asyncio.create_task(refresh("A", go_on))  # the preview's refresh: hand 1 pending
    await read.wait()
    await confirm_hand(db, GUILD, hand.id, 101, True, Quorum(frozenset({101}), 1, 100))
    assert await refresh("B") is Outcome.EDITED  # the Confirm's refresh: hand 1 counts
    go_on.set()
    assert await older is Outcome.DROPPED
    ledger = await session_balances(db, GUILD, info.id)
    assert message.shown == [f"B {ledger}"]


async def test_an_edit_in_flight_holds_a_newer_one_until_it_is_done(db: Database) -> None:
    edits, message = ForwardEdits(db), Message()
    editing, finish = asyncio.Event(), asyncio.Event()
    older = asyncio.create_task(edits.edit(MESSAGE, 1, message.edit("A", editing, finish)))
    await editing.wait()
    newer = asyncio.create_task(edits.edit(MESSAGE, 2, message.edit("B")))
    await until(lambda: edits.waiting(MESSAGE) == 1)  # it asked, and waits for the lease
    assert message.shown == [] and not newer.done()
    finish.set()
    assert (await older, await newer) == (Outcome.EDITED, Outcome.EDITED)
    assert message.shown == ["A", "B"]
    assert await shown_version(db, MESSAGE) == 2
    assert edits.waiting(MESSAGE) == 0


async def test_the_same_version_again_is_allowed_and_a_failed_edit_shows_nothing(
    db: Database,
) -> None:
    edits, message = ForwardEdits(db), Message()
    assert await edits.edit(MESSAGE, 3, message.edit("three")) is Outcome.EDITED
    assert await edits.edit(MESSAGE, 3, message.edit("three again")) is Outcome.EDITED
    assert await edits.edit(MESSAGE, 2, message.edit("two")) is Outcome.DROPPED
    assert await edits.behind(MESSAGE, 2) and not await edits.behind(MESSAGE, 3)

    async def failing() -> None:
        raise RuntimeError("the message was deleted")

    with pytest.raises(RuntimeError):
        await edits.edit(MESSAGE, 5, failing)
    assert await shown_version(db, MESSAGE) == 3  # it still shows 3: 4 may edit it
    assert await edits.edit(MESSAGE, 4, message.edit("four")) is Outcome.EDITED
    assert message.shown == ["three", "three again", "four"]


async def test_patience_runs_out_while_another_edit_holds_the_lease(db: Database) -> None:
    edits, message = ForwardEdits(db), Message()
    editing, finish = asyncio.Event(), asyncio.Event()
    older = asyncio.create_task(edits.edit(MESSAGE, 1, message.edit("A", editing, finish)))
    await editing.wait()
    assert await edits.edit(MESSAGE, 2, message.edit("B"), patience=0.1) is Outcome.BUSY
    finish.set()
    await older
    assert message.shown == ["A"]


async def test_two_processes_drop_the_older_edit_whatever_order_they_finish_in(
    db: Database, second_db: Database
) -> None:
    one, two = ForwardEdits(db, holder="one"), ForwardEdits(second_db, holder="two")
    message = Message()
    # the newer edit first, from the other process: the older one is dropped
    assert await two.edit(MESSAGE, 7, message.edit("two@7")) is Outcome.EDITED
    assert await one.edit(MESSAGE, 6, message.edit("one@6")) is Outcome.DROPPED
    # the older edit in flight in one process, the newer one waiting in the other
    editing, finish = asyncio.Event(), asyncio.Event()
    older = asyncio.create_task(one.edit(MESSAGE, 8, message.edit("one@8", editing, finish)))
    await editing.wait()
    newer = asyncio.create_task(two.edit(MESSAGE, 9, message.edit("two@9")))
    await until(lambda: two.waiting(MESSAGE) == 1)
    await asyncio.sleep(3 * two.poll_seconds)  # it looked again: the lease is still held
    assert message.now == "two@7" and not newer.done()
    finish.set()
    assert (await older, await newer) == (Outcome.EDITED, Outcome.EDITED)
    assert message.shown == ["two@7", "one@8", "two@9"]
    assert await shown_version(second_db, MESSAGE) == 9


async def test_a_slow_edit_keeps_its_lease(db: Database, second_db: Database) -> None:
    one = ForwardEdits(db, holder="one", lease_seconds=0.3)
    two = ForwardEdits(second_db, holder="two", lease_seconds=0.3)
    message = Message()
    editing, finish = asyncio.Event(), asyncio.Event()
    slow = asyncio.create_task(one.edit(MESSAGE, 1, message.edit("slow", editing, finish)))
    await editing.wait()
    newer = asyncio.create_task(two.edit(MESSAGE, 2, message.edit("newer")))
    await asyncio.sleep(1.0)  # three leases long: renewed, the slow edit still holds it
    assert message.shown == [] and not newer.done()
    finish.set()
    await slow
    await newer
    assert message.shown == ["slow", "newer"]


async def test_a_holder_that_dies_blocks_only_until_its_lease_runs_out(
    db: Database, second_db: Database
) -> None:
    lease = 0.5
    taken = await take_lease(db, MESSAGE, 1, "dead process", lease)  # and never released
    started = time.monotonic()
    two, message = ForwardEdits(second_db, holder="two"), Message()
    assert taken.claim.value == "taken"
    assert await two.edit(MESSAGE, 2, message.edit("after")) is Outcome.EDITED
    waited = time.monotonic() - started
    assert lease - 0.1 <= waited < lease + 1.0, waited
    assert message.shown == ["after"]


async def test_without_storage_for_the_lease_the_edit_is_made_unguarded(db: Database) -> None:
    class Full:
        """The database with its disk full: reads work, writes do not."""

        kind = db.kind

        async def write(self, fn: object, *, batch: bool = False) -> object:
            raise StorageUnavailable("disk full")

    message = Message()
    edits = ForwardEdits(cast(Database, Full()))
    assert await edits.edit(MESSAGE, 1, message.edit("anyway")) is Outcome.EDITED
    assert message.shown == ["anyway"]
