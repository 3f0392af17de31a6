"""The rating fold's persisted checkpoints (:mod:`shangrao_bot.store.ledger.rating_checkpoints`,
migration 13): a process that starts resumes the fold from them, and gets exactly the fold from
scratch.

Pure properties (hypothesis): a packed state and packed steps read back bit for bit, however
the games are cut into checkpoints; a fold resumed from packed checkpoints, over any change of
the games after them, equals the fold from scratch. Then through the store, on both databases:
random sequences of recordings, pending hands confirmed, voids, undos, edits, hands moved in
time (ties included), a merge, reads and restarts (a new :class:`Database` object, nothing in
memory) — every read equals the fold of the hands as they count; a restart resumes from the
checkpoints an earlier fold wrote, a checkpoint a change has overtaken is left out and written
again, two processes writing the same checkpoints at once agree, a checkpoint a storage fault
left unwritten is written at the next read, pruning the log of changes stamps the checkpoints it
still vouches for, and a process keeps only its most recently read guilds.
"""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import random
import struct
from collections.abc import AsyncIterator
from pathlib import Path

import pytest
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from shangrao_bot.errors import StorageUnavailable
from shangrao_bot.store.database.interface import Database
from shangrao_bot.store.database.opening import open_database
from shangrao_bot.store.errors import StoreError
from shangrao_bot.store.ledger import (
    confirm_hand,
    edit_hand,
    guest_player,
    merge_guest,
    open_session,
    rating_checkpoints,
    rating_fold,
    record_hand,
    undo_last_hand,
    user_player,
    void_hand,
)
from shangrao_bot.store.ledger import ratings as ratings_module
from shangrao_bot.store.ledger.rating_codec import (
    CodecError,
    add_steps,
    pack_state,
    pack_steps,
    unpack_state,
)
from shangrao_bot.store.ledger.rating_fold import (
    Game,
    RatingBook,
    RatingFold,
    State,
    rate_games,
    rating_of,
)
from shangrao_bot.store.ledger.ratings import guild_ratings, ledger_games, ratings_fresh
from tests.store.conftest import CHANNEL
from tests.store.test_ratings import games as game_lists
from tests.store.test_totals import backdate, random_hand

EVERY = 4  # games between two persisted checkpoints in these tests


@pytest.fixture(autouse=True)
def small_checkpoints(monkeypatch: pytest.MonkeyPatch) -> None:
    """States kept every 2 games, the newest 2 in memory, one persisted every 4 games: short
    books resume from memory, from a persisted checkpoint and from the first game."""
    monkeypatch.setattr(rating_fold, "CHECKPOINT_EVERY", 2)
    monkeypatch.setattr(rating_fold, "MEMORY_CHECKPOINTS", 2)
    monkeypatch.setattr(rating_fold, "PERSISTED_EVERY", EVERY)


def bits(state: State) -> dict[int, tuple[bytes, bytes, int]]:
    """A state's every float as its bytes (``==`` on floats would take -0.0 for 0.0)."""
    return {
        p: (struct.pack("<d", r.mu), struct.pack("<d", r.sigma), n) for p, (r, n) in state.items()
    }


# --- the packed form, pure ----------------------------------------------------------------------

finite = st.floats(allow_nan=False, allow_infinity=False)


@settings(max_examples=60, deadline=None)
@given(
    st.dictionaries(
        st.integers(-(2**63), 2**63 - 1), st.tuples(finite, finite, st.integers(0, 2**40))
    )
)
def test_a_packed_state_reads_back_bit_for_bit(
    players: dict[int, tuple[float, float, int]],
) -> None:
    state = {p: (rating_of(mu, sigma), n) for p, (mu, sigma, n) in players.items()}
    assert bits(unpack_state(pack_state(state))) == bits(state)


@settings(max_examples=60, deadline=None)
@given(game_lists(), st.lists(st.integers(0, 40), max_size=6))
def test_steps_read_back_however_the_games_are_cut(ledger: list[Game], cuts: list[int]) -> None:
    book = rate_games(ledger)
    places = sorted({0, len(ledger), *(c for c in cuts if c <= len(ledger))})
    again = RatingBook()
    for first, end in itertools.pairwise(places):
        assert add_steps(again, pack_steps(book, first, end)) == end - first
    assert (again.steps, again.at, again.hand_id) == (book.steps, book.at, book.hand_id)


def test_another_format_or_a_short_blob_is_refused() -> None:
    book = rate_games([Game(1, "a", (1, 2, 3, 4), (3, -1, -1, -1))])
    state = pack_state({1: (rating_of(25.0, 8.0), 1)})
    steps = pack_steps(book, 0, 1)
    for blob in (b"\x02" + state[1:], state[:-3], b""):
        with pytest.raises(CodecError):
            unpack_state(blob)
    for blob in (b"\x02" + steps[1:], steps[:-30], steps[:5]):
        with pytest.raises(CodecError):
            add_steps(RatingBook(), blob)
    with pytest.raises(CodecError, match="do not follow"):
        add_steps(book, steps)  # the game it starts with is there already


@pytest.mark.slow
@settings(max_examples=80, deadline=None)
@given(game_lists(min_size=1), game_lists(), st.data())
def test_a_fold_resumed_from_packed_checkpoints_equals_the_fold_from_scratch(
    before: list[Game], changed: list[Game], data: st.DataObject
) -> None:
    """A process folds ``before`` and packs its checkpoints; the next one resumes from the
    packed checkpoint at a place whose games are unchanged, over the changed ledger."""
    states: dict[int, bytes] = {}
    fold = RatingFold()
    fold.update(before, 0, lambda place, state: states.__setitem__(place, pack_state(state)))
    keep = data.draw(st.integers(0, len(before)))
    after = before[:keep] + changed  # the games before ``keep`` unchanged
    places = [p for p in sorted(states) if p <= keep]
    history = RatingBook()
    for first, end in itertools.pairwise([0, *places]):
        add_steps(history, pack_steps(fold.book, first, end))
    at = places[-1] if places else 0
    resumed = RatingFold(history, at, unpack_state(states[at]) if at else {})
    assert resumed.book.ratings == rate_games(before[:at]).ratings
    resumed.update(after[at:], at)
    assert resumed.book == rate_games(after)


# --- through the store, on both databases ------------------------------------------------------


class Process:
    """The bot's process as the ratings see it: its database object (a restart is a new one)."""

    def __init__(self, target: str | Path) -> None:
        self.target = target
        self.db: Database | None = None

    async def start(self) -> Database:
        if self.db is not None:
            await self.db.close()
        self.db = await open_database(self.target)
        return self.db

    async def stop(self) -> None:
        if self.db is not None:
            await self.db.close()
            self.db = None


@pytest.fixture
async def process(db_target: str | Path) -> AsyncIterator[Process]:
    running = Process(db_target)
    await running.start()
    try:
        yield running
    finally:
        await running.stop()


@pytest.fixture
def folds(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """Where each fold of this process started (the place of its first game folded)."""
    started: list[int] = []
    fold = ratings_module._fold

    def spy(
        into: RatingFold, games: list[Game], first: int, version: int
    ) -> list[rating_checkpoints.Checkpoint]:
        started.append(first)
        return fold(into, games, first, version)

    monkeypatch.setattr(ratings_module, "_fold", spy)
    return started


_guilds = itertools.count(5000)


async def seated(db: Database, guild: int) -> tuple[list[int], int, list[int]]:
    """Four members and a guest of a new guild, and two open sessions: the guest with three
    members, the four members (the guest may be merged into the fourth)."""
    members = [(await user_player(db, guild, 900 + i, f"m{i}")).id for i in range(4)]
    guest = (await guest_player(db, guild, "Lao Wang")).id
    sessions = []
    for n, seats in enumerate(([*members[:3], guest], members)):
        info = await open_session(
            db, guild, CHANNEL + n, "physical", {"preset": "shangrao"}, 1, 1, seats
        )
        sessions.append(info.id)
    return members, guest, sessions


async def counted(db: Database, guild: int) -> list[int]:
    return [g.hand_id for g in await ledger_games(db, guild)]


async def assert_as_from_scratch(db: Database, guild: int) -> RatingBook:
    book = await guild_ratings(db, guild)
    assert book == rate_games(await ledger_games(db, guild))
    return book


# what happens between two reads: a recording more often than anything else, a merge seldom
NAMES = ("record", "record", "record", "pending", "confirm", "undo", "read", "read")
NAMES += ("restart", "restart", "void", "edit", "backdate", "merge")
OPERATIONS = st.lists(
    st.tuples(st.sampled_from(NAMES), st.integers(0, 2**32)),
    min_size=6,
    max_size=30,
)


@pytest.mark.slow
@settings(
    max_examples=40,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(st.lists(st.integers(0, 2**32), min_size=4, max_size=24), OPERATIONS, st.data())
async def test_resumed_after_any_changes_and_restarts_equals_the_fold_from_scratch(
    process: Process,
    folds: list[int],
    start: list[int],
    operations: list[tuple[str, int]],
    data: st.DataObject,
) -> None:
    guild = next(_guilds)
    db = await process.start()
    members, guest, sessions = await seated(db, guild)
    for seed in start:
        hand = random_hand(random.Random(seed))
        await record_hand(db, guild, sessions[seed % 2], hand, 1, confirmed=True)
    await assert_as_from_scratch(db, guild)
    pending: list[int] = []
    for op, seed in operations:
        every = await counted(db, guild)
        rng = random.Random(seed)
        ids = every[-6:] if rng.random() < 0.7 else every  # recent hands, mostly
        if op in ("record", "pending"):
            recorded = await record_hand(
                db,
                guild,
                sessions[rng.randrange(2)],
                random_hand(rng),
                1,
                confirmed=op == "record",
            )
            if op == "pending":
                pending.append(recorded.id)
        elif op == "confirm" and pending:
            hand_id = pending.pop(0)
            row = await db.fetchone("SELECT status FROM hands WHERE id = ?", (hand_id,))
            if row is not None and row[0] != "voided":  # an undo may have voided it meanwhile
                await confirm_hand(db, guild, hand_id, 2, final=True)
        elif op == "undo":
            with contextlib.suppress(StoreError):  # nothing left to undo
                await undo_last_hand(db, guild, sessions[0], 1, "oops")
        elif op == "merge":
            with contextlib.suppress(StoreError):  # merged already
                await merge_guest(db, guild, guest, members[3], 1)
        elif op == "read":
            await assert_as_from_scratch(db, guild)
        elif op == "restart":
            db = await process.start()
            await assert_as_from_scratch(db, guild)
            event(f"a restart resumed from a persisted checkpoint: {folds[-1] > 0}")
        elif ids and op == "void":
            await void_hand(db, guild, rng.choice(ids), 1, "wrong")
        elif ids and op == "edit":
            await edit_hand(db, guild, rng.choice(ids), 1, random_hand(rng), "typo", confirmed=True)
        elif ids and op == "backdate":
            # to another counted hand's moment (a tie) or just before it
            other = rng.choice(every)
            row = await db.fetchone("SELECT created_at FROM hands WHERE id = ?", (other,))
            assert row is not None
            moment = row[0] if rng.random() < 0.5 else row[0][:-10] + ".000+00:00"
            await backdate(db, rng.choice(ids), moment)
    if data.draw(st.booleans()):
        db = await process.start()
    await assert_as_from_scratch(db, guild)


async def book_of(db: Database, guild: int, hands: int) -> tuple[list[int], list[int]]:
    members, _, sessions = await seated(db, guild)
    rng = random.Random(guild)
    ids = [
        (await record_hand(db, guild, sessions[1], random_hand(rng), 1, confirmed=True)).id
        for _ in range(hands)
    ]
    return members, ids


async def kept(db: Database, guild: int) -> list[tuple[int, int, int]]:
    """The guild's checkpoints: (place, first game, version)."""
    rows = await db.fetchall(
        "SELECT games, first_game, version FROM rating_checkpoints WHERE guild_id = ?"
        " ORDER BY games",
        (guild,),
    )
    return [(r[0], r[1], r[2]) for r in rows]


async def test_a_restart_resumes_from_the_checkpoints_an_earlier_fold_wrote(
    process: Process, folds: list[int]
) -> None:
    guild = next(_guilds)
    db = process.db
    assert db is not None
    await book_of(db, guild, 18)
    assert await kept(db, guild) == []  # written by a fold, never by a recording
    book = await assert_as_from_scratch(db, guild)
    assert folds == [0]
    assert [(p, f) for p, f, _ in await kept(db, guild)] == [(4, 0), (8, 4), (12, 8), (16, 12)]
    db = await process.start()
    assert not ratings_fresh(db, guild, await ratings_module.ledger_version(db, guild))
    assert await assert_as_from_scratch(db, guild) == book
    assert folds == [0, 16]  # two games folded, the history before them read back
    # recorded past the next place: the fold passes it and writes it
    await book_of_more(db, guild, 3)
    await assert_as_from_scratch(db, guild)
    assert folds[-1] == 18 and [p for p, _, _ in await kept(db, guild)][-1] == 20


async def book_of_more(db: Database, guild: int, hands: int) -> None:
    session = await db.fetchone(
        "SELECT MAX(id) FROM sessions WHERE guild_id = ? AND status = 'open'", (guild,)
    )
    assert session is not None
    rng = random.Random(hands)
    for _ in range(hands):
        await record_hand(db, guild, session[0], random_hand(rng), 1, confirmed=True)


async def test_a_checkpoint_a_change_overtook_is_left_out_and_written_again(
    process: Process, folds: list[int]
) -> None:
    guild = next(_guilds)
    db = process.db
    assert db is not None
    _, ids = await book_of(db, guild, 17)
    await guild_ratings(db, guild)
    before = await kept(db, guild)
    # another process voids the sixth game; this one restarts before reading
    await void_hand(db, guild, ids[5], 1, "wrong table")
    db = await process.start()
    await assert_as_from_scratch(db, guild)
    assert folds[-1] == 4  # the checkpoint before the void (8, 12 and 16 no longer hold)
    after = await kept(db, guild)
    assert [p for p, _, _ in after] == [4, 8, 12, 16]
    assert after[0] == before[0] and all(
        a[2] > b[2] for a, b in zip(after[1:], before[1:], strict=True)
    )
    # a change older than the states kept in memory: resumed from the persisted checkpoint
    await void_hand(db, guild, ids[2], 1, "wrong table")
    await assert_as_from_scratch(db, guild)
    assert folds[-1] == 0
    await void_hand(db, guild, ids[12], 1, "wrong table")
    await assert_as_from_scratch(db, guild)
    assert folds[-1] == 8


async def test_processes_writing_the_same_checkpoints_at_once_agree(
    process: Process, folds: list[int]
) -> None:
    """Two shards' processes fold the same book at the same moment and write the same rows;
    a third, started afterwards, resumes from them."""
    guild = next(_guilds)
    db = process.db
    assert db is not None
    await book_of(db, guild, 21)
    other = await open_database(process.target)
    try:
        books = await asyncio.gather(guild_ratings(db, guild), guild_ratings(other, guild))
    finally:
        await other.close()
    assert books[0] == books[1] == rate_games(await ledger_games(db, guild))
    assert [p for p, _, _ in await kept(db, guild)] == [4, 8, 12, 16, 20]
    db = await process.start()
    assert await assert_as_from_scratch(db, guild) == books[0]
    assert folds[-1] == 20


async def test_a_checkpoint_a_storage_fault_left_unwritten_is_written_at_the_next_read(
    process: Process, monkeypatch: pytest.MonkeyPatch
) -> None:
    guild = next(_guilds)
    db = process.db
    assert db is not None
    await book_of(db, guild, 10)
    write = rating_checkpoints.write_checkpoint
    faults = iter([True])

    async def flaky(db: Database, guild_id: int, checkpoint: rating_checkpoints.Checkpoint) -> None:
        if next(faults, False):
            raise StorageUnavailable()
        await write(db, guild_id, checkpoint)

    monkeypatch.setattr(ratings_module, "write_checkpoint", flaky)
    await assert_as_from_scratch(db, guild)  # the answer does not wait for the storage
    assert await kept(db, guild) == []
    await book_of_more(db, guild, 1)
    await assert_as_from_scratch(db, guild)
    assert [p for p, _, _ in await kept(db, guild)] == [4, 8]


async def test_pruning_the_log_stamps_the_checkpoints_it_still_vouches_for(
    process: Process, folds: list[int], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(ratings_module, "KEEP_CHANGES", 8)
    guild = next(_guilds)
    db = process.db
    assert db is not None
    _, ids = await book_of(db, guild, 9)
    await guild_ratings(db, guild)
    stamped = await kept(db, guild)
    assert [p for p, _, _ in stamped] == [4, 8]
    await void_hand(db, guild, ids[6], 1, "wrong")  # overtakes the checkpoint at 8
    for _ in range(4):  # enough changes that the log is pruned past the checkpoints' version
        await book_of_more(db, guild, 1)
        await guild_ratings(db, guild)
    oldest = await db.fetchone(
        "SELECT MIN(version) FROM ledger_changes WHERE guild_id = ?", (guild,)
    )
    assert oldest is not None and oldest[0] > stamped[0][2] + 1
    now = await kept(db, guild)
    assert now[0][:2] == (4, 0) and now[0][2] >= oldest[0] - 1  # stamped: it still holds
    db = await process.start()
    await assert_as_from_scratch(db, guild)
    assert folds[-1] == 12


async def test_a_process_keeps_only_its_most_recently_read_guilds(
    process: Process, folds: list[int], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(ratings_module, "RATED_GUILDS", 2)
    db = await process.start()
    guilds = [next(_guilds) for _ in range(3)]
    for guild in guilds:
        await book_of(db, guild, 9)
        await guild_ratings(db, guild)
    fresh = [ratings_fresh(db, g, await ratings_module.ledger_version(db, g)) for g in guilds]
    assert fresh == [False, True, True]
    await assert_as_from_scratch(db, guilds[0])
    assert folds[-1] == 8  # resumed from its persisted checkpoints


async def test_an_unreadable_checkpoint_is_passed_over(process: Process, folds: list[int]) -> None:
    guild = next(_guilds)
    db = process.db
    assert db is not None
    await book_of(db, guild, 9)
    await guild_ratings(db, guild)

    async def spoil(tx: object) -> None:
        await tx.execute(  # type: ignore[attr-defined]
            "UPDATE rating_checkpoints SET steps = ? WHERE guild_id = ? AND games = 8",
            (b"\x09" * 40, guild),
        )

    await db.write(spoil)  # type: ignore[arg-type]
    db = await process.start()
    await assert_as_from_scratch(db, guild)
    assert folds[-1] == 0


async def test_games_tied_across_a_checkpoint_resume_after_it(
    process: Process, folds: list[int]
) -> None:
    """Games 6 to 9 recorded at one moment: the checkpoint at 8 ends inside the tie, and the
    resumed fold reads the tie again but folds only the games after the checkpoint."""
    guild = next(_guilds)
    db = process.db
    assert db is not None
    _, ids = await book_of(db, guild, 11)
    row = await db.fetchone("SELECT created_at FROM hands WHERE id = ?", (ids[6],))
    assert row is not None
    for hand in ids[7:10]:
        await backdate(db, hand, row[0])
    book = await assert_as_from_scratch(db, guild)
    assert book.at[6:10] == [row[0]] * 4 and book.at[10] > row[0]
    db = await process.start()
    assert await assert_as_from_scratch(db, guild) == book
    assert folds[-1] == 8
