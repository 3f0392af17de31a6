"""The ledger under abuse, on SQLite and on PostgreSQL: a writer process killed with SIGKILL at
random moments, 50 concurrent writers, and random operation sequences checked against an
in-memory model. (Several processes writing one PostgreSQL database: test_pg_conflicts.py.)"""

from __future__ import annotations

import asyncio
import contextlib
import os
import random
import signal
import sys
import tempfile
from pathlib import Path

import pytest
from hypothesis import settings
from hypothesis import strategies as st
from hypothesis.stateful import (
    RuleBasedStateMachine,
    invariant,
    precondition,
    rule,
    run_state_machine_as_test,
)

from shangrao_bot.store.database.interface import Database
from shangrao_bot.store.database.opening import open_database
from shangrao_bot.store.errors import InvalidRecord, NotFound
from shangrao_bot.store.guilds import get_settings, update_settings
from shangrao_bot.store.ledger import (
    Settlement,
    close_session,
    confirm_hand,
    list_transfers,
    record_hand,
    session_balances,
    undo_last_hand,
    void_hand,
)
from tests.databases import fresh_database, migrated_sqlite
from tests.pg_cluster import Cluster
from tests.store.conftest import GUILD, four_player_session, self_draw_win

ROOT = Path(__file__).resolve().parents[2]


async def check_whole(target: str | Path) -> int:
    """Open the database after a crash: it must be intact and every hand whole."""
    db = await open_database(target)
    try:
        assert await db.integrity_ok()
        hands = await db.fetchall("SELECT id, idempotency_key FROM hands")
        for h in hands:
            seats = await db.fetchall("SELECT delta FROM hand_seats WHERE hand_id = ?", (h["id"],))
            pays = await db.fetchall("SELECT amount FROM payments WHERE hand_id = ?", (h["id"],))
            audit = await db.fetchall(
                "SELECT id FROM audit WHERE entity = 'hand' AND entity_id = ?", (h["id"],)
            )
            assert len(seats) == 4 and sum(s["delta"] for s in seats) == 0
            assert len(pays) == 3 and len(audit) == 1
        keys = [h["idempotency_key"] for h in hands]
        assert len(keys) == len(set(keys))
        return len(hands)
    finally:
        await db.close()


@pytest.mark.slow
async def test_sigkill_at_random_moments_leaves_every_hand_whole_or_absent(
    db_target: str | Path,
) -> None:
    """A child process records hands in a loop and is killed with SIGKILL at a random moment,
    twenty times: each time the database opens (PostgreSQL: the server rolled the killed
    connection's transaction back), and every hand is whole or absent."""
    rng = random.Random(20261129)
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    total = 0
    for round_ in range(20):
        child = await asyncio.create_subprocess_exec(
            sys.executable,
            str(ROOT / "tests/store/crash_writer.py"),
            str(db_target),
            str(round_ * 100_000),
            stdout=asyncio.subprocess.PIPE,
            env=env,
            cwd=ROOT,
        )
        assert child.stdout is not None
        assert (await asyncio.wait_for(child.stdout.readline(), 60)).strip() == b"ready"
        await asyncio.sleep(rng.uniform(0.0, 0.25))  # the random moment of the kill
        child.send_signal(signal.SIGKILL)
        await child.wait()
        count = await check_whole(db_target)
        assert count >= total  # committed hands never disappear
        total = count
    assert total > 20  # the writer really wrote between kills


@pytest.mark.slow
async def test_fifty_concurrent_writers(db: Database) -> None:
    session = await four_player_session(db)
    per_writer = 6

    async def writer(w: int) -> None:
        for i in range(per_writer):
            hand = await record_hand(
                db,
                GUILD,
                session.id,
                self_draw_win((w + i) % 4, 1 + i),
                100,
                idempotency_key=f"w{w}-{i}",
            )
            # a double submit of the same interaction records once
            again = await record_hand(
                db,
                GUILD,
                session.id,
                self_draw_win((w + i) % 4, 1 + i),
                100,
                idempotency_key=f"w{w}-{i}",
            )
            assert again.id == hand.id
            await confirm_hand(db, GUILD, hand.id, 101 + w % 3, final=True)

    await asyncio.gather(*(writer(w) for w in range(50)))
    rows = await db.fetchall("SELECT status, COUNT(*) FROM hands GROUP BY status")
    assert {r[0]: r[1] for r in rows} == {"confirmed": 50 * per_writer}
    seqs = await db.fetchall("SELECT seq FROM hands ORDER BY seq")
    assert [r[0] for r in seqs] == list(range(1, 50 * per_writer + 1))
    expected = {p.id: 0 for p in session.seats}
    pays = await db.fetchall(
        "SELECT payer_id, payee_id, amount FROM payments p JOIN hands h ON h.id = p.hand_id"
        " WHERE h.status = 'confirmed'"
    )
    for p in pays:
        expected[p["payer_id"]] -= p["amount"]
        expected[p["payee_id"]] += p["amount"]
    assert await session_balances(db, GUILD, session.id) == expected


class LedgerModel(RuleBasedStateMachine):
    """Random record/confirm/void/undo sequences; balances always equal a plain model."""

    def __init__(self) -> None:
        super().__init__()
        self.loop = asyncio.new_event_loop()
        self.stack = contextlib.AsyncExitStack()
        self.db = self.run(open_database(self.run(self.new_target())))
        self.session = self.run(four_player_session(self.db))
        self.hands: dict[int, tuple[str, tuple[int, ...], int]] = {}  # id → status, deltas, seq

    async def new_target(self) -> str | Path:
        """A new database for one example, at the latest schema version (an SQLite file
        here, a copy of one migrated once)."""
        folder = self.stack.enter_context(tempfile.TemporaryDirectory())
        return await migrated_sqlite(Path(folder) / "m.db")

    def run(self, coro):  # type: ignore[no-untyped-def]
        return self.loop.run_until_complete(coro)

    def teardown(self) -> None:
        self.run(self.db.close())
        self.run(self.stack.aclose())
        self.loop.close()

    @rule(winner=st.integers(0, 3), value=st.integers(1, 20), confirmed=st.booleans())
    def record(self, winner: int, value: int, confirmed: bool) -> None:
        h = self.run(
            record_hand(
                self.db,
                GUILD,
                self.session.id,
                self_draw_win(winner, value),
                100,
                confirmed=confirmed,
            )
        )
        self.hands[h.id] = ("confirmed" if confirmed else "pending", h.deltas, h.seq)

    @precondition(lambda self: self.hands)
    @rule(data=st.data())
    def confirm(self, data: st.DataObject) -> None:
        hid = data.draw(st.sampled_from(sorted(self.hands)))
        status, deltas, seq = self.hands[hid]
        try:
            self.run(confirm_hand(self.db, GUILD, hid, 101, final=True))
            assert status != "voided"
            self.hands[hid] = ("confirmed", deltas, seq)
        except InvalidRecord:
            assert status == "voided"

    @precondition(lambda self: self.hands)
    @rule(data=st.data())
    def void(self, data: st.DataObject) -> None:
        hid = data.draw(st.sampled_from(sorted(self.hands)))
        status, deltas, seq = self.hands[hid]
        try:
            self.run(void_hand(self.db, GUILD, hid, 100, "test"))
            assert status != "voided"
            self.hands[hid] = ("voided", deltas, seq)
        except InvalidRecord:
            assert status == "voided"

    @rule()
    def undo(self) -> None:
        live = [(seq, hid) for hid, (st_, _, seq) in self.hands.items() if st_ != "voided"]
        try:
            h = self.run(undo_last_hand(self.db, GUILD, self.session.id, 100, "test"))
            assert live and h.id == max(live)[1]
            self.hands[h.id] = ("voided", self.hands[h.id][1], self.hands[h.id][2])
        except NotFound:
            assert not live

    @invariant()
    def balances_match_the_model(self) -> None:
        expected = [0, 0, 0, 0]
        for status, deltas, _ in self.hands.values():
            if status == "confirmed":
                expected = [e + d for e, d in zip(expected, deltas, strict=True)]
        got = self.run(session_balances(self.db, GUILD, self.session.id))
        assert [got[p.id] for p in self.session.seats] == expected


TestLedgerModel = LedgerModel.TestCase
TestLedgerModel.settings = settings(max_examples=30, stateful_step_count=20, deadline=None)
TestLedgerModel.pytestmark = [pytest.mark.slow]  # type: ignore[attr-defined]


@pytest.mark.slow
def test_the_ledger_model_on_postgresql(pg_cluster: Cluster) -> None:
    """The same random sequences against PostgreSQL, a new database per example."""

    class OnPostgres(LedgerModel):
        async def new_target(self) -> str | Path:
            return await self.stack.enter_async_context(fresh_database(pg_cluster, migrated=True))

    run_state_machine_as_test(
        OnPostgres, settings=settings(max_examples=15, stateful_step_count=20, deadline=None)
    )


async def test_concurrent_closes_settle_once(db: Database) -> None:
    session = await four_player_session(db)
    await record_hand(db, GUILD, session.id, self_draw_win(0, 2), 100, confirmed=True)
    results = await asyncio.gather(
        close_session(db, GUILD, session.id, 100),
        close_session(db, GUILD, session.id, 101),
        return_exceptions=True,
    )
    assert sum(isinstance(r, Settlement) for r in results) == 1
    assert sum(isinstance(r, InvalidRecord) for r in results) == 1
    assert len(await list_transfers(db, GUILD, session.id)) == 3


async def test_a_void_racing_a_close_is_settled_consistently(db: Database) -> None:
    session = await four_player_session(db)
    hand = await record_hand(db, GUILD, session.id, self_draw_win(0, 2), 100, confirmed=True)
    results = await asyncio.gather(
        void_hand(db, GUILD, hand.id, 100, "wrong"),
        close_session(db, GUILD, session.id, 100),
        return_exceptions=True,
    )
    transfers = await list_transfers(db, GUILD, session.id)
    if isinstance(results[0], InvalidRecord):  # the close won: the hand still counted
        assert sum(t.amount for t in transfers) == 6
    else:  # the void won: nothing to settle
        assert transfers == []


async def test_concurrent_settings_changes_both_land(db: Database) -> None:
    await asyncio.gather(
        update_settings(db, GUILD, 1, di_hu=False), update_settings(db, GUILD, 2, stake=5)
    )
    settings_ = await get_settings(db, GUILD)
    assert settings_.stake == 5 and settings_.switches == {"di_hu": False}
