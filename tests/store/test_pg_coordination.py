"""The shard processes' coordination over a real PostgreSQL server: table claims, the leader,
messages between processes and the pace of gateway logins. Each ``PgCoordination`` here
stands for one bot process (its own connection, as a process has)."""

from __future__ import annotations

import asyncio
import time
from collections.abc import AsyncIterator
from typing import Any

import pytest

from shangrao_bot.store.database.opening import open_database
from shangrao_bot.store.processes import postgres_coordination
from shangrao_bot.store.processes.coordination import shard_channel
from shangrao_bot.store.processes.postgres_coordination import PgCoordination


@pytest.fixture
async def url(pg_url: str) -> AsyncIterator[str]:
    db = await open_database(pg_url)  # migrated: the coordination's table exists
    await db.close()
    yield pg_url


async def started(url: str, lost: list[int] | None = None) -> PgCoordination:
    process = PgCoordination(url, on_lost=None if lost is None else lost.append)
    await process.start()
    return process


async def test_a_table_runs_in_one_process_at_a_time(url: str) -> None:
    a, b = await started(url), await started(url)
    try:
        assert await a.claim_table(7)
        assert await a.claim_table(7)  # again: still its own
        assert not await b.claim_table(7)
        assert await b.claim_table(8)
        assert await a.table_runner_alive(8) and await b.table_runner_alive(7)
        assert not await a.table_runner_alive(9)
        a.release_table(7)
        await asyncio.sleep(0.05)  # the release runs in the background
        for _ in range(50):
            if await b.claim_table(7):
                break
            await asyncio.sleep(0.02)
        assert await b.claim_table(7)
    finally:
        await a.close()
        await b.close()


async def test_a_dead_process_frees_its_tables_and_its_leadership(
    url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(postgres_coordination, "LEADER_RETRY_SECONDS", 0.05)
    a = await started(url)
    b = await started(url)
    try:
        assert a.is_leader and not b.is_leader  # one leader: the first to ask
        assert await a.claim_table(11)
        await a.close()  # the process is gone: its connection closes with it
        assert not await b.table_runner_alive(11)
        assert await b.claim_table(11)
        for _ in range(100):
            if b.is_leader:
                break
            await asyncio.sleep(0.02)
        assert b.is_leader
    finally:
        await b.close()


async def test_a_lost_connection_is_reopened_and_the_claims_retaken(
    url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    lost: list[int] = []
    a, other = await started(url, lost), await started(url)
    # a's way back is held until the other process has taken table 22 (a reconnects at once,
    # and could otherwise retake its tables before the other process tries)
    back = asyncio.Event()
    real_connect = postgres_coordination.connect

    async def held_connect(target: str) -> Any:
        await back.wait()
        return await real_connect(target)

    monkeypatch.setattr(postgres_coordination, "connect", held_connect)
    try:
        assert await a.claim_table(21) and await a.claim_table(22)
        backend = await a._fetchval("SELECT pg_backend_pid()")
        await other._fetchval("SELECT pg_terminate_backend($1)", backend)
        # while a is away, the other process takes one of its tables (once the terminated
        # backend has exited and let its locks go: a moment, under load)
        for _ in range(1000):
            if taken := await other.claim_table(22):
                break
            await asyncio.sleep(0.01)
        assert taken
        back.set()
        for _ in range(500):
            if await other.table_runner_alive(21):
                break
            await asyncio.sleep(0.02)
        assert await other.table_runner_alive(21)  # retaken after the reconnect
        assert not await other.claim_table(21)
        for _ in range(100):
            if lost:
                break
            await asyncio.sleep(0.02)
        assert lost == [22]  # the one it could not retake is reported
    finally:
        await a.close()
        await other.close()


async def test_a_notification_reaches_the_process_listening_on_the_shard(url: str) -> None:
    a, b = await started(url), await started(url)
    got: asyncio.Queue[str] = asyncio.Queue()

    async def handler(payload: str) -> None:
        await got.put(payload)

    try:
        await b.listen(shard_channel(1), handler)
        await a.notify(shard_channel(0), "not for b")
        await a.notify(shard_channel(1), '{"id": "1", "token": "t"}')
        assert await asyncio.wait_for(got.get(), 5) == '{"id": "1", "token": "t"}'
        assert got.empty()
    finally:
        await a.close()
        await b.close()


@pytest.mark.slow
async def test_logins_of_one_bucket_are_five_seconds_apart_across_processes(
    url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(postgres_coordination, "IDENTIFY_INTERVAL_SECONDS", 0.5)
    a, b = await started(url), await started(url)
    try:
        stamps: list[tuple[int, float]] = []

        async def login(process: PgCoordination, shard: int) -> None:
            await process.identify_gate(shard, max_concurrency=2)
            stamps.append((shard, time.monotonic()))
            await process.identified(shard, max_concurrency=2)

        # shards 0 and 2 share bucket 0 (of 2); shard 1 is in bucket 1
        start = time.monotonic()
        await asyncio.gather(login(a, 0), login(b, 2), login(b, 1))
        times = dict(stamps)
        assert abs(times[0] - times[2]) >= 0.45  # one bucket: one login per interval
        assert times[1] - start < 0.45  # another bucket: no wait
    finally:
        await a.close()
        await b.close()


@pytest.mark.slow
async def test_the_next_login_of_a_bucket_waits_for_the_last_one_to_be_answered(
    url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A process slow to send its IDENTIFY (a busy loop) must not shorten the interval: the
    next login waits for the READY, then the interval from then on."""
    monkeypatch.setattr(postgres_coordination, "IDENTIFY_INTERVAL_SECONDS", 0.5)
    monkeypatch.setattr(postgres_coordination, "IDENTIFY_POLL_SECONDS", 0.02)
    a, b = await started(url), await started(url)
    try:
        await a.identify_gate(0, max_concurrency=1)
        second = asyncio.ensure_future(b.identify_gate(1, max_concurrency=1))
        await asyncio.sleep(1.0)  # twice the interval, and shard 0 still not answered
        assert not second.done()
        answered = time.monotonic()
        await a.identified(0, max_concurrency=1)
        await asyncio.wait_for(second, 5)
        assert time.monotonic() - answered >= 0.45
        # another shard's READY does not confirm a login it did not make
        await a.identified(0, max_concurrency=1)
        third = asyncio.ensure_future(a.identify_gate(0, max_concurrency=1))
        await asyncio.sleep(0.8)
        assert not third.done()
        await b.identified(1, max_concurrency=1)
        await asyncio.wait_for(third, 5)
    finally:
        await a.close()
        await b.close()


@pytest.mark.slow
async def test_a_login_never_answered_holds_its_bucket_only_for_the_confirmation_time(
    url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(postgres_coordination, "IDENTIFY_INTERVAL_SECONDS", 0.2)
    monkeypatch.setattr(postgres_coordination, "IDENTIFY_CONFIRM_SECONDS", 0.6)
    monkeypatch.setattr(postgres_coordination, "IDENTIFY_POLL_SECONDS", 0.02)
    a, b = await started(url), await started(url)
    try:
        start = time.monotonic()
        await a.identify_gate(0, max_concurrency=1)  # refused by Discord: never identified
        await asyncio.wait_for(b.identify_gate(1, max_concurrency=1), 5)
        assert time.monotonic() - start >= 0.55
    finally:
        await a.close()
        await b.close()
