"""The bot's request budget: never more than its rate in any second, urgent requests first, the
deferrable ones held to their share, and this process's part of the token's limit."""

from __future__ import annotations

import asyncio
from typing import Any, ClassVar

import pytest
from prometheus_client import CollectorRegistry

from shangrao_bot.metrics import BotMetrics
from shangrao_bot.ui.request_budget import (
    RequestBudget,
    Urgency,
    current_urgency,
    process_share,
    urgency,
)
from shangrao_bot.ui.request_gate import RequestGate, install


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


class Answer:
    """An aiohttp response as the gate reads it."""

    status = 200
    headers: ClassVar[dict[str, str]] = {}

    async def __aenter__(self) -> Answer:
        return self

    async def __aexit__(self, *exc: Any) -> None:
        return None

    def __await__(self) -> Any:
        return asyncio.sleep(0, result=self).__await__()


class Session:
    def __init__(self) -> None:
        self.sent: list[str] = []

    def request(self, method: str, url: str, **kwargs: Any) -> Answer:
        self.sent.append(f"{method} {url}")
        return Answer()


API = "https://discord.com/api/v10"


async def test_install_puts_every_global_counted_request_through_the_budget() -> None:
    session = Session()
    budget = RequestBudget(rate=5)
    install(session, RequestGate(budget))
    async with session.request(
        "PATCH", f"{API}/channels/1234567890123456789/messages/98765432109876543"
    ) as r:
        assert r.status == 200
        assert budget.in_window() == 1  # its slot is held while it is on its way
    async with session.request("POST", f"{API}/interactions/1234567890123456789/tok/callback"):
        pass
    async with session.request(
        "PATCH", f"{API}/webhooks/1234567890123456789/tok/messages/@original"
    ):
        pass
    answer = await session.request("GET", f"{API}/channels/1234567890123456789")  # awaited
    assert answer.status == 200
    await session.request("GET", "wss://gateway.discord.gg/?v=10")  # not REST: not counted
    assert budget.counts == {
        "PATCH /api/v10/channels/{id}/messages/{id}": 1,  # the exempt ones are free
        "GET /api/v10/channels/{id}": 1,
    }
    assert len(session.sent) == 5 and budget.inflight == 0 and budget.in_window() == 2


async def test_a_slot_is_held_until_the_answer_and_a_second_after_it() -> None:
    """Discord counts a request when it arrives, any time before its answer: its slot is
    taken from the send until a second after the answer."""
    budget = RequestBudget(rate=1, reserve=0)
    loop = asyncio.get_running_loop()
    answered = asyncio.Event()

    async def slow() -> None:
        async with budget.sending("slow"):
            await answered.wait()

    first = asyncio.create_task(slow())
    await asyncio.sleep(0)
    second = asyncio.create_task(budget.spend("second"))
    await asyncio.sleep(1.2)
    assert not second.done() and budget.in_window() == 1
    answered.set()
    await first
    started = loop.time()
    await asyncio.wait_for(second, 3)
    assert loop.time() - started >= 0.95


async def test_a_global_429_holds_every_request() -> None:
    budget = RequestBudget(rate=10)
    loop = asyncio.get_running_loop()
    budget.hold(0.3)
    started = loop.time()
    await budget.spend("x", Urgency.URGENT)
    assert loop.time() - started >= 0.29


async def test_requests_and_those_held_back_are_counted_by_urgency() -> None:
    clock = Clock()
    registry = CollectorRegistry()
    budget = RequestBudget(rate=6, reserve=2, clock=clock, metrics=BotMetrics(registry))
    for _ in range(4):
        await budget.spend("x", Urgency.NORMAL)
    await budget.spend("turn", Urgency.URGENT)  # into the reserve at once
    normal = asyncio.create_task(budget.spend("x", Urgency.NORMAL))  # held: the reserve is left
    await asyncio.sleep(0)
    assert not normal.done()
    clock.now += 1.0
    budget._pump()
    await asyncio.wait_for(normal, 1)

    def counted(name: str, level: str) -> float | None:
        return registry.get_sample_value(f"shangrao_discord_{name}_total", {"urgency": level})

    assert counted("requests", "normal") == 5 and counted("requests", "urgent") == 1
    assert counted("requests_held", "normal") == 1 and counted("requests_held", "urgent") == 0
    assert counted("requests", "deferrable") == 0
    assert budget.waited == 1  # the budget's own count agrees
