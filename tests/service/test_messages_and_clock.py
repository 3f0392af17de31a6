"""The manual clock runs due sleepers in deadline order and waits for the work they start.
(The table service's refusals and notices are checked with every other text in
``tests/test_catalog.py``.)"""

from __future__ import annotations

import asyncio

import pytest

from shangrao_bot.service.clock import ClockStuck, ManualClock


async def test_manual_clock_runs_sleepers_in_order() -> None:
    clock = ManualClock(start=1000.0)
    seen: list[tuple[str, float]] = []

    async def sleeper(name: str, seconds: float, then: float | None = None) -> None:
        await clock.sleep(seconds)
        seen.append((name, clock.now()))
        await asyncio.sleep(0.001)  # real work (like SQLite on a thread) is waited for
        if then is not None:
            await clock.sleep(then)
            seen.append((name + "'", clock.now()))

    tasks = [
        asyncio.create_task(sleeper("b", 5)),
        asyncio.create_task(sleeper("a", 2, then=1)),
        asyncio.create_task(sleeper("c", 50)),
    ]
    await clock.advance(10)
    assert seen == [("a", 1002.0), ("a'", 1003.0), ("b", 1005.0)]
    assert clock.now() == 1010.0 and clock.pending == 1
    assert await clock.run_until(lambda: len(seen) == 4) == 40.0
    await asyncio.gather(*tasks)
    assert not await clock.advance_next()


async def test_manual_clock_reports_a_stuck_task() -> None:
    clock = ManualClock(stuck_after=0.05)
    never = asyncio.Event()

    async def stuck() -> None:
        await clock.sleep(1)
        await never.wait()

    task = asyncio.create_task(stuck())
    with pytest.raises(ClockStuck):
        await clock.advance(2)
    task.cancel()
