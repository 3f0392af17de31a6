"""The service's message catalog is complete, every refusal has its message, and the manual
clock runs due sleepers in deadline order and waits for the work they start."""

from __future__ import annotations

import asyncio
import re

import pytest

from shangrao_bot.errors import UserError
from shangrao_bot.service.clock import ClockStuck, ManualClock
from shangrao_bot.service.errors import ALL_ERRORS
from shangrao_bot.service.messages import MESSAGES
from shangrao_bot.ui.i18n import LANGS
from shangrao_bot.ui.i18n import MESSAGES as UI_MESSAGES


def test_every_message_has_every_language_and_the_same_placeholders() -> None:
    for key, entry in MESSAGES.items():
        assert set(entry) == set(LANGS), key
        holes = {frozenset(re.findall(r"{(\w+)", text)) for text in entry.values()}
        assert len(holes) == 1, key


def test_every_refusal_has_a_message_and_no_key_clashes_with_the_ui() -> None:
    for error in ALL_ERRORS:
        instance = error()
        assert isinstance(instance, UserError)
        assert instance.key in MESSAGES, error.__name__
    assert not set(MESSAGES) & set(UI_MESSAGES)
    notices = {"timed_out", "autopilot", "away", "back", "host_changed"}
    assert {f"table.notice.{n}" for n in notices} <= set(MESSAGES)


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
