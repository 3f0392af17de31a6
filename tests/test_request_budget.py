"""The bot's request budget: never more than its rate in any second, urgent requests first, the
deferrable ones held to their share, and this process's part of the token's limit."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest

from shangrao_bot.ui.request_budget import (
    RequestBudget,
    Urgency,
    current_urgency,
    install,
    process_share,
    urgency,
)


class Clock:
    """A clock the test moves (the budget's window runs on it; asyncio's timers do not)."""

    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


async def test_the_window_never_holds_more_than_the_rate() -> None:
    budget = RequestBudget(rate=10, reserve=0)
    times: list[float] = []
    loop = asyncio.get_running_loop()

    async def one() -> None:
        await budget.spend("POST /channels/{channel_id}/messages", Urgency.URGENT)
        times.append(loop.time())

    await asyncio.gather(*(one() for _ in range(25)))
    assert len(times) == 25
    times.sort()
    for i, start in enumerate(times):  # any one-second window holds at most 10
        assert sum(1 for x in times[i:] if x < start + 0.999) <= 10
    assert budget.waited == 15
    assert budget.peak == 10
    assert times[-1] - times[0] >= 2.0  # 25 at 10 a second take over two seconds


async def test_urgent_requests_go_before_deferrable_ones_and_the_reserve_holds() -> None:
    clock = Clock()
    budget = RequestBudget(rate=10, deferrable_share=0.5, reserve=2, clock=clock)
    for _ in range(5):  # the deferrable share is full
        await budget.spend("PATCH board", Urgency.DEFERRABLE)
    assert budget.pressed()
    order: list[str] = []

    async def go(name: str, level: Urgency) -> None:
        await budget.spend(name, level)
        order.append(name)

    deferred = asyncio.create_task(go("board", Urgency.DEFERRABLE))
    await asyncio.sleep(0)
    assert order == []  # the deferrable one waits while the window is half full
    await go("normal", Urgency.NORMAL)  # an ordinary one passes it (up to 10 - 2)
    await go("prompt", Urgency.URGENT)
    assert order == ["normal", "prompt"]
    clock.now += 1.0  # the window empties: the board goes
    budget._pump()
    await asyncio.wait_for(deferred, 1)
    assert order == ["normal", "prompt", "board"]


async def test_only_urgent_requests_take_the_reserve() -> None:
    clock = Clock()
    budget = RequestBudget(rate=6, reserve=2, clock=clock)
    for _ in range(4):
        await budget.spend("x", Urgency.NORMAL)
    normal = asyncio.create_task(budget.spend("x", Urgency.NORMAL))
    await asyncio.sleep(0)
    assert not normal.done()
    await asyncio.wait_for(budget.spend("turn", Urgency.URGENT), 1)  # the reserve
    assert budget.in_window() == 5
    clock.now += 1.0
    budget._pump()
    await asyncio.wait_for(normal, 1)


async def test_a_cancelled_waiter_leaves_the_line() -> None:
    clock = Clock()
    budget = RequestBudget(rate=1, reserve=0, clock=clock)
    await budget.spend("x", Urgency.URGENT)
    waiting = asyncio.create_task(budget.spend("y", Urgency.URGENT))
    await asyncio.sleep(0)
    waiting.cancel()
    with pytest.raises(asyncio.CancelledError):
        await waiting
    assert budget.waiting == []


async def test_the_urgency_of_a_block_reaches_its_tasks() -> None:
    assert current_urgency() is Urgency.NORMAL
    with urgency(Urgency.URGENT):
        inner = asyncio.create_task(asyncio.sleep(0, result=current_urgency()))
    assert current_urgency() is Urgency.NORMAL
    assert await inner is Urgency.URGENT


def test_each_process_takes_its_shards_share() -> None:
    assert process_share(None, None) == 1.0
    assert process_share((0, 1), 4) == 0.5
    assert process_share((3,), 4) == 0.25
    shares = [process_share((i,), 3) for i in range(3)]
    assert sum(shares) == pytest.approx(1.0)  # together never more than the token's limit


async def test_install_puts_every_global_counted_request_through_the_budget() -> None:
    class Sent:
        async def __aenter__(self) -> str:
            return "response"

        async def __aexit__(self, *exc: Any) -> None:
            return None

    class Session:
        def request(self, method: str, url: str, **kwargs: Any) -> Sent:
            return Sent()

    session = Session()
    budget = RequestBudget(rate=5)
    install(session, budget)
    api = "https://discord.com/api/v10"
    async with session.request(
        "PATCH", f"{api}/channels/1234567890123456789/messages/98765432109876543"
    ) as r:
        assert r == "response"
    async with session.request("POST", f"{api}/interactions/1234567890123456789/tok/callback"):
        pass
    async with session.request(
        "PATCH", f"{api}/webhooks/1234567890123456789/tok/messages/@original"
    ):
        pass
    assert budget.counts == {"PATCH /api/v10/channels/{id}/messages/{id}": 1}  # exempt: free
